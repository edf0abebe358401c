// cudalint-args: --checks=-*,cuda-memory-leak --check-option=cuda-memory-leak.ReportAtMainReturn=true
// cuda-memory-leak with ReportAtMainReturn: memory still allocated when main
// returns is reported too.
#include <cuda_runtime.h>
#include <cstdio>

int main() {
  float *state;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&state, 1024 * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return 1;
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaMemset(state, 0, 1024 * sizeof(float)) != cudaSuccess) {
    // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
    std::fprintf(stderr, "cudaMemset failed\n");
    return 1;
  }
  (void)cudaFree(state);
  return 0;
}
