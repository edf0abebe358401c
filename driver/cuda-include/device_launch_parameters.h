/*
 * device_launch_parameters.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA
 * documentation, for static analysis only: declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The built-in variables of device code: threadIdx, blockIdx, blockDim,
 * gridDim and warpSize. They are plain read-only device variables here,
 * which is enough for type-checking.
 */
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "vector_types.h"

#if defined(__cplusplus) && defined(__CUDA__)

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
/* A constant, as in clang's own CUDA support: all NVIDIA GPUs so far have
 * 32-thread warps. */
static const __device__ int warpSize = 32;

#endif /* __cplusplus && __CUDA__ */

#endif /* __DEVICE_LAUNCH_PARAMETERS_H__ */
