// cuda-use-after-free, fixed: the report reads the histogram before it is released.
//
// The same histogram; the busiest bins are read from managed memory first,
// and the buffers are released afterwards.
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

  const unsigned first = bins[0];
  const unsigned expect = n / 251 + (n % 251 > 0);
  CUDA_CHECK(cudaFree(values));
  CUDA_CHECK(cudaFree(bins));
  CUDA_CHECK(cudaDeviceReset());
  if (first != expect)
    std::printf("GPU-VERDICT: misbehaved bin 0 holds %u, expected %u\n", first, expect);
  else
    std::printf("GPU-VERDICT: clean bin 0 holds %u values, as expected\n", first);
  return 0;
}
