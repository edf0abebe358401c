// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cooperative_groups/scan.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA C++ Programming Guide
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Group-wide scans: inclusive_scan and exclusive_scan.
 */
#ifndef _CUDALINT_CG_SCAN_H_
#define _CUDALINT_CG_SCAN_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

template <class TyGroup, class TyVal>
__device__ TyVal inclusive_scan(const TyGroup &group, TyVal val);
template <class TyGroup, class TyVal, class TyFn>
__device__ TyVal inclusive_scan(const TyGroup &group, TyVal val, TyFn op);
template <class TyGroup, class TyVal>
__device__ TyVal exclusive_scan(const TyGroup &group, TyVal val);
template <class TyGroup, class TyVal, class TyFn>
__device__ TyVal exclusive_scan(const TyGroup &group, TyVal val, TyFn op);

} /* namespace cooperative_groups */

#endif /* __cplusplus && __CUDA__ */

#endif /* _CUDALINT_CG_SCAN_H_ */
