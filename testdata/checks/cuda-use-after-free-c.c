// cudalint-args: --checks=-*,cuda-use-after-free
// cuda-use-after-free in C: a device buffer copied or set after cudaFree.
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdlib.h>

void check_error(cudaError_t status);

void pull_after_free(float *x, size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  check_error(cudaFree(x_gpu)); // expected-note {{the memory is released here by 'cudaFree'}}
  check_error(cudaMemcpy(x, x_gpu, n, cudaMemcpyDeviceToHost)); // expected-warning {{'cudaMemcpy' copies from device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}} expected-note {{the released memory is used here}}
}

void pull_before_free(float *x, size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n));
  check_error(cudaMemcpy(x, x_gpu, n, cudaMemcpyDeviceToHost));
  check_error(cudaFree(x_gpu));
}

void clear_after_free(size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  check_error(cudaFree(x_gpu)); // expected-note {{the memory is released here by 'cudaFree'}}
  check_error(cudaMemset(x_gpu, 0, n)); // expected-warning {{'cudaMemset' writes to device memory that 'cudaFree' already released}} expected-note {{the released memory is used here}}
}

void reallocated_before_use(size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n));
  check_error(cudaFree(x_gpu));
  check_error(cudaMalloc((void **)&x_gpu, n));
  check_error(cudaMemset(x_gpu, 0, n));
  check_error(cudaFree(x_gpu));
}
