// cuda-alloc-pointer-arg, fixed: the device-buffer record holds a CUdeviceptr.
//
// The same record with `CUdeviceptr address`; cuMemAlloc() stores the whole
// address and `bytes` keeps its value.
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
  CUdeviceptr address; // device address of the buffer
  unsigned int bytes;  // its size
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
  CU_CHECK(cuMemAlloc(&buffer.address, buffer.bytes));

  // The validation oracle: the field beside the out-parameter must be untouched.
  if (buffer.bytes != count * sizeof(float)) {
    std::printf("GPU-VERDICT: misbehaved cuMemAlloc overwrote the neighbouring field: bytes is %u instead of %zu\n",
                buffer.bytes, count * sizeof(float));
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
