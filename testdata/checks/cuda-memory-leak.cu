// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak: memory from an allocation API that is not released on
// some path out of the function. Each leak is reported at the allocation; its
// notes follow the path to the point where the memory is lost. Clean
// look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

// Checks that return instead of exiting: an error path leaves the function.
#define RETURN_IF_FAILED(call)                                                 \
  do {                                                                         \
    if ((call) != cudaSuccess)                                                 \
      return -1;                                                               \
  } while (0)

// Checks that end the process: nothing leaks on their failure paths.
#define CHECK_OR_EXIT(call)                                                    \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s\n", cudaGetErrorString(status_));               \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

// ---------------------------------------------------------------- leaks

void neverReleased(int n) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  scale<<<1, 256>>>(d, n);
} // expected-note {{'neverReleased' returns here without releasing the memory}}

int laterAllocationFails(size_t bytes) {
  float *a, *b;
  // expected-note@+3 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&a, bytes) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
    return -1;
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaMalloc(&b, bytes) != cudaSuccess)
    return -1; // expected-note {{'laterAllocationFails' returns here without releasing the memory}}
  (void)cudaFree(a);
  (void)cudaFree(b);
  return 0;
}

int laterCopyFails(float *host, size_t bytes) {
  float *d;
  // expected-note@+4 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+3 {{assuming the condition is false}}
  // expected-note@+2 {{taking false branch}}
  // expected-note@+1 {{loop condition is false.  Exiting loop}}
  RETURN_IF_FAILED(cudaMalloc(&d, bytes)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+3 {{assuming the condition is true}}
  // expected-note@+2 {{taking true branch}}
  // expected-note@+1 {{'laterCopyFails' returns here without releasing the memory}}
  RETURN_IF_FAILED(cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice));
  (void)cudaFree(d);
  return 0;
}

int launchFails(int n) {
  float *d;
  // expected-note@+4 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+3 {{assuming the condition is false}}
  // expected-note@+2 {{taking false branch}}
  // expected-note@+1 {{loop condition is false.  Exiting loop}}
  RETURN_IF_FAILED(cudaMalloc(&d, n * sizeof(float))); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  scale<<<1, 256>>>(d, n);
  // expected-note@+2 {{assuming the condition is true}}
  // expected-note@+1 {{taking true branch}}
  if (cudaGetLastError() != cudaSuccess)
    return -1; // expected-note {{'launchFails' returns here without releasing the memory}}
  (void)cudaFree(d);
  return 0;
}

// The seeds' pattern: a buffer per iteration, none released.
void allocationPerIteration(int n) {
  // expected-note@+2 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
  for (int i = 0; i < 8; ++i) {
    float *d;
    // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
    (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
    scale<<<1, 256>>>(d, n);
  }
}

void overwrittenBeforeRelease(size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  (void)cudaMalloc(&d, bytes); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
  (void)cudaFree(d);
}

void releasedOnOneBranch(size_t bytes, bool done) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+1 {{assuming 'done' is false}} expected-note@+1 {{taking false branch}}
  if (done)
    (void)cudaFree(d);
} // expected-note {{'releasedOnOneBranch' returns here without releasing the memory}}

void pinnedNeverReleased(size_t bytes) {
  float *h;
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMallocHost(&h, bytes); // expected-warning {{pinned host memory allocated by 'cudaMallocHost' is not released on every path; it stays page-locked, out of the operating system's reach, until the process exits [cuda-memory-leak]}}
  h[0] = 1.0f;
} // expected-note {{'pinnedNeverReleased' returns here without releasing the memory}}

void mappedNeverReleased(size_t bytes) {
  float *h;
  // expected-note@+1 {{mapped pinned host memory is allocated here by 'cudaHostAlloc'}}
  (void)cudaHostAlloc(&h, bytes, cudaHostAllocMapped); // expected-warning {{mapped pinned host memory allocated by 'cudaHostAlloc' is not released on every path; it stays page-locked, out of the operating system's reach, until the process exits [cuda-memory-leak]}}
  h[0] = 1.0f;
} // expected-note {{'mappedNeverReleased' returns here without releasing the memory}}

void managedNeverReleased(int n) {
  float *m;
  // expected-note@+1 {{managed memory is allocated here by 'cudaMallocManaged'}}
  (void)cudaMallocManaged(&m, n * sizeof(float)); // expected-warning {{managed memory allocated by 'cudaMallocManaged' is not released on every path; it stays allocated on the GPU and mapped on the host until the process exits [cuda-memory-leak]}}
  scale<<<1, 256>>>(m, n);
} // expected-note {{'managedNeverReleased' returns here without releasing the memory}}

void driverNeverReleased(size_t bytes) {
  CUdeviceptr d;
  // expected-note@+1 {{device memory is allocated here by 'cuMemAlloc'}}
  (void)cuMemAlloc(&d, bytes); // expected-warning {{device memory allocated by 'cuMemAlloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  (void)cuMemsetD8(d, 0, bytes); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

void streamOrderedNeverReleased(size_t bytes, cudaStream_t stream) {
  void *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMallocAsync'}}
  (void)cudaMallocAsync(&d, bytes, stream); // expected-warning {{device memory allocated by 'cudaMallocAsync' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
  (void)cudaMemsetAsync(d, 0, bytes, stream);
}

void pitchedNeverReleased(size_t width, size_t height) {
  float *d;
  size_t pitch;
  // expected-note@+1 {{device memory is allocated here by 'cudaMallocPitch'}}
  (void)cudaMallocPitch(&d, &pitch, width, height); // expected-warning {{device memory allocated by 'cudaMallocPitch' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
  (void)cudaMemset2D(d, pitch, 0, width, height);
}

// Ordinary host memory is not cudalint's to report, even in a function that
// uses CUDA (here it stages a download): its leaks are clang-analyzer's
// (unix.Malloc, cplusplus.NewDeleteLeaks).
void hostBufferNeverReleased(const float *d, size_t count) {
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  if (!h)
    return;
  (void)cudaMemcpy(h, d, sizeof(float), cudaMemcpyDeviceToHost);
  h[0] += 1.0f;
}

void newArrayNeverReleased(const float *d, size_t count) {
  float *h = new float[count];
  (void)cudaMemcpy(h, d, sizeof(float), cudaMemcpyDeviceToHost);
  h[0] += 1.0f;
}

// Pinned host memory is the CUDA API's, and stays page-locked.
void pinnedBufferNeverReleased(const float *d, size_t count) {
  float *h = nullptr;
  // expected-note@+3 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  // expected-note@+2 {{assuming the condition is false}}
  // expected-note@+1 {{taking false branch}}
  if (cudaMallocHost(&h, count * sizeof(float)) != cudaSuccess) // expected-warning {{pinned host memory allocated by 'cudaMallocHost' is not released on every path; it stays page-locked, out of the operating system's reach, until the process exits [cuda-memory-leak]}}
    return;
  (void)cudaMemcpy(h, d, sizeof(float), cudaMemcpyDeviceToHost);
  h[0] += 1.0f;
} // expected-note {{'pinnedBufferNeverReleased' returns here without releasing the memory}}

static float *makeDeviceBuffer(size_t bytes) {
  float *d = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  return d;
}

void helperResultDropped(size_t bytes) {
  // expected-note@+2 {{calling 'makeDeviceBuffer'}}
  // expected-note@+1 {{returning from 'makeDeviceBuffer'}}
  float *d = makeDeviceBuffer(bytes);
  (void)cudaMemset(d, 0, bytes); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

// expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
static void allocateInto(float **out, size_t bytes) { (void)cudaMalloc(out, bytes); } // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}

void outParameterHelperDropped(size_t bytes) {
  float *d;
  // expected-note@+2 {{calling 'allocateInto'}}
  // expected-note@+1 {{returning from 'allocateInto'}}
  allocateInto(&d, bytes);
  (void)cudaMemset(d, 0, bytes); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

struct Buffers {
  float *input;
  float *output;
};

void structFieldsNeverReleased(size_t bytes) {
  Buffers b;
  (void)cudaMalloc(&b.input, bytes);
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&b.output, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  (void)cudaFree(b.input); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

void oneOfFourNotReleased(size_t bytes) {
  float *d[4];
  // expected-note@+2 4 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{loop condition is false.}}
  for (int i = 0; i < 4; ++i)
    // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
    (void)cudaMalloc(&d[i], bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+2 3 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{loop condition is false. Execution jumps to the end of the function}}
  for (int i = 0; i < 3; ++i)
    (void)cudaFree(d[i]);
} // expected-note {{'oneOfFourNotReleased' returns here without releasing the memory}}

void arrayLoopOfSixteenNeverReleased(size_t bytes) {
  float *d[16];
  // expected-note@+2 16 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{loop condition is false. Execution jumps to the end of the function}}
  for (int i = 0; i < 16; ++i)
    // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
    (void)cudaMalloc(&d[i], bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
} // expected-note {{'arrayLoopOfSixteenNeverReleased' returns here without releasing the memory}}

void leakedAfterLongLoop(float *host, size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+2 100 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{loop condition is false. Execution jumps to the end of the function}}
  for (int step = 0; step < 100; ++step)
    (void)cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
} // expected-note {{'leakedAfterLongLoop' returns here without releasing the memory}}

void offsetPointerKeptOnly(size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  float *second = d + 16;
  (void)cudaMemset(second, 0, 16); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

// A helper that reaches neither CUDA nor memory the checks track, handed
// only numbers and read-only strings, is not walked (AnalysisScope): the
// leak past its call stays reported.
static int countOptions(const char *options) {
  int count = 0;
  for (const char *c = options; *c; ++c)
    count += *c == ',';
  return count;
}

void leakPastAStringHelper(const char *options, size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+1 {{assuming the condition is true}} expected-note@+1 {{taking true branch}}
  if (countOptions(options) > 3)
    return; // expected-note {{'leakPastAStringHelper' returns here without releasing the memory}}
  (void)cudaFree(d);
}

// A helper handed a writable byte buffer is walked: the buffer may be pinned
// memory, and the helper only fills it.
static void fillText(char *text, int length) {
  for (int i = 0; i < length; ++i)
    text[i] = 'a';
}

void pinnedTextNeverReleased(int length) {
  char *text;
  // expected-note@+2 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cudaMallocHost(&text, length) != cudaSuccess) // expected-warning {{pinned host memory allocated by 'cudaMallocHost' is not released on every path}}
    return;
  fillText(text, length);
} // expected-note {{'pinnedTextNeverReleased' returns here without releasing the memory}}

// A path through a remainder the program can take: a batch that does not
// divide evenly returns with the buffer. (Deciding that this path can happen
// does not need Z3's circuit for the 64-bit remainder: ReportCrosscheck.h.)
int uploadWholeRows(const float *rows, size_t count, size_t width) {
  if (width == 0) // expected-note {{assuming 'width' is not equal to 0}} expected-note {{taking false branch}}
    return -1;
  float *d;
  // expected-note@+2 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cudaMalloc(&d, count * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
    return -1;
  if (count % width != 0) // expected-note {{assuming the condition is true}} expected-note {{taking true branch}}
    return -2; // expected-note {{'uploadWholeRows' returns here without releasing the memory}}
  cudaMemcpy(d, rows, count * sizeof(float), cudaMemcpyHostToDevice);
  cudaFree(d);
  return 0;
}

// ---------------------------------------------------------- clean look-alikes

// The only path that returns with the buffer needs `count == 1` and
// `count / threads >= 65535` with `threads` at least 1: the analyzer's ranges
// cannot see that no such path exists, the crosscheck with Z3 does.
int blocksForOneElement(size_t count, size_t threads) {
  if (threads == 0)
    return -1;
  float *d;
  if (cudaMalloc(&d, count * sizeof(float)) != cudaSuccess)
    return -1;
  if (count == 1 && count / threads >= 65535)
    return -2;
  cudaFree(d);
  return 0;
}

void releasedAtTheEnd(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  scale<<<1, 256>>>(d, n);
  (void)cudaFree(d);
}

void failedAllocationReturns(int n) {
  float *d;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return;
  scale<<<1, 256>>>(d, n);
  (void)cudaFree(d);
}

int storedStatusChecked(size_t bytes) {
  float *d;
  cudaError_t status = cudaMalloc(&d, bytes);
  if (status != cudaSuccess)
    return -1;
  (void)cudaFree(d);
  return 0;
}

int gotoCleanup(float *host, size_t bytes) {
  int result = -1;
  float *a = nullptr, *b = nullptr;
  if (cudaMalloc(&a, bytes) != cudaSuccess)
    goto cleanup;
  if (cudaMalloc(&b, bytes) != cudaSuccess)
    goto cleanup;
  if (cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess)
    goto cleanup;
  result = 0;
cleanup:
  (void)cudaFree(a);
  (void)cudaFree(b);
  return result;
}

void exitsOnFailure(float *host, size_t bytes) {
  float *d;
  CHECK_OR_EXIT(cudaMalloc(&d, bytes));
  CHECK_OR_EXIT(cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice));
  CHECK_OR_EXIT(cudaFree(d));
}

[[noreturn]] void fatal(const char *what);

void noreturnOnFailure(float *host, size_t bytes) {
  float *d;
  if (cudaMalloc(&d, bytes) != cudaSuccess)
    fatal("cudaMalloc");
  if (cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess)
    fatal("cudaMemcpy");
  (void)cudaFree(d);
}

void processEndsHere(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  scale<<<1, 256>>>(d, n);
  std::exit(EXIT_SUCCESS);
}

float *returnedToCaller(size_t bytes) {
  float *d = nullptr;
  (void)cudaMalloc(&d, bytes);
  return d;
}

Buffers returnedInStruct(size_t bytes) {
  Buffers b;
  (void)cudaMalloc(&b.input, bytes);
  (void)cudaMalloc(&b.output, bytes);
  return b;
}

void throughOutParameter(float **out, size_t bytes) { (void)cudaMalloc(out, bytes); }

float *g_deviceScratch;

void storedInGlobal(size_t bytes) { (void)cudaMalloc(&g_deviceScratch, bytes); }

void storedInCallerStruct(Buffers *b, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  b->input = d;
}

void registerBuffer(float *device); // defined in another file: it may keep it

void handedToUnknownFunction(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  registerBuffer(d);
}

bool g_flag;

void correlatedConditions(size_t bytes, bool useDevice) {
  float *d = nullptr;
  if (useDevice)
    (void)cudaMalloc(&d, bytes);
  g_flag = true;
  if (useDevice)
    (void)cudaFree(d);
}

void hostBufferChecked(size_t count) {
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  if (!h)
    return;
  h[0] = 1.0f;
  std::free(h);
}

void releasedInLoops(size_t bytes) {
  float *d[16];
  for (int i = 0; i < 16; ++i)
    (void)cudaMalloc(&d[i], bytes);
  for (int i = 0; i < 16; ++i)
    (void)cudaFree(d[i]);
}

void allocatedAndReleasedPerIteration(int n, int iterations) {
  for (int i = 0; i < iterations; ++i) {
    float *d;
    if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
      return;
    scale<<<1, 256>>>(d, n);
    (void)cudaFree(d);
  }
}

static void releaseDevice(float *d) { (void)cudaFree(d); }

void releasedByHelper(size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  releaseDevice(d);
}

void releasedByMatchingCalls(size_t bytes, cudaStream_t stream) {
  void *ordered;
  (void)cudaMallocAsync(&ordered, bytes, stream);
  (void)cudaFreeAsync(ordered, stream);
  CUdeviceptr driver;
  (void)cuMemAlloc(&driver, bytes);
  (void)cuMemFree(driver);
  float *pinned;
  (void)cudaMallocHost(&pinned, bytes);
  (void)cudaFreeHost(pinned);
  float *host = new float[bytes];
  delete[] host;
}

void parameterNeverReleased(float *d, size_t bytes) {
  // Unknown provenance: the caller owns it.
  (void)cudaMemset(d, 0, bytes);
}

void hostCallback(void *data) { std::free(data); }

void handedToHostCallback(cudaStream_t stream, size_t bytes) {
  void *h = std::malloc(bytes);
  (void)cudaLaunchHostFunc(stream, hostCallback, h);
}

__global__ void deviceHeap(int n) {
  // Device-side malloc in a kernel: device code is not analysed.
  int *scratch = static_cast<int *>(malloc(n * sizeof(int)));
  scratch[0] = n;
}

// A function that neither uses CUDA nor reaches it through the functions it
// calls is not explored at all.
void hostOnlyBufferNeverReleased(size_t count) {
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  if (!h)
    return;
  h[0] = 1.0f;
}

// Once the program has dereferenced a pointer, the pointer was not null: a
// later test for null cannot be true, and the return it guards is no path
// out of the function (clang's core.NullDereference reasons the same way).
struct Tensor {
  int count;
  float *data;
};

int uploadAfterReadingTheTensor(const Tensor *tensor) {
  float *d = nullptr;
  // expected-note@+4 {{device memory is allocated here by 'cudaMalloc'}}
  // expected-note@+3 {{assuming the condition is false}}
  // expected-note@+2 {{taking false branch}}
  // expected-note@+1 {{loop condition is false.  Exiting loop}}
  RETURN_IF_FAILED(cudaMalloc(&d, 64 * sizeof(float))); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  int count = tensor->count;
  if (tensor == nullptr) // expected-note {{taking false branch}}
    return -1;
  // The memory is lost where the copy fails, a path the program can take.
  // expected-note@+3 {{assuming the condition is true}}
  // expected-note@+2 {{taking true branch}}
  // expected-note@+1 {{'uploadAfterReadingTheTensor' returns here without releasing the memory}}
  RETURN_IF_FAILED(cudaMemcpy(d, tensor->data, count * sizeof(float), cudaMemcpyHostToDevice));
  cudaFree(d);
  return count;
}
