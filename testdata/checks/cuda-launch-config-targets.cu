// cudalint-args: --extra-arg=--cuda-gpu-arch=sm_89 --extra-arg=--cuda-gpu-arch=sm_75 --extra-arg=--no-cuda-include-ptx=all
// cuda-launch-config in a unit built as machine code for sm_89 and sm_75, with
// no PTX that a later GPU could compile: no GPU that runs it gives a block
// more than 99 KiB of shared memory, however far the kernel's limit is raised.
// 96 KiB is more than sm_75 allows, but code built for several GPUs picks its
// kernels by the device's limits at run time: that is not reported.
// A raise for a kernel the source does not name (through a function pointer,
// or for a CUfunction handle) may be for any kernel: the 48 KiB default is
// then not reported.
#include <cuda_runtime.h>
#include <cuda.h>

__global__ void stencil(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void reduce(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

void raiseFor(const void *kernel, int bytes) {
  (void)cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
}

void overTheSmallestTarget(float *out) {
  raiseFor((const void *)stencil, 160 * 1024);
  stencil<<<1, 256, 160 * 1024>>>(out); // expected-warning {{launch of 'stencil' asks for 163840 bytes of dynamic shared memory; no GPU this unit is built for (sm_89, sm_75, without PTX for later GPUs) gives a block more than 101376 bytes (99 KiB), even with the kernel's limit raised; the launch fails with cudaErrorInvalidValue and the kernel never runs [cuda-launch-config]}}
  stencil<<<1, 256, 96 * 1024>>>(out);
}

void raisedSomewhereUnknown(float *out) {
  reduce<<<1, 256, 64 * 1024>>>(out);
}

void driverHandles(CUfunction function, CUstream stream, void **args) {
  (void)cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 96 * 1024);
  (void)cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 96 * 1024, stream, args, nullptr);
  (void)cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 128 * 1024, stream, args, nullptr); // expected-warning {{launch of the kernel asks for 131072 bytes of dynamic shared memory; no GPU this unit is built for (sm_89, sm_75, without PTX for later GPUs) gives a block more than 101376 bytes (99 KiB), even with the kernel's limit raised; the launch fails with CUDA_ERROR_INVALID_VALUE}}
}
