// A header that is not installed where cudalint runs (a solver library's,
// here) is read as empty, and a notice names it. The functions that use what
// it declares are not analysed (cudalint names them); the rest of the unit
// is, and the leak below is reported.
#include "solver/not-installed.h" // expected-error {{'solver/not-installed.h' file not found}}
#include <cuda_runtime.h>

int solve(float *values, int n) {
  return solverRun(values, n); // expected-error {{use of undeclared identifier 'solverRun'}}
}

int clearOnGpu(int n) {
  float *d;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return -1;
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // expected-note {{'clearOnGpu' returns here without releasing the memory}}
  cudaFree(d);
  return 0;
}
