// cudalint-flags: -std=c++17
// cudalint-headers: toolkit
// Host code asks nvcc's extended-lambda type traits, which nvcc provides as
// built-ins (AMReX's AMReX_TypeTraits.H does, under __NVCC__). Clang has no
// such built-ins, and the unit used to fail with "'T' does not refer to a
// value". The leak below shows it is analysed.
#include <cuda_runtime.h>
#include <type_traits>

template <class T, class Enable = void> struct MaybeHostRunnable : std::true_type {};

template <class T>
struct MaybeHostRunnable<T, std::enable_if_t<__nv_is_extended_device_lambda_closure_type(T)>>
    : std::false_type {};

template <class F> bool runsOnHost(F) {
  return MaybeHostRunnable<F>::value &&
         !__nv_is_extended_host_device_lambda_closure_type(F) &&
         !__nv_is_extended_device_lambda_with_preserved_return_type(F);
}

float *staged(int n) {
  float *device;
  auto square = [](float x) { return x * x; };
  if (!runsOnHost(square)) // expected-note {{taking false branch}}
    return nullptr;
  // expected-note@+1 {{device memory is allocated here by 'cudaMalloc'}}
  if (cudaMalloc((void **)&device, n * sizeof(float)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' is not released on every path; the GPU keeps it allocated until the process exits [cuda-memory-leak]}}
    return nullptr; // expected-note@-1 {{assuming the condition is false}} expected-note@-1 {{taking false branch}}
  // expected-note@+1 {{assuming the condition is true}}
  if (cudaMemset(device, 0, n * sizeof(float)) != cudaSuccess) // expected-note {{taking true branch}}
    return nullptr; // expected-note {{'staged' returns here without releasing the memory}}
  return device;
}
