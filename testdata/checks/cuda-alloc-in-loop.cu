// cuda-alloc-in-loop: memory allocated and released again on every iteration
// of a loop, with the same size each time. Statuses are cast to void or
// checked with a do-while(0) macro, as real code does. Clean look-alikes
// follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess)                                                \
      return;                                                                  \
  } while (0)

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

struct Batch {
  float *device;
  size_t bytes;
};

constexpr size_t kScratchBytes = 1 << 20;

// ---------------------------------------------------------------- bugs

void perIteration(const float *input, int n, int steps) {
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{'cudaMalloc' allocates 'd' anew on every iteration of the loop with the same size, and 'cudaFree' releases it in the same iteration; each pair is a driver call that maps and unmaps memory, and 'cudaFree' waits for the device: allocate once before the loop (or use cudaMallocAsync and cudaFreeAsync on the stream) (a performance finding) [cuda-alloc-in-loop]}}
    (void)cudaMemcpy(d, input, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
  }
}

void checkedWithMacro(int n, int steps) {
  float *d = nullptr;
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    CHECK(cudaMalloc(&d, n * sizeof(float))); // expected-warning {{'cudaMalloc' allocates 'd' anew on every iteration}}
    scale<<<(n + 255) / 256, 256>>>(d, n);
    CHECK(cudaFree(d)); // expected-note {{'cudaFree' releases 'd' here}}
  }
}

void whileLoop(size_t bytes, const bool *more) {
  int i = 0;
  while (more[i++]) { // expected-note {{the loop starts here}}
    void *scratch;
    if (cudaMalloc(&scratch, bytes) != cudaSuccess) // expected-warning {{'cudaMalloc' allocates 'scratch' anew on every iteration}}
      return;
    (void)cudaMemset(scratch, 0, bytes);
    (void)cudaFree(scratch); // expected-note {{'cudaFree' releases 'scratch' here}}
  }
}

void doWhileLoop(int rounds) {
  int round = 0;
  do { // expected-note {{the loop starts here}}
    float *d;
    (void)cudaMalloc((void **)&d, kScratchBytes); // expected-warning {{'cudaMalloc' allocates 'd' anew}}
    (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
  } while (++round < rounds);
}

void rangeFor(const std::vector<int> &jobs, size_t bytes) {
  for (int job : jobs) { // expected-note {{the loop starts here}}
    int *d = nullptr;
    (void)cudaMalloc(&d, bytes); // expected-warning {{'cudaMalloc' allocates 'd' anew}}
    (void)cudaMemset(d, job, bytes);
    (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
  }
}

void pinnedStaging(const float *source, int n, int frames) {
  for (int frame = 0; frame < frames; ++frame) { // expected-note {{the loop starts here}}
    float *staging = nullptr;
    (void)cudaMallocHost(&staging, n * sizeof(float)); // expected-warning {{'cudaMallocHost' allocates 'staging' anew on every iteration of the loop with the same size, and 'cudaFreeHost' releases it in the same iteration; each pair is a driver call that maps and unmaps memory, and 'cudaFreeHost' waits for the device: allocate once before the loop (a performance finding) [cuda-alloc-in-loop]}}
    for (int i = 0; i < n; ++i)
      staging[i] = source[i];
    (void)cudaFreeHost(staging); // expected-note {{'cudaFreeHost' releases 'staging' here}}
  }
}

void hostAlloc(size_t bytes, int frames) {
  for (int frame = 0; frame < frames; ++frame) { // expected-note {{the loop starts here}}
    void *mapped = nullptr;
    (void)cudaHostAlloc(&mapped, bytes, cudaHostAllocMapped); // expected-warning {{'cudaHostAlloc' allocates 'mapped' anew}}
    (void)cudaFreeHost(mapped); // expected-note {{'cudaFreeHost' releases 'mapped' here}}
  }
}

void managedPerStep(int n, int steps) {
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    float *m;
    (void)cudaMallocManaged(&m, n * sizeof(float)); // expected-warning {{'cudaMallocManaged' allocates 'm' anew}}
    (void)cudaFree(m); // expected-note {{'cudaFree' releases 'm' here}}
  }
}

void pitchedPerStep(size_t width, size_t height, int steps) {
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    float *image;
    size_t pitch;
    (void)cudaMallocPitch((void **)&image, &pitch, width * sizeof(float), height); // expected-warning {{'cudaMallocPitch' allocates 'image' anew}}
    (void)cudaFree(image); // expected-note {{'cudaFree' releases 'image' here}}
  }
}

void driverApi(size_t bytes, int steps) {
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    CUdeviceptr d;
    (void)cuMemAlloc(&d, bytes); // expected-warning {{'cuMemAlloc' allocates 'd' anew on every iteration of the loop with the same size, and 'cuMemFree' releases it}}
    (void)cuMemFree(d); // expected-note {{'cuMemFree' releases 'd' here}}
  }
}

void driverPinned(size_t bytes, int steps) {
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    void *h;
    (void)cuMemAllocHost(&h, bytes); // expected-warning {{'cuMemAllocHost' allocates 'h' anew}}
    (void)cuMemFreeHost(h); // expected-note {{'cuMemFreeHost' releases 'h' here}}
  }
}

void structField(Batch &batch, int steps) {
  const size_t bytes = batch.bytes;
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    (void)cudaMalloc(&batch.device, bytes); // expected-warning {{'cudaMalloc' allocates 'device' anew}}
    scale<<<1, 256>>>(batch.device, 256);
    (void)cudaFree(batch.device); // expected-note {{'cudaFree' releases 'device' here}}
  }
}

void innermostLoop(int n, int epochs, int batches) {
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (int batch = 0; batch < batches; ++batch) { // expected-note {{the loop starts here}}
      float *d;
      (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{'cudaMalloc' allocates 'd' anew}}
      (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
    }
  }
}

void sizeFromOuterLoop(int epochs, int batches) {
  for (int epoch = 0; epoch < epochs; ++epoch) {
    size_t bytes = (epoch + 1) * kScratchBytes;
    for (int batch = 0; batch < batches; ++batch) { // expected-note {{the loop starts here}}
      void *d;
      (void)cudaMalloc(&d, bytes); // expected-warning {{'cudaMalloc' allocates 'd' anew}}
      (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
    }
  }
}

void freedOnlyIfSet(int n, int steps) {
  for (int step = 0; step < steps; ++step) { // expected-note {{the loop starts here}}
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{'cudaMalloc' allocates 'd' anew}}
    if (d)
      (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
  }
}

// ---------------------------------------------------------------- clean

void hoisted(int n, int steps) {
  float *d = nullptr;
  (void)cudaMalloc(&d, n * sizeof(float));
  for (int step = 0; step < steps; ++step)
    scale<<<(n + 255) / 256, 256>>>(d, n);
  (void)cudaFree(d);
}

void streamOrdered(int n, int steps, cudaStream_t stream) {
  for (int step = 0; step < steps; ++step) {
    float *d = nullptr;
    (void)cudaMallocAsync(&d, n * sizeof(float), stream);
    scale<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
    (void)cudaFreeAsync(d, stream);
  }
}

void sizeDependsOnIteration(int steps) {
  for (int step = 1; step <= steps; ++step) {
    float *d = nullptr;
    (void)cudaMalloc(&d, step * kScratchBytes);
    (void)cudaFree(d);
  }
}

void sizeFromAVector(const std::vector<size_t> &sizes) {
  for (size_t bytes : sizes) {
    void *d = nullptr;
    (void)cudaMalloc(&d, bytes);
    (void)cudaFree(d);
  }
}

void sizeFromACall(const std::vector<size_t> &sizes) {
  for (size_t i = 0; i < sizes.size(); ++i) {
    void *d = nullptr;
    (void)cudaMalloc(&d, sizes.at(i));
    (void)cudaFree(d);
  }
}

void sizeGrowsInTheLoop(int steps) {
  size_t capacity = kScratchBytes;
  for (int step = 0; step < steps; ++step) {
    void *d = nullptr;
    (void)cudaMalloc(&d, capacity);
    (void)cudaFree(d);
    capacity *= 2;
  }
}

void keptPerIteration(float **buffers, int count, size_t bytes) {
  for (int i = 0; i < count; ++i)
    (void)cudaMalloc(&buffers[i], bytes);
  for (int i = 0; i < count; ++i)
    (void)cudaFree(buffers[i]);
}

void allocatedOnDemand(int n, int steps, const bool *refresh) {
  float *d = nullptr;
  for (int step = 0; step < steps; ++step) {
    if (refresh[step]) {
      (void)cudaFree(d);
      (void)cudaMalloc(&d, n * sizeof(float));
    }
    scale<<<(n + 255) / 256, 256>>>(d, n);
  }
  (void)cudaFree(d);
}

void allocatedOnceThenKept(int n, int steps) {
  float *d = nullptr;
  for (int step = 0; step < steps; ++step) {
    if (!d)
      (void)cudaMalloc(&d, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(d, n);
  }
  (void)cudaFree(d);
}

void notReleasedInTheLoop(int n, int steps, float **out) {
  for (int step = 0; step < steps; ++step) {
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float));
    out[step] = d;
  }
}

void notALoop(int n) {
  do {
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float));
    (void)cudaFree(d);
  } while (0);
}

// A counted loop of one pass is no loop either; with a second pass, or a
// body that moves the counter back, it is.
void oneAttempt(int n) {
  for (int attempt = 0; attempt < 1; ++attempt) {
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float));
    (void)cudaFree(d);
  }
  int pass;
  for (pass = 0; pass < 1; ++pass) {
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float));
    (void)cudaFree(d);
  }
  for (int attempt = 1; attempt <= 1; attempt++) {
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float));
    (void)cudaFree(d);
  }
}

void twoAttempts(int n) {
  for (int attempt = 0; attempt < 2; ++attempt) { // expected-note {{the loop starts here}}
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{'cudaMalloc' allocates 'd' anew on every iteration of the loop with the same size}}
    (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
  }
}

void retriedAttempt(int n, bool retry) {
  for (int attempt = 0; attempt < 1; ++attempt) { // expected-note {{the loop starts here}}
    float *d = nullptr;
    (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{'cudaMalloc' allocates 'd' anew on every iteration of the loop with the same size}}
    (void)cudaFree(d); // expected-note {{'cudaFree' releases 'd' here}}
    if (retry)
      attempt = -1;
  }
}
