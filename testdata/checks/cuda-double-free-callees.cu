// cudalint-args: --checks=-*,cuda-double-free
// cuda-double-free in functions that do not name the CUDA API themselves but
// reach it through code the unit defines: helpers, destructors of locals and
// temporaries, constructors, operators, lambdas and virtual methods. The
// path-sensitive checks explore only the functions that reach the CUDA API;
// each function below reaches it one of these ways, and its double free is
// found all the same.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdlib>

static void releaseDevice(float *d) { (void)cudaFree(d); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}

void releasedByHelperTwice(float *d) {
  releaseDevice(d); // expected-note {{calling 'releaseDevice'}} expected-note {{returning from 'releaseDevice'}}
  releaseDevice(d); // expected-note {{calling 'releaseDevice'}}
}

static void freeDevice(float *d) { (void)cudaFree(d); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}

static void releaseBoth(float *first, float *second) {
  freeDevice(first); // expected-note {{calling 'freeDevice'}} expected-note {{returning from 'freeDevice'}}
  freeDevice(second); // expected-note {{calling 'freeDevice'}}
}

void sameBufferTwiceTwoCallsDown(float *d) { releaseBoth(d, d); } // expected-note {{calling 'releaseBoth'}}

struct DeviceBuffer {
  float *data;
  ~DeviceBuffer() { (void)cudaFree(data); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
};

void ownedByTwoLocals(float *d) {
  DeviceBuffer first{d};
  DeviceBuffer second{d};
} // expected-note {{calling '~DeviceBuffer'}} expected-note {{returning from '~DeviceBuffer'}} expected-note {{calling '~DeviceBuffer'}}

struct Scratch {
  float *data;
  explicit Scratch(float *d) : data(d) {}
  ~Scratch() { (void)cudaFree(data); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
};

static float *peek(const Scratch &scratch) { return scratch.data; }

void ownedByTwoTemporaries(float *d) {
  peek(Scratch(d)); // expected-note {{calling '~Scratch'}} expected-note {{returning from '~Scratch'}}
  peek(Scratch(d)); // expected-note {{calling '~Scratch'}}
}

struct Handover {
  explicit Handover(float *d) { (void)cudaFree(d); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
};

void releasedByTwoConstructions(float *d) {
  Handover first(d); // expected-note {{calling constructor for 'Handover'}} expected-note {{returning from constructor for 'Handover'}}
  Handover second(d); // expected-note {{calling constructor for 'Handover'}}
}

struct FreeDevice {
  void operator()(float *d) const { (void)cudaFree(d); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
};

void releasedByFunctorTwice(float *d) {
  FreeDevice release;
  release(d); // expected-note {{calling 'FreeDevice::operator()'}} expected-note {{returning from 'FreeDevice::operator()'}}
  release(d); // expected-note {{calling 'FreeDevice::operator()'}}
}

void releasedByLambdaTwice(float *d) {
  auto release = [](float *p) { (void)cudaFree(p); }; // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
  release(d); // expected-note {{calling 'operator()'}} expected-note {{returning from 'operator()'}}
  release(d); // expected-note {{calling 'operator()'}}
}

struct Allocator {
  virtual ~Allocator() = default;
  virtual void release(float *p) = 0;
};

struct DeviceAllocator : Allocator {
  void release(float *p) override { (void)cudaFree(p); } // expected-warning {{'cudaFree' releases device memory that 'cudaFree' already released}} expected-note {{the memory is released here by 'cudaFree'}} expected-note {{the memory is released a second time here}}
};

void releasedThroughInterfaceTwice(float *d) {
  DeviceAllocator device;
  Allocator &allocator = device;
  allocator.release(d); // expected-note {{calling 'DeviceAllocator::release'}} expected-note {{returning from 'DeviceAllocator::release'}}
  allocator.release(d); // expected-note {{calling 'DeviceAllocator::release'}}
}

// ---------------------------------------------------------- clean look-alikes

// Reaching only the C library's free: pageable host memory, which cudalint
// leaves to clang-analyzer's unix.Malloc.
static void releaseHost(float *h) { std::free(h); }

void hostReleasedByHelperTwice(float *h) {
  releaseHost(h);
  releaseHost(h);
}
