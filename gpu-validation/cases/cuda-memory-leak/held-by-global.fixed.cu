// cuda-memory-leak, fixed: shutdown() releases the state the global holds
// before main returns.
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

constexpr unsigned kCells = 16u << 20; // four bytes each: 64 MiB

static float *gState = nullptr;

__global__ void step(float *state, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    state[i] = state[i] * 0.5f + 1.0f;
}

void init() {
  CUDA_CHECK(cudaMalloc(&gState, kCells * sizeof(float)));
  CUDA_CHECK(cudaMemset(gState, 0, kCells * sizeof(float)));
}

void shutdown() {
  CUDA_CHECK(cudaFree(gState));
  gState = nullptr;
}

int main() {
  // The validation oracle: the device memory free once the context is set
  // up, and again just before main returns.
  size_t freeAtStart = 0, freeAtEnd = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeAtStart, &total));
  init();
  for (int i = 0; i < 10; ++i)
    step<<<kCells / 256, 256>>>(gState, kCells);
  CUDA_CHECK(cudaGetLastError());
  float first = 0.0f;
  CUDA_CHECK(cudaMemcpy(&first, gState, sizeof first, cudaMemcpyDeviceToHost));
  shutdown();
  CUDA_CHECK(cudaMemGetInfo(&freeAtEnd, &total));
  CUDA_CHECK(cudaDeviceReset());

  const long long heldMiB = (static_cast<long long>(freeAtStart) - static_cast<long long>(freeAtEnd)) >> 20;
  if (first < 1.99f || first > 2.0f)
    std::printf("GPU-VERDICT: misbehaved the state converged to %g, not 2\n", first);
  else if (heldMiB >= 48)
    std::printf("GPU-VERDICT: misbehaved state converged, but %lld MiB of device memory are still allocated when main returns\n",
                heldMiB);
  else
    std::printf("GPU-VERDICT: clean state converged, %lld MiB still allocated when main returns\n", heldMiB);
  return 0;
}
