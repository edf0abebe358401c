// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read between streams: work queued on one stream
// uses memory that work of another stream, queued earlier, may still be
// writing (or reading, when the later work writes), and nothing orders the
// two — no event the later stream waits for, no host wait for the earlier
// stream, no legacy default stream between them. Each racy program is
// followed by its ordered twin.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = float(i);
}

__global__ void consume(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
}

void joinStreams(cudaStream_t later, cudaStream_t earlier); // defined elsewhere

void kernelsOnTwoStreams(float *out, int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n); // expected-note {{kernel 'produce' is queued on non-blocking stream 'a' and may write device memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  consume<<<1, 256, 0, b>>>(d, out, n); // expected-warning {{kernel 'consume' on non-blocking stream 'b' reads device memory that kernel 'produce' on non-blocking stream 'a' may still be writing; nothing orders the two streams, so it may read old or partial data}}
  cudaDeviceSynchronize();
  cudaFree(d);
}

void kernelsOrderedByAnEvent(float *out, int n) {
  float *d;
  cudaStream_t a, b;
  cudaEvent_t produced;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaEventCreateWithFlags(&produced, cudaEventDisableTiming);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n);
  cudaEventRecord(produced, a);
  cudaStreamWaitEvent(b, produced, 0);
  consume<<<1, 256, 0, b>>>(d, out, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

void eventRecordedTooEarly(float *out, int n) {
  float *d;
  cudaStream_t a, b;
  cudaEvent_t produced;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaEventCreateWithFlags(&produced, cudaEventDisableTiming);
  cudaMalloc(&d, n * sizeof(float));
  cudaEventRecord(produced, a);
  produce<<<1, 256, 0, a>>>(d, n); // expected-note {{kernel 'produce' is queued on non-blocking stream 'a' and may write device memory}}
  cudaStreamWaitEvent(b, produced, 0); // expected-note {{'cudaStreamWaitEvent' makes a stream wait on the device; the host does not wait}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  consume<<<1, 256, 0, b>>>(d, out, n); // expected-warning {{kernel 'consume' on non-blocking stream 'b' reads device memory that kernel 'produce' on non-blocking stream 'a' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(d);
}

void uploadOnOneStreamUsedOnAnother(const float *host, float *out, int n) {
  float *d;
  cudaStream_t copies, compute;
  cudaStreamCreate(&copies);
  cudaStreamCreate(&compute);
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpyAsync(d, host, n * sizeof(float), cudaMemcpyHostToDevice, copies); // expected-note {{'cudaMemcpyAsync' is queued on stream 'copies' and writes device memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  consume<<<1, 256, 0, compute>>>(d, out, n); // expected-warning {{kernel 'consume' on stream 'compute' reads device memory that 'cudaMemcpyAsync' on stream 'copies' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(d);
}

void uploadWaitedForByTheHost(const float *host, float *out, int n) {
  float *d;
  cudaStream_t copies, compute;
  cudaStreamCreate(&copies);
  cudaStreamCreate(&compute);
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpyAsync(d, host, n * sizeof(float), cudaMemcpyHostToDevice, copies);
  cudaStreamSynchronize(copies);
  consume<<<1, 256, 0, compute>>>(d, out, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// Two blocking streams do not wait for each other; a launch on the legacy
// default stream between them orders them.
void legacyLaunchOrdersTwoBlockingStreams(float *out, float *scratch, int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n);
  produce<<<1, 256>>>(scratch, n);
  consume<<<1, 256, 0, b>>>(d, out, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

void legacyWorkThenNonBlockingStream(float *out, int n) {
  float *d;
  cudaStream_t b;
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256>>>(d, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write device memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  consume<<<1, 256, 0, b>>>(d, out, n); // expected-warning {{kernel 'consume' on non-blocking stream 'b' reads device memory that kernel 'produce' on the legacy default stream may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(d);
}

void legacyWorkThenBlockingStream(float *out, int n) {
  float *d;
  cudaStream_t b;
  cudaStreamCreate(&b);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256>>>(d, n);
  consume<<<1, 256, 0, b>>>(d, out, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// A clear queued on another stream while a kernel still reads the buffer.
void clearWhileStillRead(float *out, int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  cudaMemset(d, 0, n * sizeof(float));
  cudaDeviceSynchronize();
  consume<<<1, 256, 0, a>>>(d, out, n); // expected-note {{kernel 'consume' is queued on non-blocking stream 'a' and reads device memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  cudaMemsetAsync(d, 0, n * sizeof(float), b); // expected-warning {{'cudaMemsetAsync' on non-blocking stream 'b' writes device memory that kernel 'consume' on non-blocking stream 'a' may still be reading; nothing orders the two streams, so the earlier work may read the new values}}
  cudaDeviceSynchronize();
  cudaFree(d);
}

void twoReadersNeedNoOrder(float *out, float *other, int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  cudaMemset(d, 0, n * sizeof(float));
  cudaDeviceSynchronize();
  consume<<<1, 256, 0, a>>>(d, out, n);
  consume<<<1, 256, 0, b>>>(d, other, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// A chunk per stream: each kernel is given its own part of the buffer.
void oneChunkPerStream(int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, 2 * n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n);
  produce<<<1, 256, 0, b>>>(d + n, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// Streams the function is given may be one stream.
void streamsOfUnknownOrigin(cudaStream_t a, cudaStream_t b, float *out, int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n);
  consume<<<1, 256, 0, b>>>(d, out, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// A function the analysis does not see may make one stream wait for the
// other.
void joinedElsewhere(float *out, int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n);
  joinStreams(b, a);
  consume<<<1, 256, 0, b>>>(d, out, n);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// The driver API: a download into pinned memory on one stream, and an upload
// from it on another.
void driverDownloadThenUploadOnAnotherStream(CUdeviceptr from, CUdeviceptr to, size_t bytes) {
  float *h;
  CUstream a, b;
  cuStreamCreate(&a, CU_STREAM_NON_BLOCKING);
  cuStreamCreate(&b, CU_STREAM_NON_BLOCKING);
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, from, bytes, a); // expected-note {{'cuMemcpyDtoHAsync' is queued on non-blocking stream 'a' and writes pinned host memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  cuMemcpyHtoDAsync(to, h, bytes, b); // expected-warning {{'cuMemcpyHtoDAsync' on non-blocking stream 'b' reads pinned host memory that 'cuMemcpyDtoHAsync' on non-blocking stream 'a' may still be writing; nothing orders the two streams, so it may read old or partial data}}
  cuCtxSynchronize();
  cuMemFreeHost(h);
}

void driverUploadAfterTheDownloadsStream(CUdeviceptr from, CUdeviceptr to, size_t bytes) {
  float *h;
  CUstream a, b;
  cuStreamCreate(&a, CU_STREAM_NON_BLOCKING);
  cuStreamCreate(&b, CU_STREAM_NON_BLOCKING);
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, from, bytes, a);
  cuStreamSynchronize(a);
  cuMemcpyHtoDAsync(to, h, bytes, b);
  cuCtxSynchronize();
  cuMemFreeHost(h);
}

// Host memory allocated while device work is queued: `new` is a call the
// analysis sees without argument expressions (it once crashed the check).
float *stagingWhileWorkIsQueued(float *out, int n) {
  float *d;
  cudaStream_t a;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n);
  float *staging = new float[n];
  consume<<<1, 256, 0, a>>>(d, out, n);
  cudaStreamSynchronize(a);
  cudaFree(d);
  return staging;
}

void twoWritersOnTwoStreams(int n) {
  float *d;
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, 256, 0, a>>>(d, n); // expected-note {{kernel 'produce' is queued on non-blocking stream 'a' and may write device memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  produce<<<1, 256, 0, b>>>(d, n); // expected-warning {{kernel 'produce' on non-blocking stream 'b' may write device memory that kernel 'produce' on non-blocking stream 'a' may still be writing; nothing orders the two streams, so which values remain depends on which finishes last}}
  cudaDeviceSynchronize();
  cudaFree(d);
}

// The driver API's device addresses are integers (CUdeviceptr); the memory
// behind them is followed the same way.
float driverDeviceAddressOnTwoStreams(const float *input, size_t bytes) {
  CUdeviceptr d;
  float *back;
  CUstream a, b;
  cuMemAllocHost((void **)&back, bytes);
  cuMemAlloc(&d, bytes);
  cuStreamCreate(&a, CU_STREAM_NON_BLOCKING);
  cuStreamCreate(&b, CU_STREAM_NON_BLOCKING);
  cuMemcpyHtoDAsync(d, input, bytes, a); // expected-note {{'cuMemcpyHtoDAsync' is queued on non-blocking stream 'a' and writes device memory}}
  // expected-note@+1 {{queued before the other stream's work is known to be complete}}
  cuMemcpyDtoHAsync(back, d, bytes, b); // expected-warning {{'cuMemcpyDtoHAsync' on non-blocking stream 'b' reads device memory that 'cuMemcpyHtoDAsync' on non-blocking stream 'a' may still be writing; nothing orders the two streams, so it may read old or partial data}}
  cuStreamSynchronize(a);
  cuStreamSynchronize(b);
  float first = back[0];
  cuMemFree(d);
  cuMemFreeHost(back);
  return first;
}

float driverDeviceAddressAfterTheStream(const float *input, size_t bytes) {
  CUdeviceptr d;
  float *back;
  CUstream a, b;
  cuMemAllocHost((void **)&back, bytes);
  cuMemAlloc(&d, bytes);
  cuStreamCreate(&a, CU_STREAM_NON_BLOCKING);
  cuStreamCreate(&b, CU_STREAM_NON_BLOCKING);
  cuMemcpyHtoDAsync(d, input, bytes, a);
  cuStreamSynchronize(a);
  cuMemcpyDtoHAsync(back, d, bytes, b);
  cuStreamSynchronize(b);
  float first = back[0];
  cuMemFree(d);
  cuMemFreeHost(back);
  return first;
}

// A chunk per stream, at known offsets.
void driverDeviceAddressInChunks(const float *input) {
  CUdeviceptr d;
  CUstream a, b;
  cuMemAlloc(&d, 2048);
  cuStreamCreate(&a, CU_STREAM_NON_BLOCKING);
  cuStreamCreate(&b, CU_STREAM_NON_BLOCKING);
  cuMemcpyHtoDAsync(d, input, 1024, a);
  cuMemcpyHtoDAsync(d + 1024, input, 1024, b);
  cuStreamSynchronize(a);
  cuStreamSynchronize(b);
  cuMemFree(d);
}
