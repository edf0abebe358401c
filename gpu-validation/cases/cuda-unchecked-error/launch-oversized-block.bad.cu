// cuda-unchecked-error: a kernel launch that cannot start, never checked.
//
// SAXPY with a block size of 2048 threads; no CUDA GPU runs more than 1024
// threads per block, so the launch fails. A launch returns nothing and the
// checked cudaDeviceSynchronize() after it still returns cudaSuccess: the
// program copies back y untouched and believes it computed a*x + y.
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

constexpr int kThreadsPerBlock = 2048;

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  const float a = 2.0f;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 97);
    y[i] = 1.0f;
  }

  float *dx = nullptr, *dy = nullptr;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  const int blocks = (n + kThreadsPerBlock - 1) / kThreadsPerBlock;
  saxpy<<<blocks, kThreadsPerBlock>>>(n, a, dx, dy); // cudalint-expect: cuda-unchecked-error,cuda-launch-config
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> result(n);
  CUDA_CHECK(cudaMemcpy(result.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += result[i] != a * x[i] + y[i];
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d outputs never computed, yet every checked call returned cudaSuccess\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d outputs correct\n", n);
  return 0;
}
