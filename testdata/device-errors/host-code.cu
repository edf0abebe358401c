// The look-alike of kernel-only.cu with the error in host code: what a host
// function means is not known, so the unit is not analysed (it fails) and
// the path-sensitive leak below is not reported.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// expected-note@* 0+ {{candidate function not viable}}

void clearOnHost(float4 *out, int n) {
  for (int i = 0; i < n; ++i)
    __stcs(out + i, make_float4(0, 0, 0, 0)); // expected-error {{'__stcs'}}
}

int clearOnGpu(int n) {
  float4 *d;
  if (cudaMalloc(&d, n * sizeof(float4)) != cudaSuccess)
    return -1;
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // the leak kernel-only.cu reports; not analysed here
  cudaFree(d);
  return 0;
}
