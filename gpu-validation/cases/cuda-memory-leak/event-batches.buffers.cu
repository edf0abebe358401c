// cuda-memory-leak/event-batches: the device buffers of the event pipeline,
// a unit of their own (linked with event-batches.bad.cu and .fixed.cu).
//
// Every other unit of the pipeline allocates through these two functions and
// never calls cudaMalloc or cudaFree itself: a failed call ends the program
// here, so the callers need no error handling of their own.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

// A device buffer of `count` floats, to be given back with
// deviceBufferDestroy().
float *deviceBufferCreate(size_t count) {
  float *buffer = nullptr;
  cudaError_t status = cudaMalloc(&buffer, count * sizeof(float));
  if (status != cudaSuccess) {
    std::printf("GPU-VERDICT: failed cudaMalloc of %zu floats: %s\n", count,
                cudaGetErrorString(status));
    std::exit(1);
  }
  return buffer;
}

void deviceBufferDestroy(float *buffer) {
  cudaError_t status = cudaFree(buffer);
  if (status != cudaSuccess) {
    std::printf("GPU-VERDICT: failed cudaFree: %s\n", cudaGetErrorString(status));
    std::exit(1);
  }
}
