// cuda-memcpy-kind, fixed: the taps go to __constant__ memory with
// cudaMemcpyHostToDevice.
//
// The same filter; the copy of the taps from the host's stack says so.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

constexpr int kTaps = 9;
__constant__ float cTaps[kTaps];

__global__ void smooth(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sum = 0.0f;
  for (int t = 0; t < kTaps; ++t) {
    int j = min(max(i + t - kTaps / 2, 0), n - 1);
    sum += cTaps[t] * in[j];
  }
  out[i] = sum;
}

static void checkCuda(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorName(status));
    std::exit(1);
  }
}

static void makeTaps(float *taps) {
  for (int t = 0; t < kTaps; ++t)
    taps[t] = 1.0f / kTaps;
}

static void fillSignal(float *signal, int n) {
  for (int i = 0; i < n; ++i)
    signal[i] = 4.5f;
}

static int countWrong(const float *out, int n) {
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] < 4.49f || out[i] > 4.51f;
  return wrong;
}

int main() {
  const int n = 1 << 20;
  float taps[kTaps];
  makeTaps(taps);
  checkCuda(cudaMemcpyToSymbol(cTaps, taps, sizeof(taps), 0, cudaMemcpyHostToDevice), "cudaMemcpyToSymbol(cTaps)");

  float *signal = nullptr, *smoothed = nullptr;
  checkCuda(cudaMallocManaged(&signal, n * sizeof(float)), "cudaMallocManaged(signal)");
  checkCuda(cudaMallocManaged(&smoothed, n * sizeof(float)), "cudaMallocManaged(smoothed)");
  fillSignal(signal, n);
  smooth<<<(n + 255) / 256, 256>>>(signal, smoothed, n);
  checkCuda(cudaGetLastError(), "smooth launch");
  checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  const int wrong = countWrong(smoothed, n);
  checkCuda(cudaFree(signal), "cudaFree(signal)");
  checkCuda(cudaFree(smoothed), "cudaFree(smoothed)");
  checkCuda(cudaDeviceReset(), "cudaDeviceReset");
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d smoothed values wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d values smoothed\n", n);
  return 0;
}
