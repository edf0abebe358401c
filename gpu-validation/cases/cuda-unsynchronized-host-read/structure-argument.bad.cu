// cuda-unsynchronized-host-read: a kernel given its output inside a
// structure, and the output read before the kernel finished.
//
// latestTotal() hands the producer its buffers as a structure passed by
// value and reads the managed result right after the launch, as if a
// kernel taking a structure had nothing to write back. The producer spins
// about 50 ms before it writes through the structure's pointer: the host
// reads the sentinel. Every call returns cudaSuccess.
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
constexpr int N = 1 << 16;
constexpr long long SpinCycles = 100000000; // about 50 ms at 2 GHz

struct Job {
  const float *unused;
  float *out;
  int n;
  float base;
  long long spin;
};

__global__ void produceJob(Job job) {
  long long start = clock64();
  while (clock64() - start < job.spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < job.n)
    job.out[i] = job.base + i;
}

// One trial: the first value the host sees.
static float latestTotal(float base) {
  const size_t bytes = N * sizeof(float);
  float *result = nullptr;
  CUDA_CHECK(cudaMallocManaged(&result, bytes));
  result[0] = -2.0f; // the sentinel: "not written yet"
  produceJob<<<N / 256, 256>>>(Job{nullptr, result, N, base, SpinCycles});
  CUDA_CHECK(cudaGetLastError());
  float first = result[0]; // cudalint-expect: cuda-unsynchronized-host-read
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(result));
  return first;
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
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host read the result before the kernel wrote it\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the result was complete in all %d trials\n", Trials);
  return 0;
}
