// cudalint-args: --checks=-*,cuda-mismatched-free
// cuda-mismatched-free in C: memory released by the wrong family's free.
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdlib.h>

void check_error(cudaError_t status);

void pinned_freed_by_free(size_t n) {
  float *host;
  check_error(cudaMallocHost((void **)&host, n)); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  free(host); // expected-warning {{'free' cannot release pinned host memory allocated by 'cudaMallocHost'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cudaFreeHost') [cuda-mismatched-free]}} expected-note {{'free' is called here on pinned host memory}}
}

void pinned_freed_by_cudaFreeHost(size_t n) {
  float *host;
  check_error(cudaMallocHost((void **)&host, n));
  check_error(cudaFreeHost(host));
}

void malloc_freed_by_cudaFree(size_t n) {
  float *host = malloc(n); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  check_error(cudaFree(host)); // expected-warning {{'cudaFree' cannot release pageable host memory allocated by 'malloc'}} expected-note {{'cudaFree' is called here on pageable host memory}}
}

void device_freed_by_free(size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  free(x_gpu); // expected-warning {{'free' cannot release device memory allocated by 'cudaMalloc'}} expected-note {{'free' is called here on device memory}}
}

void device_freed_by_cudaFree(size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n));
  check_error(cudaFree(x_gpu));
}
