// cuda-unsynchronized-host-read, fixed: the host waits for the stream that
// carries the cuBLAS product before it reads it.
//
// As the bad twin, but scoreBatch() synchronises the batch's own stream after
// the download of the scale factor: cudaStreamSynchronize(stream) returns
// once the prepare kernel and cublasSgemm, both queued on it, are done.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t status_ = (call);                                           \
    if (status_ != CUBLAS_STATUS_SUCCESS) {                                    \
      std::printf("GPU-VERDICT: failed %s: cuBLAS status %d\n", #call,         \
                  static_cast<int>(status_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int Trials = 20;
constexpr int N = 256;                       // N x N features and weights
constexpr long long SpinCycles = 100000000; // about 50 ms at 2 GHz

// Fills the features with `value` once the spin is over.
__global__ void prepareFeatures(float *features, int count, float value, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
    features[i] = value;
}

// One trial: the first score the host sees, and what it should be.
static float scoreBatch(cublasHandle_t handle, cudaStream_t stream, const float *dScale,
                        float value, float *expected) {
  float *features = nullptr, *weights = nullptr, *scores = nullptr;
  CUDA_CHECK(cudaMalloc(&features, N * N * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&weights, N * N * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&scores, N * N * sizeof(float)));
  for (int i = 0; i < N * N; ++i) {
    weights[i] = 1.0f;
    scores[i] = -2.0f; // the sentinel: "not scored yet"
  }
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  prepareFeatures<<<64, 256, 0, stream>>>(features, N * N, value, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  const float one = 1.0f, zero = 0.0f;
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, features, N, weights, N,
                           &zero, scores, N));
  float scale = 0.0f;
  CUDA_CHECK(cudaMemcpy(&scale, dScale, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  float first = scores[0] * scale;
  *expected = value * N * scale;
  CUDA_CHECK(cudaFree(features));
  CUDA_CHECK(cudaFree(weights));
  CUDA_CHECK(cudaFree(scores));
  return first;
}

int main() {
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  float *dScale = nullptr;
  const float scale = 0.5f;
  CUDA_CHECK(cudaMalloc(&dScale, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dScale, &scale, sizeof(float), cudaMemcpyHostToDevice));
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float expected = 0.0f;
    float seen = scoreBatch(handle, stream, dScale, float(trial + 1), &expected);
    stale += seen != expected;
  }
  CUDA_CHECK(cudaFree(dScale));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaDeviceReset());
  if (stale > 0)
    std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: the host read the product before cuBLAS wrote it\n", stale, Trials);
  else
    std::printf("GPU-VERDICT: clean the product was current in all %d trials\n", Trials);
  return 0;
}
