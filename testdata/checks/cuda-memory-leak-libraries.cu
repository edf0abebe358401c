// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak and the CUDA libraries: a buffer given to cuBLAS, cuFFT or
// cuSPARSE is used by the call (or by the work it queues) and stays the
// caller's to release; one registered with a handle or a descriptor
// (cublasSetWorkspace, cufftSetWorkArea, cusparseCreateDnVec) is too, once
// the handle is gone.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <cusparse.h>

// ---------------------------------------------------------------- leaks

void gemmForgetsTheResult(cublasHandle_t handle, int n) {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  if (cudaMalloc(&a, n * n * sizeof(float)) != cudaSuccess) // expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  if (cudaMalloc(&b, n * n * sizeof(float)) != cudaSuccess) { // expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    (void)cudaFree(a);
    return;
  }
  // expected-note@+2 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&c, n * n * sizeof(float)) != cudaSuccess) { // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    (void)cudaFree(a);
    (void)cudaFree(b);
    return;
  }
  const float one = 1.0f, zero = 0.0f;
  (void)cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
  (void)cudaFree(a);
  (void)cudaFree(b);
}

void fftForgetsTheSignal(cufftHandle plan, int n) {
  cufftComplex *signal = nullptr;
  // expected-note@+2 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&signal, n * sizeof(cufftComplex)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
    return;
  (void)cufftExecC2C(plan, signal, signal, CUFFT_FORWARD); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

// ---------------------------------------------------------------- not leaks

void gemmReleasesEverything(cublasHandle_t handle, int n) {
  float *a = nullptr;
  if (cudaMalloc(&a, n * n * sizeof(float)) != cudaSuccess)
    return;
  const float one = 1.0f, zero = 0.0f;
  (void)cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, a, n);
  (void)cudaFree(a);
}

void workspaceReleasedAfterTheHandle(size_t bytes) {
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS)
    return;
  void *workspace = nullptr;
  if (cudaMalloc(&workspace, bytes) != cudaSuccess) {
    (void)cublasDestroy(handle);
    return;
  }
  (void)cublasSetWorkspace(handle, workspace, bytes);
  (void)cublasDestroy(handle);
  (void)cudaFree(workspace);
}

void workAreaReleased(cufftHandle plan, size_t bytes) {
  void *area = nullptr;
  if (cudaMalloc(&area, bytes) != cudaSuccess)
    return;
  (void)cufftSetWorkArea(plan, area);
  (void)cufftDestroy(plan);
  (void)cudaFree(area);
}

void vectorDescriptorReleased(int64_t n) {
  float *values = nullptr;
  if (cudaMalloc(&values, n * sizeof(float)) != cudaSuccess)
    return;
  cusparseDnVecDescr_t vector;
  if (cusparseCreateDnVec(&vector, n, values, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS)
    (void)cusparseDestroyDnVec(vector);
  (void)cudaFree(values);
}
