// cuda-unsynchronized-host-read and CUDA-aware MPI: MPI reads a send buffer
// and writes a receive buffer on the host side while the call runs, device
// memory included. Device work still writing the buffer (or, for a receive,
// still using it) races with MPI, which no CUDA call orders: the stream must
// be synchronised first. Host functions given shared memory read it the
// same way (memcpy, fwrite, std:: algorithms, a function of another unit).
#include <cuda_runtime.h>
#include "include/mpi.h"
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <numeric>

__global__ void produce(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = float(i);
}

__global__ void consume(const float *in, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, in[i]);
}

void storeResults(const float *values, int n); // another unit's

// ---------------------------------------------------------------- races

void sendBeforeTheKernelEnds(int n, int peer) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, n>>>(d, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write device memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  MPI_Send(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD); // expected-warning {{'MPI_Send' reads device memory that kernel 'produce' may still be writing; it sees stale data, and no CUDA call or sanitizer reports it [cuda-unsynchronized-host-read]}}
  cudaFree(d);
}

void sendAfterAnAsyncCopyOnAStream(const float *h, int n, int peer, cudaStream_t s) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s); // expected-note {{'cudaMemcpyAsync' is queued on stream 's' and writes device memory}}
  MPI_Request request;
  // expected-note@+1 {{read before the work is known to be complete}}
  MPI_Isend(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD, &request); // expected-warning {{'MPI_Isend' reads device memory that 'cudaMemcpyAsync' may still be writing}}
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  cudaFree(d);
}

void reduceWhileTheKernelWrites(int n, cudaStream_t s) {
  float *d, *total;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&total, n * sizeof(float));
  produce<<<1, n, 0, s>>>(d, n);
  cudaDeviceSynchronize();
  produce<<<1, n, 0, s>>>(total, n);
  cudaStreamSynchronize(s);
  produce<<<1, n, 0, s>>>(d, n); // expected-note {{kernel 'produce' is queued on stream 's' and may write device memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  MPI_Allreduce(d, total, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD); // expected-warning {{'MPI_Allreduce' reads device memory that kernel 'produce' may still be writing}}
  cudaFree(d);
  cudaFree(total);
}

// A receive overwrites memory a kernel is still reading.
void receiveWhileTheKernelReads(int n, int peer, cudaStream_t s) {
  float *d, *sum;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  consume<<<1, n, 0, s>>>(d, sum, n); // expected-note {{kernel 'consume' is queued on stream 's' and reads device memory}}
  // expected-note@+1 {{written before the work is known to be complete}}
  MPI_Recv(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // expected-warning {{'MPI_Recv' writes device memory that kernel 'consume' may still be reading; the device may see the old values or the new, and no CUDA call or sanitizer reports it}}
  cudaStreamSynchronize(s);
  cudaFree(d);
  cudaFree(sum);
}

void broadcastManagedMemory(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  produce<<<1, n>>>(m, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{written before the work is known to be complete}}
  MPI_Bcast(m, n, MPI_FLOAT, 0, MPI_COMM_WORLD); // expected-warning {{'MPI_Bcast' writes managed memory that kernel 'produce' may still be using}}
  cudaFree(m);
}

// Host functions that read what they are given.
void copiedOnTheHost(float *h, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  produce<<<1, n>>>(m, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  memcpy(h, m, n * sizeof(float)); // expected-warning {{'memcpy' reads managed memory that kernel 'produce' may still be writing}}
  cudaFree(m);
}

void writtenToAFile(FILE *f, int n) {
  float *m;
  cudaMallocHost(&m, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  produce<<<1, n, 0, s>>>(m, n); // expected-note {{kernel 'produce' is queued on non-blocking stream 's' and may write pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  fwrite(m, sizeof(float), n, f); // expected-warning {{'fwrite' reads pinned host memory that kernel 'produce' may still be writing}}
  cudaStreamSynchronize(s);
  cudaStreamDestroy(s);
  cudaFreeHost(m);
}

float summedByTheStandardLibrary(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  produce<<<1, n>>>(m, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float total = std::accumulate(m, m + n, 0.0f); // expected-warning {{'std::accumulate' reads managed memory that kernel 'produce' may still be writing}}
  cudaFree(m);
  return total;
}

void handedToAnotherUnit(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  produce<<<1, n>>>(m, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  storeResults(m, n); // expected-warning {{'storeResults' reads managed memory that kernel 'produce' may still be writing}}
  cudaFree(m);
}

// memset only writes: the kernel may still be writing too.
void clearedWhileTheKernelWrites(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  produce<<<1, n>>>(m, n); // expected-note {{kernel 'produce' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{written before the work is known to be complete}}
  memset(m, 0, n * sizeof(float)); // expected-warning {{'memset' writes managed memory that kernel 'produce' may still be using}}
  cudaFree(m);
}

// ------------------------------------------------- synchronised: no report

void sendAfterSynchronizing(int n, int peer) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, n>>>(d, n);
  cudaDeviceSynchronize();
  MPI_Send(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD);
  cudaFree(d);
}

void sendAfterTheStreamEnds(const float *h, int n, int peer, cudaStream_t s) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s);
  cudaStreamSynchronize(s);
  MPI_Send(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD);
  cudaFree(d);
}

// Sending what a kernel only reads is fine: both read.
void sendWhatTheKernelReads(int n, int peer, cudaStream_t s) {
  float *d, *sum;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  cudaMemset(d, 0, n * sizeof(float));
  cudaDeviceSynchronize();
  consume<<<1, n, 0, s>>>(d, sum, n);
  MPI_Send(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD);
  cudaStreamSynchronize(s);
  cudaFree(d);
  cudaFree(sum);
}

// Another buffer than the one in flight.
void sendAnotherBuffer(int n, int peer) {
  float *d, *other;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&other, n * sizeof(float));
  produce<<<1, n>>>(d, n);
  MPI_Send(other, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD);
  cudaDeviceSynchronize();
  cudaFree(d);
  cudaFree(other);
}

// In place: the constant is not memory.
void reduceInPlaceAfterSynchronizing(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  produce<<<1, n>>>(d, n);
  cudaDeviceSynchronize();
  MPI_Allreduce(MPI_IN_PLACE, d, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  cudaFree(d);
}

void receiveAfterTheKernelEnds(int n, int peer, cudaStream_t s) {
  float *d, *sum;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  consume<<<1, n, 0, s>>>(d, sum, n);
  cudaStreamSynchronize(s);
  MPI_Recv(d, n, MPI_FLOAT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  cudaFree(d);
  cudaFree(sum);
}

// Host consumers after the wait.
void copiedAfterSynchronizing(float *h, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  produce<<<1, n>>>(m, n);
  cudaDeviceSynchronize();
  memcpy(h, m, n * sizeof(float));
  storeResults(m, n);
  cudaFree(m);
}
