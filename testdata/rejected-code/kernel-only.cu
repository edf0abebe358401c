// Every error clang reports in this unit lies in device-only code: nvcc
// compiles `__stcs` on a float4 (the toolkit's sm_32_intrinsics.h declares
// it), but in clang's host compilation against the toolkit only the __half
// overloads of cuda_fp16.hpp are declared. (cudalint's bundled headers
// declare it, so these files run against the toolkit only.) cudalint
// analyses the host code anyway, so the leak below is reported, and says
// which errors it set aside. The look-alikes beside this file put the same
// error in host code and in a __host__ __device__ function: those functions
// are skipped, and named.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// The __half overloads, in the toolkit's cuda_fp16.hpp.
// expected-note@* 0+ {{candidate function not viable}}

__global__ void clearStreaming(float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, make_float4(0, 0, 0, 0)); // expected-error {{'__stcs'}}
}

// A lambda inside a kernel runs on the GPU too.
__global__ void clearWithLambda(float4 *out, int n) {
  auto clear = [out](int i) {
    __stcs(out + i, make_float4(0, 0, 0, 0)); // expected-error {{'__stcs'}}
  };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    clear(i);
}

// Host code: analysed although the unit has errors.
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
