// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cudaProfiler.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Driver API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Driver API profiler control.
 */
#ifndef __CUDA_PROFILER_H__
#define __CUDA_PROFILER_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "cuda.h"

#if defined(__cplusplus)
extern "C" {
#endif

CUresult CUDAAPI cuProfilerStart(void);
CUresult CUDAAPI cuProfilerStop(void);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* __CUDA_PROFILER_H__ */
