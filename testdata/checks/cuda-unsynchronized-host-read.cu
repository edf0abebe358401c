// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read: the host touches memory that device work it
// queued may still be using, or reads a host copy a kernel has outdated.
// Each bug is followed by the clean look-alikes it must not be confused with.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <new>
#include <vector>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

// Reads `in` only, though it is not declared const.
__global__ void count(float *in, int *positive, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0.0f)
    atomicAdd(positive, 1);
}

__global__ void total(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, in[i]);
}

void consume(float *values); // defined in another unit
float *stash;

// ------------------------------------------- managed memory and kernels

float managedReadAfterLaunch(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing; it sees stale data, and no CUDA call or sanitizer reports it [cuda-unsynchronized-host-read]}}
  cudaFree(m);
  return first;
}

float managedReadAfterDeviceSync(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaDeviceSynchronize();
  float first = m[0];
  cudaFree(m);
  return first;
}

float managedReadAfterBlockingCopy(float *d, int n) {
  float *m;
  float last;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  // The legacy default stream runs the copy after the kernel, and the copy
  // holds the host until it is done.
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost);
  float first = m[0];
  cudaFree(m);
  return first + last;
}

float managedReadOnlyByKernels(int n) {
  float *m;
  int *positive;
  float *sumOut;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocManaged(&positive, sizeof(int));
  cudaMallocManaged(&sumOut, sizeof(float));
  count<<<1, 256>>>(m, positive, n);
  total<<<1, 256>>>(m, sumOut, n);
  float first = m[0]; // both kernels only read m
  cudaDeviceSynchronize();
  float result = first + *sumOut + *positive;
  cudaFree(m);
  cudaFree(positive);
  cudaFree(sumOut);
  return result;
}

float managedNeverLaunched(int n) {
  float *m, *other;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocManaged(&other, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  float first = other[0];
  cudaDeviceSynchronize();
  cudaFree(m);
  cudaFree(other);
  return first;
}

float unknownProvenance(float *m, int n) {
  scale<<<1, 256>>>(m, n);
  return m[0]; // where m lives is not known
}

float releaseWaitsForTheDevice(float *d, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaFree(d); // cudaFree waits for the device
  float first = m[0];
  cudaFree(m);
  return first;
}

float memsetDoesNotWait(float *d, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaMemset(d, 0, n * sizeof(float)); // expected-note {{'cudaMemset' of device memory does not wait for the device}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  cudaFree(d);
  return first;
}

float deviceToDeviceCopyDoesNotWait(int n) {
  float *m, *a, *b;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaMemcpy(b, a, n * sizeof(float), cudaMemcpyDeviceToDevice); // expected-note {{'cudaMemcpy' between device buffers does not wait for the device}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  cudaFree(a);
  cudaFree(b);
  return first;
}

bool comparedBeforeSync(const float *want, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  bool same = memcmp(m, want, n * sizeof(float)) == 0; // expected-warning {{'memcmp' reads managed memory that kernel 'scale' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(m);
  return same;
}

void handedToAnotherUnit(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  consume(m); // expected-warning {{'consume' reads managed memory that kernel 'scale' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(m);
}

// A string helper is evaluated without its body (it reaches neither CUDA nor
// tracked memory, and takes a read-only string): what it is handed counts as
// read, as for a call into another unit.
static int countCommas(const char *text) {
  int commas = 0;
  for (; *text; ++text)
    commas += *text == ',';
  return commas;
}

__global__ void writeText(char *text) { text[threadIdx.x] = ','; }

int textReadBySkippedHelper() {
  char *text;
  cudaMallocManaged(&text, 64);
  writeText<<<1, 63>>>(text); // expected-note {{kernel 'writeText' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  int commas = countCommas(text); // expected-warning {{'countCommas' reads managed memory that kernel 'writeText' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(text);
  return commas;
}

void ownershipEscapes(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  stash = m; // whoever reads it later synchronizes first
}

float syncedOnOnePath(bool wait, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{assuming 'wait' is false}} expected-note@+1 {{taking false branch}}
  if (wait)
    cudaDeviceSynchronize();
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float correlatedConditions(bool async, cudaStream_t s, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  if (async)
    scale<<<1, 256, 0, s>>>(m, n);
  else
    scale<<<1, 256>>>(m, n);
  if (async)
    cudaStreamSynchronize(s);
  else
    cudaDeviceSynchronize();
  float first = m[0];
  cudaFree(m);
  return first;
}

float gotoCleanup(int n) {
  float *m;
  float first = 0.0f;
  if (cudaMallocManaged(&m, n * sizeof(float)) != cudaSuccess)
    return 0.0f;
  scale<<<1, 256>>>(m, n);
  if (cudaDeviceSynchronize() != cudaSuccess)
    goto cleanup;
  first = m[0];
cleanup:
  cudaFree(m);
  return first;
}

// ------------------------------------------------------------- streams

float wrongStreamSynchronized(int n) {
  float *m;
  cudaStream_t work, other;
  cudaStreamCreate(&work);
  cudaStreamCreate(&other);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, work>>>(m, n); // expected-note {{kernel 'scale' is queued on stream 'work' and may write managed memory}}
  cudaStreamSynchronize(other); // expected-note {{'cudaStreamSynchronize' waits for stream 'other', not stream 'work'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float rightStreamSynchronized(int n) {
  float *m;
  cudaStream_t work, other;
  cudaStreamCreate(&work);
  cudaStreamCreate(&other);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, work>>>(m, n);
  cudaStreamSynchronize(other);
  cudaStreamSynchronize(work);
  float first = m[0];
  cudaFree(m);
  return first;
}

float nonBlockingStreamAndLegacySync(int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n); // expected-note {{kernel 'scale' is queued on non-blocking stream 's' and may write managed memory}}
  cudaStreamSynchronize(0); // expected-note {{'cudaStreamSynchronize' waits for the legacy default stream, which does not wait for non-blocking stream 's'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float blockingStreamAndBlockingCopy(float *d, int n) {
  float *m;
  float last;
  cudaStream_t s;
  cudaStreamCreate(&s); // a blocking stream: the legacy default stream waits for it
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n);
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost);
  float first = m[0];
  cudaFree(m);
  return first + last;
}

float perThreadStreamSynchronized(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, cudaStreamPerThread>>>(m, n);
  cudaStreamSynchronize(cudaStreamPerThread);
  float first = m[0];
  cudaFree(m);
  return first;
}

float perThreadStreamAndOtherStream(cudaStream_t s, int n) {
  float *m;
  cudaStream_t mine;
  cudaStreamCreateWithFlags(&mine, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, cudaStreamPerThread>>>(m, n); // expected-note {{kernel 'scale' is queued on the per-thread default stream and may write managed memory}}
  cudaStreamSynchronize(mine); // expected-note {{'cudaStreamSynchronize' waits for non-blocking stream 'mine', not the per-thread default stream}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

// ---------------------------------------------------- events and polls

float eventRecordedBeforeLaunch(int n) {
  float *m;
  cudaEvent_t done;
  cudaStream_t s;
  cudaEventCreate(&done);
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaEventRecord(done, s);
  scale<<<1, 256, 0, s>>>(m, n); // expected-note {{kernel 'scale' is queued on stream 's' and may write managed memory}}
  cudaEventSynchronize(done); // expected-note {{'cudaEventSynchronize' waits for an event recorded before kernel 'scale' was queued}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float eventRecordedAfterLaunch(int n) {
  float *m;
  cudaEvent_t done;
  cudaStream_t s;
  cudaEventCreate(&done);
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n);
  cudaEventRecord(done, s);
  cudaEventSynchronize(done);
  float first = m[0];
  cudaFree(m);
  return first;
}

float streamWaitEventDoesNotBlockTheHost(int n) {
  float *m;
  cudaEvent_t done;
  cudaStream_t producer, consumer;
  cudaEventCreate(&done);
  cudaStreamCreate(&producer);
  cudaStreamCreate(&consumer);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, producer>>>(m, n); // expected-note {{kernel 'scale' is queued on stream 'producer' and may write managed memory}}
  cudaEventRecord(done, producer);
  cudaStreamWaitEvent(consumer, done, 0); // expected-note {{'cudaStreamWaitEvent' makes a stream wait on the device; the host does not wait}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float pollUntilDone(int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n);
  while (cudaStreamQuery(s) == cudaErrorNotReady) {
  }
  float first = m[0];
  cudaFree(m);
  return first;
}

float pollUntilSuccess(int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n);
  while (cudaStreamQuery(s) != cudaSuccess) {
  }
  float first = m[0];
  cudaFree(m);
  return first;
}

float eventPolledOnce(int n) {
  float *m;
  cudaEvent_t done;
  cudaEventCreate(&done);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaEventRecord(done, 0);
  float first = 0.0f;
  if (cudaEventQuery(done) == cudaSuccess)
    first = m[0];
  cudaDeviceSynchronize();
  cudaFree(m);
  return first;
}

float readWhileNotReady(int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n); // expected-note {{kernel 'scale' is queued on stream 's' and may write managed memory}}
  float first = 0.0f;
  // expected-note@+2 {{'cudaStreamQuery' finds kernel 'scale' still running on this path}}
  // expected-note@+1 {{taking true branch}}
  if (cudaStreamQuery(s) == cudaErrorNotReady)
    first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}} expected-note {{read before the work is known to be complete}}
  cudaStreamSynchronize(s);
  cudaFree(m);
  return first;
}

// ------------------------------------------ async copies and pinned memory

float asyncDownloadReadEarly(const float *d, int n) {
  float *h;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMallocHost(&h, n * sizeof(float));
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s); // expected-note {{'cudaMemcpyAsync' is queued on non-blocking stream 's' and writes pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing; it sees stale data, and no CUDA call or sanitizer reports it}}
  cudaStreamSynchronize(s);
  cudaFreeHost(h);
  return first;
}

float asyncDownloadAfterBlockingCopy(const float *d, float *other, int n) {
  float *h;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMallocHost(&h, n * sizeof(float));
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s); // expected-note {{'cudaMemcpyAsync' is queued on non-blocking stream 's' and writes pinned host memory}}
  cudaMemcpy(other, d, sizeof(float), cudaMemcpyDeviceToDevice); // expected-note {{'cudaMemcpy' between device buffers does not wait for the device}}
  cudaMemcpy(other, d, sizeof(float), cudaMemcpyDeviceToHost); // expected-note {{'cudaMemcpy' waits for the legacy default stream, which does not wait for non-blocking stream 's'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  std::printf("%f\n", h[0]); // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing}}
  cudaStreamSynchronize(s);
  cudaFreeHost(h);
  return 0.0f;
}

float asyncDownloadSynchronized(const float *d, int n) {
  float *h;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMallocHost(&h, n * sizeof(float));
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  float first = h[0];
  cudaFreeHost(h);
  return first;
}

float asyncDownloadToPageable(const float *d, cudaStream_t s, int n) {
  float *h = new float[n];
  // Into pageable memory the copy returns once it is done.
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  float first = h[0];
  delete[] h;
  return first;
}

// A container whose allocator pins its storage holds pinned memory: the copy
// into it returns at once, as into cudaMallocHost's.
template <typename T> struct PinnedAllocator {
  using value_type = T;
  T *allocate(size_t n) {
    T *p = nullptr;
    if (cudaMallocHost(&p, n * sizeof(T)) != cudaSuccess)
      throw std::bad_alloc();
    return p;
  }
  void deallocate(T *p, size_t) { cudaFreeHost(p); }
};

float asyncDownloadIntoPinnedVectorReadEarly(const float *d, int n) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  std::vector<float, PinnedAllocator<float>> result(n);
  float *h = result.data();
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s); // expected-note {{'cudaMemcpyAsync' is queued on non-blocking stream 's' and writes pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing}}
  cudaStreamSynchronize(s);
  return first;
}

float asyncDownloadIntoVectorReadAtOnce(const float *d, cudaStream_t s, int n) {
  std::vector<float> result(n);
  float *h = result.data();
  // Into std::allocator's pageable memory the copy returns once it is done.
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  return h[0];
}

void asyncUploadSourceRefilled(float *d, cudaStream_t stream, int n) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  h[0] = 1.0f;
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, stream); // expected-note {{'cudaMemcpyAsync' is queued on stream 'stream' and reads pinned host memory}}
  // expected-note@+1 {{written before the work is known to be complete}}
  h[0] = 2.0f; // expected-warning {{the host writes pinned host memory that 'cudaMemcpyAsync' may still be reading; the device may see the old values or the new, and no CUDA call or sanitizer reports it}}
  cudaStreamSynchronize(stream);
  cudaFreeHost(h);
}

void asyncUploadSourceRefilledAfterSync(float *d, cudaStream_t stream, int n) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  h[0] = 1.0f;
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaStreamSynchronize(stream);
  h[0] = 2.0f;
  cudaFreeHost(h);
}

float asyncSetReadEarly(cudaStream_t stream, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMemsetAsync(m, 0, n * sizeof(float), stream); // expected-note {{'cudaMemsetAsync' is queued on stream 'stream' and writes managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that 'cudaMemsetAsync' may still be writing}}
  cudaFree(m);
  return first;
}

float mappedWrittenByKernel(int n) {
  float *h, *dh;
  cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&dh, h, 0);
  scale<<<1, 256>>>(dh, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write mapped pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads mapped pinned host memory that kernel 'scale' may still be writing}}
  cudaFreeHost(h);
  return first;
}

float mappedWrittenByKernelSynchronized(int n) {
  float *h, *dh;
  cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&dh, h, 0);
  scale<<<1, 256>>>(dh, n);
  cudaDeviceSynchronize();
  float first = h[0];
  cudaFreeHost(h);
  return first;
}

// ---------------------------------------------------- stale host copies

// The seeds' classic: the results are still on the device.
float staleHostCopy() {
  float h[100] = {};
  float *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice); // expected-note {{'cudaMemcpy' copies 'h' into 'd'}}
  scale<<<1, 100>>>(d, 100); // expected-note {{kernel 'scale' may change 'd'; nothing copies it back into 'h'}}
  cudaDeviceSynchronize();
  // expected-note@+1 {{the stale copy is read here}}
  float first = h[0]; // expected-warning {{'h' is a stale host copy of 'd', which kernel 'scale' may have changed; the host reads the values copied in, not the device's results [cuda-unsynchronized-host-read]}}
  cudaFree(d);
  return first;
}

void staleHostCopyWritten(FILE *out, int n) {
  float *h = new float[n]();
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice); // expected-note {{'cudaMemcpy' copies 'h' into 'd'}}
  scale<<<1, 256>>>(d, n); // expected-note {{kernel 'scale' may change 'd'; nothing copies it back into 'h'}}
  // expected-note@+1 {{the stale copy is read here}}
  fwrite(h, sizeof(float), n, out); // expected-warning {{'h' is a stale host copy of 'd', which kernel 'scale' may have changed; 'fwrite' reads the values copied in, not the device's results}}
  cudaFree(d);
  delete[] h;
}

float resultsCopiedBack() {
  float h[100] = {};
  float *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  scale<<<1, 100>>>(d, 100);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  float first = h[0];
  cudaFree(d);
  return first;
}

bool inputKeptToCompare(int n) {
  float *in = new float[n]();
  float *out = new float[n];
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, in, n * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<1, 256>>>(d, n);
  cudaMemcpy(out, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  bool doubled = out[0] == 2.0f * in[0];
  cudaFree(d);
  delete[] in;
  delete[] out;
  return doubled;
}

float kernelOnlyReadsTheCopy(int n) {
  float h[64] = {};
  float *d, *sumOut;
  cudaMalloc(&d, sizeof(h));
  cudaMallocManaged(&sumOut, sizeof(float));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  total<<<1, 64>>>(d, sumOut, 64);
  cudaDeviceSynchronize();
  float mean = *sumOut / 64 + h[0];
  cudaFree(d);
  cudaFree(sumOut);
  return mean;
}

// An alias of a kernel that writes its argument: the host reads too early.
int managedWrittenByAnAliasedKernel(int n) {
  float *m;
  int *positive;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocManaged(&positive, sizeof(int));
  auto kernel = count;
  kernel<<<1, 256>>>(m, positive, n); // expected-note {{kernel 'count' is queued on the legacy default stream and may write managed memory}}
  int result = *positive; // expected-warning {{the host reads managed memory that kernel 'count' may still be writing}} expected-note {{read before the work is known to be complete}}
  cudaDeviceSynchronize();
  cudaFree(m);
  cudaFree(positive);
  return result;
}

// The kernel behind an alias or a function pointer is the kernel: `m` and
// the host copy are only read.
float managedReadByAnAliasedKernel(int n) {
  float *m, *sumOut;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocManaged(&sumOut, sizeof(float));
  auto kernel = total;
  kernel<<<1, 256>>>(m, sumOut, n);
  float first = m[0];
  cudaDeviceSynchronize();
  float result = first + *sumOut;
  cudaFree(m);
  cudaFree(sumOut);
  return result;
}

float copyReadThroughAFunctionPointer(void (*reduce)(const float *, float *, int)) {
  float h[64] = {};
  float *d, *sumOut;
  cudaMalloc(&d, sizeof(h));
  cudaMallocManaged(&sumOut, sizeof(float));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  reduce<<<1, 64>>>(d, sumOut, 64);
  cudaDeviceSynchronize();
  float mean = *sumOut / 64 + h[0];
  cudaFree(d);
  cudaFree(sumOut);
  return mean;
}

float hostRefillsItsCopy(int n) {
  float h[64] = {};
  float *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  scale<<<1, 64>>>(d, 64);
  memset(h, 0, sizeof(h)); // the host starts over with its own data
  h[0] = 3.0f;
  float first = h[0];
  cudaFree(d);
  return first;
}

// ------------------------------------------- memory shared on purpose
// A kernel that waits for the host to release it through a volatile flag,
// and system-scope atomics on managed memory: the host is meant to touch the
// memory while the kernel runs.

__global__ void waitForRelease(volatile int *flag) {
  while (!*flag) {
  }
}

__global__ void countOnDevice(int *counter) { atomicAdd_system(counter, 1); }

void hostReleasesASpinningKernel(cudaStream_t stream) {
  volatile int *flag = nullptr;
  cudaHostAlloc((void **)&flag, sizeof(int), cudaHostAllocPortable);
  *flag = 0;
  waitForRelease<<<1, 1, 0, stream>>>(flag);
  *flag = 1; // the kernel spins until this store
  cudaStreamSynchronize(stream);
  cudaFreeHost((void *)flag);
}

int hostAndDeviceCountTogether() {
  int *counter = nullptr;
  cudaMallocManaged(&counter, sizeof(int));
  *counter = 0;
  countOnDevice<<<1, 32>>>(counter);
  __sync_fetch_and_add(counter, 10); // system-scope atomics on both sides
  cudaDeviceSynchronize();
  int total = *counter;
  cudaFree(counter);
  return total;
}

int plainReadBesideAtomics() {
  int *counter = nullptr;
  cudaMallocManaged(&counter, sizeof(int));
  *counter = 0;
  countOnDevice<<<1, 32>>>(counter); // expected-note {{kernel 'countOnDevice' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  int early = *counter; // expected-warning {{reads managed memory that kernel 'countOnDevice' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(counter);
  return early;
}

int compareAndSwapLoopBesideTheKernel() {
  int *counter = nullptr;
  cudaMallocManaged(&counter, 2 * sizeof(int));
  counter[0] = counter[1] = 0;
  countOnDevice<<<1, 32>>>(counter);
  __sync_fetch_and_add(&counter[1], 1);
  int expected, old;
  do {
    expected = counter[0]; // read, then validated by the compare-and-swap
    old = __sync_val_compare_and_swap(&counter[0], expected, expected + 1);
  } while (old != expected);
  cudaDeviceSynchronize();
  int total = counter[0];
  cudaFree(counter);
  return total;
}

// A reference computed from the input by a function the copier calls: the
// input is what it needs, whatever the kernel did to the device copy.
static float sumOnHost(const float *values, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += values[i];
  return sum;
}

float referenceFromTheInputInAHelper(int n) {
  float *h = new float[n]();
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<1, 256>>>(d, n);
  cudaDeviceSynchronize();
  float reference = sumOnHost(h, n);
  cudaFree(d);
  delete[] h;
  return reference;
}
