// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read and the CUDA libraries: a cuBLAS, cuFFT,
// cuRAND or cuSOLVER call queues its work on the stream of its handle (the
// library's NULL stream until cublasSetStream and kin name another), and that
// work writes the memory its pointers to non-const data point to. The host
// must wait for it like for a kernel.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>
#include <cstdlib>

// ---------------------------------------------------------------- races

float gemmIntoManagedReadAtOnce(int n) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  float *a, *c;
  cudaMallocManaged(&a, n * n * sizeof(float));
  cudaMallocManaged(&c, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n); // expected-note {{'cublasSgemm' is queued on the legacy default stream and writes managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float corner = c[0]; // expected-warning {{the host reads managed memory that 'cublasSgemm' may still be writing; it sees stale data, and no CUDA call or sanitizer reports it [cuda-unsynchronized-host-read]}}
  cudaFree(a);
  cudaFree(c);
  cublasDestroy(handle);
  return corner;
}

// A handle the function is given may be on any stream: nothing waited.
float axpyOnAGivenHandle(cublasHandle_t handle, const float *x, int n) {
  float *y;
  cudaMallocManaged(&y, n * sizeof(float));
  const float two = 2.0f;
  cublasSaxpy(handle, n, &two, x, 1, y, 1); // expected-note {{'cublasSaxpy' is queued on a stream and writes managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = y[0]; // expected-warning {{the host reads managed memory that 'cublasSaxpy' may still be writing}}
  cudaFree(y);
  return first;
}

// The blocking copy waits for the legacy default stream, which does not wait
// for a non-blocking stream.
float gemmOnNonBlockingStream(cublasHandle_t handle, const float *a, float *d, int n) {
  cudaStream_t side;
  cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  cublasSetStream(handle, side);
  float *c;
  cudaMallocManaged(&c, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n); // expected-note {{'cublasSgemm' is queued on non-blocking stream 'side' and writes managed memory}}
  float last;
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost); // expected-note {{'cudaMemcpy' waits for the legacy default stream, which does not wait for non-blocking stream 'side'}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float corner = c[0]; // expected-warning {{the host reads managed memory that 'cublasSgemm' may still be writing}}
  cudaFree(c);
  cudaStreamDestroy(side);
  return corner + last;
}

float uniformNumbersReadAtOnce(size_t n) {
  curandGenerator_t generator;
  curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  float *numbers;
  cudaMallocManaged(&numbers, n * sizeof(float));
  curandGenerateUniform(generator, numbers, n); // expected-note {{'curandGenerateUniform' is queued on the legacy default stream and writes managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = numbers[0]; // expected-warning {{the host reads managed memory that 'curandGenerateUniform' may still be writing}}
  cudaFree(numbers);
  curandDestroyGenerator(generator);
  return first;
}

float spectrumReadAtOnce(int n) {
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftComplex *signal;
  cudaMallocManaged(&signal, n * sizeof(cufftComplex));
  cufftExecC2C(plan, signal, signal, CUFFT_FORWARD); // expected-note {{'cufftExecC2C' is queued on the legacy default stream and writes managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float dc = signal[0].x; // expected-warning {{the host reads managed memory that 'cufftExecC2C' may still be writing}}
  cudaFree(signal);
  cufftDestroy(plan);
  return dc;
}

// The host keeps the vector it uploaded; cuBLAS scales the device copy.
float scaledButNeverDownloaded(cublasHandle_t handle, int n) {
  float *h, *d;
  cudaMallocHost(&h, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(float));
  for (int i = 0; i < n; ++i) // expected-note {{assuming 'i' is >= 'n'}} expected-note {{loop condition is false. Execution continues on line 96}}
    h[i] = float(i);
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice); // expected-note {{'cudaMemcpy' copies 'h' into 'd'}}
  const float half = 0.5f;
  cublasSscal(handle, n, &half, d, 1); // expected-note {{'cublasSscal' may change 'd'; nothing copies it back into 'h'}}
  cudaDeviceSynchronize();
  // expected-note@+1 {{the stale copy is read here}}
  float last = h[n - 1]; // expected-warning {{'h' is a stale host copy of 'd', which 'cublasSscal' may have changed; the host reads the values copied in, not the device's results [cuda-unsynchronized-host-read]}}
  cudaFree(d);
  cudaFreeHost(h);
  return last;
}

// cublasGetMatrixAsync queues the download on the stream it is given.
float downloadNotAwaited(const float *d, int rows, int cols) {
  cudaStream_t s;
  cudaStreamCreate(&s);
  float *h;
  cudaMallocHost(&h, rows * cols * sizeof(float));
  cublasGetMatrixAsync(rows, cols, sizeof(float), d, rows, h, rows, s); // expected-note {{'cublasGetMatrixAsync' is queued on stream 's' and writes pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cublasGetMatrixAsync' may still be writing}}
  cudaStreamSynchronize(s);
  cudaFreeHost(h);
  cudaStreamDestroy(s);
  return first;
}

// ---------------------------------------------------------------- not races

float gemmThenDeviceSync(int n) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  float *a, *c;
  cudaMallocManaged(&a, n * n * sizeof(float));
  cudaMallocManaged(&c, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n);
  cudaDeviceSynchronize();
  float corner = c[0];
  cudaFree(a);
  cudaFree(c);
  cublasDestroy(handle);
  return corner;
}

float gemmThenItsStreamSynchronized(cublasHandle_t handle, const float *a, int n) {
  cudaStream_t side;
  cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  cublasSetStream(handle, side);
  float *c;
  cudaMallocManaged(&c, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n);
  cudaStreamSynchronize(side);
  float corner = c[0];
  cudaFree(c);
  cudaStreamDestroy(side);
  return corner;
}

// A new handle works on the legacy default stream: the blocking copy after
// it waits for the product.
float gemmThenBlockingCopy(const float *d, int n) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  float *c;
  cudaMallocManaged(&c, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, c, n, c, n, &zero, c, n);
  float last;
  cudaMemcpy(&last, d, sizeof(float), cudaMemcpyDeviceToHost);
  float corner = c[0];
  cudaFree(c);
  cublasDestroy(handle);
  return corner + last;
}

// Recorded after the product on its stream: waiting for the event is waiting
// for the product.
float gemmThenEventAwaited(cublasHandle_t handle, const float *a, int n) {
  cudaStream_t side;
  cudaEvent_t done;
  cudaStreamCreate(&side);
  cudaEventCreate(&done);
  cublasSetStream(handle, side);
  float *c;
  cudaMallocManaged(&c, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n);
  cudaEventRecord(done, side);
  cudaEventSynchronize(done);
  float corner = c[0];
  cudaFree(c);
  cudaEventDestroy(done);
  cudaStreamDestroy(side);
  return corner;
}

// In the default host pointer mode cublasSdot returns once `result` holds the
// dot product.
float dotIntoManagedResult(cublasHandle_t handle, const float *x, int n) {
  float *result;
  cudaMallocManaged(&result, sizeof(float));
  cublasSdot(handle, n, x, 1, x, 1, result);
  float dot = *result;
  cudaFree(result);
  return dot;
}

// The product only reads `a`: the host reading it too is no race.
float inputReadDuringGemm(cublasHandle_t handle, float *c, int n) {
  float *a;
  cudaMallocManaged(&a, n * n * sizeof(float));
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &zero, c, n);
  float first = a[0];
  cudaDeviceSynchronize();
  cudaFree(a);
  return first;
}

// A descriptor only records where the values are; no work is queued.
void vectorDescribedThenFilled(int n) {
  float *values;
  cudaMallocManaged(&values, n * sizeof(float));
  cusparseDnVecDescr_t vector;
  cusparseCreateDnVec(&vector, n, values, CUDA_R_32F);
  for (int i = 0; i < n; ++i)
    values[i] = 1.0f;
  cusparseDestroyDnVec(vector);
  cudaFree(values);
}

// A host generator writes its numbers before it returns.
float hostGeneratorIntoPinned(size_t n) {
  curandGenerator_t generator;
  curandCreateGeneratorHost(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  float *numbers;
  cudaMallocHost(&numbers, n * sizeof(float));
  curandGenerateUniform(generator, numbers, n);
  float first = numbers[0];
  cudaFreeHost(numbers);
  curandDestroyGenerator(generator);
  return first;
}

// The scaled vector is downloaded again before the host reads it.
float scaledThenDownloaded(cublasHandle_t handle, int n) {
  float *h, *d;
  cudaMallocHost(&h, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  const float half = 0.5f;
  cublasSscal(handle, n, &half, d, 1);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  float last = h[n - 1];
  cudaFree(d);
  cudaFreeHost(h);
  return last;
}

// The right-hand side is uploaded into the residual, which cuBLAS then
// changes; the solution comes back into another buffer and is checked
// against the right-hand side the host kept (cuda-samples' conjugateGradient).
float residualKeepsTheInput(cublasHandle_t handle, float *x, int n) {
  float *rhs = static_cast<float *>(malloc(n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    rhs[i] = 1.0f;
  float *r, *dx;
  cudaMalloc(&r, n * sizeof(float));
  cudaMalloc(&dx, n * sizeof(float));
  cudaMemcpy(r, rhs, n * sizeof(float), cudaMemcpyHostToDevice);
  const float minusOne = -1.0f;
  cublasSaxpy(handle, n, &minusOne, dx, 1, r, 1);
  cudaMemcpy(x, dx, n * sizeof(float), cudaMemcpyDeviceToHost);
  float error = x[0] - rhs[0];
  cudaFree(r);
  cudaFree(dx);
  free(rhs);
  return error;
}
