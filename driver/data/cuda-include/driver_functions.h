// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * driver_functions.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Constructors of cudaPitchedPtr, cudaPos and cudaExtent.
 */
#ifndef __DRIVER_FUNCTIONS_H__
#define __DRIVER_FUNCTIONS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "builtin_types.h"

#if defined(__cplusplus)
extern "C++" {
#define __CUDALINT_DRVFN __host__
#else
#define __CUDALINT_DRVFN extern
#endif

__CUDALINT_DRVFN struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p,
                                                           size_t xsz,
                                                           size_t ysz);
__CUDALINT_DRVFN struct cudaPos make_cudaPos(size_t x, size_t y, size_t z);
__CUDALINT_DRVFN struct cudaExtent make_cudaExtent(size_t w, size_t h,
                                                   size_t d);

#if defined(__cplusplus)
}
#endif
#undef __CUDALINT_DRVFN

#endif /* __DRIVER_FUNCTIONS_H__ */
