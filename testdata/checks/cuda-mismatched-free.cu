// cudalint-args: --checks=-*,cuda-mismatched-free
// cuda-mismatched-free: memory released by a call of the wrong family. The
// notes show where the memory came from. Clean look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <cstdlib>
#include <vector>

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = 1.0f;
}

// ---------------------------------------------------------------- bugs

void pinnedReleasedAsDevice(size_t bytes) {
  float *h;
  (void)cudaMallocHost(&h, bytes); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  // expected-note@+1 {{'cudaFree' is called here on pinned host memory}}
  (void)cudaFree(h); // expected-warning {{'cudaFree' cannot release pinned host memory allocated by 'cudaMallocHost'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFreeHost') [cuda-mismatched-free]}}
}

void mappedReleasedAsDevice(size_t bytes) {
  float *h;
  // expected-note@+1 {{mapped pinned host memory is allocated here by 'cudaHostAlloc'}}
  (void)cudaHostAlloc(&h, bytes, cudaHostAllocMapped | cudaHostAllocPortable);
  // expected-note@+1 {{'cudaFree' is called here on mapped pinned host memory}}
  (void)cudaFree(h); // expected-warning {{'cudaFree' cannot release mapped pinned host memory allocated by 'cudaHostAlloc'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFreeHost') [cuda-mismatched-free]}}
}

void deviceReleasedAsPinned(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{'cudaFreeHost' is called here on device memory}}
  (void)cudaFreeHost(d); // expected-warning {{'cudaFreeHost' cannot release device memory allocated by 'cudaMalloc'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFree') [cuda-mismatched-free]}}
}

void managedReleasedAsPinned(size_t bytes) {
  float *m;
  (void)cudaMallocManaged(&m, bytes); // expected-note {{managed memory is allocated here by 'cudaMallocManaged'}}
  // expected-note@+1 {{'cudaFreeHost' is called here on managed memory}}
  (void)cudaFreeHost(m); // expected-warning {{'cudaFreeHost' cannot release managed memory allocated by 'cudaMallocManaged'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFree') [cuda-mismatched-free]}}
}

void deviceReleasedWithFree(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{'free' is called here on device memory}}
  std::free(d); // expected-warning {{'free' cannot release device memory allocated by 'cudaMalloc'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cudaFree') [cuda-mismatched-free]}}
}

void deviceDeleted(size_t count) {
  float *d;
  (void)cudaMalloc(&d, count * sizeof(float)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{'delete[]' is called here on device memory}}
  delete[] d; // expected-warning {{'delete[]' cannot release device memory allocated by 'cudaMalloc'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cudaFree') [cuda-mismatched-free]}}
}

void managedDeleted(size_t count) {
  float *m;
  (void)cudaMallocManaged(&m, count * sizeof(float)); // expected-note {{managed memory is allocated here by 'cudaMallocManaged'}}
  // expected-note@+1 {{'delete' is called here on managed memory}}
  delete m; // expected-warning {{'delete' cannot release managed memory allocated by 'cudaMallocManaged'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cudaFree') [cuda-mismatched-free]}}
}

void pinnedReleasedWithFree(size_t bytes) {
  float *h;
  (void)cudaMallocHost(&h, bytes); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  // expected-note@+1 {{'free' is called here on pinned host memory}}
  std::free(h); // expected-warning {{'free' cannot release pinned host memory allocated by 'cudaMallocHost'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cudaFreeHost') [cuda-mismatched-free]}}
}

void stackArrayReleased() {
  float scratch[64];
  // expected-note@+1 {{'cudaFree' is called here on stack memory}}
  (void)cudaFree(scratch); // expected-warning {{'cudaFree' cannot release stack memory; the call fails with cudaErrorInvalidValue [cuda-mismatched-free]}}
}

void stackVariableReleased() {
  float value = 0.0f;
  // expected-note@+1 {{'cudaFree' is called here on stack memory}}
  (void)cudaFree(&value); // expected-warning {{'cudaFree' cannot release stack memory}}
}

static float lookupTable[64];

void globalArrayReleased() {
  // expected-note@+1 {{'cudaFree' is called here on pageable host memory}}
  (void)cudaFree(lookupTable); // expected-warning {{'cudaFree' cannot release pageable host memory; the call fails with cudaErrorInvalidValue [cuda-mismatched-free]}}
}

void hostBufferReleasedAsDevice(size_t bytes) {
  void *h = std::malloc(bytes); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  // expected-note@+1 {{'cudaFree' is called here on pageable host memory}}
  (void)cudaFree(h); // expected-warning {{'cudaFree' cannot release pageable host memory allocated by 'malloc'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'free') [cuda-mismatched-free]}}
}

void newArrayReleasedAsDevice(size_t count) {
  float *h = new float[count]; // expected-note {{pageable host memory is allocated here by 'new[]'}}
  // expected-note@+1 {{'cudaFree' is called here on pageable host memory}}
  (void)cudaFree(h); // expected-warning {{'cudaFree' cannot release pageable host memory allocated by 'new[]'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'delete[]') [cuda-mismatched-free]}}
}

void hostBufferReleasedAsPinned(size_t bytes) {
  void *h = std::malloc(bytes); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  // expected-note@+1 {{'cudaFreeHost' is called here on pageable host memory}}
  (void)cudaFreeHost(h); // expected-warning {{'cudaFreeHost' cannot release pageable host memory allocated by 'malloc'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'free') [cuda-mismatched-free]}}
}

void vectorStorageReleased(std::vector<float> &values) {
  // expected-note@+1 {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}}
  float *h = values.data();
  // expected-note@+1 {{'cudaFree' is called here on pageable host memory}}
  (void)cudaFree(h); // expected-warning {{'cudaFree' cannot release pageable host memory owned by std::vector::data(); the call fails with cudaErrorInvalidValue [cuda-mismatched-free]}}
}

// Host memory is reported in a function that uses CUDA (here it stages a
// download); elsewhere it is clang-analyzer's (unix.Malloc), see the end.
void vectorStorageFreed(const float *d, size_t count) {
  std::vector<float> values(count);
  (void)cudaMemcpy(values.data(), d, count * sizeof(float),
                   cudaMemcpyDeviceToHost);
  // expected-note@+2 {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}}
  // expected-note@+1 {{'free' is called here on pageable host memory}}
  std::free(values.data()); // expected-warning {{'free' cannot release pageable host memory owned by std::vector::data(); the container releases it again when it is destroyed, and the host heap is corrupted [cuda-mismatched-free]}}
}

static float *makeDeviceBuffer(size_t bytes) {
  float *d = nullptr;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  return d;
}

void helperResultFreed(size_t bytes) {
  // expected-note@+2 {{calling 'makeDeviceBuffer'}}
  // expected-note@+1 {{returning from 'makeDeviceBuffer'}}
  float *d = makeDeviceBuffer(bytes);
  // expected-note@+1 {{'free' is called here on device memory}}
  std::free(d); // expected-warning {{'free' cannot release device memory allocated by 'cudaMalloc'}}
}

struct Staging {
  float *host;
  float *device;
};

// Both releases are wrong, and each is a finding: the path goes on after the
// first.
void fieldsSwapped(size_t bytes) {
  Staging s;
  (void)cudaMallocHost(&s.host, bytes); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMalloc(&s.device, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{'cudaFree' is called here on pinned host memory}}
  (void)cudaFree(s.host); // expected-warning {{'cudaFree' cannot release pinned host memory allocated by 'cudaMallocHost'}}
  // expected-note@+1 {{'cudaFreeHost' is called here on device memory}}
  (void)cudaFreeHost(s.device); // expected-warning {{'cudaFreeHost' cannot release device memory allocated by 'cudaMalloc'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFree')}}
}

void driverPinnedReleasedAsDevice(size_t bytes) {
  void *h;
  (void)cuMemAllocHost(&h, bytes); // expected-note {{pinned host memory is allocated here by 'cuMemAllocHost'}}
  // expected-note@+1 {{'cudaFree' is called here on pinned host memory}}
  (void)cudaFree(h); // expected-warning {{'cudaFree' cannot release pinned host memory allocated by 'cuMemAllocHost'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cuMemFreeHost') [cuda-mismatched-free]}}
}

// ---------------------------------------------------------- clean look-alikes

void matchingReleases(size_t bytes, cudaStream_t stream) {
  float *d, *h, *mapped, *m, *pitched;
  size_t pitch;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMallocHost(&h, bytes);
  (void)cudaHostAlloc(&mapped, bytes, cudaHostAllocMapped);
  (void)cudaMallocManaged(&m, bytes);
  (void)cudaMallocPitch(&pitched, &pitch, 256, 16);
  (void)cudaFree(d);
  (void)cudaFreeHost(h);
  (void)cudaFreeHost(mapped);
  (void)cudaFree(m);
  (void)cudaFree(pitched);
  void *ordered;
  (void)cudaMallocAsync(&ordered, bytes, stream);
  (void)cudaFreeAsync(ordered, stream);
}

void driverMatchingReleases(size_t bytes) {
  CUdeviceptr d;
  void *h;
  (void)cuMemAlloc(&d, bytes);
  (void)cuMemAllocHost(&h, bytes);
  (void)cuMemFree(d);
  (void)cuMemFreeHost(h);
}

void runtimeReleasesDriverMemory(size_t bytes) {
  CUdeviceptr d;
  (void)cuMemAlloc(&d, bytes);
  (void)cudaFree(reinterpret_cast<void *>(d));
}

void hostMatchingReleases(size_t count) {
  float *a = static_cast<float *>(std::malloc(count * sizeof(float)));
  float *b = new float[count];
  float *c = new float;
  std::free(a);
  delete[] b;
  delete c;
}

void parameterReleased(float *unknownProvenance) { (void)cudaFree(unknownProvenance); }

float *g_device;

void globalReleased() { (void)cudaFree(g_device); }

void nullReleased() {
  (void)cudaFree(nullptr);
  (void)cudaFreeHost(nullptr);
  std::free(nullptr);
}

void correlatedFamilies(size_t bytes, bool pinned) {
  float *buffer;
  if (pinned)
    (void)cudaMallocHost(&buffer, bytes);
  else
    (void)cudaMalloc(&buffer, bytes);
  fill<<<1, 256>>>(nullptr, 0);
  if (pinned)
    (void)cudaFreeHost(buffer);
  else
    (void)cudaFree(buffer);
}

void pointerReassigned(size_t bytes) {
  float *p = static_cast<float *>(std::malloc(bytes));
  std::free(p);
  (void)cudaMalloc(&p, bytes);
  (void)cudaFree(p);
}

void registeredHostMemory(size_t bytes) {
  void *h = std::malloc(bytes);
  (void)cudaHostRegister(h, bytes, cudaHostRegisterDefault);
  (void)cudaHostUnregister(h);
  std::free(h);
}

void vectorOwnsItsStorage(size_t count) {
  std::vector<float> values(count);
  float *d;
  (void)cudaMalloc(&d, count * sizeof(float));
  (void)cudaMemcpy(d, values.data(), count * sizeof(float), cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

static void releaseDevice(float *d) { (void)cudaFree(d); }

void helperMatches(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  releaseDevice(d);
}

void fieldsMatch(size_t bytes) {
  Staging s;
  (void)cudaMallocHost(&s.host, bytes);
  (void)cudaMalloc(&s.device, bytes);
  (void)cudaFreeHost(s.host);
  (void)cudaFree(s.device);
}

void failedAllocationNotReleased(size_t bytes) {
  float *h = nullptr;
  if (cudaMallocHost(&h, bytes) != cudaSuccess) {
    h = static_cast<float *>(std::malloc(bytes));
    std::free(h);
    return;
  }
  (void)cudaFreeHost(h);
}

void managedReleasedByDriver(size_t bytes) {
  CUdeviceptr m;
  (void)cuMemAllocManaged(&m, bytes, CU_MEM_ATTACH_GLOBAL);
  (void)cuMemFree(m);
}

static void releasePinned(float *h) { (void)cudaFreeHost(h); }

void pinnedReleasedByHelper(size_t bytes) {
  float *h;
  (void)cudaMallocHost(&h, bytes);
  releasePinned(h);
}

// The same condition chooses the allocation and, after a loop the analyzer
// widens (its bound is not a literal), the release: widening must not forget
// what the loop leaves alone (cuda-samples' systemWideAtomics).
void releaseChosenAgainAfterALoop(bool pinned, int n) {
  float *h;
  if (pinned) {
    if (cudaMallocHost(&h, n * sizeof(float)) != cudaSuccess)
      return;
  } else if (!(h = static_cast<float *>(std::malloc(n * sizeof(float))))) {
    return;
  }
  for (int i = 0; i < n; ++i)
    h[i] = 0.0f;
  if (pinned)
    (void)cudaFreeHost(h);
  else
    std::free(h);
}

void deviceQueryChoosesAgainAfterALoop(int n) {
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
    return;
  int *counts;
  if (prop.pageableMemoryAccess)
    counts = static_cast<int *>(std::malloc(n * sizeof(int)));
  else if (cudaMallocManaged(&counts, n * sizeof(int)) != cudaSuccess)
    return;
  for (int i = 0; i < n; ++i)
    counts[i] = 0;
  if (prop.pageableMemoryAccess)
    std::free(counts);
  else
    (void)cudaFree(counts);
}

// The same with the choice kept in a global, which widening forgets as well
// unless the loop can write it (cuda-samples' simpleZeroCopy).
bool pinGenericMemory = false;

void globalChoosesAgainAfterALoop(bool pinGeneric, int n) {
  pinGenericMemory = pinGeneric;
  float *h;
  if (pinGenericMemory) {
    if (!(h = static_cast<float *>(std::malloc(n * sizeof(float)))))
      return;
    if (cudaHostRegister(h, n * sizeof(float), cudaHostRegisterMapped) !=
        cudaSuccess)
      return std::free(h);
  } else if (cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped) !=
             cudaSuccess) {
    return;
  }
  for (int i = 0; i < n; ++i)
    h[i] = std::rand() / (float)RAND_MAX;
  if (pinGenericMemory) {
    (void)cudaHostUnregister(h);
    std::free(h);
  } else {
    (void)cudaFreeHost(h);
  }
}

// A function that neither uses CUDA nor reaches it through the functions it
// calls handles pageable host memory only: cudalint leaves it to
// clang-analyzer's unix.Malloc and does not explore it.
void hostOnlyVectorStorageFreed(size_t count) {
  std::vector<float> values(count);
  std::free(values.data());
}
