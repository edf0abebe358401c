// cudalint-args: --checks=-*,cuda-use-after-free
// cuda-use-after-free: released memory used again on the same path: in a
// copy or a set, as a kernel argument, or dereferenced on the host. Clean
// look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = 1.0f;
}

__constant__ float taps[16];

// ---------------------------------------------------------------- bugs

void copiedBackAfterRelease(float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost); // expected-warning {{'cudaMemcpy' copies from device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}}
}

void uploadedAfterRelease(const float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies into device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}}
}

void setAfterRelease(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemset(d, 0, bytes); // expected-warning {{'cudaMemset' writes to device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}}
}

void asyncCopyAfterRelease(float *host, size_t bytes, cudaStream_t stream) {
  float *d;
  (void)cudaMallocAsync(&d, bytes, stream); // expected-note {{device memory is allocated here by 'cudaMallocAsync'}}
  (void)cudaFreeAsync(d, stream); // expected-note {{the memory is released here by 'cudaFreeAsync'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpyAsync(host, d, bytes, cudaMemcpyDeviceToHost, stream); // expected-warning {{'cudaMemcpyAsync' copies from device memory that 'cudaFreeAsync' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}}
}

void asyncSetAfterRelease(size_t bytes, cudaStream_t stream) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemsetAsync(d, 0, bytes, stream); // expected-warning {{'cudaMemsetAsync' writes to device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}}
}

void launchedAfterRelease(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  fill<<<1, 256>>>(d, n); // expected-warning {{kernel 'fill' is launched with device memory that 'cudaFree' already released; the kernel faults, and cudaErrorIllegalAddress surfaces at the next synchronization and in every call after it [cuda-use-after-free]}}
}

void launchedOnOnePath(int n, bool retry) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  fill<<<1, 256>>>(d, n);
  // expected-note@+1 {{assuming 'retry' is false}} expected-note@+1 {{taking true branch}}
  if (!retry)
    (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  fill<<<1, 256>>>(d, n); // expected-warning {{kernel 'fill' is launched with device memory that 'cudaFree' already released}}
  (void)cudaDeviceSynchronize();
}

float managedReadAfterRelease(int n) {
  float *m;
  (void)cudaMallocManaged(&m, n * sizeof(float)); // expected-note {{managed memory is allocated here by 'cudaMallocManaged'}}
  fill<<<1, 256>>>(m, n);
  (void)cudaDeviceSynchronize();
  (void)cudaFree(m); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  return m[0]; // expected-warning {{the host dereferences managed memory that 'cudaFree' already released; the host touches unmapped memory and the process dies with a segmentation fault, or it reaches a later allocation that reused the address [cuda-use-after-free]}}
}

void pinnedWrittenAfterRelease(size_t count) {
  float *h;
  (void)cudaMallocHost(&h, count * sizeof(float)); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaFreeHost(h); // expected-note {{the memory is released here by 'cudaFreeHost'}}
  // expected-note@+1 {{the released memory is used here}}
  h[0] = 1.0f; // expected-warning {{the host dereferences pinned host memory that 'cudaFreeHost' already released; the host touches unmapped memory and the process dies with a segmentation fault, or it reaches a later allocation that reused the address [cuda-use-after-free]}}
}

void pinnedCopiedAfterRelease(float *d, size_t bytes) {
  float *h;
  (void)cudaMallocHost(&h, bytes); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaFreeHost(h); // expected-note {{the memory is released here by 'cudaFreeHost'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies from pinned host memory that 'cudaFreeHost' already released; the host touches unmapped memory and the process dies with a segmentation fault, or it reaches a later allocation that reused the address [cuda-use-after-free]}}
}

// Host memory is reported in a function that uses CUDA (here it stages a
// download); elsewhere it is clang-analyzer's (unix.Malloc), see the end.
float hostReadAfterRelease(const float *d, size_t count) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  // expected-note@+1 {{assuming 'h' is non-null}} expected-note@+1 {{taking false branch}}
  if (!h)
    return 0.0f;
  (void)cudaMemcpy(h, d, count * sizeof(float), cudaMemcpyDeviceToHost);
  std::free(h); // expected-note {{the memory is released here by 'free'}}
  // expected-note@+1 {{the released memory is used here}}
  return h[0]; // expected-warning {{the host dereferences pageable host memory that 'free' already released; it reads or writes freed heap memory, which may already belong to another allocation [cuda-use-after-free]}}
}

void driverCopyAfterRelease(const float *host, size_t bytes) {
  CUdeviceptr d;
  (void)cuMemAlloc(&d, bytes); // expected-note {{device memory is allocated here by 'cuMemAlloc'}}
  (void)cuMemFree(d); // expected-note {{the memory is released here by 'cuMemFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cuMemcpyHtoD(d, host, bytes); // expected-warning {{'cuMemcpyHtoD' copies into device memory that 'cuMemFree' already released; the call fails with CUDA_ERROR_INVALID_VALUE, or touches a later allocation that reused the address [cuda-use-after-free]}}
}

void offsetIntoReleased(float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy(host, d + 16, 64, cudaMemcpyDeviceToHost); // expected-warning {{'cudaMemcpy' copies from device memory that 'cudaFree' already released}}
}

void usedThroughAlias(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  float *alias = d;
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemset(alias, 0, bytes); // expected-warning {{'cudaMemset' writes to device memory that 'cudaFree' already released}}
}

static void download(float *host, const float *d, size_t bytes) {
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost); // expected-warning {{'cudaMemcpy' copies from device memory that 'cudaFree' already released}}
}

void helperUsesReleased(float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  download(host, d, bytes); // expected-note {{calling 'download'}}
}

void pitchedCopyAfterRelease(float *host, size_t width, size_t height) {
  float *d;
  size_t pitch;
  // expected-note@+1 {{device memory is allocated here by 'cudaMallocPitch'}}
  (void)cudaMallocPitch(&d, &pitch, width * sizeof(float), height);
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy2D(host, width * sizeof(float), d, pitch, width * sizeof(float), // expected-warning {{'cudaMemcpy2D' copies from device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or touches a later allocation that reused the address [cuda-use-after-free]}}
                     height, cudaMemcpyDeviceToHost);
}

void parameterUsedAfterRelease(float *d, float *host, size_t bytes) {
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the released memory is used here}}
  (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost); // expected-warning {{'cudaMemcpy' copies from device memory that 'cudaFree' already released}}
}

// ---------------------------------------------------------- clean look-alikes

void usedBeforeRelease(float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
  fill<<<1, 256>>>(d, 256);
  (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost);
  (void)cudaFree(d);
}

void reallocatedBeforeUse(float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void releasedOnErrorAndReturned(float *host, size_t bytes) {
  float *d;
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    return;
  if (cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
    (void)cudaFree(d);
    return;
  }
  fill<<<1, 256>>>(d, 256);
  (void)cudaFree(d);
}

void resetAndTested(float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  d = nullptr;
  if (d)
    (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost);
}

void correlatedConditions(float *host, size_t bytes, bool keep) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  if (!keep)
    (void)cudaFree(d);
  if (keep) {
    (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost);
    (void)cudaFree(d);
  }
}

void otherBufferUsed(float *host, size_t bytes) {
  float *a, *b;
  (void)cudaMalloc(&a, bytes);
  (void)cudaMalloc(&b, bytes);
  (void)cudaFree(a);
  (void)cudaMemcpy(host, b, bytes, cudaMemcpyDeviceToHost);
  (void)cudaFree(b);
}

void addressPrintedAfterRelease(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  std::printf("released %p\n", static_cast<void *>(d));
}

void comparedAfterRelease(float *d, float *other) {
  (void)cudaFree(d);
  if (d == other)
    std::puts("same buffer");
}

void symbolCopyUnrelated(const float *host, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  (void)cudaMemcpyToSymbol(taps, host, 16 * sizeof(float));
}

void perIterationBuffers(float *host, size_t bytes, int iterations) {
  for (int i = 0; i < iterations; ++i) {
    float *d;
    (void)cudaMalloc(&d, bytes);
    (void)cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
    (void)cudaFree(d);
  }
}

void pointerReassigned(float *host, float *other, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  d = other;
  (void)cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost);
}

void launchedBeforeRelease(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  fill<<<1, 256>>>(d, n);
  (void)cudaDeviceSynchronize();
  (void)cudaFree(d);
}

void wrongFamilyReleaseFailsAndMemoryStays(float *d, size_t bytes) {
  float *h;
  (void)cudaMallocHost(&h, bytes);
  (void)cudaFree(h); // fails: pinned memory needs cudaFreeHost (cuda-mismatched-free)
  (void)cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  (void)cudaFreeHost(h);
}

void hostReadBeforeRelease(size_t count) {
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  if (!h)
    return;
  h[0] = 1.0f;
  float first = h[0];
  std::free(h);
  std::printf("%f\n", first);
}

void driverCopyBeforeRelease(const float *host, size_t bytes) {
  CUdeviceptr d;
  (void)cuMemAlloc(&d, bytes);
  (void)cuMemcpyHtoD(d, host, bytes);
  (void)cuMemFree(d);
}

void logBuffer(const float *d); // defined elsewhere: not a use we judge

void handedToUnknownFunction(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  logBuffer(d);
}

// A function that neither uses CUDA nor reaches it through the functions it
// calls handles pageable host memory only: cudalint leaves it to
// clang-analyzer's unix.Malloc and does not explore it.
float hostOnlyReadAfterRelease(size_t count) {
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  if (!h)
    return 0.0f;
  h[0] = 1.0f;
  std::free(h);
  return h[0];
}
