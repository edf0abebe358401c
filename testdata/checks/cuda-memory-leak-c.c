// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak in C: device memory lost on an error path of a
// darknet-style cuda_make_array, next to the versions that release it.
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdlib.h>

float *cuda_make_array_leaky(float *x, size_t n) {
  float *x_gpu;
  if (cudaMalloc((void **)&x_gpu, sizeof(float) * n) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}} expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return NULL;
  if (x && cudaMemcpy(x_gpu, x, sizeof(float) * n, cudaMemcpyHostToDevice) != cudaSuccess) // expected-note {{assuming 'x' is non-null}} expected-note {{left side of '&&' is true}} expected-note {{assuming the condition is true}} expected-note {{taking true branch}}
    return NULL; // expected-note {{'cuda_make_array_leaky' returns here without releasing the memory}}
  return x_gpu;
}

float *cuda_make_array(float *x, size_t n) {
  float *x_gpu;
  if (cudaMalloc((void **)&x_gpu, sizeof(float) * n) != cudaSuccess)
    return NULL;
  if (x && cudaMemcpy(x_gpu, x, sizeof(float) * n, cudaMemcpyHostToDevice) != cudaSuccess) {
    cudaFree(x_gpu);
    return NULL;
  }
  return x_gpu;
}

int scratch_leaked(size_t n) {
  float *scratch;
  if (cudaMalloc((void **)&scratch, n) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}} expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return -1;
  if (cudaMemset(scratch, 0, n) != cudaSuccess) // expected-note {{assuming the condition is true}} expected-note {{taking true branch}}
    return -1; // expected-note {{'scratch_leaked' returns here without releasing the memory}}
  return cudaFree(scratch) == cudaSuccess ? 0 : -1;
}

struct network {
  float *workspace;
};

// Stored in a struct the caller owns: not a leak.
int make_workspace(struct network *net, size_t n) {
  return cudaMalloc((void **)&net->workspace, n) == cudaSuccess ? 0 : -1;
}
