// cuda-mismatched-free: a class releases its pinned member with cudaFree().
//
// Each upload lane owns a page-locked staging buffer: the constructor takes
// it with cudaMallocHost(), the destructor gives it back with cudaFree(), as
// it does the lane's device buffer. The lanes live in a vector of owning
// pointers built by one function and emptied by another, so no single
// function constructs and destroys one. cudaFree() cannot release pinned
// host memory: it fails, the destructor ignores it, and every lane destroyed
// leaves 8 MiB of host memory page-locked.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <memory>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kChunk = 1 << 21; // floats per lane: 8 MiB
constexpr int kLanes = 4;

__global__ void scale(float *values, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] *= factor;
}

class UploadLane {
public:
  UploadLane() {
    CUDA_CHECK(cudaMallocHost(&staging_, kChunk * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&device_, kChunk * sizeof(float)));
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  }
  ~UploadLane() {
    (void)cudaStreamDestroy(stream_);
    (void)cudaFree(device_);
    (void)cudaFree(staging_); // cudalint-expect: cuda-mismatched-free
  }
  // Scales `values` on the GPU through this lane's staging buffer.
  void process(float *values, float factor) {
    std::memcpy(staging_, values, kChunk * sizeof(float));
    CUDA_CHECK(cudaMemcpyAsync(device_, staging_, kChunk * sizeof(float), cudaMemcpyHostToDevice, stream_));
    scale<<<(kChunk + 255) / 256, 256, 0, stream_>>>(device_, kChunk, factor);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(staging_, device_, kChunk * sizeof(float), cudaMemcpyDeviceToHost, stream_));
    CUDA_CHECK(cudaStreamSynchronize(stream_));
    std::memcpy(values, staging_, kChunk * sizeof(float));
  }
  const void *staging() const { return staging_; }

private:
  float *staging_ = nullptr;
  float *device_ = nullptr;
  cudaStream_t stream_ = nullptr;
};

static std::vector<std::unique_ptr<UploadLane>> openLanes() {
  std::vector<std::unique_ptr<UploadLane>> lanes;
  for (int i = 0; i < kLanes; ++i)
    lanes.push_back(std::make_unique<UploadLane>());
  return lanes;
}

static void closeLanes(std::vector<std::unique_ptr<UploadLane>> &lanes) { lanes.clear(); }

// Whether the runtime still knows `p` as page-locked host memory.
static bool stillPinned(const void *p) {
  cudaPointerAttributes attributes;
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
}

int main() {
  std::vector<float> values(static_cast<size_t>(kLanes) * kChunk, 2.0f);
  std::vector<std::unique_ptr<UploadLane>> lanes = openLanes();
  std::vector<const void *> stagingAddresses;
  for (int i = 0; i < kLanes; ++i) {
    lanes[i]->process(values.data() + static_cast<size_t>(i) * kChunk, 1.5f);
    stagingAddresses.push_back(lanes[i]->staging());
  }
  closeLanes(lanes);

  // The oracle: after the lanes are destroyed, no staging buffer may still be page-locked.
  int pinnedLeft = 0;
  for (const void *address : stagingAddresses)
    pinnedLeft += stillPinned(address);
  CUDA_CHECK(cudaDeviceReset());

  size_t wrong = 0;
  for (float v : values)
    wrong += v != 3.0f;
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu of %zu values wrong\n", wrong, values.size());
  else if (pinnedLeft != 0)
    std::printf("GPU-VERDICT: misbehaved all values correct, but %d of %d staging buffers are still page-locked after their lanes were destroyed\n",
                pinnedLeft, kLanes);
  else
    std::printf("GPU-VERDICT: clean all values correct and no staging buffer left page-locked\n");
  return 0;
}
