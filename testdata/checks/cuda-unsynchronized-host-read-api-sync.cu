// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read and what each CUDA call waits for before it
// returns (the Runtime and Driver APIs' "API synchronization behavior"),
// from CudaApi's table: blocking copies from or to host memory wait for the
// default stream, copies between device buffers do not, an async copy
// between two host buffers is synchronous.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

float driverBlockingDownloadWaits(CUdeviceptr d, CUdeviceptr other, size_t bytes) {
  float *h;
  float last;
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, d, bytes, 0);
  cuMemcpyDtoH(&last, other, sizeof(float));
  float first = h[0];
  cuMemFreeHost(h);
  return first + last;
}

float driverDeviceToDeviceCopyDoesNotWait(CUdeviceptr d, CUdeviceptr other, size_t bytes) {
  float *h;
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, d, bytes, 0); // expected-note {{'cuMemcpyDtoHAsync' is queued on the legacy default stream and writes pinned host memory}}
  cuMemcpyDtoD(other, d, bytes); // expected-note {{'cuMemcpyDtoD' between device buffers does not wait for the device}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cuMemcpyDtoHAsync' may still be writing}}
  cuMemFreeHost(h);
  return first;
}

float driverBlockingSetOfHostMemoryWaits(CUdeviceptr d, size_t bytes) {
  float *h;
  cuMemAllocHost((void **)&h, bytes);
  cuMemcpyDtoHAsync(h, d, bytes, 0);
  cuMemsetD8((CUdeviceptr)h, 0, 4);
  float first = h[1];
  cuMemFreeHost(h);
  return first;
}

float peerCopyDoesNotWait(float *onOther, const float *onThis, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaMemcpyPeer(onOther, 1, onThis, 0, n * sizeof(float)); // expected-note {{'cudaMemcpyPeer' between device buffers does not wait for the device}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaFree(m);
  return first;
}

float copy3DWaits(const cudaMemcpy3DParms *parameters, int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 256>>>(m, n);
  cudaMemcpy3D(parameters);
  float first = m[0];
  cudaFree(m);
  return first;
}

// Pinned memory filled from another host buffer: the copy is done when it
// returns, though it is an async one.
float hostToHostAsyncCopyIsSynchronous(const float *input, int n) {
  float *h;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocHost(&h, n * sizeof(float));
  cudaMemcpyAsync(h, input, n * sizeof(float), cudaMemcpyHostToHost, s);
  float first = h[0];
  cudaFreeHost(h);
  return first;
}

float deviceToPinnedAsyncCopyIsNot(const float *d, int n) {
  float *h;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocHost(&h, n * sizeof(float));
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s); // expected-note {{'cudaMemcpyAsync' is queued on stream 's' and writes pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cudaMemcpyAsync' may still be writing}}
  cudaFreeHost(h);
  return first;
}

// Calls that queue work of their own on a stream, changing no memory the
// host reads: a prefetch, a host function. On a blocking stream that work
// waits for the legacy default stream's earlier work, so waiting for the
// stream waits for the kernel too.
void report(void *);

float prefetchOnABlockingStreamOrdersTheLegacyKernel(int n) {
  float *managed;
  cudaMallocManaged(&managed, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);
  scale<<<1, n>>>(managed, n);
  cudaMemLocation onDevice = {cudaMemLocationTypeDevice, 0};
  cudaMemPrefetchAsync(managed, n * sizeof(float), onDevice, 0, s);
  cudaStreamSynchronize(s);
  float first = managed[0];
  cudaStreamDestroy(s);
  cudaFree(managed);
  return first;
}

float hostFunctionOnABlockingStreamOrdersTheLegacyKernel(int n) {
  float *managed;
  cudaMallocManaged(&managed, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);
  scale<<<1, n>>>(managed, n);
  cudaLaunchHostFunc(s, report, nullptr);
  cudaStreamSynchronize(s);
  float first = managed[0];
  cudaStreamDestroy(s);
  cudaFree(managed);
  return first;
}

float hostFunctionOnANonBlockingStreamDoesNot(int n) {
  float *managed;
  cudaMallocManaged(&managed, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  scale<<<1, n>>>(managed, n); // expected-note {{kernel 'scale' is queued on the legacy default stream and may write managed memory}}
  cudaLaunchHostFunc(s, report, nullptr);
  cudaStreamSynchronize(s); // expected-note {{'cudaStreamSynchronize' waits for non-blocking stream 's', not the legacy default stream}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = managed[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaStreamDestroy(s);
  cudaFree(managed);
  return first;
}

// The prefetch does not wait for the host either.
float prefetchDoesNotWait(int n, cudaStream_t s) {
  float *managed;
  cudaMallocManaged(&managed, n * sizeof(float));
  scale<<<1, n, 0, s>>>(managed, n); // expected-note {{kernel 'scale' is queued on stream 's' and may write managed memory}}
  cudaMemLocation onHost = {cudaMemLocationTypeHost, 0};
  cudaMemPrefetchAsync(managed, n * sizeof(float), onHost, 0, s);
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = managed[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaStreamSynchronize(s);
  cudaFree(managed);
  return first;
}
