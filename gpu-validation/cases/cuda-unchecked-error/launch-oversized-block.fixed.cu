// cuda-unchecked-error, fixed: the launch is checked with cudaGetLastError().
//
// The same SAXPY with the same 2048-thread block. The launch still fails,
// but cudaGetLastError() says so; the program relaunches with the device's
// own limit on threads per block and the output is right.
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

constexpr int kThreadsPerBlock = 2048;

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  const float a = 2.0f;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 97);
    y[i] = 1.0f;
  }

  float *dx = nullptr, *dy = nullptr;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  int threads = kThreadsPerBlock;
  saxpy<<<(n + threads - 1) / threads, threads>>>(n, a, dx, dy); // NOLINT(cuda-launch-config): the 2048-thread try fails on purpose; this case is about cuda-unchecked-error
  cudaError_t launch = cudaGetLastError();
  if (launch != cudaSuccess) {
    CUDA_CHECK(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0));
    std::fprintf(stderr, "saxpy with %d threads per block did not start (%s); relaunching with %d\n",
                 kThreadsPerBlock, cudaGetErrorString(launch), threads);
    saxpy<<<(n + threads - 1) / threads, threads>>>(n, a, dx, dy);
    CUDA_CHECK(cudaGetLastError());
  }
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> result(n);
  CUDA_CHECK(cudaMemcpy(result.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  CUDA_CHECK(cudaDeviceReset());

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += result[i] != a * x[i] + y[i];
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d outputs wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d outputs correct (launch failure %s)\n", n,
                launch != cudaSuccess ? "caught and handled" : "did not occur");
  return 0;
}
