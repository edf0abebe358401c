// cuda-launch-config, fixed: the kernel's shared memory limit is raised.
//
// The same block-wise sum; before the launch,
// cudaFuncSetAttribute(blockSums, cudaFuncAttributeMaxDynamicSharedMemorySize,
// 64 KiB) lets its launches use 64 KiB of dynamic shared memory.
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

constexpr int kThreads = 1024;
constexpr int kPerBlock = 16384;
constexpr size_t kSharedBytes = kPerBlock * sizeof(float);

__global__ void blockSums(const float *in, float *sums) {
  extern __shared__ float staged[];
  const float *mine = in + static_cast<size_t>(blockIdx.x) * kPerBlock;
  for (int i = threadIdx.x; i < kPerBlock; i += blockDim.x)
    staged[i] = mine[i];
  __syncthreads();
  for (int stride = kPerBlock / 2; stride > 0; stride /= 2) {
    for (int i = threadIdx.x; i < stride; i += blockDim.x)
      staged[i] += staged[i + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = staged[0];
}

int main() {
  const int blocks = 64, n = blocks * kPerBlock;
  std::vector<float> in(n, 1.0f);
  float *dIn = nullptr, *dSums = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dSums, blocks * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  CUDA_CHECK(cudaFuncSetAttribute(blockSums, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(kSharedBytes)));
  blockSums<<<blocks, kThreads, kSharedBytes>>>(dIn, dSums);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> sums(blocks);
  CUDA_CHECK(cudaMemcpy(sums.data(), dSums, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dSums));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int b = 0; b < blocks; ++b)
    wrong += sums[b] != static_cast<float>(kPerBlock);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d block sums wrong\n", wrong, blocks);
  else
    std::printf("GPU-VERDICT: clean all %d block sums correct\n", blocks);
  return 0;
}
