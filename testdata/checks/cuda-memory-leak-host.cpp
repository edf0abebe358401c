// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak in a C++ unit that the host compiler builds: a RAII
// buffer that releases its memory, and a function that loses it.
#include <cuda_runtime.h>
#include <cstddef>
#include <stdexcept>

class DeviceBuffer {
public:
  explicit DeviceBuffer(std::size_t bytes) {
    if (cudaMalloc(&data_, bytes) != cudaSuccess)
      throw std::runtime_error("cudaMalloc failed");
  }
  ~DeviceBuffer() { (void)cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  void *get() const { return data_; }

private:
  void *data_ = nullptr;
};

int upload(const float *host, std::size_t n) {
  DeviceBuffer buffer(n * sizeof(float));
  return cudaMemcpy(buffer.get(), host, n * sizeof(float), cudaMemcpyHostToDevice) ==
                 cudaSuccess
             ? 0
             : -1;
}

int upload_leaky(const float *host, std::size_t n) {
  float *device = nullptr;
  if (cudaMalloc(&device, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}} expected-note {{device memory is allocated here by 'cudaMalloc'}} expected-note {{assuming the condition is false}} expected-note {{taking false branch}}
    return -1;
  if (cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice) != cudaSuccess) // expected-note {{assuming the condition is true}} expected-note {{taking true branch}}
    return -1; // expected-note {{'upload_leaky' returns here without releasing the memory}}
  return cudaFree(device) == cudaSuccess ? 0 : -1;
}
