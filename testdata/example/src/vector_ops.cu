#include "vector_ops.cuh"

__global__ void addKernel(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

// Each block writes the sum of its part of `values` to partial[blockIdx.x].
__global__ void reduceKernel(const float *values, float *partial, int n) {
  __shared__ float cache[BlockSize];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cache[threadIdx.x] = i < n ? values[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      cache[threadIdx.x] += cache[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = cache[0];
}

void vectorAdd(const float *a, const float *b, float *c, int n) {
  int blocks = (n + BlockSize - 1) / BlockSize;
  addKernel<<<blocks, BlockSize>>>(a, b, c, n);
  CUDA_CHECK(cudaGetLastError());
}

float sum(const float *values, int n) {
  int blocks = (n + BlockSize - 1) / BlockSize;
  float *partial;
  CUDA_CHECK(cudaMalloc((void **)partial, blocks * sizeof(float)));
  reduceKernel<<<blocks, BlockSize>>>(values, partial, n);
  CUDA_CHECK(cudaDeviceSynchronize());

  float *hostPartial = nullptr;
  CUDA_CHECK(cudaMallocHost(&hostPartial, blocks * sizeof(float)));
  cudaMemcpy(hostPartial, partial, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  float total = 0.0f;
  for (int block = 0; block < blocks; ++block)
    total += hostPartial[block];
  CUDA_CHECK(cudaFreeHost(hostPartial));
  CUDA_CHECK(cudaFree(partial));
  return total;
}
