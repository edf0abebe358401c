// cuda-use-after-free: the host reads managed memory after releasing it.
//
// A histogram of 16 Mi byte values is built in managed memory. The cleanup
// block was moved up above the report that prints the busiest bins from the
// managed histogram: the host then reads memory cudaFree() has unmapped.
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

constexpr int kBins = 256;

__global__ void histogram(const unsigned char *values, int n, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[values[i]], 1u);
}

int main() {
  const int n = 1 << 24;
  unsigned char *values = nullptr;
  unsigned *bins = nullptr;
  CUDA_CHECK(cudaMallocManaged(&values, n));
  CUDA_CHECK(cudaMallocManaged(&bins, kBins * sizeof(unsigned)));
  for (int i = 0; i < n; ++i)
    values[i] = static_cast<unsigned char>(i % 251);
  CUDA_CHECK(cudaMemset(bins, 0, kBins * sizeof(unsigned)));
  histogram<<<(n + 255) / 256, 256>>>(values, n, bins);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaFree(values));
  CUDA_CHECK(cudaFree(bins));

  const unsigned first = bins[0]; // cudalint-expect: cuda-use-after-free
  const unsigned expect = n / 251 + (n % 251 > 0);
  CUDA_CHECK(cudaDeviceReset());
  // Reaching this line at all means the host read released memory and carried on.
  std::printf("GPU-VERDICT: misbehaved the report read bin 0 = %u (expected %u) from managed memory that cudaFree() had already released\n",
              first, expect);
  return 0;
}
