// cudalint-args: --target-gpu=sm_90,sm_120,8.0 --extra-arg=--cuda-gpu-arch=sm_80
// expected-no-diagnostics
// cuda-arch-coverage: sm_80 with its PTX embedded (clang's default, nvcc's
// code=compute_80) runs on every later GPU: the driver compiles the PTX when
// the program loads. Nothing is reported.
#include <cuda_runtime.h>

__global__ void scale(float *data, float factor) {
  data[threadIdx.x] *= factor;
}

void run(float *data) {
  scale<<<1, 256>>>(data, 2.0f);
  (void)cudaDeviceSynchronize();
}
