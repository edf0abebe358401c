// cuda-copy-size: a device buffer allocated in elements, used in bytes.
//
// cudaMalloc(&d, n) allocates n bytes for n floats. The upload of
// n * sizeof(float) bytes is larger than the allocation: the runtime refuses
// it with cudaErrorInvalidValue and copies nothing. The program checks the
// copy and stops.
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

__global__ void square(float *data, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    data[i] *= data[i];
}

int main(int argc, char **argv) {
  // The element count, from the command line or 65536.
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 65536;
  std::vector<float> h(n, 3.0f);
  float *d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n));
  CUDA_CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice)); // cudalint-expect: cuda-copy-size
  square<<<static_cast<unsigned>((n + 255) / 256), 256>>>(d, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost)); // cudalint-expect: cuda-copy-size
  CUDA_CHECK(cudaFree(d));

  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i)
    wrong += h[i] != 9.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu values wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %zu values squared\n", n);
  return 0;
}
