// y = a*x + y on the GPU: a library of kernels and host wrappers.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(status_));                               \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

// Defined in saxpy.cu and linked across units: needs relocatable device code.
extern __device__ float fusedMultiplyAdd(float a, float x, float y);

__global__ void saxpyKernel(int n, float a, const float *x, float *y);

void saxpy(int n, float a, const float *x, float *y);
float *deviceCopyOf(const float *host, int n);
