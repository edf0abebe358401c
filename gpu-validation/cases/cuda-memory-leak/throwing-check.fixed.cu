// cuda-memory-leak, fixed: an RAII owner releases the buffers on the throw.
//
// The same smoothing step, with the same throwing CUDA_CHECK and the same
// refused 1 TiB batch workspace. Its buffers are DeviceBuffer objects: when
// the exception leaves smooth(), their destructors release the signal
// buffer, and the fallback runs with nothing left behind.
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

// Owns device memory: released when the object goes out of scope, also when
// an exception leaves the scope.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes) { CUDA_CHECK(cudaMalloc(&data_, bytes)); }
  ~DeviceBuffer() { (void)cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  float *get() const { return data_; }

private:
  float *data_ = nullptr;
};

// Smooths `signal` into `smoothed` with a workspace of `workspaceBytes`;
// throws std::runtime_error when a CUDA call fails.
static void smooth(const std::vector<float> &signal, std::vector<float> &smoothed,
                   size_t workspaceBytes) {
  const size_t bytes = signal.size() * sizeof(float);
  DeviceBuffer dSignal(bytes);
  CUDA_CHECK(cudaMemcpy(dSignal.get(), signal.data(), bytes, cudaMemcpyHostToDevice));
  DeviceBuffer dWork(workspaceBytes);
  smoothKernel<<<static_cast<unsigned>((signal.size() + 255) / 256), 256>>>(dSignal.get(), dWork.get(), signal.size());
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(smoothed.data(), dWork.get(), bytes, cudaMemcpyDeviceToHost));
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
