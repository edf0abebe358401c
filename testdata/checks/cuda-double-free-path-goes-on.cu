// cudalint-args: --checks=-*,cuda-double-free,cuda-use-after-free,cuda-memory-leak,cuda-mismatched-free
// The memory checks after a first finding: the path goes on, so every
// other memory on it gets its own finding, and the memory already reported
// gets no second one.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = 1.0f;
}

// A cleanup block inside a loop that runs twice: the second pass uses and
// frees `a` again (one finding for `a`, the first), frees `b` again (its
// own finding), and `kept` is never freed at all.
void cleanupInALoop(size_t bytes) {
  float *a = nullptr, *b = nullptr, *kept = nullptr;
  (void)cudaMalloc(&a, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&b, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&kept, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}} expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{the memory is not released, and no pointer to it is used after this point}}
  for (int pass = 0; pass < 2; ++pass) { // expected-note 4 {{loop condition is true.  Entering loop body}}
    fill<<<1, 32>>>(a, 8); // expected-warning {{kernel 'fill' is launched with device memory that 'cudaFree' already released}} expected-note {{the released memory is used here}}
    (void)cudaFree(a); // expected-note {{the memory is released here by 'cudaFree'}}
    (void)cudaFree(b); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
  }
}

// Two buffers freed twice in one teardown: two findings.
void teardownTwice(size_t bytes) {
  float *x = nullptr, *y = nullptr;
  (void)cudaMalloc(&x, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&y, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(x); // expected-note {{the memory is released here by 'cudaFree'}}
  (void)cudaFree(y); // expected-note {{the memory is released here by 'cudaFree'}}
  (void)cudaFree(x); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released a second time here}}
  (void)cudaFree(y); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released a second time here}}
}

// Released with the wrong call, then never released right: one finding, not
// a leak as well.
void wrongReleaseOnly(size_t bytes) {
  float *pinned = nullptr;
  (void)cudaMallocHost(&pinned, bytes); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaFree(pinned); // expected-warning {{'cudaFree' cannot release pinned host memory allocated by 'cudaMallocHost'}} expected-note {{'cudaFree' is called here on pinned host memory}}
}
