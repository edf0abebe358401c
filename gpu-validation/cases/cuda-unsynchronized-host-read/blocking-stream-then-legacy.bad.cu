// cuda-unsynchronized-host-read: a blocking stream waited for, but the legacy
// default stream's work was queued after the stream's last work.
//
// latestTotal() clears a scratch buffer on its own blocking stream, then
// launches the producer on the legacy default stream (it writes managed
// memory after spinning about 50 ms), and synchronizes the blocking stream
// before it reads the result, trusting that blocking streams and the legacy
// stream wait for each other. They do, in the order work is queued: the
// legacy producer waits for the earlier clear, not the other way round.
// Nothing on the stream waits for the producer, the wait returns once the
// clear is done, and the host reads the result before it is written. Every
// call returns cudaSuccess.
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

__global__ void produce(float *out, int n, float base, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + i;
}

__global__ void clear(float *scratch, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    scratch[i] = 0.0f;
}

// One trial: the first value the host sees.
static float latestTotal(float base) {
  const size_t bytes = N * sizeof(float);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  float *result = nullptr, *scratch = nullptr;
  CUDA_CHECK(cudaMallocManaged(&result, bytes));
  CUDA_CHECK(cudaMalloc(&scratch, bytes));
  result[0] = -2.0f; // the sentinel: "not written yet"
  clear<<<N / 256, 256, 0, stream>>>(scratch, N);
  CUDA_CHECK(cudaGetLastError());
  produce<<<N / 256, 256>>>(result, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));
  float first = result[0]; // cudalint-expect: cuda-unsynchronized-host-read
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(scratch));
  CUDA_CHECK(cudaFree(result));
  CUDA_CHECK(cudaStreamDestroy(stream));
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
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host read the result before the legacy stream's kernel wrote it\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the result was complete in all %d trials\n", Trials);
  return 0;
}
