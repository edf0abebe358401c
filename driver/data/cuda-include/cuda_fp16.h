// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuda_fp16.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Math API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Half-precision (__half, __half2) types, conversions and arithmetic.
 */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"
#include "vector_types.h"

typedef struct {
  unsigned short x;
} __half_raw;

typedef struct {
  unsigned short x;
  unsigned short y;
} __half2_raw;

#if defined(__cplusplus)

#define __CUDALINT_HD __host__ __device__
#define __CUDALINT_D __device__

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
#if __cplusplus >= 201103L
  __half() = default;
#else
  __CUDALINT_HD __half() {}
#endif
  __CUDALINT_HD __half(const __half_raw &hr);
  __CUDALINT_HD __half &operator=(const __half_raw &hr);
  __CUDALINT_HD operator __half_raw() const;
  __CUDALINT_HD __half(float f);
  __CUDALINT_HD __half(double f);
  __CUDALINT_HD __half &operator=(float f);
  __CUDALINT_HD __half &operator=(double f);
  __CUDALINT_HD operator float() const;
  __CUDALINT_HD __half(short val);
  __CUDALINT_HD __half(unsigned short val);
  __CUDALINT_HD __half(int val);
  __CUDALINT_HD __half(unsigned int val);
  __CUDALINT_HD __half(long val);
  __CUDALINT_HD __half(unsigned long val);
  __CUDALINT_HD __half(long long val);
  __CUDALINT_HD __half(unsigned long long val);
  __CUDALINT_HD explicit operator bool() const;
};

struct __align__(4) __half2 {
  __half x;
  __half y;
#if __cplusplus >= 201103L
  __half2() = default;
#else
  __CUDALINT_HD __half2() {}
#endif
  __CUDALINT_HD __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __CUDALINT_HD __half2(const __half2_raw &h2r);
  __CUDALINT_HD __half2 &operator=(const __half2_raw &h2r);
  __CUDALINT_HD operator __half2_raw() const;
};

typedef __half half;
typedef __half2 half2;

__CUDALINT_HD __half __float2half(const float a);
__CUDALINT_HD __half __float2half_rn(const float a);
__CUDALINT_HD __half __float2half_rz(const float a);
__CUDALINT_HD __half __float2half_rd(const float a);
__CUDALINT_HD __half __float2half_ru(const float a);
__CUDALINT_HD float __half2float(const __half a);
__CUDALINT_HD __half2 __float2half2_rn(const float a);
__CUDALINT_HD __half2 __floats2half2_rn(const float a, const float b);
__CUDALINT_HD float2 __half22float2(const __half2 a);
__CUDALINT_HD __half2 __float22half2_rn(const float2 a);
__CUDALINT_HD float __low2float(const __half2 a);
__CUDALINT_HD float __high2float(const __half2 a);
__CUDALINT_HD __half __double2half(const double a);
__CUDALINT_HD __half __int2half_rn(const int i);
__CUDALINT_HD __half __int2half_rz(const int i);
__CUDALINT_HD int __half2int_rn(const __half h);
__CUDALINT_HD int __half2int_rz(const __half h);
__CUDALINT_HD __half __uint2half_rn(const unsigned int i);
__CUDALINT_HD unsigned int __half2uint_rn(const __half h);
__CUDALINT_HD unsigned int __half2uint_rz(const __half h);
__CUDALINT_HD __half __short2half_rn(const short int i);
__CUDALINT_HD short int __half2short_rz(const __half h);
__CUDALINT_HD __half __ushort2half_rn(const unsigned short int i);
__CUDALINT_HD unsigned short int __half2ushort_rz(const __half h);
__CUDALINT_HD __half __ll2half_rn(const long long int i);
__CUDALINT_HD long long int __half2ll_rz(const __half h);
__CUDALINT_HD short int __half_as_short(const __half h);
__CUDALINT_HD unsigned short int __half_as_ushort(const __half h);
__CUDALINT_HD __half __short_as_half(const short int i);
__CUDALINT_HD __half __ushort_as_half(const unsigned short int i);
__CUDALINT_HD __half __low2half(const __half2 a);
__CUDALINT_HD __half __high2half(const __half2 a);
__CUDALINT_HD __half2 __halves2half2(const __half a, const __half b);
__CUDALINT_HD __half2 __half2half2(const __half a);
__CUDALINT_HD __half2 __lowhigh2highlow(const __half2 a);
__CUDALINT_HD __half2 __lows2half2(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __highs2half2(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __low2half2(const __half2 a);
__CUDALINT_HD __half2 __high2half2(const __half2 a);

__CUDALINT_HD __half __hadd(const __half a, const __half b);
__CUDALINT_HD __half __hsub(const __half a, const __half b);
__CUDALINT_HD __half __hmul(const __half a, const __half b);
__CUDALINT_HD __half __hdiv(const __half a, const __half b);
__CUDALINT_HD __half __hadd_sat(const __half a, const __half b);
__CUDALINT_HD __half __hsub_sat(const __half a, const __half b);
__CUDALINT_HD __half __hmul_sat(const __half a, const __half b);
__CUDALINT_HD __half __hadd_rn(const __half a, const __half b);
__CUDALINT_HD __half __hsub_rn(const __half a, const __half b);
__CUDALINT_HD __half __hmul_rn(const __half a, const __half b);
__CUDALINT_HD __half2 __hadd2(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hadd2_sat(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hadd2_rn(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hsub2(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hsub2_sat(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hsub2_rn(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hmul2(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hmul2_sat(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __hmul2_rn(const __half2 a, const __half2 b);
__CUDALINT_HD __half2 __h2div(const __half2 a, const __half2 b);
__CUDALINT_HD __half __hfma(const __half a, const __half b, const __half c);
__CUDALINT_HD __half __hfma_sat(const __half a, const __half b, const __half c);
__CUDALINT_HD __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c);
__CUDALINT_HD __half2 __hfma2_sat(const __half2 a, const __half2 b, const __half2 c);
__CUDALINT_HD __half __hneg(const __half a);
__CUDALINT_HD __half2 __hneg2(const __half2 a);
__CUDALINT_HD __half __habs(const __half a);
__CUDALINT_HD __half2 __habs2(const __half2 a);
__CUDALINT_HD bool __heq(const __half a, const __half b);
__CUDALINT_HD __half2 __heq2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbeq2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hne(const __half a, const __half b);
__CUDALINT_HD __half2 __hne2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbne2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hle(const __half a, const __half b);
__CUDALINT_HD __half2 __hle2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hble2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hge(const __half a, const __half b);
__CUDALINT_HD __half2 __hge2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbge2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hlt(const __half a, const __half b);
__CUDALINT_HD __half2 __hlt2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hblt2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hgt(const __half a, const __half b);
__CUDALINT_HD __half2 __hgt2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbgt2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hequ(const __half a, const __half b);
__CUDALINT_HD __half2 __hequ2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbequ2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hneu(const __half a, const __half b);
__CUDALINT_HD __half2 __hneu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbneu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hleu(const __half a, const __half b);
__CUDALINT_HD __half2 __hleu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbleu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hgeu(const __half a, const __half b);
__CUDALINT_HD __half2 __hgeu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbgeu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hltu(const __half a, const __half b);
__CUDALINT_HD __half2 __hltu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbltu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hgtu(const __half a, const __half b);
__CUDALINT_HD __half2 __hgtu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hbgtu2(const __half2 a, const __half2 b);
__CUDALINT_HD bool __hisnan(const __half a);
__CUDALINT_HD __half2 __hisnan2(const __half2 a);
__CUDALINT_HD int __hisinf(const __half a);
__CUDALINT_HD __half __hmax(const __half a, const __half b);
__CUDALINT_HD __half2 __hmax2(const __half2 a, const __half2 b);
__CUDALINT_HD __half __hmin(const __half a, const __half b);
__CUDALINT_HD __half2 __hmin2(const __half2 a, const __half2 b);
__CUDALINT_HD __half __hmax_nan(const __half a, const __half b);
__CUDALINT_HD __half2 __hmax2_nan(const __half2 a, const __half2 b);
__CUDALINT_HD __half __hmin_nan(const __half a, const __half b);
__CUDALINT_HD __half2 __hmin2_nan(const __half2 a, const __half2 b);
__CUDALINT_HD __half hsqrt(const __half a);
__CUDALINT_HD __half2 h2sqrt(const __half2 a);
__CUDALINT_HD __half hrsqrt(const __half a);
__CUDALINT_HD __half2 h2rsqrt(const __half2 a);
__CUDALINT_HD __half hrcp(const __half a);
__CUDALINT_HD __half2 h2rcp(const __half2 a);
__CUDALINT_HD __half hexp(const __half a);
__CUDALINT_HD __half2 h2exp(const __half2 a);
__CUDALINT_HD __half hexp2(const __half a);
__CUDALINT_HD __half2 h2exp2(const __half2 a);
__CUDALINT_HD __half hexp10(const __half a);
__CUDALINT_HD __half2 h2exp10(const __half2 a);
__CUDALINT_HD __half hlog(const __half a);
__CUDALINT_HD __half2 h2log(const __half2 a);
__CUDALINT_HD __half hlog2(const __half a);
__CUDALINT_HD __half2 h2log2(const __half2 a);
__CUDALINT_HD __half hlog10(const __half a);
__CUDALINT_HD __half2 h2log10(const __half2 a);
__CUDALINT_HD __half hsin(const __half a);
__CUDALINT_HD __half2 h2sin(const __half2 a);
__CUDALINT_HD __half hcos(const __half a);
__CUDALINT_HD __half2 h2cos(const __half2 a);
__CUDALINT_HD __half htrunc(const __half a);
__CUDALINT_HD __half2 h2trunc(const __half2 a);
__CUDALINT_HD __half hceil(const __half a);
__CUDALINT_HD __half2 h2ceil(const __half2 a);
__CUDALINT_HD __half hfloor(const __half a);
__CUDALINT_HD __half2 h2floor(const __half2 a);
__CUDALINT_HD __half hrint(const __half a);
__CUDALINT_HD __half2 h2rint(const __half2 a);
__CUDALINT_HD __half htanh(const __half a);
__CUDALINT_HD __half2 h2tanh(const __half2 a);

__CUDALINT_HD __half operator+(const __half &lh, const __half &rh);
__CUDALINT_HD __half2 operator+(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD __half & operator+=(__half &lh, const __half &rh);
__CUDALINT_HD __half2 & operator+=(__half2 &lh, const __half2 &rh);
__CUDALINT_HD __half operator-(const __half &lh, const __half &rh);
__CUDALINT_HD __half2 operator-(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD __half & operator-=(__half &lh, const __half &rh);
__CUDALINT_HD __half2 & operator-=(__half2 &lh, const __half2 &rh);
__CUDALINT_HD __half operator*(const __half &lh, const __half &rh);
__CUDALINT_HD __half2 operator*(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD __half & operator*=(__half &lh, const __half &rh);
__CUDALINT_HD __half2 & operator*=(__half2 &lh, const __half2 &rh);
__CUDALINT_HD __half operator/(const __half &lh, const __half &rh);
__CUDALINT_HD __half2 operator/(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD __half & operator/=(__half &lh, const __half &rh);
__CUDALINT_HD __half2 & operator/=(__half2 &lh, const __half2 &rh);
__CUDALINT_HD __half operator+(const __half &h);
__CUDALINT_HD __half2 operator+(const __half2 &h);
__CUDALINT_HD __half operator-(const __half &h);
__CUDALINT_HD __half2 operator-(const __half2 &h);
__CUDALINT_HD __half & operator++(__half &h);
__CUDALINT_HD __half operator++(__half &h, const int ignored);
__CUDALINT_HD __half2 & operator++(__half2 &h);
__CUDALINT_HD __half2 operator++(__half2 &h, const int ignored);
__CUDALINT_HD __half & operator--(__half &h);
__CUDALINT_HD __half operator--(__half &h, const int ignored);
__CUDALINT_HD __half2 & operator--(__half2 &h);
__CUDALINT_HD __half2 operator--(__half2 &h, const int ignored);
__CUDALINT_HD bool operator==(const __half &lh, const __half &rh);
__CUDALINT_HD bool operator==(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD bool operator!=(const __half &lh, const __half &rh);
__CUDALINT_HD bool operator!=(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD bool operator>(const __half &lh, const __half &rh);
__CUDALINT_HD bool operator>(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD bool operator<(const __half &lh, const __half &rh);
__CUDALINT_HD bool operator<(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD bool operator>=(const __half &lh, const __half &rh);
__CUDALINT_HD bool operator>=(const __half2 &lh, const __half2 &rh);
__CUDALINT_HD bool operator<=(const __half &lh, const __half &rh);
__CUDALINT_HD bool operator<=(const __half2 &lh, const __half2 &rh);

__CUDALINT_D __half __shfl_sync(const unsigned int mask, const __half var, const int srcLane, const int width = 32);
__CUDALINT_D __half __shfl_up_sync(const unsigned int mask, const __half var, const unsigned int delta, const int width = 32);
__CUDALINT_D __half __shfl_down_sync(const unsigned int mask, const __half var, const unsigned int delta, const int width = 32);
__CUDALINT_D __half __shfl_xor_sync(const unsigned int mask, const __half var, const int laneMask, const int width = 32);
__CUDALINT_D __half __ldg(const __half *ptr);
__CUDALINT_D __half __ldcg(const __half *ptr);
__CUDALINT_D __half __ldca(const __half *ptr);
__CUDALINT_D __half __ldcs(const __half *ptr);
__CUDALINT_D __half __ldlu(const __half *ptr);
__CUDALINT_D __half __ldcv(const __half *ptr);
__CUDALINT_D void __stwb(__half *ptr, const __half value);
__CUDALINT_D void __stcg(__half *ptr, const __half value);
__CUDALINT_D void __stcs(__half *ptr, const __half value);
__CUDALINT_D void __stwt(__half *ptr, const __half value);
__CUDALINT_D __half atomicAdd(__half *const address, const __half val);
__CUDALINT_D __half2 __shfl_sync(const unsigned int mask, const __half2 var, const int srcLane, const int width = 32);
__CUDALINT_D __half2 __shfl_up_sync(const unsigned int mask, const __half2 var, const unsigned int delta, const int width = 32);
__CUDALINT_D __half2 __shfl_down_sync(const unsigned int mask, const __half2 var, const unsigned int delta, const int width = 32);
__CUDALINT_D __half2 __shfl_xor_sync(const unsigned int mask, const __half2 var, const int laneMask, const int width = 32);
__CUDALINT_D __half2 __ldg(const __half2 *ptr);
__CUDALINT_D __half2 __ldcg(const __half2 *ptr);
__CUDALINT_D __half2 __ldca(const __half2 *ptr);
__CUDALINT_D __half2 __ldcs(const __half2 *ptr);
__CUDALINT_D __half2 __ldlu(const __half2 *ptr);
__CUDALINT_D __half2 __ldcv(const __half2 *ptr);
__CUDALINT_D void __stwb(__half2 *ptr, const __half2 value);
__CUDALINT_D void __stcg(__half2 *ptr, const __half2 value);
__CUDALINT_D void __stcs(__half2 *ptr, const __half2 value);
__CUDALINT_D void __stwt(__half2 *ptr, const __half2 value);
__CUDALINT_D __half2 atomicAdd(__half2 *const address, const __half2 val);

#undef __CUDALINT_HD
#undef __CUDALINT_D

#else /* C */

typedef __half_raw __half;
typedef __half2_raw __half2;

#endif /* __cplusplus */

#endif /* __CUDA_FP16_H__ */
