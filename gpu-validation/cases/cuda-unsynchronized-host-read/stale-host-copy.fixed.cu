// cuda-unsynchronized-host-read, fixed: the scaled values are copied back
// into h before it is read.
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
constexpr int Probe = 7;

__global__ void scale(float *values, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] *= factor;
}

static void fillRamp(float *values, int n) {
  for (int i = 0; i < n; ++i)
    values[i] = static_cast<float>(i);
}

// One trial: the scaled value the host reports at Probe.
static float scaledProbe(float factor) {
  float *h = static_cast<float *>(std::malloc(N * sizeof(float)));
  float *d = nullptr;
  if (!h) {
    std::printf("GPU-VERDICT: failed malloc\n");
    std::exit(1);
  }
  CUDA_CHECK(cudaMalloc(&d, N * sizeof(float)));
  fillRamp(h, N);
  CUDA_CHECK(cudaMemcpy(d, h, N * sizeof(float), cudaMemcpyHostToDevice));
  scale<<<N / 256, 256>>>(d, N, factor);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h, d, N * sizeof(float), cudaMemcpyDeviceToHost));
  float reported = h[Probe];
  CUDA_CHECK(cudaFree(d));
  std::free(h);
  return reported;
}

int main() {
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float factor = 2.0f + trial;
    float seen = scaledProbe(factor);
    stale += seen != Probe * factor;
  }
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host reported its input, not the device's result\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the device's result was reported in all %d trials\n", Trials);
  return 0;
}
