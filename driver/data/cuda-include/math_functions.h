// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * math_functions.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Math API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Device-side declarations of the math functions, so that kernels calling
 * sqrt(), expf(), fabs(), std::sin() ... type-check: in CUDA a call from
 * device code to a host-only function is an error, and the C library only
 * declares host functions. cuda_runtime.h includes this file before any
 * standard header: a device declaration has to come before <cmath>, whose
 * constexpr overloads would otherwise become implicitly host+device and clash
 * with these.
 */
#ifndef __MATH_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"

#if defined(__cplusplus) && defined(__CUDA__)

#define __CUDALINT_MATH extern __device__
#define __CUDALINT_MINMAX extern __host__ __device__

/* C99 <math.h> functions: double, float and the C++ float overloads. */
__CUDALINT_MATH double acos(double x);
__CUDALINT_MATH float acosf(float x);
__CUDALINT_MATH float acos(float x);
__CUDALINT_MATH double acosh(double x);
__CUDALINT_MATH float acoshf(float x);
__CUDALINT_MATH float acosh(float x);
__CUDALINT_MATH double asin(double x);
__CUDALINT_MATH float asinf(float x);
__CUDALINT_MATH float asin(float x);
__CUDALINT_MATH double asinh(double x);
__CUDALINT_MATH float asinhf(float x);
__CUDALINT_MATH float asinh(float x);
__CUDALINT_MATH double atan(double x);
__CUDALINT_MATH float atanf(float x);
__CUDALINT_MATH float atan(float x);
__CUDALINT_MATH double atanh(double x);
__CUDALINT_MATH float atanhf(float x);
__CUDALINT_MATH float atanh(float x);
__CUDALINT_MATH double cbrt(double x);
__CUDALINT_MATH float cbrtf(float x);
__CUDALINT_MATH float cbrt(float x);
__CUDALINT_MATH double ceil(double x);
__CUDALINT_MATH float ceilf(float x);
__CUDALINT_MATH float ceil(float x);
__CUDALINT_MATH double cos(double x);
__CUDALINT_MATH float cosf(float x);
__CUDALINT_MATH float cos(float x);
__CUDALINT_MATH double cosh(double x);
__CUDALINT_MATH float coshf(float x);
__CUDALINT_MATH float cosh(float x);
__CUDALINT_MATH double erf(double x);
__CUDALINT_MATH float erff(float x);
__CUDALINT_MATH float erf(float x);
__CUDALINT_MATH double erfc(double x);
__CUDALINT_MATH float erfcf(float x);
__CUDALINT_MATH float erfc(float x);
__CUDALINT_MATH double exp(double x);
__CUDALINT_MATH float expf(float x);
__CUDALINT_MATH float exp(float x);
__CUDALINT_MATH double exp2(double x);
__CUDALINT_MATH float exp2f(float x);
__CUDALINT_MATH float exp2(float x);
__CUDALINT_MATH double expm1(double x);
__CUDALINT_MATH float expm1f(float x);
__CUDALINT_MATH float expm1(float x);
__CUDALINT_MATH double fabs(double x);
__CUDALINT_MATH float fabsf(float x);
__CUDALINT_MATH float fabs(float x);
__CUDALINT_MATH double floor(double x);
__CUDALINT_MATH float floorf(float x);
__CUDALINT_MATH float floor(float x);
__CUDALINT_MATH double lgamma(double x);
__CUDALINT_MATH float lgammaf(float x);
__CUDALINT_MATH float lgamma(float x);
__CUDALINT_MATH double log(double x);
__CUDALINT_MATH float logf(float x);
__CUDALINT_MATH float log(float x);
__CUDALINT_MATH double log10(double x);
__CUDALINT_MATH float log10f(float x);
__CUDALINT_MATH float log10(float x);
__CUDALINT_MATH double log1p(double x);
__CUDALINT_MATH float log1pf(float x);
__CUDALINT_MATH float log1p(float x);
__CUDALINT_MATH double log2(double x);
__CUDALINT_MATH float log2f(float x);
__CUDALINT_MATH float log2(float x);
__CUDALINT_MATH double logb(double x);
__CUDALINT_MATH float logbf(float x);
__CUDALINT_MATH float logb(float x);
__CUDALINT_MATH double nearbyint(double x);
__CUDALINT_MATH float nearbyintf(float x);
__CUDALINT_MATH float nearbyint(float x);
__CUDALINT_MATH double rint(double x);
__CUDALINT_MATH float rintf(float x);
__CUDALINT_MATH float rint(float x);
__CUDALINT_MATH double round(double x);
__CUDALINT_MATH float roundf(float x);
__CUDALINT_MATH float round(float x);
__CUDALINT_MATH double sin(double x);
__CUDALINT_MATH float sinf(float x);
__CUDALINT_MATH float sin(float x);
__CUDALINT_MATH double sinh(double x);
__CUDALINT_MATH float sinhf(float x);
__CUDALINT_MATH float sinh(float x);
__CUDALINT_MATH double sqrt(double x);
__CUDALINT_MATH float sqrtf(float x);
__CUDALINT_MATH float sqrt(float x);
__CUDALINT_MATH double tan(double x);
__CUDALINT_MATH float tanf(float x);
__CUDALINT_MATH float tan(float x);
__CUDALINT_MATH double tanh(double x);
__CUDALINT_MATH float tanhf(float x);
__CUDALINT_MATH float tanh(float x);
__CUDALINT_MATH double tgamma(double x);
__CUDALINT_MATH float tgammaf(float x);
__CUDALINT_MATH float tgamma(float x);
__CUDALINT_MATH double trunc(double x);
__CUDALINT_MATH float truncf(float x);
__CUDALINT_MATH float trunc(float x);
__CUDALINT_MATH double atan2(double x, double y);
__CUDALINT_MATH float atan2f(float x, float y);
__CUDALINT_MATH float atan2(float x, float y);
__CUDALINT_MATH double copysign(double x, double y);
__CUDALINT_MATH float copysignf(float x, float y);
__CUDALINT_MATH float copysign(float x, float y);
__CUDALINT_MATH double fdim(double x, double y);
__CUDALINT_MATH float fdimf(float x, float y);
__CUDALINT_MATH float fdim(float x, float y);
__CUDALINT_MATH double fmax(double x, double y);
__CUDALINT_MATH float fmaxf(float x, float y);
__CUDALINT_MATH float fmax(float x, float y);
__CUDALINT_MATH double fmin(double x, double y);
__CUDALINT_MATH float fminf(float x, float y);
__CUDALINT_MATH float fmin(float x, float y);
__CUDALINT_MATH double fmod(double x, double y);
__CUDALINT_MATH float fmodf(float x, float y);
__CUDALINT_MATH float fmod(float x, float y);
__CUDALINT_MATH double hypot(double x, double y);
__CUDALINT_MATH float hypotf(float x, float y);
__CUDALINT_MATH float hypot(float x, float y);
__CUDALINT_MATH double nextafter(double x, double y);
__CUDALINT_MATH float nextafterf(float x, float y);
__CUDALINT_MATH float nextafter(float x, float y);
__CUDALINT_MATH double pow(double x, double y);
__CUDALINT_MATH float powf(float x, float y);
__CUDALINT_MATH float pow(float x, float y);
__CUDALINT_MATH double remainder(double x, double y);
__CUDALINT_MATH float remainderf(float x, float y);
__CUDALINT_MATH float remainder(float x, float y);
__CUDALINT_MATH double fma(double x, double y, double z);
__CUDALINT_MATH float fmaf(float x, float y, float z);
__CUDALINT_MATH float fma(float x, float y, float z);
__CUDALINT_MATH double frexp(double x, int *nptr);
__CUDALINT_MATH float frexpf(float x, int *nptr);
__CUDALINT_MATH float frexp(float x, int *nptr);
__CUDALINT_MATH int ilogb(double x);
__CUDALINT_MATH int ilogbf(float x);
__CUDALINT_MATH int ilogb(float x);
__CUDALINT_MATH double ldexp(double x, int exp);
__CUDALINT_MATH float ldexpf(float x, int exp);
__CUDALINT_MATH float ldexp(float x, int exp);
__CUDALINT_MATH long long llrint(double x);
__CUDALINT_MATH long long llrintf(float x);
__CUDALINT_MATH long long llrint(float x);
__CUDALINT_MATH long long llround(double x);
__CUDALINT_MATH long long llroundf(float x);
__CUDALINT_MATH long long llround(float x);
__CUDALINT_MATH long lrint(double x);
__CUDALINT_MATH long lrintf(float x);
__CUDALINT_MATH long lrint(float x);
__CUDALINT_MATH long lround(double x);
__CUDALINT_MATH long lroundf(float x);
__CUDALINT_MATH long lround(float x);
__CUDALINT_MATH double modf(double x, double *iptr);
__CUDALINT_MATH float modff(float x, float *iptr);
__CUDALINT_MATH float modf(float x, float *iptr);
__CUDALINT_MATH double remquo(double x, double y, int *quo);
__CUDALINT_MATH float remquof(float x, float y, int *quo);
__CUDALINT_MATH float remquo(float x, float y, int *quo);
__CUDALINT_MATH double scalbln(double x, long n);
__CUDALINT_MATH float scalblnf(float x, long n);
__CUDALINT_MATH float scalbln(float x, long n);
__CUDALINT_MATH double scalbn(double x, int n);
__CUDALINT_MATH float scalbnf(float x, int n);
__CUDALINT_MATH float scalbn(float x, int n);
__CUDALINT_MATH float pow(float x, int y);
__CUDALINT_MATH double pow(double x, int y);

/* Integer absolute values and the C++ abs overloads. */
__CUDALINT_MATH int abs(int x);
__CUDALINT_MATH long abs(long x);
__CUDALINT_MATH long long abs(long long x);
__CUDALINT_MATH double abs(double x);
__CUDALINT_MATH float abs(float x);
__CUDALINT_MATH long labs(long x);
__CUDALINT_MATH long long llabs(long long x);

/* Classification (the C++ overloads of the <math.h> macros). */
__CUDALINT_MATH bool isfinite(float x);
__CUDALINT_MATH bool isfinite(double x);
__CUDALINT_MATH bool isfinite(long double x);
__CUDALINT_MATH bool isinf(float x);
__CUDALINT_MATH bool isinf(double x);
__CUDALINT_MATH bool isinf(long double x);
__CUDALINT_MATH bool isnan(float x);
__CUDALINT_MATH bool isnan(double x);
__CUDALINT_MATH bool isnan(long double x);
__CUDALINT_MATH bool signbit(float x);
__CUDALINT_MATH bool signbit(double x);
__CUDALINT_MATH bool signbit(long double x);
__CUDALINT_MATH bool isnormal(float x);
__CUDALINT_MATH bool isnormal(double x);
__CUDALINT_MATH bool isnormal(long double x);
__CUDALINT_MATH int fpclassify(float x);
__CUDALINT_MATH int fpclassify(double x);
__CUDALINT_MATH bool isgreater(float x, float y);
__CUDALINT_MATH bool isgreater(double x, double y);
__CUDALINT_MATH bool isgreaterequal(float x, float y);
__CUDALINT_MATH bool isgreaterequal(double x, double y);
__CUDALINT_MATH bool isless(float x, float y);
__CUDALINT_MATH bool isless(double x, double y);
__CUDALINT_MATH bool islessequal(float x, float y);
__CUDALINT_MATH bool islessequal(double x, double y);
__CUDALINT_MATH bool islessgreater(float x, float y);
__CUDALINT_MATH bool islessgreater(double x, double y);
__CUDALINT_MATH bool isunordered(float x, float y);
__CUDALINT_MATH bool isunordered(double x, double y);

/* Functions of the CUDA Math API that C does not have. */
__CUDALINT_MATH double rsqrt(double x);
__CUDALINT_MATH float rsqrtf(float x);
__CUDALINT_MATH double rcbrt(double x);
__CUDALINT_MATH float rcbrtf(float x);
__CUDALINT_MATH double sinpi(double x);
__CUDALINT_MATH float sinpif(float x);
__CUDALINT_MATH double cospi(double x);
__CUDALINT_MATH float cospif(float x);
__CUDALINT_MATH double exp10(double x);
__CUDALINT_MATH float exp10f(float x);
__CUDALINT_MATH double erfinv(double x);
__CUDALINT_MATH float erfinvf(float x);
__CUDALINT_MATH double erfcinv(double x);
__CUDALINT_MATH float erfcinvf(float x);
__CUDALINT_MATH double erfcx(double x);
__CUDALINT_MATH float erfcxf(float x);
__CUDALINT_MATH double normcdf(double x);
__CUDALINT_MATH float normcdff(float x);
__CUDALINT_MATH double normcdfinv(double x);
__CUDALINT_MATH float normcdfinvf(float x);
__CUDALINT_MATH double j0(double x);
__CUDALINT_MATH float j0f(float x);
__CUDALINT_MATH double j1(double x);
__CUDALINT_MATH float j1f(float x);
__CUDALINT_MATH double y0(double x);
__CUDALINT_MATH float y0f(float x);
__CUDALINT_MATH double y1(double x);
__CUDALINT_MATH float y1f(float x);
__CUDALINT_MATH double cyl_bessel_i0(double x);
__CUDALINT_MATH float cyl_bessel_i0f(float x);
__CUDALINT_MATH double cyl_bessel_i1(double x);
__CUDALINT_MATH float cyl_bessel_i1f(float x);
__CUDALINT_MATH void sincos(double x, double *sptr, double *cptr);
__CUDALINT_MATH void sincosf(float x, float *sptr, float *cptr);
__CUDALINT_MATH void sincospi(double x, double *sptr, double *cptr);
__CUDALINT_MATH void sincospif(float x, float *sptr, float *cptr);
__CUDALINT_MATH double jn(int n, double x);
__CUDALINT_MATH float jnf(int n, float x);
__CUDALINT_MATH double yn(int n, double x);
__CUDALINT_MATH float ynf(int n, float x);
__CUDALINT_MATH double rhypot(double x, double y);
__CUDALINT_MATH float rhypotf(float x, float y);
__CUDALINT_MATH double norm3d(double a, double b, double c);
__CUDALINT_MATH float norm3df(float a, float b, float c);
__CUDALINT_MATH double rnorm3d(double a, double b, double c);
__CUDALINT_MATH float rnorm3df(float a, float b, float c);
__CUDALINT_MATH double norm4d(double a, double b, double c, double d);
__CUDALINT_MATH float norm4df(float a, float b, float c, float d);
__CUDALINT_MATH double rnorm4d(double a, double b, double c, double d);
__CUDALINT_MATH float rnorm4df(float a, float b, float c, float d);
__CUDALINT_MATH double norm(int dim, const double *p);
__CUDALINT_MATH float normf(int dim, const float *p);
__CUDALINT_MATH double rnorm(int dim, const double *p);
__CUDALINT_MATH float rnormf(int dim, const float *p);
__CUDALINT_MATH double nan(const char *tagp);
__CUDALINT_MATH float nanf(const char *tagp);
__CUDALINT_MATH float fdividef(float x, float y);
__CUDALINT_MATH float rsqrt(float x);
__CUDALINT_MATH float exp10(float x);
__CUDALINT_MATH float rcbrt(float x);
__CUDALINT_MATH float sinpi(float x);
__CUDALINT_MATH float cospi(float x);
__CUDALINT_MATH float erfinv(float x);
__CUDALINT_MATH float erfcinv(float x);
__CUDALINT_MATH float normcdf(float x);
__CUDALINT_MATH float normcdfinv(float x);

/* min/max overloads usable in host and device code. */
__CUDALINT_MINMAX int min(int a, int b);
__CUDALINT_MINMAX unsigned int min(unsigned int a, unsigned int b);
__CUDALINT_MINMAX unsigned int min(int a, unsigned int b);
__CUDALINT_MINMAX unsigned int min(unsigned int a, int b);
__CUDALINT_MINMAX long min(long a, long b);
__CUDALINT_MINMAX unsigned long min(unsigned long a, unsigned long b);
__CUDALINT_MINMAX unsigned long min(long a, unsigned long b);
__CUDALINT_MINMAX unsigned long min(unsigned long a, long b);
__CUDALINT_MINMAX long long min(long long a, long long b);
__CUDALINT_MINMAX unsigned long long min(unsigned long long a, unsigned long long b);
__CUDALINT_MINMAX unsigned long long min(long long a, unsigned long long b);
__CUDALINT_MINMAX unsigned long long min(unsigned long long a, long long b);
__CUDALINT_MINMAX float min(float a, float b);
__CUDALINT_MINMAX double min(double a, double b);
__CUDALINT_MINMAX double min(float a, double b);
__CUDALINT_MINMAX double min(double a, float b);
__CUDALINT_MINMAX int max(int a, int b);
__CUDALINT_MINMAX unsigned int max(unsigned int a, unsigned int b);
__CUDALINT_MINMAX unsigned int max(int a, unsigned int b);
__CUDALINT_MINMAX unsigned int max(unsigned int a, int b);
__CUDALINT_MINMAX long max(long a, long b);
__CUDALINT_MINMAX unsigned long max(unsigned long a, unsigned long b);
__CUDALINT_MINMAX unsigned long max(long a, unsigned long b);
__CUDALINT_MINMAX unsigned long max(unsigned long a, long b);
__CUDALINT_MINMAX long long max(long long a, long long b);
__CUDALINT_MINMAX unsigned long long max(unsigned long long a, unsigned long long b);
__CUDALINT_MINMAX unsigned long long max(long long a, unsigned long long b);
__CUDALINT_MINMAX unsigned long long max(unsigned long long a, long long b);
__CUDALINT_MINMAX float max(float a, float b);
__CUDALINT_MINMAX double max(double a, double b);
__CUDALINT_MINMAX double max(float a, double b);
__CUDALINT_MINMAX double max(double a, float b);
__CUDALINT_MINMAX unsigned int umin(unsigned int a, unsigned int b);
__CUDALINT_MINMAX unsigned int umax(unsigned int a, unsigned int b);
__CUDALINT_MINMAX long long llmin(long long a, long long b);
__CUDALINT_MINMAX long long llmax(long long a, long long b);
__CUDALINT_MINMAX unsigned long long ullmin(unsigned long long a, unsigned long long b);
__CUDALINT_MINMAX unsigned long long ullmax(unsigned long long a, unsigned long long b);

/* Make the device overloads visible through std:: as <cmath> does for the
 * host ones. */
#if defined(_LIBCPP_BEGIN_NAMESPACE_STD)
_LIBCPP_BEGIN_NAMESPACE_STD
#else
namespace std {
#if defined(_GLIBCXX_BEGIN_NAMESPACE_VERSION)
_GLIBCXX_BEGIN_NAMESPACE_VERSION
#endif
#endif
using ::abs;
using ::acos;
using ::acosh;
using ::asin;
using ::asinh;
using ::atan;
using ::atan2;
using ::atanh;
using ::cbrt;
using ::ceil;
using ::copysign;
using ::cos;
using ::cosh;
using ::erf;
using ::erfc;
using ::exp;
using ::exp2;
using ::expm1;
using ::fabs;
using ::fdim;
using ::floor;
using ::fma;
using ::fmax;
using ::fmin;
using ::fmod;
using ::fpclassify;
using ::frexp;
using ::hypot;
using ::ilogb;
using ::isfinite;
using ::isgreater;
using ::isgreaterequal;
using ::isinf;
using ::isless;
using ::islessequal;
using ::islessgreater;
using ::isnan;
using ::isnormal;
using ::isunordered;
using ::labs;
using ::ldexp;
using ::lgamma;
using ::llabs;
using ::llrint;
using ::llround;
using ::log;
using ::log10;
using ::log1p;
using ::log2;
using ::logb;
using ::lrint;
using ::lround;
using ::modf;
using ::nan;
using ::nanf;
using ::nearbyint;
using ::nextafter;
using ::pow;
using ::remainder;
using ::remquo;
using ::rint;
using ::round;
using ::scalbln;
using ::scalbn;
using ::signbit;
using ::sin;
using ::sinh;
using ::sqrt;
using ::tan;
using ::tanh;
using ::tgamma;
using ::trunc;
#if defined(_LIBCPP_END_NAMESPACE_STD)
_LIBCPP_END_NAMESPACE_STD
#else
#if defined(_GLIBCXX_BEGIN_NAMESPACE_VERSION)
_GLIBCXX_END_NAMESPACE_VERSION
#endif
} /* namespace std */
#endif

#undef __CUDALINT_MATH
#undef __CUDALINT_MINMAX

#endif /* __cplusplus && __CUDA__ */

#endif /* __MATH_FUNCTIONS_H__ */
