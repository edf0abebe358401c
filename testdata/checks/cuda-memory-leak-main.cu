// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak in main: memory still allocated when main returns is
// released by the process exit, as on the paths that call exit(), and is not
// reported. Memory main allocates in a loop is: every iteration takes more.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void step(float *state, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    state[i] += 1.0f;
}

int main(int argc, char **argv) {
  // expected-note@+1 {{assuming 'argc' is <= 1}} expected-note@+1 {{'?' condition is false}}
  int n = argc > 1 ? std::atoi(argv[1]) : 1024;
  float *state;
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&state, n * sizeof(float)) != cudaSuccess)
    return 1;
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMemset(state, 0, n * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMemset failed\n");
    return 1; // the process exit releases 'state'
  }
  // expected-note@+2 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
  for (int iteration = 0; iteration < 10; ++iteration) {
    float *scratch;
    // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
    (void)cudaMalloc(&scratch, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    step<<<(n + 255) / 256, 256>>>(scratch, n);
  }
  (void)cudaFree(state);
  return 0;
}
