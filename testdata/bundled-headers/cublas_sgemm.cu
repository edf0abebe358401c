// cuBLAS through the v2 interface: handle and stream set-up, SGEMM, GemmEx,
// strided batched GEMM, level-1/2 calls and matrix/vector transfers.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CUBLAS_CHECK(x) do { cublasStatus_t s = (x); if (s != CUBLAS_STATUS_SUCCESS) { std::fprintf(stderr, "cublas %d: %s\n", (int)s, cublasGetStatusString(s)); std::exit(1); } } while (0)
#define CUDA_CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::fprintf(stderr, "%s\n", cudaGetErrorString(e)); std::exit(1); } } while (0)

int main() {
  const int m = 256, n = 128, k = 64;
  std::vector<float> A(m * k, 1.f), B(k * n, 2.f), C(m * n);
  float *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dA, A.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dB, B.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dC, C.size() * sizeof(float)));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  CUBLAS_CHECK(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH));
  CUBLAS_CHECK(cublasSetMatrix(m, k, sizeof(float), A.data(), m, dA, m));
  CUBLAS_CHECK(cublasSetMatrix(k, n, sizeof(float), B.data(), k, dB, k));
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, dB, k, &beta, dC, m));
  CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha, dA, CUDA_R_32F, k, dB, CUDA_R_32F, k,
                            &beta, dC, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  CUBLAS_CHECK(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, 0, dB, k, 0, &beta, dC, m, 0, 1));
  CUBLAS_CHECK(cublasSaxpy(handle, m * n, &alpha, dC, 1, dC, 1));
  float dot = 0.f, nrm = 0.f;
  CUBLAS_CHECK(cublasSdot(handle, m, dA, 1, dA, 1, &dot));
  CUBLAS_CHECK(cublasSnrm2(handle, m, dA, 1, &nrm));
  int idx = 0;
  CUBLAS_CHECK(cublasIsamax(handle, m, dA, 1, &idx));
  CUBLAS_CHECK(cublasSscal(handle, m, &alpha, dA, 1));
  CUBLAS_CHECK(cublasSgemv(handle, CUBLAS_OP_N, m, k, &alpha, dA, m, dB, 1, &beta, dC, 1));
  double dalpha = 1.0, dbeta = 0.0;
  double *dD = nullptr;
  CUDA_CHECK(cudaMalloc(&dD, 16 * sizeof(double)));
  CUBLAS_CHECK(cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, 4, 4, 4, &dalpha, dD, 4, dD, 4, &dbeta, dD, 4));
  CUBLAS_CHECK(cublasGetMatrix(m, n, sizeof(float), dC, m, C.data(), m));
  std::vector<float> v(m);
  CUBLAS_CHECK(cublasSetVector(m, sizeof(float), v.data(), 1, dA, 1));
  CUBLAS_CHECK(cublasGetVector(m, sizeof(float), dA, 1, v.data(), 1));
  std::printf("C[0]=%f dot=%f nrm=%f idx=%d\n", C[0], dot, nrm, idx);
  CUBLAS_CHECK(cublasDestroy(handle));
  cudaFree(dA); cudaFree(dB); cudaFree(dC); cudaFree(dD);
  cudaStreamDestroy(stream);
  return 0;
}
