// cuda-mismatched-free: device memory released with cudaFreeHost().
//
// A colour lookup table used to live in mapped pinned host memory
// (cudaHostAlloc) and was moved to device memory with cudaMalloc() for speed.
// Its release still calls cudaFreeHost(), which cannot release device memory:
// the call fails and the program, which checks it, stops with an error.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kEntries = 1 << 16;

__global__ void applyTable(const unsigned short *pixels, int n, const float *table, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = table[pixels[i]];
}

static void makeRamp(std::vector<float> &host) {
  for (size_t v = 0; v < host.size(); ++v)
    host[v] = static_cast<float>(v) / (kEntries - 1);
}

static cudaError_t createTable(float **table) {
  std::vector<float> host(kEntries);
  makeRamp(host);
  cudaError_t err = cudaMalloc(table, kEntries * sizeof(float));
  if (err != cudaSuccess)
    return err;
  err = cudaMemcpy(*table, host.data(), kEntries * sizeof(float), cudaMemcpyHostToDevice);
  if (err != cudaSuccess) {
    (void)cudaFree(*table);
    *table = nullptr;
  }
  return err;
}

// Stops the program at the first failed call.
static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

int main() {
  const int n = 1 << 22;
  std::vector<unsigned short> pixels(n);
  std::vector<float> out(n);
  for (size_t i = 0; i < pixels.size(); ++i)
    pixels[i] = static_cast<unsigned short>(i);

  float *dTable = nullptr, *dOut = nullptr;
  unsigned short *dPixels = nullptr;
  check(createTable(&dTable), "createTable");
  check(cudaMalloc(&dPixels, n * sizeof(unsigned short)), "cudaMalloc(dPixels)");
  check(cudaMalloc(&dOut, n * sizeof(float)), "cudaMalloc(dOut)");
  check(cudaMemcpy(dPixels, pixels.data(), n * sizeof(unsigned short), cudaMemcpyHostToDevice), "cudaMemcpy(dPixels)");
  applyTable<<<(n + 255) / 256, 256>>>(dPixels, n, dTable, dOut);
  check(cudaGetLastError(), "applyTable launch");
  check(cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy(out)");

  check(cudaFree(dOut), "cudaFree(dOut)");
  check(cudaFree(dPixels), "cudaFree(dPixels)");
  check(cudaFreeHost(dTable), "cudaFreeHost(dTable)"); // cudalint-expect: cuda-mismatched-free
  check(cudaDeviceReset(), "cudaDeviceReset");

  size_t wrong = 0;
  for (size_t i = 0; i < out.size(); ++i)
    wrong += out[i] != static_cast<float>(i % kEntries) / (kEntries - 1);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %d pixels wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d pixels mapped through the table\n", n);
  return 0;
}
