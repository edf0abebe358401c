// cuda-unchecked-error, fixed: the cudaMemcpyToSymbol() status is checked.
//
// The same 48-tap filter and 32-entry constant table. The upload's status
// says the taps did not fit; the program falls back to a kernel that reads
// the coefficients from global memory, and the output is right.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kMaxTaps = 32;
__constant__ float c_taps[kMaxTaps];

static void checkCuda(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

__global__ void firConstant(const float *in, float *out, int n, int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = 0; k < taps && k < kMaxTaps; ++k)
    acc += i >= k ? c_taps[k] * in[i - k] : 0.0f;
  out[i] = acc;
}

__global__ void firGlobal(const float *coefficients, const float *in, float *out, int n, int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = 0; k < taps; ++k)
    acc += i >= k ? coefficients[k] * in[i - k] : 0.0f;
  out[i] = acc;
}

static std::vector<float> designLowPass(int taps) {
  std::vector<float> h(taps);
  float sum = 0.0f;
  for (int k = 0; k < taps; ++k) {
    h[k] = 0.54f - 0.46f * std::cos(2.0f * 3.14159265f * k / (taps - 1)); // Hamming window
    sum += h[k];
  }
  for (float &tap : h)
    tap /= sum;
  return h;
}

int main() {
  int n = 1 << 16;
  int taps = 48;
  std::vector<float> h = designLowPass(taps);

  float *signal = nullptr, *filtered = nullptr, *coefficients = nullptr;
  checkCuda(cudaMallocManaged(&signal, n * sizeof(float)), "cudaMallocManaged(signal)");
  checkCuda(cudaMallocManaged(&filtered, n * sizeof(float)), "cudaMallocManaged(filtered)");
  for (int i = 0; i < n; ++i)
    signal[i] = 1.0f + 0.5f * std::sin(0.01f * i);

  cudaError_t upload = cudaMemcpyToSymbol(c_taps, h.data(), taps * sizeof(float));
  if (upload == cudaSuccess) {
    void *args[] = {&signal, &filtered, &n, &taps};
    checkCuda(cudaLaunchKernel((const void *)firConstant, dim3((n + 255) / 256), dim3(256), args, 0, nullptr),
              "cudaLaunchKernel(firConstant)");
  } else {
    std::fprintf(stderr, "%d taps do not fit the constant table (%s); filtering from global memory\n",
                 taps, cudaGetErrorString(upload));
    (void)cudaGetLastError(); // the failure is handled: clear it
    checkCuda(cudaMallocManaged(&coefficients, taps * sizeof(float)), "cudaMallocManaged(coefficients)");
    for (int k = 0; k < taps; ++k)
      coefficients[k] = h[k];
    void *args[] = {&coefficients, &signal, &filtered, &n, &taps};
    checkCuda(cudaLaunchKernel((const void *)firGlobal, dim3((n + 255) / 256), dim3(256), args, 0, nullptr),
              "cudaLaunchKernel(firGlobal)");
  }
  checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");

  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float expect = 0.0f;
    for (int k = 0; k < taps && k <= i; ++k)
      expect += h[k] * signal[i - k];
    wrong += std::fabs(filtered[i] - expect) > 1e-4f;
  }
  checkCuda(cudaFree(signal), "cudaFree(signal)");
  checkCuda(cudaFree(filtered), "cudaFree(filtered)");
  checkCuda(cudaFree(coefficients), "cudaFree(coefficients)");
  checkCuda(cudaDeviceReset(), "cudaDeviceReset");

  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d filtered samples wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d filtered samples correct (upload failure %s)\n", n,
                upload != cudaSuccess ? "caught and handled" : "did not occur");
  return 0;
}
