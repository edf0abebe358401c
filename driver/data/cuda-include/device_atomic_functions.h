// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * device_atomic_functions.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA C++
 * Programming Guide and CUDA Math API documentation, for static analysis
 * only: host-side declarations with no implementation. It is not NVIDIA's header and
 * cannot be used to build programs.
 *
 * Atomic functions of device code, including the _block and _system
 * scoped variants.
 */

#ifndef __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"
#include "vector_types.h"

#if defined(__cplusplus) && defined(__CUDA__)

#define __CUDALINT_DEV extern __device__

/* device scope */
__CUDALINT_DEV int atomicAdd(int *address, int val);
__CUDALINT_DEV unsigned int atomicAdd(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicAdd(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV float atomicAdd(float *address, float val);
__CUDALINT_DEV double atomicAdd(double *address, double val);
__CUDALINT_DEV int atomicSub(int *address, int val);
__CUDALINT_DEV unsigned int atomicSub(unsigned int *address, unsigned int val);
__CUDALINT_DEV int atomicExch(int *address, int val);
__CUDALINT_DEV unsigned int atomicExch(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicExch(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV float atomicExch(float *address, float val);
__CUDALINT_DEV int atomicMin(int *address, int val);
__CUDALINT_DEV unsigned int atomicMin(unsigned int *address, unsigned int val);
__CUDALINT_DEV long long int atomicMin(long long int *address, long long int val);
__CUDALINT_DEV unsigned long long int atomicMin(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicMax(int *address, int val);
__CUDALINT_DEV unsigned int atomicMax(unsigned int *address, unsigned int val);
__CUDALINT_DEV long long int atomicMax(long long int *address, long long int val);
__CUDALINT_DEV unsigned long long int atomicMax(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV unsigned int atomicInc(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned int atomicDec(unsigned int *address, unsigned int val);
__CUDALINT_DEV int atomicAnd(int *address, int val);
__CUDALINT_DEV unsigned int atomicAnd(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicAnd(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicOr(int *address, int val);
__CUDALINT_DEV unsigned int atomicOr(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicOr(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicXor(int *address, int val);
__CUDALINT_DEV unsigned int atomicXor(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicXor(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicCAS(int *address, int compare, int val);
__CUDALINT_DEV unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicCAS(unsigned long long int *address, unsigned long long int compare, unsigned long long int val);
__CUDALINT_DEV unsigned short int atomicCAS(unsigned short int *address, unsigned short int compare, unsigned short int val);

/* block scope */
__CUDALINT_DEV int atomicAdd_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicAdd_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicAdd_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV float atomicAdd_block(float *address, float val);
__CUDALINT_DEV double atomicAdd_block(double *address, double val);
__CUDALINT_DEV int atomicSub_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicSub_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV int atomicExch_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicExch_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicExch_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV float atomicExch_block(float *address, float val);
__CUDALINT_DEV int atomicMin_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicMin_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV long long int atomicMin_block(long long int *address, long long int val);
__CUDALINT_DEV unsigned long long int atomicMin_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicMax_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicMax_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV long long int atomicMax_block(long long int *address, long long int val);
__CUDALINT_DEV unsigned long long int atomicMax_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV unsigned int atomicInc_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned int atomicDec_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV int atomicAnd_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicAnd_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicAnd_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicOr_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicOr_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicOr_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicXor_block(int *address, int val);
__CUDALINT_DEV unsigned int atomicXor_block(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicXor_block(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicCAS_block(int *address, int compare, int val);
__CUDALINT_DEV unsigned int atomicCAS_block(unsigned int *address, unsigned int compare, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicCAS_block(unsigned long long int *address, unsigned long long int compare, unsigned long long int val);

/* system scope */
__CUDALINT_DEV int atomicAdd_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicAdd_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicAdd_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV float atomicAdd_system(float *address, float val);
__CUDALINT_DEV double atomicAdd_system(double *address, double val);
__CUDALINT_DEV int atomicSub_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicSub_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV int atomicExch_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicExch_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicExch_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV float atomicExch_system(float *address, float val);
__CUDALINT_DEV int atomicMin_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicMin_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV long long int atomicMin_system(long long int *address, long long int val);
__CUDALINT_DEV unsigned long long int atomicMin_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicMax_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicMax_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV long long int atomicMax_system(long long int *address, long long int val);
__CUDALINT_DEV unsigned long long int atomicMax_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV unsigned int atomicInc_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned int atomicDec_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV int atomicAnd_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicAnd_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicAnd_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicOr_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicOr_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicOr_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicXor_system(int *address, int val);
__CUDALINT_DEV unsigned int atomicXor_system(unsigned int *address, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicXor_system(unsigned long long int *address, unsigned long long int val);
__CUDALINT_DEV int atomicCAS_system(int *address, int compare, int val);
__CUDALINT_DEV unsigned int atomicCAS_system(unsigned int *address, unsigned int compare, unsigned int val);
__CUDALINT_DEV unsigned long long int atomicCAS_system(unsigned long long int *address, unsigned long long int compare, unsigned long long int val);

/* Vector atomicAdd (compute capability 9.0) */
__CUDALINT_DEV float2 atomicAdd(float2 *address, float2 val);
__CUDALINT_DEV float4 atomicAdd(float4 *address, float4 val);

#undef __CUDALINT_DEV

#endif /* __cplusplus && __CUDA__ */

#endif /* __DEVICE_ATOMIC_FUNCTIONS_H__ */
