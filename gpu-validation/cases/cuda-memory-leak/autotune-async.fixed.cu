// cuda-memory-leak, fixed: the failed launch's buffer goes back to the pool.
//
// The same tuning loop, whose 2048-thread attempt still fails; the early
// return for it releases the working buffer with cudaFreeAsync() first.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int kBlockSizes[] = {2048, 1024, 256}; // tried in order

__global__ void normalize(float *values, int n, float scale, float offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] = (values[i] - offset) * scale;
}

// Normalises `values` with `block` threads per block. Returns false, with the
// reason in *why, when that block size cannot be used.
static bool normalizeOnce(std::vector<float> &values, int block, cudaStream_t stream, cudaError_t *why) {
  const int n = static_cast<int>(values.size());
  const size_t bytes = values.size() * sizeof(float);
  float *dValues = nullptr;
  cudaError_t err = cudaMallocAsync(&dValues, bytes, stream);
  if (err != cudaSuccess) {
    *why = err;
    return false;
  }
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-memory-leak
  err = cudaMemcpyAsync(dValues, values.data(), bytes, cudaMemcpyHostToDevice, stream);
  if (err != cudaSuccess) {
    (void)cudaFreeAsync(dValues, stream);
    *why = err;
    return false;
  }
  normalize<<<(n + block - 1) / block, block, 0, stream>>>(dValues, n, 0.5f, 100.0f); // NOLINT(cuda-launch-config): the 2048-thread try fails on purpose; this case is about cuda-memory-leak
  err = cudaGetLastError();
  if (err != cudaSuccess) {
    (void)cudaFreeAsync(dValues, stream);
    *why = err; // this block size does not work here: the caller tries the next
    return false;
  }
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-memory-leak
  err = cudaMemcpyAsync(values.data(), dValues, bytes, cudaMemcpyDeviceToHost, stream);
  const cudaError_t released = cudaFreeAsync(dValues, stream);
  if (err == cudaSuccess)
    err = released;
  if (err == cudaSuccess)
    err = cudaStreamSynchronize(stream);
  *why = err;
  return err == cudaSuccess;
}

static void makeReadings(std::vector<float> &values) {
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = 100.0f + static_cast<float>(i % 64);
}

static size_t countWrong(const std::vector<float> &values) {
  size_t wrong = 0;
  for (size_t i = 0; i < values.size(); ++i)
    wrong += values[i] != 0.5f * static_cast<float>(i % 64);
  return wrong;
}

static int fail(const char *what, cudaError_t err) {
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(err));
  return 1;
}

int main() {
  std::vector<float> values(size_t{1} << 23); // 32 MiB
  makeReadings(values);

  cudaError_t err;
  cudaStream_t stream;
  if ((err = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)) != cudaSuccess)
    return fail("cudaStreamCreateWithFlags", err);
  cudaMemPool_t pool;
  if ((err = cudaDeviceGetDefaultMemPool(&pool, 0)) != cudaSuccess)
    return fail("cudaDeviceGetDefaultMemPool", err);

  int used = 0;
  cudaError_t why = cudaSuccess;
  for (int block : kBlockSizes) {
    if (normalizeOnce(values, block, stream, &why)) {
      used = block;
      break;
    }
    std::fprintf(stderr, "block size %d: %s\n", block, cudaGetErrorString(why));
  }
  if (used == 0)
    return fail("normalize with every block size", why);

  // What the pool still counts as in use once every stream-ordered free ran.
  if ((err = cudaStreamSynchronize(stream)) != cudaSuccess)
    return fail("cudaStreamSynchronize", err);
  std::uint64_t inUse = 0;
  if ((err = cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &inUse)) != cudaSuccess)
    return fail("cudaMemPoolGetAttribute", err);
  if ((err = cudaStreamDestroy(stream)) != cudaSuccess)
    return fail("cudaStreamDestroy", err);
  if ((err = cudaDeviceReset()) != cudaSuccess)
    return fail("cudaDeviceReset", err);

  const size_t wrong = countWrong(values);
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu values wrong\n", wrong, values.size());
  else if (inUse != 0)
    std::printf("GPU-VERDICT: misbehaved values correct with %d threads per block, but the stream-ordered pool still has %llu bytes in use after every free\n",
                used, static_cast<unsigned long long>(inUse));
  else
    std::printf("GPU-VERDICT: clean all %zu values correct with %d threads per block, nothing left in use in the pool\n",
                values.size(), used);
  return 0;
}
