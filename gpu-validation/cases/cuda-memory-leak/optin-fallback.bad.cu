// cuda-memory-leak: the early return after a later call fails.
//
// A 1-D blur prefers a variant that stages 64K floats per block in 256 KiB of
// dynamic shared memory, a size from a tuning table written for another GPU,
// and falls back to a global-memory variant when the device refuses the
// opt-in (an H200 allows 227 KiB per block). blurShared() uploads the signal
// first and opts in afterwards; when cudaFuncSetAttribute() fails it returns
// the error, and the 64 MiB signal buffer it allocated stays on the GPU until
// the process exits.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kThreads = 256;
constexpr int kTile = 65536;                        // floats staged per block
constexpr size_t kTileBytes = kTile * sizeof(float); // 256 KiB

__global__ void blurTile(const float *in, float *out, int n) {
  extern __shared__ float tile[];
  const int first = blockIdx.x * kTile;
  for (int j = threadIdx.x; j < kTile && first + j < n; j += blockDim.x)
    tile[j] = in[first + j];
  __syncthreads();
  for (int j = threadIdx.x; j < kTile && first + j < n; j += blockDim.x) {
    float left = j > 0 ? tile[j - 1] : in[first + j - (first + j > 0)];
    float right = j + 1 < kTile && first + j + 1 < n ? tile[j + 1] : in[first + j + (first + j + 1 < n)];
    out[first + j] = (left + tile[j] + right) / 3.0f;
  }
}

__global__ void blurGlobal(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float left = in[i > 0 ? i - 1 : i];
    float right = in[i + 1 < n ? i + 1 : i];
    out[i] = (left + in[i] + right) / 3.0f;
  }
}

static cudaError_t blurShared(const std::vector<float> &signal, std::vector<float> &blurred) {
  const int n = static_cast<int>(signal.size());
  const size_t bytes = signal.size() * sizeof(float);
  float *dIn = nullptr;
  cudaError_t err = cudaMalloc(&dIn, bytes); // cudalint-expect: cuda-memory-leak
  if (err != cudaSuccess)
    return err;
  err = cudaMemcpy(dIn, signal.data(), bytes, cudaMemcpyHostToDevice);
  if (err != cudaSuccess) {
    (void)cudaFree(dIn);
    return err;
  }
  err = cudaFuncSetAttribute(blurTile, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(kTileBytes));
  if (err != cudaSuccess)
    return err; // dIn is not released on this path
  float *dOut = nullptr;
  err = cudaMalloc(&dOut, bytes);
  if (err != cudaSuccess) {
    (void)cudaFree(dIn);
    return err;
  }
  // NOLINTNEXTLINE(cuda-launch-config): the refused launch is this program's premise; the fallback handles it
  blurTile<<<(n + kTile - 1) / kTile, kThreads, kTileBytes>>>(dIn, dOut, n);
  err = cudaGetLastError();
  if (err == cudaSuccess)
    err = cudaMemcpy(blurred.data(), dOut, bytes, cudaMemcpyDeviceToHost);
  (void)cudaFree(dOut);
  (void)cudaFree(dIn);
  return err;
}

static cudaError_t blurFromGlobal(const std::vector<float> &signal, std::vector<float> &blurred) {
  const int n = static_cast<int>(signal.size());
  const size_t bytes = signal.size() * sizeof(float);
  float *dIn = nullptr, *dOut = nullptr;
  cudaError_t err = cudaMalloc(&dIn, bytes);
  if (err != cudaSuccess)
    return err;
  err = cudaMalloc(&dOut, bytes);
  if (err != cudaSuccess) {
    (void)cudaFree(dIn);
    return err;
  }
  err = cudaMemcpy(dIn, signal.data(), bytes, cudaMemcpyHostToDevice);
  if (err == cudaSuccess) {
    blurGlobal<<<(n + kThreads - 1) / kThreads, kThreads>>>(dIn, dOut, n);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess)
    err = cudaMemcpy(blurred.data(), dOut, bytes, cudaMemcpyDeviceToHost);
  (void)cudaFree(dOut);
  (void)cudaFree(dIn);
  return err;
}

// The blur of `signal`, with the shared-memory variant when the device takes
// it and with the global-memory one otherwise.
static cudaError_t blur(const std::vector<float> &signal, std::vector<float> &blurred, const char **variant) {
  *variant = "shared-memory";
  cudaError_t err = blurShared(signal, blurred);
  if (err == cudaSuccess)
    return err;
  std::fprintf(stderr, "shared-memory blur unavailable (%s); using the global-memory blur\n",
               cudaGetErrorString(err));
  (void)cudaGetLastError(); // the refused opt-in is the last error: clear it before the fallback
  *variant = "global-memory";
  return blurFromGlobal(signal, blurred);
}

static void makeSignal(std::vector<float> &signal, int period) {
  for (size_t i = 0; i < signal.size(); ++i)
    signal[i] = static_cast<float>(i % period);
}

static size_t countWrong(const std::vector<float> &signal, const std::vector<float> &blurred) {
  const size_t n = signal.size();
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    float expect = (signal[i > 0 ? i - 1 : i] + signal[i] + signal[i + 1 < n ? i + 1 : i]) / 3.0f;
    wrong += blurred[i] != expect;
  }
  return wrong;
}

static int fail(const char *what, cudaError_t err) {
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
  return 1;
}

int main() {
  const size_t n = size_t{1} << 24; // 64 MiB of floats per channel
  std::vector<float> left(n), right(n), blurredLeft(n, -1.0f), blurredRight(n, -1.0f);
  makeSignal(left, 7);
  makeSignal(right, 5);

  // The validation oracle: the device memory free before and after the second
  // channel's blur (the first one loads the kernels and sets the runtime up).
  cudaError_t err;
  const char *variant = "";
  size_t freeBefore = 0, freeAfter = 0, total = 0;
  if ((err = blur(left, blurredLeft, &variant)) != cudaSuccess)
    return fail("blur(left)", err);
  if ((err = cudaMemGetInfo(&freeBefore, &total)) != cudaSuccess)
    return fail("cudaMemGetInfo", err);
  if ((err = blur(right, blurredRight, &variant)) != cudaSuccess)
    return fail("blur(right)", err);
  if ((err = cudaMemGetInfo(&freeAfter, &total)) != cudaSuccess)
    return fail("cudaMemGetInfo", err);
  if ((err = cudaDeviceReset()) != cudaSuccess)
    return fail("cudaDeviceReset", err);

  const size_t wrong = countWrong(left, blurredLeft) + countWrong(right, blurredRight);
  const long long heldMiB = (static_cast<long long>(freeBefore) - static_cast<long long>(freeAfter)) >> 20;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu blurred samples wrong\n", wrong, 2 * n);
  else if (heldMiB >= 32)
    std::printf("GPU-VERDICT: misbehaved the %s blur is correct, but %lld MiB of device memory are still allocated after a channel's blur returned\n",
                variant, heldMiB);
  else
    std::printf("GPU-VERDICT: clean all %zu samples correct with the %s blur, no device memory held after a channel's blur (%lld MiB)\n",
                2 * n, variant, heldMiB);
  return 0;
}
