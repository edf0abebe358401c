// cuda-unsynchronized-host-read, fixed: the async download on a non-blocking
// stream is read after cudaStreamSynchronize() on that stream.
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

// One trial: the first value the host sees.
static float downloadLatest(float base) {
  const size_t bytes = N * sizeof(float);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  float *dOut = nullptr, *dConfig = nullptr, *hOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dOut, bytes));
  CUDA_CHECK(cudaMalloc(&dConfig, sizeof(float)));
  CUDA_CHECK(cudaMallocHost(&hOut, bytes));
  hOut[0] = -2.0f; // the sentinel: "not downloaded yet"
  produce<<<N / 256, 256, 0, stream>>>(dOut, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(hOut, dOut, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaMemcpy(dConfig, &base, sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  float first = hOut[0];
  CUDA_CHECK(cudaFreeHost(hOut));
  CUDA_CHECK(cudaFree(dConfig));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return first;
}

int main() {
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float base = 100.0f * (trial + 1);
    float seen = downloadLatest(base);
    stale += seen != base;
  }
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host read the download before it arrived\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the download was complete in all %d trials\n", Trials);
  return 0;
}
