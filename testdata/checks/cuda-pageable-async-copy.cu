// cudalint-args: --checks=-*,cuda-pageable-async-copy
// cuda-pageable-async-copy: asynchronous copies whose host side is provably
// pageable memory. Each call blocks the host until the copy is done. The notes
// show where the memory came from. Clean look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

__device__ float deviceTable[256];
static float hostTable[256]; // expected-note {{'hostTable' is declared here, in pageable host memory}}

void prepareNext();
float consume(const float *values, size_t n);

struct Frame {
  float *host;
  float *device;
  size_t bytes;
};

// ---------------------------------------------------------------- bugs

void uploadFromMalloc(float *d, size_t bytes, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(bytes)); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  std::memset(h, 0, bytes);
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h'); the copy is staged through a pinned buffer and the call returns only once it is done, so the host waits for the work queued before it on the stream and nothing overlaps; allocate the buffer with cudaMallocHost or pin it with cudaHostRegister (a performance finding, not a race) [cuda-pageable-async-copy]}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void downloadIntoMalloc(const float *d, size_t bytes, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(bytes)); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, stream); // expected-warning {{'cudaMemcpyAsync' copies into pageable host memory ('h')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void uploadFromNew(float *d, size_t n, cudaStream_t stream) {
  float *h = new float[n](); // expected-note {{pageable host memory is allocated here by 'new[]'}}
  (void)cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  delete[] h;
}

void uploadFromVector(float *d, const std::vector<float> &values, cudaStream_t stream) {
  std::vector<float> staged(values);
  (void)cudaMemcpyAsync(d, staged.data(), staged.size() * sizeof(float), // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('staged.data()')}} expected-note {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
                        cudaMemcpyHostToDevice, stream);
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
}

void downloadIntoVector(const float *d, size_t n, cudaStream_t stream) {
  std::vector<float> result(n);
  (void)cudaMemcpyAsync(result.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, stream); // expected-warning {{'cudaMemcpyAsync' copies into pageable host memory ('result.data()')}} expected-note {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
}

void uploadFromStack(float *d, cudaStream_t stream) {
  float coefficients[64] = {}; // expected-note {{'coefficients' is declared here, in stack memory}}
  (void)cudaMemcpyAsync(d, coefficients, sizeof(coefficients), cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from stack memory ('coefficients')}} expected-note {{'cudaMemcpyAsync' is called here on stack memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
}

void uploadFromGlobal(float *d, cudaStream_t stream) {
  (void)cudaMemcpyAsync(d, hostTable, sizeof(hostTable), cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('hostTable')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
}

void upload2D(float *d, size_t pitch, size_t width, size_t height, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(width * height)); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaMemcpy2DAsync(d, pitch, h, width, width, height, cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpy2DAsync' copies from pageable host memory ('h')}} expected-note {{'cudaMemcpy2DAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void uploadToSymbol(const std::vector<float> &table, cudaStream_t stream) {
  std::vector<float> copy(table);
  (void)cudaMemcpyToSymbolAsync(deviceTable, copy.data(), 256 * sizeof(float), 0, // expected-warning {{'cudaMemcpyToSymbolAsync' copies from pageable host memory ('copy.data()')}} expected-note {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}} expected-note {{'cudaMemcpyToSymbolAsync' is called here on pageable host memory}}
                                cudaMemcpyHostToDevice, stream);
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
}

void downloadFromSymbol(cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(256 * sizeof(float))); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaMemcpyFromSymbolAsync(h, deviceTable, 256 * sizeof(float), 0, // expected-warning {{'cudaMemcpyFromSymbolAsync' copies into pageable host memory ('h')}} expected-note {{'cudaMemcpyFromSymbolAsync' is called here on pageable host memory}}
                                  cudaMemcpyDeviceToHost, stream);
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void driverUpload(CUdeviceptr d, size_t bytes, CUstream stream) {
  void *h = std::malloc(bytes); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cuMemcpyHtoDAsync(d, h, bytes, stream); // expected-warning {{'cuMemcpyHtoDAsync' copies from pageable host memory ('h')}} expected-note {{'cuMemcpyHtoDAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cuStreamSynchronize(stream);
  std::free(h);
}

void driverDownload(CUdeviceptr d, size_t n, CUstream stream) {
  float *h = new float[n]; // expected-note {{pageable host memory is allocated here by 'new[]'}}
  (void)cuMemcpyDtoHAsync(h, d, n * sizeof(float), stream); // expected-warning {{'cuMemcpyDtoHAsync' copies into pageable host memory ('h')}} expected-note {{'cuMemcpyDtoHAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cuStreamSynchronize(stream);
  delete[] h;
}

void defaultKindUpload(size_t bytes, cudaStream_t stream) {
  float *d = nullptr;
  if (cudaMalloc(&d, bytes) != cudaSuccess) // expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  float *h = static_cast<float *>(std::calloc(1, bytes)); // expected-note {{pageable host memory is allocated here by 'calloc'}}
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyDefault, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
  (void)cudaFree(d);
}

void uploadSecondHalf(float *d, size_t n, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(n * sizeof(float))); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaMemcpyAsync(d + n / 2, h + n / 2, n / 2 * sizeof(float), cudaMemcpyHostToDevice, // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h + n / 2')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
                        stream);
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void uploadAfterUnregister(float *d, size_t bytes, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(bytes)); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaHostRegister(h, bytes, cudaHostRegisterDefault);
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream);
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  (void)cudaHostUnregister(h);
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

static void enqueueUpload(float *d, const float *h, size_t bytes, cudaStream_t stream) {
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
}

void uploadThroughHelper(float *d, size_t bytes, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(bytes)); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  enqueueUpload(d, h, bytes, stream); // expected-note {{calling 'enqueueUpload'}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void uploadFrameField(Frame &frame, cudaStream_t stream) {
  frame.host = static_cast<float *>(std::malloc(frame.bytes)); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaMemcpyAsync(frame.device, frame.host, frame.bytes, cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('frame.host')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
}

void uploadChunks(float *d, size_t chunk, int chunks, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(chunk * chunks * sizeof(float))); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  for (int i = 0; i < chunks; ++i) // expected-note {{assuming 'i' is < 'chunks'}} expected-note {{loop condition is true.  Entering loop body}}
    (void)cudaMemcpyAsync(d + i * chunk, h + i * chunk, chunk * sizeof(float), // expected-warning {{'cudaMemcpyAsync' copies from pageable host memory ('h + i * chunk')}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
                          cudaMemcpyHostToDevice, stream);
  prepareNext(); // host work a pinned copy would overlap
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

// The host uses the buffer before anything synchronises the stream: the code
// relies on the copy blocking, and the advice says to synchronise too.
float downloadAndReadAtOnce(const float *d, size_t n, cudaStream_t stream) {
  float *h = new float[n]; // expected-note {{pageable host memory is allocated here by 'new[]'}}
  (void)cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, stream); // expected-warning {{'cudaMemcpyAsync' copies into pageable host memory ('h'); the copy is staged through a pinned buffer and the call returns only once it is done, so the host waits for the work queued before it on the stream and nothing overlaps; the host uses the buffer before anything synchronises the stream, relying on that wait: pin the buffer (cudaMallocHost, cudaHostRegister) and synchronise the stream (cudaStreamSynchronize, or an event) before the host uses it (a performance finding, not a race) [cuda-pageable-async-copy]}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}}
  float first = consume(h, n); // expected-note {{the host uses the buffer here, before any synchronisation}}
  delete[] h;
  return first;
}

// A stack array goes out of scope with the function, before any
// synchronisation: pinned, the copy could still be reading it.
void uploadPointersFromStack(float **d, float *a, float *b, cudaStream_t stream) {
  const float *pointers[2] = {a, b}; // expected-note {{'pointers' is declared here, in stack memory}}
  (void)cudaMemcpyAsync(d, pointers, sizeof(pointers), cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies from stack memory ('pointers'); the copy is staged through a pinned buffer and the call returns only once it is done, so the host waits for the work queued before it on the stream and nothing overlaps; the host uses the buffer before anything synchronises the stream, relying on that wait}} expected-note {{'cudaMemcpyAsync' is called here on stack memory}}
  prepareNext();
} // expected-note {{the buffer goes out of scope here, before any synchronisation}}

// ---------------------------------------------------------------- clean

// A container with an allocator of its own holds what that allocator gives:
// pinned memory here, and unknown memory wherever the allocator is not seen.
template <typename T> struct PinnedAllocator {
  using value_type = T;
  PinnedAllocator() = default;
  template <typename U> PinnedAllocator(const PinnedAllocator<U> &) {}
  T *allocate(size_t n) {
    T *p = nullptr;
    if (cudaMallocHost(&p, n * sizeof(T)) != cudaSuccess)
      throw std::bad_alloc();
    return p;
  }
  void deallocate(T *p, size_t) { (void)cudaFreeHost(p); }
};

void downloadIntoPinnedVector(const float *d, size_t n, cudaStream_t stream) {
  std::vector<float, PinnedAllocator<float>> result(n);
  (void)cudaMemcpyAsync(result.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, stream);
  prepareNext();
  (void)cudaStreamSynchronize(stream);
}

// Pinned through a helper of the project, as real allocators often are.
static void *pinnedBytes(size_t bytes) {
  void *p = nullptr;
  if (cudaHostAlloc(&p, bytes, cudaHostAllocPortable) != cudaSuccess)
    throw std::bad_alloc();
  return p;
}

template <typename T> struct PortableAllocator {
  using value_type = T;
  T *allocate(size_t n) { return static_cast<T *>(pinnedBytes(n * sizeof(T))); }
  void deallocate(T *p, size_t) { (void)cudaFreeHost(p); }
};

void uploadFromPortableVector(float *d, size_t n, cudaStream_t stream) {
  std::vector<float, PortableAllocator<float>> staged(n, 1.0f);
  (void)cudaMemcpyAsync(d, staged.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream);
  prepareNext();
  (void)cudaStreamSynchronize(stream);
}

// An allocator whose allocate() this unit does not see: unknown memory.
template <typename T> struct OpaqueAllocator {
  using value_type = T;
  T *allocate(size_t n);
  void deallocate(T *p, size_t);
};

void uploadFromOpaqueVector(float *d, size_t n, cudaStream_t stream) {
  std::vector<float, OpaqueAllocator<float>> staged(n);
  (void)cudaMemcpyAsync(d, staged.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream);
  prepareNext();
  (void)cudaStreamSynchronize(stream);
}

// The next CUDA call waits for the stream and the host does nothing in
// between: pinning would gain nothing (ReportWithoutOverlap reports these).
void downloadThenWait(const float *d, size_t n, cudaStream_t stream) {
  std::vector<float> result(n);
  (void)cudaMemcpyAsync(result.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, stream);
  (void)cudaStreamSynchronize(stream);
  consume(result.data(), n);
}

void uploadThenWaitForDevice(float *d, size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, 0);
  (void)cudaDeviceSynchronize();
  std::free(h);
}


void uploadFromPinned(float *d, size_t bytes, cudaStream_t stream) {
  float *h = nullptr;
  if (cudaMallocHost(&h, bytes) != cudaSuccess)
    return;
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFreeHost(h);
}

void downloadIntoHostAlloc(const float *d, size_t bytes, cudaStream_t stream) {
  float *h = nullptr;
  if (cudaHostAlloc(&h, bytes, cudaHostAllocDefault) != cudaSuccess)
    return;
  (void)cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFreeHost(h);
}

void uploadRegistered(float *d, size_t bytes, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(bytes));
  if (cudaHostRegister(h, bytes, cudaHostRegisterDefault) != cudaSuccess) {
    std::free(h);
    return;
  }
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaHostUnregister(h);
  std::free(h);
}

void downloadRegisteredVector(const float *d, size_t n, cudaStream_t stream) {
  std::vector<float> result(n);
  (void)cudaHostRegister(result.data(), n * sizeof(float), cudaHostRegisterDefault);
  (void)cudaMemcpyAsync(result.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaHostUnregister(result.data());
}

void uploadFromCaller(float *d, const float *h, size_t bytes, cudaStream_t stream) {
  (void)cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, stream);
}

void managedPrefetchCopy(float *d, size_t bytes, cudaStream_t stream) {
  float *m = nullptr;
  if (cudaMallocManaged(&m, bytes) != cudaSuccess)
    return;
  (void)cudaMemcpyAsync(d, m, bytes, cudaMemcpyDefault, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(m);
}

void deviceToDevice(float *a, const float *b, size_t bytes, cudaStream_t stream) {
  (void)cudaMemcpyAsync(a, b, bytes, cudaMemcpyDeviceToDevice, stream);
}

void synchronousCopy(float *d, size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  (void)cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  std::free(h);
}

void hostToHost(size_t bytes, cudaStream_t stream) {
  float *a = static_cast<float *>(std::malloc(bytes));
  float *b = static_cast<float *>(std::malloc(bytes));
  (void)cudaMemcpyAsync(a, b, bytes, cudaMemcpyHostToHost, stream);
  (void)cudaMemcpyAsync(b, a, bytes, cudaMemcpyDefault, stream);
  (void)cudaStreamSynchronize(stream);
  std::free(a);
  std::free(b);
}

void unknownKind(float *d, size_t bytes, cudaMemcpyKind kind, cudaStream_t stream) {
  float *h = static_cast<float *>(std::malloc(bytes));
  (void)cudaMemcpyAsync(d, h, bytes, kind, stream);
  (void)cudaStreamSynchronize(stream);
  std::free(h);
}

void pinnedFrame(Frame &frame, cudaStream_t stream) {
  if (cudaMallocHost(&frame.host, frame.bytes) != cudaSuccess)
    return;
  (void)cudaMemcpyAsync(frame.device, frame.host, frame.bytes, cudaMemcpyHostToDevice, stream);
  (void)cudaStreamSynchronize(stream);
}
