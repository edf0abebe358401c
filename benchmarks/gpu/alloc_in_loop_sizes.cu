// How much allocating in a loop costs, by size: N iterations of
// cudaMalloc + kernel + cudaFree, against the same kernels with the buffer
// allocated once, and with cudaMallocAsync/cudaFreeAsync. The figures in
// docs/checks/cuda-alloc-in-loop.md for 1 and 2 MiB come from it.
//
//   nvcc -O2 -arch=native -o alloc_in_loop_sizes alloc_in_loop_sizes.cu
//   for mib in 1 2 4 16 64; do ./alloc_in_loop_sizes $mib 2000; done
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
__global__ void relax(float *s, float *st, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { s[i] = 0.5f * st[i]; st[i] = s[i] + 0.25f; }
}
int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s MIB ITERATIONS\n", argv[0]);
    return 2;
  }
  size_t mib = atoi(argv[1]); int steps = atoi(argv[2]);
  int n = mib * (1 << 18);
  float *state; cudaMalloc(&state, n * sizeof(float)); cudaMemset(state, 0, n * sizeof(float));
  cudaDeviceSynchronize();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < steps; ++i) { float *s; cudaMalloc(&s, n * sizeof(float)); relax<<<(n+255)/256,256>>>(s, state, n); cudaFree(s); }
  cudaDeviceSynchronize();
  auto t1 = std::chrono::steady_clock::now();
  float *s; cudaMalloc(&s, n * sizeof(float));
  for (int i = 0; i < steps; ++i) relax<<<(n+255)/256,256>>>(s, state, n);
  cudaFree(s); cudaDeviceSynchronize();
  auto t2 = std::chrono::steady_clock::now();
  for (int i = 0; i < steps; ++i) { float *a; cudaMallocAsync(&a, n * sizeof(float), 0); relax<<<(n+255)/256,256>>>(a, state, n); cudaFreeAsync(a, 0); }
  cudaDeviceSynchronize();
  auto t3 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  printf("%zu MiB x %d: loop %.1f ms, hoisted %.1f ms, async %.1f ms, ratio %.1f\n", mib, steps, ms(t0,t1), ms(t1,t2), ms(t2,t3), ms(t0,t1)/ms(t1,t2));
}
