// cuda-launch-config, fixed: the launch stays within __launch_bounds__.
//
// The same histogram kernel, declared __launch_bounds__(256) and launched with
// 256 threads per block.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s (%s)\n", #call,                  \
                  cudaGetErrorString(status_), cudaGetErrorName(status_));     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kBins = 64;
constexpr int kThreads = 256;

__global__ void __launch_bounds__(256) histogram(const unsigned char *in, int n, unsigned *bins) {
  __shared__ unsigned local[kBins];
  for (int i = threadIdx.x; i < kBins; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[in[i] % kBins], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < kBins; i += blockDim.x)
    atomicAdd(&bins[i], local[i]);
}

int main() {
  const int n = 1 << 22;
  std::vector<unsigned char> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<unsigned char>(i % kBins);
  unsigned char *dIn = nullptr;
  unsigned *dBins = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, n));
  CUDA_CHECK(cudaMalloc(&dBins, kBins * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dBins, 0, kBins * sizeof(unsigned)));

  histogram<<<128, kThreads>>>(dIn, n, dBins);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<unsigned> bins(kBins);
  CUDA_CHECK(cudaMemcpy(bins.data(), dBins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dBins));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int b = 0; b < kBins; ++b)
    wrong += bins[b] != static_cast<unsigned>(n / kBins);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d bins wrong\n", wrong, kBins);
  else
    std::printf("GPU-VERDICT: clean all %d bins correct\n", kBins);
  return 0;
}
