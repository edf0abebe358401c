// cudalint-flags: -std=c++17 -I%S
// This unit's directory, holding the project's cuda.h, is on the include
// path, as darknet's Makefile puts src/ there; clang's CUDA wrapper used to
// include that file for the toolkit's and stop with "cuda.h did not define
// CUDA_VERSION". The leak below shows the unit is analysed.
#include "cuda.h"

float *cuda_make_array(float *x, size_t n) {
  float *device;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  check_error(cudaMalloc((void **)&device, n * sizeof(float))); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  if (!x)
    return nullptr; // expected-note@-1 {{assuming 'x' is null}} expected-note@-1 {{taking true branch}} expected-note {{'cuda_make_array' returns here without releasing the memory}}
  check_error(cudaMemcpy(device, x, n * sizeof(float), cudaMemcpyHostToDevice));
  return device;
}
