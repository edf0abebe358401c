// cuda-unchecked-error: kernel launches never followed by a last-error query.
// A launch that cannot start returns nothing; only cudaGetLastError() or
// cudaPeekAtLastError() tells.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s\n", cudaGetErrorString(status_));               \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void scale(float *data, float factor, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    data[i] *= factor;
}

void launchAndSync(float *data, int count) {
  scale<<<(count + 2047) / 2048, 2048>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked with cudaGetLastError(); a launch that cannot start reports nothing, and a later cudaDeviceSynchronize() still returns cudaSuccess [cuda-unchecked-error]}}
  CUDA_CHECK(cudaDeviceSynchronize()); // the sync does not surface the launch error
} // expected-note {{the function ends here without checking the launch}}

int launchCheckedOnOneBranch(float *data, int count, bool verbose) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  if (verbose) {
    CUDA_CHECK(cudaGetLastError());
    return 1;
  }
  return 0; // expected-note {{the function returns here without checking the launch}}
}

// A helper that launches without checking, called without a check.
static void launchUnchecked(float *data, int count) {
  scale<<<1, 256>>>(data, 0.5f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
} // expected-note {{the function ends here without checking the launch}}

void callsUncheckedHelper(float *data, int count) {
  launchUnchecked(data, count);
  CUDA_CHECK(cudaDeviceSynchronize());
}

// Clean look-alikes.
void launchChecked(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count);
  CUDA_CHECK(cudaGetLastError());
}

void launchPeeked(float *data, int count, cudaStream_t stream) {
  scale<<<1, 256, 0, stream>>>(data, 2.0f, count);
  if (cudaPeekAtLastError() != cudaSuccess)
    std::abort();
}

static void checkLastLaunch(const char *where) {
  cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    std::fprintf(stderr, "%s: %s\n", where, cudaGetErrorString(status));
}

void launchCheckedByHelper(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count);
  checkLastLaunch("scale");
}

void launchesInLoopCheckedAfter(float *data, int count) {
  for (int pass = 0; pass < 4; ++pass)
    scale<<<1, 256>>>(data, 1.5f, count);
  CUDA_CHECK(cudaGetLastError());
}

// Launches inside a helper whose every caller checks are checked.
static void launchForCaller(float *data, int count) {
  scale<<<1, 256>>>(data, 3.0f, count);
}

void callerChecks(float *data, int count) {
  launchForCaller(data, count);
  CUDA_CHECK(cudaGetLastError());
}

void anotherCallerChecks(float *data, int count) {
  launchForCaller(data, count);
  checkLastLaunch("launchForCaller");
}

// A launch inside a helper that a constructor calls from its initializer
// list, checked in the constructor's body: checked.
static int launchForInitializer(float *data, int count) {
  scale<<<1, 256>>>(data, 4.0f, count);
  return count;
}

struct ScaledBuffer {
  float *data;
  int count;
  ScaledBuffer(float *d, int n) : data(d), count(launchForInitializer(d, n)) {
    CUDA_CHECK(cudaGetLastError());
  }
};

// The same with the check in the initializer list too.
static int launchForCheckingInitializer(float *data, int count) {
  scale<<<1, 256>>>(data, 6.0f, count);
  return count;
}

static int lastLaunchFailed() { return cudaGetLastError() != cudaSuccess; }

struct CheckedScaledBuffer {
  int count;
  int failed;
  CheckedScaledBuffer(float *d, int n)
      : count(launchForCheckingInitializer(d, n)), failed(lastLaunchFailed()) {}
};

// A check two helpers deep is a check.
static void checkThroughTwoHelpers(const char *where) { checkLastLaunch(where); }

void launchCheckedTwoHelpersDeep(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count);
  checkThroughTwoHelpers("scale");
}

// A launch two helpers deep, never checked by anyone.
static void launchTwoDeepInner(float *data, int count) {
  scale<<<1, 256>>>(data, 5.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
} // expected-note {{the function ends here without checking the launch}}

static void launchTwoDeepOuter(float *data, int count) { launchTwoDeepInner(data, count); }

void callsTwoDeepUnchecked(float *data, int count) {
  launchTwoDeepOuter(data, count);
  CUDA_CHECK(cudaDeviceSynchronize());
}

// A bare `cudaGetLastError();` resets the sticky error without reading it.
// After a failure the code handled, it is how the next check starts clean.
bool tryPinned(float **host, size_t bytes) {
  if (cudaMallocHost(host, bytes) != cudaSuccess) {
    cudaGetLastError(); // clears the failed allocation's error: not reported
    *host = static_cast<float *>(std::malloc(bytes));
    return false;
  }
  return true;
}

void resetsAfterCheckedLaunch(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count);
  if (cudaPeekAtLastError() != cudaSuccess)
    (void)cudaGetLastError(); // handled: clear it for the next check
}

// Right after a launch, the same reset throws the launch's error away.
void launchThenReset(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  cudaGetLastError(); // expected-note {{cudaGetLastError() here resets the launch's error without reading it}}
  CUDA_CHECK(cudaGetLastError());
}

// Stored and never read, the reset reads nothing either: after a refused
// request it clears the error, and is not reported as an unread status...
bool trySharedMemory(const void *kernel, int bytes) {
  cudaError_t status =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  if (status == cudaErrorInvalidValue) {
    status = cudaGetLastError(); // clears the refused attribute's error: not reported
    return false;
  }
  return status == cudaSuccess;
}

// ...but right after a launch it throws the launch's error away.
bool launchThenStoredReset(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  cudaError_t status = cudaGetLastError(); // expected-note {{cudaGetLastError() here resets the launch's error without reading it}}
  return count > 0;
}

// Overwritten before it is read, the stored error is a check forgotten.
bool launchThenOverwrittenStatus(float *data, int count, float *host) {
  scale<<<1, 256>>>(data, 2.0f, count);
  cudaError_t status = cudaGetLastError(); // expected-warning {{the cudaError_t returned by 'cudaGetLastError' is stored in 'status' but never read}}
  status = cudaMemcpy(host, data, count * sizeof(float), cudaMemcpyDeviceToHost); // expected-note {{'status' is overwritten here before it is read}}
  return status == cudaSuccess;
}

// A `(void)` cast says the launch's error is ignored on purpose.
void launchThenDeliberateIgnore(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count);
  (void)cudaGetLastError();
}

// A helper that only resets the error is no check of a launch before it.
static void forgetErrors() { cudaGetLastError(); }

void launchThenForget(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  forgetErrors();
} // expected-note {{the function ends here without checking the launch}}

// A layer's activation is a virtual method whose launch the base class's
// forward() checks: the call through virtual dispatch is a call of each
// override the unit defines.
struct Layer {
  virtual ~Layer() = default;
  virtual void activate(float *data, int count) = 0;
  void forward(float *data, int count) {
    activate(data, count);
    CUDA_CHECK(cudaGetLastError());
  }
};

struct HalvingLayer : Layer {
  void activate(float *data, int count) override { scale<<<1, 256>>>(data, 0.5f, count); }
};

void runHalvingLayer(float *data, int count) {
  HalvingLayer layer;
  layer.forward(data, count);
}

// The same with a forward() that never checks.
struct UncheckedLayer {
  virtual ~UncheckedLayer() = default;
  virtual void activate(float *data, int count) = 0;
  void forward(float *data, int count) { activate(data, count); }
};

struct DoublingLayer : UncheckedLayer {
  void activate(float *data, int count) override {
    scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  } // expected-note {{the function ends here without checking the launch}}
};

void runDoublingLayer(float *data, int count) {
  DoublingLayer layer;
  layer.forward(data, count);
}

// Teardown checked between the launches and the query, as examples end: a
// failure branch that exits the program, or calls a function that never
// returns, does not go on as if the launches had run; the query at the end
// reads their error on the path that does.
[[noreturn]] void failWith(cudaError_t status);

void launchThenCheckedAfterTeardown(float *data, float *scratch, int count) {
  for (int i = 0; i < 10; i++)
    scale<<<1, 256>>>(data, 2.0f, count);
  CUDA_CHECK(cudaFree(scratch));
  if (cudaError_t status = cudaStreamSynchronize(0); status != cudaSuccess)
    failWith(status);
  CUDA_CHECK(cudaGetLastError());
}

// The same teardown and no query: the path that returns loses the error.
void launchThenOnlyTeardown(float *data, float *scratch, int count) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  CUDA_CHECK(cudaFree(scratch));
} // expected-note {{the function ends here without checking the launch}}

// A launch read by the loop after it: every pass checks, and the path that
// runs no pass is not one a model with layers takes.
void launchThenLayers(float *data, int count, int layers) {
  scale<<<1, 256>>>(data, 2.0f, count);
  for (int layer = 0; layer < layers; ++layer) {
    scale<<<1, 256>>>(data, 0.5f, count);
    CUDA_CHECK(cudaGetLastError());
  }
}

// A loop that checks on some passes only does not read it.
void launchThenSomeLayers(float *data, int count, int layers) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  for (int layer = 0; layer < layers; ++layer)
    if (layer % 2)
      CUDA_CHECK(cudaGetLastError());
} // expected-note {{the function ends here without checking the launch}}

// A program that ends with exit() after its launches, as cuda-samples' mains
// do: exit(0), exit(EXIT_SUCCESS) or a status worked out at run time is the
// program's end, where a pending launch error is lost as at a return; only a
// failure's exit ends a path that says nothing (launchAndExitOnFailure).
int launchThenExitWithTheResult(float *data, int count, bool valid) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  CUDA_CHECK(cudaDeviceSynchronize());
  std::exit(valid ? EXIT_SUCCESS : EXIT_FAILURE);
} // expected-note {{the function ends here without checking the launch}}

int launchThenExitSuccessfully(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  std::exit(EXIT_SUCCESS);
} // expected-note {{the function ends here without checking the launch}}

int launchAndExitOnFailure(float *data, int count) {
  scale<<<1, 256>>>(data, 2.0f, count);
  if (cudaGetLastError() != cudaSuccess)
    std::exit(EXIT_FAILURE);
  std::exit(EXIT_SUCCESS);
}

// A size query: with a null workspace the helper only says how large a one
// it needs, so the call that asks launches nothing, and only the call that
// launches must read the error.
static void scaleInWorkspace(void *workspace, size_t &size, float *data, int count) {
  if (workspace == nullptr) {
    size = count * sizeof(float);
    return;
  }
  scale<<<1, 256>>>(data, 2.0f, count);
}

size_t workspaceToScale(int count) {
  size_t size = 0;
  scaleInWorkspace(nullptr, size, nullptr, count);
  return size;
}

void scaleWithWorkspace(float *data, int count) {
  size_t size = 0;
  scaleInWorkspace(data, size, data, count);
  CUDA_CHECK(cudaGetLastError());
}

// Null for another parameter stops nothing: the launch's error is lost.
static void scaleInWorkspaceUnread(void *workspace, size_t &size, float *data, int count) {
  if (!workspace) {
    size = count * sizeof(float);
    return;
  }
  scale<<<1, 256>>>(data ? data : (float *)workspace, 2.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
} // expected-note {{the function ends here without checking the launch}}

void scaleWithWorkspaceUnread(float *workspace, int count) {
  size_t size = 0;
  scaleInWorkspaceUnread(workspace, size, nullptr, count);
}

// A template nobody instantiates still has its statuses judged, and its call
// of a check helper by a dependent name reads the error as each
// specialisation of that helper does.
template <typename T> void checkedMean(const T *data, int count) {
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaGetLastError());
  (void)data;
  (void)count;
}
template void checkedMean<float>(const float *, int);

template <typename T> void timeThenCheck(T *data, int count) {
  cudaDeviceSynchronize();
  checkedMean(data, count);
}

template <typename T> void timeWithoutCheck(T *data, int count) {
  cudaDeviceSynchronize(); // expected-warning {{the cudaError_t returned by 'cudaDeviceSynchronize' is discarded}} expected-note {{cast the call to 'void'}}
  // expected-note@*:* {{'cudaDeviceSynchronize' is declared here}}
  (void)data;
  (void)count;
}

// A header's inline convenience overload that this file never calls: the
// files that call it judge it with their own copy, and here it is code that
// does not run. The launcher's only caller here reads the error.
void maskPadding(float *data, const int *lengths, int count) {
  if (lengths)
    scale<<<1, 256>>>(data, 0.0f, count);
  else
    scale<<<1, 256>>>(data, 1.0f, count);
}

inline void maskPadding(float *data, int count) { maskPadding(data, nullptr, count); }

void maskPaddingChecked(float *data, const int *lengths, int count) {
  maskPadding(data, lengths, count);
  CUDA_CHECK(cudaGetLastError());
}

// The same overload called, by a caller that never reads the error.
void fillPadding(float *data, const int *lengths, int count) {
  if (lengths)
    scale<<<1, 256>>>(data, 0.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
  else
    scale<<<1, 256>>>(data, 1.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
} // expected-note 2 {{the function ends here without checking the launch}}

inline void fillPadding(float *data, int count) { fillPadding(data, nullptr, count); }

void fillPaddingUnread(float *data, int count) { fillPadding(data, count); }

void fillPaddingChecked(float *data, const int *lengths, int count) {
  fillPadding(data, lengths, count);
  CUDA_CHECK(cudaGetLastError());
}

// An inline launcher of a header that this file never calls: the files that
// call it judge its launch.
inline void clearPadding(float *data, int count) { scale<<<1, 256>>>(data, 0.0f, count); }

// A launcher whose only caller here is an inline overload this file never
// calls: nobody in this file calls it, and nothing else can be seen.
void zeroPadding(float *data, const int *lengths, int count) {
  scale<<<1, 256>>>(data, lengths ? 0.0f : 1.0f, count); // expected-warning {{launch of kernel 'scale' is never checked}}
} // expected-note {{the function ends here without checking the launch}}

inline void zeroPadding(float *data, int count) { zeroPadding(data, nullptr, count); }
