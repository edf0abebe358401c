// The steps around the vector operations: moving data in and out, a 2D scale
// and a count. Each function has one deliberate bug of another kind.
#include "vector_ops.cuh"

#include <vector>

__global__ void scaleKernel(float *image, float factor, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    image[y * width + x] *= factor;
}

__global__ void countKernel(const float *values, int n, float threshold, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && values[i] > threshold)
    atomicAdd(count, 1);
}

float *upload(const float *host, int n) {
  float *device = nullptr;
  CUDA_CHECK(cudaMalloc(&device, n * sizeof(float)));
  if (cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice) != cudaSuccess)
    return nullptr; // the device buffer stays allocated
  return device;
}

std::vector<float> download(const float *device, int n, cudaStream_t stream) {
  std::vector<float> host(n);
  // Pageable memory: the call waits for the stream instead of queueing.
  CUDA_CHECK(cudaMemcpyAsync(host.data(), device, n * sizeof(float), cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

float firstValue(const float *device, int n) {
  std::vector<float> host(n);
  // The kind names the wrong direction: the call fails and copies nothing.
  CUDA_CHECK(cudaMemcpy(host.data(), device, n * sizeof(float), cudaMemcpyHostToDevice));
  return host[0];
}

void scaleImage(float *image, int width, int height, float factor) {
  dim3 block(64, 32); // tuned as 64 x 32 = 2048 threads: no GPU runs that
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  scaleKernel<<<grid, block>>>(image, factor, width, height);
  CUDA_CHECK(cudaGetLastError());
}

int countOver(const float *values, int n, float threshold) {
  int *count = nullptr;
  CUDA_CHECK(cudaMallocManaged(&count, sizeof(int)));
  *count = 0;
  countKernel<<<(n + BlockSize - 1) / BlockSize, BlockSize>>>(values, n, threshold, count);
  CUDA_CHECK(cudaGetLastError());
  int result = *count; // read while the kernel may still be counting
  CUDA_CHECK(cudaFree(count));
  return result;
}
