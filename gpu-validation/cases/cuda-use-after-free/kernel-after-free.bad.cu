// cuda-use-after-free: a kernel launched with a buffer already released.
//
// An edge detector computes image gradients, then their magnitude, then
// their direction. The gradient buffer (64 MiB) is released right after the
// magnitude kernel, to keep the peak footprint down, but the direction kernel
// launched after it still reads the gradients: its blocks read unmapped
// device memory and the context fails with an illegal address.
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

constexpr int kWidth = 4096, kHeight = 2048;

__global__ void gradient(const float *image, float2 *grad) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < kWidth && y < kHeight) {
    float right = image[y * kWidth + (x + 1 < kWidth ? x + 1 : x)];
    float down = image[(y + 1 < kHeight ? y + 1 : y) * kWidth + x];
    float here = image[y * kWidth + x];
    grad[y * kWidth + x] = make_float2(right - here, down - here);
  }
}

__global__ void magnitude(const float2 *grad, float *mag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kWidth * kHeight)
    mag[i] = fabsf(grad[i].x) + fabsf(grad[i].y);
}

__global__ void direction(const float2 *grad, unsigned char *dir) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kWidth * kHeight)
    dir[i] = fabsf(grad[i].x) >= fabsf(grad[i].y) ? 0 : 1; // 0: horizontal, 1: vertical
}

static void makeRamp(std::vector<float> &image) {
  for (size_t i = 0; i < image.size(); ++i)
    image[i] = static_cast<float>(i % kWidth); // brighter to the right
}

static int countWrong(const std::vector<float> &mag, const std::vector<unsigned char> &dir) {
  int wrong = 0;
  for (size_t i = 0; i < mag.size(); ++i) {
    const bool lastColumn = i % kWidth == kWidth - 1;
    wrong += mag[i] != (lastColumn ? 0.0f : 1.0f) || dir[i] != 0;
  }
  return wrong;
}

int main() {
  const int n = kWidth * kHeight;
  std::vector<float> image(n), mag(n);
  std::vector<unsigned char> dir(n);
  makeRamp(image);

  float *dImage = nullptr, *dMag = nullptr;
  float2 *dGrad = nullptr;
  unsigned char *dDir = nullptr;
  CUDA_CHECK(cudaMalloc(&dImage, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dGrad, n * sizeof(float2)));
  CUDA_CHECK(cudaMalloc(&dMag, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dDir, n));
  CUDA_CHECK(cudaMemcpy(dImage, image.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  gradient<<<dim3(kWidth / 32, kHeight / 8), dim3(32, 8)>>>(dImage, dGrad);
  CUDA_CHECK(cudaGetLastError());
  magnitude<<<(n + 255) / 256, 256>>>(dGrad, dMag);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaFree(dGrad)); // the gradients are not needed any more
  direction<<<(n + 255) / 256, 256>>>(dGrad, dDir); // cudalint-expect: cuda-use-after-free
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(mag.data(), dMag, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(dir.data(), dDir, n, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dImage));
  CUDA_CHECK(cudaFree(dMag));
  CUDA_CHECK(cudaFree(dDir));
  CUDA_CHECK(cudaDeviceReset());

  const int wrong = countWrong(mag, dir);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d pixels wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d pixels correct\n", n);
  return 0;
}
