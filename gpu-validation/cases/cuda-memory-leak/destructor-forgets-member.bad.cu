// cuda-memory-leak: a destructor that releases all of its object's device
// memory but one member.
//
// A denoiser object is built per video clip: its constructor allocates the
// input, output and a noise-estimate buffer; its destructor releases the
// input and output and forgets the noise estimate. Every clip processed
// leaves 32 MiB allocated on the GPU for good.
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

constexpr size_t kPixels = size_t{8} << 20; // 32 MiB of floats per buffer
constexpr int kClips = 8;

__global__ void estimateNoise(const float *input, float *noise, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    noise[i] = input[i] * 0.25f;
}

__global__ void subtractNoise(const float *input, const float *noise, float *output, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    output[i] = input[i] - noise[i];
}

class Denoiser {
public:
  explicit Denoiser(size_t pixels) : pixels_(pixels) {
    CUDA_CHECK(cudaMalloc(&input_, pixels * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&output_, pixels * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&noise_, pixels * sizeof(float))); // cudalint-expect: cuda-memory-leak
  }
  ~Denoiser() {
    CUDA_CHECK(cudaFree(input_));
    CUDA_CHECK(cudaFree(output_));
  }
  Denoiser(const Denoiser &) = delete;
  Denoiser &operator=(const Denoiser &) = delete;

  // Denoises a constant clip of value `level`; returns whether every output
  // pixel is 0.75 * level.
  bool run(float level) {
    CUDA_CHECK(cudaMemset(input_, 0, pixels_ * sizeof(float)));
    const unsigned blocks = static_cast<unsigned>((pixels_ + 255) / 256);
    fillKernel(level, blocks);
    estimateNoise<<<blocks, 256>>>(input_, noise_, pixels_);
    CUDA_CHECK(cudaGetLastError());
    subtractNoise<<<blocks, 256>>>(input_, noise_, output_, pixels_);
    CUDA_CHECK(cudaGetLastError());
    float corner[2] = {0, 0};
    CUDA_CHECK(cudaMemcpy(&corner[0], output_, sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&corner[1], output_ + pixels_ - 1, sizeof(float), cudaMemcpyDeviceToHost));
    return corner[0] == 0.75f * level && corner[1] == 0.75f * level;
  }

private:
  void fillKernel(float level, unsigned blocks);
  float *input_ = nullptr;
  float *output_ = nullptr;
  float *noise_ = nullptr;
  size_t pixels_;
};

__global__ void fill(float *data, float value, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    data[i] = value;
}

void Denoiser::fillKernel(float level, unsigned blocks) {
  fill<<<blocks, 256>>>(input_, level, pixels_);
  CUDA_CHECK(cudaGetLastError());
}

static bool denoiseClip(int clip) {
  Denoiser denoiser(kPixels);
  return denoiser.run(static_cast<float>(clip + 1));
}

int main() {
  int wrong = !denoiseClip(0); // loads the kernels and sets the runtime up
  // The validation oracle: the device memory free before and after the
  // other clips, each with its own Denoiser constructed and destroyed.
  size_t freeBefore = 0, freeAfter = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeBefore, &total));
  for (int clip = 1; clip < kClips; ++clip)
    wrong += !denoiseClip(clip);
  CUDA_CHECK(cudaMemGetInfo(&freeAfter, &total));
  CUDA_CHECK(cudaDeviceReset());

  const long long heldMiB = (static_cast<long long>(freeBefore) - static_cast<long long>(freeAfter)) >> 20;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d clips denoised wrong\n", wrong, kClips);
  else if (heldMiB >= 128)
    std::printf("GPU-VERDICT: misbehaved all %d clips denoised correctly, but %lld MiB of device memory are still allocated after %d Denoisers were destroyed\n",
                kClips, heldMiB, kClips - 1);
  else
    std::printf("GPU-VERDICT: clean all %d clips denoised correctly, %lld MiB still allocated after %d Denoisers were destroyed\n",
                kClips, heldMiB, kClips - 1);
  return 0;
}
