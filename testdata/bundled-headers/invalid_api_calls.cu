// Invalid uses of the CUDA APIs. Each line carrying a clang -verify
// expectation must be rejected with that many errors (one, unless a count is
// given) both against cudalint's bundled CUDA headers and against a CUDA
// Toolkit. Parse it host side (--cuda-host-only) with
//   -Xclang -verify -Xclang -verify-ignore-unexpected=note
// (device side, the use of threadIdx in host code is not diagnosed).
// The wording of the errors differs between the two header sets, so the
// expectations accept any text.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cuda.h>

int hostOnly(int x) { return x; }

__global__ void k(float *p, int n) {
  p[n] = hostOnly(n); // expected-error-re {{{{.*}}}}
}

__global__ void k2(float *p) {
  __syncthreads(1); // expected-error-re {{{{.*}}}}
  atomicAdd(p, "x"); // expected-error-re {{{{.*}}}}
}

__global__ void k3(int *p) {
  p[0] = __shfl_sync(p, 1, 0); // expected-error-re {{{{.*}}}}
}

int main() {
  float *p = nullptr;
  k<<<1>>>(p, 1); // expected-error-re {{{{.*}}}}
  k<<<1, 1>>>(p); // expected-error-re {{{{.*}}}}
  cudaMalloc(&p, 10, 3); // expected-error-re {{{{.*}}}}
  cudaMemcpy(p, p, 4); // expected-error-re {{{{.*}}}}
  cudaMemcpy(p, p, 4, 7); // expected-error-re {{{{.*}}}}
  cudaStreamSynchronize(p); // expected-error-re {{{{.*}}}}
  cudaStream_t s = 5; // expected-error-re {{{{.*}}}}
  cudaEvent_t e = nullptr;
  cudaEventElapsedTime(e, e, e); // expected-error-re {{{{.*}}}}
  unsigned tid = threadIdx.x; // expected-error-re 2 {{{{.*}}}}
  cublasHandle_t h = nullptr;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, 1.0f, p, 1, p, 1, 0.f, p, 1); // expected-error-re {{{{.*}}}}
  CUdeviceptr dp = 0;
  cuMemAlloc(&p, 4); // expected-error-re {{{{.*}}}}
  cuMemcpyHtoD(dp, p); // expected-error-re {{{{.*}}}}
  return (int)tid + (s != nullptr);
}
