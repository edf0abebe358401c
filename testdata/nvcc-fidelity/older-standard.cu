// cudalint-flags: -std=c++14
// cudalint-headers: toolkit
// Written for CUDA 11 and built as C++14, as FasterTransformer is. The C++
// headers of CUDA 13 (CUB here) stop with an #error below C++17, as its nvcc
// would; the authors' toolkit compiled it. cudalint parses such a unit as
// C++17 and says so: the leak below shows the unit is analysed.
#include <cub/cub.cuh>
#include <cuda_runtime.h>

size_t sumScratch(const int *in, int *out, int n, cudaStream_t stream) {
  void *scratch = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(scratch, bytes, in, out, n, stream);
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  if (cudaMalloc(&scratch, bytes) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return 0; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  return bytes; // expected-note {{'sumScratch' returns here without releasing the memory}}
}
