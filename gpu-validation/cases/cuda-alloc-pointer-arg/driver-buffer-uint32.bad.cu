// cuda-alloc-pointer-arg: cuMemAlloc() into a 32-bit integer (driver API).
//
// A device-buffer record from the days when CUdeviceptr was 32 bits wide
// keeps the address in an `unsigned int`. cuMemAlloc() writes the 8-byte
// CUdeviceptr over it and over the `bytes` field beside it; the truncated
// address is not the allocation, which leaks.
#include <cuda.h>
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

struct DeviceBuffer {
  unsigned int address; // device address of the buffer
  unsigned int bytes;   // its size
};

int main() {
  CU_CHECK(cuInit(0));
  CUdevice device;
  CU_CHECK(cuDeviceGet(&device, 0));
  CUcontext context;
  CU_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CU_CHECK(cuCtxSetCurrent(context));

  const unsigned int count = 1u << 20;
  DeviceBuffer buffer = {0, count * static_cast<unsigned int>(sizeof(float))};
  CU_CHECK(cuMemAlloc((CUdeviceptr *)&buffer.address, buffer.bytes)); // cudalint-expect: cuda-alloc-pointer-arg, cuda-memory-leak

  // The validation oracle: the field beside the out-parameter must be untouched.
  if (buffer.bytes != count * sizeof(float)) {
    std::printf("GPU-VERDICT: misbehaved cuMemAlloc overwrote the neighbouring field: bytes is %u instead of %zu, address keeps only 0x%08x\n",
                buffer.bytes, count * sizeof(float), buffer.address);
    CU_CHECK(cuDevicePrimaryCtxRelease(device));
    return 1;
  }

  std::vector<float> host(count, 3.0f), back(count, 0.0f);
  CU_CHECK(cuMemcpyHtoD(buffer.address, host.data(), buffer.bytes));
  CU_CHECK(cuMemcpyDtoH(back.data(), buffer.address, buffer.bytes));
  CU_CHECK(cuMemFree(buffer.address));
  CU_CHECK(cuDevicePrimaryCtxRelease(device));

  if (back != host)
    std::printf("GPU-VERDICT: misbehaved the round trip through the buffer changed the data\n");
  else
    std::printf("GPU-VERDICT: clean %u floats round-tripped through the buffer\n", count);
  return 0;
}
