// cuda-copy-size: sizeof of a pointer as the byte count of a copy.
//
// The input lives in a malloc'd buffer of 256 floats held by `float *h`;
// sizeof(h) is 8, the size of the pointer. cudaMemcpy copies 8 bytes, two
// floats, and returns cudaSuccess: the kernel scales 256 values of which 254
// were never uploaded.
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

__global__ void scale(float *data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

int main() {
  const int n = 256;
  float *h = static_cast<float *>(std::malloc(n * sizeof(float)));
  if (!h)
    return 1;
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i);
  float *d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice)); // cudalint-expect: cuda-copy-size
  scale<<<1, n>>>(d, n, 2.0f);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != 2.0f * static_cast<float>(i);
  std::free(h);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d values wrong (only %zu bytes uploaded), "
                "yet every checked call returned cudaSuccess\n",
                wrong, n, sizeof(float *));
  else
    std::printf("GPU-VERDICT: clean all %d values scaled\n", n);
  return 0;
}
