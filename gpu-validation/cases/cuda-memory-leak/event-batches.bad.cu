// cuda-memory-leak: a wrapper's buffer, allocated in another unit, not given
// back on an early return.
//
// A detector readout is processed in 24 batches of 4 Mi samples. For each
// batch, measureBatch() uploads the samples into a device buffer it gets from
// deviceBufferCreate() (defined in event-batches.buffers.cu), counts the
// samples above the trigger level, and only when there are some sums how far
// they go over. A quiet batch, one without a sample above the level, is only
// known once the count comes back from the GPU; measureBatch() then returns
// at once, without deviceBufferDestroy(): every quiet batch leaves its 16 MiB
// buffer behind.
#include <cuda_runtime.h>
#include <cstddef>
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

// The pipeline's device buffers (event-batches.buffers.cu).
float *deviceBufferCreate(size_t count);
void deviceBufferDestroy(float *buffer);

constexpr int kBatches = 24;
constexpr size_t kSamples = size_t(4) << 20; // 4 Mi floats, 16 MiB a batch
constexpr float kLevel = 100.0f;

struct BatchStats {
  unsigned long long hits = 0;   // samples above the level
  unsigned long long excess = 0; // how far they go over, summed
};

__global__ void countAbove(const float *samples, size_t n, float level,
                           unsigned long long *hits) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n && samples[i] > level)
    atomicAdd(hits, 1ull);
}

__global__ void sumExcess(const float *samples, size_t n, float level,
                          unsigned long long *excess) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n && samples[i] > level)
    atomicAdd(excess, static_cast<unsigned long long>(samples[i] - level));
}

// Every third batch is quiet: its samples all stay below the level.
static bool isQuiet(int batch) { return batch % 3 == 2; }

static void readBatch(std::vector<float> &samples, int batch) {
  const unsigned span = isQuiet(batch) ? 100 : 128;
  for (size_t i = 0; i < samples.size(); ++i)
    samples[i] = static_cast<float>((i * 7 + batch) % span);
}

static BatchStats expectedStats(const std::vector<float> &samples) {
  BatchStats stats;
  for (float sample : samples)
    if (sample > kLevel) {
      ++stats.hits;
      stats.excess += static_cast<unsigned long long>(sample - kLevel);
    }
  return stats;
}

// The statistics of one batch; false for a quiet batch (nothing to measure).
static bool measureBatch(const std::vector<float> &samples,
                         unsigned long long *dCounters, BatchStats &stats) {
  const size_t n = samples.size();
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  float *dSamples = deviceBufferCreate(n); // cudalint-expect: cuda-memory-leak
  CUDA_CHECK(cudaMemcpy(dSamples, samples.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dCounters, 0, 2 * sizeof(unsigned long long)));
  countAbove<<<blocks, 256>>>(dSamples, n, kLevel, dCounters);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(&stats.hits, dCounters, sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  if (stats.hits == 0)
    return false; // a quiet batch: dSamples is never given back

  sumExcess<<<blocks, 256>>>(dSamples, n, kLevel, dCounters + 1);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(&stats.excess, dCounters + 1, sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  deviceBufferDestroy(dSamples);
  return true;
}

int main() {
  std::vector<float> samples(kSamples);
  unsigned long long *dCounters = nullptr;
  CUDA_CHECK(cudaMalloc(&dCounters, 2 * sizeof(unsigned long long)));
  // The validation oracle: the device memory free after the first batch
  // (which loads the kernels and sets the runtime up) and after the last.
  size_t freeAfterFirst = 0, freeAfter = 0, total = 0;

  int right = 0, quiet = 0;
  for (int b = 0; b < kBatches; ++b) {
    readBatch(samples, b);
    BatchStats stats;
    const bool measured = measureBatch(samples, dCounters, stats);
    const BatchStats expected = expectedStats(samples);
    quiet += !measured;
    if (measured ? stats.hits == expected.hits && stats.excess == expected.excess
                 : expected.hits == 0)
      ++right;
    if (b == 0)
      CUDA_CHECK(cudaMemGetInfo(&freeAfterFirst, &total));
  }

  CUDA_CHECK(cudaMemGetInfo(&freeAfter, &total));
  CUDA_CHECK(cudaFree(dCounters));
  CUDA_CHECK(cudaDeviceReset());

  const size_t batchBytes = kSamples * sizeof(float);
  const long long heldMiB =
      (static_cast<long long>(freeAfterFirst) - static_cast<long long>(freeAfter)) >> 20;
  if (right != kBatches)
    std::printf("GPU-VERDICT: misbehaved %d of %d batches measured wrong\n", kBatches - right, kBatches);
  else if (heldMiB >= static_cast<long long>(quiet * batchBytes >> 20) / 2)
    std::printf("GPU-VERDICT: misbehaved all %d batches measured right (%d quiet), but the batch loop left %lld MiB of device memory allocated after its first batch (%d quiet batches of %zu MiB)\n",
                kBatches, quiet, heldMiB, quiet, batchBytes >> 20);
  else
    std::printf("GPU-VERDICT: clean all %d batches measured right (%d quiet), the batch loop left %lld MiB allocated after its first batch\n",
                kBatches, quiet, heldMiB);
  return 0;
}
