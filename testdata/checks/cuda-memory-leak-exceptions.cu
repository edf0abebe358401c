// cudalint-args: --checks=-*,cuda-memory-leak --extra-arg=-Xclang --extra-arg=-verify-ignore-unexpected=note
// cuda-memory-leak and exceptions: a status check that throws leaves the
// function, and every buffer only a raw pointer of the frames it leaves
// holds is lost. Memory an owner releases on the way out (an RAII class
// whose destructor frees, a std::unique_ptr with a deleter), memory the
// function releases in its own handler, memory that escaped before the
// throw, and exceptions that end the program (leaving main or a noexcept
// function: std::terminate) are not reported. Only the notes that matter
// here are checked: where the memory is allocated and where it is lost.
#include <cuda_runtime.h>
#include <cstddef>
#include <memory>
#include <stdexcept>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess)                                                \
      throw std::runtime_error(cudaGetErrorString(status_));                   \
  } while (0)

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

// The buffer allocated first is lost when the second allocation throws, and
// both when a copy throws.
void axpyOnDevice(float a, const float *x, float *y, int n) {
  size_t bytes = n * sizeof(float);
  float *dx, *dy;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  CUDA_CHECK(cudaMalloc(&dx, bytes)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
  // expected-note@+2 {{the exception thrown here leaves 'axpyOnDevice' without releasing the memory}}
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  CUDA_CHECK(cudaMalloc(&dy, bytes)); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  CUDA_CHECK(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice)); // expected-note {{the exception thrown here leaves 'axpyOnDevice' without releasing the memory}}
  CUDA_CHECK(cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice));
  axpy<<<(n + 255) / 256, 256>>>(a, dx, dy, n);
  CUDA_CHECK(cudaMemcpy(y, dy, bytes, cudaMemcpyDeviceToHost));
  cudaFree(dx);
  cudaFree(dy);
}

// The throw is in a helper: it leaves the helper and then the caller, whose
// buffer is lost.
static void check(cudaError_t status) {
  if (status != cudaSuccess)
    throw std::runtime_error(cudaGetErrorString(status)); // expected-note {{the exception thrown here leaves 'upload' without releasing the memory}}
}

void upload(const float *host, int n, float *result) {
  float *device;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  check(cudaMalloc(&device, n * sizeof(float))); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  // expected-note@+1 {{calling 'check'}}
  check(cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice));
  axpy<<<(n + 255) / 256, 256>>>(2.0f, device, device, n);
  check(cudaMemcpy(result, device, sizeof(float), cudaMemcpyDeviceToHost));
  cudaFree(device);
}

// Clean: an RAII owner. Unwinding runs the destructor, which frees.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes) { CUDA_CHECK(cudaMalloc(&data_, bytes)); }
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  float *get() const { return data_; }

private:
  float *data_ = nullptr;
};

void axpyWithOwners(float a, const float *x, float *y, int n) {
  size_t bytes = n * sizeof(float);
  DeviceBuffer dx(bytes), dy(bytes);
  CUDA_CHECK(cudaMemcpy(dx.get(), x, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy.get(), y, bytes, cudaMemcpyHostToDevice));
  axpy<<<(n + 255) / 256, 256>>>(a, dx.get(), dy.get(), n);
  CUDA_CHECK(cudaMemcpy(y, dy.get(), bytes, cudaMemcpyDeviceToHost));
}

// Clean: a smart pointer with a deleter owns the memory.
struct CudaFree {
  void operator()(float *p) const { cudaFree(p); }
};

void axpyWithUniquePtr(float a, const float *x, float *y, int n) {
  size_t bytes = n * sizeof(float);
  float *raw = nullptr;
  CUDA_CHECK(cudaMalloc(&raw, bytes));
  std::unique_ptr<float, CudaFree> dx(raw);
  CUDA_CHECK(cudaMemcpy(dx.get(), x, bytes, cudaMemcpyHostToDevice));
  axpy<<<(n + 255) / 256, 256>>>(a, dx.get(), y, n);
}

// Clean: the function catches what it throws, frees and rethrows.
void axpyWithHandler(float a, const float *x, float *y, int n) {
  size_t bytes = n * sizeof(float);
  float *dx;
  CUDA_CHECK(cudaMalloc(&dx, bytes));
  try {
    CUDA_CHECK(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice));
    axpy<<<(n + 255) / 256, 256>>>(a, dx, y, n);
    CUDA_CHECK(cudaDeviceSynchronize());
  } catch (...) {
    cudaFree(dx);
    throw;
  }
  cudaFree(dx);
}

// Clean: the caller catches an exception of a helper, and the buffer is
// still the caller's to free.
static void clear(float *device, int n) {
  CUDA_CHECK(cudaMemset(device, 0, n * sizeof(float)));
}

int clearGuarded(int n) {
  float *device;
  if (cudaMalloc(&device, n * sizeof(float)) != cudaSuccess)
    return -1;
  try {
    clear(device, n);
  } catch (const std::runtime_error &) {
    cudaFree(device);
    return -1;
  }
  cudaFree(device);
  return 0;
}

// Clean: the memory escaped before the throw, through an out-parameter and
// into a global.
float *gScratch;

void allocateBoth(float **out, int n) {
  CUDA_CHECK(cudaMalloc(out, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&gScratch, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(*out, 0, n * sizeof(float)));
}

// Clean: an exception that leaves a noexcept function ends the program
// (std::terminate), as abort() does.
void resetNoexcept(int n) noexcept {
  float *device;
  CUDA_CHECK(cudaMalloc(&device, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(device, 0, n * sizeof(float)));
  cudaFree(device);
}

// The usual checking macro builds its message with std::string: the path is
// judged as the throw's operand starts, before libstdc++'s concatenation
// (where the analyzer loses it) runs.
#include <string>
#define CUDA_CHECK_NAMED(call)                                                 \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess)                                                \
      throw std::runtime_error(std::string(#call) + ": " +                     \
                               cudaGetErrorString(status_));                   \
  } while (0)

void scaleWithNamedChecks(float *host, int n) {
  float *device;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  CUDA_CHECK_NAMED(cudaMalloc(&device, n * sizeof(float))); // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path}}
  CUDA_CHECK_NAMED(cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice)); // expected-note {{the exception thrown here leaves 'scaleWithNamedChecks' without releasing the memory}}
  axpy<<<(n + 255) / 256, 256>>>(2.0f, device, device, n);
  cudaFree(device);
}
