// The look-alike of kernel-only.cu with the error in a __host__ __device__
// function: it is host code too, so the unit is not analysed (it fails) and
// the path-sensitive leak below is not reported.
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
  if (cudaMalloc(&d, n * sizeof(float4)) != cudaSuccess)
    return -1;
  clearStreaming<<<(n + 255) / 256, 256>>>(d, n);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // the leak kernel-only.cu reports; not analysed here
  cudaFree(d);
  return 0;
}
