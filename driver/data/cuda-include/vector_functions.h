// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * vector_functions.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The make_<type>() constructors of the built-in vector types.
 */
#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "vector_types.h"

#if defined(__cplusplus)
#define __CUDALINT_VECFN __host__ __device__
#else
#define __CUDALINT_VECFN extern
#endif

__CUDALINT_VECFN char1 make_char1(signed char x);
__CUDALINT_VECFN char2 make_char2(signed char x, signed char y);
__CUDALINT_VECFN char3 make_char3(signed char x, signed char y, signed char z);
__CUDALINT_VECFN char4 make_char4(signed char x, signed char y, signed char z, signed char w);

__CUDALINT_VECFN uchar1 make_uchar1(unsigned char x);
__CUDALINT_VECFN uchar2 make_uchar2(unsigned char x, unsigned char y);
__CUDALINT_VECFN uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z);
__CUDALINT_VECFN uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w);

__CUDALINT_VECFN short1 make_short1(short x);
__CUDALINT_VECFN short2 make_short2(short x, short y);
__CUDALINT_VECFN short3 make_short3(short x, short y, short z);
__CUDALINT_VECFN short4 make_short4(short x, short y, short z, short w);

__CUDALINT_VECFN ushort1 make_ushort1(unsigned short x);
__CUDALINT_VECFN ushort2 make_ushort2(unsigned short x, unsigned short y);
__CUDALINT_VECFN ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z);
__CUDALINT_VECFN ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w);

__CUDALINT_VECFN int1 make_int1(int x);
__CUDALINT_VECFN int2 make_int2(int x, int y);
__CUDALINT_VECFN int3 make_int3(int x, int y, int z);
__CUDALINT_VECFN int4 make_int4(int x, int y, int z, int w);

__CUDALINT_VECFN uint1 make_uint1(unsigned int x);
__CUDALINT_VECFN uint2 make_uint2(unsigned int x, unsigned int y);
__CUDALINT_VECFN uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z);
__CUDALINT_VECFN uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w);

__CUDALINT_VECFN long1 make_long1(long int x);
__CUDALINT_VECFN long2 make_long2(long int x, long int y);
__CUDALINT_VECFN long3 make_long3(long int x, long int y, long int z);
__CUDALINT_VECFN long4 make_long4(long int x, long int y, long int z, long int w);

__CUDALINT_VECFN ulong1 make_ulong1(unsigned long int x);
__CUDALINT_VECFN ulong2 make_ulong2(unsigned long int x, unsigned long int y);
__CUDALINT_VECFN ulong3 make_ulong3(unsigned long int x, unsigned long int y, unsigned long int z);
__CUDALINT_VECFN ulong4 make_ulong4(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w);

__CUDALINT_VECFN longlong1 make_longlong1(long long int x);
__CUDALINT_VECFN longlong2 make_longlong2(long long int x, long long int y);
__CUDALINT_VECFN longlong3 make_longlong3(long long int x, long long int y, long long int z);
__CUDALINT_VECFN longlong4 make_longlong4(long long int x, long long int y, long long int z, long long int w);

__CUDALINT_VECFN ulonglong1 make_ulonglong1(unsigned long long int x);
__CUDALINT_VECFN ulonglong2 make_ulonglong2(unsigned long long int x, unsigned long long int y);
__CUDALINT_VECFN ulonglong3 make_ulonglong3(unsigned long long int x, unsigned long long int y, unsigned long long int z);
__CUDALINT_VECFN ulonglong4 make_ulonglong4(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w);

__CUDALINT_VECFN float1 make_float1(float x);
__CUDALINT_VECFN float2 make_float2(float x, float y);
__CUDALINT_VECFN float3 make_float3(float x, float y, float z);
__CUDALINT_VECFN float4 make_float4(float x, float y, float z, float w);

__CUDALINT_VECFN double1 make_double1(double x);
__CUDALINT_VECFN double2 make_double2(double x, double y);
__CUDALINT_VECFN double3 make_double3(double x, double y, double z);
__CUDALINT_VECFN double4 make_double4(double x, double y, double z, double w);

#undef __CUDALINT_VECFN

#endif /* __VECTOR_FUNCTIONS_H__ */
