// cuda-use-after-free: the result downloaded from a buffer already released.
//
// squareAll() was tidied up so that the device buffer is released in one
// place, "when the GPU work is done", which ended up above the download.
// cudaMemcpy() then copies from memory that is no longer allocated: the call
// fails, and the caller gets an error instead of its squares.
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
  // The GPU work is done: release the device buffer.
  const cudaError_t released = cudaFree(dValues);
  if (err == cudaSuccess)
    err = released;
  if (err != cudaSuccess)
    return err;
  return cudaMemcpy(values.data(), dValues, bytes, cudaMemcpyDeviceToHost); // cudalint-expect: cuda-use-after-free
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
