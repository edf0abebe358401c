// cudalint-args: --checks=-*,cuda-memory-leak --extra-arg=-Xclang --extra-arg=-verify-ignore-unexpected=note
// cuda-memory-leak and globals released by an exit handler: atexit(release)
// runs when main returns or calls exit, so what the globals hold then is not
// reported. Allocations that fail end the program before anything is held.
// An exit handler does nothing for a function's own locals.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

static float *d_values;
static float *h_pinned;

void release() {
  (void)cudaFree(d_values);
  (void)cudaFreeHost(h_pinned);
}

void staging(int n) {
  float *scratch = nullptr;
  (void)cudaMalloc(&scratch, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
}

int main() {
  const int n = 1 << 12;
  if (cudaMalloc(&d_values, n * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return EXIT_FAILURE;
  }
  std::atexit(release);
  staging(n);
  if (cudaMallocHost(&h_pinned, n * sizeof(float)) != cudaSuccess)
    return EXIT_FAILURE;
  (void)cudaMemcpy(h_pinned, d_values, n * sizeof(float), cudaMemcpyDeviceToHost);
  return 0;
}
