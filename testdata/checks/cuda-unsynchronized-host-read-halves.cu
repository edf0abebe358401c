// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read and parts of one allocation: work queued on
// one half of a buffer (double buffering: a copy or a kernel fills half B
// while the host reads half A) is no race with the other half. The check
// keeps each piece of work with the bytes it touches, where their offsets are
// known: a copy or set of a known size touches [start, start + size), a
// kernel anything from the pointer it is given onwards.
#include <cuda_runtime.h>

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = float(i);
}

constexpr int Half = 1024;

// ---------------------------------------------------------------- races

// The download into the second half is in flight; the host reads it.
float readsTheHalfInFlight(const float *d, cudaStream_t s) {
  float *h;
  cudaMallocHost(&h, 2 * Half * sizeof(float));
  cudaMemcpyAsync(h + Half, d, Half * sizeof(float), cudaMemcpyDeviceToHost, s); // expected-note {{'cudaMemcpyAsync' is queued on stream 's' and writes pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[Half]; // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing; it sees stale data, and no CUDA call or sanitizer reports it [cuda-unsynchronized-host-read]}}
  cudaStreamSynchronize(s);
  cudaFreeHost(h);
  return first;
}

// A kernel given the first half may reach past it: reading the second half
// while it runs is a race.
float kernelOnTheFirstHalf(int n) {
  float *m;
  cudaMallocManaged(&m, 2 * Half * sizeof(float));
  fill<<<8, 256>>>(m, n); // expected-note {{kernel 'fill' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float last = m[2 * Half - 1]; // expected-warning {{the host reads managed memory that kernel 'fill' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(m);
  return last;
}

// Both halves are in flight on two streams; only the first stream is waited
// for, and the host reads the second half.
float secondStreamNotAwaited(const float *d) {
  cudaStream_t first, second;
  cudaStreamCreateWithFlags(&first, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&second, cudaStreamNonBlocking);
  float *h;
  cudaMallocHost(&h, 2 * Half * sizeof(float));
  cudaMemcpyAsync(h, d, Half * sizeof(float), cudaMemcpyDeviceToHost, first);
  cudaMemcpyAsync(h + Half, d + Half, Half * sizeof(float), cudaMemcpyDeviceToHost, second); // expected-note {{'cudaMemcpyAsync' is queued on non-blocking stream 'second' and writes pinned host memory}}
  cudaStreamSynchronize(first); // expected-note {{'cudaStreamSynchronize' waits for non-blocking stream 'first', not non-blocking stream 'second'}}
  float a = h[0];
  // expected-note@+1 {{read before the work is known to be complete}}
  float b = h[Half + 7]; // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing}}
  cudaStreamSynchronize(second);
  cudaFreeHost(h);
  cudaStreamDestroy(first);
  cudaStreamDestroy(second);
  return a + b;
}

// ---------------------------------------------------------------- not races

// Double buffering: the download fills half B while the host sums half A.
float sumsTheOtherHalf(const float *d, cudaStream_t s) {
  float *h;
  cudaMallocHost(&h, 2 * Half * sizeof(float));
  cudaMemcpy(h, d, Half * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpyAsync(h + Half, d + Half, Half * sizeof(float), cudaMemcpyDeviceToHost, s);
  float sum = 0.0f;
  for (int i = 0; i < Half; ++i)
    sum += h[i];
  cudaStreamSynchronize(s);
  for (int i = Half; i < 2 * Half; ++i)
    sum += h[i];
  cudaFreeHost(h);
  return sum;
}

// A kernel on the second half leaves the first to the host.
float kernelOnTheSecondHalf(int n) {
  float *m;
  cudaMallocManaged(&m, 2 * Half * sizeof(float));
  fill<<<4, 256>>>(m + Half, Half);
  m[0] = 1.0f;
  float first = m[Half - 1];
  cudaDeviceSynchronize();
  float second = m[Half];
  cudaFree(m);
  return first + second;
}

// The host refills the half it owns while the upload of the other is queued.
void refillsTheOtherHalf(float *d, cudaStream_t s) {
  float *h;
  cudaMallocHost(&h, 2 * Half * sizeof(float));
  for (int i = 0; i < 2 * Half; ++i)
    h[i] = 1.0f;
  cudaMemcpyAsync(d, h + Half, Half * sizeof(float), cudaMemcpyHostToDevice, s);
  for (int i = 0; i < Half; ++i)
    h[i] = 2.0f;
  cudaStreamSynchronize(s);
  cudaFreeHost(h);
}
