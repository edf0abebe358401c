// Vector addition: the smallest complete runtime-API program.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) {                                               \
      fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__,                \
              cudaGetErrorString(err_), cudaGetErrorName(err_));             \
      exit(1);                                                               \
    }                                                                        \
  } while (0)

__global__ void vecAdd(const float *__restrict__ a, const float *__restrict__ b,
                       float *__restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 20;
  std::vector<float> ha(n, 1.0f), hb(n, 2.0f), hc(n);
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc((void **)&db, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&dc), n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(da, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(256);
  dim3 grid((n + block.x - 1) / block.x);
  vecAdd<<<grid, block>>>(da, db, dc, n);
  vecAdd<<<(n + 255) / 256, 256, 0, 0>>>(da, db, dc, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaPeekAtLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(hc.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("c[0] = %f\n", hc[0]);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  return 0;
}
