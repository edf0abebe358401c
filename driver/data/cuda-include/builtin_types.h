// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * builtin_types.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Collects the runtime's type headers.
 */
#ifndef __BUILTIN_TYPES_H__
#define __BUILTIN_TYPES_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif /* __BUILTIN_TYPES_H__ */
