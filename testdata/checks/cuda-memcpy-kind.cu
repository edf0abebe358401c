// cudalint-args: --checks=-*,cuda-memcpy-kind
// cuda-memcpy-kind: a copy's cudaMemcpyKind contradicts where its destination
// or source provably lives, destination and source are swapped, or a memset
// targets host memory. The notes show where the memory came from and the
// branches taken. Clean look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <cstdlib>
#include <vector>

__constant__ float taps[16];
// expected-note@+1 {{'lookup' is declared here, in pageable host memory}}
static float lookup[256];

struct Staging {
  float *host;
  float *device;
};

// ---------------------------------------------------------------- bugs

// Pageable memory where the kind says "device": the copy fails and copies
// nothing. Swapping the pointers would make the kind right.
void swappedUpload(size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'h' is pageable host memory allocated by 'malloc' at line 27 and the source 'd' is device memory allocated by 'cudaMalloc' at line 30; the call fails with cudaErrorInvalidValue and copies nothing (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(h, d, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
  std::free(h);
}

// With pinned memory CUDA 13 ignores the kind and copies by address: the
// "upload" silently overwrites the host buffer.
void swappedPinnedDownload(size_t bytes) {
  float *h, *d;
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMallocHost(&h, bytes);
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'h' is pinned host memory allocated by 'cudaMallocHost' at line 43 and the source 'd' is device memory allocated by 'cudaMalloc' at line 45; CUDA 13 copies by address whatever the kind says, from 'd' into 'h' (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(h, d, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
  (void)cudaFreeHost(h);
}

// One pointer contradicts the kind; the message names the kind that fits.
void deviceCopyCalledUpload(size_t bytes) {
  float *from, *to;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&from, bytes);
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&to, bytes);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but the source 'from' is device memory allocated by 'cudaMalloc' at line 57; CUDA 13 copies by address whatever the kind says, so nothing fails, but CUDA documents the call as undefined (use cudaMemcpyDeviceToDevice) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(to, from, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(from);
  (void)cudaFree(to);
}

// The source is of unknown origin: no kind can be named for it.
void hostToHostIntoDevice(const float *input, size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMallocAsync'}}
  (void)cudaMallocAsync(&d, bytes, 0);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToHost}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToHost, which copies host memory into host memory, but the destination 'd' is device memory allocated by 'cudaMallocAsync' at line 71; CUDA 13 copies by address whatever the kind says, so nothing fails, but CUDA documents the call as undefined [cuda-memcpy-kind]}}
  (void)cudaMemcpy(d, input, bytes, cudaMemcpyHostToHost);
  (void)cudaFreeAsync(d, 0);
}

void downloadBetweenHostBuffers(size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'new[]'}}
  float *a = new float[bytes / sizeof(float)];
  // expected-note@+1 {{pageable host memory is allocated here by 'calloc'}}
  float *b = static_cast<float *>(std::calloc(1, bytes));
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyDeviceToHost}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyDeviceToHost, which copies device memory into host memory, but the source 'a' is pageable host memory allocated by 'new[]' at line 80; the call fails with cudaErrorInvalidValue and copies nothing (use cudaMemcpyHostToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToHost);
  delete[] a;
  std::free(b);
}

// Stack and global arrays are host memory.
void stackDestination(float *unknownDevice) {
  // expected-note@+1 {{'partial' is declared here, in stack memory}}
  float partial[64];
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyDeviceToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyDeviceToDevice, which copies device memory into device memory, but the destination 'partial' is stack memory declared at line 93; the call fails with cudaErrorInvalidValue and copies nothing [cuda-memcpy-kind]}}
  (void)cudaMemcpy(partial, unknownDevice, sizeof(partial),
                   cudaMemcpyDeviceToDevice);
}

void globalTableAsDevice(size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyDeviceToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyDeviceToDevice, which copies device memory into device memory, but the source 'lookup' is pageable host memory declared at line 14; the call fails with cudaErrorInvalidValue and copies nothing (use cudaMemcpyHostToDevice) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(d, lookup, sizeof(lookup), cudaMemcpyDeviceToDevice);
  (void)cudaFree(d);
}

void swappedAsyncOnStream(size_t bytes, cudaStream_t stream) {
  float *h, *d;
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaHostAlloc'}}
  (void)cudaHostAlloc(&h, bytes, cudaHostAllocDefault);
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  // expected-note@+2 {{'cudaMemcpyAsync' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpyAsync' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'h' is pinned host memory allocated by 'cudaHostAlloc' at line 113 and the source 'd' is device memory allocated by 'cudaMalloc' at line 115; CUDA 13 copies by address whatever the kind says, from 'd' into 'h' (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpyAsync(h, d, bytes, cudaMemcpyHostToDevice, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(d);
  (void)cudaFreeHost(h);
}

void swapped2D(size_t width, size_t height) {
  // expected-note@+1 {{pageable host memory is allocated here by 'new[]'}}
  float *image = new float[width * height];
  float *d;
  size_t pitch;
  // expected-note@+1 {{device memory is allocated here by 'cudaMallocPitch'}}
  (void)cudaMallocPitch(&d, &pitch, width * sizeof(float), height);
  // expected-note@+2 {{'cudaMemcpy2D' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy2D' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'image' is pageable host memory allocated by 'new[]' at line 126 and the source 'd' is device memory allocated by 'cudaMallocPitch' at line 130; the call fails with cudaErrorInvalidValue and copies nothing (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy2D(image, width * sizeof(float), d, pitch,
                     width * sizeof(float), height, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
  delete[] image;
}

void vectorAsDevice2DAsync(size_t width, size_t height, cudaStream_t stream) {
  std::vector<float> rows(width * height);
  float *d;
  size_t pitch;
  // expected-note@+1 {{device memory is allocated here by 'cudaMallocPitch'}}
  (void)cudaMallocPitch(&d, &pitch, width * sizeof(float), height);
  // expected-note@+3 {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}}
  // expected-note@+2 {{'cudaMemcpy2DAsync' is called here with cudaMemcpyDeviceToHost}}
  // expected-warning@+1 {{'cudaMemcpy2DAsync' is given cudaMemcpyDeviceToHost, which copies device memory into host memory, but its destination and source are swapped: the destination 'd' is device memory allocated by 'cudaMallocPitch' at line 144 and the source 'rows.data()' is pageable host memory from std::vector::data() at line 148; the call fails with cudaErrorInvalidValue and copies nothing (swap them, or use cudaMemcpyHostToDevice) [cuda-memcpy-kind]}}
  (void)cudaMemcpy2DAsync(d, pitch, rows.data(), width * sizeof(float),
                          width * sizeof(float), height,
                          cudaMemcpyDeviceToHost, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(d);
}

// The analyzer knows the kind held in a variable (no fix-it: the argument
// is not the enumerator).
void kindHeldInVariable(size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  cudaMemcpyKind kind = cudaMemcpyHostToDevice;
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'h' is pageable host memory allocated by 'malloc' at line 159 and the source 'd' is device memory allocated by 'cudaMalloc' at line 162; the call fails with cudaErrorInvalidValue and copies nothing (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(h, d, bytes, kind);
  (void)cudaFree(d);
  std::free(h);
}

// A helper defined in the unit is followed with its caller's pointers.
static void upload(float *dst, const float *src, size_t bytes) {
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'dst' is pageable host memory allocated by 'malloc' at line 180 and the source 'src' is device memory allocated by 'cudaMalloc' at line 183; the call fails with cudaErrorInvalidValue and copies nothing (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice);
}

void helperGivenSwappedPointers(size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  // expected-note@+1 {{calling 'upload'}}
  upload(h, d, bytes);
  (void)cudaFree(d);
  std::free(h);
}

// Fields and pointer arithmetic keep the memory's origin.
void fieldsSwapped(size_t bytes) {
  Staging s;
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMallocHost(&s.host, bytes);
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&s.device, bytes);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyDeviceToHost}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyDeviceToHost, which copies device memory into host memory, but its destination and source are swapped: the destination 's.device' is device memory allocated by 'cudaMalloc' at line 196 and the source 's.host' is pinned host memory allocated by 'cudaMallocHost' at line 194; CUDA 13 copies by address whatever the kind says, from 's.host' into 's.device' (swap them, or use cudaMemcpyHostToDevice) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(s.device, s.host, bytes, cudaMemcpyDeviceToHost);
  (void)cudaFree(s.device);
  (void)cudaFreeHost(s.host);
}

void offsetIntoHostAsDevice(size_t count) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(count * sizeof(float)));
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, count * sizeof(float));
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyDeviceToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyDeviceToDevice, which copies device memory into device memory, but the destination 'h + 16' is pageable host memory allocated by 'malloc' at line 206; the call fails with cudaErrorInvalidValue and copies nothing (use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(h + 16, d + 16, 16 * sizeof(float),
                   cudaMemcpyDeviceToDevice);
  (void)cudaFree(d);
  std::free(h);
}

// ToSymbol and FromSymbol: the symbol is device memory.
void symbolGivenHostKind(const float *coefficients) {
  // expected-note@+2 {{'cudaMemcpyToSymbol' is called here with cudaMemcpyDeviceToHost}}
  // expected-warning@+1 {{'cudaMemcpyToSymbol' is given cudaMemcpyDeviceToHost, which copies device memory into host memory, but the destination 'taps' is a device symbol; the call fails with cudaErrorInvalidMemcpyDirection and copies nothing [cuda-memcpy-kind]}}
  (void)cudaMemcpyToSymbol(taps, coefficients, sizeof(taps), 0,
                           cudaMemcpyDeviceToHost);
}

void symbolFromDeviceWithDefaultKind(size_t bytes) {
  float *d;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  (void)cudaMalloc(&d, bytes);
  // expected-note@+2 {{'cudaMemcpyToSymbol' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpyToSymbol' is given cudaMemcpyHostToDevice (its default), which copies host memory into device memory, but the source 'd' is device memory allocated by 'cudaMalloc' at line 229; CUDA 13 copies by address whatever the kind says, so nothing fails, but CUDA documents the call as undefined (use cudaMemcpyDeviceToDevice) [cuda-memcpy-kind]}}
  (void)cudaMemcpyToSymbol(taps, d, sizeof(taps));
  (void)cudaFree(d);
}

void symbolIntoPageableAsDevice() {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  float *h = static_cast<float *>(std::malloc(sizeof(taps)));
  // expected-note@+2 {{'cudaMemcpyFromSymbol' is called here with cudaMemcpyDeviceToDevice}}
  // expected-warning@+1 {{'cudaMemcpyFromSymbol' is given cudaMemcpyDeviceToDevice, which copies device memory into device memory, but the destination 'h' is pageable host memory allocated by 'malloc' at line 238; the call fails with cudaErrorInvalidValue and copies nothing (use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpyFromSymbol(h, taps, sizeof(taps), 0,
                             cudaMemcpyDeviceToDevice);
  std::free(h);
}

// A memset needs memory the device reaches.
void memsetOfMalloc(size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  void *h = std::malloc(bytes);
  // expected-note@+2 {{'cudaMemset' is called here on pageable host memory}}
  // expected-warning@+1 {{'cudaMemset' sets memory through a device address, but the destination 'h' is pageable host memory allocated by 'malloc' at line 249; the call fails with cudaErrorInvalidValue and sets nothing (use memset for host memory) [cuda-memcpy-kind]}}
  (void)cudaMemset(h, 0, bytes);
  std::free(h);
}

void memsetAsyncOfStack(cudaStream_t stream) {
  // expected-note@+1 {{'counters' is declared here, in stack memory}}
  int counters[32];
  // expected-note@+2 {{'cudaMemsetAsync' is called here on stack memory}}
  // expected-warning@+1 {{'cudaMemsetAsync' sets memory through a device address, but the destination 'counters' is stack memory declared at line 258; the call fails with cudaErrorInvalidValue and sets nothing (use memset for host memory) [cuda-memcpy-kind]}}
  (void)cudaMemsetAsync(counters, 0, sizeof(counters), stream);
}

// The driver API: the direction is in the name.
void driverMemsetOfHost(size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'new[]'}}
  unsigned char *h = new unsigned char[bytes];
  // expected-note@+2 {{'cuMemsetD8' is called here on pageable host memory}}
  // expected-warning@+1 {{'cuMemsetD8' sets memory through a device address, but the destination 'h' is pageable host memory allocated by 'new[]' at line 267; the call fails with CUDA_ERROR_INVALID_VALUE and sets nothing (use memset for host memory) [cuda-memcpy-kind]}}
  (void)cuMemsetD8(reinterpret_cast<CUdeviceptr>(h), 0, bytes);
  delete[] h;
}

void driverUploadIntoHost(const void *input, size_t bytes) {
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  void *h = std::malloc(bytes);
  // expected-note@+2 {{'cuMemcpyHtoD' is called here}}
  // expected-warning@+1 {{'cuMemcpyHtoD' copies host memory into device memory, but the destination 'h' is pageable host memory allocated by 'malloc' at line 276; the call fails with CUDA_ERROR_INVALID_VALUE and copies nothing [cuda-memcpy-kind]}}
  (void)cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(h), input, bytes);
  std::free(h);
}

void driverSwappedDownload(size_t bytes) {
  CUdeviceptr d;
  // expected-note@+1 {{device memory is allocated here by 'cuMemAlloc'}}
  (void)cuMemAlloc(&d, bytes);
  // expected-note@+1 {{pageable host memory is allocated here by 'malloc'}}
  void *h = std::malloc(bytes);
  // expected-note@+2 {{'cuMemcpyDtoH' is called here}}
  // expected-warning@+1 {{'cuMemcpyDtoH' copies device memory into host memory, but its destination and source are swapped: the destination 'd' is device memory allocated by 'cuMemAlloc' at line 286 and the source 'h' is pageable host memory allocated by 'malloc' at line 288; the call fails with CUDA_ERROR_INVALID_VALUE and copies nothing (swap them, or call 'cuMemcpyHtoD') [cuda-memcpy-kind]}}
  (void)cuMemcpyDtoH(reinterpret_cast<void *>(d),
                     reinterpret_cast<CUdeviceptr>(h), bytes);
  (void)cuMemFree(d);
  std::free(h);
}

// cudaHostGetDevicePointer gives the device address of mapped memory.
void mappedAliasSwapped(size_t bytes) {
  float *mapped, *alias, *result;
  // expected-note@+1 {{mapped pinned host memory is allocated here by 'cudaHostAlloc'}}
  (void)cudaHostAlloc(&mapped, bytes, cudaHostAllocMapped);
  // expected-note@+1 {{the device address of mapped pinned host memory is taken here by 'cudaHostGetDevicePointer'}}
  (void)cudaHostGetDevicePointer(&alias, mapped, 0);
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMallocHost(&result, bytes);
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but its destination and source are swapped: the destination 'result' is pinned host memory allocated by 'cudaMallocHost' at line 305 and the source 'alias' is device memory from 'cudaHostGetDevicePointer' at line 303; CUDA 13 copies by address whatever the kind says, from 'alias' into 'result' (swap them, or use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpy(result, alias, bytes, cudaMemcpyHostToDevice);
  (void)cudaFreeHost(result);
  (void)cudaFreeHost(mapped);
}

// Wrong on one path only: the notes show the branch taken.
void reassignedOnOneBranch(const float *hostInput, bool toHost, size_t bytes) {
  float *d, *h;
  (void)cudaMalloc(&d, bytes);
  // expected-note@+1 {{pinned host memory is allocated here by 'cudaMallocHost'}}
  (void)cudaMallocHost(&h, bytes);
  float *target = d;
  // expected-note@+2 {{assuming 'toHost' is true}}
  // expected-note@+1 {{taking true branch}}
  if (toHost)
    target = h;
  // expected-note@+2 {{'cudaMemcpy' is called here with cudaMemcpyHostToDevice}}
  // expected-warning@+1 {{'cudaMemcpy' is given cudaMemcpyHostToDevice, which copies host memory into device memory, but the destination 'target' is pinned host memory allocated by 'cudaMallocHost' at line 318; CUDA 13 copies by address whatever the kind says, so nothing fails, but CUDA documents the call as undefined [cuda-memcpy-kind]}}
  (void)cudaMemcpy(target, hostInput, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
  (void)cudaFreeHost(h);
}

// A copy helper that asks the runtime where its destination lives and takes
// only pinned memory for host memory: pageable memory is
// cudaMemoryTypeUnregistered (since CUDA 11), and its copies fail. The pointer
// query answers as the memory was allocated.
static void copyOut(float *dst, const float *src, size_t bytes, cudaStream_t stream) {
  cudaPointerAttributes where;
  if (cudaPointerGetAttributes(&where, dst) != cudaSuccess) // expected-note {{taking false branch}}
    return;
  cudaMemcpyKind kind =
      where.type == cudaMemoryTypeHost ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice; // expected-note {{field 'type' is not equal to cudaMemoryTypeHost}} expected-note {{'?' condition is false}}
  // expected-note@+2 {{'cudaMemcpyAsync' is called here with cudaMemcpyDeviceToDevice}}
  // expected-warning@+1 {{'cudaMemcpyAsync' is given cudaMemcpyDeviceToDevice, which copies device memory into device memory, but the destination 'dst' is pageable host memory from std::vector::data() at line 350; the call fails with cudaErrorInvalidValue and copies nothing (use cudaMemcpyDeviceToHost) [cuda-memcpy-kind]}}
  (void)cudaMemcpyAsync(dst, src, bytes, kind, stream);
}

void queriedHelperWithWrongKind(size_t count, cudaStream_t stream) {
  float *d;
  (void)cudaMalloc(&d, count * sizeof(float)); // expected-note {{device memory is allocated here by 'cudaMalloc'}}
  std::vector<float> result(count);
  copyOut(result.data(), d, count * sizeof(float), stream); // expected-note {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}} expected-note {{calling 'copyOut'}}
  (void)cudaFree(d);
}

// ---------------------------------------------------------- clean look-alikes

void rightKinds(size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  float *pinned, *d, *e;
  (void)cudaMallocHost(&pinned, bytes);
  (void)cudaMalloc(&d, bytes);
  (void)cudaMalloc(&e, bytes);
  (void)cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  (void)cudaMemcpy(e, d, bytes, cudaMemcpyDeviceToDevice);
  (void)cudaMemcpy(pinned, e, bytes, cudaMemcpyDeviceToHost);
  (void)cudaMemcpy(h, pinned, bytes, cudaMemcpyHostToHost);
  (void)cudaFree(d);
  (void)cudaFree(e);
  (void)cudaFreeHost(pinned);
  std::free(h);
}

void defaultKindIsAlwaysRight(size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(h, d, bytes, cudaMemcpyDefault);
  (void)cudaMemcpy(d, h, bytes, cudaMemcpyDefault);
  (void)cudaFree(d);
  std::free(h);
}

void managedTakesEveryKind(size_t bytes) {
  float *m, *d;
  float *h = static_cast<float *>(std::malloc(bytes));
  (void)cudaMallocManaged(&m, bytes);
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(m, h, bytes, cudaMemcpyHostToHost);
  (void)cudaMemcpy(m, h, bytes, cudaMemcpyHostToDevice);
  (void)cudaMemcpy(h, m, bytes, cudaMemcpyDeviceToHost);
  (void)cudaMemcpy(m, d, bytes, cudaMemcpyDeviceToDevice);
  (void)cudaMemcpy(d, m, bytes, cudaMemcpyHostToDevice);
  (void)cudaMemset(m, 0, bytes);
  (void)cudaFree(m);
  (void)cudaFree(d);
  std::free(h);
}

// Pointers of unknown origin are never judged, nor is a kind known only at
// run time.
void unknownProvenance(float *a, const float *b, size_t bytes) {
  (void)cudaMemcpy(a, b, bytes, cudaMemcpyHostToDevice);
  (void)cudaMemcpy(a, b, bytes, cudaMemcpyDeviceToHost);
  (void)cudaMemset(a, 0, bytes);
}

float *acquireStagingBuffer(size_t bytes);

void opaqueCallResult(size_t bytes) {
  float *buffer = acquireStagingBuffer(bytes);
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(d, buffer, bytes, cudaMemcpyDeviceToDevice);
  (void)cudaMemcpy(buffer, d, bytes, cudaMemcpyDeviceToHost);
  (void)cudaMemcpy(buffer, buffer, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void kindKnownOnlyAtRunTime(cudaMemcpyKind kind, size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(h, d, bytes, kind);
  (void)cudaFree(d);
  std::free(h);
}

// The kind follows the same condition as the placement of the memory.
void correlatedPlacement(const float *input, bool onDevice, size_t bytes) {
  float *buffer;
  if (onDevice)
    (void)cudaMalloc(&buffer, bytes);
  else
    buffer = static_cast<float *>(std::malloc(bytes));
  cudaMemcpyKind kind =
      onDevice ? cudaMemcpyHostToDevice : cudaMemcpyHostToHost;
  (void)cudaMemcpy(buffer, input, bytes, kind);
  if (onDevice)
    (void)cudaFree(buffer);
  else
    std::free(buffer);
}

void reassignedWithMatchingKind(bool keepOnHost, size_t bytes) {
  float *d, *h;
  (void)cudaMalloc(&d, bytes);
  h = static_cast<float *>(std::malloc(bytes));
  float *result = d;
  if (keepOnHost)
    result = h;
  (void)cudaMemcpy(result, d, bytes,
                   keepOnHost ? cudaMemcpyDeviceToHost
                              : cudaMemcpyDeviceToDevice);
  (void)cudaFree(d);
  std::free(h);
}

void offsetsAndFieldsKeepTheirSide(size_t count) {
  Staging s;
  s.host = static_cast<float *>(std::malloc(count * sizeof(float)));
  (void)cudaMalloc(&s.device, count * sizeof(float));
  for (size_t offset = 0; offset < count; offset += 1024)
    (void)cudaMemcpy(s.device + offset, s.host + offset, 1024 * sizeof(float),
                     cudaMemcpyHostToDevice);
  (void)cudaMemcpy(s.host, s.device, count * sizeof(float),
                   cudaMemcpyDeviceToHost);
  (void)cudaFree(s.device);
  std::free(s.host);
}

void pinnedAndMappedUsedRightly(size_t bytes, cudaStream_t stream) {
  float *pinned, *mapped, *alias, *d;
  (void)cudaMallocHost(&pinned, bytes);
  (void)cudaHostAlloc(&mapped, bytes, cudaHostAllocMapped);
  (void)cudaHostGetDevicePointer(&alias, mapped, 0);
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpyAsync(d, pinned, bytes, cudaMemcpyHostToDevice, stream);
  (void)cudaMemcpyAsync(alias, d, bytes, cudaMemcpyDeviceToDevice, stream);
  (void)cudaMemcpyAsync(pinned, mapped, bytes, cudaMemcpyHostToHost, stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(d);
  (void)cudaFreeHost(mapped);
  (void)cudaFreeHost(pinned);
}

void symbolsWithRightKinds(size_t bytes) {
  float staged[16] = {};
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpyToSymbol(taps, staged, sizeof(staged));
  (void)cudaMemcpyToSymbol(taps, d, sizeof(taps), 0, cudaMemcpyDeviceToDevice);
  (void)cudaMemcpyFromSymbol(lookup, taps, sizeof(taps));
  (void)cudaMemcpyFromSymbolAsync(d, taps, sizeof(taps), 0,
                                  cudaMemcpyDeviceToDevice, 0);
  (void)cudaFree(d);
}

void memsetsOfDeviceReachableMemory(size_t bytes) {
  float *d, *pinned, *mapped;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMallocHost(&pinned, bytes);
  (void)cudaHostAlloc(&mapped, bytes, cudaHostAllocMapped);
  (void)cudaMemset(d, 0, bytes);
  (void)cudaMemset(pinned, 0, bytes);
  (void)cudaMemsetAsync(mapped, 0, bytes, 0);
  (void)cudaFree(d);
  (void)cudaFreeHost(pinned);
  (void)cudaFreeHost(mapped);
}

void driverCopiesRight(const void *input, size_t bytes) {
  CUdeviceptr d, e;
  (void)cuMemAlloc(&d, bytes);
  (void)cuMemAlloc(&e, bytes);
  void *h = std::malloc(bytes);
  (void)cuMemcpyHtoD(d, input, bytes);
  (void)cuMemcpyDtoD(e, d, bytes);
  (void)cuMemcpyDtoH(h, e, bytes);
  (void)cuMemsetD32(d, 0, bytes / 4);
  (void)cuMemcpy(reinterpret_cast<CUdeviceptr>(h), d, bytes);
  (void)cuMemFree(d);
  (void)cuMemFree(e);
  std::free(h);
}

__device__ float deviceScratch[64];

// A __device__ variable's name is not a device address on the host (that
// takes cudaGetSymbolAddress or the Symbol copies): no kind makes it right.
void deviceVariableAsPointerIsAnotherBug(const float *input) {
  (void)cudaMemcpy(deviceScratch, input, sizeof(deviceScratch),
                   cudaMemcpyHostToHost);
}

// Released memory is cuda-use-after-free's to report.
void releasedMemoryIsUseAfterFree(float *unknown, size_t bytes) {
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaFree(d);
  (void)cudaMemcpy(unknown, d, bytes, cudaMemcpyHostToDevice);
}

void failedAllocationFallsBackToHost(const float *input, size_t bytes) {
  float *buffer = nullptr;
  if (cudaMalloc(&buffer, bytes) != cudaSuccess) {
    buffer = static_cast<float *>(std::malloc(bytes));
    (void)cudaMemcpy(buffer, input, bytes, cudaMemcpyHostToHost);
    std::free(buffer);
    return;
  }
  (void)cudaMemcpy(buffer, input, bytes, cudaMemcpyHostToDevice);
  (void)cudaFree(buffer);
}

void literalUploaded() {
  char *d;
  (void)cudaMalloc(&d, 8);
  (void)cudaMemcpy(d, "cudalint", 8, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void peerCopyHasNoKind(size_t bytes) {
  float *a, *b;
  (void)cudaMalloc(&a, bytes);
  (void)cudaSetDevice(1);
  (void)cudaMalloc(&b, bytes);
  (void)cudaMemcpyPeer(b, 1, a, 0, bytes);
  (void)cudaFree(b);
  (void)cudaSetDevice(0);
  (void)cudaFree(a);
}

void stackAndGlobalBuffersRight(size_t bytes) {
  float partial[64];
  float *d;
  (void)cudaMalloc(&d, bytes);
  (void)cudaMemcpy(d, lookup, sizeof(lookup), cudaMemcpyHostToDevice);
  (void)cudaMemcpy(partial, d, sizeof(partial), cudaMemcpyDeviceToHost);
  (void)cudaMemcpy(lookup, partial, sizeof(partial), cudaMemcpyHostToHost);
  (void)cudaFree(d);
}

void helperGivenRightPointers(size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  (void)cudaMalloc(&d, bytes);
  upload(d, h, bytes);
  (void)cudaFree(d);
  std::free(h);
}

void kindVariableMatching(size_t bytes) {
  float *h = static_cast<float *>(std::malloc(bytes));
  float *d;
  (void)cudaMalloc(&d, bytes);
  cudaMemcpyKind kind = cudaMemcpyDeviceToHost;
  (void)cudaMemcpy(h, d, bytes, kind);
  (void)cudaFree(d);
  std::free(h);
}

// The kind is chosen from a pointer query: on each branch the query's answer
// says where the pointer lives, and only the branch that the memory's origin
// selects can run.
static int placeOf(const void *p) {
  cudaPointerAttributes attributes;
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess)
    return -2;
  return attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged
             ? attributes.device
             : -1;
}

static void copyAnywhere(float *dst, const float *src, size_t bytes, cudaStream_t stream) {
  if (placeOf(dst) == -1)
    (void)cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream);
  else
    (void)cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream);
}

void kindsChosenByPointerQuery(size_t count, cudaStream_t stream) {
  float *d, *other;
  (void)cudaMalloc(&d, count * sizeof(float));
  (void)cudaMalloc(&other, count * sizeof(float));
  std::vector<float> result(count);
  copyAnywhere(result.data(), d, count * sizeof(float), stream);
  copyAnywhere(other, d, count * sizeof(float), stream);
  (void)cudaStreamSynchronize(stream);
  (void)cudaFree(other);
  (void)cudaFree(d);
}

void vectorRoundTrip(size_t count) {
  std::vector<float> values(count);
  float *d;
  (void)cudaMalloc(&d, count * sizeof(float));
  (void)cudaMemcpy(d, values.data(), count * sizeof(float),
                   cudaMemcpyHostToDevice);
  (void)cudaMemcpy(values.data(), d, count * sizeof(float),
                   cudaMemcpyDeviceToHost);
  (void)cudaFree(d);
}

void pitchedUploadRight(size_t width, size_t height) {
  float *image = new float[width * height];
  float *d;
  size_t pitch;
  (void)cudaMallocPitch(&d, &pitch, width * sizeof(float), height);
  (void)cudaMemcpy2D(d, pitch, image, width * sizeof(float),
                     width * sizeof(float), height, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
  delete[] image;
}

void driverGivenRuntimeMemory(const void *input, size_t bytes) {
  void *d;
  (void)cudaMalloc(&d, bytes);
  (void)cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(d), input, bytes);
  (void)cudaFree(d);
}

__managed__ int progress;

void managedVariableTakesEveryKind(const int *hostValue) {
  (void)cudaMemcpy(&progress, hostValue, sizeof(int), cudaMemcpyHostToDevice);
  (void)cudaMemcpy(&progress, hostValue, sizeof(int), cudaMemcpyHostToHost);
}
