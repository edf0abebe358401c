// cudalint-flags: -std=c++14 --cuda-gpu-arch=sm_60
// cudalint-headers: toolkit
// Written for CUDA 12's CCCL 2, as HeCBench's scan3 and rle benchmarks were:
// cub::Sum, CUB_MAX and thrust::unary_function are gone from CCCL 3 (CUDA
// 13), so against the toolkit's headers the function below does not parse.
// cudalint analyses the unit against the bundled CUDA 12 declarations, with
// the toolkit's CUB after them and CCCL 2's removed names declared; the leak
// shows that the function is analysed.
#include <cub/cub.cuh>
#include <thrust/functional.h>
#include <cuda_runtime.h>

struct Doubled : public thrust::unary_function<float, float> {
  __host__ __device__ float operator()(float x) const { return 2 * x; }
};

float *scanned(const float *in, int n, cudaStream_t stream) {
  static_assert(CUB_MAX(1, 2) == 2, "CCCL 2's CUB_MAX");
  float *out;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  if (cudaMalloc(&out, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return nullptr; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  size_t bytes = 0;
  if (cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, cub::Sum(), n, stream) != cudaSuccess) // expected-note {{taking true branch}}
    return nullptr; // expected-note {{'scanned' returns here without releasing the memory}}
  return out;
}
