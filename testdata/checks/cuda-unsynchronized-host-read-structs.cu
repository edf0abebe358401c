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

// A structure inside a structure: the path to the pointer is followed.
struct Buffers {
  const float *in;
  float *out;
};

struct Step {
  Buffers buffers;
  int n;
};

__global__ void stepAll(Step step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < step.n)
    step.buffers.out[i] = step.buffers.in[i] + 1.0f;
}

float nestedOutputReadAtOnce(int n) {
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  Step step{{in, out}, n};
  stepAll<<<1, 256>>>(step); // expected-note {{kernel 'stepAll' is queued on the legacy default stream and may write managed memory}}
  float input = in[0];
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = out[0]; // expected-warning {{the host reads managed memory that kernel 'stepAll' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return input + first;
}

// A functor: its operator() runs on the device and writes through a member.
struct AddOne {
  float *data;
  __device__ void operator()(int i) const { data[i] += 1.0f; }
};

struct Peek {
  float *data;
  float *seen;
  __device__ void operator()(int i) const { *seen = data[i]; }
};

template <class Body> __global__ void forEach(Body body, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    body(i);
}

float functorOutputReadAtOnce(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  forEach<<<1, 256>>>(AddOne{m}, n); // expected-note {{kernel 'forEach' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'forEach' may still be writing}}
  cudaFree(m);
  return first;
}

// The functor only reads `data`.
float functorInputReadMeanwhile(int n) {
  float *m, *seen;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocManaged(&seen, sizeof(float));
  forEach<<<1, 256>>>(Peek{m, seen}, n); // expected-note {{kernel 'forEach' is queued on the legacy default stream and may write managed memory}}
  float first = m[0];
  // expected-note@+1 {{read before the work is known to be complete}}
  float last = *seen; // expected-warning {{the host reads managed memory that kernel 'forEach' may still be writing}}
  cudaFree(m);
  cudaFree(seen);
  return first + last;
}

// An extended lambda: what it captures is the kernel's to use.
float lambdaOutputReadAtOnce(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  forEach<<<1, 256>>>([=] __device__(int i) { m[i] = 2.0f * i; }, n); // expected-note {{kernel 'forEach' is queued on the legacy default stream and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'forEach' may still be writing}}
  cudaFree(m);
  return first;
}

float lambdaInputReadMeanwhile(int n) {
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  forEach<<<1, 256>>>([=] __device__(int i) { out[i] = in[i]; }, n); // expected-note {{kernel 'forEach' is queued on the legacy default stream and may write managed memory}}
  float input = in[0];
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = out[0]; // expected-warning {{the host reads managed memory that kernel 'forEach' may still be writing}}
  cudaFree(in);
  cudaFree(out);
  return input + first;
}

float lambdaOutputAfterTheKernel(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  forEach<<<1, 256>>>([=] __device__(int i) { m[i] = 2.0f * i; }, n);
  cudaDeviceSynchronize();
  float first = m[0];
  cudaFree(m);
  return first;
}

// An array of pointers inside the structure: each element is memory the
// kernel may use, written when the body stores through an element.
struct Slices {
  float *slice[2];
  const float *weights[2];
  int n;
};

__global__ void fillSlices(Slices s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.n) {
    float *second = s.slice[1];
    s.slice[0][i] = s.weights[0][i];
    second[i] = s.weights[1][i];
  }
}

float sliceReadAtOnce(int n) {
  float *a, *b, *w;
  cudaMallocManaged(&a, n * sizeof(float));
  cudaMallocManaged(&b, n * sizeof(float));
  cudaMallocManaged(&w, n * sizeof(float));
  Slices s;
  s.slice[0] = a;
  s.slice[1] = b;
  s.weights[0] = w;
  s.weights[1] = w;
  s.n = n;
  fillSlices<<<1, 256>>>(s); // expected-note {{kernel 'fillSlices' is queued on the legacy default stream and may write managed memory}}
  float weight = w[0];
  // expected-note@+1 {{read before the work is known to be complete}}
  float second = b[0]; // expected-warning {{the host reads managed memory that kernel 'fillSlices' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(b);
  cudaFree(w);
  return weight + second;
}

float slicesReadAfterTheKernel(int n) {
  float *a, *b;
  cudaMallocManaged(&a, n * sizeof(float));
  cudaMallocManaged(&b, n * sizeof(float));
  fillSlices<<<1, 256>>>(Slices{{a, b}, {a, b}, n});
  cudaDeviceSynchronize();
  float first = a[0] + b[0];
  cudaFree(a);
  cudaFree(b);
  return first;
}
