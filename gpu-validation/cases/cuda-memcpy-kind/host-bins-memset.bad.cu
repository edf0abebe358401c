// cuda-memcpy-kind: cudaMemset on host memory.
//
// A histogram keeps its bin counts twice: on the device, where the kernel
// counts, and on the host (malloc), where the result is read. clearBins()
// zeroes a bin array with cudaMemset and is used for both. cudaMemset writes
// through a device address; for pageable host memory it fails with an
// invalid-argument error and sets nothing, and the program stops.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

constexpr int kBins = 256;

__global__ void histogram(const unsigned char *data, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[data[i]], 1);
}

static void fail(const char *what, cudaError_t err) {
  std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
  std::exit(1);
}

static cudaError_t clearBins(int *bins) {
  return cudaMemset(bins, 0, kBins * sizeof(int)); // cudalint-expect: cuda-memcpy-kind
}

static void fillData(unsigned char *data, int n) {
  for (int i = 0; i < n; ++i)
    data[i] = static_cast<unsigned char>(i % kBins);
}

static int countWrong(const int *bins, int n) {
  int wrong = 0;
  for (int b = 0; b < kBins; ++b)
    wrong += bins[b] != n / kBins;
  return wrong;
}

int main() {
  const int n = kBins * 16384;
  unsigned char *hData = static_cast<unsigned char *>(std::malloc(n));
  int *hBins = static_cast<int *>(std::malloc(kBins * sizeof(int)));
  if (!hData || !hBins) {
    std::printf("GPU-VERDICT: failed malloc\n");
    std::exit(1);
  }
  fillData(hData, n);
  unsigned char *dData = nullptr;
  int *dBins = nullptr;
  cudaError_t err = cudaMalloc(&dData, n);
  if (err != cudaSuccess)
    fail("cudaMalloc(dData)", err);
  err = cudaMalloc(&dBins, kBins * sizeof(int));
  if (err != cudaSuccess)
    fail("cudaMalloc(dBins)", err);
  err = clearBins(dBins);
  if (err != cudaSuccess)
    fail("clearBins(dBins)", err);
  err = clearBins(hBins);
  if (err != cudaSuccess)
    fail("clearBins(hBins)", err);
  err = cudaMemcpy(dData, hData, n, cudaMemcpyHostToDevice);
  if (err != cudaSuccess)
    fail("cudaMemcpy(dData)", err);
  histogram<<<(n + 255) / 256, 256>>>(dData, n, dBins);
  err = cudaGetLastError();
  if (err != cudaSuccess)
    fail("histogram launch", err);
  err = cudaMemcpy(hBins, dBins, kBins * sizeof(int), cudaMemcpyDeviceToHost);
  if (err != cudaSuccess)
    fail("cudaMemcpy(hBins)", err);
  const int wrong = countWrong(hBins, n);
  err = cudaFree(dData);
  if (err != cudaSuccess)
    fail("cudaFree(dData)", err);
  err = cudaFree(dBins);
  if (err != cudaSuccess)
    fail("cudaFree(dBins)", err);
  std::free(hData);
  std::free(hBins);
  err = cudaDeviceReset();
  if (err != cudaSuccess)
    fail("cudaDeviceReset", err);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d bins wrong\n", wrong, kBins);
  else
    std::printf("GPU-VERDICT: clean all %d bins hold %d\n", kBins, n / kBins);
  return 0;
}
