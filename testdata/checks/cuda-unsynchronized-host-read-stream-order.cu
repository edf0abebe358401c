// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read and the device's own ordering of streams:
// waiting for one stream completes the work of another that its work waited
// for. An action on the legacy default stream waits for the earlier work of
// every blocking stream, and a blocking stream's next work waits for it
// (non-blocking streams take no part); a stream that waited for an event
// waits for the work the event was recorded behind. Each racy program is
// followed by its synchronised twin.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

// The legacy default stream's kernel finishes before the blocking stream's
// starts: waiting for `s` waits for both.
float legacyWorkBeforeBlockingStream(float *d, int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  scale<<<1, 256, 0, s>>>(d, n);
  cudaStreamSynchronize(s);
  float first = m[0];
  cudaFree(m);
  return first;
}

float legacyWorkBeforeNonBlockingStream(float *d, int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  scale<<<1, 256, 0, s>>>(d, n);
  cudaStreamSynchronize(s); // expected-note {{'cudaStreamSynchronize' waits for non-blocking stream 's', not the legacy default stream}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

// Queued after the blocking stream's last work, the legacy kernel is not
// waited for by it.
float legacyWorkAfterBlockingStream(float *d, int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(d, n);
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaStreamSynchronize(s); // expected-note {{'cudaStreamSynchronize' waits for stream 's', on which nothing was queued after kernel 'scale'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float legacyWorkWaitedForByTheNextBlockingWork(float *d, int n) {
  float *m;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(d, n);
  scale<<<1, 256>>>(m, n);
  scale<<<1, 256, 0, s>>>(d, n);
  cudaStreamSynchronize(s);
  float first = m[0];
  cudaFree(m);
  return first;
}

// A chain: `second`'s kernel waits for the legacy kernel, which waited for
// `first`'s.
float blockingStreamsChainedThroughLegacy(float *d, int n) {
  float *m;
  cudaStream_t first, second;
  cudaStreamCreate(&first);
  cudaStreamCreate(&second);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, first>>>(m, n);
  scale<<<1, 256>>>(d, n);
  scale<<<1, 256, 0, second>>>(d, n);
  cudaStreamSynchronize(second);
  float value = m[0];
  cudaFree(m);
  return value;
}

float nonBlockingStreamBreaksTheChain(float *d, int n) {
  float *m;
  cudaStream_t first, second;
  cudaStreamCreateWithFlags(&first, cudaStreamNonBlocking);
  cudaStreamCreate(&second);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, first>>>(m, n); // expected-note {{kernel 'scale' is queued on non-blocking stream 'first' and may write managed memory}}
  scale<<<1, 256>>>(d, n);
  scale<<<1, 256, 0, second>>>(d, n);
  cudaStreamSynchronize(second); // expected-note {{'cudaStreamSynchronize' waits for stream 'second', not non-blocking stream 'first'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float value = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return value;
}

// A set of device memory returns to the host at once, but it is an action on
// the legacy default stream like a launch.
float blockingSetLinksTwoStreams(float *d, int n) {
  float *m;
  cudaStream_t first, second;
  cudaStreamCreate(&first);
  cudaStreamCreate(&second);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, first>>>(m, n);
  cudaMemset(d, 0, n * sizeof(float));
  scale<<<1, 256, 0, second>>>(d, n);
  cudaStreamSynchronize(second);
  float value = m[0];
  cudaFree(m);
  return value;
}

// An event recorded on a blocking stream completes after the legacy work
// queued before it.
float eventOnBlockingStreamAfterLegacyWork(int n) {
  float *m;
  cudaStream_t s;
  cudaEvent_t done;
  cudaStreamCreate(&s);
  cudaEventCreate(&done);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaEventRecord(done, s);
  cudaEventSynchronize(done);
  float first = m[0];
  cudaFree(m);
  return first;
}

float eventOnNonBlockingStreamAfterLegacyWork(int n) {
  float *m;
  cudaStream_t s;
  cudaEvent_t done;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEventCreate(&done);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaEventRecord(done, s);
  cudaEventSynchronize(done); // expected-note {{'cudaEventSynchronize' waits for an event recorded on non-blocking stream 's', not on the legacy default stream}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

// The consumer stream waits for the producer's event on the device; waiting
// for the consumer on the host then waits for the producer's work too.
float consumerWaitedForAfterStreamWaitEvent(float *d, int n) {
  float *m;
  cudaEvent_t done;
  cudaStream_t producer, consumer;
  cudaEventCreate(&done);
  cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, producer>>>(m, n);
  cudaEventRecord(done, producer);
  cudaStreamWaitEvent(consumer, done, 0);
  scale<<<1, 256, 0, consumer>>>(d, n);
  cudaStreamSynchronize(consumer);
  float first = m[0];
  cudaFree(m);
  return first;
}

// The wait itself is work of the consumer stream.
float consumerWithOnlyTheWait(int n) {
  float *m;
  cudaEvent_t done;
  cudaStream_t producer, consumer;
  cudaEventCreate(&done);
  cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, producer>>>(m, n);
  cudaEventRecord(done, producer);
  cudaStreamWaitEvent(consumer, done, 0);
  cudaStreamSynchronize(consumer);
  float first = m[0];
  cudaFree(m);
  return first;
}

float producerWorkAfterTheRecord(float *d, int n) {
  float *m;
  cudaEvent_t done;
  cudaStream_t producer, consumer;
  cudaEventCreate(&done);
  cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, producer>>>(d, n);
  cudaEventRecord(done, producer);
  scale<<<1, 256, 0, producer>>>(m, n); // expected-note {{kernel 'scale' is queued on non-blocking stream 'producer' and may write managed memory}}
  cudaStreamWaitEvent(consumer, done, 0); // expected-note {{'cudaStreamWaitEvent' makes a stream wait on the device; the host does not wait}}
  scale<<<1, 256, 0, consumer>>>(d, n);
  cudaStreamSynchronize(consumer); // expected-note {{'cudaStreamSynchronize' waits for non-blocking stream 'consumer', not non-blocking stream 'producer'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

// The driver API: stream 0 is the legacy default stream there too.
float driverLegacyCopyBeforeBlockingStream(CUdeviceptr d, CUdeviceptr other, size_t bytes) {
  float *h;
  CUstream s;
  cuStreamCreate(&s, CU_STREAM_DEFAULT);
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, d, bytes, 0);
  cuMemsetD8Async(other, 0, bytes, s);
  cuStreamSynchronize(s);
  float first = h[0];
  cuMemFreeHost(h);
  return first;
}

float driverLegacyCopyBeforeNonBlockingStream(CUdeviceptr d, CUdeviceptr other, size_t bytes) {
  float *h;
  CUstream s;
  cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, d, bytes, 0); // expected-note {{'cuMemcpyDtoHAsync' is queued on the legacy default stream and writes pinned host memory}}
  cuMemsetD8Async(other, 0, bytes, s);
  cuStreamSynchronize(s); // expected-note {{'cuStreamSynchronize' waits for non-blocking stream 's', not the legacy default stream}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cuMemcpyDtoHAsync' may still be writing}}
  cuMemFreeHost(h);
  return first;
}
