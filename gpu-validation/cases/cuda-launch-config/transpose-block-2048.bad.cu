// cuda-launch-config: a 2D block of 64 x 32 = 2048 threads.
//
// A matrix transpose tuned as 64 x 32 tiles. No CUDA GPU runs more than 1024
// threads per block, so the launch fails; <<<>>> returns nothing, the checked
// cudaDeviceSynchronize() after it returns cudaSuccess, and the program copies
// back an output that was never written.
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

constexpr int kTileX = 64;
constexpr int kTileY = 32;

__global__ void transpose(const float *in, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    out[x * height + y] = in[y * width + x];
}

int main() {
  const int width = 1024, height = 512, n = width * height;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>(i % 1013);

  float *dIn = nullptr, *dOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dOut, 0, n * sizeof(float)));

  dim3 block(kTileX, kTileY);
  dim3 grid((width + kTileX - 1) / kTileX, (height + kTileY - 1) / kTileY);
  transpose<<<grid, block>>>(dIn, dOut, width, height); // cudalint-expect: cuda-launch-config,cuda-unchecked-error
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> out(n);
  CUDA_CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      wrong += out[x * height + y] != in[y * width + x];
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d elements never transposed, yet every checked call returned cudaSuccess\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d elements transposed\n", n);
  return 0;
}
