// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak in main: memory main still holds when it returns is
// released by the process exit, but leak checkers report it and the code
// leaks once it moves out of main: reported with a message that says so,
// also after the early return of an error path. Memory main loses before
// that (the pointer is overwritten, or truncated into a narrower integer) and
// memory main allocates in a loop (every iteration takes more) are ordinary
// leaks.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void step(float *state, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    state[i] += 1.0f;
}

struct Slot {
  unsigned int buffer; // too narrow for an address
  unsigned int sequence;
};

int main(int argc, char **argv) {
  // expected-note@+2 5 {{assuming 'argc' is <= 1}}
  // expected-note@+1 5 {{'?' condition is false}}
  int n = argc > 1 ? std::atoi(argv[1]) : 1024;
  float *state;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 5 {{assuming the condition is false}}
  // expected-note@+1 5 {{taking false branch}}
  if (cudaMalloc(&state, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is still allocated when the program ends; the process exit releases it, but leak checkers such as compute-sanitizer's report it, and the code leaks once it moves out of 'main' [cuda-memory-leak]}}
    return 1;
  // expected-note@+4 4 {{assuming the condition is false}}
  // expected-note@+3 4 {{taking false branch}}
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaMemset(state, 0, n * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMemset failed\n"); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
    return 1; // 'state' leaks here once this code is a function
  }
  // expected-note@+3 31 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{the memory is not released, and no pointer to it is used after this point}}
  // expected-note@+1 3 {{loop condition is false.}}
  for (int iteration = 0; iteration < 10; ++iteration) {
    float *scratch;
    // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
    (void)cudaMalloc(&scratch, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    step<<<(n + 255) / 256, 256>>>(scratch, n);
  }
  float *result;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&result, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  step<<<(n + 255) / 256, 256>>>(result, n);
  // expected-note@+2 {{the memory is not released, and no pointer to it is used after this point}}
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&result, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is still allocated when the program ends}}
  step<<<(n + 255) / 256, 256>>>(result, n);
  Slot slot; // expected-note {{the memory is not released, and no pointer to it is used after this point}}
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMallocHost((void **)&slot.buffer, 1024); // expected-warning {{pinned host memory allocated by 'cudaMallocHost' is not released on every path; it stays page-locked, out of the operating system's reach, until the process exits [cuda-memory-leak]}}
  slot.sequence = 1;
  (void)cudaFree(state); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
  return 0;
}
