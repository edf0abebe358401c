// cuda-unsynchronized-host-read, fixed: the mapped result is read after
// synchronizing `stop`, the event recorded after the kernel.
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
  CUDA_CHECK(cudaEventSynchronize(stop));
  float first = hOut[0];
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
