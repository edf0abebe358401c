// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * host_defines.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It lets cudalint parse CUDA sources on a machine without
 * the CUDA Toolkit; it is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * This file maps the CUDA execution-space and variable-space keywords onto
 * clang's CUDA attributes. Outside a CUDA compilation (plain C or C++) the
 * keywords expand to nothing, so host-only sources that include the runtime
 * headers still parse.
 */
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#define __CUDALINT_BUNDLED_CUDA_HEADERS__ 1

/* clang defines __CUDA__ for every CUDA compilation; nvcc (and clang's own
 * wrapper header) additionally expose __CUDACC__, which user code tests. */
#if defined(__CUDA__) && !defined(__CUDACC__)
#define __CUDACC__ 1
#endif

#if defined(__CUDA__)

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* A managed variable is a device variable the host can also access.
 * clang's CUDA mode drops the `managed` attribute with a warning (it only
 * honours it for HIP), so the keyword maps onto `device` alone. */
#define __managed__ __attribute__((device))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#if defined(__has_attribute)
#if __has_attribute(grid_constant)
#define __grid_constant__ __attribute__((grid_constant))
#endif
#if __has_attribute(cluster_dims)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#endif
#endif
#ifndef __grid_constant__
#define __grid_constant__
#endif
#ifndef __cluster_dims__
#define __cluster_dims__(...)
#endif

/* Recent clang treats __noinline__ as a keyword in CUDA so that
 * __attribute__((__noinline__)) in system headers keeps working; only define
 * the macro for a clang that lacks that. */
#if !defined(__has_feature) || !__has_feature(cuda_noinline_keyword)
#define __noinline__ __attribute__((noinline))
#endif

#else /* not a CUDA compilation */

#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#define __cluster_dims__(...)
/* Empty, so that __attribute__((__noinline__)) in system headers that are
 * included later still reads as a valid (empty) attribute list. */
#define __noinline__

#endif /* __CUDA__ */

#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(a) __align__(a)
#define __annotate__(a) __attribute__((a))
#define __location__(a) __annotate__(a)
#define __cudart_builtin__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define CUDARTAPI

/* Default arguments exist only in C++; in C the declarations simply have
 * no defaults, as the documentation describes. */
#if defined(__cplusplus)
#define __CUDALINT_DEFAULT(v) = v
#else
#define __CUDALINT_DEFAULT(v)
#endif

#endif /* __HOST_DEFINES_H__ */
