// cuda-alloc-in-loop, fixed: one pinned staging buffer serves every frame.
//
// The same 200 uploads of 4 MiB through a staging buffer allocated with
// cudaMallocHost once, before the loop.
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

constexpr int kFrames = 200;
constexpr size_t kFrameBytes = 4u << 20;
// A 4 MiB copy from pinned memory, with room to spare.
constexpr double kBudgetMicroseconds = 400.0;

int main() {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  unsigned char *frame = nullptr;
  CUDA_CHECK(cudaMalloc(&frame, kFrameBytes));

  auto start = std::chrono::steady_clock::now();
  unsigned char *staging = nullptr;
  CUDA_CHECK(cudaMallocHost(&staging, kFrameBytes));
  for (int i = 0; i < kFrames; ++i) {
    staging[0] = static_cast<unsigned char>(i); // the frame's header; its pixels are elided
    CUDA_CHECK(cudaMemcpyAsync(frame, staging, kFrameBytes, cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }
  CUDA_CHECK(cudaFreeHost(staging));
  double loopMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  unsigned char last = 0;
  CUDA_CHECK(cudaMemcpy(&last, frame, 1, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(frame));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaDeviceReset());

  double perFrame = loopMs * 1000.0 / kFrames;
  if (last != ((kFrames - 1) & 0xff))
    std::printf("GPU-VERDICT: failed the last frame holds %d, expected %d\n", last, (kFrames - 1) & 0xff);
  else if (perFrame > kBudgetMicroseconds)
    std::printf("GPU-VERDICT: misbehaved %d frames took %.1f ms, %.0f us per frame (loop_ms=%.2f)\n",
                kFrames, loopMs, perFrame, loopMs);
  else
    std::printf("GPU-VERDICT: clean %d frames took %.1f ms, %.0f us per frame (loop_ms=%.2f)\n",
                kFrames, loopMs, perFrame, loopMs);
  return 0;
}
