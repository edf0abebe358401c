// Kernels: tiled matrix multiply in shared memory, reductions with atomics
// and warp shuffles, device math, __constant__ symbols, templates, occupancy
// queries and cudaLaunchKernel.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <cmath>
#include <cassert>
#include <algorithm>
#include <cuda_runtime.h>

#define TILE 16

__constant__ float c_coeffs[16];
__device__ int d_counter;
__device__ float m_scale = 1.0f;

__device__ __forceinline__ float sq(float x) { return x * x; }
__device__ __noinline__ float cube(float x) { return x * x * x; }

struct __align__(16) Aligned {
  float v[4];
};

__global__ void gridConstant(const __grid_constant__ Aligned a, float *out) {
  out[threadIdx.x] = cube(a.v[threadIdx.x % 4]);
}

__global__ void __launch_bounds__(TILE * TILE)
matmul(const float *A, const float *B, float *C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = (row < N && t * TILE + (int)threadIdx.x < N) ? A[row * N + t * TILE + threadIdx.x] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (col < N && t * TILE + (int)threadIdx.y < N) ? B[(t * TILE + threadIdx.y) * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < N && col < N)
    C[row * N + col] = acc * m_scale;
}

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__global__ void reduce(const float *in, float *out, double *outd,
                       unsigned long long *hist, int n) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  float v = 0.f;
  if (i < (unsigned)n) v = in[i];
  if (i + blockDim.x < (unsigned)n) v += in[i + blockDim.x];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  float sum = sdata[tid];
  if (tid < 32) sum = warpReduceSum(sum);
  int lane = threadIdx.x % warpSize;
  unsigned mask = __ballot_sync(0xffffffffu, sum > 0.f);
  sum += __shfl_xor_sync(0xffffffff, sum, 1);
  sum = __shfl_sync(0xffffffff, sum, 0);
  if (tid == 0) {
    atomicAdd(out, sum);
    atomicAdd(outd, (double)sum);
    atomicAdd(&hist[lane], 1ULL);
    atomicMax((int *)&d_counter, (int)mask);
    atomicCAS(&d_counter, 0, 1);
    atomicExch(&d_counter, 2);
    atomicMin(&d_counter, 0);
    atomicAdd(&d_counter, 1);
    atomicSub(&d_counter, 1);
    unsigned old = atomicInc((unsigned *)&d_counter, 10u);
    (void)old;
  }
  __syncwarp();
  __threadfence();
}

__global__ void mathy(float *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = x[i];
  double d = y[i];
  f = sqrtf(f) + expf(f) + __expf(f) + fmaxf(f, 1.0f) + fminf(f, 0.f) + logf(f + 1) +
      powf(f, 2.0f) + sinf(f) * cosf(f) + fabsf(f) + rsqrtf(f) + __fdividef(f, 3.f) +
      tanhf(f) + floorf(f) + ceilf(f) + erff(f) + __saturatef(f);
  d = sqrt(d) + exp(d) + fabs(d) + pow(d, 2.0) + log(d) + fmax(d, 1.0) + floor(d) + sin(d);
  f += std::sqrt(f) + std::exp(f) + std::abs(f) + std::max(f, 1.0f) + std::min(1.f, f);
  d += std::sqrt(d) + std::fabs(d) + std::pow(d, 3) + std::floor(d);
  f += sqrt(f) + abs(f) + fabs(f) + exp(f);
  int k = min(i, n) + max(i, 3) + abs(i - n);
  long long l = llabs(-5LL) + abs(-5L);
  if (isnan(f) || isinf(d) || std::isnan(d) || std::isfinite(f)) f = 0.f;
  x[i] = f + (float)k + (float)l + c_coeffs[i % 16] + sq(f);
  y[i] = d + __popc(i) + __clz(i) + __ffs(i);
  if (i == 0) printf("x[0]=%f d=%f int=%d\n", x[0], y[0], k);
  assert(i < n);
}

template <typename T, int BLOCK>
__global__ void scale(T *data, T factor, size_t n) {
  size_t idx = blockIdx.x * (size_t)BLOCK + threadIdx.x;
  for (; idx < n; idx += (size_t)gridDim.x * BLOCK)
    data[idx] *= factor;
}

struct DeviceBuffers {
  float *a;
  float *b;
  int n;
};

__global__ void useStruct(DeviceBuffers bufs) {
  int i = threadIdx.x;
  if (i < bufs.n) bufs.a[i] = bufs.b[i] + __ldg(&bufs.b[i]);
}

int main() {
  const int N = 512;
  float *A, *B, *C;
  cudaMalloc(&A, N * N * sizeof(float));
  cudaMalloc(&B, N * N * sizeof(float));
  cudaMallocManaged(&C, N * N * sizeof(float));
  float h_coeffs[16] = {0};
  cudaMemcpyToSymbol(c_coeffs, h_coeffs, sizeof(h_coeffs));
  cudaMemcpyToSymbol(c_coeffs, h_coeffs, sizeof(float), 0, cudaMemcpyHostToDevice);
  int counter = 0;
  cudaMemcpyFromSymbol(&counter, d_counter, sizeof(int));
  dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  matmul<<<grid, block, 0, stream>>>(A, B, C, N);
  float *out; double *outd; unsigned long long *hist;
  cudaMalloc(&out, sizeof(float));
  cudaMalloc(&outd, sizeof(double));
  cudaMalloc(&hist, 32 * sizeof(unsigned long long));
  cudaMemsetAsync(out, 0, sizeof(float), stream);
  reduce<<<64, 256, 256 * sizeof(float), stream>>>(A, out, outd, hist, N * N);
  scale<float, 256><<<80, 256, 0, stream>>>(C, 2.0f, (size_t)N * N);
  scale<double, 128><<<80, 128>>>(outd, 2.0, 1);
  DeviceBuffers bufs{A, B, N};
  useStruct<<<1, N>>>(bufs);
  int minGrid = 0, blockSize = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, matmul, 0, 0);
  int numBlocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, reduce, 256, 256 * sizeof(float));
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, matmul);
  cudaFuncSetAttribute(reduce, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  auto launch = [&](int blocks) { mathy<<<blocks, 128, 0, stream>>>(A, outd, N); };
  launch(4);
  void *args[] = {&A, &B, &C, (void *)&N};
  cudaLaunchKernel((const void *)matmul, grid, block, args, 0, stream);
  cudaLaunchKernel(matmul, grid, block, args);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(out); cudaFree(outd); cudaFree(hist);
  std::printf("%d %d %d %d %zu\n", counter, minGrid, blockSize, numBlocks, attr.sharedSizeBytes);
  return 0;
}
