// cuda-launch-config: a launcher handed a block size over the limit.
//
// The launcher takes its block size from the caller, as tuned code does; the
// caller asks for 2048 threads per block. Nothing in the launcher's own
// source fixes the size: the analyzer, following the call, does. No CUDA GPU
// runs more than 1024 threads per block: the launch fails, and the launcher's
// check of cudaGetLastError() stops the program.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s (%s)\n", #call,                  \
                  cudaGetErrorString(status_), cudaGetErrorName(status_));     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void scale(float *data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

void launchScale(float *data, int n, float factor, int threadsPerBlock) {
  int blocks = (n + threadsPerBlock - 1) / threadsPerBlock;
  scale<<<blocks, threadsPerBlock>>>(data, n, factor); // cudalint-expect: cuda-launch-config
  CUDA_CHECK(cudaGetLastError());
}

int main() {
  const int n = 1 << 20;
  std::vector<float> host(n, 1.0f);
  float *device = nullptr;
  CUDA_CHECK(cudaMalloc(&device, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(device, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  launchScale(device, n, 2.0f, 2048);
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(host.data(), device, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(device));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += host[i] != 2.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d elements not scaled\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d elements scaled\n", n);
  return 0;
}
