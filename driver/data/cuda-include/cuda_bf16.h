// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuda_bf16.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Math API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * bfloat16 (__nv_bfloat16, __nv_bfloat162) types, conversions and arithmetic.
 */
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"
#include "vector_types.h"

typedef struct {
  unsigned short x;
} __nv_bfloat16_raw;

typedef struct {
  unsigned short x;
  unsigned short y;
} __nv_bfloat162_raw;

#if defined(__cplusplus)

#define __CUDALINT_HD __host__ __device__
#define __CUDALINT_D __device__

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
#if __cplusplus >= 201103L
  __nv_bfloat16() = default;
#else
  __CUDALINT_HD __nv_bfloat16() {}
#endif
  __CUDALINT_HD __nv_bfloat16(const __nv_bfloat16_raw &hr);
  __CUDALINT_HD __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr);
  __CUDALINT_HD operator __nv_bfloat16_raw() const;
  __CUDALINT_HD __nv_bfloat16(float f);
  __CUDALINT_HD __nv_bfloat16(double f);
  __CUDALINT_HD __nv_bfloat16 &operator=(float f);
  __CUDALINT_HD __nv_bfloat16 &operator=(double f);
  __CUDALINT_HD operator float() const;
  __CUDALINT_HD __nv_bfloat16(short val);
  __CUDALINT_HD __nv_bfloat16(unsigned short val);
  __CUDALINT_HD __nv_bfloat16(int val);
  __CUDALINT_HD __nv_bfloat16(unsigned int val);
  __CUDALINT_HD __nv_bfloat16(long val);
  __CUDALINT_HD __nv_bfloat16(unsigned long val);
  __CUDALINT_HD __nv_bfloat16(long long val);
  __CUDALINT_HD __nv_bfloat16(unsigned long long val);
  __CUDALINT_HD explicit operator bool() const;
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
#if __cplusplus >= 201103L
  __nv_bfloat162() = default;
#else
  __CUDALINT_HD __nv_bfloat162() {}
#endif
  __CUDALINT_HD __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __CUDALINT_HD __nv_bfloat162(const __nv_bfloat162_raw &h2r);
  __CUDALINT_HD __nv_bfloat162 &operator=(const __nv_bfloat162_raw &h2r);
  __CUDALINT_HD operator __nv_bfloat162_raw() const;
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__CUDALINT_HD __nv_bfloat16 __float2bfloat16(const float a);
__CUDALINT_HD __nv_bfloat16 __float2bfloat16_rn(const float a);
__CUDALINT_HD __nv_bfloat16 __float2bfloat16_rz(const float a);
__CUDALINT_HD __nv_bfloat16 __float2bfloat16_rd(const float a);
__CUDALINT_HD __nv_bfloat16 __float2bfloat16_ru(const float a);
__CUDALINT_HD float __bfloat162float(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 __float2bfloat162_rn(const float a);
__CUDALINT_HD __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b);
__CUDALINT_HD float2 __bfloat1622float2(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat162 __float22bfloat162_rn(const float2 a);
__CUDALINT_HD float __low2float(const __nv_bfloat162 a);
__CUDALINT_HD float __high2float(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 __double2bfloat16(const double a);
__CUDALINT_HD __nv_bfloat16 __int2bfloat16_rn(const int i);
__CUDALINT_HD int __bfloat162int_rn(const __nv_bfloat16 h);
__CUDALINT_HD int __bfloat162int_rz(const __nv_bfloat16 h);
__CUDALINT_HD __nv_bfloat16 __uint2bfloat16_rn(const unsigned int i);
__CUDALINT_HD unsigned int __bfloat162uint_rz(const __nv_bfloat16 h);
__CUDALINT_HD short int __bfloat16_as_short(const __nv_bfloat16 h);
__CUDALINT_HD unsigned short int __bfloat16_as_ushort(const __nv_bfloat16 h);
__CUDALINT_HD __nv_bfloat16 __short_as_bfloat16(const short int i);
__CUDALINT_HD __nv_bfloat16 __ushort_as_bfloat16(const unsigned short int i);
__CUDALINT_HD __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a);

__CUDALINT_HD __nv_bfloat16 __hadd(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hsub(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hmul(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hadd_sat(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hsub_sat(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hmul_sat(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hadd_rn(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hsub_rn(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat16 __hmul_rn(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hadd2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hadd2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hadd2_rn(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hsub2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hsub2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hsub2_rn(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hmul2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hmul2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __hmul2_rn(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat162 __h2div(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c);
__CUDALINT_HD __nv_bfloat16 __hfma_sat(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c);
__CUDALINT_HD __nv_bfloat162 __hfma2(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__CUDALINT_HD __nv_bfloat162 __hfma2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__CUDALINT_HD __nv_bfloat16 __hneg(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 __hneg2(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 __habs(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 __habs2(const __nv_bfloat162 a);
__CUDALINT_HD bool __heq(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __heq2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbeq2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hne(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hne2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbne2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hle(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hle2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hble2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hge(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hge2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbge2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hlt(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hlt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hblt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hgt(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hgt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbgt2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hequ(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hequ2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbequ2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hneu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hneu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbneu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hleu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hleu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbleu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hgeu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hgeu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbgeu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hltu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hltu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbltu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hgtu(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hgtu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hbgtu2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD bool __hisnan(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 __hisnan2(const __nv_bfloat162 a);
__CUDALINT_HD int __hisinf(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat16 __hmax(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hmax2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat16 __hmin(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hmin2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat16 __hmax_nan(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hmax2_nan(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat16 __hmin_nan(const __nv_bfloat16 a, const __nv_bfloat16 b);
__CUDALINT_HD __nv_bfloat162 __hmin2_nan(const __nv_bfloat162 a, const __nv_bfloat162 b);
__CUDALINT_HD __nv_bfloat16 hsqrt(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2sqrt(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hrsqrt(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2rsqrt(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hrcp(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2rcp(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hexp(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2exp(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hexp2(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2exp2(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hexp10(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2exp10(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hlog(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2log(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hlog2(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2log2(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hlog10(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2log10(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hsin(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2sin(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hcos(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2cos(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 htrunc(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2trunc(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hceil(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2ceil(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hfloor(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2floor(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 hrint(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2rint(const __nv_bfloat162 a);
__CUDALINT_HD __nv_bfloat16 htanh(const __nv_bfloat16 a);
__CUDALINT_HD __nv_bfloat162 h2tanh(const __nv_bfloat162 a);

__CUDALINT_HD __nv_bfloat16 operator+(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 operator+(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 & operator+=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 & operator+=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 operator-(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 operator-(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 & operator-=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 & operator-=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 operator*(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 operator*(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 & operator*=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 & operator*=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 operator/(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 operator/(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 & operator/=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD __nv_bfloat162 & operator/=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD __nv_bfloat16 operator+(const __nv_bfloat16 &h);
__CUDALINT_HD __nv_bfloat162 operator+(const __nv_bfloat162 &h);
__CUDALINT_HD __nv_bfloat16 operator-(const __nv_bfloat16 &h);
__CUDALINT_HD __nv_bfloat162 operator-(const __nv_bfloat162 &h);
__CUDALINT_HD __nv_bfloat16 & operator++(__nv_bfloat16 &h);
__CUDALINT_HD __nv_bfloat16 operator++(__nv_bfloat16 &h, const int ignored);
__CUDALINT_HD __nv_bfloat162 & operator++(__nv_bfloat162 &h);
__CUDALINT_HD __nv_bfloat162 operator++(__nv_bfloat162 &h, const int ignored);
__CUDALINT_HD __nv_bfloat16 & operator--(__nv_bfloat16 &h);
__CUDALINT_HD __nv_bfloat16 operator--(__nv_bfloat16 &h, const int ignored);
__CUDALINT_HD __nv_bfloat162 & operator--(__nv_bfloat162 &h);
__CUDALINT_HD __nv_bfloat162 operator--(__nv_bfloat162 &h, const int ignored);
__CUDALINT_HD bool operator==(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD bool operator==(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD bool operator!=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD bool operator!=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD bool operator>(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD bool operator>(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD bool operator<(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD bool operator<(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD bool operator>=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD bool operator>=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__CUDALINT_HD bool operator<=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__CUDALINT_HD bool operator<=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);

__CUDALINT_D __nv_bfloat16 __shfl_sync(const unsigned int mask, const __nv_bfloat16 var, const int srcLane, const int width = 32);
__CUDALINT_D __nv_bfloat16 __shfl_up_sync(const unsigned int mask, const __nv_bfloat16 var, const unsigned int delta, const int width = 32);
__CUDALINT_D __nv_bfloat16 __shfl_down_sync(const unsigned int mask, const __nv_bfloat16 var, const unsigned int delta, const int width = 32);
__CUDALINT_D __nv_bfloat16 __shfl_xor_sync(const unsigned int mask, const __nv_bfloat16 var, const int laneMask, const int width = 32);
__CUDALINT_D __nv_bfloat16 __ldg(const __nv_bfloat16 *ptr);
__CUDALINT_D __nv_bfloat16 __ldcg(const __nv_bfloat16 *ptr);
__CUDALINT_D __nv_bfloat16 __ldca(const __nv_bfloat16 *ptr);
__CUDALINT_D __nv_bfloat16 __ldcs(const __nv_bfloat16 *ptr);
__CUDALINT_D __nv_bfloat16 __ldlu(const __nv_bfloat16 *ptr);
__CUDALINT_D __nv_bfloat16 __ldcv(const __nv_bfloat16 *ptr);
__CUDALINT_D void __stwb(__nv_bfloat16 *ptr, const __nv_bfloat16 value);
__CUDALINT_D void __stcg(__nv_bfloat16 *ptr, const __nv_bfloat16 value);
__CUDALINT_D void __stcs(__nv_bfloat16 *ptr, const __nv_bfloat16 value);
__CUDALINT_D void __stwt(__nv_bfloat16 *ptr, const __nv_bfloat16 value);
__CUDALINT_D __nv_bfloat16 atomicAdd(__nv_bfloat16 *const address, const __nv_bfloat16 val);
__CUDALINT_D __nv_bfloat162 __shfl_sync(const unsigned int mask, const __nv_bfloat162 var, const int srcLane, const int width = 32);
__CUDALINT_D __nv_bfloat162 __shfl_up_sync(const unsigned int mask, const __nv_bfloat162 var, const unsigned int delta, const int width = 32);
__CUDALINT_D __nv_bfloat162 __shfl_down_sync(const unsigned int mask, const __nv_bfloat162 var, const unsigned int delta, const int width = 32);
__CUDALINT_D __nv_bfloat162 __shfl_xor_sync(const unsigned int mask, const __nv_bfloat162 var, const int laneMask, const int width = 32);
__CUDALINT_D __nv_bfloat162 __ldg(const __nv_bfloat162 *ptr);
__CUDALINT_D __nv_bfloat162 __ldcg(const __nv_bfloat162 *ptr);
__CUDALINT_D __nv_bfloat162 __ldca(const __nv_bfloat162 *ptr);
__CUDALINT_D __nv_bfloat162 __ldcs(const __nv_bfloat162 *ptr);
__CUDALINT_D __nv_bfloat162 __ldlu(const __nv_bfloat162 *ptr);
__CUDALINT_D __nv_bfloat162 __ldcv(const __nv_bfloat162 *ptr);
__CUDALINT_D void __stwb(__nv_bfloat162 *ptr, const __nv_bfloat162 value);
__CUDALINT_D void __stcg(__nv_bfloat162 *ptr, const __nv_bfloat162 value);
__CUDALINT_D void __stcs(__nv_bfloat162 *ptr, const __nv_bfloat162 value);
__CUDALINT_D void __stwt(__nv_bfloat162 *ptr, const __nv_bfloat162 value);
__CUDALINT_D __nv_bfloat162 atomicAdd(__nv_bfloat162 *const address, const __nv_bfloat162 val);

#undef __CUDALINT_HD
#undef __CUDALINT_D

#else /* C */

typedef __nv_bfloat16_raw __nv_bfloat16;
typedef __nv_bfloat162_raw __nv_bfloat162;

#endif /* __cplusplus */

#endif /* __CUDA_BF16_H__ */
