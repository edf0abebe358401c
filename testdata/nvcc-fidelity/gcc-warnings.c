// cudalint-flags: -std=c11 -Wfatal-errors
// cudalint-headers: toolkit
// C that GCC before 14 compiles with a warning and clang rejects by default:
// darknet hands cudaHostAlloc a `float **` for its `void **` in four units,
// and with its -Wfatal-errors the first such error used to end the unit.
// The discarded status below shows that the unit is analysed. (The bundled
// headers give clang no such error: the file runs against the toolkit.)
#include <cuda_runtime.h>

float *pinnedArray(int n) {
  float *pinned;
  cudaHostAlloc(&pinned, n * sizeof(float), cudaHostAllocDefault); // expected-warning {{the cudaError_t returned by 'cudaHostAlloc' is discarded}} expected-note {{cast the call to 'void'}} expected-note@* {{'cudaHostAlloc' is declared here}}
  return pinned;
}
