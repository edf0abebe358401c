// cudalint-flags: -std=c++14 --cuda-gpu-arch=sm_60
// cudalint-headers: toolkit
// Written for CUDA 12's CCCL 2, as HeCBench's scan3, rle and nonzero
// benchmarks were: cub::Sum, CUB_MAX, thrust::unary_function and CUB's fancy
// iterators are gone from CCCL 3 (CUDA 13), so against the toolkit's headers
// the functions below do not parse. cudalint analyses the unit against the
// toolkit's headers with CCCL 2's removed names declared, and says so; the
// leak shows that the last function is analysed, -verify that no error is
// left in any.
#include <cub/cub.cuh>
#include <thrust/functional.h>
#include <cuda_runtime.h>

struct Doubled : public thrust::unary_function<float, float> {
  __host__ __device__ float operator()(float x) const { return 2 * x; }
};

// CUB's fancy iterators, which CCCL 3 replaced by Thrust's.
size_t scratchForDoubledSum(const float *in, float *out, int n, cudaStream_t stream) {
  cub::TransformInputIterator<float, Doubled, const float *> doubled(in, Doubled());
  cub::ConstantInputIterator<float> ones(1.0f);
  cub::CountingInputIterator<int> counting(0);
  (void)ones;
  (void)counting;
  size_t bytes = 0;
  (void)cub::DeviceReduce::Sum(nullptr, bytes, doubled, out, n, stream);
  return bytes;
}

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
