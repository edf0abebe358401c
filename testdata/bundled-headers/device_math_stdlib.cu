// Device code mixing the C and C++ standard libraries with CUDA: math
// functions in all their spellings (sqrtf, sqrt(float), std::sqrt, ...), min/max,
// abs, std::complex, printf/malloc/memcpy in kernels, and host code using
// <thread>, <chrono>, <random> and <iostream>.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>
#include <cuda_runtime.h>

__host__ __device__ inline float clampf(float v, float lo, float hi) { return fminf(fmaxf(v, lo), hi); }
__host__ __device__ inline double softplus(double x) { return log1p(exp(x)); }

template <typename T>
__device__ T relu(T x) { return std::max(x, T(0)); }

__global__ void mix(float *f, double *d, int *ints, uint32_t *u, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = f[i];
  x = clampf(x, -1.f, 1.f) + relu(x) + std::min(x, 2.0f) + std::numeric_limits<float>::epsilon();
  x += sqrt(x) + sqrtf(x) + std::sqrt(x) + std::fabs(x) + fabsf(x) + std::exp(x) + expf(x) + std::log(x + 1.f);
  x += std::sin(x) * std::cos(x) + atan2f(x, 1.f) + std::atan2(x, 1.f) + std::pow(x, 2) + std::pow(x, 2.f);
  x += ceil(x) + floor(x) + round(x) + truncf(x) + std::round(x) + fmodf(x, 2.f) + std::fmod(x, 2.f) + hypotf(x, x);
  double y = d[i];
  y = softplus(y) + sqrt(y) + std::sqrt(y) + fabs(y) + std::abs(y) + pow(y, 3.0) + std::pow(y, 3) + tanh(y) + erf(y);
  y += std::isnan(y) ? 0.0 : std::isinf(y) ? 1.0 : isfinite(y) ? 2.0 : 3.0;
  y += signbit(x) ? 1.0 : 0.0;
  int k = ints[i];
  k = abs(k) + std::abs(k) + min(k, 3) + max(k, -3) + std::max(k, 1) + std::min<int>(k, 7);
  long long ll = llabs((long long)k) + std::abs((long long)k) + labs((long)k);
  u[i] = __popc(u[i]) + __brev(u[i]) + (uint32_t)ll + (uint32_t)lrintf(x) + (uint32_t)std::numeric_limits<uint32_t>::max();
  std::complex<float> c(x, 1.0f);
  c = c * std::complex<float>(2.0f, 0.0f);
  f[i] = x + c.real() + std::abs(c) + (std::is_same<decltype(x), float>::value ? 1.f : 0.f);
  d[i] = y + frexp(y, &k) + ldexp(y, 2) + modf(y, &y) + copysign(y, -1.0) + fma(y, y, y) + cbrt(y) + remainder(y, 2.0);
  ints[i] = k;
  void *scratch = malloc(16);
  memset(scratch, 0, 16);
  memcpy(scratch, &x, sizeof(x));
  free(scratch);
  printf("i=%lld x=%f y=%f\n", (long long)i, x, y);
}

int main() {
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(0.f, 1.f);
  std::vector<float> h(256);
  for (auto &v : h) v = dist(rng);
  float *f; double *d; int *ints; uint32_t *u;
  cudaMalloc(&f, h.size() * sizeof(float));
  cudaMalloc(&d, h.size() * sizeof(double));
  cudaMalloc(&ints, h.size() * sizeof(int));
  cudaMalloc(&u, h.size() * sizeof(uint32_t));
  cudaMemcpy(f, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
  auto t0 = std::chrono::steady_clock::now();
  std::thread worker([&] { mix<<<1, 256>>>(f, d, ints, u, (int64_t)h.size()); cudaDeviceSynchronize(); });
  worker.join();
  auto t1 = std::chrono::steady_clock::now();
  std::cout << std::chrono::duration<double>(t1 - t0).count() << " s, clamp " << clampf(2.f, 0.f, 1.f)
            << " " << std::sqrt(2.0) << " " << std::string(cudaGetErrorString(cudaGetLastError())) << "\n";
  cudaFree(f); cudaFree(d); cudaFree(ints); cudaFree(u);
  return 0;
}
