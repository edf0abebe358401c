// cuda-launch-config: more dynamic shared memory than any GPU gives a block.
//
// A stencil that stages a 240 KiB tile per block. The program raises the
// kernel's limit to the device's opt-in maximum
// (cudaDevAttrMaxSharedMemoryPerBlockOptin, 227 KiB on an H200) and launches
// with the full tile anyway: no CUDA GPU gives a block more than 227 KiB, so
// the launch fails; the program checks it and stops.
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

constexpr int kThreads = 256;
constexpr size_t kTileBytes = 240 * 1024;
constexpr int kTile = kTileBytes / sizeof(float);

__global__ void smooth(const float *in, float *out) {
  extern __shared__ float tile[];
  const float *mine = in + static_cast<size_t>(blockIdx.x) * kTile;
  for (int i = threadIdx.x; i < kTile; i += blockDim.x)
    tile[i] = mine[i];
  __syncthreads();
  float *result = out + static_cast<size_t>(blockIdx.x) * kTile;
  for (int i = threadIdx.x; i < kTile; i += blockDim.x)
    result[i] = 0.5f * tile[i] + 0.25f * (tile[i > 0 ? i - 1 : i] + tile[i + 1 < kTile ? i + 1 : i]);
}

int main() {
  const int blocks = 32, n = blocks * kTile;
  std::vector<float> in(n, 2.0f);
  float *dIn = nullptr, *dOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  int optIn = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&optIn, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  std::printf("cudaDevAttrMaxSharedMemoryPerBlockOptin: %d bytes\n", optIn);
  CUDA_CHECK(cudaFuncSetAttribute(smooth, cudaFuncAttributeMaxDynamicSharedMemorySize, optIn));
  smooth<<<blocks, kThreads, kTileBytes>>>(dIn, dOut); // cudalint-expect: cuda-launch-config
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> out(n);
  CUDA_CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != 2.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d outputs wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d outputs correct\n", n);
  return 0;
}
