// cuda-launch-config, the path-sensitive half: launches whose configuration
// the source of the launching function leaves open and a path fixes — a
// block size handed down by a caller, a dimension chosen on a branch, a loop
// that doubles the block. Statuses are cast to void to keep this file about
// one check.
#include <cuda_runtime.h>
#include <cuda.h>

__global__ void fill(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 1.0f;
}

__global__ void __launch_bounds__(256) bounded(float *out) { // expected-note {{'bounded' is declared with __launch_bounds__(256) here}}
  out[threadIdx.x] = 0.0f;
}

__global__ void tiled(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void raisedTiled(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void generouslyRaisedTiled(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

// --- launchers that take their configuration from the caller --------------

void launchWith(float *out, int threads) {
  fill<<<1, threads>>>(out, 16); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchTile(float *out, unsigned x, unsigned y) {
  dim3 block(x, y);
  fill<<<1, block>>>(out, 16); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchRows(float *out, unsigned rows) {
  fill<<<dim3(1, rows), 32>>>(out, 16);
}

// One finding per launch and limit: a launcher called with several bad
// sizes is reported once, with the shortest path.
void launchTall(float *out, unsigned rows) {
  fill<<<dim3(1, rows), 32>>>(out, 16); // expected-warning {{launch of 'fill' asks for a grid of 70000 blocks in y, over the limit of 65535}} expected-note {{the launch is made here with a grid the GPU refuses}}
}

void launchHugeTile(float *out, size_t bytes) {
  tiled<<<1, 32, bytes>>>(out); // expected-warning {{launch of 'tiled' asks for 307200 bytes of dynamic shared memory}} expected-note {{the launch is made here with more dynamic shared memory than the kernel may have}}
}

void launchBounded(float *out, int threads) {
  bounded<<<1, threads>>>(out); // expected-warning {{launch of 'bounded' asks for 512 threads per block, more than the 256 its __launch_bounds__ allows}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchTiled(float *out, size_t bytes) {
  tiled<<<1, 32, bytes>>>(out); // expected-warning {{launch of 'tiled' asks for 65536 bytes of dynamic shared memory, over the 49152 bytes (48 KiB) a kernel may use unless cudaFuncSetAttribute(tiled, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) raises its limit first, and nothing in this unit does}} expected-note {{the launch is made here with more dynamic shared memory than the kernel may have}}
}

void launchRaisedTiled(float *out, size_t bytes) {
  raisedTiled<<<1, 32, bytes>>>(out); // expected-warning {{launch of 'raisedTiled' asks for 98304 bytes of dynamic shared memory, more than the 65536 bytes its limit is raised to with cudaFuncSetAttribute(raisedTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)}} expected-note {{the launch is made here with more dynamic shared memory than the kernel may have}}
}

void launchGenerouslyRaisedTiled(float *out, size_t bytes) {
  generouslyRaisedTiled<<<1, 32, bytes>>>(out);
}

void launchThroughApi(float *out, unsigned threads) {
  int n = 16;
  void *args[] = {&out, &n};
  (void)cudaLaunchKernel((const void *)fill, dim3(1), dim3(threads), args, 0, 0); // expected-warning {{launch of 'fill' asks for 4096 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchThroughDriver(CUfunction function, unsigned threads) {
  (void)cuLaunchKernel(function, 1, 1, 1, threads, 1, 1, 0, 0, nullptr, nullptr); // expected-warning {{launch of the kernel asks for 1500 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

template <typename T>
void launchTemplated(T *out, int threads) {
  fill<<<1, threads>>>(out, 16); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchInner(float *out, int threads) {
  fill<<<1, threads>>>(out, 16); // expected-warning {{launch of 'fill' asks for 4096 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchOuter(float *out, int threads) {
  launchInner(out, threads); // expected-note {{calling 'launchInner'}}
}

struct LaunchPlan {
  unsigned threads;
  unsigned blocks;
};

void launchPlanned(float *out, const LaunchPlan &plan) {
  fill<<<plan.blocks, plan.threads>>>(out, 16); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchWarps(float *out, int warps) {
  int threads = 32 * warps;
  fill<<<1, threads>>>(out, 16); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void raiseLimits() {
  (void)cudaFuncSetAttribute(raisedTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  (void)cudaFuncSetAttribute(generouslyRaisedTiled, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             200 * 1024);
}

// --- bugs -------------------------------------------------------------------

void blockFromTheCaller(float *out) {
  launchWith(out, 2048); // expected-note {{calling 'launchWith'}}
}

void blockOfTwoDimensionsFromTheCaller(float *out) {
  launchTile(out, 64, 32); // expected-note {{calling 'launchTile'}}
}

void gridTooTall(float *out) {
  launchTall(out, 70000); // expected-note {{calling 'launchTall'}}
  launchTall(out, 80000);
}

void overTheLaunchBounds(float *out) {
  launchBounded(out, 512); // expected-note {{calling 'launchBounded'}}
}

void sharedMemoryOverEveryGpu(float *out) {
  launchHugeTile(out, 300 * 1024); // expected-note {{calling 'launchHugeTile'}}
}

void sharedMemoryNeverRaised(float *out) {
  launchTiled(out, 64 * 1024); // expected-note {{calling 'launchTiled'}}
}

void sharedMemoryOverTheRaise(float *out) {
  launchRaisedTiled(out, 96 * 1024); // expected-note {{calling 'launchRaisedTiled'}}
}

void apiLaunchFromTheCaller(float *out) {
  launchThroughApi(out, 4096); // expected-note {{calling 'launchThroughApi'}}
}

void driverLaunchFromTheCaller(CUfunction function) {
  launchThroughDriver(function, 1500); // expected-note {{calling 'launchThroughDriver'}}
}

void templatedLauncher(float *out) {
  launchTemplated(out, 2048); // expected-note {{calling 'launchTemplated<float>'}}
}

void twoCallsDown(float *out) {
  launchOuter(out, 4096); // expected-note {{calling 'launchOuter'}}
}

void plannedTooWide(float *out) {
  LaunchPlan plan = {2048, 4};
  launchPlanned(out, plan); // expected-note {{calling 'launchPlanned'}}
}

void tooManyWarps(float *out) {
  launchWarps(out, 64); // expected-note {{calling 'launchWarps'}}
}

// Every iteration from 33 warps on fails; the launch is one finding.
void warpsLoop(float *out) {
  for (int warps = 30; warps <= 40; ++warps) // expected-note 4 {{loop condition is true.  Entering loop body}}
    fill<<<1, 32 * warps>>>(out, 16); // expected-warning {{launch of 'fill' asks for 1056 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void reassignedOnOneBranch(float *out, int n) {
  int threads = 2048;
  if (n < 1024) // expected-note {{assuming 'n' is >= 1024}} expected-note {{taking false branch}}
    threads = 1024;
  fill<<<1, threads>>>(out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void staticBlock(float *out, int n) {
  static int threads = 2048;
  fill<<<1, threads>>>(out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

void launchConfigChosenOnAPath(float *out, int n, bool wide) {
  cudaLaunchConfig_t config = {};
  config.gridDim = 4;
  config.blockDim = 2048;
  if (!wide) // expected-note 2 {{assuming 'wide' is true}} expected-note 2 {{taking false branch}}
    config.blockDim = 256;
  (void)cudaLaunchKernelEx(&config, fill, out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}

  cudaLaunchConfig_t other = {};
  if (wide) // expected-note {{taking true branch}}
    other.blockDim = 2048;
  (void)cudaLaunchKernelEx(&other, fill, out, n); // expected-warning {{launch of 'fill' asks for 2048 threads per block}} expected-note {{the launch is made here with a block the GPU refuses}}
}

// What the source fixes is reported once, by the AST half, even where the
// path fixes the rest.
void launchWide(float *out, unsigned rows) {
  fill<<<1, dim3(2048, rows)>>>(out, 16); // expected-warning {{launch of 'fill' asks for at least 2048 threads per block}}
}

void wideFromTheCaller(float *out) {
  launchWide(out, 1);
}

// --- clean look-alikes -------------------------------------------------------

void blockWithinTheLimit(float *out) {
  launchWith(out, 256);
  launchTile(out, 32, 32);
  launchRows(out, 65535);
  launchBounded(out, 256);
  launchOuter(out, 1024);
}

void sharedMemoryRaisedElsewhere(float *out) {
  launchRaisedTiled(out, 64 * 1024);
  launchGenerouslyRaisedTiled(out, 150 * 1024);
  launchTiled(out, 48 * 1024);
}

int clamped(int threads) { return threads > 1024 ? 1024 : threads; }

void clampedByTheLauncher(float *out, int n) {
  launchWith(out, clamped(4096));
  int threads = n;
  if (threads > 1024)
    threads = 1024;
  fill<<<1, threads>>>(out, n);
}

void guardedLauncher(float *out, int threads) {
  if (threads > 1024)
    return;
  fill<<<1, threads>>>(out, 16);
}

void guardedCall(float *out) {
  guardedLauncher(out, 2048);
}

void launchOnlyWhereItFits(float *out, int threads) {
  if (threads <= 1024)
    launchWith(out, threads);
}

void fitsCall(float *out) {
  launchOnlyWhereItFits(out, 2048);
}

void fromTheDevice(float *out) {
  int threads = 2048;
  (void)cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0);
  launchWith(out, threads);
}

void uncalledLauncher(float *out, int threads, size_t bytes) {
  fill<<<1, threads>>>(out, 16);
  tiled<<<1, 32, bytes>>>(out);
}

// A zero the path fixes is not reported: the analyzer assumes one where a
// loop over device attributes does not run, as in the toolkit's own
// cudaOccupancyMaxPotentialBlockSize.
void zeroOnAPath(float *out, int n) {
  launchRows(out, 0);
  int threads = 0;
  if (n > 0)
    threads = 256;
  if (n >= 0)
    fill<<<1, threads>>>(out, n);
}

void loopWithinTheLimit(float *out) {
  for (int threads = 32; threads <= 1024; threads *= 2)
    fill<<<1, threads>>>(out, 16);
}

// A size helper that answers -1 when the configuration does not fit, whose
// callers ask it first (FasterTransformer's getSmemSizeAndCheck): on the
// path where the launcher, analysed alone, takes the -1, the launch asks for
// SIZE_MAX bytes. That is an error sentinel converted, not a size.
__global__ void checkedTiled(float *out) {
  extern __shared__ float tile[];
  out[threadIdx.x] = tile[threadIdx.x];
}

struct DeviceLimits {
  int sharedBytesPerBlock;
};

int tileBytesOrMinusOne(const DeviceLimits &limits) {
  int bytes = 64 * 1024;
  if (bytes > limits.sharedBytesPerBlock)
    return -1;
  return bytes;
}

void launchWithCheckedSize(float *out, const DeviceLimits &limits) {
  int bytes = tileBytesOrMinusOne(limits);
  if (bytes > 0)
    (void)cudaFuncSetAttribute(checkedTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  checkedTiled<<<1, 64, bytes>>>(out);
}

// A device attribute the path asked for is one a GPU can have: a block
// capped by cudaDevAttrMaxThreadsPerBlock is never a million threads, though
// the caller asks for that many (the toolkit's occupancy calculator caps its
// suggestion this way).
void launchWithTheDeviceMaximum(float *d, int n) {
  int most = 0;
  cudaDeviceGetAttribute(&most, cudaDevAttrMaxThreadsPerBlock, 0);
  int block = n < most ? n : most;
  fill<<<(n + block - 1) / block, block>>>(d, n);
}

void launchAMillion(float *d) { launchWithTheDeviceMaximum(d, 1000000); }
