// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read in C: a pinned host buffer read while the
// asynchronous copy into it may still be running.
#include <cuda_runtime.h>
#include <stddef.h>

void check_error(cudaError_t status);

float first_value_unsynchronized(const float *x_gpu, size_t n, cudaStream_t stream) {
  float *host;
  check_error(cudaMallocHost((void **)&host, n * sizeof(float)));
  check_error(cudaMemcpyAsync(host, x_gpu, n * sizeof(float), cudaMemcpyDeviceToHost, stream)); // expected-note {{'cudaMemcpyAsync' is queued on stream 'stream' and writes pinned host memory}}
  float value = host[0]; // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing; it sees stale data, and no CUDA call or sanitizer reports it [cuda-unsynchronized-host-read]}} expected-note {{read before the work is known to be complete}}
  check_error(cudaFreeHost(host));
  return value;
}

float first_value(const float *x_gpu, size_t n, cudaStream_t stream) {
  float *host;
  check_error(cudaMallocHost((void **)&host, n * sizeof(float)));
  check_error(cudaMemcpyAsync(host, x_gpu, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  check_error(cudaStreamSynchronize(stream));
  float value = host[0];
  check_error(cudaFreeHost(host));
  return value;
}
