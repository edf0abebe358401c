// cudalint-args: --target-gpu=sm_75,sm_86,sm_89,sm_90,sm_120 --extra-arg=--cuda-gpu-arch=sm_75 --extra-arg=--cuda-gpu-arch=sm_86 --extra-arg=--no-cuda-include-ptx=all
// cuda-arch-coverage: machine code runs on later GPUs of its own major
// version (sm_86 code on an sm_89 GPU), never across one (sm_86 code on an
// sm_90 GPU). The GPUs left without a kernel image are named in one finding.
#include <cuda_runtime.h>
#include "cuda-arch-coverage-kernels.cuh"

__global__ void reduce(const float *in, float *out) { // expected-warning {{no kernel image for sm_90 (compute capability 9.0) and sm_120 (compute capability 12.0): the unit is built as sm_75 machine code and sm_86 machine code, which those GPUs cannot run; every launch of 'reduce' and the unit's other kernels there fails with cudaErrorNoKernelImageForDevice while the calls after it succeed; add -gencode arch=compute_90,code=sm_90 -gencode arch=compute_120,code=sm_120 (90;120 in CMAKE_CUDA_ARCHITECTURES) [cuda-arch-coverage]}}
  atomicAdd(out, in[threadIdx.x]);
}

void run(const float *in, float *out) {
  clear<<<1, 1>>>(out);
  reduce<<<1, 256>>>(in, out);
  (void)cudaDeviceSynchronize();
}
