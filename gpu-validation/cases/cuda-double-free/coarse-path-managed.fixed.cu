// cuda-double-free, fixed: the early release clears the pointer.
//
// The same small-input branch releases the coarse buffer early and sets the
// pointer to nullptr, so the common teardown's cudaFree() does nothing.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kRefineThreshold = 1 << 20; // inputs smaller than this skip the fine pass

__global__ void coarsePass(const float *in, float *coarse, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    coarse[i] = 0.5f * (in[i] + in[(i ^ 1) < n ? (i ^ 1) : i]);
}

__global__ void finePass(const float *coarse, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 0.5f * (coarse[i] + coarse[i > 0 ? i - 1 : i]);
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 18; // samples, from the command line
  if (n <= 0) {
    std::printf("GPU-VERDICT: failed invalid sample count %d\n", n);
    return 1;
  }
  const size_t bytes = static_cast<size_t>(n) * sizeof(float);
  float *in = nullptr, *coarse = nullptr, *out = nullptr;
  CUDA_CHECK(cudaMallocManaged(&in, bytes));
  CUDA_CHECK(cudaMallocManaged(&out, bytes));
  CUDA_CHECK(cudaMallocManaged(&coarse, bytes));
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>(i % 2);

  coarsePass<<<(n + 255) / 256, 256>>>(in, coarse, n);
  CUDA_CHECK(cudaGetLastError());
  if (n < kRefineThreshold) {
    // The coarse pass is the result: copy it out and give its buffer back now.
    CUDA_CHECK(cudaMemcpy(out, coarse, bytes, cudaMemcpyDefault));
    CUDA_CHECK(cudaFree(coarse));
    coarse = nullptr;
  } else {
    finePass<<<(n + 255) / 256, 256>>>(coarse, out, n);
    CUDA_CHECK(cudaGetLastError());
  }
  CUDA_CHECK(cudaDeviceSynchronize());

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != 0.5f;
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(coarse));
  CUDA_CHECK(cudaDeviceReset());

  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d samples wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d samples correct, every buffer released once\n", n);
  return 0;
}
