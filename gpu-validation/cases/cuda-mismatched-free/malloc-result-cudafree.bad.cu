// cuda-mismatched-free: pageable host memory released with cudaFree().
//
// A reduction keeps its buffers in one struct: the input and the per-block
// partial sums on the device, and the partial sums' host copy, from malloc().
// releaseBuffers() releases all three with cudaFree() and checks each
// status. cudaFree() cannot release malloc() memory: the call fails, the
// program stops with an error after computing the right answer, and the host
// buffer is never returned to the C library.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kThreads = 256, kBlocks = 1024;

struct ReductionBuffers {
  float *dInput;   // device
  float *dPartial; // device, one sum per block
  float *hPartial; // host, malloc()
};

__global__ void blockSums(const float *in, int n, float *partial) {
  __shared__ float lane[kThreads];
  float sum = 0.0f;
  for (int i = blockIdx.x * kThreads + threadIdx.x; i < n; i += kBlocks * kThreads)
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

static double sumOf(const float *values, int n) {
  double total = 0.0;
  for (int i = 0; i < n; ++i)
    total += values[i];
  return total;
}

static void releaseBuffers(ReductionBuffers &b) {
  CUDA_CHECK(cudaFree(b.dInput));
  CUDA_CHECK(cudaFree(b.dPartial));
  CUDA_CHECK(cudaFree(b.hPartial)); // cudalint-expect: cuda-mismatched-free
}

int main() {
  const int n = 1 << 24;
  std::vector<float> input(n, 0.5f);
  ReductionBuffers b = {nullptr, nullptr, nullptr};
  CUDA_CHECK(cudaMalloc(&b.dInput, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b.dPartial, kBlocks * sizeof(float)));
  b.hPartial = static_cast<float *>(std::malloc(kBlocks * sizeof(float)));
  if (!b.hPartial) {
    std::printf("GPU-VERDICT: failed malloc\n");
    std::exit(1);
  }
  CUDA_CHECK(cudaMemcpy(b.dInput, input.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  blockSums<<<kBlocks, kThreads>>>(b.dInput, n, b.dPartial);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(b.hPartial, b.dPartial, kBlocks * sizeof(float), cudaMemcpyDeviceToHost));
  const double total = sumOf(b.hPartial, kBlocks);

  releaseBuffers(b);
  CUDA_CHECK(cudaDeviceReset());
  if (total != 0.5 * n)
    std::printf("GPU-VERDICT: misbehaved sum is %.1f, expected %.1f\n", total, 0.5 * n);
  else
    std::printf("GPU-VERDICT: clean sum of %d values correct, every buffer released\n", n);
  return 0;
}
