// cuda-use-after-free, fixed: the counters are released after the last pass.
//
// The same two-pass counter; cuMemFree() of the counters follows the loop.
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

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kPasses = 2;
constexpr unsigned kKeys = 1u << 22; // 16 MiB of counters

__global__ void countKeys(const unsigned *keys, unsigned n, unsigned *counts) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&counts[keys[i] % kKeys], 1u);
}

static void makeKeys(std::vector<unsigned> &keys, int pass) {
  for (size_t i = 0; i < keys.size(); ++i)
    keys[i] = static_cast<unsigned>(i * 7 + pass) % kKeys;
}

int main() {
  CU_CHECK(cuInit(0));
  CUdevice device;
  CU_CHECK(cuDeviceGet(&device, 0));
  CUcontext context;
  CU_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CU_CHECK(cuCtxSetCurrent(context));

  const unsigned n = 1u << 22;
  std::vector<unsigned> keys(n), counts(kKeys);
  CUdeviceptr dKeys, dCounts;
  CU_CHECK(cuMemAlloc(&dKeys, n * sizeof(unsigned)));
  CU_CHECK(cuMemAlloc(&dCounts, kKeys * sizeof(unsigned)));

  unsigned long long counted = 0;
  for (int pass = 0; pass < kPasses; ++pass) {
    makeKeys(keys, pass);
    CU_CHECK(cuMemcpyHtoD(dKeys, keys.data(), n * sizeof(unsigned)));
    CU_CHECK(cuMemsetD32(dCounts, 0, kKeys));
    countKeys<<<(n + 255) / 256, 256>>>(reinterpret_cast<const unsigned *>(dKeys), n,
                                        reinterpret_cast<unsigned *>(dCounts));
    CUDA_CHECK(cudaGetLastError());
    CU_CHECK(cuCtxSynchronize());
    CU_CHECK(cuMemcpyDtoH(counts.data(), dCounts, kKeys * sizeof(unsigned)));
    for (unsigned c : counts)
      counted += c;
  }
  CU_CHECK(cuMemFree(dCounts));
  CU_CHECK(cuMemFree(dKeys));
  CU_CHECK(cuDevicePrimaryCtxRelease(device));

  const unsigned long long expect = static_cast<unsigned long long>(kPasses) * n;
  if (counted != expect)
    std::printf("GPU-VERDICT: misbehaved counted %llu keys, expected %llu\n", counted, expect);
  else
    std::printf("GPU-VERDICT: clean counted all %llu keys in %d passes\n", counted, kPasses);
  return 0;
}
