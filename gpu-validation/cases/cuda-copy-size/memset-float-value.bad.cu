// cuda-copy-size: cudaMemset given a float as its value.
//
// A training step starts every weight at 1.0f and sets them with
// cudaMemset(d, kInitialWeight, bytes). cudaMemset writes the low byte of an
// int into every byte: 1.0f becomes the int 1, and every float becomes
// 0x01010101, about 2.4e-38. The call succeeds and the sums come out near 0.
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

__global__ void weightedSum(const float *weights, const float *inputs, int n, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, weights[i] * inputs[i]);
}

int main() {
  const int n = 1024;
  const float kInitialWeight = 1.0f;
  float inputs[n];
  for (int i = 0; i < n; ++i)
    inputs[i] = 1.0f;
  float *dWeights = nullptr, *dInputs = nullptr, *dSum = nullptr;
  CUDA_CHECK(cudaMalloc(&dWeights, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dInputs, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dSum, sizeof(float)));
  CUDA_CHECK(cudaMemset(dWeights, kInitialWeight, n * sizeof(float))); // cudalint-expect: cuda-copy-size
  CUDA_CHECK(cudaMemcpy(dInputs, inputs, sizeof inputs, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dSum, 0, sizeof(float)));
  weightedSum<<<(n + 255) / 256, 256>>>(dWeights, dInputs, n, dSum);
  CUDA_CHECK(cudaGetLastError());
  float sum = 0.0f;
  CUDA_CHECK(cudaMemcpy(&sum, dSum, sizeof sum, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dWeights));
  CUDA_CHECK(cudaFree(dInputs));
  CUDA_CHECK(cudaFree(dSum));
  CUDA_CHECK(cudaDeviceReset());
  if (sum != static_cast<float>(n))
    std::printf("GPU-VERDICT: misbehaved the weighted sum is %g, not %d: every weight was set "
                "to 0x01010101, yet every checked call returned cudaSuccess\n",
                sum, n);
  else
    std::printf("GPU-VERDICT: clean the weighted sum is %d\n", n);
  return 0;
}
