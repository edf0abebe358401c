// cuda-mismatched-free: pinned host memory released with cudaFree().
//
// A double-buffered upload stages each half of the input in one of two
// cudaMallocHost() buffers. Its teardown releases every buffer the same way,
// with cudaFree(), and ignores the statuses, as teardown code often does.
// cudaFree() cannot release pinned host memory: the calls fail and both
// 8 MiB staging buffers stay page-locked until the process exits.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

__global__ void accumulate(const float *chunk, int n, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    total[i] += chunk[i];
}

// Whether the runtime still knows `p` as page-locked host memory.
static bool stillPinned(const void *p) {
  cudaPointerAttributes attributes;
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
}

int main() {
  const int chunk = 1 << 21; // 8 MiB of floats per staging buffer
  std::vector<float> input(2 * chunk, 1.5f), total(chunk);
  float *staging[2] = {nullptr, nullptr};
  float *dChunk[2] = {nullptr, nullptr};
  float *dTotal = nullptr;
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUDA_CHECK(cudaMallocHost(&staging[0], chunk * sizeof(float)));
  CUDA_CHECK(cudaMallocHost(&staging[1], chunk * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dChunk[0], chunk * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dChunk[1], chunk * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dTotal, chunk * sizeof(float)));
  CUDA_CHECK(cudaMemsetAsync(dTotal, 0, chunk * sizeof(float), stream));

  for (int half = 0; half < 2; ++half) {
    std::memcpy(staging[half], input.data() + half * chunk, chunk * sizeof(float));
    CUDA_CHECK(cudaMemcpyAsync(dChunk[half], staging[half], chunk * sizeof(float), cudaMemcpyHostToDevice, stream));
    accumulate<<<(chunk + 255) / 256, 256, 0, stream>>>(dChunk[half], chunk, dTotal);
    CUDA_CHECK(cudaGetLastError());
  }
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-mismatched-free
  CUDA_CHECK(cudaMemcpyAsync(total.data(), dTotal, chunk * sizeof(float), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  // Teardown: release everything.
  (void)cudaFree(dTotal);
  for (float *buffer : dChunk)
    (void)cudaFree(buffer);
  for (float *buffer : staging)
    (void)cudaFree(buffer); // cudalint-expect: cuda-mismatched-free
  (void)cudaStreamDestroy(stream);

  // The validation oracle: after the teardown no staging buffer may still be page-locked.
  const int pinnedLeft = stillPinned(staging[0]) + stillPinned(staging[1]);
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (float t : total)
    wrong += t != 3.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d sums wrong\n", wrong, chunk);
  else if (pinnedLeft != 0)
    std::printf("GPU-VERDICT: misbehaved all %d sums correct, but %d of 2 staging buffers are still page-locked after the teardown released them\n",
                chunk, pinnedLeft);
  else
    std::printf("GPU-VERDICT: clean all %d sums correct and no staging buffer left page-locked\n", chunk);
  return 0;
}
