// cuda-unsynchronized-host-read: a host library function handed the output
// of a kernel that is still running.
//
// latestTotal() launches the producer into managed memory and hands the
// result straight to memcpy to keep a host copy, as if a library call on
// the host were ordered after the kernel. The producer spins about 50 ms
// before it writes: memcpy copies the sentinel. Every call returns
// cudaSuccess.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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
constexpr int N = 1 << 16;
constexpr long long SpinCycles = 100000000; // about 50 ms at 2 GHz

__global__ void produce(float *out, int n, float base, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + i;
}

static float kept[N];

// One trial: the first value of the host's copy.
static float latestTotal(float base) {
  const size_t bytes = N * sizeof(float);
  float *result = nullptr;
  CUDA_CHECK(cudaMallocManaged(&result, bytes));
  result[0] = -2.0f; // the sentinel: "not written yet"
  produce<<<N / 256, 256>>>(result, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  std::memcpy(kept, result, bytes); // cudalint-expect: cuda-unsynchronized-host-read
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(result));
  return kept[0];
}

int main() {
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float base = 100.0f * (trial + 1);
    float seen = latestTotal(base);
    stale += seen != base;
  }
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: memcpy copied the result before the kernel wrote it\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the result was complete in all %d trials\n", Trials);
  return 0;
}
