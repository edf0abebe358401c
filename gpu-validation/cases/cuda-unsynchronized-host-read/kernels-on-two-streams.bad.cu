// cuda-unsynchronized-host-read: a kernel on one stream reads device memory
// that a kernel on another stream is still writing.
//
// scaledScores() produces scores on one non-blocking stream (the producer
// spins about 50 ms before it writes) and scales them on a second
// non-blocking stream, then waits for both streams and downloads the
// result. Nothing makes the second stream wait for the first: the scaling
// kernel runs at once, on the sentinel the buffer was cleared to, and the
// host gets scaled sentinels. Every call returns cudaSuccess.
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

__global__ void produce(float *scores, int n, float base, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    scores[i] = base + i;
}

__global__ void scale(const float *scores, float *scaled, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    scaled[i] = 2.0f * scores[i];
}

// One trial: the first scaled score the host gets.
static float scaledScores(float base) {
  const size_t bytes = N * sizeof(float);
  cudaStream_t producer, scaler;
  CUDA_CHECK(cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking));
  CUDA_CHECK(cudaStreamCreateWithFlags(&scaler, cudaStreamNonBlocking));
  float *scores = nullptr, *scaled = nullptr;
  CUDA_CHECK(cudaMalloc(&scores, bytes));
  CUDA_CHECK(cudaMalloc(&scaled, bytes));
  CUDA_CHECK(cudaMemset(scores, 0, bytes)); // the sentinel: 0 is "not produced"
  CUDA_CHECK(cudaDeviceSynchronize());
  produce<<<N / 256, 256, 0, producer>>>(scores, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  scale<<<N / 256, 256, 0, scaler>>>(scores, scaled, N); // cudalint-expect: cuda-unsynchronized-host-read
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(scaler));
  CUDA_CHECK(cudaStreamSynchronize(producer));
  float first = 0.0f;
  CUDA_CHECK(cudaMemcpy(&first, scaled, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(scaled));
  CUDA_CHECK(cudaFree(scores));
  CUDA_CHECK(cudaStreamDestroy(scaler));
  CUDA_CHECK(cudaStreamDestroy(producer));
  return first;
}

int main() {
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float base = 100.0f * (trial + 1);
    float seen = scaledScores(base);
    stale += seen != 2.0f * base;
  }
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the second stream's kernel read the scores before the first stream's kernel wrote them\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the scores were complete in all %d trials\n", Trials);
  return 0;
}
