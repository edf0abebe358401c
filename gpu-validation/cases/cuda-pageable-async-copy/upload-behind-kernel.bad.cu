// cuda-pageable-async-copy: an "asynchronous" upload from malloc'd memory.
//
// A pipeline queues a 50 ms kernel on a stream, then the next 64 MiB input
// with cudaMemcpyAsync, and means to prepare the following input on the host
// meanwhile. The input is pageable (malloc), so the driver stages it through a
// pinned buffer and the call returns only once the copy is done: the host
// waits for the kernel queued ahead of it. The program times how long the
// call held the host.
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr size_t kBytes = 64u << 20;
constexpr int kKernelMs = 50;

__global__ void busy(long long cycles, float *out) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
  if (threadIdx.x == 0 && blockIdx.x == 0)
    out[0] = 1.0f;
}

int main() {
  int clockKhz = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, 0));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  float *dInput = nullptr, *dScratch = nullptr;
  CUDA_CHECK(cudaMalloc(&dInput, kBytes));
  CUDA_CHECK(cudaMalloc(&dScratch, sizeof(float)));

  float *hInput = static_cast<float *>(std::malloc(kBytes));
  if (!hInput) {
    std::printf("GPU-VERDICT: failed malloc\n");
    CUDA_CHECK(cudaFree(dInput));
    CUDA_CHECK(cudaFree(dScratch));
    return 1;
  }
  std::memset(hInput, 0, kBytes);

  // Warm up the copy path so that the timing below is the copy's alone.
  CUDA_CHECK(cudaMemcpy(dInput, hInput, kBytes, cudaMemcpyHostToDevice));
  busy<<<1, 32, 0, stream>>>(static_cast<long long>(clockKhz) * kKernelMs, dScratch);
  CUDA_CHECK(cudaGetLastError());
  auto before = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaMemcpyAsync(dInput, hInput, kBytes, cudaMemcpyHostToDevice, stream)); // cudalint-expect: cuda-pageable-async-copy
  auto after = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaStreamSynchronize(stream));
  double heldMs = std::chrono::duration<double, std::milli>(after - before).count();

  std::free(hInput);
  CUDA_CHECK(cudaFree(dInput));
  CUDA_CHECK(cudaFree(dScratch));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaDeviceReset());

  if (heldMs > kKernelMs / 2.0)
    std::printf("GPU-VERDICT: misbehaved cudaMemcpyAsync held the host %.2f ms behind a %d ms kernel (host_blocked_ms=%.3f)\n",
                heldMs, kKernelMs, heldMs);
  else
    std::printf("GPU-VERDICT: clean cudaMemcpyAsync returned after %.3f ms (host_blocked_ms=%.3f)\n", heldMs, heldMs);
  return 0;
}
