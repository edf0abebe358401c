// cudalint-args: --checks=-*,cuda-unchecked-error
// cuda-unchecked-error: a status handed to a function that never reads it.
// The usual one is a check function whose body a release build compiles
// away: every CHECK(...) of the program then ignores its status. Handing a
// status to a function counts as reading it only when that function reads
// its parameter.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstdio>
#include <cstdlib>

#define CHECK_RELEASE_BUILD 1

// The check as the release build compiles it.
static void checkCuda(cudaError_t status, const char *file, int line) { // expected-note 2 {{'checkCuda' does not read this parameter}}
#if !CHECK_RELEASE_BUILD
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s:%d: %s\n", file, line, cudaGetErrorString(status));
    std::exit(1);
  }
#else
  (void)status;
  (void)file;
  (void)line;
#endif
}
#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

// Hands the status on to the function above, which drops it.
static void checkDriver(CUresult result, cudaError_t runtime) { // expected-note {{'checkDriver' does not read this parameter}}
  if (result != CUDA_SUCCESS)
    std::exit(1);
  checkCuda(runtime, __FILE__, __LINE__);
}

// ------------------------------------------------------------------- bugs

void allocateChecked(float **device, size_t count) {
  CHECK(cudaMalloc(device, count * sizeof(float))); // expected-warning {{the cudaError_t returned by 'cudaMalloc' is handed to 'checkCuda', which never reads it; if the call fails, nothing notices [cuda-unchecked-error]}}
  CHECK(cudaMemset(*device, 0, count * sizeof(float))); // expected-warning {{the cudaError_t returned by 'cudaMemset' is handed to 'checkCuda', which never reads it}}
}

void bothApis(CUdeviceptr *pointer) {
  checkDriver(cuMemAlloc(pointer, 64), cudaDeviceSynchronize()); // expected-warning {{the cudaError_t returned by 'cudaDeviceSynchronize' is handed to 'checkDriver', which never reads it}}
}

// A checker object: its call operator reads the first status, not the
// second.
struct FirstOfTwo {
  void operator()(cudaError_t first, cudaError_t second) const { // expected-note {{'FirstOfTwo::operator()' does not read this parameter}}
    if (first != cudaSuccess)
      std::exit(1);
    (void)second;
  }
};

void throughCallOperator(float **device) {
  FirstOfTwo check;
  check(cudaMalloc(device, 64), cudaGetLastError()); // expected-warning {{the cudaError_t returned by 'cudaGetLastError' is handed to 'FirstOfTwo::operator()', which never reads it}}
}

// ---------------------------------------------------------- clean look-alikes

static void checkAndExit(cudaError_t status) {
  if (status != cudaSuccess)
    std::exit(1);
}

static bool failed(cudaError_t status) { return status != cudaSuccess; }

static cudaError_t passOn(cudaError_t status) { return status; }

struct StatusLog {
  cudaError_t last = cudaSuccess;
  void record(cudaError_t status) { last = status; }
};

template <typename Status> void checkTemplate(Status status) {
  if (status)
    std::exit(1);
}

static void checkInLambda(cudaError_t status) {
  auto report = [status] {
    if (status != cudaSuccess)
      std::exit(1);
  };
  report();
}

void handedToReaders(float **device, StatusLog &log) {
  checkAndExit(cudaMalloc(device, 64));
  if (failed(cudaMemset(*device, 0, 64)))
    return;
  if (passOn(cudaDeviceSynchronize()) != cudaSuccess)
    return;
  log.record(cudaGetLastError());
  checkTemplate(cudaFree(*device));
  checkInLambda(cudaDeviceSynchronize());
}

// A function the unit only declares may read it: it is not judged without
// a summary of its definition.
void reportElsewhere(cudaError_t status);

void handedToUnknown() { reportElsewhere(cudaDeviceSynchronize()); }
