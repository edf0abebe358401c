// cuda-handle-leak: a stream created for every batch and never destroyed.
//
// A worker processes each batch on a fresh non-blocking stream of its own,
// synchronises it and returns without cudaStreamDestroy. Every result is
// right, but each call leaves a stream behind: after 10,000 batches the
// process holds 10,000 streams, and the host and device memory they take is
// never given back while the process runs.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void addOne(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] += 1;
}

// The process's resident host memory, in KiB.
long residentKiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0)
      return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}

void processBatch(int *d, int n) {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)); // cudalint-expect: cuda-handle-leak
  addOne<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));
}

int main() {
  const int n = 1024, batches = 10000;
  int *d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  processBatch(d, n); // the first call sets up the context and the module
  size_t freeBefore = 0, freeAfter = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeBefore, &total));
  long rssBefore = residentKiB();
  for (int b = 1; b < batches; ++b)
    processBatch(d, n);
  CUDA_CHECK(cudaMemGetInfo(&freeAfter, &total));
  long rssAfter = residentKiB();
  int first = 0;
  CUDA_CHECK(cudaMemcpy(&first, d, sizeof first, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d));
  CUDA_CHECK(cudaDeviceReset());
  long hostMiB = (rssAfter - rssBefore) / 1024;
  long long deviceMiB =
      (static_cast<long long>(freeBefore) - static_cast<long long>(freeAfter)) >> 20;
  if (first != batches)
    std::printf("GPU-VERDICT: misbehaved the values are %d, not %d\n", first, batches);
  else if (hostMiB + deviceMiB >= 16)
    std::printf("GPU-VERDICT: misbehaved results right, but %d batches kept host_mib=%ld "
                "device_mib=%lld for streams never destroyed\n",
                batches, hostMiB, deviceMiB);
  else
    std::printf("GPU-VERDICT: clean results right, host_mib=%ld device_mib=%lld after %d batches\n",
                hostMiB, deviceMiB, batches);
  return 0;
}
