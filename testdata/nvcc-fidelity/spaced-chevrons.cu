// cudalint-flags: -std=c++17
// nvcc accepts a launch whose chevrons are spaced (darknet writes every
// launch so); clang's lexer joins `<<<` only when its characters touch and
// used to reject the whole unit with "expected expression". cudalint reads
// the file as nvcc does: the unit is analysed, so the leak below is found.
// `operator<< <T>` is no launch and stays as written.
#include <cuda_runtime.h>
#include <ostream>

template <typename T> struct Box;
template <typename T> std::ostream &operator<<(std::ostream &out, const Box<T> &box);
template <typename T> struct Box {
  friend std::ostream &operator<< <T>(std::ostream &out, const Box<T> &box);
  T value;
};

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

int scaleOnGpu(float *host, int n) {
  float *device;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  if (cudaMalloc((void **)&device, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return -1; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  scale << <(n + 255) / 256, 256 >> >(device, n >> 1);
  // expected-note@+1 {{assuming the condition is true}}
  if (cudaMemcpy(host, device, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) // expected-note {{taking true branch}}
    return -1; // expected-note {{'scaleOnGpu' returns here without releasing the memory}}
  cudaFree(device);
  return 0;
}
