// cudalint-args: --checks=-*,cuda-memory-leak --check-option=cuda-memory-leak.ReportAtMainReturn=false
// cuda-memory-leak with ReportAtMainReturn=false: memory main still holds
// when the program ends (main returns, or calls exit(0)) is left to the
// process exit. Memory main loses before that is still reported.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

int main() {
  float *state;
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&state, 1024 * sizeof(float)) != cudaSuccess)
    return 1;
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMemset(state, 0, 1024 * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMemset failed\n");
    return 1; // the process exit releases 'state'
  }
  float *scratch;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&scratch, 1024); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  (void)cudaMemset(scratch, 0, 1024);
  (void)cudaMalloc(&scratch, 2048); // the first scratch buffer is lost
  (void)cudaMemset(scratch, 0, 2048);
  (void)cudaFree(state);
  std::exit(0); // expected-note {{the program exits here without releasing the memory}}
}
