// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * sm_30_intrinsics.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Forwards to device_functions.h.
 */
#ifndef __CUDALINT_SM_30_INTRINSICS_H__
#define __CUDALINT_SM_30_INTRINSICS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "device_functions.h"

#endif /* __CUDALINT_SM_30_INTRINSICS_H__ */
