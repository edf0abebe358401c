// cudalint-args: --checks=-*,cuda-double-free
// cuda-double-free in C: a buffer released twice on one path, and the
// NULL-after-free idiom that makes the second release harmless.
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdlib.h>

void check_error(cudaError_t status);

void free_twice(size_t n, int failed) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  if (failed) // expected-note {{assuming 'failed' is not equal to 0}} expected-note {{taking true branch}}
    check_error(cudaFree(x_gpu)); // expected-note {{the memory is released here by 'cudaFree'}}
  check_error(cudaFree(x_gpu)); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}} expected-note {{the memory is released a second time here}}
}

void free_once(size_t n, int failed) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n));
  if (failed) {
    check_error(cudaFree(x_gpu));
    x_gpu = NULL;
  }
  check_error(cudaFree(x_gpu));
}

void free_pinned_twice(size_t n) {
  float *host;
  check_error(cudaMallocHost((void **)&host, n)); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  check_error(cudaFreeHost(host)); // expected-note {{the memory is released here by 'cudaFreeHost'}}
  check_error(cudaFreeHost(host)); // expected-warning {{'cudaFreeHost' releases pinned host memory that 'cudaFreeHost' already released}} expected-note {{the memory is released a second time here}}
}
