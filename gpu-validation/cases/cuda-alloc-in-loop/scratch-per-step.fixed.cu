// cuda-alloc-in-loop, fixed: the scratch buffer is allocated once.
//
// The same 2000 steps with the 4 MiB scratch buffer allocated before the loop
// and released after it; the steps queue their kernels back to back.
#include <cuda_runtime.h>
#include <chrono>
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

constexpr int kSteps = 2000;
constexpr int kElements = 1 << 20; // 4 MiB of floats
// Above this per step, the loop is paying for something besides its kernels.
constexpr double kBudgetMicroseconds = 50.0;

__global__ void relax(float *scratch, float *state, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    scratch[i] = 0.5f * state[i];
    state[i] = scratch[i] + 0.25f;
  }
}

int main() {
  float *state = nullptr;
  CUDA_CHECK(cudaMalloc(&state, kElements * sizeof(float)));
  CUDA_CHECK(cudaMemset(state, 0, kElements * sizeof(float)));
  CUDA_CHECK(cudaDeviceSynchronize());

  auto start = std::chrono::steady_clock::now();
  float *scratch = nullptr;
  CUDA_CHECK(cudaMalloc(&scratch, kElements * sizeof(float)));
  for (int step = 0; step < kSteps; ++step) {
    relax<<<kElements / 256, 256>>>(scratch, state, kElements);
    CUDA_CHECK(cudaGetLastError());
  }
  CUDA_CHECK(cudaFree(scratch));
  CUDA_CHECK(cudaDeviceSynchronize());
  double loopMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  float first = 0.0f;
  CUDA_CHECK(cudaMemcpy(&first, state, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(state));
  CUDA_CHECK(cudaDeviceReset());

  double perStep = loopMs * 1000.0 / kSteps;
  if (first != 0.5f)
    std::printf("GPU-VERDICT: failed the state is %f, expected 0.5\n", first);
  else if (perStep > kBudgetMicroseconds)
    std::printf("GPU-VERDICT: misbehaved %d steps took %.1f ms, %.1f us per step (loop_ms=%.2f)\n",
                kSteps, loopMs, perStep, loopMs);
  else
    std::printf("GPU-VERDICT: clean %d steps took %.1f ms, %.1f us per step (loop_ms=%.2f)\n",
                kSteps, loopMs, perStep, loopMs);
  return 0;
}
