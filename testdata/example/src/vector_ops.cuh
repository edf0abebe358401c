// Element-wise addition and a sum reduction of float vectors on the GPU, and
// the steps around them.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

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

// A device copy of `n` host floats; nullptr when the copy fails.
float *upload(const float *host, int n);
// The `n` device floats back on the host, copied on `stream`.
std::vector<float> download(const float *device, int n, cudaStream_t stream);
// The first of `n` device floats.
float firstValue(const float *device, int n);
// Multiplies a width x height device image by `factor`.
void scaleImage(float *image, int width, int height, float factor);
// How many of the `n` device floats exceed `threshold`.
int countOver(const float *values, int n, float threshold);
