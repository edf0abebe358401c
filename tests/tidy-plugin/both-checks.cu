// Both of the plugin's checks fire on one line here: cudaMalloc is handed the
// pointer instead of its address, and its status is dropped. The tests run
// cuda-* and each check alone over this file, and --fix on a copy of it.
#include <cuda_runtime.h>

void allocateScratch(size_t bytes) {
  float *scratch; // expected-note {{'scratch' is declared here}}
  cudaMalloc((void **)scratch, bytes); // expected-warning {{'scratch' is of type 'float *', not the address of a pointer; cudaMalloc writes}} expected-warning {{the cudaError_t returned by 'cudaMalloc' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaMalloc' is declared here}}

  // clang-tidy's own NOLINT silences a plugin check, and its fix-it too.
  float *quiet;
  (void)cudaMalloc((void **)quiet, bytes); // NOLINT(cuda-alloc-pointer-arg)

  float *device = nullptr;
  (void)cudaMalloc((void **)&device, bytes);
}
