// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak across loops. The analyzer unrolls loops with a literal
// bound of up to 128 iterations; it widens any other loop after its third
// iteration, and a variable that only allocations and copies of other such
// variables write still holds its memory after the loop. Leaks before, in and after such loops are found;
// memory released after them is not reported.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdlib>
#include <utility>

__global__ void smooth(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 0.5f;
}

// ---------------------------------------------------------------- leaks

void castOutParameterNeverReleased(size_t bytes) {
  float *d = NULL;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&d, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  (void)cudaMemset(d, 0, bytes); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

void leakedAfterUnknownLoop(float *host, int n) {
  float *d = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&d, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+2 {{assuming 'i' is >= 'n'}}
  // expected-note@+1 {{loop condition is false.}}
  for (int i = 0; i < n; ++i)
    host[i] = 1.0f;
  (void)cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
  smooth<<<(n + 255) / 256, 256>>>(d, n);
} // expected-note {{'leakedAfterUnknownLoop' returns here without releasing the memory}}

void leakedAfterLargeKnownLoop(float *host) {
  const int n = 1 << 20;
  float *d = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&d, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+3 3 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{assuming 'i' is >= 'n'}}
  // expected-note@+1 {{loop condition is false.}}
  for (int i = 0; i < n; ++i)
    host[i] = static_cast<float>(i);
  // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
  (void)cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
}

// Ping-pong buffers swapped by a loop that is widened (1000 steps): the
// variables only move the two addresses among themselves, so both stay
// tracked, and the one left unreleased is reported. After three explored
// steps `current` holds the buffer allocated as `next`.
void swappedInLoopOneReleased(int n) {
  float *current = nullptr, *next = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&current, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  (void)cudaMalloc((void **)&next, n * sizeof(float));
  // expected-note@+3 3 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{assuming 'step' is >= 1000}}
  // expected-note@+1 {{loop condition is false.}}
  for (int step = 0; step < 1000; ++step) {
    smooth<<<1, 256>>>(current, n);
    float *t = current;
    current = next;
    next = t;
  }
  (void)cudaFree(current); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

// The same with std::swap: it too only moves the two addresses.
void stdSwappedInLoopOneReleased(int n) {
  float *current = nullptr, *next = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&current, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  (void)cudaMalloc((void **)&next, n * sizeof(float));
  // expected-note@+3 3 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{assuming 'step' is >= 1000}}
  // expected-note@+1 {{loop condition is false.}}
  for (int step = 0; step < 1000; ++step) {
    smooth<<<1, 256>>>(current, n);
    std::swap(current, next);
  }
  (void)cudaFree(current); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

void reallocatedEveryFrame(int frames, size_t bytes) {
  float *frame = nullptr;
  // expected-note@+2 2 {{assuming 'f' is < 'frames'}}
  // expected-note@+1 2 {{loop condition is true.  Entering loop body}}
  for (int f = 0; f < frames; ++f) {
    // expected-note@+2 {{device memory is allocated here by 'cudaMalloc'}}
    // expected-note@+1 {{the memory is not released, and no pointer to it is used after this point}}
    (void)cudaMalloc((void **)&frame, bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
    smooth<<<1, 256>>>(frame, 256);
  }
  (void)cudaFree(frame);
}

void sixteenStreamsNeverReleased(size_t bytes) {
  float *buffers[16];
  // expected-note@+2 16 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{loop condition is false.}}
  for (int i = 0; i < 16; ++i)
    // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
    (void)cudaMalloc((void **)&buffers[i], bytes); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+2 16 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{loop condition is false. Execution jumps to the end of the function}}
  for (int i = 0; i < 16; ++i)
    smooth<<<1, 256>>>(buffers[i], 256);
} // expected-note {{'sixteenStreamsNeverReleased' returns here without releasing the memory}}

// The GPU suite's frame-loop-driver: a checking macro in a loop of five
// iterations splits the path, so the loop is not unrolled; every path used to
// end in the analyzer's block-count sink and the leak was suppressed.
#define CU_CHECK(call)                                                         \
  do {                                                                         \
    if ((call) != CUDA_SUCCESS)                                                \
      std::exit(1);                                                            \
  } while (0)

void fiveCheckedFrames() {
  // expected-note@+1 {{loop condition is true.  Entering loop body}}
  for (int f = 0; f < 5; ++f) {
    CUdeviceptr d;
    // expected-note@+5 {{device memory is allocated here by 'cuMemAlloc'}}
    // expected-note@+4 {{assuming the condition is false}}
    // expected-note@+3 {{taking false branch}}
    // expected-note@+2 {{the memory is not released, and no pointer to it is used after this point}}
    // expected-warning@+1 {{device memory allocated by 'cuMemAlloc' is not released on every path}}
    CU_CHECK(cuMemAlloc(&d, 64));
  }
}

// ---------------------------------------------------------- clean look-alikes

void fiveCheckedFramesReleased() {
  for (int f = 0; f < 5; ++f) {
    CUdeviceptr d;
    CU_CHECK(cuMemAlloc(&d, 64));
    CU_CHECK(cuMemFree(d));
  }
}


void releasedAfterUnknownLoop(float *host, int n) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    host[i] = 1.0f;
  (void)cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void releasedAfterLargeKnownLoop(float *host) {
  const int n = 1 << 20;
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    host[i] = static_cast<float>(i);
  (void)cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void swappedInLoopReleasedAfter(int n, int steps) {
  float *current = nullptr, *next = nullptr;
  (void)cudaMalloc((void **)&current, n * sizeof(float));
  (void)cudaMalloc((void **)&next, n * sizeof(float));
  for (int step = 0; step < steps; ++step) {
    smooth<<<1, 256>>>(current, n);
    float *t = current;
    current = next;
    next = t;
  }
  (void)cudaFree(current);
  (void)cudaFree(next);
}

void stdSwappedInLoopReleasedAfter(int n, int steps) {
  float *current = nullptr, *next = nullptr;
  (void)cudaMalloc((void **)&current, n * sizeof(float));
  (void)cudaMalloc((void **)&next, n * sizeof(float));
  for (int step = 0; step < steps; ++step) {
    smooth<<<1, 256>>>(current, n);
    using std::swap;
    swap(next, current);
  }
  (void)cudaFree(current);
  (void)cudaFree(next);
}

void reallocatedAndReleasedEveryFrame(int frames, size_t bytes) {
  float *frame = nullptr;
  for (int f = 0; f < frames; ++f) {
    (void)cudaMalloc((void **)&frame, bytes);
    smooth<<<1, 256>>>(frame, 256);
    (void)cudaFree(frame);
    frame = nullptr;
  }
  (void)cudaFree(frame);
}

void sixteenStreamsReleased(size_t bytes) {
  float *buffers[16];
  for (int i = 0; i < 16; ++i)
    (void)cudaMalloc((void **)&buffers[i], bytes);
  for (int i = 0; i < 16; ++i)
    (void)cudaFree(buffers[i]);
}

void releasedWhenLoopEnds(float *host, int n) {
  float *d = nullptr;
  if (cudaMalloc((void **)&d, n * sizeof(float)) != cudaSuccess)
    return;
  while (n-- > 0)
    host[n] = 0.0f;
  (void)cudaFree(d);
}

static void fillHost(float *values, size_t count) {
  for (size_t i = 0; i < count; ++i)
    values[i] = static_cast<float>(std::rand() % 4);
}

void pinnedPairFilledByHelper() {
  const size_t count = 128 * 128 * 16;
  float *pinned[2];
  for (int i = 0; i < 2; ++i)
    (void)cudaMallocHost((void **)&pinned[i], count * sizeof(float));
  for (int i = 0; i < 2; ++i)
    fillHost(pinned[i], count);
  for (int i = 0; i < 2; ++i)
    (void)cudaFreeHost(pinned[i]);
}

// A result-printing nest before the teardown: the inner loop's bound is
// known and too large to unroll, and paths still leave the nest.
void leakedAfterLoopNest(float *host) {
  float *d = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&d, 256 * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+3 2 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{loop condition is false. Execution continues on line 251}}
  // expected-note@+2 2 {{assuming 'j' is >= 256}} expected-note@+2 2 {{loop condition is false. Execution continues on line 248}}
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 256; ++j)
      host[j] += k;
  (void)cudaMemcpy(d, host, 256 * sizeof(float), cudaMemcpyHostToDevice); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

// The same nest with a bound the path knows without its being a constant
// expression: a variable set before the nest, cast to the counter's type.
void leakedAfterLoopNestOfKnownSize(float *host) {
  unsigned int width = 16, height = 16;
  float *d = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&d, 256 * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+3 2 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{loop condition is false. Execution continues on line 267}}
  // expected-note@+2 2 {{assuming the condition is false}} expected-note@+2 2 {{loop condition is false. Execution continues on line 264}}
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < (int)(width * height); ++j)
      host[j] += k;
  (void)cudaMemcpy(d, host, 256 * sizeof(float), cudaMemcpyHostToDevice); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}

// The same nest with counters declared before it, as C code writes them.
void leakedAfterLoopNestOfOutsideCounters(float *host) {
  int k, j;
  float *d = nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc((void **)&d, 256 * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+3 2 {{loop condition is true.  Entering loop body}}
  // expected-note@+2 {{loop condition is false. Execution continues on line 282}}
  // expected-note@+2 2 {{assuming 'j' is >= 200}} expected-note@+2 2 {{loop condition is false. Execution continues on line 279}}
  for (k = 0; k < 2; ++k)
    for (j = 0; j < 200; ++j)
      host[j] += k;
  (void)cudaMemcpy(d, host, 256 * sizeof(float), cudaMemcpyHostToDevice); // expected-note {{the memory is not released, and no pointer to it is used after this point}}
}
