// cuda-arch-coverage: built as sm_100 machine code alone, run on an sm_90 GPU.
//
// The build (-gencode arch=compute_100,code=sm_100) carries no code an H200
// can run: machine code for a later GPU never runs on an earlier one. The
// launch fails with cudaErrorNoKernelImageForDevice; the program checks only
// the synchronisation and the copy, which succeed, and y stays as it was.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) { // cudalint-expect: cuda-arch-coverage
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  float *dX = nullptr, *dY = nullptr;
  CUDA_CHECK(cudaMalloc(&dX, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dY, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dX, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dY, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  saxpy<<<(n + 255) / 256, 256>>>(n, 3.0f, dX, dY);
  cudaError_t launch = cudaGetLastError(); // kept for the verdict, not checked
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(y.data(), dY, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dY));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += y[i] != 5.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d results never computed (launch status %d, %s), "
                "yet every checked call returned cudaSuccess\n",
                wrong, n, static_cast<int>(launch), cudaGetErrorName(launch));
  else
    std::printf("GPU-VERDICT: clean all %d results computed\n", n);
  return 0;
}
