// cudalint-args: --checks=-*,cuda-unchecked-error
// cuda-unchecked-error in C: host code that gcc builds against the CUDA
// headers, darknet's way. Each bug carries its expected finding; a clean
// look-alike follows it.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <stdio.h>
#include <stdlib.h>

// darknet's check_error: every status goes through it.
static void check_error(cudaError_t status) {
  if (status != cudaSuccess) {
    fprintf(stderr, "CUDA Error: %s\n", cudaGetErrorString(status));
    exit(1);
  }
}

#define CUDA_CHECK(call) check_error(call)

void push_array_unchecked(float *x_gpu, float *x, size_t n) {
  cudaMemcpy(x_gpu, x, sizeof(float) * n, cudaMemcpyHostToDevice); // expected-warning {{the cudaError_t returned by 'cudaMemcpy' is discarded; if the call fails, the program carries on with whatever the GPU left behind [cuda-unchecked-error]}} expected-note {{cast the call to 'void' to ignore its status deliberately}}
  // expected-note@*:* {{'cudaMemcpy' is declared here}}
}

void push_array(float *x_gpu, float *x, size_t n) {
  cudaError_t status = cudaMemcpy(x_gpu, x, sizeof(float) * n, cudaMemcpyHostToDevice);
  check_error(status);
}

void pull_array(float *x_gpu, float *x, size_t n) {
  CUDA_CHECK(cudaMemcpy(x, x_gpu, sizeof(float) * n, cudaMemcpyDeviceToHost));
}

void free_unchecked(float *x_gpu) {
  cudaFree(x_gpu); // expected-warning {{the cudaError_t returned by 'cudaFree' is discarded}} expected-note {{cast the call to 'void' to ignore its status deliberately}}
  // expected-note@*:* {{'cudaFree' is declared here}}
}

void free_deliberately_ignored(float *x_gpu) {
  (void)cudaFree(x_gpu);
}

int set_device_dead_status(int n) {
  cudaError_t status = cudaSetDevice(n); // expected-warning {{the cudaError_t returned by 'cudaSetDevice' is stored in 'status' but never read}} expected-note {{'status' is not read again before it goes out of scope}}
  return n;
}

int set_device(int n) {
  cudaError_t status = cudaSetDevice(n);
  return status == cudaSuccess ? n : -1;
}

void blas_unchecked(void) {
  cublasHandle_t handle;
  cublasCreate(&handle); // expected-warning {{the cublasStatus_t returned by 'cublasCreate' is discarded}} expected-note {{cast the call to 'void' to ignore its status deliberately}}
  // expected-note@*:* {{'cublasCreate' is declared here}}
  cublasDestroy(handle); // expected-warning {{the cublasStatus_t returned by 'cublasDestroy' is discarded}} expected-note {{cast the call to 'void' to ignore its status deliberately}}
  // expected-note@*:* {{'cublasDestroy' is declared here}}
}

cublasHandle_t blas_handle(void) {
  static int init = 0;
  static cublasHandle_t handle;
  if (!init) {
    cublasStatus_t status = cublasCreate(&handle);
    if (status != CUBLAS_STATUS_SUCCESS)
      exit(1);
    init = 1;
  }
  return handle;
}
