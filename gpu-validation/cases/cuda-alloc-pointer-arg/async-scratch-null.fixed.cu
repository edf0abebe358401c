// cuda-alloc-pointer-arg, fixed: cudaMallocAsync() gets the address of the
// scratch pointer.
//
// The same two-pass sum; `(void **)&d_scratch` lets the stream-ordered
// allocation land in d_scratch.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kThreads = 256;
constexpr int kBlocks = 512;

__global__ void partialSums(const float *in, size_t n, float *partial) {
  __shared__ float lane[kThreads];
  float sum = 0.0f;
  for (size_t i = blockIdx.x * static_cast<size_t>(kThreads) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * kThreads)
    sum += in[i];
  lane[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      lane[threadIdx.x] += lane[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = lane[0];
}

// Reports the failed call and ends the process, which releases what it holds.
[[noreturn]] static int fail(const char *what, cudaError_t err) {
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
  std::exit(1);
}

int main() {
  const size_t n = 1 << 22;
  std::vector<float> values(n, 0.25f);
  cudaError_t err;
  cudaStream_t stream;
  if ((err = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)) != cudaSuccess)
    return fail("cudaStreamCreateWithFlags", err);

  float *d_values = nullptr;
  float *d_scratch = nullptr;
  if ((err = cudaMallocAsync(&d_values, n * sizeof(float), stream)) != cudaSuccess)
    return fail("cudaMallocAsync(d_values)", err);
  if ((err = cudaMallocAsync((void **)&d_scratch, kBlocks * sizeof(float), stream)) != cudaSuccess)
    return fail("cudaMallocAsync(d_scratch)", err);
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-alloc-pointer-arg
  if ((err = cudaMemcpyAsync(d_values, values.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream)) != cudaSuccess)
    return fail("cudaMemcpyAsync(d_values)", err);
  partialSums<<<kBlocks, kThreads, 0, stream>>>(d_values, n, d_scratch);
  if ((err = cudaGetLastError()) != cudaSuccess)
    return fail("partialSums launch", err);
  std::vector<float> partial(kBlocks);
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-alloc-pointer-arg
  if ((err = cudaMemcpyAsync(partial.data(), d_scratch, kBlocks * sizeof(float), cudaMemcpyDeviceToHost, stream)) != cudaSuccess)
    return fail("cudaMemcpyAsync(partial)", err);
  if ((err = cudaFreeAsync(d_values, stream)) != cudaSuccess)
    return fail("cudaFreeAsync(d_values)", err);
  if ((err = cudaFreeAsync(d_scratch, stream)) != cudaSuccess)
    return fail("cudaFreeAsync(d_scratch)", err);
  if ((err = cudaStreamSynchronize(stream)) != cudaSuccess)
    return fail("cudaStreamSynchronize", err);
  if ((err = cudaStreamDestroy(stream)) != cudaSuccess)
    return fail("cudaStreamDestroy", err);
  if ((err = cudaDeviceReset()) != cudaSuccess)
    return fail("cudaDeviceReset", err);

  double total = 0.0;
  for (float p : partial)
    total += p;
  const double expect = 0.25 * static_cast<double>(n);
  if (total != expect)
    std::printf("GPU-VERDICT: misbehaved sum is %.1f, expected %.1f\n", total, expect);
  else
    std::printf("GPU-VERDICT: clean sum of %zu values correct\n", n);
  return 0;
}
