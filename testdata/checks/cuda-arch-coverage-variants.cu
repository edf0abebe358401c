// cudalint-args: --target-gpu=sm_90,sm_100 --extra-arg=--cuda-gpu-arch=sm_90a
// cuda-arch-coverage: sm_90a code uses features of sm_90 alone. Its machine
// code and its PTX run on an sm_90 GPU and on no other, not even a later one.
#include <cuda_runtime.h>

template <int N> __global__ void tile(float *data) { // expected-warning {{no kernel image for sm_100 (compute capability 10.0): the unit is built as sm_90a machine code with PTX, which that GPU cannot run; every launch of 'tile' and the unit's other kernels there fails with cudaErrorNoKernelImageForDevice while the calls after it succeed; add -gencode arch=compute_100,code=sm_100 (100 in CMAKE_CUDA_ARCHITECTURES) [cuda-arch-coverage]}}
  data[threadIdx.x * N] = 0.0f;
}

void run(float *data) {
  tile<4><<<1, 256>>>(data);
  (void)cudaDeviceSynchronize();
}
