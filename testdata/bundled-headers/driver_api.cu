// The CUDA Driver API: initialization, device queries, the primary context,
// module loading, cuMemAlloc/cuMemcpy* (names mapped onto their _v2 entry
// points), streams, events, cuLaunchKernel and stream-ordered allocation.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <cstring>
#include <cuda.h>

#define CU_CHECK(call)                                                       \
  do {                                                                       \
    CUresult res_ = (call);                                                  \
    if (res_ != CUDA_SUCCESS) {                                              \
      const char *name = nullptr, *msg = nullptr;                            \
      cuGetErrorName(res_, &name);                                           \
      cuGetErrorString(res_, &msg);                                          \
      std::fprintf(stderr, "%s: %s (%s)\n", #call, name, msg);               \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static const char *kPtx = ".version 7.0\n.target sm_70\n.address_size 64\n";

int main() {
  CU_CHECK(cuInit(0));
  int count = 0, version = 0;
  CU_CHECK(cuDeviceGetCount(&count));
  CU_CHECK(cuDriverGetVersion(&version));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  char name[128];
  CU_CHECK(cuDeviceGetName(name, sizeof(name), dev));
  size_t total = 0;
  CU_CHECK(cuDeviceTotalMem(&total, dev));
  int major = 0, minor = 0;
  CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CU_CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  CUmodule module;
  CU_CHECK(cuModuleLoadData(&module, kPtx));
  CUfunction kernel;
  CU_CHECK(cuModuleGetFunction(&kernel, module, "vecAdd"));

  const int n = 1024;
  const size_t bytes = n * sizeof(float);
  float host[n];
  std::memset(host, 0, sizeof(host));
  CUdeviceptr dA, dB, dC, pitched;
  size_t pitch = 0;
  CU_CHECK(cuMemAlloc(&dA, bytes));
  CU_CHECK(cuMemAlloc(&dB, bytes));
  CU_CHECK(cuMemAllocManaged(&dC, bytes, CU_MEM_ATTACH_GLOBAL));
  CU_CHECK(cuMemAllocPitch(&pitched, &pitch, 256, 16, 4));
  void *pinned = nullptr, *pinned2 = nullptr;
  CU_CHECK(cuMemAllocHost(&pinned, bytes));
  CU_CHECK(cuMemHostAlloc(&pinned2, bytes, CU_MEMHOSTALLOC_PORTABLE));
  CU_CHECK(cuMemcpyHtoD(dA, host, bytes));
  CU_CHECK(cuMemcpyHtoD(dB, host, bytes));
  CU_CHECK(cuMemsetD8(dC, 0, bytes));
  CU_CHECK(cuMemsetD32(dC, 0u, n));

  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CUevent start, stop;
  CU_CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventRecord(start, stream));
  int nArg = n;
  void *args[] = {&dA, &dB, &dC, &nArg};
  CU_CHECK(cuLaunchKernel(kernel, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
  CU_CHECK(cuMemcpyDtoHAsync(host, dC, bytes, stream));
  CU_CHECK(cuMemcpyHtoDAsync(dA, host, bytes, stream));
  CU_CHECK(cuMemcpyDtoDAsync(dB, dA, bytes, stream));
  CU_CHECK(cuEventRecord(stop, stream));
  CU_CHECK(cuEventSynchronize(stop));
  float ms = 0;
  CU_CHECK(cuStreamSynchronize(stream));
  CU_CHECK(cuCtxSynchronize());
  CU_CHECK(cuMemcpyDtoH(host, dC, bytes));
  CU_CHECK(cuMemcpyDtoD(dB, dA, bytes));

  CUdeviceptr asyncPtr;
  CU_CHECK(cuMemAllocAsync(&asyncPtr, bytes, stream));
  CU_CHECK(cuMemFreeAsync(asyncPtr, stream));

  CU_CHECK(cuEventDestroy(start));
  CU_CHECK(cuEventDestroy(stop));
  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuMemFree(dA));
  CU_CHECK(cuMemFree(dB));
  CU_CHECK(cuMemFree(dC));
  CU_CHECK(cuMemFree(pitched));
  CU_CHECK(cuMemFreeHost(pinned));
  CU_CHECK(cuMemFreeHost(pinned2));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  std::printf("%s %d.%d %zu %f %d %d\n", name, major, minor, total, ms, count, version);
  return 0;
}
