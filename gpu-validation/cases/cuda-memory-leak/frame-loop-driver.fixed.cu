// cuda-memory-leak, fixed: each frame's buffer is released in its iteration.
//
// The same capture loop; cuMemFree() at the end of the iteration returns the
// frame's 8 MiB before the next frame is allocated.
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

constexpr int kFrames = 16;
constexpr unsigned kPixels = 2u << 20; // 2 Mi pixels, 8 MiB as packed RGBA

// Brightness of every pixel, counted into 256 bins.
__global__ void brightnessHistogram(const unsigned *rgba, unsigned n, unsigned *bins) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned p = rgba[i];
    unsigned luma = ((p & 0xff) * 77 + ((p >> 8) & 0xff) * 150 + ((p >> 16) & 0xff) * 29) >> 8;
    atomicAdd(&bins[luma], 1u);
  }
}

static void makeFrame(std::vector<unsigned> &frame, int index) {
  for (size_t i = 0; i < frame.size(); ++i) {
    unsigned v = static_cast<unsigned>((i + index) % 256);
    frame[i] = v | (v << 8) | (v << 16) | 0xff000000u;
  }
}

static bool histogramIsFlat(const std::vector<unsigned> &bins) {
  for (unsigned count : bins)
    if (count != kPixels / 256)
      return false;
  return true;
}

int main() {
  CU_CHECK(cuInit(0));
  CUdevice device;
  CU_CHECK(cuDeviceGet(&device, 0));
  CUcontext context;
  CU_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CU_CHECK(cuCtxSetCurrent(context));

  const size_t frameBytes = kPixels * sizeof(unsigned);
  std::vector<unsigned> frame(kPixels), bins(256);
  CUdeviceptr dBins;
  CU_CHECK(cuMemAlloc(&dBins, 256 * sizeof(unsigned)));
  // The validation oracle: the device memory free after the first frame (which
  // loads the kernel and sets the runtime up) and after the last.
  size_t freeAfterFirst = 0, freeAfter = 0, total = 0;

  int flat = 0;
  for (int f = 0; f < kFrames; ++f) {
    makeFrame(frame, f);
    CUdeviceptr dFrame;
    // NOLINTNEXTLINE(cuda-alloc-in-loop): one allocation per frame keeps the case about cuda-memory-leak
    CU_CHECK(cuMemAlloc(&dFrame, frameBytes));
    CU_CHECK(cuMemcpyHtoD(dFrame, frame.data(), frameBytes));
    CU_CHECK(cuMemsetD32(dBins, 0, 256));
    brightnessHistogram<<<(kPixels + 255) / 256, 256>>>(reinterpret_cast<const unsigned *>(dFrame), kPixels,
                                                        reinterpret_cast<unsigned *>(dBins));
    CUDA_CHECK(cudaGetLastError());
    CU_CHECK(cuMemcpyDtoH(bins.data(), dBins, 256 * sizeof(unsigned)));
    CU_CHECK(cuMemFree(dFrame));
    flat += histogramIsFlat(bins);
    if (f == 0)
      CU_CHECK(cuMemGetInfo(&freeAfterFirst, &total));
  }

  CU_CHECK(cuMemGetInfo(&freeAfter, &total));
  CU_CHECK(cuMemFree(dBins));
  CU_CHECK(cuDevicePrimaryCtxRelease(device));

  const long long heldMiB = (static_cast<long long>(freeAfterFirst) - static_cast<long long>(freeAfter)) >> 20;
  if (flat != kFrames)
    std::printf("GPU-VERDICT: misbehaved %d of %d histograms wrong\n", kFrames - flat, kFrames);
  else if (heldMiB >= static_cast<long long>((kFrames - 1) * frameBytes >> 20) / 2)
    std::printf("GPU-VERDICT: misbehaved all %d histograms correct, but the frame loop left %lld MiB of device memory allocated after its first frame (%d more frames of %zu MiB)\n",
                kFrames, heldMiB, kFrames - 1, frameBytes >> 20);
  else
    std::printf("GPU-VERDICT: clean all %d histograms correct, the frame loop left %lld MiB allocated after its first frame\n",
                kFrames, heldMiB);
  return 0;
}
