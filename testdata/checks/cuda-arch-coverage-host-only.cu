// cudalint-args: --target-gpu=sm_90 --extra-arg=--cuda-gpu-arch=sm_80 --extra-arg=--no-cuda-include-ptx=sm_80
// expected-no-diagnostics
// cuda-arch-coverage: a unit that defines no kernel carries no kernel image
// to miss, whatever it is built for; its launches run kernels of other units
// (relocatable device code), whose own commands decide.
#include <cuda_runtime.h>

__global__ void scale(float *data, float factor);

cudaError_t run(float *data) {
  scale<<<1, 256>>>(data, 2.0f);
  return cudaDeviceSynchronize();
}
