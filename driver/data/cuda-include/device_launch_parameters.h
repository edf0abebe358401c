// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * device_launch_parameters.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The built-in variables of device code: threadIdx, blockIdx, blockDim,
 * gridDim and warpSize.
 */
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "vector_types.h"

#if defined(__cplusplus) && defined(__CUDA__)

/* Each variable reads its components through a device-only accessor, so a
 * use in host code is diagnosed as a call to a __device__ function, as with
 * the real built-ins; copying, assigning or taking the address of the
 * variable itself is rejected. */
struct __cudalint_builtin_threadIdx_t {
  static __device__ unsigned int __cudalint_get_x(void);
  static __device__ unsigned int __cudalint_get_y(void);
  static __device__ unsigned int __cudalint_get_z(void);
  __declspec(property(get = __cudalint_get_x)) unsigned int x;
  __declspec(property(get = __cudalint_get_y)) unsigned int y;
  __declspec(property(get = __cudalint_get_z)) unsigned int z;
  __device__ operator uint3() const;
  __device__ operator dim3() const;

private:
  __cudalint_builtin_threadIdx_t() = delete;
  __cudalint_builtin_threadIdx_t(const __cudalint_builtin_threadIdx_t &) = delete;
  void operator=(const __cudalint_builtin_threadIdx_t &) const = delete;
  __cudalint_builtin_threadIdx_t *operator&() const = delete;
};

struct __cudalint_builtin_blockIdx_t {
  static __device__ unsigned int __cudalint_get_x(void);
  static __device__ unsigned int __cudalint_get_y(void);
  static __device__ unsigned int __cudalint_get_z(void);
  __declspec(property(get = __cudalint_get_x)) unsigned int x;
  __declspec(property(get = __cudalint_get_y)) unsigned int y;
  __declspec(property(get = __cudalint_get_z)) unsigned int z;
  __device__ operator uint3() const;
  __device__ operator dim3() const;

private:
  __cudalint_builtin_blockIdx_t() = delete;
  __cudalint_builtin_blockIdx_t(const __cudalint_builtin_blockIdx_t &) = delete;
  void operator=(const __cudalint_builtin_blockIdx_t &) const = delete;
  __cudalint_builtin_blockIdx_t *operator&() const = delete;
};

struct __cudalint_builtin_blockDim_t {
  static __device__ unsigned int __cudalint_get_x(void);
  static __device__ unsigned int __cudalint_get_y(void);
  static __device__ unsigned int __cudalint_get_z(void);
  __declspec(property(get = __cudalint_get_x)) unsigned int x;
  __declspec(property(get = __cudalint_get_y)) unsigned int y;
  __declspec(property(get = __cudalint_get_z)) unsigned int z;
  __device__ operator uint3() const;
  __device__ operator dim3() const;

private:
  __cudalint_builtin_blockDim_t() = delete;
  __cudalint_builtin_blockDim_t(const __cudalint_builtin_blockDim_t &) = delete;
  void operator=(const __cudalint_builtin_blockDim_t &) const = delete;
  __cudalint_builtin_blockDim_t *operator&() const = delete;
};

struct __cudalint_builtin_gridDim_t {
  static __device__ unsigned int __cudalint_get_x(void);
  static __device__ unsigned int __cudalint_get_y(void);
  static __device__ unsigned int __cudalint_get_z(void);
  __declspec(property(get = __cudalint_get_x)) unsigned int x;
  __declspec(property(get = __cudalint_get_y)) unsigned int y;
  __declspec(property(get = __cudalint_get_z)) unsigned int z;
  __device__ operator uint3() const;
  __device__ operator dim3() const;

private:
  __cudalint_builtin_gridDim_t() = delete;
  __cudalint_builtin_gridDim_t(const __cudalint_builtin_gridDim_t &) = delete;
  void operator=(const __cudalint_builtin_gridDim_t &) const = delete;
  __cudalint_builtin_gridDim_t *operator&() const = delete;
};

extern const __device__ __cudalint_builtin_threadIdx_t threadIdx;
extern const __device__ __cudalint_builtin_blockIdx_t blockIdx;
extern const __device__ __cudalint_builtin_blockDim_t blockDim;
extern const __device__ __cudalint_builtin_gridDim_t gridDim;

/* A constant, as in clang's own CUDA support: all NVIDIA GPUs so far have
 * 32-thread warps. */
static const __device__ int warpSize = 32;

#endif /* __cplusplus && __CUDA__ */

#endif /* __DEVICE_LAUNCH_PARAMETERS_H__ */
