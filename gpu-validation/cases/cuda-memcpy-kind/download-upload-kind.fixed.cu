// cuda-memcpy-kind, fixed: the download says cudaMemcpyDeviceToHost.
//
// The same saxpy; the download of y names the direction it copies in.
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

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static int countWrong(const std::vector<float> &y, float expected) {
  int wrong = 0;
  for (float value : y)
    wrong += value != expected;
  return wrong;
}

int main() {
  const int n = 1 << 22;
  const size_t bytes = n * sizeof(float);
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  float *dX = nullptr, *dY = nullptr;
  CUDA_CHECK(cudaMalloc(&dX, bytes));
  CUDA_CHECK(cudaMalloc(&dY, bytes));
  CUDA_CHECK(cudaMemcpy(dX, x.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dY, y.data(), bytes, cudaMemcpyHostToDevice));
  saxpy<<<(n + 255) / 256, 256>>>(n, 3.0f, dX, dY);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(y.data(), dY, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dY));
  CUDA_CHECK(cudaDeviceReset());

  const int wrong = countWrong(y, 5.0f);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d results wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d results of saxpy correct\n", n);
  return 0;
}
