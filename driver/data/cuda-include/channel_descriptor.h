// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * channel_descriptor.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * cudaCreateChannelDesc<T>() for the built-in element types.
 */
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "cuda_runtime_api.h"

#if defined(__cplusplus)
template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void);
#endif

#endif /* __CHANNEL_DESCRIPTOR_H__ */
