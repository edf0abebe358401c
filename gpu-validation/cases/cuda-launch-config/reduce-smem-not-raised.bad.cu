// cuda-launch-config: 64 KiB of dynamic shared memory, limit never raised.
//
// A block-wise sum that stages 16384 floats per block in dynamic shared
// memory. A kernel may use 48 KiB of dynamic shared memory unless
// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, ...)
// raises its limit first; nothing here does, so the launch fails. The
// program checks the launch and stops.
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

  blockSums<<<blocks, kThreads, kSharedBytes>>>(dIn, dSums); // cudalint-expect: cuda-launch-config
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
