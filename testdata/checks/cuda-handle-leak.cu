// cudalint-args: --checks=-*,cuda-handle-leak
// cuda-handle-leak: events, streams, graphs and library handles created on a
// path and not destroyed on it. Handles destroyed on every path, handed to
// an owner (a class whose destructor destroys them, a caller through an
// out-parameter or the return value, a function of another unit), or still
// alive when main ends (the process exit destroys them) are not reported.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

// ---------------------------------------------------------------- leaks

float timeScale(float *d, int n) {
  cudaEvent_t start, stop;
  (void)cudaEventCreate(&start);
  (void)cudaEventCreate(&stop); // expected-warning {{CUDA event created by 'cudaEventCreate' is not destroyed on every path ('cudaEventDestroy'); it is a driver resource that lives until the process exits: created on every call, such handles pile up until creating another one fails [cuda-handle-leak]}} expected-note {{the CUDA event is created here by 'cudaEventCreate'}}
  (void)cudaEventRecord(start);
  scale<<<(n + 255) / 256, 256>>>(d, n);
  (void)cudaEventRecord(stop);
  (void)cudaEventSynchronize(stop);
  float ms = 0.0f;
  (void)cudaEventElapsedTime(&ms, start, stop); // expected-note {{the handle is not destroyed, and it is not used after this point}}
  (void)cudaEventDestroy(start);
  return ms;
}

void streamPerCall(float *d, int n) {
  cudaStream_t stream;
  // expected-note@+2 {{the CUDA stream is created here by 'cudaStreamCreateWithFlags'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) // expected-warning {{CUDA stream created by 'cudaStreamCreateWithFlags' is not destroyed on every path ('cudaStreamDestroy')}}
    return;
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
  (void)cudaStreamSynchronize(stream); // expected-note {{the handle is not destroyed, and it is not used after this point}}
}

int scaleWithCublas(float *d, int n) {
  cublasHandle_t handle;
  // expected-note@+2 {{the cuBLAS handle is created here by 'cublasCreate'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) // expected-warning {{cuBLAS handle created by 'cublasCreate' is not destroyed on every path ('cublasDestroy'); the library keeps its context, device workspace and streams until the process exits [cuda-handle-leak]}}
    return 1;
  float two = 2.0f;
  // expected-note@+2 {{assuming the condition is true}} expected-note@+2 {{taking true branch}}
  // expected-note@+2 {{'scaleWithCublas' returns here without destroying the handle}}
  if (cublasSscal(handle, n, &two, d, 1) != CUBLAS_STATUS_SUCCESS)
    return 2; // the early return forgets the handle
  (void)cublasDestroy(handle);
  return 0;
}

void planPerCall(cufftComplex *d, int n) {
  cufftHandle plan;
  (void)cufftPlan1d(&plan, n, CUFFT_C2C, 1); // expected-warning {{cuFFT plan created by 'cufftPlan1d' is not destroyed on every path ('cufftDestroy')}} expected-note {{the cuFFT plan is created here by 'cufftPlan1d'}}
  (void)cufftExecC2C(plan, d, d, CUFFT_FORWARD); // expected-note {{the handle is not destroyed, and it is not used after this point}}
}

void graphPerCall(cudaStream_t stream, float *d, int n) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  (void)cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
  (void)cudaStreamEndCapture(stream, &graph);
  (void)cudaGraphInstantiate(&exec, graph, 0); // expected-warning {{executable CUDA graph created by 'cudaGraphInstantiate' is not destroyed on every path ('cudaGraphExecDestroy'); the graph and the resources of its nodes stay allocated until the process exits}} expected-note {{the executable CUDA graph is created here by 'cudaGraphInstantiate'}}
  (void)cudaGraphLaunch(exec, stream); // expected-note {{the handle is not destroyed, and it is not used after this point}}
  (void)cudaGraphDestroy(graph);
}

// A holder without a destructor owns nothing: the throw leaves its event.
struct EventHolder {
  cudaEvent_t event;
};

struct RecordFailed {};

void recordAfterALoop(cudaStream_t stream, const int *pulses, int dims) {
  EventHolder holder;
  // expected-note@+2 {{the CUDA event is created here by 'cudaEventCreate'}}
  // expected-note@+1 {{assuming the condition is false}} expected-note@+1 {{taking false branch}}
  if (cudaEventCreate(&holder.event) != cudaSuccess) // expected-warning {{CUDA event created by 'cudaEventCreate' is not destroyed on every path ('cudaEventDestroy')}}
    return;
  int total = 0;
  // expected-note@+2 {{assuming 'i' is < 'dims'}} expected-note@+2 {{loop condition is true.  Entering loop body}}
  // expected-note@+1 {{assuming 'i' is >= 'dims'}} expected-note@+1 {{loop condition is false. Execution continues on line 95}}
  for (int i = 0; i < dims; ++i)
    total += pulses[i];
  // expected-note@+2 {{assuming 'total' is > 0}} expected-note@+2 {{left side of '&&' is true}}
  // expected-note@+1 {{assuming the condition is true}} expected-note@+1 {{taking true branch}}
  if (total > 0 && cudaEventRecord(holder.event, stream) != cudaSuccess)
    throw RecordFailed{}; // expected-note {{the exception thrown here leaves 'recordAfterALoop' without destroying the handle}}
  (void)cudaEventDestroy(holder.event);
}

// ---------------------------------------------------------------- not leaks

class Timer {
public:
  Timer() {
    (void)cudaEventCreate(&start_);
    (void)cudaEventCreate(&stop_);
  }
  ~Timer() {
    (void)cudaEventDestroy(start_);
    (void)cudaEventDestroy(stop_);
  }

private:
  cudaEvent_t start_, stop_;
};

void timed() { Timer timer; }

// An event owned by an object whose constructor throws when creation fails:
// the second object's failure unwinds the first, whose destructor destroys
// its event.
struct CreationFailed {};

class Event {
public:
  Event() {
    if (cudaEventCreateWithFlags(&event_, cudaEventDisableTiming) != cudaSuccess)
      throw CreationFailed{};
  }
  ~Event() { (void)cudaEventDestroy(event_); }

private:
  cudaEvent_t event_;
};

void twoEvents() {
  Event ready;
  Event updated;
}

// The event is a member of a member of a local, and a loop after it is made
// is widened on the paths that run it three times (its bound is unknown):
// widening forgets what the function's
// locals hold, yet the object still owns the event when a later call throws
// (GROMACS's GpuEventSynchronizer in its halo-exchange test).
struct CopyFailed {};

void checkCopy(cudaError_t status) {
  if (status != cudaSuccess)
    throw CopyFailed{};
}

class Synchronizer {
public:
  void mark(cudaStream_t stream) { (void)cudaEventRecord(event_.raw(), stream); }

private:
  struct Owned {
    Owned() {
      if (cudaEventCreateWithFlags(&event, cudaEventDisableTiming) != cudaSuccess)
        throw CreationFailed{};
    }
    ~Owned() { (void)cudaEventDestroy(event); }
    cudaEvent_t raw() const { return event; }
    cudaEvent_t event;
  };
  int consumed_ = 0;
  Owned event_;
};

void exchangeAfterALoop(cudaStream_t stream, float *h, const float *d, const int *pulses,
                        int dims) {
  Synchronizer ready;
  ready.mark(stream);
  int total = 0;
  for (int i = 0; i < dims; ++i)
    total += pulses[i];
  checkCopy(cudaMemcpy(h, d, total * sizeof(float), cudaMemcpyDeviceToHost));
}

void createInto(cudaStream_t *out) { (void)cudaStreamCreate(out); }

cudaStream_t makeStream() {
  cudaStream_t stream = nullptr;
  (void)cudaStreamCreate(&stream);
  return stream;
}

void destroyPlanElsewhere(cufftHandle plan); // another unit destroys it

void handedToAnotherUnit(int n) {
  cufftHandle plan;
  if (cufftPlan1d(&plan, n, CUFFT_C2C, 1) != CUFFT_SUCCESS)
    return;
  destroyPlanElsewhere(plan);
}

void destroyedOnEveryPath(float *d, int n) {
  cudaStream_t stream;
  if (cudaStreamCreate(&stream) != cudaSuccess)
    return;
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
  if (cudaStreamSynchronize(stream) != cudaSuccess) {
    (void)cudaStreamDestroy(stream);
    return;
  }
  (void)cudaStreamDestroy(stream);
}

int main() {
  cudaStream_t stream;
  (void)cudaStreamCreate(&stream); // alive when main returns: the process exit destroys it
  float *d = nullptr;
  if (cudaMalloc(&d, 256 * sizeof(float)) != cudaSuccess)
    return 1;
  scale<<<1, 256, 0, stream>>>(d, 256);
  (void)cudaFree(d);
  return 0;
}
