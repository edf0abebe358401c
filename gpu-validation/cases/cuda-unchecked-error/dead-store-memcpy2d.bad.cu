// cuda-unchecked-error: a status stored, then overwritten before it is read.
//
// An image is inverted in pitched device memory. The download passes the
// host row pitch in pixels (width) instead of bytes; a pitch narrower than a
// row makes cudaMemcpy2D() fail and copy nothing. Its status lands in `err`,
// which the next call overwrites before anyone looks: the program checks the
// cudaFree() status instead and reports an image it never downloaded.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void invert(float *image, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float *row = reinterpret_cast<float *>(reinterpret_cast<char *>(image) + y * pitch);
    row[x] = 1.0f - row[x];
  }
}

// Reports the failed call and ends the process, which releases what it holds.
[[noreturn]] static int report(const char *what, cudaError_t err) {
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
  std::exit(1);
}

int main() {
  const int width = 1000, height = 600;
  std::vector<float> image(static_cast<size_t>(width) * height);
  for (size_t i = 0; i < image.size(); ++i)
    image[i] = static_cast<float>(i % 251) / 250.0f;
  std::vector<float> inverted(image.size(), 0.0f);

  float *dImage = nullptr;
  size_t pitch = 0;
  cudaError_t err = cudaMallocPitch(&dImage, &pitch, width * sizeof(float), height);
  if (err != cudaSuccess)
    return report("cudaMallocPitch", err);
  err = cudaMemcpy2D(dImage, pitch, image.data(), width * sizeof(float), width * sizeof(float), height, cudaMemcpyHostToDevice);
  if (err != cudaSuccess)
    return report("cudaMemcpy2D(upload)", err);

  dim3 block(32, 8);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  invert<<<grid, block>>>(dImage, pitch, width, height);
  err = cudaGetLastError();
  if (err != cudaSuccess)
    return report("invert launch", err);

  // NOLINTNEXTLINE(cuda-copy-size): the pitch is narrower than a row on purpose, so that the call fails; this case is about cuda-unchecked-error
  err = cudaMemcpy2D(inverted.data(), width, dImage, pitch, width * sizeof(float), height, cudaMemcpyDeviceToHost); // cudalint-expect: cuda-unchecked-error
  err = cudaFree(dImage);
  if (err != cudaSuccess)
    return report("cudaFree", err);
  err = cudaDeviceReset();
  if (err != cudaSuccess)
    return report("cudaDeviceReset", err);

  size_t wrong = 0;
  for (size_t i = 0; i < image.size(); ++i)
    wrong += inverted[i] != 1.0f - image[i];
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu pixels never downloaded, yet every status the program read was cudaSuccess\n", wrong, image.size());
  else
    std::printf("GPU-VERDICT: clean all %zu pixels correct\n", image.size());
  return 0;
}
