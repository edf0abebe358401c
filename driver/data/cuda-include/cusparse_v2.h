// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cusparse_v2.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public cuSPARSE
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Compatibility name for cusparse.h.
 */
#ifndef CUSPARSE_V2_H_
#define CUSPARSE_V2_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "cusparse.h"

#endif /* CUSPARSE_V2_H_ */
