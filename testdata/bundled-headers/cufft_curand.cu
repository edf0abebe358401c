// cuFFT plans and executions, the cuRAND host API, and the cuRAND device
// API (curand_init, curand_uniform, Philox states) inside kernels.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <cuda_runtime.h>
#include <cufft.h>

__global__ void scaleSpectrum(cufftComplex *data, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { data[i].x *= s; data[i].y *= s; data[i] = cuCmulf(data[i], make_cuComplex(1.f, 0.f)); }
}

static int fft() {
  const int NX = 1024, BATCH = 8;
  cufftComplex *data;
  cufftReal *real;
  cudaMalloc((void **)&data, sizeof(cufftComplex) * NX * BATCH);
  cudaMalloc(&real, sizeof(cufftReal) * NX * BATCH);
  cufftHandle plan, planR2C, plan2d, planMany;
  if (cufftPlan1d(&plan, NX, CUFFT_C2C, BATCH) != CUFFT_SUCCESS) { std::printf("plan failed\n"); return 1; }
  cufftResult r = cufftPlan1d(&planR2C, NX, CUFFT_R2C, BATCH);
  if (r != CUFFT_SUCCESS) return 1;
  cufftPlan2d(&plan2d, 64, 64, CUFFT_C2C);
  int dims[1] = {NX};
  cufftPlanMany(&planMany, 1, dims, nullptr, 1, NX, nullptr, 1, NX, CUFFT_C2C, BATCH);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cufftSetStream(plan, s);
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  scaleSpectrum<<<(NX * BATCH + 255) / 256, 256, 0, s>>>(data, NX * BATCH, 1.0f / NX);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  cufftExecR2C(planR2C, real, data);
  size_t ws = 0;
  cufftHandle h;
  cufftCreate(&h);
  cufftMakePlan1d(h, NX, CUFFT_Z2Z, 1, &ws);
  cufftGetSize(h, &ws);
  cudaDeviceSynchronize();
  cufftDestroy(plan); cufftDestroy(planR2C); cufftDestroy(plan2d); cufftDestroy(planMany); cufftDestroy(h);
  cudaFree(data); cudaFree(real);
  return 0;
}

#include <curand.h>
#include <curand_kernel.h>

#define CURAND_CALL(x) do { if ((x) != CURAND_STATUS_SUCCESS) { std::printf("curand error at %s:%d\n", __FILE__, __LINE__); return 1; } } while (0)

__global__ void setup(curandState *state, unsigned long long seed) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(seed, id, 0, &state[id]);
}

__global__ void monteCarloPi(curandState *state, unsigned int *hits, int trials) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandState local = state[id];
  unsigned int count = 0;
  for (int i = 0; i < trials; ++i) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f) ++count;
  }
  float2 g = curand_normal2(&local);
  double d = curand_normal_double(&local) + curand_uniform_double(&local) + g.x;
  unsigned int raw = curand(&local) + curand_poisson(&local, 4.0);
  state[id] = local;
  atomicAdd(hits, count + (d > 100.0 ? raw : 0u));
}

__global__ void philox(curandStatePhilox4_32_10_t *st, float4 *out) {
  int id = threadIdx.x;
  curand_init(1234ULL, id, 0, &st[id]);
  out[id] = curand_uniform4(&st[id]);
}

static int rng() {
  const size_t n = 1 << 20;
  float *devData;
  double *devDouble;
  cudaMalloc(&devData, n * sizeof(float));
  cudaMalloc(&devDouble, n * sizeof(double));
  curandGenerator_t gen;
  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CURAND_CALL(curandGenerateUniform(gen, devData, n));
  CURAND_CALL(curandGenerateNormal(gen, devData, n, 0.0f, 1.0f));
  CURAND_CALL(curandGenerateNormalDouble(gen, devDouble, n, 0.0, 1.0));
  CURAND_CALL(curandDestroyGenerator(gen));

  curandState *states;
  unsigned int *hits;
  cudaMalloc(&states, 64 * 64 * sizeof(curandState));
  cudaMalloc(&hits, sizeof(unsigned int));
  setup<<<64, 64>>>(states, 42ULL);
  monteCarloPi<<<64, 64>>>(states, hits, 1000);
  curandStatePhilox4_32_10_t *ph;
  float4 *out;
  cudaMalloc(&ph, 32 * sizeof(curandStatePhilox4_32_10_t));
  cudaMalloc(&out, 32 * sizeof(float4));
  philox<<<1, 32>>>(ph, out);
  unsigned int h = 0;
  cudaMemcpy(&h, hits, sizeof(h), cudaMemcpyDeviceToHost);
  std::printf("pi ~ %f\n", 4.0 * h / (64.0 * 64 * 1000));
  cudaFree(devData); cudaFree(devDouble); cudaFree(states); cudaFree(hits); cudaFree(ph); cudaFree(out);
  return 0;
}

int main() { return fft() + rng(); }
