// cudalint-args: --checks=-*,cuda-double-free
// cuda-double-free: memory released twice on one path. The path notes show
// where the memory came from and where it was released first. Clean
// look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <cstdlib>

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = 1.0f;
}

// ---------------------------------------------------------------- bugs

void releasedTwice(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

void releasedOnBranchThenAfterJoin(size_t bytes, bool failed) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{assuming 'failed' is true}} expected-note@+1 {{taking true branch}}
  if (failed)
    (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  fill<<<1, 256>>>(d, 256);
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
}

void pinnedReleasedTwice(size_t bytes) {
  float *h;
  (void)cudaMallocHost(&h, bytes); // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaFreeHost(h); // expected-note {{the memory is released here by 'cudaFreeHost'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFreeHost(h); // expected-warning {{'cudaFreeHost' releases pinned host memory that 'cudaFreeHost' already released; the call fails with cudaErrorInvalidValue, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

void managedReleasedTwice(size_t bytes) {
  float *m;
  (void)cudaMallocManaged(&m, bytes); // expected-note {{managed memory is allocated here by 'cudaMallocManaged'}}
  (void)cudaFree(m); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(m); // expected-warning {{'cudaFree' releases managed memory that 'cudaFree' already released; the call fails with cudaErrorInvalidValue, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

void streamOrderedReleasedTwice(size_t bytes, cudaStream_t stream) {
  void *d;
  (void)cudaMallocAsync(&d, bytes, stream); // expected-note {{device memory is allocated here by 'cudaMallocAsync'}}
  (void)cudaFreeAsync(d, stream); // expected-note {{the memory is released here by 'cudaFreeAsync'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFreeAsync(d, stream); // expected-warning {{'cudaFreeAsync' releases device memory that 'cudaFreeAsync' already released; the call fails with cudaErrorInvalidValue, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

void streamOrderedThenSynchronous(size_t bytes, cudaStream_t stream) {
  void *d;
  (void)cudaMallocAsync(&d, bytes, stream); // expected-note {{device memory is allocated here by 'cudaMallocAsync'}}
  (void)cudaFreeAsync(d, stream); // expected-note {{the memory is released here by 'cudaFreeAsync'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFreeAsync' already released; the call fails with cudaErrorInvalidValue, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

void driverReleasedTwice(size_t bytes) {
  CUdeviceptr d;
  (void)cuMemAlloc(&d, bytes); // expected-note {{device memory is allocated here by 'cuMemAlloc'}}
  (void)cuMemFree(d); // expected-note {{the memory is released here by 'cuMemFree'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cuMemFree(d); // expected-warning {{'cuMemFree' releases device memory that 'cuMemFree' already released; the call fails with CUDA_ERROR_INVALID_VALUE, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

void driverHostReleasedTwice(size_t bytes) {
  void *h;
  (void)cuMemAllocHost(&h, bytes); // expected-note {{pinned host memory is allocated here by 'cuMemAllocHost'}}
  (void)cuMemFreeHost(h); // expected-note {{the memory is released here by 'cuMemFreeHost'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cuMemFreeHost(h); // expected-warning {{'cuMemFreeHost' releases pinned host memory that 'cuMemFreeHost' already released; the call fails with CUDA_ERROR_INVALID_VALUE, or, once a later allocation has reused the address, frees that allocation instead [cuda-double-free]}}
}

// Host memory is reported in a function that uses CUDA (here it stages a
// download); elsewhere it is clang-analyzer's (unix.Malloc), see the end.
void hostReleasedTwice(const float *d, size_t count) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  (void)cudaMemcpy(h, d, count * sizeof(float), cudaMemcpyDeviceToHost);
  std::free(h); // expected-note {{the memory is released here by 'free'}}
  // expected-note@+1 {{the memory is released a second time here}}
  std::free(h); // expected-warning {{'free' releases pageable host memory that 'free' already released; the C library aborts the process or the host heap is corrupted [cuda-double-free]}}
}

void deletedTwice(const float *d, size_t count) {
  float *h = new float[count]; // expected-note {{pageable host memory is allocated here by 'new[]'}}
  (void)cudaMemcpy(h, d, count * sizeof(float), cudaMemcpyDeviceToHost);
  delete[] h; // expected-note {{the memory is released here by 'delete[]'}}
  // expected-note@+1 {{the memory is released a second time here}}
  delete[] h; // expected-warning {{'delete[]' releases pageable host memory that 'delete[]' already released; the C library aborts the process or the host heap is corrupted [cuda-double-free]}}
}

void releasedThroughAlias(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  float *alias = d;
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(alias); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
}

static void releaseDevice(float *d) { (void)cudaFree(d); } // expected-note {{the memory is released here by 'cudaFree'}}

void releasedByHelperThenAgain(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{calling 'releaseDevice'}}
  // expected-note@+1 {{returning from 'releaseDevice'}}
  releaseDevice(d);
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
}

void parameterReleasedTwice(float *d) {
  (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
}

struct Buffers {
  float *input;
  float *output;
};

void fieldReleasedTwice(Buffers &b) {
  (void)cudaFree(b.input); // expected-note {{the memory is released here by 'cudaFree'}}
  (void)cudaFree(b.output);
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(b.input); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
}

void releasedInLoop(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  for (int i = 0; i < 2; ++i) // expected-note 2 {{loop condition is true.  Entering loop body}}
    // expected-note@+2 {{the memory is released here by 'cudaFree'}}
    // expected-note@+1 {{the memory is released a second time here}}
    (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
}

int errorPathReleasesBeforeCleanup(float *host, size_t bytes) {
  int result = -1;
  float *d = nullptr;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    goto cleanup;
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
    (void)cudaFree(d); // expected-note {{the memory is released here by 'cudaFree'}}
    goto cleanup; // expected-note {{control jumps to line}}
  }
  result = 0;
cleanup:
  // expected-note@+1 {{the memory is released a second time here}}
  (void)cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}}
  return result;
}

// A release that succeeded, released again.
void releasedAgainAfterSuccess(size_t bytes) {
  float *d = nullptr;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    return;
  // expected-note@+3 {{the memory is released here by 'cudaFree'}}
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaFree(d) == cudaSuccess)
    cudaFree(d); // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released a second time here}}
}

// ---------------------------------------------------------- clean look-alikes

// A checking macro that evaluates the call again to name its error: a
// cudaFree that failed released nothing, so the second one frees nothing
// twice.
#define CHECK_AND_NAME(call)                                                   \
  do {                                                                         \
    if ((call) != cudaSuccess) {                                               \
      (void)cudaGetErrorString(call);                                          \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

void releaseCheckedByAMacroThatRepeatsIt(size_t bytes) {
  float *d = nullptr;
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    return;
  CHECK_AND_NAME(cudaFree(d));
}

void retriedAfterAFailedRelease(size_t bytes) {
  float *d = nullptr;
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    return;
  cudaError_t status = cudaFree(d);
  if (status != cudaSuccess)
    (void)cudaFree(d);
}

void nullReleasedTwice() {
  (void)cudaFree(nullptr);
  (void)cudaFree(nullptr);
  (void)cudaFreeHost(nullptr);
  float *none = nullptr;
  (void)cudaFree(none);
  (void)cudaFree(none);
}

void resetAfterRelease(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  d = nullptr;
  (void)cudaFree(d);
}

void reallocatedBetweenReleases(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
}

void correlatedConditions(size_t bytes, bool early) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  if (early)
    (void)cudaFree(d);
  fill<<<1, 256>>>(nullptr, 0);
  if (!early)
    (void)cudaFree(d);
}

void ownershipFlag(size_t bytes, bool early) {
  float *d;
  bool owned = cudaMalloc(&d, bytes) == cudaSuccess;
  if (owned && early) {
    (void)cudaFree(d);
    owned = false;
  }
  if (owned)
    (void)cudaFree(d);
}

void twoBuffers(size_t bytes) {
  float *a, *b;
  (void)cudaMalloc(&a, bytes);
  (void)cudaMalloc(&b, bytes);
  (void)cudaFree(a);
  (void)cudaFree(b);
}

int gotoCleanup(float *host, size_t bytes) {
  int result = -1;
  float *d = nullptr;
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    goto cleanup;
  if (cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess)
    goto cleanup;
  result = 0;
cleanup:
  (void)cudaFree(d);
  return result;
}

void releasedOnErrorAndReturned(float *host, size_t bytes) {
  float *d;
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    return;
  if (cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
    (void)cudaFree(d);
    return;
  }
  (void)cudaFree(d);
}

void allocatedAndReleasedPerIteration(size_t bytes, int iterations) {
  for (int i = 0; i < iterations; ++i) {
    float *d;
    (void)cudaMalloc(&d, bytes);
    (void)cudaFree(d);
  }
}

void releaseAll(float **buffers, int count) {
  for (int i = 0; i < count; ++i)
    (void)cudaFree(buffers[i]);
}

void arrayElementsReleasedOnce(size_t bytes) {
  float *d[4];
  for (int i = 0; i < 4; ++i)
    (void)cudaMalloc(&d[i], bytes);
  for (int i = 0; i < 4; ++i)
    (void)cudaFree(d[i]);
}

static void releaseAndReset(float **d) {
  (void)cudaFree(*d);
  *d = nullptr;
}

void helperResetsPointer(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  releaseAndReset(&d);
  releaseAndReset(&d);
}

void swappedThenReleased(size_t bytes) {
  float *a, *b;
  (void)cudaMalloc(&a, bytes);
  (void)cudaMalloc(&b, bytes);
  float *t = a;
  a = b;
  b = t;
  (void)cudaFree(a);
  (void)cudaFree(b);
}

// Graph memory nodes allocate again, at the same address, on every launch of
// the graph; releasing that address after each launch is right.
void graphMemoryReleasedAfterEachLaunch(cudaGraphExec_t graph, float *fromGraph,
                                        cudaStream_t stream) {
  (void)cudaGraphLaunch(graph, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(fromGraph);
  (void)cudaGraphLaunch(graph, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(fromGraph);
}

void releasedInEitherBranch(float *d, bool hostSide) {
  if (hostSide)
    (void)cudaFreeHost(d);
  else
    (void)cudaFree(d);
}

// A function that neither uses CUDA nor reaches it through the functions it
// calls handles pageable host memory only: cudalint leaves it to
// clang-analyzer's unix.Malloc and does not explore it.
void hostOnlyReleasedTwice(size_t count) {
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  std::free(h);
  std::free(h);
}
