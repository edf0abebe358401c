// cudalint-args: --checks=-*,cuda-alloc-pointer-arg
// cuda-alloc-pointer-arg: allocations whose out-parameter is not the address
// of a pointer object. Statuses are cast to void to keep this file about one
// check.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstdint>
#include <cstdlib>

struct Buffers {
  float *data; // expected-note {{'data' is declared here}}
  int count;
};

void pointerInsteadOfItsAddress(size_t bytes, cudaStream_t stream) {
  float *device; // expected-note {{'device' is declared here}}
  (void)cudaMalloc((void **)device, bytes); // expected-warning {{'device' is of type 'float *', not the address of a pointer; cudaMalloc writes the new address into the memory 'device' points to (a crash when 'device' is uninitialised) and 'device' never receives it [cuda-alloc-pointer-arg]}}

  char *staging = static_cast<char *>(std::malloc(64)); // expected-note {{'staging' is declared here}}
  (void)cudaMallocManaged(reinterpret_cast<void **>(staging), bytes); // expected-warning {{'staging' is of type 'char *', not the address of a pointer; cudaMallocManaged writes}}

  Buffers buffers;
  (void)cudaMallocHost((void **)buffers.data, bytes); // expected-warning {{'data' is of type 'float *', not the address of a pointer; cudaMallocHost writes}}

  float *pinned; // expected-note {{'pinned' is declared here}}
  (void)cudaHostAlloc((void **)pinned, bytes, cudaHostAllocMapped); // expected-warning {{'pinned' is of type 'float *', not the address of a pointer; cudaHostAlloc writes}}

  float *pitched; // expected-note {{'pitched' is declared here}}
  size_t pitch = 0;
  (void)cudaMallocPitch((void **)pitched, &pitch, 256, 16); // expected-warning {{'pitched' is of type 'float *', not the address of a pointer; cudaMallocPitch writes}}

  float *ordered; // expected-note {{'ordered' is declared here}}
  (void)cudaMallocAsync((void **)ordered, bytes, stream); // expected-warning {{'ordered' is of type 'float *', not the address of a pointer; cudaMallocAsync writes}}
}

void addressOfNonPointer(size_t bytes) {
  float x; // expected-note {{'x' is declared here}}
  (void)cudaMalloc((void **)&x, bytes); // expected-warning {{the out-parameter of cudaMalloc points to 'x' of type 'float', not to a pointer; cudaMalloc writes the 8-byte address over it and the memory beside it, and the allocation leaks [cuda-alloc-pointer-arg]}}

  int count; // expected-note {{'count' is declared here}}
  (void)cudaMallocHost((void **)&count, bytes); // expected-warning {{the out-parameter of cudaMallocHost points to 'count' of type 'int', not to a pointer}}

  Buffers buffers; // expected-note {{'buffers' is declared here}}
  (void)cudaMallocManaged((void **)&buffers, bytes); // expected-warning {{the out-parameter of cudaMallocManaged points to 'buffers' of type 'Buffers', not to a pointer; cudaMallocManaged stores the address in it, and the allocation leaks because no pointer holds it}}

  unsigned handles[2];
  (void)cudaMalloc((void **)&handles[0], bytes); // expected-warning {{the out-parameter of cudaMalloc points to 'handles[0]' of type 'unsigned int', not to a pointer; cudaMalloc writes the 8-byte address over it and the memory beside it}}

  int handle; // expected-note {{'handle' is declared here}}
  (void)cuMemAlloc((CUdeviceptr *)&handle, bytes); // expected-warning {{the out-parameter of cuMemAlloc points to 'handle' of type 'int', not to a pointer; cuMemAlloc writes the 8-byte address}}
}

void pointsNowhere(size_t bytes) {
  float **slot; // expected-note {{'slot' is declared here without a value}}
  (void)cudaMalloc((void **)slot, bytes); // expected-warning {{'slot' is uninitialised here; cudaMalloc writes the new address to whatever garbage location it holds, a crash or silent memory corruption [cuda-alloc-pointer-arg]}}

  float **nowhere = nullptr; // expected-note {{'nowhere' is initialised to null here and never changed}}
  (void)cudaMalloc((void **)nowhere, bytes); // expected-warning {{the out-parameter of cudaMalloc is a null pointer; the call fails with cudaErrorInvalidValue and allocates nothing [cuda-alloc-pointer-arg]}}

  float **layers; // expected-note {{'layers' is declared here without a value}}
  (void)cudaMalloc((void **)&layers[1], bytes); // expected-warning {{'layers' is uninitialised here; cudaMalloc writes the new address to whatever garbage location it holds}}

  float **slots; // expected-note {{'slots' is declared here without a value}}
  (void)cudaMalloc((void **)(slots + 1), bytes); // expected-warning {{'slots' is uninitialised here}}

  (void)cudaMalloc(nullptr, bytes); // expected-warning {{the out-parameter of cudaMalloc is a null pointer}}
  (void)cudaMallocHost(NULL, bytes); // expected-warning {{the out-parameter of cudaMallocHost is a null pointer}}
}

// Clean look-alikes: the address of a pointer object, however spelled.
void correctOutParameters(size_t bytes, float **callerSlot, void *opaque) {
  float *device = nullptr;
  (void)cudaMalloc(&device, bytes);
  (void)cudaMalloc((void **)&device, bytes);
  (void)cudaMalloc(reinterpret_cast<void **>(&device), bytes);

  void *untyped = nullptr;
  (void)cudaMalloc(&untyped, bytes);

  float **through = &device;
  (void)cudaMalloc((void **)through, bytes);
  void **generic = (void **)&device;
  (void)cudaMalloc(generic, bytes);

  (void)cudaMalloc((void **)callerSlot, bytes); // a parameter: the caller's pointer
  (void)cudaMalloc((void **)opaque, bytes);     // a void * may point to a pointer

  float **layers = new float *[4];
  (void)cudaMalloc((void **)&layers[2], bytes);
  (void)cudaMalloc((void **)(layers + 3), bytes);
  delete[] layers;

  float *perDevice[4];
  (void)cudaMalloc((void **)&perDevice[1], bytes);
  float *table[2];
  (void)cudaMalloc((void **)&table, bytes); // writes table[0]

  Buffers buffers;
  (void)cudaMallocManaged((void **)&buffers.data, bytes);

  CUdeviceptr handle;
  (void)cuMemAlloc(&handle, bytes);
  float *viaDriver = nullptr;
  (void)cuMemAlloc((CUdeviceptr *)&viaDriver, bytes);

  std::uint64_t address; // a pointer-sized integer keeps the whole address
  (void)cudaMalloc((void **)&address, bytes);

  float **assignedLater = nullptr;
  assignedLater = &device;
  (void)cudaMalloc((void **)assignedLater, bytes);

  float *pinned = nullptr;
  (void)cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault);
  size_t pitch = 0;
  (void)cudaMallocPitch(&device, &pitch, 256, 16);
}
