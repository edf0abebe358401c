// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuComplex.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Single- and double-precision complex types and their helpers.
 */
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#if defined(__cplusplus)
extern "C" {
#define __CUDALINT_CPLX __host__ __device__
#else
#define __CUDALINT_CPLX extern
#endif

__CUDALINT_CPLX float cuCrealf(cuFloatComplex x);
__CUDALINT_CPLX float cuCimagf(cuFloatComplex x);
__CUDALINT_CPLX cuFloatComplex make_cuFloatComplex(float r, float i);
__CUDALINT_CPLX cuFloatComplex cuConjf(cuFloatComplex x);
__CUDALINT_CPLX cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y);
__CUDALINT_CPLX cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y);
__CUDALINT_CPLX cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y);
__CUDALINT_CPLX cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y);
__CUDALINT_CPLX float cuCabsf(cuFloatComplex x);
__CUDALINT_CPLX double cuCreal(cuDoubleComplex x);
__CUDALINT_CPLX double cuCimag(cuDoubleComplex x);
__CUDALINT_CPLX cuDoubleComplex make_cuDoubleComplex(double r, double i);
__CUDALINT_CPLX cuDoubleComplex cuConj(cuDoubleComplex x);
__CUDALINT_CPLX cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y);
__CUDALINT_CPLX cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y);
__CUDALINT_CPLX cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y);
__CUDALINT_CPLX cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y);
__CUDALINT_CPLX double cuCabs(cuDoubleComplex x);
__CUDALINT_CPLX cuComplex make_cuComplex(float x, float y);
__CUDALINT_CPLX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);
__CUDALINT_CPLX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);
__CUDALINT_CPLX cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d);
__CUDALINT_CPLX cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d);

#if defined(__cplusplus)
} /* extern "C" */
#endif
#undef __CUDALINT_CPLX

#endif /* CU_COMPLEX_H_ */
