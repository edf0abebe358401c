// cuda-unsynchronized-host-read: managed memory read before the kernel that
// fills it has finished.
//
// latestScore() launches the kernel that scores a batch into managed memory
// and reads the first score straight away, "managed memory is visible to the
// host". The launch returns at once; the kernel (which spends about 50 ms
// before it writes, as a heavy scoring pass would) has not written yet, and
// the host reads the sentinel left from before. No CUDA call fails, and no
// sanitizer sees it.
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

constexpr int Trials = 20;
constexpr int N = 1024;
constexpr long long SpinCycles = 100000000; // about 50 ms at 2 GHz

__global__ void scoreBatch(float *scores, int n, float base, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    scores[i] = base + i;
}

// One trial: the score the host sees.
static float latestScore(float base) {
  float *scores = nullptr;
  CUDA_CHECK(cudaMallocManaged(&scores, N * sizeof(float)));
  scores[0] = -2.0f; // the sentinel: "not scored yet"
  scoreBatch<<<N / 256, 256>>>(scores, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  float first = scores[0]; // cudalint-expect: cuda-unsynchronized-host-read
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(scores));
  return first;
}

int main() {
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float base = 100.0f * (trial + 1);
    float seen = latestScore(base);
    stale += seen != base;
  }
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host read the score before the kernel wrote it\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the score was current in all %d trials\n", Trials);
  return 0;
}
