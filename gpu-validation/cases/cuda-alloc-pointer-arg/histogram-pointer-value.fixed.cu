// cuda-alloc-pointer-arg, fixed: cudaMalloc() gets the address of d_bins.
//
// The same histogram; `(void **)&d_bins` lets cudaMalloc() store the new
// device address in d_bins itself.
#include <cuda_runtime.h>
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

constexpr int kBins = 256;

__global__ void histogram(const unsigned char *data, size_t n, unsigned int *bins) {
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x)
    atomicAdd(&bins[data[i]], 1u);
}

int main() {
  const size_t n = 1 << 24;
  std::vector<unsigned char> data(n);
  for (size_t i = 0; i < n; ++i)
    data[i] = static_cast<unsigned char>((i * 7) % 251);

  unsigned char *d_data = nullptr;
  unsigned int *d_bins;
  CUDA_CHECK(cudaMalloc((void **)&d_data, n));
  CUDA_CHECK(cudaMalloc((void **)&d_bins, kBins * sizeof(unsigned int)));

  // The validation oracle: d_bins must now be a device allocation.
  cudaPointerAttributes attributes;
  CUDA_CHECK(cudaPointerGetAttributes(&attributes, d_bins));
  if (attributes.type != cudaMemoryTypeDevice) {
    std::printf("GPU-VERDICT: misbehaved d_bins (%p) is not a device allocation (memory type %d)\n",
                static_cast<void *>(d_bins), static_cast<int>(attributes.type));
    CUDA_CHECK(cudaFree(d_data));
    CUDA_CHECK(cudaFree(d_bins));
    CUDA_CHECK(cudaDeviceReset());
    return 1;
  }

  CUDA_CHECK(cudaMemcpy(d_data, data.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bins, 0, kBins * sizeof(unsigned int)));
  histogram<<<264, 256>>>(d_data, n, d_bins);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned int> bins(kBins);
  CUDA_CHECK(cudaMemcpy(bins.data(), d_bins, kBins * sizeof(unsigned int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_bins));
  CUDA_CHECK(cudaDeviceReset());

  std::vector<unsigned int> expect(kBins, 0);
  for (unsigned char byte : data)
    ++expect[byte];
  if (bins != expect)
    std::printf("GPU-VERDICT: misbehaved histogram differs from the host's\n");
  else
    std::printf("GPU-VERDICT: clean histogram of %zu bytes correct\n", n);
  return 0;
}
