// cudalint-args: --checks=-*,cuda-unchecked-error
// cuda-unchecked-error: discarded and dead status codes.
// Each bug carries its expected finding; a clean look-alike follows it.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cublas_v2.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(status_));                               \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define PASS_THROUGH(call) call

static void checkStatus(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
}

cudaError_t allocateBuffer(float **buffer, size_t count); // expected-note {{'allocateBuffer' is declared here}}

struct Context {
  cudaError_t lastStatus;
};
cudaError_t globalStatus;

void discardedCalls(float *host, size_t count) {
  float *device = nullptr;
  cudaMalloc(&device, count * sizeof(float)); // expected-warning {{the cudaError_t returned by 'cudaMalloc' is discarded; if the call fails, the program carries on with whatever the GPU left behind [cuda-unchecked-error]}} expected-note {{cast the call to 'void' to ignore its status deliberately}}
  // expected-note@*:* {{'cudaMalloc' is declared here}}
  if (host)
    cudaMemcpy(device, host, count * sizeof(float), cudaMemcpyHostToDevice); // expected-warning {{the cudaError_t returned by 'cudaMemcpy' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaMemcpy' is declared here}}
  for (int i = 0; i < 3; ++i)
    cudaMemset(device, 0, count); // expected-warning {{the cudaError_t returned by 'cudaMemset' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaMemset' is declared here}}
  PASS_THROUGH(cudaDeviceSynchronize()); // expected-warning {{the cudaError_t returned by 'cudaDeviceSynchronize' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaDeviceSynchronize' is declared here}}
  allocateBuffer(&device, count); // expected-warning {{the cudaError_t returned by 'allocateBuffer' is discarded}} expected-note {{cast the call to 'void'}}
  switch (count) {
  case 0:
    cudaFree(device); // expected-warning {{the cudaError_t returned by 'cudaFree' is discarded}} expected-note {{cast the call to 'void'}}
    // expected-note@*:* {{'cudaFree' is declared here}}
    break;
  default:
    break;
  }
}

void discardedThroughOperators(bool pinned, float *device, float *host,
                               size_t count) {
  pinned ? cudaFreeHost(host) : cudaFree(device); // expected-warning {{the cudaError_t returned by 'cudaFreeHost' is discarded}} expected-warning {{the cudaError_t returned by 'cudaFree' is discarded}} expected-note 2 {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaFreeHost' is declared here}}
  // expected-note@*:* {{'cudaFree' is declared here}}
  cudaMemset(device, 0, count), cudaDeviceSynchronize(); // expected-warning {{the cudaError_t returned by 'cudaMemset' is discarded}} expected-warning {{the cudaError_t returned by 'cudaDeviceSynchronize' is discarded}} expected-note 2 {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaMemset' is declared here}}
  // expected-note@*:* {{'cudaDeviceSynchronize' is declared here}}
  cudaMemcpy(device, host, count, cudaMemcpyHostToDevice) == cudaSuccess; // expected-warning {{the cudaError_t returned by 'cudaMemcpy' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaMemcpy' is declared here}}
}

cudaError_t readThroughOperators(bool pinned, float *device, float *host) {
  cudaError_t status = pinned ? cudaFreeHost(host) : cudaFree(device);
  if (status != cudaSuccess)
    return status;
  return pinned ? cudaDeviceSynchronize() : cudaGetLastError();
}

void otherLibraries() {
  cuInit(0); // expected-warning {{the CUresult returned by 'cuInit' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cuInit' is declared here}}
  cublasHandle_t handle;
  cublasCreate(&handle); // expected-warning {{the cublasStatus_t returned by 'cublasCreate' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cublasCreate' is declared here}}
  (void)cublasDestroy(handle);
}

// Clean look-alikes: the status flows somewhere.
int checkedCalls(float *host, size_t count) {
  float *device = nullptr;
  (void)cudaFree(nullptr);                             // deliberate ignore
  static_cast<void>(cudaSetDevice(0));                 // deliberate ignore
  CUDA_CHECK(cudaMalloc(&device, count * sizeof(float)));
  if (cudaMemcpy(device, host, count, cudaMemcpyHostToDevice) != cudaSuccess)
    return 1;
  checkStatus(cudaMemset(device, 0, count), "memset");
  cudaError_t status = cudaDeviceSynchronize();
  if (status != cudaSuccess)
    return 2;
  Context context;
  context.lastStatus = cudaFree(device); // a field outlives the function
  globalStatus = cudaGetLastError();     // so does a global
  return context.lastStatus == cudaSuccess ? 0 : 3;
}

cudaError_t returnedStatus(float **buffer, size_t count) {
  return cudaMalloc(buffer, count);
}

// Dead stores: the status is kept, then lost.
int deadStores(float *host, size_t count) {
  float *device = nullptr;
  cudaError_t status = cudaMalloc(&device, count); // expected-warning {{the cudaError_t returned by 'cudaMalloc' is stored in 'status' but never read; if the call fails, nothing notices [cuda-unchecked-error]}}
  status = cudaMemcpy(device, host, count, cudaMemcpyHostToDevice); // expected-note {{'status' is overwritten here before it is read}}
  if (status != cudaSuccess)
    return 1;
  cudaError_t unread = cudaFree(device); // expected-warning {{the cudaError_t returned by 'cudaFree' is stored in 'unread' but never read}}
  // expected-note@-1 {{'unread' is not read again before it goes out of scope}}
  return 0;
}

int liveStores(float *host, size_t count) {
  float *device = nullptr;
  cudaError_t status = cudaSuccess; // an initial value, not a call's status
  status = cudaMalloc(&device, count);
  if (status != cudaSuccess)
    return 1;
  for (int i = 0; i < 4; ++i)
    status = cudaMemcpy(device, host, count, cudaMemcpyHostToDevice);
  if (status != cudaSuccess) // read after the loop
    return 2;
  cudaError_t captured = cudaFree(device);
  auto report = [&] { return captured == cudaSuccess; }; // read by reference later
  cudaError_t addressed = cudaDeviceSynchronize();
  checkStatus(*&addressed, "sync");
  [[maybe_unused]] cudaError_t ignored = cudaGetLastError();
  return report() ? 0 : 3;
}

// A GNU statement expression: its last statement is its value.
#define TRY_FREE(p) ({ cudaDeviceSynchronize(); cudaFree(p); })

int statementExpressions(float *device) {
  cudaError_t status = TRY_FREE(device); // expected-warning {{the cudaError_t returned by 'cudaDeviceSynchronize' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaDeviceSynchronize' is declared here}}
  return status == cudaSuccess ? 0 : 1;
}

// A bare completion query flushes the work queued so far to the GPU (the
// Windows WDDM driver batches it); cudaErrorNotReady is its usual answer.
void flushQueuedWork(cudaStream_t stream, cudaEvent_t done) {
  cudaStreamQuery(stream);
  cudaEventQuery(done);
}

// Used in an expression and thrown away, it is a discarded status again.
void queryComparedAndDropped(cudaStream_t stream) {
  cudaStreamQuery(stream) == cudaSuccess; // expected-warning {{the cudaError_t returned by 'cudaStreamQuery' is discarded}} expected-note {{cast the call to 'void'}} expected-note@*:* {{'cudaStreamQuery' is declared here}}
}

// A runtime call's failure is also the runtime's last error: a last-error
// check that follows on every path reads it.
static void checkLastError(const char *where) {
  cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    std::fprintf(stderr, "%s: %s\n", where, cudaGetErrorString(status));
}

void clearedThenCheckedByLastError(float *device, size_t bytes, cudaStream_t stream) {
  cudaMemsetAsync(device, 0, bytes, stream);
  checkLastError("clear");
}

template <typename T> void clearedInTemplate(T *device, size_t n, cudaStream_t stream) {
  cudaMemsetAsync(device, 0, n * sizeof(T), stream);
  checkLastError("clear");
}
template void clearedInTemplate<float>(float *, size_t, cudaStream_t);

void clearedThenCheckedOnOneBranch(float *device, size_t bytes, bool verbose) {
  cudaMemset(device, 0, bytes); // expected-warning {{the cudaError_t returned by 'cudaMemset' is discarded}} expected-note {{cast the call to 'void'}} expected-note@*:* {{'cudaMemset' is declared here}}
  if (verbose)
    checkLastError("clear");
}

// A failed call that makes something leaves it unmade: a stream or buffer
// used before the check reads the error is one that does not exist.
void streamUsedBeforeTheCheck(float *device, size_t bytes) {
  cudaStream_t stream;
  cudaStreamCreate(&stream); // expected-warning {{the cudaError_t returned by 'cudaStreamCreate' is discarded}} expected-note {{cast the call to 'void'}} expected-note@*:* {{'cudaStreamCreate' is declared here}}
  cudaMemsetAsync(device, 0, bytes, stream);
  checkLastError("clear");
}

void bufferUsedBeforeTheCheck(size_t bytes) {
  float *device;
  cudaMalloc(&device, bytes); // expected-warning {{the cudaError_t returned by 'cudaMalloc' is discarded}} expected-note {{cast the call to 'void'}} expected-note@*:* {{'cudaMalloc' is declared here}}
  cudaMemset(device, 0, bytes);
  checkLastError("clear");
  (void)cudaFree(device);
}

void streamCheckedBeforeUse(float *device, size_t bytes) {
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  checkLastError("stream");
  cudaMemsetAsync(device, 0, bytes, stream);
  checkLastError("clear");
  (void)cudaStreamDestroy(stream);
}

// cuBLAS does not record its failures as the runtime's last error.
void cublasThenLastError(cublasHandle_t handle, cudaStream_t stream) {
  cublasSetStream(handle, stream); // expected-warning {{the cublasStatus_t returned by 'cublasSetStream}} expected-note {{cast the call to 'void'}} expected-note@*:* {{is declared here}}
  checkLastError("stream");
}
