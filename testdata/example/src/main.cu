#include "vector_ops.cuh"

#include <vector>

int main() {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 2.0f);

  float *deviceA = nullptr, *deviceB = nullptr, *deviceC = nullptr;
  CUDA_CHECK(cudaMalloc(&deviceA, bytes));
  CUDA_CHECK(cudaMalloc(&deviceB, bytes));
  cudaMalloc(&deviceC, bytes);
  CUDA_CHECK(cudaMemcpy(deviceA, a.data(), bytes, cudaMemcpyHostToDevice));
  cudaError_t status = cudaMemcpy(deviceB, b.data(), bytes, cudaMemcpyHostToDevice);

  vectorAdd(deviceA, deviceB, deviceC, n);
  float total = sum(deviceC, n);
  std::printf("sum = %.1f (expected %.1f)\n", total, 3.0f * n);

  float *image = upload(a.data(), n);
  if (image) {
    scaleImage(image, 1024, n / 1024, 2.0f);
    std::printf("%d values over 1 (expected %d), first %.1f\n", countOver(image, n, 1.0f), n,
                firstValue(image, n));
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    std::vector<float> scaled = download(image, n, stream);
    std::printf("last %.1f (expected 2.0)\n", scaled.back());
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(image));
  }

  CUDA_CHECK(cudaFree(deviceA));
  CUDA_CHECK(cudaFree(deviceB));
  CUDA_CHECK(cudaFree(deviceC));
  return total == 3.0f * n ? EXIT_SUCCESS : EXIT_FAILURE;
}
