// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * device_types.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Rounding modes.
 */
#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"

enum __device_builtin__ cudaRoundMode {
  cudaRoundNearest,
  cudaRoundZero,
  cudaRoundPosInf,
  cudaRoundMinInf
};

#endif /* __DEVICE_TYPES_H__ */
