// cudalint-args: --checks=-*,cuda-memory-leak --extra-arg=-Xclang --extra-arg=-verify-ignore-unexpected=note
// cuda-memory-leak for memory that globals and statics still hold when main
// returns or calls exit(0): reported as main's own locals are, once per
// allocation. Memory released before, handed to code that may keep it, held
// by an object whose destructor runs after main, or never allocated (the
// call failed) is not. Only the warnings are checked here.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void fill(float *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] = 1.0f;
}

void keep(float *buffer); // defined elsewhere: may keep the pointer

static float *d_state;
float *g_table;
float *g_slots[2];
float *g_freed;
float *g_kept;
float *g_checked;
float *g_host;

// A global object whose destructor runs after main returns.
class DeviceBuffer {
public:
  void allocate(int n) { (void)cudaMalloc(&data_, n * sizeof(float)); }
  ~DeviceBuffer() { (void)cudaFree(data_); }
  float *data_ = nullptr;
};
DeviceBuffer g_owner;

void setup(int n) {
  (void)cudaMalloc(&d_state, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is still allocated when the program ends; the process exit releases it, but leak checkers such as compute-sanitizer's report it, and the code leaks once it moves out of 'main' [cuda-memory-leak]}}
  (void)cudaMalloc(&g_freed, n * sizeof(float));
}

void teardown() { (void)cudaFree(g_freed); }

// A lazily allocated scratch buffer, kept for the whole run.
float *scratch(int n) {
  static float *buffer = nullptr;
  if (!buffer)
    (void)cudaMalloc(&buffer, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is still allocated when the program ends}}
  return buffer;
}

int main(int argc, char **argv) {
  int n = 1 << 10;
  // keep() is not followed: it may release any global, so it comes first.
  (void)cudaMalloc(&g_kept, n * sizeof(float));
  keep(g_kept);
  if (cudaMalloc(&g_checked, n * sizeof(float)) != cudaSuccess)
    return EXIT_FAILURE;
  setup(n);
  (void)cudaMallocManaged(&g_table, n * sizeof(float)); // expected-warning {{managed memory allocated by 'cudaMallocManaged' is still allocated when the program ends}}
  for (int i = 0; i < 2; ++i)
    (void)cudaMalloc(&g_slots[i], n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' is still allocated when the program ends}}
  g_owner.allocate(n);
  g_host = static_cast<float *>(malloc(n * sizeof(float)));
  fill<<<(n + 255) / 256, 256>>>(scratch(n), n);
  fill<<<(n + 255) / 256, 256>>>(d_state, n);
  (void)cudaDeviceSynchronize();
  (void)cudaFree(g_checked);
  teardown();
  if (argc > 2)
    exit(0);
  return 0;
}
