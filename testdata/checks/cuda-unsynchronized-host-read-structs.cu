// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read and kernels given their buffers inside a
// structure passed by value: each pointer field is memory the kernel may
// use, written when the kernel's body stores through it (or, without a
// body, when it is not a pointer to const).
#include <cuda_runtime.h>

struct Scaling {
  float *data;
  float factor;
  int n;
};

struct Sums {
  const float *in;
  float *out;
  float *unused; // never written by the kernel
  int n;
};

__global__ void scaleAll(Scaling job) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < job.n)
    job.data[i] *= job.factor;
}

__global__ void sumAll(Sums job) {
  float total = 0.0f;
  for (int i = 0; i < job.n; ++i)
    total += job.in[i] + job.unused[i];
  float *out = job.out;
  *out = total;
}

__global__ void elsewhere(Scaling job); // defined in another unit

float readWhileTheKernelWrites(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  Scaling job{m, 2.0f, n};
  scaleAll<<<1, 256>>>(job); // expected-note {{kernel 'scaleAll' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scaleAll' may still be writing}}
  cudaFree(m);
  return first;
}

float readAfterTheKernel(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scaleAll<<<1, 256>>>(Scaling{m, 2.0f, n});
  cudaDeviceSynchronize();
  float first = m[0];
  cudaFree(m);
  return first;
}

float builtInTheLaunch(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scaleAll<<<1, 256>>>(Scaling{m, 2.0f, n}); // expected-note {{kernel 'scaleAll' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scaleAll' may still be writing}}
  cudaFree(m);
  return first;
}

// The kernel only reads `in` and `unused`: the host may read them too.
float fieldsTheKernelOnlyReads(int n) {
  float *in, *out, *unused;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, sizeof(float));
  cudaMallocManaged(&unused, n * sizeof(float));
  sumAll<<<1, 1>>>(Sums{in, out, unused, n}); // expected-note {{kernel 'sumAll' is queued on the legacy default stream and may write managed memory}}
  float checked = in[0] + unused[0];
  // expected-note@+1 {{read before the work is known to be complete}}
  float total = *out; // expected-warning {{the host reads managed memory that kernel 'sumAll' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  cudaFree(unused);
  return checked + total;
}

float kernelWithoutABody(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  elsewhere<<<1, 256>>>(Scaling{m, 2.0f, n}); // expected-note {{kernel 'elsewhere' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'elsewhere' may still be writing}}
  cudaFree(m);
  return first;
}
