// Element-wise addition and a sum reduction of float vectors on the GPU.
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

constexpr int BlockSize = 256;

// c = a + b, all device pointers of `n` elements.
void vectorAdd(const float *a, const float *b, float *c, int n);

// The sum of the `n` device elements of `values`.
float sum(const float *values, int n);
