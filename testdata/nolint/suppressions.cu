// Suppression comments, read as clang-tidy reads them. Every finding that
// survives is annotated as -verify expects; every other bug is silenced.
#include <cuda_runtime.h>

__global__ void fill(float *data, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    data[i] = 1.0f;
}

void sameLine(float *data, size_t bytes) {
  cudaMemset(data, 0, bytes); // NOLINT
  cudaMemset(data, 1, bytes); // NOLINT(cuda-unchecked-error)
  cudaMemset(data, 2, bytes); // NOLINT(cuda-*)
  cudaMemset(data, 3, bytes); // NOLINT(cuda-alloc-pointer-arg)
  // expected-warning@-1 {{the cudaError_t returned by 'cudaMemset' is discarded}}
  // expected-note@-2 {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaMemset' is declared here}}
  cudaMemset(data, 4, bytes); // NOLINT(bugprone-unused-return-value, cuda-unchecked-error)
}

void nextLine(size_t bytes) {
  float *device;
  // NOLINTNEXTLINE(cuda-alloc-pointer-arg)
  (void)cudaMalloc((void **)device, bytes);
  // NOLINTNEXTLINE
  cudaFree(nullptr);
  // NOLINTNEXTLINE(cuda-unchecked-error)

  cudaFree(nullptr); // expected-warning {{the cudaError_t returned by 'cudaFree' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaFree' is declared here}}
}

void block(float *data, int count) {
  // NOLINTBEGIN(cuda-unchecked-error)
  cudaDeviceSynchronize();
  fill<<<1, 256>>>(data, count);
  cudaMemset(data, 0, count * sizeof(float));
  // NOLINTEND(cuda-unchecked-error)
  cudaDeviceSynchronize(); // expected-warning {{the cudaError_t returned by 'cudaDeviceSynchronize' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaDeviceSynchronize' is declared here}}
}

void nestedBlocks(size_t bytes) {
  // NOLINTBEGIN
  float *device;
  cudaMalloc((void **)device, bytes);
  // NOLINTBEGIN(cuda-alloc-pointer-arg)
  cudaFree(nullptr);
  // NOLINTEND(cuda-alloc-pointer-arg)
  cudaFree(device);
  // NOLINTEND
}
