// cuda-unsynchronized-host-read: mapped pinned memory a kernel writes, read
// after synchronizing the wrong event.
//
// zeroCopyResult() lets a kernel write its result straight into mapped
// pinned host memory, timing it with two events. It then synchronizes
// `start` — recorded before the launch — instead of `stop`, and reads the
// result while the kernel (about 50 ms) is still running. No call fails.
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

__global__ void produce(float *out, int n, float base, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + i;
}

// One trial: the first value the host sees.
static float zeroCopyResult(float base, float *milliseconds) {
  float *hOut = nullptr, *dOut = nullptr;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaHostAlloc(&hOut, N * sizeof(float), cudaHostAllocMapped));
  CUDA_CHECK(cudaHostGetDevicePointer(&dOut, hOut, 0));
  hOut[0] = -2.0f; // the sentinel: "not written yet"
  CUDA_CHECK(cudaEventRecord(start, 0));
  produce<<<N / 256, 256>>>(dOut, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop, 0));
  // Meant to wait for `stop`; `start` completed before the kernel began.
  CUDA_CHECK(cudaEventSynchronize(start));
  float first = hOut[0]; // cudalint-expect: cuda-unsynchronized-host-read
  CUDA_CHECK(cudaEventSynchronize(stop));
  CUDA_CHECK(cudaEventElapsedTime(milliseconds, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFreeHost(hOut));
  return first;
}

int main() {
  CUDA_CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float base = 100.0f * (trial + 1);
    float milliseconds = 0.0f;
    float seen = zeroCopyResult(base, &milliseconds);
    stale += seen != base;
  }
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host read mapped memory before the kernel wrote it\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the mapped result was current in all %d trials\n", Trials);
  return 0;
}
