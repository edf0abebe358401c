// The look-alike of kernel-only.cu with the error in a __host__ __device__
// function: it is host code too, so it is not analysed (cudalint names it);
// the rest of the unit is, and the leak below is reported.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// expected-note@* 0+ {{candidate function not viable}}

__host__ __device__ void clearOne(float4 *out, int i) {
  __stcs(out + i, make_float4(0, 0, 0, 0)); // expected-error {{'__stcs'}}
}

__global__ void clearStreaming(float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    clearOne(out, i);
}

int clearOnGpu(int n) {
  float4 *d;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, n * sizeof(float4)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return -1;
  clearStreaming<<<(n + 255) / 256, 256>>>(d, n);
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // expected-note {{'clearOnGpu' returns here without releasing the memory}}
  cudaFree(d);
  return 0;
}
