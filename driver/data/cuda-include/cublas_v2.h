// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cublas_v2.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public cuBLAS
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The cuBLAS v2 interface: maps the documented names onto the _v2 entry
 * points of cublas_api.h.
 */
#ifndef CUBLAS_V2_H_
#define CUBLAS_V2_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#if defined(CUBLAS_H_)
#error "cublas_v2.h cannot be combined with the legacy cublas.h"
#endif

#include "cublas_api.h"

#define cublasCreate cublasCreate_v2
#define cublasDestroy cublasDestroy_v2
#define cublasGetVersion cublasGetVersion_v2
#define cublasSetWorkspace cublasSetWorkspace_v2
#define cublasSetStream cublasSetStream_v2
#define cublasGetStream cublasGetStream_v2
#define cublasGetPointerMode cublasGetPointerMode_v2
#define cublasSetPointerMode cublasSetPointerMode_v2
#define cublasSnrm2 cublasSnrm2_v2
#define cublasSasum cublasSasum_v2
#define cublasSdot cublasSdot_v2
#define cublasSscal cublasSscal_v2
#define cublasSaxpy cublasSaxpy_v2
#define cublasScopy cublasScopy_v2
#define cublasSswap cublasSswap_v2
#define cublasIsamax cublasIsamax_v2
#define cublasIsamin cublasIsamin_v2
#define cublasDnrm2 cublasDnrm2_v2
#define cublasDasum cublasDasum_v2
#define cublasDdot cublasDdot_v2
#define cublasDscal cublasDscal_v2
#define cublasDaxpy cublasDaxpy_v2
#define cublasDcopy cublasDcopy_v2
#define cublasDswap cublasDswap_v2
#define cublasIdamax cublasIdamax_v2
#define cublasIdamin cublasIdamin_v2
#define cublasScnrm2 cublasScnrm2_v2
#define cublasScasum cublasScasum_v2
#define cublasCdotu cublasCdotu_v2
#define cublasCdotc cublasCdotc_v2
#define cublasCscal cublasCscal_v2
#define cublasCaxpy cublasCaxpy_v2
#define cublasCcopy cublasCcopy_v2
#define cublasCswap cublasCswap_v2
#define cublasIcamax cublasIcamax_v2
#define cublasIcamin cublasIcamin_v2
#define cublasDznrm2 cublasDznrm2_v2
#define cublasDzasum cublasDzasum_v2
#define cublasZdotu cublasZdotu_v2
#define cublasZdotc cublasZdotc_v2
#define cublasZscal cublasZscal_v2
#define cublasZaxpy cublasZaxpy_v2
#define cublasZcopy cublasZcopy_v2
#define cublasZswap cublasZswap_v2
#define cublasIzamax cublasIzamax_v2
#define cublasIzamin cublasIzamin_v2
#define cublasCsscal cublasCsscal_v2
#define cublasZdscal cublasZdscal_v2
#define cublasSrot cublasSrot_v2
#define cublasDrot cublasDrot_v2
#define cublasSgemv cublasSgemv_v2
#define cublasStrsv cublasStrsv_v2
#define cublasSsymv cublasSsymv_v2
#define cublasDgemv cublasDgemv_v2
#define cublasDtrsv cublasDtrsv_v2
#define cublasDsymv cublasDsymv_v2
#define cublasCgemv cublasCgemv_v2
#define cublasCtrsv cublasCtrsv_v2
#define cublasCsymv cublasCsymv_v2
#define cublasZgemv cublasZgemv_v2
#define cublasZtrsv cublasZtrsv_v2
#define cublasZsymv cublasZsymv_v2
#define cublasSger cublasSger_v2
#define cublasDger cublasDger_v2
#define cublasCgeru cublasCgeru_v2
#define cublasCgerc cublasCgerc_v2
#define cublasZgeru cublasZgeru_v2
#define cublasZgerc cublasZgerc_v2
#define cublasSgemm cublasSgemm_v2
#define cublasSsyrk cublasSsyrk_v2
#define cublasSsymm cublasSsymm_v2
#define cublasStrsm cublasStrsm_v2
#define cublasStrmm cublasStrmm_v2
#define cublasDgemm cublasDgemm_v2
#define cublasDsyrk cublasDsyrk_v2
#define cublasDsymm cublasDsymm_v2
#define cublasDtrsm cublasDtrsm_v2
#define cublasDtrmm cublasDtrmm_v2
#define cublasCgemm cublasCgemm_v2
#define cublasCsyrk cublasCsyrk_v2
#define cublasCsymm cublasCsymm_v2
#define cublasCtrsm cublasCtrsm_v2
#define cublasCtrmm cublasCtrmm_v2
#define cublasZgemm cublasZgemm_v2
#define cublasZsyrk cublasZsyrk_v2
#define cublasZsymm cublasZsymm_v2
#define cublasZtrsm cublasZtrsm_v2
#define cublasZtrmm cublasZtrmm_v2

#endif /* CUBLAS_V2_H_ */
