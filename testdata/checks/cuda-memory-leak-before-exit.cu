// cudalint-args: --checks=-*,cuda-memory-leak --extra-arg=-Xclang --extra-arg=-verify-ignore-unexpected=note
// cuda-memory-leak when the program ends in exit(): memory lost where every
// way on ends in exit(EXIT_FAILURE) or another noreturn call is given up
// with the process, not reported; memory a helper loses before main ends
// with `exit(ok ? EXIT_SUCCESS : EXIT_FAILURE)` is reported, also where the
// rest of the program is too long for the analyzer to walk to its end.
// Only the notes that matter here are checked.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

static void fail(const char *what) {
  std::fprintf(stderr, "%s failed\n", what);
  std::exit(EXIT_FAILURE);
}

// ---------------------------------------------------------- given up: clean

void exitsOnError(const float *host) {
  float *d;
  if (cudaMalloc(&d, 64) != cudaSuccess)
    return;
  if (cudaMemcpy(d, host, 64, cudaMemcpyHostToDevice) != cudaSuccess) {
    std::fprintf(stderr, "copy failed\n");
    std::exit(EXIT_FAILURE);
  }
  (void)cudaFree(d);
}

void exitsInHelper(const float *host) {
  float *d;
  if (cudaMalloc(&d, 64) != cudaSuccess)
    return;
  if (cudaMemcpy(d, host, 64, cudaMemcpyHostToDevice) != cudaSuccess)
    fail("copy");
  (void)cudaFree(d);
}

// ---------------------------------------------------------------- leaks

static char *copyName(const char *argument) {
  char *name = nullptr;
  if (cudaMallocHost(&name, 16) != cudaSuccess) // expected-warning {{pinned host memory allocated by 'cudaMallocHost' is not released on every path}}
    std::exit(EXIT_FAILURE);
  name[0] = argument[0];
  name[1] = '\0';
  return name;
}

// A loop whose bound the analyzer cannot know: it gives up walking it (a
// sink on the path) after a few turns, which must not hide the leak above.
static float checksum(const float *values, int count) {
  float sum = 0.0f;
  for (int i = 0; i < count; ++i)
    sum += values[i];
  return sum;
}

static bool run(const char *argument, int count) {
  char *name = copyName(argument);
  float *d;
  if (cudaMallocManaged(&d, count * sizeof(float)) != cudaSuccess)
    return false;
  bool ok = checksum(d, count) >= 0.0f && name[0] != '\0';
  (void)cudaFree(d);
  return ok;
}

int main(int argc, char **argv) {
  bool ok = run(argv[0], argc * 1000);
  std::exit(ok ? EXIT_SUCCESS : EXIT_FAILURE);
}
