#include "saxpy.cuh"

#include <vector>

int main() {
  const int n = 1 << 20;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);

  float *deviceX = deviceCopyOf(x.data(), n);
  float *deviceY;
  cudaMalloc((void **)deviceY, n * sizeof(float));
  CUDA_CHECK(cudaMemcpy(deviceY, y.data(), n * sizeof(float),
                        cudaMemcpyHostToDevice));

  saxpy(n, 3.0f, deviceX, deviceY);

  CUDA_CHECK(cudaMemcpy(y.data(), deviceY, n * sizeof(float),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(deviceX));
  cudaFree(deviceY);
  return y[0] == 5.0f ? EXIT_SUCCESS : EXIT_FAILURE;
}
