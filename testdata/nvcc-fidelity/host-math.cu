// cudalint-flags: -std=c++17
// Host code calls isfinite, isnan, isinf and signbit unqualified: nvcc's
// math headers include <math.h>, whose libstdc++ form declares them in the
// global namespace for every CUDA unit. Clang's CUDA wrapper includes only
// <cmath> and declares the global ones for the device, so the unit used to
// fail with "no matching function for call to 'isfinite'". The leak below
// shows it is analysed.
#include <cuda_runtime.h>
#include <cmath>

bool usable(float scale, double bias) {
  return isfinite(scale) && !isnan(bias) && !isinf(scale) && !signbit(bias);
}

float *scaledOnGpu(const float *host, int n, float scale) {
  if (!usable(scale, 0.0)) // expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return nullptr;
  float *device;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  if (cudaMalloc((void **)&device, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return nullptr; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  // expected-note@+1 {{assuming the condition is true}}
  if (cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice) != cudaSuccess) // expected-note {{taking true branch}}
    return nullptr; // expected-note {{'scaledOnGpu' returns here without releasing the memory}}
  return device;
}
