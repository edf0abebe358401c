// nvcc reads `template <typename T> void f<T>(...) {...}` as the definition of
// f's primary template; clang rejects it as a partial specialisation of a
// function template and drops the declaration (FasterTransformer's
// xlnet_preprocess_kernels.cu writes its block-size helper so). The rest of
// the unit means what nvcc compiles, so it is analysed: the leak below is
// reported, with the error set aside.
#include <cuda_runtime.h>

template <typename T> void blockShape(dim3 &grid, dim3 &block, int rows);

template <typename T>
void blockShape<T>(dim3 &grid, dim3 &block, int rows) { // expected-error {{function template partial specialization is not allowed}}
  grid.x = rows;
  block.x = 256;
}

template <> void blockShape<float>(dim3 &grid, dim3 &block, int rows) {
  grid.x = rows;
  block.x = 128;
}

__global__ void fill(float *out) { out[threadIdx.x] = 1.0f; }

int fillRows(int rows) {
  float *d;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, rows * 128 * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return -1;
  dim3 grid, block;
  blockShape<float>(grid, block, rows);
  fill<<<grid, block>>>(d);
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // expected-note {{'fillRows' returns here without releasing the memory}}
  cudaFree(d);
  return 0;
}
