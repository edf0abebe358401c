// cuda-alloc-pointer-arg: cudaMallocHost() into a 32-bit integer field.
//
// A staging slot ported from 32-bit code keeps its pinned buffer in a
// uint32_t. cudaMallocHost() writes the 8-byte address over that field and
// the `sequence` field beside it; the 32 bits left in `buffer` are no longer
// the allocation, which can never be used or freed.
#include <cuda_runtime.h>
#include <cstdint>
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

struct StagingSlot {
  uint32_t buffer;   // pinned host buffer
  uint32_t sequence; // which batch the buffer holds
};

__global__ void square(float *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] *= values[i];
}

int main() {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  StagingSlot slot = {0, 1};
  CUDA_CHECK(cudaMallocHost((void **)&slot.buffer, bytes)); // cudalint-expect: cuda-alloc-pointer-arg, cuda-memory-leak

  // The validation oracle: the field beside the out-parameter must be untouched.
  if (slot.sequence != 1) {
    std::printf("GPU-VERDICT: misbehaved cudaMallocHost overwrote the neighbouring field: sequence is 0x%08x instead of 1, buffer keeps only 0x%08x of the address\n",
                slot.sequence, slot.buffer);
    CUDA_CHECK(cudaDeviceReset());
    return 1;
  }

  float *staging = reinterpret_cast<float *>(static_cast<uintptr_t>(slot.buffer));
  for (int i = 0; i < n; ++i)
    staging[i] = static_cast<float>(i % 100);
  float *d_values = nullptr;
  CUDA_CHECK(cudaMalloc(&d_values, bytes));
  CUDA_CHECK(cudaMemcpy(d_values, staging, bytes, cudaMemcpyHostToDevice));
  square<<<(n + 255) / 256, 256>>>(d_values, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(staging, d_values, bytes, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += staging[i] != static_cast<float>((i % 100) * (i % 100));
  CUDA_CHECK(cudaFree(d_values));
  CUDA_CHECK(cudaFreeHost(staging));
  CUDA_CHECK(cudaDeviceReset());

  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d squares wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d squares correct\n", n);
  return 0;
}
