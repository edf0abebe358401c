// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * nvtx3/nvToolsExt.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public NVIDIA Tools Extension (NVTX)
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Forwards to the NVTX declarations in ../nvToolsExt.h.
 */
#ifndef __CUDALINT_NVTX3_NVTOOLSEXT_H__
#define __CUDALINT_NVTX3_NVTOOLSEXT_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "../nvToolsExt.h"

#endif
