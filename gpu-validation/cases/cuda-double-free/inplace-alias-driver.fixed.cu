// cuda-double-free, fixed: the output is released only when it is its own buffer.
//
// The same in-place gamma correction; the teardown releases `dOut` only when
// it is not `dIn`.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

__global__ void gammaCorrect(const float *in, float *out, int n, float gamma) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = powf(in[i], gamma);
}

int main(int argc, char **argv) {
  const bool inPlace = !(argc > 1 && std::strcmp(argv[1], "--out-of-place") == 0);
  CU_CHECK(cuInit(0));
  CUdevice device;
  CU_CHECK(cuDeviceGet(&device, 0));
  CUcontext context;
  CU_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CU_CHECK(cuCtxSetCurrent(context));

  const int n = 1 << 22;
  const size_t bytes = n * sizeof(float);
  std::vector<float> pixels(n, 0.25f), corrected(n, -1.0f);
  CUdeviceptr dIn, dOut;
  CU_CHECK(cuMemAlloc(&dIn, bytes));
  if (inPlace)
    dOut = dIn;
  else
    CU_CHECK(cuMemAlloc(&dOut, bytes));
  CU_CHECK(cuMemcpyHtoD(dIn, pixels.data(), bytes));
  gammaCorrect<<<(n + 255) / 256, 256>>>(reinterpret_cast<const float *>(dIn), reinterpret_cast<float *>(dOut),
                                         n, 0.5f);
  if (cudaGetLastError() != cudaSuccess) {
    std::printf("GPU-VERDICT: failed gammaCorrect launch\n");
    std::exit(1);
  }
  CU_CHECK(cuMemcpyDtoH(corrected.data(), dOut, bytes));
  CU_CHECK(cuMemFree(dIn));
  if (dOut != dIn)
    CU_CHECK(cuMemFree(dOut));
  CU_CHECK(cuDevicePrimaryCtxRelease(device));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += std::fabs(corrected[i] - 0.5f) > 1e-6f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d of %d pixels wrong\n", wrong, n);
  else
    std::printf("GPU-VERDICT: clean all %d pixels corrected %s, each buffer released once\n", n,
                inPlace ? "in place" : "out of place");
  return 0;
}
