// cuda-unchecked-error: a discarded cuLaunchKernel() status (driver API).
//
// A driver-API program launches a histogram-normalising kernel with the block
// size from its tuning table, 2048 threads. cuLaunchKernel() refuses a block
// that large and says so in its CUresult, which is thrown away; the checked
// cuStreamSynchronize() after it succeeds and the program downloads a buffer
// that the kernel never touched.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CU_CHECK(call)                                                         \
  do {                                                                         \
    CUresult result_ = (call);                                                 \
    if (result_ != CUDA_SUCCESS) {                                             \
      const char *name_ = nullptr;                                             \
      (void)cuGetErrorName(result_, &name_);                                   \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  name_ ? name_ : "unknown CUresult");                         \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr unsigned kTunedBlock = 2048; // from a table written for another device

__global__ void scaleCounts(unsigned *counts, unsigned n, unsigned factor) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    counts[i] *= factor;
}

int main() {
  CU_CHECK(cuInit(0));
  CUdevice device;
  CU_CHECK(cuDeviceGet(&device, 0));
  CUcontext context;
  CU_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CU_CHECK(cuCtxSetCurrent(context));
  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));

  unsigned n = 1u << 20, factor = 3;
  std::vector<unsigned> counts(n);
  for (unsigned i = 0; i < n; ++i)
    counts[i] = i % 1024;
  CUdeviceptr dCounts;
  CU_CHECK(cuMemAlloc(&dCounts, n * sizeof(unsigned)));
  CU_CHECK(cuMemcpyHtoD(dCounts, counts.data(), n * sizeof(unsigned)));

  CUfunction function;
  if (cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t *>(&function), (const void *)scaleCounts) != cudaSuccess) {
    std::printf("GPU-VERDICT: failed cudaGetFuncBySymbol\n");
    (void)cuMemFree(dCounts);
    return 1;
  }
  void *args[] = {&dCounts, &n, &factor};
  const unsigned grid = (n + kTunedBlock - 1) / kTunedBlock;
  cuLaunchKernel(function, grid, 1, 1, kTunedBlock, 1, 1, 0, stream, args, nullptr); // cudalint-expect: cuda-unchecked-error,cuda-launch-config
  CU_CHECK(cuStreamSynchronize(stream));

  std::vector<unsigned> scaled(n);
  CU_CHECK(cuMemcpyDtoH(scaled.data(), dCounts, n * sizeof(unsigned)));
  CU_CHECK(cuMemFree(dCounts));
  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuDevicePrimaryCtxRelease(device));

  unsigned wrong = 0;
  for (unsigned i = 0; i < n; ++i)
    wrong += scaled[i] != counts[i] * factor;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %u of %u counts never scaled, yet every checked call returned CUDA_SUCCESS\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %u counts correct\n", n);
  return 0;
}
