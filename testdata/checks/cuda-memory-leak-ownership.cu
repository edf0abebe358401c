// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak and ownership: memory handed to an owner (an RAII wrapper,
// a smart pointer with a freeing deleter, a container, an object the caller
// keeps) is not leaked by the function that allocated it. Owners that do not
// release, and owners that are dropped, still leak.
#include <cuda_runtime.h>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

__global__ void fill(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = 1.0f;
}

// An RAII wrapper defined in this file: the analyzer follows its constructor
// and destructor.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t count) { (void)cudaMalloc(&data_, count * sizeof(float)); }
  ~DeviceBuffer() { (void)cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  float *get() const { return data_; }

private:
  float *data_ = nullptr;
};

// A wrapper that forgets to release in its destructor.
class LeakyBuffer {
public:
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  explicit LeakyBuffer(size_t count) { (void)cudaMalloc(&data_, count * sizeof(float)); } // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  float *get() const { return data_; }

private:
  float *data_ = nullptr;
};

struct CudaDeleter {
  void operator()(float *p) const { (void)cudaFree(p); }
};

using DevicePtr = std::unique_ptr<float, CudaDeleter>;

// An RAII wrapper defined elsewhere: its constructor may keep the pointer.
class ExternalOwner {
public:
  explicit ExternalOwner(float *device);
  ~ExternalOwner();

private:
  float *device_;
};

struct Layer {
  float *weights = nullptr;
  float *bias = nullptr;
};

// ---------------------------------------------------------------- leaks

void wrapperWithoutDestructor(int n) {
  // expected-note@+2 {{calling constructor for 'LeakyBuffer'}}
  // expected-note@+1 {{returning from constructor for 'LeakyBuffer'}}
  LeakyBuffer buffer(n);
  fill<<<1, 256>>>(buffer.get(), n);
} // expected-note {{'wrapperWithoutDestructor' returns here without releasing the memory}}

void releasedOnlyWhenSmall(int n) {
  Layer layer;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&layer.weights, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+1 {{assuming 'n' is >= 1024}} expected-note@+1 {{taking false branch}}
  if (n < 1024)
    (void)cudaFree(layer.weights);
} // expected-note {{'releasedOnlyWhenSmall' returns here without releasing the memory}}

void ownerDroppedOnOneBranch(int n, bool keep) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+1 {{assuming 'keep' is false}} expected-note@+1 {{taking false branch}}
  if (keep) {
    DevicePtr owner(d);
    fill<<<1, 256>>>(owner.get(), n);
  }
} // expected-note {{'ownerDroppedOnOneBranch' returns here without releasing the memory}}

// ---------------------------------------------------------- clean look-alikes

void raiiWrapper(int n) {
  DeviceBuffer buffer(n);
  fill<<<1, 256>>>(buffer.get(), n);
}

void raiiWrapperEarlyReturn(int n, bool skip) {
  DeviceBuffer buffer(n);
  if (skip)
    return;
  fill<<<1, 256>>>(buffer.get(), n);
}

void uniquePtrWithCudaFreeDeleter(int n) {
  float *d;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return;
  DevicePtr owner(d);
  fill<<<1, 256>>>(owner.get(), n);
}

void uniquePtrWithLambdaDeleter(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  auto release = [](float *p) { (void)cudaFree(p); };
  std::unique_ptr<float, decltype(release)> owner(d, release);
  fill<<<1, 256>>>(owner.get(), n);
}

void sharedPtrWithDeleter(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  std::shared_ptr<float> owner(d, CudaDeleter());
  fill<<<1, 256>>>(owner.get(), n);
}

float *rawPointerFromOwnerReturned(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  DevicePtr owner(d);
  return owner.release();
}

DevicePtr returnedInOwner(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  return DevicePtr(d);
}

void keptInContainer(std::vector<float *> &pool, int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  pool.push_back(d);
}

void keptInLocalContainerReleasedLater(int n) {
  std::vector<float *> buffers;
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  buffers.push_back(d);
  for (float *b : buffers)
    (void)cudaFree(b);
}

void ownedByExternalWrapper(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  ExternalOwner owner(d);
}

void storedInCallersLayer(Layer &layer, int n) {
  (void)cudaMalloc(&layer.weights, n * sizeof(float));
  (void)cudaMalloc(&layer.bias, sizeof(float));
}

class Model {
public:
  void allocate(int n) { (void)cudaMalloc(&weights_, n * sizeof(float)); }
  ~Model() { (void)cudaFree(weights_); }

private:
  float *weights_ = nullptr;
};

void memberOwnsIt(int n) {
  Model model;
  model.allocate(n);
}

void movedIntoOwner(int n) {
  float *d;
  (void)cudaMalloc(&d, n * sizeof(float));
  DevicePtr first(d);
  DevicePtr second = std::move(first);
  fill<<<1, 256>>>(second.get(), n);
}
