// cuda-copy-size: a 2D copy given its pitch in elements.
//
// A 256 x 64 image of floats goes into a pitched device allocation; the
// destination pitch passed is 256, the row length in elements, where
// cudaMemcpy2D wants bytes. Rows of 1024 bytes cannot be 256 bytes apart:
// the runtime refuses the copy with cudaErrorInvalidPitchValue. The program
// checks the copy and stops.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kWidth = 256, kHeight = 64;
constexpr size_t kRowBytes = kWidth * sizeof(float);

__global__ void addRowIndex(float *image, size_t pitch) {
  float *row = reinterpret_cast<float *>(reinterpret_cast<char *>(image) + blockIdx.x * pitch);
  row[threadIdx.x] += static_cast<float>(blockIdx.x);
}

int main() {
  std::vector<float> h(kWidth * kHeight, 1.0f);
  float *d = nullptr;
  size_t pitch = 0;
  CUDA_CHECK(cudaMallocPitch(&d, &pitch, kRowBytes, kHeight));
  CUDA_CHECK(cudaMemcpy2D(d, kWidth, h.data(), kRowBytes, kRowBytes, kHeight, cudaMemcpyHostToDevice)); // cudalint-expect: cuda-copy-size
  addRowIndex<<<kHeight, kWidth>>>(d, pitch);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy2D(h.data(), kRowBytes, d, pitch, kRowBytes, kHeight, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d));

  int wrong = 0;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x)
      wrong += h[y * kWidth + x] != 1.0f + static_cast<float>(y);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d pixels wrong\n", wrong, kWidth * kHeight);
  else
    std::printf("GPU-VERDICT: clean all %d pixels updated\n", kWidth * kHeight);
  return 0;
}
