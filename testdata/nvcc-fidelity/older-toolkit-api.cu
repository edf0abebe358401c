// cudalint-flags: -std=c++17 --cuda-gpu-arch=sm_60
// Written for CUDA 12, as HeCBench's benchmarks were until late 2025: the
// unit reads cudaDeviceProp::clockRate, prefetches managed memory to an int
// device and names cuFFT results CUDA 13.0 took away, and it builds for sm_60,
// which CUDA 13.0's nvcc no longer compiles for. Against the toolkit's
// headers neither function below parses; cudalint analyses the unit against
// the bundled CUDA 12 declarations instead, and says so. The leak shows that
// the first is analysed; -verify, that no error is left in either.
#include <cuda_runtime.h>
#include <cufft.h>

float *prefetchedScratch(int device, size_t count, cudaStream_t stream) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  if (prop.clockRate == 0) // expected-note {{assuming field 'clockRate' is not equal to 0}} expected-note {{taking false branch}}
    return nullptr;
  float *scratch;
  // expected-note@+1 {{managed memory is allocated here by 'cudaMallocManaged'}}
  if (cudaMallocManaged(&scratch, count * sizeof(float)) != cudaSuccess) // expected-warning {{managed memory allocated by 'cudaMallocManaged' is not released on every path; it stays allocated on the GPU and mapped on the host until the process exits [cuda-memory-leak]}}
    return nullptr; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  // expected-note@+1 {{assuming the condition is true}}
  if (cudaMemPrefetchAsync(scratch, count * sizeof(float), device, stream) != cudaSuccess) // expected-note {{taking true branch}}
    return nullptr; // expected-note {{'prefetchedScratch' returns here without releasing the memory}}
  return scratch;
}

const char *fftStatusName(cufftResult status) {
  switch (status) {
  case CUFFT_SUCCESS:
    return "success";
  case CUFFT_INCOMPLETE_PARAMETER_LIST:
    return "incomplete parameter list";
  case CUFFT_LICENSE_ERROR:
    return "license error";
  default:
    return "another error";
  }
}
