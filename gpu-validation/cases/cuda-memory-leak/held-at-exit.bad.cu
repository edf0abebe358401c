// cuda-memory-leak: a buffer main still holds when it returns.
//
// A tool generates a 64 MiB image on the GPU, counts its brightness histogram
// and prints whether it is flat. main() releases the histogram's bins but not
// the image before it returns. The process exit reclaims the image, so the
// run looks fine; but compute-sanitizer's leak check (the cudaDeviceReset()
// at the end makes it look) reports the 64 MiB, and the same code moved into
// a function that runs once per image leaks 64 MiB every time.
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

constexpr unsigned kPixels = 64u << 20; // one byte each: 64 MiB
constexpr unsigned kBins = 256;

__global__ void makeImage(unsigned char *pixels, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    pixels[i] = static_cast<unsigned char>(i * 7u);
}

__global__ void countBrightness(const unsigned char *pixels, unsigned n, unsigned *bins) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[pixels[i]], 1u);
}

int main() {
  // The validation oracle: the device memory free once the context is set
  // up, and again just before main returns.
  size_t freeAtStart = 0, freeAtEnd = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeAtStart, &total));
  unsigned char *dImage = nullptr;
  unsigned *dBins = nullptr;
  CUDA_CHECK(cudaMalloc(&dImage, kPixels)); // cudalint-expect: cuda-memory-leak
  CUDA_CHECK(cudaMalloc(&dBins, kBins * sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(dBins, 0, kBins * sizeof(unsigned)));
  makeImage<<<kPixels / 256, 256>>>(dImage, kPixels);
  CUDA_CHECK(cudaGetLastError());
  countBrightness<<<kPixels / 256, 256>>>(dImage, kPixels, dBins);
  CUDA_CHECK(cudaGetLastError());
  unsigned bins[kBins];
  CUDA_CHECK(cudaMemcpy(bins, dBins, sizeof bins, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dBins));
  bool flat = true;
  for (unsigned b = 0; b < kBins; ++b)
    flat = flat && bins[b] == kPixels / kBins;
  CUDA_CHECK(cudaMemGetInfo(&freeAtEnd, &total));
  CUDA_CHECK(cudaDeviceReset());

  const long long heldMiB = (static_cast<long long>(freeAtStart) - static_cast<long long>(freeAtEnd)) >> 20;
  if (!flat)
    std::printf("GPU-VERDICT: misbehaved the histogram of the generated image is not flat\n");
  else if (heldMiB >= 48)
    std::printf("GPU-VERDICT: misbehaved histogram flat, but %lld MiB of device memory are still allocated when main returns\n",
                heldMiB);
  else
    std::printf("GPU-VERDICT: clean histogram flat, %lld MiB still allocated when main returns\n", heldMiB);
  return 0;
}
