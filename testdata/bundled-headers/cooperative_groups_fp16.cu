// Cooperative groups (blocks, tiles, coalesced and grid groups, cg::reduce),
// cooperative launches, and __half / __nv_bfloat16 arithmetic in kernels.
// With CUDA 13 the toolkit parse needs <toolkit>/include/cccl on the include
// path, as nvcc adds it.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ float tileSum(cg::thread_block_tile<32> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

__global__ void reduceCG(const float *in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = 0.f;
  for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
       i += gridDim.x * block.size())
    v += in[i];
  v = tileSum(tile, v);
  float r = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0) atomicAdd(out, r);
  block.sync();
  cg::sync(block);
  auto active = cg::coalesced_threads();
  if (active.thread_rank() == 0 && tile.any(v > 0.f)) out[1] = static_cast<float>(active.size());
  unsigned ballot = tile.ballot(v > 1.f);
  (void)ballot;
}

__global__ void gridSync(int *flag) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0) *flag = 1;
  grid.sync();
}

__global__ void halfKernel(const __half *a, const __half *b, __half *c, __nv_bfloat16 *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i];
  __half y = __ldg(&b[i]);
  __half s = __hadd(x, y);
  __half m = __hmul(x, y);
  __half f = __hfma(x, y, s);
  float fx = __half2float(x) + __half2float(m) + __low2float(__halves2half2(x, y));
  __half2 h2 = __floats2half2_rn(fx, 1.0f);
  h2 = __hmul2(h2, h2);
  c[i] = __float2half(fx + __high2float(h2)) ;
  c[i] = f + s * m;
  if (__hgt(x, y)) c[i] = __hmax(x, y);
  __half shuffled = __shfl_down_sync(0xffffffff, c[i], 1);
  atomicAdd(&c[0], shuffled);
  float bf = __bfloat162float(d[i]);
  d[i] = __float2bfloat16(bf * 2.0f);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 2 * sizeof(float));
  reduceCG<<<4, 256>>>(in, out, 1024);
  int *flag;
  cudaMalloc(&flag, sizeof(int));
  void *args[] = {&flag};
  cudaLaunchCooperativeKernel((void *)gridSync, dim3(2), dim3(64), args, 0, 0);
  cudaLaunchCooperativeKernel(gridSync, dim3(2), dim3(64), args);
  __half *a, *b, *c;
  __nv_bfloat16 *d;
  cudaMalloc(&a, 256 * sizeof(__half));
  cudaMalloc(&b, 256 * sizeof(__half));
  cudaMalloc(&c, 256 * sizeof(__half));
  cudaMalloc(&d, 256 * sizeof(__nv_bfloat16));
  __half host = __float2half(3.5f);
  float back = __half2float(host);
  halfKernel<<<1, 256>>>(a, b, c, d, 256);
  cudaDeviceSynchronize();
  std::printf("%f\n", back);
  cudaFree(in); cudaFree(out); cudaFree(flag); cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(d);
  return 0;
}
