// cudalint-args: --checks=-*,cuda-unsynchronized-host-read
// cuda-unsynchronized-host-read and stream capture: work queued on a stream
// between cudaStreamBeginCapture and cudaStreamEndCapture is recorded into a
// graph, not run; it runs on the stream of each cudaGraphLaunch of the
// graph's executable.
#include <cuda_runtime.h>

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2.0f;
}

float readAfterTheGraphLaunch(int n) {
  float *m;
  cudaStream_t capturing, running;
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamCreate(&capturing);
  cudaStreamCreateWithFlags(&running, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaStreamBeginCapture(capturing, cudaStreamCaptureModeGlobal);
  scale<<<1, 256, 0, capturing>>>(m, n);
  cudaStreamEndCapture(capturing, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, running); // expected-note {{kernel 'scale', captured into the graph, is queued on non-blocking stream 'running' and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaStreamSynchronize(running);
  cudaFree(m);
  return first;
}

float readAfterTheGraphsStream(int n) {
  float *m;
  cudaStream_t capturing, running;
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamCreate(&capturing);
  cudaStreamCreateWithFlags(&running, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaStreamBeginCapture(capturing, cudaStreamCaptureModeGlobal);
  scale<<<1, 256, 0, capturing>>>(m, n);
  cudaStreamEndCapture(capturing, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, running);
  cudaStreamSynchronize(running);
  float first = m[0];
  cudaFree(m);
  return first;
}

// Captured work has not run: the capture stream has nothing to wait for.
float readDuringTheCapture(int n) {
  float *m;
  cudaStream_t capturing;
  cudaGraph_t graph;
  cudaStreamCreate(&capturing);
  cudaMallocManaged(&m, n * sizeof(float));
  m[0] = 1.0f;
  cudaStreamBeginCapture(capturing, cudaStreamCaptureModeRelaxed);
  scale<<<1, 256, 0, capturing>>>(m, n);
  float first = m[0];
  cudaStreamEndCapture(capturing, &graph);
  cudaFree(m);
  return first;
}

// A second stream joins the capture by waiting for an event recorded in it;
// two captures write one buffer, and the graph runs on the legacy default
// stream (the shape of cuda-samples' graphConditionalNodes).
void twoCapturesOneBuffer(int n) {
  float *d;
  cudaStream_t first, second, joined;
  cudaEvent_t fork;
  cudaGraph_t graph, other;
  cudaGraphExec_t exec;
  cudaStreamCreate(&first);
  cudaStreamCreate(&second);
  cudaStreamCreate(&joined);
  cudaEventCreate(&fork);
  cudaMalloc(&d, n * sizeof(float));
  cudaStreamBeginCapture(first, cudaStreamCaptureModeGlobal);
  scale<<<1, 256, 0, first>>>(d, n);
  cudaEventRecord(fork, first);
  cudaStreamWaitEvent(joined, fork, 0);
  scale<<<1, 256, 0, joined>>>(d, n);
  cudaStreamEndCapture(first, &graph);
  cudaStreamBeginCapture(second, cudaStreamCaptureModeGlobal);
  scale<<<1, 256, 0, second>>>(d, n);
  cudaStreamEndCapture(second, &other);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, 0);
  cudaDeviceSynchronize();
  cudaFree(d);
}

// A captured fork-join (cuda-samples' simpleCudaGraphs): the streams that
// wait for the fork's event join the capture before anything is in flight;
// the graph runs on one stream, in the order its events give.
double capturedForkJoin(const float *input, float *inputOnDevice, int n) {
  double *partial;
  cudaStream_t first, second, launching;
  cudaEvent_t fork, cleared;
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  double result = 0.0;
  cudaStreamCreate(&first);
  cudaStreamCreate(&second);
  cudaStreamCreate(&launching);
  cudaEventCreate(&fork);
  cudaEventCreate(&cleared);
  cudaMalloc(&partial, sizeof(double));
  cudaStreamBeginCapture(first, cudaStreamCaptureModeGlobal);
  cudaEventRecord(fork, first);
  cudaStreamWaitEvent(second, fork, 0);
  cudaMemcpyAsync(inputOnDevice, input, n * sizeof(float), cudaMemcpyDefault, first);
  cudaMemsetAsync(partial, 0, sizeof(double), second);
  cudaEventRecord(cleared, second);
  cudaStreamWaitEvent(first, cleared, 0);
  cudaMemcpyAsync(&result, partial, sizeof(double), cudaMemcpyDefault, first);
  cudaStreamEndCapture(first, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, launching);
  cudaStreamSynchronize(launching);
  cudaFree(partial);
  return result;
}

// A graph built node by node runs its nodes when it is launched, like a
// captured one; a clone holds the same work.
float kernelNodeReadAfterTheLaunch(int n) {
  float *m;
  cudaStream_t running;
  cudaGraph_t graph;
  cudaGraphNode_t node;
  cudaGraphExec_t exec;
  cudaStreamCreateWithFlags(&running, cudaStreamNonBlocking);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaGraphCreate(&graph, 0);
  void *arguments[] = {&m, &n};
  cudaKernelNodeParams parameters = {};
  parameters.func = (void *)scale;
  parameters.gridDim = dim3(1);
  parameters.blockDim = dim3(256);
  parameters.kernelParams = arguments;
  cudaGraphAddKernelNode(&node, graph, nullptr, 0, &parameters);
  cudaGraphInstantiate(&exec, graph, 0);
  float before = m[0];
  cudaGraphLaunch(exec, running); // expected-note {{kernel 'scale', captured into the graph, is queued on non-blocking stream 'running' and may write managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that kernel 'scale' may still be writing}}
  cudaStreamSynchronize(running);
  float last = m[0];
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(running);
  cudaFree(m);
  return before + first + last;
}

float copyNodeOfAClone(const float *d, int n) {
  float *h;
  cudaStream_t running;
  cudaGraph_t graph, copy;
  cudaGraphNode_t node;
  cudaGraphExec_t exec;
  cudaStreamCreateWithFlags(&running, cudaStreamNonBlocking);
  cudaMallocHost(&h, n * sizeof(float));
  cudaGraphCreate(&graph, 0);
  cudaGraphAddMemcpyNode1D(&node, graph, nullptr, 0, h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaGraphClone(&copy, graph);
  cudaGraphInstantiate(&exec, copy, 0);
  cudaGraphLaunch(exec, running); // expected-note {{'cudaGraphAddMemcpyNode1D', captured into the graph, is queued on non-blocking stream 'running' and writes pinned host memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = h[0]; // expected-warning {{the host reads pinned host memory that 'cudaGraphAddMemcpyNode1D' may still be writing}}
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(copy);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(running);
  cudaFreeHost(h);
  return first;
}

float setNodeReadAfterTheStream(int n) {
  float *m;
  cudaStream_t running;
  cudaGraph_t graph;
  cudaGraphNode_t node;
  cudaGraphExec_t exec;
  cudaStreamCreate(&running);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaGraphCreate(&graph, 0);
  cudaMemsetParams set = {};
  set.dst = m;
  set.value = 0;
  set.elementSize = 4;
  set.width = n;
  set.height = 1;
  cudaGraphAddMemsetNode(&node, graph, nullptr, 0, &set);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, running);
  cudaStreamSynchronize(running);
  float first = m[0];
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(running);
  cudaFree(m);
  return first;
}

float setNodeReadAtOnce(int n) {
  float *m;
  cudaStream_t running;
  cudaGraph_t graph;
  cudaGraphNode_t node;
  cudaGraphExec_t exec;
  cudaStreamCreate(&running);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaGraphCreate(&graph, 0);
  cudaMemsetParams set = {};
  set.dst = m;
  set.value = 0;
  set.elementSize = 4;
  set.width = n;
  set.height = 1;
  cudaGraphAddMemsetNode(&node, graph, nullptr, 0, &set);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, running); // expected-note {{'cudaGraphAddMemsetNode', captured into the graph, is queued on stream 'running' and writes managed memory}}
  // expected-note@+1 {{read before the work is known to be complete}}
  float first = m[0]; // expected-warning {{the host reads managed memory that 'cudaGraphAddMemsetNode' may still be writing}}
  cudaStreamSynchronize(running);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(running);
  cudaFree(m);
  return first;
}
