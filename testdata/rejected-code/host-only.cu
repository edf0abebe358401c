// The look-alike of host-code.cu whose one host function holds the error:
// nothing of the unit is left to analyse, so it fails (it is not analysed)
// and the leak below is not reported.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// expected-note@* 0+ {{candidate function not viable}}

int clearOnGpu(int n) {
  float4 *d;
  if (cudaMalloc(&d, n * sizeof(float4)) != cudaSuccess)
    return -1;
  __stcs(d, make_float4(0, 0, 0, 0)); // expected-error {{'__stcs'}}
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // the leak host-code.cu reports; not analysed here
  cudaFree(d);
  return 0;
}
