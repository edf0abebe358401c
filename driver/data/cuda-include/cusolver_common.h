// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cusolver_common.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public cuSOLVER
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Status codes and enumerations shared by the cuSOLVER APIs.
 */
#ifndef CUSOLVER_COMMON_H_
#define CUSOLVER_COMMON_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "library_types.h"

#define CUSOLVERAPI

#define CUSOLVER_VER_MAJOR 11
#define CUSOLVER_VER_MINOR 7
#define CUSOLVER_VER_PATCH 0
#define CUSOLVER_VERSION (CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH)

typedef int cusolver_int_t;

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0,
  CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_ALLOC_FAILED = 2,
  CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_ARCH_MISMATCH = 4,
  CUSOLVER_STATUS_MAPPING_ERROR = 5,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6,
  CUSOLVER_STATUS_INTERNAL_ERROR = 7,
  CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9,
  CUSOLVER_STATUS_ZERO_PIVOT = 10,
  CUSOLVER_STATUS_INVALID_LICENSE = 11,
  CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED = 12,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID = 13,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC = 14,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE = 15,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER = 16,
  CUSOLVER_STATUS_IRS_INTERNAL_ERROR = 20,
  CUSOLVER_STATUS_IRS_NOT_SUPPORTED = 21,
  CUSOLVER_STATUS_IRS_OUT_OF_RANGE = 22,
  CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES = 23,
  CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED = 25,
  CUSOLVER_STATUS_IRS_INFOS_NOT_DESTROYED = 26,
  CUSOLVER_STATUS_IRS_MATRIX_SINGULAR = 30,
  CUSOLVER_STATUS_INVALID_WORKSPACE = 31
} cusolverStatus_t;

typedef enum {
  CUSOLVER_EIG_TYPE_1 = 1,
  CUSOLVER_EIG_TYPE_2 = 2,
  CUSOLVER_EIG_TYPE_3 = 3
} cusolverEigType_t;

typedef enum {
  CUSOLVER_EIG_MODE_NOVECTOR = 0,
  CUSOLVER_EIG_MODE_VECTOR = 1
} cusolverEigMode_t;

typedef enum {
  CUSOLVER_EIG_RANGE_ALL = 1001,
  CUSOLVER_EIG_RANGE_I = 1002,
  CUSOLVER_EIG_RANGE_V = 1003
} cusolverEigRange_t;

#if defined(__cplusplus)
extern "C" {
#endif

CUSOLVERAPI cusolverStatus_t cusolverGetProperty(libraryPropertyType type,
                                                 int *value);
CUSOLVERAPI cusolverStatus_t cusolverGetVersion(int *version);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* CUSOLVER_COMMON_H_ */
