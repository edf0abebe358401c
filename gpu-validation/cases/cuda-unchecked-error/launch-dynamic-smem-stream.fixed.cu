// cuda-unchecked-error, fixed: the launch on the stream is checked.
//
// The same 64 KiB-per-block launch. cudaGetLastError() reports that it did
// not start; the helper opts the kernel in to the larger dynamic shared
// memory and launches again, checking that launch too.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

constexpr int kTile = 16384; // floats per tile: 64 KiB of shared memory
constexpr int kThreads = 1024;

__global__ void reverseTiles(const float *in, float *out) {
  extern __shared__ float tile[];
  const float *src = in + static_cast<size_t>(blockIdx.x) * kTile;
  for (int j = threadIdx.x; j < kTile; j += blockDim.x)
    tile[j] = src[j];
  __syncthreads();
  float *dst = out + static_cast<size_t>(blockIdx.x) * kTile;
  for (int j = threadIdx.x; j < kTile; j += blockDim.x)
    dst[j] = tile[kTile - 1 - j];
}

static cudaError_t reverseAllTiles(const float *in, float *out, int tiles, cudaStream_t stream,
                                   bool *optedIn) {
  const size_t sharedBytes = kTile * sizeof(float);
  reverseTiles<<<tiles, kThreads, sharedBytes, stream>>>(in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "reverseTiles with %zu bytes of shared memory did not start (%s); opting in\n",
                 sharedBytes, cudaGetErrorString(err));
    if ((err = cudaFuncSetAttribute(reverseTiles, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(sharedBytes))) != cudaSuccess)
      return err;
    *optedIn = true;
    reverseTiles<<<tiles, kThreads, sharedBytes, stream>>>(in, out);
    if ((err = cudaGetLastError()) != cudaSuccess)
      return err;
  }
  return cudaStreamSynchronize(stream);
}

static int fail(const char *what, cudaError_t status) {
  std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(status));
  return 1;
}

int main() {
  const int tiles = 64;
  const size_t count = static_cast<size_t>(tiles) * kTile;
  const size_t bytes = count * sizeof(float);
  std::vector<float> in(count), out(count, -1.0f);
  for (size_t i = 0; i < count; ++i)
    in[i] = static_cast<float>(i % 1000);

  cudaError_t err;
  cudaStream_t stream;
  if ((err = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)) != cudaSuccess)
    return fail("cudaStreamCreateWithFlags", err);
  float *dIn = nullptr, *dOut = nullptr;
  // NOLINTNEXTLINE(cuda-memory-leak): main's error paths return without releasing; this case is about cuda-unchecked-error
  if ((err = cudaMallocAsync(&dIn, bytes, stream)) != cudaSuccess)
    return fail("cudaMallocAsync(dIn)", err);
  // NOLINTNEXTLINE(cuda-memory-leak): main's error paths return without releasing; this case is about cuda-unchecked-error
  if ((err = cudaMallocAsync(&dOut, bytes, stream)) != cudaSuccess)
    return fail("cudaMallocAsync(dOut)", err);
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-unchecked-error
  if ((err = cudaMemcpyAsync(dIn, in.data(), bytes, cudaMemcpyHostToDevice, stream)) != cudaSuccess)
    return fail("cudaMemcpyAsync(dIn)", err);
  if ((err = cudaMemsetAsync(dOut, 0, bytes, stream)) != cudaSuccess)
    return fail("cudaMemsetAsync(dOut)", err);
  bool optedIn = false;
  if ((err = reverseAllTiles(dIn, dOut, tiles, stream, &optedIn)) != cudaSuccess)
    return fail("reverseAllTiles", err);
  // NOLINTNEXTLINE(cuda-pageable-async-copy): the pageable host buffer is incidental; this case is about cuda-unchecked-error
  if ((err = cudaMemcpyAsync(out.data(), dOut, bytes, cudaMemcpyDeviceToHost, stream)) != cudaSuccess)
    return fail("cudaMemcpyAsync(out)", err);
  if ((err = cudaFreeAsync(dIn, stream)) != cudaSuccess)
    return fail("cudaFreeAsync(dIn)", err);
  if ((err = cudaFreeAsync(dOut, stream)) != cudaSuccess)
    return fail("cudaFreeAsync(dOut)", err);
  if ((err = cudaStreamSynchronize(stream)) != cudaSuccess)
    return fail("cudaStreamSynchronize", err);
  if ((err = cudaStreamDestroy(stream)) != cudaSuccess)
    return fail("cudaStreamDestroy", err);
  if ((err = cudaDeviceReset()) != cudaSuccess)
    return fail("cudaDeviceReset", err);

  size_t wrong = 0;
  for (size_t i = 0; i < count; ++i) {
    const size_t tile = i / kTile, j = i % kTile;
    wrong += out[i] != in[tile * kTile + (kTile - 1 - j)];
  }
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu outputs wrong\n", wrong, count);
  else
    std::printf("GPU-VERDICT: clean all %zu outputs correct (launch failure %s)\n", count,
                optedIn ? "caught and handled" : "did not occur");
  return 0;
}
