// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host declarations nvcc gives every CUDA unit and clang's CUDA wrapper does
// not: the global math functions of <math.h>, and CUDA's integer and
// floating min/max.
//
// Under nvcc, crt/math_functions.hpp declares min() and max() for mixed int,
// unsigned, long and floating arguments as __host__ __device__, so host code
// calls them freely. Clang's CUDA wrapper makes the same declarations
// __device__ only, and host calls fail to resolve ("no matching function for
// call to 'max'"). cudalint force-includes this file when it parses against a
// real toolkit so such units can be analysed as nvcc compiles them. Written
// for cudalint from the documented behaviour; declarations only matter for
// overload resolution, but they are given bodies so the host side is whole.
#ifndef CUDALINT_NVCC_HOST_MATH_H
#define CUDALINT_NVCC_HOST_MATH_H
#if defined(__cplusplus) && defined(__CUDA__) && !defined(__CUDA_ARCH__)

// nvcc's type traits for extended lambdas (the CUDA Programming Guide,
// "Extended Lambda Type Traits"), which host code asks under __NVCC__
// (AMReX's AMReX_TypeTraits.H, CCCL's invoke.h): clang has no extended
// lambda closure types, so each trait is false, and false as a value that
// depends on the type, as nvcc's built-ins are (a partial specialisation
// enabled by one is then merely never chosen). Without them such a unit
// failed with "'T' does not refer to a value".
template <class...> struct __cudalint_no_extended_lambda {
  static constexpr bool value = false;
};
#ifndef __nv_is_extended_device_lambda_closure_type
#define __nv_is_extended_device_lambda_closure_type(...)                       \
  (__cudalint_no_extended_lambda<__VA_ARGS__>::value)
#endif
#ifndef __nv_is_extended_host_device_lambda_closure_type
#define __nv_is_extended_host_device_lambda_closure_type(...)                  \
  (__cudalint_no_extended_lambda<__VA_ARGS__>::value)
#endif
#ifndef __nv_is_extended_device_lambda_with_preserved_return_type
#define __nv_is_extended_device_lambda_with_preserved_return_type(...)         \
  (__cudalint_no_extended_lambda<__VA_ARGS__>::value)
#endif

// nvcc defines __CUDACC__ as 1, and host code tests it with #if (HeCBench's
// ssim-cuda: `#if __CUDACC__`); clang's wrapper leaves it defined empty, and
// such a test stopped the unit with "expected value in expression".
#undef __CUDACC__
#define __CUDACC__ 1

// nvcc's crt/math_functions.h includes <math.h> in every CUDA unit, and
// libstdc++'s <math.h> brings std::isfinite, isnan, isinf, signbit and the
// rest of <cmath> into the global namespace: host code calls them
// unqualified. Clang's wrapper includes only <cmath>, so an unqualified call
// finds nothing but the wrapper's __device__ declarations ("no matching
// function for call to 'isfinite'").
#include <math.h>

#define CUDALINT_HOST_MINMAX(Result, A, B)                                     \
  static inline __attribute__((host)) Result min(A a, B b) {                   \
    return (Result)a < (Result)b ? (Result)a : (Result)b;                      \
  }                                                                            \
  static inline __attribute__((host)) Result max(A a, B b) {                   \
    return (Result)a > (Result)b ? (Result)a : (Result)b;                      \
  }

CUDALINT_HOST_MINMAX(int, int, int)
CUDALINT_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
CUDALINT_HOST_MINMAX(unsigned int, int, unsigned int)
CUDALINT_HOST_MINMAX(unsigned int, unsigned int, int)
CUDALINT_HOST_MINMAX(long int, long int, long int)
CUDALINT_HOST_MINMAX(unsigned long int, unsigned long int, unsigned long int)
CUDALINT_HOST_MINMAX(unsigned long int, long int, unsigned long int)
CUDALINT_HOST_MINMAX(unsigned long int, unsigned long int, long int)
CUDALINT_HOST_MINMAX(long long int, long long int, long long int)
CUDALINT_HOST_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
CUDALINT_HOST_MINMAX(unsigned long long int, long long int, unsigned long long int)
CUDALINT_HOST_MINMAX(unsigned long long int, unsigned long long int, long long int)
CUDALINT_HOST_MINMAX(float, float, float)
CUDALINT_HOST_MINMAX(double, double, double)
CUDALINT_HOST_MINMAX(double, float, double)
CUDALINT_HOST_MINMAX(double, double, float)

#undef CUDALINT_HOST_MINMAX

#endif
#endif
