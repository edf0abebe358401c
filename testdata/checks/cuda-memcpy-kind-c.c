// cudalint-args: --checks=-*,cuda-memcpy-kind
// cuda-memcpy-kind in C: copies whose kind contradicts memory from malloc
// and cudaMalloc, and a cudaMemset of host memory.
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdlib.h>

void check_error(cudaError_t status);

void upload_with_swapped_arguments(size_t n) {
  float *host = malloc(n); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  check_error(cudaMemcpy(host, x_gpu, n, cudaMemcpyHostToDevice)); // expected-warning {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'host' is pageable host memory allocated by 'malloc' at line 11 and the source 'x_gpu' is device memory allocated by 'cudaMalloc' at line 13; the call fails with cudaErrorInvalidValue and copies nothing (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}} expected-note {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  check_error(cudaFree(x_gpu));
  free(host);
}

void upload(size_t n) {
  float *host = malloc(n);
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n));
  check_error(cudaMemcpy(x_gpu, host, n, cudaMemcpyHostToDevice));
  check_error(cudaFree(x_gpu));
  free(host);
}

void download_into_device_memory(size_t n) {
  float *x_gpu, *y_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  check_error(cudaMalloc((void **)&y_gpu, n)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  check_error(cudaMemcpy(y_gpu, x_gpu, n, cudaMemcpyDeviceToHost)); // expected-warning {{'cudaMemcpy' is given cudaMemcpyDeviceToHost, which copies device memory into host memory, but the destination 'y_gpu' is device memory allocated by 'cudaMalloc' at line 31}} expected-note {{'cudaMemcpy' is called here with cudaMemcpyDeviceToHost}}
  check_error(cudaFree(x_gpu));
  check_error(cudaFree(y_gpu));
}

void clear_host_memory(size_t n) {
  float *host = malloc(n); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  check_error(cudaMemset(host, 0, n)); // expected-warning {{'cudaMemset' sets memory through a device address, but the destination 'host' is pageable host memory allocated by 'malloc' at line 38}} expected-note {{'cudaMemset' is called here on pageable host memory}}
  free(host);
}

void clear_device_memory(size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, n));
  check_error(cudaMemset(x_gpu, 0, n));
  check_error(cudaFree(x_gpu));
}
