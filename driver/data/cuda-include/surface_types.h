// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * surface_types.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Surface object enumerations.
 */
#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "driver_types.h"

enum __device_builtin__ cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};

enum __device_builtin__ cudaSurfaceFormatMode {
  cudaFormatModeForced = 0,
  cudaFormatModeAuto = 1
};

#endif /* __SURFACE_TYPES_H__ */
