// Host code that picks its branch by nvcc's macros: under nvcc the leak
// below is compiled, under clang the clean branch is. System headers do not
// see the macros (CCCL's and <nv/target> read __NVCC__ as nvcc's own front
// end): nvcc_probe.h, in an -isystem directory, stops with an #error if it
// does, and the macros are back after it.
#include <cuda_runtime.h>
#include <nvcc_probe.h>

#if defined(__NVCC__) && __CUDACC_VER_MAJOR__ >= 12 && defined(__CUDACC_VER_MINOR__) &&          \
    defined(__CUDACC_VER_BUILD__)
int scratch() {
  float *d;
  if (cudaMalloc(&d, 64 * sizeof(float)) != cudaSuccess) // nvcc: the leak
    return -1;
  return 0;
}
#else
int scratch() { return 0; }
#endif

// nvcc with --extended-lambda compiles this without <functional>: the
// toolkit's cuda_runtime.h includes it for extended lambdas.
#if defined(__CUDACC_EXTENDED_LAMBDA__)
std::function<int()> later = scratch;
#endif
