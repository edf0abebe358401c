// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * common_functions.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Device-side declarations of the C library functions that CUDA device
 * code may call (printf, malloc, free, memcpy, memset, clock, assert).
 * cuda_runtime.h includes this before the standard headers so that the
 * declarations are visible to the std:: using-declarations of <cstdlib>.
 */
#ifndef __COMMON_FUNCTIONS_H__
#define __COMMON_FUNCTIONS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"

#if defined(__cplusplus) && defined(__CUDA__)

#include <stddef.h>
#include <time.h>

extern "C" {
extern __device__ int printf(const char *format, ...);
extern __device__ int vprintf(const char *format, const char *args);
extern __device__ void *malloc(size_t size);
extern __device__ void free(void *ptr);
extern __device__ void *memcpy(void *dest, const void *src, size_t count);
extern __device__ void *memset(void *dest, int value, size_t count);
extern __device__ clock_t clock(void);
/* assert() in device code expands to these. */
extern __device__ void __assertfail(const char *message, const char *file,
                                    unsigned int line, const char *function,
                                    size_t charSize);
extern __device__ void __assert_fail(const char *assertion, const char *file,
                                     unsigned int line, const char *function);
} /* extern "C" */

#endif /* __cplusplus && __CUDA__ */

#endif /* __COMMON_FUNCTIONS_H__ */
