#include "histogram.cuh"

__global__ void histogramKernel(const unsigned char *data, size_t size,
                                unsigned int *bins) {
  __shared__ unsigned int local[HISTOGRAM_BINS];
  for (int i = threadIdx.x; i < HISTOGRAM_BINS; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < size;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i] % HISTOGRAM_BINS], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < HISTOGRAM_BINS; i += blockDim.x)
    atomicAdd(&bins[i], local[i]);
}

bool histogram(const unsigned char *data, size_t size, unsigned int *bins) {
  unsigned char *deviceData = nullptr;
  unsigned int *deviceBins = nullptr;
  const size_t binBytes = HISTOGRAM_BINS * sizeof(unsigned int);
  if (cudaMalloc(&deviceData, size) != cudaSuccess)
    return false;
  cudaMalloc(&deviceBins, binBytes);
  if (cudaMemcpy(deviceData, data, size, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemset(deviceBins, 0, binBytes) != cudaSuccess)
    return false;

  histogramKernel<<<64, 256>>>(deviceData, size, deviceBins);
  cudaError_t status = cudaGetLastError();
  status = cudaMemcpy(bins, deviceBins, binBytes, cudaMemcpyDeviceToHost);
  (void)cudaFree(deviceData);
  (void)cudaFree(deviceBins);
  return status == cudaSuccess;
}
