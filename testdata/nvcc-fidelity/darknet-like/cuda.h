// The project's own cuda.h (darknet has src/cuda.h), found through -I
// before the toolkit's: clang's CUDA wrapper includes "cuda.h" by a quoted
// name and must still get the toolkit's.
#ifndef DARKNET_LIKE_CUDA_H
#define DARKNET_LIKE_CUDA_H
#include <cuda_runtime.h>

void check_error(cudaError_t status);
float *cuda_make_array(float *x, size_t n);

#endif
