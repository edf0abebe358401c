// cuda-memory-leak, fixed: project() frees the product cuBLAS wrote too.
#include <cublas_v2.h>
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

#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t status_ = (call);                                           \
    if (status_ != CUBLAS_STATUS_SUCCESS) {                                    \
      std::printf("GPU-VERDICT: failed %s: cuBLAS status %d\n", #call,         \
                  static_cast<int>(status_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kRows = 4096;     // rows per batch
constexpr int kFeatures = 256;  // columns of a row
constexpr int kProjected = 1024; // columns of the product: 16 MiB per batch
constexpr int kBatches = 24;

// out (kRows x kProjected) = rows (kRows x kFeatures) * weights (kFeatures x
// kProjected), all column-major.
static void project(cublasHandle_t handle, const std::vector<float> &rows,
                    const std::vector<float> &weights, std::vector<float> &out) {
  float *dRows = nullptr, *dWeights = nullptr, *dOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dRows, rows.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dWeights, weights.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, out.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dRows, rows.data(), rows.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dWeights, weights.data(), weights.size() * sizeof(float), cudaMemcpyHostToDevice));
  const float one = 1.0f, zero = 0.0f;
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, kRows, kProjected, kFeatures, &one, dRows, kRows,
                           dWeights, kFeatures, &zero, dOut, kRows));
  CUDA_CHECK(cudaMemcpy(out.data(), dOut, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dRows));
  CUDA_CHECK(cudaFree(dWeights));
  CUDA_CHECK(cudaFree(dOut));
}

static size_t freeBytes() {
  size_t free = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return free;
}

int main() {
  std::vector<float> rows(size_t{kRows} * kFeatures), weights(size_t{kFeatures} * kProjected);
  std::vector<float> out(size_t{kRows} * kProjected);
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i] = static_cast<float>(i % 7);
  for (size_t i = 0; i < weights.size(); ++i)
    weights[i] = (i % kFeatures) == (i / kFeatures) % kFeatures ? 1.0f : 0.0f;

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  project(handle, rows, weights, out); // warm-up: cuBLAS's own workspace is taken here
  const size_t before = freeBytes();
  size_t wrong = 0;
  for (int batch = 0; batch < kBatches; ++batch) {
    project(handle, rows, weights, out);
    for (int c = 0; c < kProjected; ++c)
      wrong += out[static_cast<size_t>(c) * kRows + 1] != rows[static_cast<size_t>(c % kFeatures) * kRows + 1];
  }
  const size_t after = freeBytes();
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaDeviceReset());

  const long long lostMiB = (static_cast<long long>(before) - static_cast<long long>(after)) >> 20;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu products wrong\n", wrong);
  else if (lostMiB >= kBatches * 8)
    std::printf("GPU-VERDICT: misbehaved products correct, but %lld MiB of device memory lost over %d batches\n",
                lostMiB, kBatches);
  else
    std::printf("GPU-VERDICT: clean products correct, %lld MiB lost over %d batches\n", lostMiB, kBatches);
  return 0;
}
