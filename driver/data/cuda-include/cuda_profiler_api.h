// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuda_profiler_api.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Runtime API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Runtime API profiler control.
 */
#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "driver_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

extern __host__ cudaError_t cudaProfilerStart(void);
extern __host__ cudaError_t cudaProfilerStop(void);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* __CUDA_PROFILER_API_H__ */
