// cuda-memcpy-kind: an upload with destination and source swapped, on pinned
// memory, where nothing fails.
//
// A normalisation step stages its input in pinned memory and works on a
// non-blocking stream with stream-ordered allocations. upload() passes the
// pinned input as the destination and the device buffer as the source; the
// kind, cudaMemcpyHostToDevice, says the reverse. For pinned and device
// memory CUDA 13 copies by address and ignores the kind: the call returns
// cudaSuccess and copies the uninitialised device buffer over the host
// input. Every call succeeds; the input is destroyed and the results are
// computed from whatever the device buffer held.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void normalise(float *values, int n, float scale, float offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] = values[i] * scale + offset;
}

static void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::printf("GPU-VERDICT: failed %s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

static float inputValue(int i) { return static_cast<float>(1 + i % 1024); }

static void fillInput(float *hIn, int n) {
  for (int i = 0; i < n; ++i)
    hIn[i] = inputValue(i);
}

static int countChanged(const float *hIn, int n) {
  int changed = 0;
  for (int i = 0; i < n; ++i)
    changed += hIn[i] != inputValue(i);
  return changed;
}

static int countWrong(const float *hOut, int n) {
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += hOut[i] != inputValue(i) * 0.5f - 1.0f;
  return wrong;
}

static cudaError_t upload(float *hIn, float *dValues, size_t bytes,
                          cudaStream_t stream) {
  return cudaMemcpyAsync(hIn, dValues, bytes, cudaMemcpyHostToDevice, stream); // cudalint-expect: cuda-memcpy-kind
}

static cudaError_t download(float *hOut, const float *dValues, size_t bytes,
                            cudaStream_t stream) {
  return cudaMemcpyAsync(hOut, dValues, bytes, cudaMemcpyDeviceToHost, stream);
}

int main() {
  const int n = 1 << 22;
  const size_t bytes = n * sizeof(float);
  cudaStream_t stream;
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  float *hIn = nullptr, *hOut = nullptr, *dValues = nullptr;
  check(cudaMallocHost(&hIn, bytes), "cudaMallocHost(hIn)");
  check(cudaMallocHost(&hOut, bytes), "cudaMallocHost(hOut)");
  fillInput(hIn, n);
  check(cudaMallocAsync(&dValues, bytes, stream), "cudaMallocAsync");
  check(upload(hIn, dValues, bytes, stream), "upload");
  normalise<<<(n + 255) / 256, 256, 0, stream>>>(dValues, n, 0.5f, -1.0f);
  check(cudaGetLastError(), "normalise launch");
  check(download(hOut, dValues, bytes, stream), "download");
  check(cudaFreeAsync(dValues, stream), "cudaFreeAsync");
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");

  const int changed = countChanged(hIn, n);
  const int wrong = countWrong(hOut, n);
  check(cudaFreeHost(hIn), "cudaFreeHost(hIn)");
  check(cudaFreeHost(hOut), "cudaFreeHost(hOut)");
  check(cudaStreamDestroy(stream), "cudaStreamDestroy");
  check(cudaDeviceReset(), "cudaDeviceReset");
  if (changed != 0 || wrong != 0)
    std::printf("GPU-VERDICT: misbehaved input overwritten in %d of %d values and %d "
                "results wrong, yet every call returned cudaSuccess\n",
                changed, n, wrong);
  else
    std::printf("GPU-VERDICT: clean input intact and all %d values normalised\n", n);
  return 0;
}
