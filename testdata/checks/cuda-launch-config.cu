// cuda-launch-config: launches whose grid, block or dynamic shared memory the
// GPU refuses, wherever the source fixes the value. Statuses are cast to
// void to keep this file about one check.
#include <cuda_runtime.h>
#include <cuda.h>

__global__ void fill(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 1.0f;
}

__global__ void tiled(float *out) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = 0.0f;
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void raisedTiled(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void __launch_bounds__(256) bounded(float *out) { // expected-note 3 {{'bounded' is declared with __launch_bounds__(256) here}}
  out[threadIdx.x] = 0.0f;
}

template <int Threads>
__global__ void __launch_bounds__(Threads) boundedBy(float *out) { // expected-note {{'boundedBy' is declared with __launch_bounds__(128) here}}
  out[threadIdx.x] = 0.0f;
}

template <typename T>
__global__ void scaled(T *out) {
  extern __shared__ unsigned char bytes[];
  out[threadIdx.x] = static_cast<T>(bytes[threadIdx.x]);
}

constexpr int kBigBlock = 2048;
const dim3 kDeepBlock(16, 16, 128);
constexpr unsigned kSharedBytes = 64 * 1024;

// --- blocks over the limit ---------------------------------------------------

void literalBlock(float *out, int n) {
  fill<<<1, 2048>>>(out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block; no CUDA GPU runs more than 1024; the launch fails with cudaErrorInvalidValue and the kernel never runs [cuda-launch-config]}}
}

void constexprBlock(float *out, int n) {
  fill<<<(n + kBigBlock - 1) / kBigBlock, kBigBlock>>>(out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block}}
}

void dim3Block(float *out, int n) {
  dim3 block(64, 32);
  fill<<<1, block>>>(out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block}}
}

void threeDimensionalBlock(float *out, int n) {
  fill<<<1, dim3(32, 32, 2)>>>(out, n); // expected-warning {{asks for 2048 threads per block}}
}

void deepBlock(float *out, int n) {
  fill<<<1, kDeepBlock>>>(out, n); // expected-warning {{asks for 32768 threads per block}}
}

void tallBlock(float *out, int n) {
  fill<<<1, dim3(1, 1, 128)>>>(out, n); // expected-warning {{launch of 'fill' asks for a block of 128 threads in z, over the limit of 64; the launch fails}}
}

void localThreads(float *out, int n) {
  int threads = 2048;
  int blocks = (n + threads - 1) / threads;
  fill<<<blocks, threads>>>(out, n); // expected-warning {{asks for 2048 threads per block}}
}

void partlyKnownBlock(float *out, int n, int rows) {
  fill<<<1, dim3(2048, rows)>>>(out, n); // expected-warning {{asks for at least 2048 threads per block}}
}

template <int Threads>
void launchWith(float *out, int n) {
  fill<<<1, Threads>>>(out, n); // expected-warning {{asks for 4096 threads per block}}
}

void instantiations(float *out, int n) {
  launchWith<256>(out, n);
  launchWith<4096>(out, n);
}

#define LAUNCH_FILL(threads) fill<<<1, threads>>>(out, n)

void throughMacro(float *out, int n) {
  LAUNCH_FILL(4096); // expected-warning {{asks for 4096 threads per block}}
}

void inLambda(float *out, int n) {
  auto run = [=] { fill<<<1, kBigBlock>>>(out, n); }; // expected-warning {{asks for 2048 threads per block}}
  run();
  auto tuned = [=] {
    int threads = 4096;
    fill<<<1, threads>>>(out, n); // expected-warning {{asks for 4096 threads per block}}
  };
  tuned();
}

// --- grids over the limit and empty configurations ----------------------------

void tallGrid(float *out, int n) {
  dim3 grid(1, 70000);
  fill<<<grid, 256>>>(out, n); // expected-warning {{launch of 'fill' asks for a grid of 70000 blocks in y, over the limit of 65535; the launch fails}}
}

void deepGrid(float *out, int n) {
  fill<<<dim3(1, 1, 65536), 32>>>(out, n); // expected-warning {{a grid of 65536 blocks in z, over the limit of 65535}}
}

void wideGrid(float *out, int n) {
  fill<<<dim3(1u << 31), 32>>>(out, n); // expected-warning {{a grid of 2147483648 blocks in x, over the limit of 2147483647}}
}

void emptyGrid(float *out, int n) {
  fill<<<0, 256>>>(out, n); // expected-warning {{launch of 'fill' asks for a grid of 0 blocks in x; the launch fails}}
}

void emptyBlock(float *out, int n) {
  fill<<<1, dim3(32, 0)>>>(out, n); // expected-warning {{launch of 'fill' asks for a block of 0 threads in y; the launch fails}}
}

// --- __launch_bounds__ ---------------------------------------------------------

void overLaunchBounds(float *out) {
  bounded<<<1, 512>>>(out); // expected-warning {{launch of 'bounded' asks for 512 threads per block, more than the 256 its __launch_bounds__ allows; the launch fails with cudaErrorInvalidValue and the kernel never runs [cuda-launch-config]}}
}

void overTemplateLaunchBounds(float *out) {
  boundedBy<128><<<1, 256>>>(out); // expected-warning {{launch of 'boundedBy' asks for 256 threads per block, more than the 128 its __launch_bounds__ allows}}
  boundedBy<512><<<1, 512>>>(out);
}

// --- dynamic shared memory -------------------------------------------------------

void sharedMemoryNeverRaised(float *out) {
  tiled<<<1, 256, kSharedBytes>>>(out); // expected-warning {{launch of 'tiled' asks for 65536 bytes of dynamic shared memory, over the 49152 bytes (48 KiB) a kernel may use unless cudaFuncSetAttribute(tiled, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) raises its limit first, and nothing in this unit does; the launch fails}}
}

void sharedMemoryRaisedTooLittle(float *out) {
  (void)cudaFuncSetAttribute(raisedTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  raisedTiled<<<1, 256, 65536>>>(out);
  raisedTiled<<<1, 256, 100000>>>(out); // expected-warning {{launch of 'raisedTiled' asks for 100000 bytes of dynamic shared memory, more than the 65536 bytes its limit is raised to with cudaFuncSetAttribute(raisedTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes); the launch fails}}
}

void sharedMemoryOverEveryGpu(float *out) {
  (void)cudaFuncSetAttribute(scaled<float>, cudaFuncAttributeMaxDynamicSharedMemorySize, 300000);
  scaled<float><<<1, 256, 300000>>>(out); // expected-warning {{launch of 'scaled' asks for 300000 bytes of dynamic shared memory; no CUDA GPU gives a block more than 232448 bytes (227 KiB), even with the kernel's limit raised; the launch fails}}
  scaled<float><<<1, 256, 200 * 1024>>>(out);
}

// --- launches through the API ----------------------------------------------------

void runtimeApiLaunch(float *out, int n) {
  void *args[] = {&out, &n};
  (void)cudaLaunchKernel((const void *)fill, dim3(1), dim3(2048), args, 0, 0); // expected-warning {{launch of 'fill' asks for 2048 threads per block}}
  (void)cudaLaunchKernel((const void *)fill, dim3(4), dim3(256), args, 0, 0);
}

// A kernel held in a variable is judged as the kernel it holds.
void kernelInAVariable(float *out, cudaStream_t stream) {
  void *args[] = {&out};
  auto kernel = bounded;
  (void)cudaLaunchCooperativeKernel((void *)kernel, dim3(1), dim3(512), args, 0, stream); // expected-warning {{launch of 'bounded' asks for 512 threads per block, more than the 256 its __launch_bounds__ allows}}
  void (*pointer)(float *) = &bounded;
  const void *erased = (const void *)pointer;
  (void)cudaLaunchKernel(erased, dim3(1), dim3(512), args, 0, stream); // expected-warning {{launch of 'bounded' asks for 512 threads per block, more than the 256 its __launch_bounds__ allows}}
  (void)cudaLaunchCooperativeKernel((void *)kernel, dim3(1), dim3(256), args, 0, stream);
}

// A variable the function changes holds no one kernel.
void kernelVariableReassigned(float *out, bool wide, cudaStream_t stream) {
  void *args[] = {&out};
  void (*kernel)(float *) = bounded;
  if (wide)
    kernel = tiled;
  (void)cudaLaunchKernel((const void *)kernel, dim3(1), dim3(512), args, 0, stream);
}

void launchConfigStruct(float *out, int n) {
  cudaLaunchConfig_t config = {dim3(1), dim3(64, 64), 0, 0, nullptr, 0}; // expected-warning {{launch of 'fill' asks for 4096 threads per block}}
  (void)cudaLaunchKernelEx(&config, fill, out, n);
}

void launchConfigFields(float *out, int n, cudaStream_t stream) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3((n + 2047) / 2048);
  config.blockDim = 2048; // expected-warning {{launch of 'fill' asks for 2048 threads per block}}
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  (void)cudaLaunchKernelEx(&config, fill, out, n);
}

void launchConfigGridForgotten(float *out, int n) {
  cudaLaunchConfig_t config = {0}; // expected-warning {{launch of 'fill' asks for a grid of 0 blocks in x}}
  config.blockDim = dim3(256);
  (void)cudaLaunchKernelEx(&config, fill, out, n);
}

void launchConfigTunedAfterwards(float *out, int n) {
  cudaLaunchConfig_t tuned = {};
  tuned.blockDim = 2048;
  tuned.blockDim.x /= 2;
  (void)cudaLaunchKernelEx(&tuned, fill, out, n);
}

void driverApiLaunch(CUfunction function, CUstream stream, void **args) {
  (void)cuLaunchKernel(function, 1, 1, 1, 2048, 1, 1, 0, stream, args, nullptr); // expected-warning {{launch of the kernel asks for 2048 threads per block; no CUDA GPU runs more than 1024; the launch fails with CUDA_ERROR_INVALID_VALUE and the kernel never runs}}
  (void)cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 96 * 1024, stream, args, nullptr); // expected-warning {{launch of the kernel asks for 98304 bytes of dynamic shared memory, over the 49152 bytes (48 KiB) a kernel may use unless cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes) raises its limit first}}
}

// --- clean look-alikes -----------------------------------------------------------

void atTheLimits(float *out, int n) {
  fill<<<1, 1024>>>(out, n);
  fill<<<1, dim3(32, 32)>>>(out, n);
  fill<<<1, dim3(1, 1, 64)>>>(out, n);
  fill<<<dim3(2147483647u, 65535, 65535), 1>>>(out, n);
  tiled<<<1, 256, 48 * 1024>>>(out);
}

void computedFromInput(float *out, int n, int threads) {
  fill<<<(n + 255) / 256, 256>>>(out, n);
  fill<<<1, threads>>>(out, n);
}

void queriedFromTheDevice(float *out, int n) {
  int threads = 2048;
  (void)cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0);
  fill<<<1, threads>>>(out, n);
}

void blockModified(float *out, int n) {
  dim3 block(2048);
  block.x = 256;
  fill<<<1, block>>>(out, n);
}

void withinLaunchBounds(float *out) {
  bounded<<<1, 256>>>(out);
  bounded<<<1, dim3(16, 16)>>>(out);
}
