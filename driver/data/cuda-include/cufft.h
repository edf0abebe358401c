// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cufft.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public cuFFT
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The cuFFT API.
 */
#ifndef _CUFFT_H_
#define _CUFFT_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "cuComplex.h"
#include "driver_types.h"
#include "library_types.h"

#define CUFFTAPI

#define CUFFT_VER_MAJOR 11
#define CUFFT_VER_MINOR 4
#define CUFFT_VER_PATCH 0
#define CUFFT_VERSION (CUFFT_VER_MAJOR * 1000 + CUFFT_VER_MINOR * 100 + CUFFT_VER_PATCH)

typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0x0,
  CUFFT_INVALID_PLAN = 0x1,
  CUFFT_ALLOC_FAILED = 0x2,
  CUFFT_INVALID_TYPE = 0x3,
  CUFFT_INVALID_VALUE = 0x4,
  CUFFT_INTERNAL_ERROR = 0x5,
  CUFFT_EXEC_FAILED = 0x6,
  CUFFT_SETUP_FAILED = 0x7,
  CUFFT_INVALID_SIZE = 0x8,
  CUFFT_UNALIGNED_DATA = 0x9,
  CUFFT_INCOMPLETE_PARAMETER_LIST = 0xA,
  CUFFT_INVALID_DEVICE = 0xB,
  CUFFT_PARSE_ERROR = 0xC,
  CUFFT_NO_WORKSPACE = 0xD,
  CUFFT_NOT_IMPLEMENTED = 0xE,
  CUFFT_LICENSE_ERROR = 0x0F,
  CUFFT_NOT_SUPPORTED = 0x10,
  CUFFT_MISSING_DEPENDENCY = 0x11,
  CUFFT_NVRTC_FAILURE = 0x12,
  CUFFT_NVJITLINK_FAILURE = 0x13,
  CUFFT_NVSHMEM_FAILURE = 0x14
} cufftResult;

#define MAX_CUFFT_ERROR 0x15

typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef enum cufftType_t {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69
} cufftType;

typedef enum cufftCompatibility_t {
  CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01
} cufftCompatibility;

#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING

typedef int cufftHandle;

#if defined(__cplusplus)
extern "C" {
#endif

CUFFTAPI cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
CUFFTAPI cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
CUFFTAPI cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
CUFFTAPI cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch);
CUFFTAPI cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize);
CUFFTAPI cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
CUFFTAPI cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *workSize);
CUFFTAPI cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workSize);
CUFFTAPI cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed, long long int istride, long long int idist, long long int *onembed, long long int ostride, long long int odist, cufftType type, long long int batch, size_t *workSize);
CUFFTAPI cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize);
CUFFTAPI cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
CUFFTAPI cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize);
CUFFTAPI cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workSize);
CUFFTAPI cufftResult cufftCreate(cufftHandle *handle);
CUFFTAPI cufftResult cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch, size_t *workSize);
CUFFTAPI cufftResult cufftGetSize(cufftHandle handle, size_t *workSize);
CUFFTAPI cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
CUFFTAPI cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
CUFFTAPI cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction);
CUFFTAPI cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
CUFFTAPI cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
CUFFTAPI cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata, int direction);
CUFFTAPI cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
CUFFTAPI cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);
CUFFTAPI cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
CUFFTAPI cufftResult cufftDestroy(cufftHandle plan);
CUFFTAPI cufftResult cufftGetVersion(int *version);
CUFFTAPI cufftResult cufftGetProperty(libraryPropertyType type, int *value);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* _CUFFT_H_ */
