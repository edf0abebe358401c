// A block suppression that is never closed suppresses nothing and is itself
// reported as an error, as clang-tidy does.
#include <cuda_runtime.h>

void unmatched(float *data, size_t bytes) {
  // NOLINTBEGIN(cuda-unchecked-error)
  cudaMemset(data, 0, bytes);
}
