// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read under `nvcc --default-stream per-thread`: a
// launch without a stream, and stream 0, go to the per-thread default stream.
// It is a blocking stream: blocking copies on it wait for the legacy default
// stream, but not for created streams, nor for non-blocking ones.
#define CUDA_API_PER_THREAD_DEFAULT_STREAM 1
#include <cuda_runtime.h>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

float defaultStreamIsPerThread(int n) {
  float *m;
  cudaStream_t mine;
  cudaStreamCreateWithFlags(&mine, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the per-thread default stream and may write managed memory}}
  cudaStreamSynchronize(mine); // expected-note {{'cudaStreamSynchronize' waits for non-blocking stream 'mine', not the per-thread default stream}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float streamZeroIsPerThread(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaStreamSynchronize(0);
  float first = m[0];
  cudaFree(m);
  return first;
}

float explicitPerThreadHandle(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaStreamSynchronize(cudaStreamPerThread);
  float first = m[0];
  cudaFree(m);
  return first;
}

float blockingCopyWaitsForPerThread(float *d, int n) {
  float *m;
  float last;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost);
  float first = m[0];
  cudaFree(m);
  return first + last;
}

float blockingCopyDoesNotWaitForCreatedStream(float *d, int n) {
  float *m;
  float last;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, s>>>(m, n); // expected-note {{kernel 'scale' is queued on stream 's' and may write managed memory}}
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost); // expected-note {{'cudaMemcpy' waits for the per-thread default stream, which does not wait for stream 's'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first + last;
}

float legacyWorkWaitedForByPerThreadCopy(float *d, int n) {
  float *m;
  float last;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, cudaStreamLegacy>>>(m, n);
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost);
  float first = m[0];
  cudaFree(m);
  return first + last;
}

// Waiting for the per-thread default stream waits for the legacy default
// stream's work only through work queued on it afterwards.
float legacyWorkNotWaitedForByPerThreadSync(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, cudaStreamLegacy>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaStreamSynchronize(cudaStreamPerThread); // expected-note {{'cudaStreamSynchronize' waits for the per-thread default stream, on which nothing was queued after kernel 'scale'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float legacyWorkBeforePerThreadWork(float *d, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256, 0, cudaStreamLegacy>>>(m, n);
  scale<<<1, 256>>>(d, n);
  cudaStreamSynchronize(cudaStreamPerThread);
  float first = m[0];
  cudaFree(m);
  return first;
}
