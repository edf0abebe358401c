// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cooperative_groups/memcpy_async.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA C++ Programming Guide
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Group-wide asynchronous copies: memcpy_async and wait.
 */
#ifndef _CUDALINT_CG_MEMCPY_ASYNC_H_
#define _CUDALINT_CG_MEMCPY_ASYNC_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include <stddef.h>

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

template <class TyGroup>
__device__ void memcpy_async(const TyGroup &group, void *dst, const void *src,
                             size_t count);
template <class TyGroup, class TyElem>
__device__ void memcpy_async(const TyGroup &group, TyElem *dst,
                             const TyElem *src, size_t count);
template <class TyGroup> __device__ void wait(const TyGroup &group);
template <unsigned int NumStages, class TyGroup>
__device__ void wait_prior(const TyGroup &group);

} /* namespace cooperative_groups */

#endif /* __cplusplus && __CUDA__ */

#endif /* _CUDALINT_CG_MEMCPY_ASYNC_H_ */
