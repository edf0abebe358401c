// cudalint-args: --checks=-*,cuda-alloc-pointer-arg
// cuda-alloc-pointer-arg in C: darknet's cuda_make_array with its
// out-parameter right and wrong. Statuses are checked through
// check_error to keep this file about one check.
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdlib.h>

void check_error(cudaError_t status);

// The cast hides the missing '&': cudaMalloc writes through x_gpu.
float *cuda_make_array_wrong(float *x, size_t n) {
  float *x_gpu; // expected-note {{'x_gpu' is declared here}}
  check_error(cudaMalloc((void **)x_gpu, sizeof(float) * n)); // expected-warning {{'x_gpu' is of type 'float *', not the address of a pointer; cudaMalloc writes the new address into the memory 'x_gpu' points to (a crash when 'x_gpu' is uninitialised) and 'x_gpu' never receives it [cuda-alloc-pointer-arg]}}
  return x_gpu;
}

float *cuda_make_array_null(float *x, size_t n) {
  float *x_gpu = NULL; // expected-note {{'x_gpu' is initialised to null here and never changed}}
  check_error(cudaMalloc((void **)x_gpu, sizeof(float) * n)); // expected-warning {{the out-parameter of cudaMalloc is a null pointer}}
  return x_gpu;
}

float *cuda_make_array(float *x, size_t n) {
  float *x_gpu;
  check_error(cudaMalloc((void **)&x_gpu, sizeof(float) * n));
  return x_gpu;
}

struct layer {
  float *output_gpu; // expected-note {{'output_gpu' is declared here}}
  int outputs;
};

void make_layer_wrong(struct layer *l) {
  check_error(cudaMalloc((void **)l->output_gpu, sizeof(float) * l->outputs)); // expected-warning {{'output_gpu' is of type 'float *', not the address of a pointer}}
}

void make_layer(struct layer *l) {
  check_error(cudaMalloc((void **)&l->output_gpu, sizeof(float) * l->outputs));
}

float *pinned_wrong(size_t n) {
  float *host = NULL; // expected-note {{'host' is initialised to null here and never changed}}
  check_error(cudaMallocHost((void **)host, n)); // expected-warning {{the out-parameter of cudaMallocHost is a null pointer}}
  return host;
}
