// cudalint-flags: -std=c++17 -fopenmp
// An OpenMP host loop beside CUDA calls, as cuda-samples' cudaOpenMP does.
// nvcc's host compiler finds <omp.h> in its own include directory; Debian's
// clang keeps its omp.h in a separate package (libomp-dev), and the unit
// used to end with "'omp.h' file not found". cudalint lets the parse find
// GCC's after every other directory. The leak shows the unit is analysed.
#include <cuda_runtime.h>
#include <omp.h>

int perThreadBuffers(int n) {
  int threads = omp_get_max_threads();
  float *device;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  if (cudaMalloc((void **)&device, threads * n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return -1; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  return threads; // expected-note {{'perThreadBuffers' returns here without releasing the memory}}
}
