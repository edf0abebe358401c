// cudalint-args: --target-gpu=sm_90 --extra-arg=--cuda-gpu-arch=sm_80 --extra-arg=--no-cuda-include-ptx=sm_80
// cuda-arch-coverage: a unit built as sm_80 machine code alone (nvcc's
// -gencode arch=compute_80,code=sm_80) has no kernel image for an sm_90 GPU.
// The finding goes once to the unit's first kernel; the later kernels and
// the launches share its fate and get no finding of their own.
#include <cuda_runtime.h>

__global__ void scale(float *data, float factor) { // expected-warning {{no kernel image for sm_90 (compute capability 9.0): the unit is built as sm_80 machine code, which that GPU cannot run; every launch of 'scale' and the unit's other kernels there fails with cudaErrorNoKernelImageForDevice while the calls after it succeed; add -gencode arch=compute_90,code=sm_90 (90 in CMAKE_CUDA_ARCHITECTURES) [cuda-arch-coverage]}}
  data[threadIdx.x] *= factor;
}

__global__ void offset(float *data, float amount) {
  data[threadIdx.x] += amount;
}

template <typename T> __global__ void fill(T *data, T value) {
  data[threadIdx.x] = value;
}

void run(float *data) {
  scale<<<1, 256>>>(data, 2.0f);
  offset<<<1, 256>>>(data, 1.0f);
  fill<<<1, 256>>>(data, 0.0f);
  (void)cudaDeviceSynchronize();
}
