// The construct cuda-samples' globalToShmemAsyncCopy.cu uses: a __shared__
// variable of a class with a non-trivial default constructor
// (cuda::pipeline_shared_state there). nvcc compiles it; clang rejects it in
// any compilation, with the toolkit's headers or the bundled ones. The
// error lies in a kernel, so the host code is analysed and its leak is
// reported.
#include <cuda_runtime.h>

struct StageCounter {
  int arrived = 0;
};

__global__ void countStages(int *out) {
  __shared__ StageCounter counter; // expected-error {{initialization is not supported for __shared__ variables}}
  out[threadIdx.x] = counter.arrived;
}

int countOnGpu() {
  int *d;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, 32 * sizeof(int)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return -1;
  countStages<<<1, 32>>>(d);
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // expected-note {{'countOnGpu' returns here without releasing the memory}}
  cudaFree(d);
  return 0;
}
