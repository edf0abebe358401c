// cuda-unchecked-error, fixed: the cuLaunchKernel() status is checked.
//
// The same 2048-thread launch from the tuning table. Its CUresult says the
// block is too large; the program asks the function for its own limit,
// launches again with that and checks the second launch too.
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
  unsigned block = kTunedBlock;
  CUresult launch = cuLaunchKernel(function, (n + block - 1) / block, 1, 1, block, 1, 1, 0, stream, args, nullptr); // NOLINT(cuda-launch-config): the 2048-thread try fails on purpose; this case is about cuda-unchecked-error
  if (launch != CUDA_SUCCESS) {
    int limit = 0;
    CU_CHECK(cuFuncGetAttribute(&limit, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function));
    const char *name = nullptr;
    (void)cuGetErrorName(launch, &name);
    std::fprintf(stderr, "scaleCounts with %u threads per block did not start (%s); relaunching with %d\n",
                 block, name ? name : "?", limit);
    block = static_cast<unsigned>(limit);
    CU_CHECK(cuLaunchKernel(function, (n + block - 1) / block, 1, 1, block, 1, 1, 0, stream, args, nullptr));
  }
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
    std::printf("GPU-VERDICT: misbehaved %u of %u counts wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %u counts correct (launch failure %s)\n", n,
                launch != CUDA_SUCCESS ? "caught and handled" : "did not occur");
  return 0;
}
