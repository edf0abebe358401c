// cuda-memory-leak: a status check that throws, after an allocation.
//
// A smoothing step first tries to run with a workspace for the whole batch
// and falls back to a workspace of one signal's size when that does not fit.
// Its CUDA_CHECK macro throws std::runtime_error. When the batch workspace
// (1 TiB, more than any GPU has) cannot be allocated, the exception leaves
// smooth() with the 64 MiB signal buffer it had already allocated and
// uploaded held only by a raw pointer: the caller catches, falls back, and
// the buffer stays allocated for good.
#include <cuda_runtime.h>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess)                                                \
      throw std::runtime_error(std::string(#call) + ": " +                     \
                               cudaGetErrorString(status_));                   \
  } while (0)

constexpr size_t kSamples = size_t{16} << 20;      // 64 MiB of floats
constexpr size_t kBatchWorkspace = size_t{1} << 40; // 1 TiB

__global__ void smoothKernel(const float *in, float *out, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) {
    float left = in[i > 0 ? i - 1 : i];
    float right = in[i + 1 < n ? i + 1 : i];
    out[i] = (left + in[i] + right) / 3.0f;
  }
}

// Smooths `signal` into `smoothed` with a workspace of `workspaceBytes`;
// throws std::runtime_error when a CUDA call fails.
static void smooth(const std::vector<float> &signal, std::vector<float> &smoothed,
                   size_t workspaceBytes) {
  const size_t bytes = signal.size() * sizeof(float);
  float *dSignal = nullptr, *dWork = nullptr;
  CUDA_CHECK(cudaMalloc(&dSignal, bytes)); // cudalint-expect: cuda-memory-leak
  CUDA_CHECK(cudaMemcpy(dSignal, signal.data(), bytes, cudaMemcpyHostToDevice));
  // A check that throws after this one leaves the workspace behind too.
  CUDA_CHECK(cudaMalloc(&dWork, workspaceBytes)); // cudalint-expect: cuda-memory-leak
  smoothKernel<<<static_cast<unsigned>((signal.size() + 255) / 256), 256>>>(dSignal, dWork, signal.size());
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(smoothed.data(), dWork, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dWork));
  CUDA_CHECK(cudaFree(dSignal));
}

int main() {
  std::vector<float> signal(kSamples), smoothed(kSamples);
  for (size_t i = 0; i < kSamples; ++i)
    signal[i] = static_cast<float>(i % 3);
  // The validation oracle: the device memory free before and after the
  // attempt with the batch workspace and its fallback.
  size_t freeBefore = 0, freeAfter = 0, total = 0;
  bool fellBack = false;
  try {
    if (cudaMemGetInfo(&freeBefore, &total) != cudaSuccess)
      throw std::runtime_error("cudaMemGetInfo failed");
    try {
      smooth(signal, smoothed, kBatchWorkspace);
    } catch (const std::runtime_error &) {
      fellBack = true; // the batch workspace does not fit: one signal at a time
      // The refused cudaMalloc also left its error for the next
      // cudaGetLastError(), which would take the fallback's launch for a
      // failed one.
      (void)cudaGetLastError();
      smooth(signal, smoothed, kSamples * sizeof(float));
    }
    if (cudaMemGetInfo(&freeAfter, &total) != cudaSuccess)
      throw std::runtime_error("cudaMemGetInfo failed");
  } catch (const std::runtime_error &error) {
    std::printf("GPU-VERDICT: failed %s\n", error.what());
    return 1;
  }
  (void)cudaDeviceReset();

  bool correct = true;
  for (size_t i = 1; i + 1 < kSamples && correct; ++i)
    correct = smoothed[i] == 1.0f;
  const long long heldMiB = (static_cast<long long>(freeBefore) - static_cast<long long>(freeAfter)) >> 20;
  if (!fellBack || !correct)
    std::printf("GPU-VERDICT: misbehaved the batch workspace %s, the smoothed signal is %s\n",
                fellBack ? "was refused" : "fit", correct ? "right" : "wrong");
  else if (heldMiB >= 48)
    std::printf("GPU-VERDICT: misbehaved smoothed after the fallback, but %lld MiB of device memory are still allocated after the exception\n",
                heldMiB);
  else
    std::printf("GPU-VERDICT: clean refused batch workspace handled, smoothed after the fallback, %lld MiB still allocated\n",
                heldMiB);
  return 0;
}
