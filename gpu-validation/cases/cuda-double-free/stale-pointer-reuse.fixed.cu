// cuda-double-free, fixed: the early release clears the pointer.
//
// The same early release of the raw buffer, followed by `dRaw = nullptr`: the
// teardown's cudaFree(dRaw) does nothing, whatever address the output got.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void check(cudaError_t err, const char *what, bool reused) {
  if (err != cudaSuccess) {
    std::printf("GPU-VERDICT: failed %s: %s (the output buffer %s the raw buffer's address)\n", what,
                cudaGetErrorString(err), reused ? "reuses" : "does not reuse");
    std::exit(1);
  }
}

// Raw samples are 16-bit, two per 32-bit word.
__global__ void decode(const unsigned *raw, float *samples, int words) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < words) {
    samples[2 * i] = static_cast<float>(raw[i] & 0xffff);
    samples[2 * i + 1] = static_cast<float>(raw[i] >> 16);
  }
}

// The difference within each pair of samples: one float per raw word.
__global__ void pairDifference(const float *samples, float *filtered, int pairs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < pairs)
    filtered[i] = samples[2 * i + 1] - samples[2 * i];
}

int main() {
  const int words = 1 << 24; // 64 MiB of raw words, 128 MiB of samples, 64 MiB of differences
  const size_t rawBytes = words * sizeof(unsigned), sampleBytes = 2 * words * sizeof(float),
               filteredBytes = words * sizeof(float);
  std::vector<unsigned> raw(words, 3u | (5u << 16));
  std::vector<float> filtered(words, -1.0f);

  unsigned *dRaw = nullptr;
  float *dSamples = nullptr, *dFiltered = nullptr;
  check(cudaMalloc(&dRaw, rawBytes), "cudaMalloc(dRaw)", false);
  check(cudaMalloc(&dSamples, sampleBytes), "cudaMalloc(dSamples)", false);
  check(cudaMemcpy(dRaw, raw.data(), rawBytes, cudaMemcpyHostToDevice), "cudaMemcpy(dRaw)", false);
  decode<<<(words + 255) / 256, 256>>>(dRaw, dSamples, words);
  check(cudaGetLastError(), "decode launch", false);
  // The raw words are decoded: give their buffer back before the next stage.
  check(cudaFree(dRaw), "cudaFree(dRaw)", false);
  unsigned *const released = dRaw;
  dRaw = nullptr;

  check(cudaMalloc(&dFiltered, filteredBytes), "cudaMalloc(dFiltered)", false);
  const bool reused = static_cast<void *>(dFiltered) == static_cast<void *>(released);
  pairDifference<<<(words + 255) / 256, 256>>>(dSamples, dFiltered, words);
  check(cudaGetLastError(), "pairDifference launch", reused);

  // Teardown of the decoding stage.
  check(cudaFree(dSamples), "cudaFree(dSamples)", reused);
  check(cudaFree(dRaw), "cudaFree(dRaw) in the teardown", reused);

  check(cudaMemcpy(filtered.data(), dFiltered, filteredBytes, cudaMemcpyDeviceToHost), "cudaMemcpy(filtered)", reused);
  check(cudaFree(dFiltered), "cudaFree(dFiltered)", reused);
  check(cudaDeviceReset(), "cudaDeviceReset", reused);

  int wrong = 0;
  for (int i = 0; i < words; ++i)
    wrong += filtered[i] != 2.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d differences wrong\n", wrong, words);
  else
    std::printf("GPU-VERDICT: clean all %d differences correct (the output buffer %s the raw buffer's address)\n",
                words, reused ? "reuses" : "does not reuse");
  return 0;
}
