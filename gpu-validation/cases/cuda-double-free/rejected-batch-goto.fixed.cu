// cuda-double-free, fixed: the rejected batch is released once, at cleanup.
//
// The same goto-cleanup function; the rejection path only records the outcome
// and jumps to cleanup, which releases every buffer once.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

enum class Outcome { Scored, Rejected, CudaError };

__global__ void countNonFinite(const float *x, int n, unsigned *bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && !isfinite(x[i]))
    atomicAdd(bad, 1u);
}

__global__ void sumSquares(const float *x, int n, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, x[i] * x[i]);
}

static Outcome scoreBatch(const std::vector<float> &batch, float *score, cudaError_t *error) {
  const int n = static_cast<int>(batch.size());
  const size_t bytes = batch.size() * sizeof(float);
  Outcome outcome = Outcome::CudaError;
  float *dBatch = nullptr, *dScore = nullptr;
  unsigned *dBad = nullptr;
  unsigned bad = 0;
  cudaError_t err;
  if ((err = cudaMalloc(&dBatch, bytes)) != cudaSuccess)
    goto cleanup;
  if ((err = cudaMalloc(&dBad, sizeof(unsigned))) != cudaSuccess)
    goto cleanup;
  if ((err = cudaMalloc(&dScore, sizeof(float))) != cudaSuccess)
    goto cleanup;
  if ((err = cudaMemcpy(dBatch, batch.data(), bytes, cudaMemcpyHostToDevice)) != cudaSuccess)
    goto cleanup;
  if ((err = cudaMemset(dBad, 0, sizeof(unsigned))) != cudaSuccess)
    goto cleanup;
  countNonFinite<<<(n + 255) / 256, 256>>>(dBatch, n, dBad);
  if ((err = cudaGetLastError()) != cudaSuccess)
    goto cleanup;
  if ((err = cudaMemcpy(&bad, dBad, sizeof bad, cudaMemcpyDeviceToHost)) != cudaSuccess)
    goto cleanup;
  if (bad != 0) {
    std::fprintf(stderr, "batch rejected: %u non-finite samples\n", bad);
    outcome = Outcome::Rejected;
    goto cleanup;
  }
  if ((err = cudaMemset(dScore, 0, sizeof(float))) != cudaSuccess)
    goto cleanup;
  sumSquares<<<(n + 255) / 256, 256>>>(dBatch, n, dScore);
  if ((err = cudaGetLastError()) != cudaSuccess)
    goto cleanup;
  if ((err = cudaMemcpy(score, dScore, sizeof(float), cudaMemcpyDeviceToHost)) != cudaSuccess)
    goto cleanup;
  outcome = Outcome::Scored;
cleanup:
  // Release everything, whatever failed; the first failed release wins.
  cudaError_t released = cudaSuccess, status;
  if ((status = cudaFree(dScore)) != cudaSuccess)
    released = status;
  if ((status = cudaFree(dBad)) != cudaSuccess && released == cudaSuccess)
    released = status;
  if ((status = cudaFree(dBatch)) != cudaSuccess && released == cudaSuccess)
    released = status;
  if (released != cudaSuccess) {
    err = released;
    outcome = Outcome::CudaError;
  }
  *error = err;
  return outcome;
}

int main() {
  std::vector<float> good(1 << 22, 0.5f), poisoned(1 << 22, 0.5f);
  poisoned[12345] = std::numeric_limits<float>::quiet_NaN();

  float score = 0.0f;
  cudaError_t error = cudaSuccess;
  Outcome first = scoreBatch(good, &score, &error);
  if (first != Outcome::Scored) {
    std::printf("GPU-VERDICT: failed scoring the good batch: %s\n", cudaGetErrorString(error));
    return 1;
  }
  float ignored = 0.0f;
  Outcome second = scoreBatch(poisoned, &ignored, &error);
  if (second == Outcome::CudaError) {
    std::printf("GPU-VERDICT: failed the poisoned batch ended in a CUDA error instead of a rejection: %s\n",
                cudaGetErrorString(error));
    return 1;
  }
  if ((error = cudaDeviceReset()) != cudaSuccess) {
    std::printf("GPU-VERDICT: failed cudaDeviceReset: %s\n", cudaGetErrorString(error));
    return 1;
  }
  const float expect = 0.25f * (1 << 22);
  if (second != Outcome::Rejected || std::fabs(score - expect) > 1e-3f * expect)
    std::printf("GPU-VERDICT: misbehaved score %g (expected %g), poisoned batch %s\n", score, expect,
                second == Outcome::Rejected ? "rejected" : "accepted");
  else
    std::printf("GPU-VERDICT: clean good batch scored %g, poisoned batch rejected and every buffer released once\n",
                score);
  return 0;
}
