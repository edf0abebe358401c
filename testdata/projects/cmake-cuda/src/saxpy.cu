#include "saxpy.cuh"

__device__ float fusedMultiplyAdd(float a, float x, float y) {
  return a * x + y;
}

__global__ void saxpyKernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = fusedMultiplyAdd(a, x[i], y[i]);
}

void saxpy(int n, float a, const float *x, float *y) {
  saxpyKernel<<<(n + 255) / 256, 256>>>(n, a, x, y);
  CUDA_CHECK(cudaDeviceSynchronize());
}

float *deviceCopyOf(const float *host, int n) {
  float *device = nullptr;
  CUDA_CHECK(cudaMalloc(&device, n * sizeof(float)));
  cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice);
  return device;
}

#if SAXPY_TRACE
// Compiled only with the definition the library target sets.
void traceFirstElement(const float *device) {
  float first = 0.0f;
  cudaMemcpy(&first, device, sizeof first, cudaMemcpyDeviceToHost);
  std::printf("y[0] = %f\n", first);
}
#endif
