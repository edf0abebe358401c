// cuda-copy-size: byte counts that cannot be right, and look-alikes that are.
#include <cuda_runtime.h>
#include <cstdlib>
#include <vector>

void use(float *);

// --- sizeof of a pointer ----------------------------------------------------

void sizeofHostPointer(float *d, int n) {
  float *h = (float *)malloc(n * sizeof(float));
  (void)cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice); // expected-warning {{the byte count 'sizeof(h)' is the size of the pointer 'h' (8 bytes), not of the memory it points to; 'cudaMemcpy' moves 8 bytes and succeeds, leaving the rest of the buffer as it was; count the elements times sizeof(float) [cuda-copy-size]}} expected-note {{the byte count is the size of a pointer}}
  free(h);
}

void sizeofDevicePointer(float *h, float *d) {
  (void)cudaMemcpy(h, d, sizeof(d), cudaMemcpyDeviceToHost); // expected-warning {{the byte count 'sizeof(d)' is the size of the pointer 'd' (8 bytes), not of the memory it points to; 'cudaMemcpy' moves 8 bytes and succeeds, leaving the rest of the buffer as it was; count the elements times sizeof(float) [cuda-copy-size]}} expected-note {{the byte count is the size of a pointer}}
}

void sizeofInMemset(float *d) {
  (void)cudaMemset(d, 0, sizeof(d)); // expected-warning {{the byte count 'sizeof(d)' is the size of the pointer 'd' (8 bytes), not of the memory it points to; 'cudaMemset' moves 8 bytes and succeeds, leaving the rest of the buffer as it was; count the elements times sizeof(float) [cuda-copy-size]}} expected-note {{the byte count is the size of a pointer}}
}

void sizeofInAllocation() {
  float *d = nullptr;
  if (cudaMalloc(&d, sizeof(d)) != cudaSuccess) // expected-warning {{the byte count 'sizeof(d)' is the size of the pointer 'd' (8 bytes), not of the memory it points to; 'cudaMalloc' allocates 8 bytes, and the code that fills it writes past its end; count the elements times sizeof(float) [cuda-copy-size]}} expected-note {{the byte count is the size of a pointer}}
    return;
  use(d);
}

void sizeofInAsyncCopy(float *d, const float *h, cudaStream_t stream) {
  (void)cudaMemcpyAsync(d, h, sizeof(h), cudaMemcpyHostToDevice, stream); // expected-warning {{the byte count 'sizeof(h)' is the size of the pointer 'h' (8 bytes), not of the memory it points to; 'cudaMemcpyAsync' moves 8 bytes and succeeds, leaving the rest of the buffer as it was; count the elements times sizeof(float) [cuda-copy-size]}} expected-note {{the byte count is the size of a pointer}}
}

// An array parameter is a pointer: sizeof gives 8, not 1024.
void sizeofArrayParameter(float *d, float h[256]) {
  (void)cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice); // expected-warning {{the byte count 'sizeof(h)' is the size of the pointer 'h' (8 bytes), not of the memory it points to; 'cudaMemcpy' moves 8 bytes and succeeds, leaving the rest of the buffer as it was; count the elements times sizeof(float) [cuda-copy-size]}} expected-note {{the byte count is the size of a pointer}}
}

void sizeofElementIsRight(float *d, const float *h, int n) {
  (void)cudaMemcpy(d, h, n * sizeof(*h), cudaMemcpyHostToDevice);
}

void sizeofPointerTypeForPointerArrays(float **d_rows, float *const *h_rows, int n) {
  (void)cudaMemcpy(d_rows, h_rows, n * sizeof(float *), cudaMemcpyHostToDevice);
}

__device__ float *d_table;

void copyPointerValueToSymbol(float *h_table) {
  (void)cudaMemcpyToSymbol(d_table, &h_table, sizeof(h_table));
}

void copyPointerValue(float **d_slot, float *p) {
  (void)cudaMemcpy(d_slot, &p, sizeof(p), cudaMemcpyHostToDevice);
}

void allocatePointerSlot(float *p) {
  float **slot = nullptr;
  if (cudaMalloc(&slot, sizeof(p)) != cudaSuccess)
    return;
  (void)cudaMemcpy(slot, &p, sizeof(p), cudaMemcpyHostToDevice);
  (void)cudaFree(slot);
}

void sizeofWholeArray(float *d) {
  float h[256] = {};
  (void)cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
}

// --- counts larger than the memory -------------------------------------------

void allocatedInElements(const float *h, size_t n) {
  float *d = nullptr;
  if (cudaMalloc(&d, n) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 'n * sizeof(float)' bytes into 'd', but the device memory (allocated by 'cudaMalloc') holds 'n' bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied; the count is 4 times the allocation's size: was it sized in elements rather than bytes? The kernels that use it then write past its end too [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void constantOverrun(const char *h) {
  char *d = nullptr;
  if (cudaMalloc(&d, 1024) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(d, h, 2048, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 2048 bytes into 'd', but the device memory (allocated by 'cudaMalloc') holds 1024 bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void memsetWiderElements(size_t n) {
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemset(d, 0, n * sizeof(double)); // expected-warning {{'cudaMemset' sets 'n * sizeof(double)' bytes into 'd', but the device memory (allocated by 'cudaMalloc') holds 'n * sizeof(float)' bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is set; the count is 2 times the allocation's size: was it sized in elements rather than bytes? The kernels that use it then write past its end too [cuda-copy-size]}} expected-note {{'cudaMemset' sets more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void hostSourceTooSmall(size_t n) {
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) // expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  float *h = (float *)malloc(n); // expected-note {{pageable host memory is allocated here by 'malloc'}}
  (void)cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 'n * sizeof(float)' bytes from 'h', but the pageable host memory (allocated by 'malloc') holds 'n' bytes; the call reads past the end of the buffer; the count is 4 times the allocation's size: was it sized in elements rather than bytes? [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the pageable host memory holds}}
  free(h);
  (void)cudaFree(d);
}

void stackSourceTooSmall(float *d) {
  float h[16] = {};
  (void)cudaMemcpy(d, h, 32 * sizeof(float), cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 128 bytes from 'h', but the stack memory ('h') holds 64 bytes; the call reads past the end of the buffer [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the stack memory holds}}
}

void overrunAfterOffset(const char *h) {
  char *d = nullptr;
  if (cudaMalloc(&d, 1024) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(d + 512, h, 1024, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 1024 bytes into 'd + 512', but the device memory (allocated by 'cudaMalloc') holds 512 bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void overrunProvedByTheBranch(const char *h, size_t n) {
  char *d = nullptr;
  if (cudaMalloc(&d, 256) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  if (n < 512) // expected-note {{assuming 'n' is >= 512}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(d, h, n, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 'n' bytes into 'd', but the device memory (allocated by 'cudaMalloc') holds 256 bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void managedTooSmall(const float *h, size_t n) {
  float *m = nullptr;
  if (cudaMallocManaged(&m, n) != cudaSuccess) // expected-note {{managed memory is allocated here by 'cudaMallocManaged'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(m, h, n * sizeof(float), cudaMemcpyDefault); // expected-warning {{'cudaMemcpy' copies 'n * sizeof(float)' bytes into 'm', but the managed memory (allocated by 'cudaMallocManaged') holds 'n' bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied; the count is 4 times the allocation's size: was it sized in elements rather than bytes? The kernels that use it then write past its end too [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the managed memory holds}}
  (void)cudaFree(m);
}

void pinnedDestinationTooSmall(const float *d, size_t n) {
  float *h = nullptr;
  if (cudaMallocHost(&h, n) != cudaSuccess) // expected-note {{pinned host memory is allocated here by 'cudaMallocHost'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(h, d, 2 * n, cudaMemcpyDeviceToHost); // expected-warning {{'cudaMemcpy' copies '2 * n' bytes into 'h', but the pinned host memory (allocated by 'cudaMallocHost') holds 'n' bytes; the call writes past the end of the buffer; the count is 2 times the allocation's size: was it sized in elements rather than bytes? [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the pinned host memory holds}}
  (void)cudaFreeHost(h);
}

void callocInFloats(float *d, size_t n) {
  double *h = (double *)calloc(n, sizeof(float)); // expected-note {{pageable host memory is allocated here by 'calloc'}}
  (void)cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 'n * sizeof(double)' bytes from 'h', but the pageable host memory (allocated by 'calloc') holds 'n' elements of 'sizeof(float)' bytes; the call reads past the end of the buffer; the count is 2 times the allocation's size: was it sized in elements rather than bytes? [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the pageable host memory holds}}
  free(h);
}

void asyncOverrun(const float *h, cudaStream_t stream) {
  float *d = nullptr;
  if (cudaMallocAsync(&d, 100 * sizeof(float), stream) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMallocAsync'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpyAsync(d, h, 200 * sizeof(float), cudaMemcpyHostToDevice, stream); // expected-warning {{'cudaMemcpyAsync' copies 800 bytes into 'd', but the device memory (allocated by 'cudaMallocAsync') holds 400 bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied [cuda-copy-size]}} expected-note {{'cudaMemcpyAsync' copies more bytes than the device memory holds}}
  (void)cudaFreeAsync(d, stream);
}

void sameSize(const float *h, size_t n) {
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return;
  (void)cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  (void)cudaMemcpy(d, h, (n / 2) * sizeof(float), cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void unrelatedCounts(const float *h, size_t n, size_t m) {
  float *d = nullptr;
  if (cudaMalloc(&d, n) != cudaSuccess)
    return;
  (void)cudaMemcpy(d, h, m, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void unknownSize(float *d, const float *h, size_t n) {
  (void)cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
}

void vectorSource(float *d, const std::vector<float> &values) {
  (void)cudaMemcpy(d, values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice);
}

void offsetWithinBounds(const char *h) {
  char *d = nullptr;
  if (cudaMalloc(&d, 1024) != cudaSuccess)
    return;
  (void)cudaMemcpy(d + 512, h, 512, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void boundedByTheBranch(const char *h, size_t n) {
  char *d = nullptr;
  if (cudaMalloc(&d, 256) != cudaSuccess)
    return;
  if (n > 256)
    return;
  (void)cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

// --- 2D copies ----------------------------------------------------------------

void rowsWiderThanPitch(float *d, const float *h) {
  (void)cudaMemcpy2D(d, 256, h, 512, 512, 8, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy2D' is given rows of 512 bytes but a destination pitch of 256 bytes: rows would overlap, and the runtime refuses the call with cudaErrorInvalidPitchValue; the pitch is the distance between rows in bytes, at least the width [cuda-copy-size]}} expected-note {{a row is wider than the destination pitch}}
}

void memset2DRowsWiderThanPitch(float *d) {
  (void)cudaMemset2D(d, 128, 0, 256, 4); // expected-warning {{'cudaMemset2D' is given rows of 256 bytes but a destination pitch of 128 bytes: rows would overlap, and the runtime refuses the call with cudaErrorInvalidPitchValue; the pitch is the distance between rows in bytes, at least the width [cuda-copy-size]}} expected-note {{a row is wider than the destination pitch}}
}

void rowsPastTheAllocation(const char *h) {
  char *d = nullptr;
  if (cudaMalloc(&d, 256 * 8) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy2D(d, 256, h, 256, 256, 16, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy2D' copies 4096 bytes into 'd', but the device memory (allocated by 'cudaMalloc') holds 2048 bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied [cuda-copy-size]}} expected-note {{'cudaMemcpy2D' copies more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void pitchedAllocation(const float *h, size_t width, size_t height) {
  float *d = nullptr;
  size_t pitch = 0;
  if (cudaMallocPitch(&d, &pitch, width * sizeof(float), height) != cudaSuccess)
    return;
  (void)cudaMemcpy2D(d, pitch, h, width * sizeof(float), width * sizeof(float), height,
                     cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

void rowsThatFit(const char *h) {
  char *d = nullptr;
  if (cudaMalloc(&d, 256 * 16) != cudaSuccess)
    return;
  (void)cudaMemcpy2D(d, 256, h, 200, 200, 16, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

// --- products written in another order ----------------------------------------

void squareMatrixInElements(const double *h, int size) {
  double *d = nullptr;
  if (cudaMalloc(&d, size * size) != cudaSuccess) // expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return;
  (void)cudaMemcpy(d, h, sizeof(double) * size * size, cudaMemcpyHostToDevice); // expected-warning {{'cudaMemcpy' copies 'sizeof(double) * size * size' bytes into 'd', but the device memory (allocated by 'cudaMalloc') holds 'size * size' bytes; the runtime refuses the call with cudaErrorInvalidValue and nothing is copied; the count is 8 times the allocation's size: was it sized in elements rather than bytes? The kernels that use it then write past its end too [cuda-copy-size]}} expected-note {{'cudaMemcpy' copies more bytes than the device memory holds}}
  (void)cudaFree(d);
}

void productsInAnotherOrder(const float *h, size_t rows, size_t cols) {
  float *d = nullptr;
  if (cudaMalloc(&d, rows * cols * sizeof(float)) != cudaSuccess)
    return;
  (void)cudaMemcpy(d, h, sizeof(float) * cols * rows, cudaMemcpyHostToDevice);
  (void)cudaMemset(d, 0, cols * sizeof(float) * rows);
  (void)cudaFree(d);
}

void productsOfOtherSymbols(const float *h, size_t rows, size_t cols, size_t depth) {
  float *d = nullptr;
  if (cudaMalloc(&d, rows * cols * depth * sizeof(float)) != cudaSuccess)
    return;
  (void)cudaMemcpy(d, h, sizeof(float) * cols * rows, cudaMemcpyHostToDevice);
  (void)cudaFree(d);
}

// --- memset values that are not a byte ----------------------------------------

void memsetFloatValue(float *d, size_t n, float scale) {
  (void)cudaMemset(d, 1.0f, n * sizeof(float)); // expected-warning {{'cudaMemset' sets every byte to the low byte of an int, but the value '1.0f' is a 'float': it is converted to int and cut to one byte, so no element ends up holding it (1.0f would make every float 0x01010101, about 2.4e-38); only 0 fills floats with 0.0, other values need a kernel or thrust::fill [cuda-copy-size]}} expected-note {{'cudaMemset' is given a value that is not a byte}}
  (void)cudaMemset(d, scale, n * sizeof(float)); // expected-warning {{the value 'scale' is a 'float'}} expected-note {{'cudaMemset' is given a value that is not a byte}}
}

void memsetWideConstant(int *d, size_t n, cudaStream_t stream) {
  (void)cudaMemset(d, 300, n * sizeof(int)); // expected-warning {{'cudaMemset' sets every byte to the low byte of its value, but 300 does not fit in a byte: every byte becomes 0x2c (44); the value is one byte, not an element [cuda-copy-size]}} expected-note {{'cudaMemset' is given a value that is not a byte}}
  int fill = 0x7fffffff;
  (void)cudaMemsetAsync(d, fill, n * sizeof(int), stream); // expected-warning {{'cudaMemsetAsync' sets every byte to the low byte of its value, but 2147483647 does not fit in a byte: every byte becomes 0xff (255)}} expected-note {{'cudaMemsetAsync' is given a value that is not a byte}}
}

template <typename T> void fillWith(T *d, T value, size_t n) {
  (void)cudaMemset(d, value, n * sizeof(T)); // expected-warning {{'cudaMemset' sets every byte to the low byte of its value, but the value 'value' has type 'T' ('int' here): each 'int' becomes 4 copies of that byte, so only 0 and -1 come out as written; other values need a kernel or thrust::fill [cuda-copy-size]}} expected-note {{'cudaMemset' is given a value that is not a byte}}
}

void fillsIntsWithAValue(int *d, int value, size_t n) { fillWith(d, value, n); } // expected-note {{calling 'fillWith<int>'}}

// Values that fill as written: zero of any type, -1, a byte, bytes of a
// char template, an int whose value is not known.
void memsetValuesThatAreRight(float *d, int *i, unsigned char *b, size_t n, int value,
                              unsigned char byte) {
  (void)cudaMemset(d, 0, n * sizeof(float));
  (void)cudaMemset(d, 0.0f, n * sizeof(float));
  (void)cudaMemset(i, -1, n * sizeof(int));
  (void)cudaMemset(i, 0xff, n * sizeof(int));
  (void)cudaMemset(b, 'x', n);
  (void)cudaMemset(b, value, n);
  (void)cudaMemset(i, (int)1.5f, n);
  fillWith(b, byte, n);
  fillWith(i, 0, n);
  fillWith(i, -1, n);
}
