// cuda-memory-leak: ping-pong buffers of a time-stepping loop.
//
// A heat-diffusion solver keeps the temperature of 16 Mi cells in two 64 MiB
// device buffers and swaps them after every step: the step reads `u` and
// writes `uNext`, then `uNext` becomes the current state. After the last step
// the solver reads the result and releases `u` only. Which buffer `u` holds
// then depends on the parity of the step count: after these 201 steps it is
// the one first allocated as `uNext`, and the buffer first allocated as `u`
// stays allocated. Each solve leaves 64 MiB behind.
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

constexpr unsigned kCells = 16u << 20; // 64 MiB of floats per buffer
constexpr int kSteps = 201;

__global__ void initialTemperature(float *u, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    u[i] = 100.0f;
}

// One explicit step of the 1D heat equation; the ends are held at 100.
__global__ void diffuse(const float *u, float *uNext, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float left = i > 0 ? u[i - 1] : 100.0f;
  float right = i + 1 < n ? u[i + 1] : 100.0f;
  uNext[i] = u[i] + 0.25f * (left - 2.0f * u[i] + right);
}

// Runs the solver; returns the temperature in the middle of the rod.
static float solve() {
  float *u = nullptr, *uNext = nullptr;
  CUDA_CHECK(cudaMalloc(&u, kCells * sizeof(float))); // cudalint-expect: cuda-memory-leak
  CUDA_CHECK(cudaMalloc(&uNext, kCells * sizeof(float)));
  initialTemperature<<<kCells / 256, 256>>>(u, kCells);
  CUDA_CHECK(cudaGetLastError());
  for (int step = 0; step < kSteps; ++step) {
    diffuse<<<kCells / 256, 256>>>(u, uNext, kCells);
    CUDA_CHECK(cudaGetLastError());
    float *swap = u;
    u = uNext;
    uNext = swap;
  }
  float middle = 0.0f;
  CUDA_CHECK(cudaMemcpy(&middle, u + kCells / 2, sizeof middle, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(u));
  return middle;
}

int main() {
  // The validation oracle: the device memory free before and after the
  // second solve (the first one loads the kernels and sets the runtime up).
  size_t freeBefore = 0, freeAfter = 0, total = 0;
  float first = solve();
  CUDA_CHECK(cudaMemGetInfo(&freeBefore, &total));
  float second = solve();
  CUDA_CHECK(cudaMemGetInfo(&freeAfter, &total));
  CUDA_CHECK(cudaDeviceReset());

  const long long heldMiB = (static_cast<long long>(freeBefore) - static_cast<long long>(freeAfter)) >> 20;
  if (first != 100.0f || second != 100.0f)
    std::printf("GPU-VERDICT: misbehaved the uniform rod did not stay at 100 degrees (%f, %f)\n", first, second);
  else if (heldMiB >= 48)
    std::printf("GPU-VERDICT: misbehaved both solves right, but %lld MiB of device memory are still allocated after the second solve\n",
                heldMiB);
  else
    std::printf("GPU-VERDICT: clean both solves right, %lld MiB still allocated after the second solve\n", heldMiB);
  return 0;
}
