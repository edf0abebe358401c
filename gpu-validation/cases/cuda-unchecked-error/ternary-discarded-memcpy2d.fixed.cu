// cuda-unchecked-error, fixed: the conditional upload's status is kept and
// read.
//
// The same upload with the pitch in pixels. The status of whichever
// cudaMemcpy2D() ran is checked; the program reports the failure and stops
// before computing on a frame it never uploaded.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void brighten(float *frame, size_t pitch, int width, int height, float gain) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float *row = reinterpret_cast<float *>(reinterpret_cast<char *>(frame) + y * pitch);
    row[x] *= gain;
  }
}

static int fail(const char *what, cudaError_t err) {
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
  return 1;
}

int main(int argc, char **) {
  int width = 640, height = 480;
  float gain = 1.5f;
  const bool useDenoised = argc < 2;
  std::vector<float> raw(static_cast<size_t>(width) * height), denoised(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    raw[i] = static_cast<float>(i % 256);
    denoised[i] = static_cast<float>(i % 128);
  }
  const std::vector<float> &current = useDenoised ? denoised : raw;

  float *dFrame = nullptr;
  size_t pitch = 0;
  cudaError_t err = cudaMallocPitch(&dFrame, &pitch, width * sizeof(float), height);
  if (err != cudaSuccess)
    return fail("cudaMallocPitch", err);
  // NOLINTNEXTLINE(cuda-copy-size): the pitch is narrower than a row on purpose, so that the call fails; this case is about cuda-unchecked-error
  const cudaError_t upload = useDenoised ? cudaMemcpy2D(dFrame, pitch, denoised.data(), width, width * sizeof(float), height, cudaMemcpyHostToDevice) : cudaMemcpy2D(dFrame, pitch, raw.data(), width, width * sizeof(float), height, cudaMemcpyHostToDevice);
  if (upload != cudaSuccess) {
    std::fprintf(stderr, "cudaMemcpy2D(upload) failed: %s\n", cudaGetErrorString(upload));
    if ((err = cudaFree(dFrame)) != cudaSuccess)
      return fail("cudaFree", err);
    if ((err = cudaDeviceReset()) != cudaSuccess)
      return fail("cudaDeviceReset", err);
    std::printf("GPU-VERDICT: clean the failed upload was reported and no result was computed from it (%s)\n",
                cudaGetErrorString(upload));
    return 1;
  }

  dim3 block(32, 8), grid((width + 31) / 32, (height + 7) / 8);
  void *args[] = {&dFrame, &pitch, &width, &height, &gain};
  if ((err = cudaLaunchKernel((const void *)brighten, grid, block, args, 0, nullptr)) != cudaSuccess)
    return fail("cudaLaunchKernel(brighten)", err);
  std::vector<float> result(raw.size(), -1.0f);
  if ((err = cudaMemcpy2D(result.data(), width * sizeof(float), dFrame, pitch, width * sizeof(float), height, cudaMemcpyDeviceToHost)) != cudaSuccess)
    return fail("cudaMemcpy2D(download)", err);
  if ((err = cudaFree(dFrame)) != cudaSuccess)
    return fail("cudaFree", err);
  if ((err = cudaDeviceReset()) != cudaSuccess)
    return fail("cudaDeviceReset", err);

  size_t wrong = 0;
  for (size_t i = 0; i < result.size(); ++i)
    wrong += result[i] != current[i] * gain;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu pixels wrong\n", wrong, result.size());
  else
    std::printf("GPU-VERDICT: clean all %zu pixels correct\n", result.size());
  return 0;
}
