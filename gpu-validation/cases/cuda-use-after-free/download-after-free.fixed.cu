// cuda-use-after-free, fixed: the buffer is released after the download.
//
// The same function with the release where it belongs: after the last copy
// that reads the device buffer.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void square(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] *= values[i];
}

static cudaError_t squareAll(std::vector<int> &values) {
  const int n = static_cast<int>(values.size());
  const size_t bytes = values.size() * sizeof(int);
  int *dValues = nullptr;
  cudaError_t err = cudaMalloc(&dValues, bytes);
  if (err != cudaSuccess)
    return err;
  err = cudaMemcpy(dValues, values.data(), bytes, cudaMemcpyHostToDevice);
  if (err == cudaSuccess) {
    square<<<(n + 255) / 256, 256>>>(dValues, n);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess)
    err = cudaMemcpy(values.data(), dValues, bytes, cudaMemcpyDeviceToHost);
  // The GPU work is done: release the device buffer.
  const cudaError_t released = cudaFree(dValues);
  return err != cudaSuccess ? err : released;
}

int main() {
  std::vector<int> values(1 << 22);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<int>(i % 1000);
  const cudaError_t err = squareAll(values);
  if (err != cudaSuccess) {
    std::printf("GPU-VERDICT: failed squareAll: %s\n", cudaGetErrorString(err));
    return 1;
  }
  if (cudaDeviceReset() != cudaSuccess) {
    std::printf("GPU-VERDICT: failed cudaDeviceReset\n");
    return 1;
  }
  size_t wrong = 0;
  for (size_t i = 0; i < values.size(); ++i)
    wrong += values[i] != static_cast<int>((i % 1000) * (i % 1000));
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu squares wrong\n", wrong, values.size());
  else
    std::printf("GPU-VERDICT: clean all %zu squares correct\n", values.size());
  return 0;
}
