// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuda_device_runtime_api.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Runtime API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The device-side runtime entry points of dynamic parallelism. clang calls
 * cudaGetParameterBuffer and cudaLaunchDevice for a <<<...>>> launch made
 * from device code under -fgpu-rdc.
 */
#ifndef __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "driver_types.h"
#include "host_defines.h"

#if defined(__cplusplus) && defined(__CUDA__)

extern "C" {
extern __device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
extern __device__ void *cudaGetParameterBufferV2(void *func, dim3 gridDimension,
                                                 dim3 blockDimension,
                                                 unsigned int sharedMemSize);
extern __device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                               dim3 gridDimension,
                                               dim3 blockDimension,
                                               unsigned int sharedMemSize,
                                               cudaStream_t stream);
extern __device__ cudaError_t cudaLaunchDeviceV2(void *parameterBuffer,
                                                 cudaStream_t stream);
} /* extern "C" */

#endif /* __cplusplus && __CUDA__ */

#endif /* __CUDA_DEVICE_RUNTIME_API_H__ */
