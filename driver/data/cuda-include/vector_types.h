// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * vector_types.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The built-in vector types (char1 ... double4), uint3 and dim3.
 */
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"

struct __device_builtin__ char1 { signed char x; };
struct __device_builtin__ __align__(2) char2 { signed char x, y; };
struct __device_builtin__ char3 { signed char x, y, z; };
struct __device_builtin__ __align__(4) char4 { signed char x, y, z, w; };

struct __device_builtin__ uchar1 { unsigned char x; };
struct __device_builtin__ __align__(2) uchar2 { unsigned char x, y; };
struct __device_builtin__ uchar3 { unsigned char x, y, z; };
struct __device_builtin__ __align__(4) uchar4 { unsigned char x, y, z, w; };

struct __device_builtin__ short1 { short x; };
struct __device_builtin__ __align__(4) short2 { short x, y; };
struct __device_builtin__ short3 { short x, y, z; };
struct __device_builtin__ __align__(8) short4 { short x, y, z, w; };

struct __device_builtin__ ushort1 { unsigned short x; };
struct __device_builtin__ __align__(4) ushort2 { unsigned short x, y; };
struct __device_builtin__ ushort3 { unsigned short x, y, z; };
struct __device_builtin__ __align__(8) ushort4 { unsigned short x, y, z, w; };

struct __device_builtin__ int1 { int x; };
struct __device_builtin__ __align__(8) int2 { int x, y; };
struct __device_builtin__ int3 { int x, y, z; };
struct __device_builtin__ __align__(16) int4 { int x, y, z, w; };

struct __device_builtin__ uint1 { unsigned int x; };
struct __device_builtin__ __align__(8) uint2 { unsigned int x, y; };
struct __device_builtin__ uint3 { unsigned int x, y, z; };
struct __device_builtin__ __align__(16) uint4 { unsigned int x, y, z, w; };

struct __device_builtin__ long1 { long int x; };
struct __device_builtin__ __align__(2*sizeof(long int)) long2 { long int x, y; };
struct __device_builtin__ long3 { long int x, y, z; };
struct __device_builtin__ __align__(16) long4 { long int x, y, z, w; };

struct __device_builtin__ ulong1 { unsigned long int x; };
struct __device_builtin__ __align__(2*sizeof(long int)) ulong2 { unsigned long int x, y; };
struct __device_builtin__ ulong3 { unsigned long int x, y, z; };
struct __device_builtin__ __align__(16) ulong4 { unsigned long int x, y, z, w; };

struct __device_builtin__ longlong1 { long long int x; };
struct __device_builtin__ __align__(16) longlong2 { long long int x, y; };
struct __device_builtin__ longlong3 { long long int x, y, z; };
struct __device_builtin__ __align__(16) longlong4 { long long int x, y, z, w; };

struct __device_builtin__ ulonglong1 { unsigned long long int x; };
struct __device_builtin__ __align__(16) ulonglong2 { unsigned long long int x, y; };
struct __device_builtin__ ulonglong3 { unsigned long long int x, y, z; };
struct __device_builtin__ __align__(16) ulonglong4 { unsigned long long int x, y, z, w; };

struct __device_builtin__ float1 { float x; };
struct __device_builtin__ __align__(8) float2 { float x, y; };
struct __device_builtin__ float3 { float x, y, z; };
struct __device_builtin__ __align__(16) float4 { float x, y, z, w; };

struct __device_builtin__ double1 { double x; };
struct __device_builtin__ __align__(16) double2 { double x, y; };
struct __device_builtin__ double3 { double x, y, z; };
struct __device_builtin__ __align__(16) double4 { double x, y, z, w; };

typedef struct char1 char1; typedef struct char2 char2;
typedef struct char3 char3; typedef struct char4 char4;
typedef struct uchar1 uchar1; typedef struct uchar2 uchar2;
typedef struct uchar3 uchar3; typedef struct uchar4 uchar4;
typedef struct short1 short1; typedef struct short2 short2;
typedef struct short3 short3; typedef struct short4 short4;
typedef struct ushort1 ushort1; typedef struct ushort2 ushort2;
typedef struct ushort3 ushort3; typedef struct ushort4 ushort4;
typedef struct int1 int1; typedef struct int2 int2;
typedef struct int3 int3; typedef struct int4 int4;
typedef struct uint1 uint1; typedef struct uint2 uint2;
typedef struct uint3 uint3; typedef struct uint4 uint4;
typedef struct long1 long1; typedef struct long2 long2;
typedef struct long3 long3; typedef struct long4 long4;
typedef struct ulong1 ulong1; typedef struct ulong2 ulong2;
typedef struct ulong3 ulong3; typedef struct ulong4 ulong4;
typedef struct longlong1 longlong1; typedef struct longlong2 longlong2;
typedef struct longlong3 longlong3; typedef struct longlong4 longlong4;
typedef struct ulonglong1 ulonglong1; typedef struct ulonglong2 ulonglong2;
typedef struct ulonglong3 ulonglong3; typedef struct ulonglong4 ulonglong4;
typedef struct float1 float1; typedef struct float2 float2;
typedef struct float3 float3; typedef struct float4 float4;
typedef struct double1 double1; typedef struct double2 double2;
typedef struct double3 double3; typedef struct double4 double4;

/* Grid and block dimensions; the C++ constructors default every unspecified
 * dimension to 1. */
struct __device_builtin__ dim3 {
  unsigned int x, y, z;
#if defined(__cplusplus)
#if __cplusplus >= 201103L
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3(void) const {
    return uint3{x, y, z};
  }
#else
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1,
                           unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ operator uint3(void) const {
    uint3 t;
    t.x = x;
    t.y = y;
    t.z = z;
    return t;
  }
#endif
#endif
};
typedef struct dim3 dim3;

#endif /* __VECTOR_TYPES_H__ */
