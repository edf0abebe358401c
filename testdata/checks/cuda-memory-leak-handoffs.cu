// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak: shapes reported on real code as leaks (the issue on
// deeper memory analysis, items 2a and 2b), kept here as regression cases:
// arrays of buffers allocated and released by loops over the same bound, and
// ownership that leaves a helper through its return value (a checked
// allocation whose failure aborts, cudaMallocManaged in a class's operator
// new) or through a reference out-parameter. The real bugs that look like
// them stay reported.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

__global__ void touch(float *data) { data[threadIdx.x] = 0.0f; }

// ---------------------------------------------------------------- leaks

void freesOneFewer(int n) {
  float *buffers[8];
  // expected-note@+2 {{assuming 'b' is < 'n'}} expected-note@+2 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{assuming 'b' is >= 'n'}} expected-note@+1 {{loop condition is false. Execution continues on line 24}}
  for (int b = 0; b < n; ++b)
    (void)cudaMalloc(&buffers[b], 64); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}} expected-note {{device memory is allocated here by 'cudaMalloc'}}
  for (int b = 1; b < n; ++b) // expected-note {{loop condition is false. Execution jumps to the end of the function}}
    (void)cudaFree(buffers[b]);
} // expected-note {{'freesOneFewer' returns here without releasing the memory}}

// Returns NULL rather than aborting when the second call fails: the caller
// never sees the pinned buffer.
static void *zeroedOrNull(size_t bytes) {
  void *p;
  // expected-note@+2 {{assuming the condition is false}} expected-note@+2 {{taking false branch}}
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  if (cudaMallocHost(&p, bytes) != cudaSuccess) // expected-warning {{pinned host memory allocated by 'cudaMallocHost' is not released on every path}}
    return NULL;
  // expected-note@+1 {{assuming the condition is true}} expected-note@+1 {{taking true branch}}
  if (cudaMemset(p, 0, bytes) != cudaSuccess)
    return NULL; // expected-note {{'zeroedOrNull' returns here without releasing the memory}}
  return p;
}

// ---------------------------------------------------------- clean look-alikes

void allocatedAndReleasedByLoops(int n, size_t bytes) {
  float *buffers[8];
  for (int b = 0; b < n; ++b)
    (void)cudaMalloc(&buffers[b], bytes);
  for (int b = 0; b < n; ++b)
    touch<<<1, 32>>>(buffers[b]);
  for (int b = 0; b < n; ++b)
    (void)cudaFree(buffers[b]);
}

void releasedInReverse(int n) {
  float *buffers[8];
  for (int b = 0; b < n; ++b)
    (void)cudaMalloc(&buffers[b], 64);
  for (int b = n - 1; b >= 0; --b)
    (void)cudaFree(buffers[b]);
}

struct Plan {
  float *device;
  float *pinned;
};

void structsOfBuffersInLoops(int gpus) {
  Plan plans[4];
  for (int i = 0; i < gpus; ++i) {
    (void)cudaMalloc(&plans[i].device, 64);
    (void)cudaMallocHost(&plans[i].pinned, 64);
  }
  for (int i = 0; i < gpus; ++i) {
    (void)cudaFree(plans[i].device);
    (void)cudaFreeHost(plans[i].pinned);
  }
}

void twoDimensions(int n, int m) {
  float *buffers[4][4];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      (void)cudaMalloc(&buffers[i][j], 64);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      (void)cudaFree(buffers[i][j]);
}

static void *checkedMallocHost(size_t bytes) {
  void *p;
  if (cudaMallocHost(&p, bytes) != cudaSuccess) {
    std::fprintf(stderr, "out of pinned memory\n");
    std::abort();
  }
  return p;
}

void usesCheckedHelper(size_t bytes) {
  float *h = static_cast<float *>(checkedMallocHost(bytes));
  (void)cudaMemset(h, 0, bytes);
  (void)cudaFreeHost(h);
}

class Managed {
public:
  void *operator new(size_t bytes) {
    void *p;
    (void)cudaMallocManaged(&p, bytes);
    (void)cudaDeviceSynchronize();
    return p;
  }
  void operator delete(void *p) {
    (void)cudaDeviceSynchronize();
    (void)cudaFree(p);
  }
};

struct Particle : Managed {
  float x;
};

void managedObject() {
  Particle *p = new Particle;
  p->x = 1.0f;
  delete p;
}

static bool allocateInto(char *&out, size_t bytes) {
  if (cudaMalloc(&out, bytes) != cudaSuccess)
    return false;
  return true;
}

void throughReference(size_t bytes) {
  char *d = nullptr;
  if (!allocateInto(d, bytes))
    return;
  (void)cudaFree(d);
}

void copiedIntoReference(char *&out, size_t bytes) {
  out = static_cast<char *>(std::malloc(bytes));
  (void)cudaMemcpy(out, out, bytes, cudaMemcpyHostToHost);
}

// A graph node is given the buffer's address, not the buffer: the graph
// copies its parameters and never frees what they point to.
void kernelNodeDoesNotTakeTheBuffer(cudaGraph_t graph) {
  float *data;
  (void)cudaMalloc(&data, 256 * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}} expected-note {{device memory is allocated here by 'cudaMalloc'}}
  void *arguments[] = {&data};
  cudaKernelNodeParams parameters = {};
  parameters.func = (void *)touch;
  parameters.gridDim = dim3(1);
  parameters.blockDim = dim3(256);
  parameters.kernelParams = arguments;
  cudaGraphNode_t node;
  (void)cudaGraphAddKernelNode(&node, graph, nullptr, 0, &parameters); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

void kernelNodeBufferReleasedAfterTheGraph(cudaGraph_t graph, cudaStream_t stream) {
  float *data;
  (void)cudaMalloc(&data, 256 * sizeof(float));
  void *arguments[] = {&data};
  cudaKernelNodeParams parameters = {};
  parameters.func = (void *)touch;
  parameters.gridDim = dim3(1);
  parameters.blockDim = dim3(256);
  parameters.kernelParams = arguments;
  cudaGraphNode_t node;
  cudaGraphExec_t exec;
  (void)cudaGraphAddKernelNode(&node, graph, nullptr, 0, &parameters);
  (void)cudaGraphInstantiate(&exec, graph, 0);
  (void)cudaGraphLaunch(exec, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaGraphExecDestroy(exec);
  (void)cudaFree(data);
}
