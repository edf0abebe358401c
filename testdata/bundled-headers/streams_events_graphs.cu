// Streams, events, host callbacks, stream capture into a graph, an explicit
// graph, texture and surface objects, pitched/3D copies and stream-ordered
// memory pools.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("%s\n", cudaGetErrorString(e)); return 1; } } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

static void CUDART_CB hostCallback(cudaStream_t, cudaError_t status, void *data) {
  *static_cast<int *>(data) = static_cast<int>(status);
}
static void CUDART_CB hostFn(void *data) { ++*static_cast<int *>(data); }

static int streamsAndEvents() {
  const int n = 1 << 22, nStreams = 4, chunk = n / nStreams;
  float *hx, *hy, *dx, *dy;
  CHECK(cudaMallocHost(&hx, n * sizeof(float)));
  CHECK(cudaHostAlloc((void **)&hy, n * sizeof(float), cudaHostAllocPortable | cudaHostAllocMapped));
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  int device = 0, count = 0;
  CHECK(cudaGetDeviceCount(&count));
  CHECK(cudaSetDevice(device));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("%s sm_%d%d SMs=%d warp=%d smem/block=%zu L2=%d\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount, prop.warpSize, prop.sharedMemPerBlock, prop.l2CacheSize);
  int smCount = 0;
  CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, device));
  int leastPrio, greatestPrio;
  CHECK(cudaDeviceGetStreamPriorityRange(&leastPrio, &greatestPrio));

  cudaStream_t streams[nStreams];
  for (int i = 0; i < nStreams; ++i)
    CHECK(cudaStreamCreateWithPriority(&streams[i], cudaStreamNonBlocking, greatestPrio));
  cudaStream_t plain;
  CHECK(cudaStreamCreate(&plain));

  cudaEvent_t start, stop, ev;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming | cudaEventBlockingSync));
  CHECK(cudaEventRecord(start));
  for (int i = 0; i < nStreams; ++i) {
    int off = i * chunk;
    CHECK(cudaMemcpyAsync(dx + off, hx + off, chunk * sizeof(float), cudaMemcpyHostToDevice, streams[i]));
    CHECK(cudaMemcpyAsync(dy + off, hy + off, chunk * sizeof(float), cudaMemcpyHostToDevice, streams[i]));
    saxpy<<<(chunk + 255) / 256, 256, 0, streams[i]>>>(chunk, 2.0f, dx + off, dy + off);
    CHECK(cudaMemcpyAsync(hy + off, dy + off, chunk * sizeof(float), cudaMemcpyDeviceToHost, streams[i]));
  }
  CHECK(cudaEventRecordWithFlags(ev, streams[0], cudaEventRecordDefault));
  CHECK(cudaStreamWaitEvent(plain, ev, 0));
  CHECK(cudaStreamWaitEvent(plain, ev));
  int cbStatus = -1, fnCount = 0;
  CHECK(cudaStreamAddCallback(plain, hostCallback, &cbStatus, 0));
  CHECK(cudaLaunchHostFunc(plain, hostFn, &fnCount));
  CHECK(cudaEventRecord(stop, 0));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0.f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  if (cudaEventQuery(ev) == cudaErrorNotReady) std::printf("not ready\n");
  if (cudaStreamQuery(plain) == cudaSuccess) std::printf("idle\n");
  saxpy<<<1, 32, 0, cudaStreamPerThread>>>(32, 1.f, dx, dy);
  saxpy<<<1, 32, 0, cudaStreamLegacy>>>(32, 1.f, dx, dy);
  CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  std::printf("elapsed %.3f ms\n", ms);
  size_t freeB, totalB;
  CHECK(cudaMemGetInfo(&freeB, &totalB));
  for (int i = 0; i < nStreams; ++i) CHECK(cudaStreamDestroy(streams[i]));
  CHECK(cudaStreamDestroy(plain));
  CHECK(cudaEventDestroy(start)); CHECK(cudaEventDestroy(stop)); CHECK(cudaEventDestroy(ev));
  CHECK(cudaFreeHost(hx)); CHECK(cudaFreeHost(hy));
  CHECK(cudaFree(dx)); CHECK(cudaFree(dy));
  int rt = 0, drv = 0;
  CHECK(cudaRuntimeGetVersion(&rt));
  CHECK(cudaDriverGetVersion(&drv));
  CHECK(cudaDeviceReset());
  return 0;
}

#include <cuda_profiler_api.h>

__global__ void fill(float *p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

__global__ void sampleTex(cudaTextureObject_t tex, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
    out[y * w + x] = tex2D<float>(tex, u, v) + tex1Dfetch<float>(tex, x);
  }
}

__global__ void writeSurf(cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float v = surf2Dread<float>(surf, x * (int)sizeof(float), y);
    surf2Dwrite(v * 2.0f, surf, x * (int)sizeof(float), y);
  }
}

static int graphsTexturesAndPools() {
  cudaProfilerStart();
  const int n = 1 << 16;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);

  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  fill<<<n / 256, 256, 0, s>>>(d, 1.0f, n);
  cudaMemsetAsync(d, 0, n * sizeof(float), s);
  cudaStreamEndCapture(s, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);

  cudaGraph_t g2;
  cudaGraphCreate(&g2, 0);
  cudaGraphNode_t node;
  cudaKernelNodeParams kp = {};
  float val = 2.0f;
  int cnt = n;
  void *kargs[] = {&d, &val, &cnt};
  kp.func = (void *)fill;
  kp.gridDim = dim3(n / 256);
  kp.blockDim = dim3(256);
  kp.kernelParams = kargs;
  cudaGraphAddKernelNode(&node, g2, nullptr, 0, &kp);
  cudaGraphExec_t e2;
  cudaGraphInstantiateWithFlags(&e2, g2, cudaGraphInstantiateFlagAutoFreeOnLaunch);
  cudaGraphLaunch(e2, s);
  cudaGraphExecDestroy(e2);
  cudaGraphDestroy(g2);

  const int w = 64, h = 64;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaChannelFormatDesc desc2 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t arr;
  cudaMallocArray(&arr, &desc, w, h, cudaArraySurfaceLoadStore);
  cudaMemcpy2DToArray(arr, 0, 0, d, w * sizeof(float), w * sizeof(float), h, cudaMemcpyDeviceToDevice);
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeClamp;
  td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  cudaSurfaceObject_t surf = 0;
  cudaCreateSurfaceObject(&surf, &res);
  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  sampleTex<<<grid, block, 0, s>>>(tex, d, w, h);
  writeSurf<<<grid, block, 0, s>>>(surf, w, h);
  cudaDestroyTextureObject(tex);
  cudaDestroySurfaceObject(surf);
  cudaFreeArray(arr);

  cudaExtent ext = make_cudaExtent(w * sizeof(float), h, 4);
  cudaPitchedPtr pp;
  cudaMalloc3D(&pp, ext);
  cudaMemcpy3DParms p3 = {};
  p3.srcPtr = pp;
  p3.dstPtr = pp;
  p3.extent = ext;
  p3.kind = cudaMemcpyDeviceToDevice;
  cudaMemcpy3D(&p3);
  float *pitched;
  size_t pitch;
  cudaMallocPitch(&pitched, &pitch, w * sizeof(float), h);
  cudaMemcpy2D(pitched, pitch, d, w * sizeof(float), w * sizeof(float), h, cudaMemcpyDeviceToDevice);
  cudaMemset2D(pitched, pitch, 0, w * sizeof(float), h);
  cudaFree(pitched);
  cudaFree(pp.ptr);

  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  unsigned long long threshold = ~0ULL;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  float *asyncBuf;
  cudaMallocAsync(&asyncBuf, 1024 * sizeof(float), s);
  cudaMallocFromPoolAsync(&asyncBuf, 1024 * sizeof(float), pool, s);
  cudaFreeAsync(asyncBuf, s);
  int canAccess = 0;
  cudaDeviceCanAccessPeer(&canAccess, 0, 1);
  if (canAccess) cudaDeviceEnablePeerAccess(1, 0);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
  cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost);
  cudaStreamDestroy(s);
  cudaFree(d);
  cudaProfilerStop();
  (void)desc2;
  return 0;
}

int main() { return streamsAndEvents() + graphsTexturesAndPools(); }
