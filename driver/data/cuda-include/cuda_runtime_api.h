// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuda_runtime_api.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Runtime API
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The C interface of the CUDA Runtime API. Signatures follow CUDA 12.x; in
 * C++ the forms that CUDA 13 changed (cudaMemPrefetchAsync, cudaMemAdvise,
 * cudaStreamGetCaptureInfo, cudaGraphGetEdges, ...) are also declared as
 * overloads, so code written for either release parses. Functions that the
 * documentation lists as callable from device code are __host__ __device__.
 */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#define CUDART_VERSION 12090
#define __CUDART_API_VERSION CUDART_VERSION

#include "builtin_types.h"
#include "cuda_device_runtime_api.h"
#include "host_defines.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Device management                                                        */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaDeviceReset(void);
extern __host__ __device__ cudaError_t cudaDeviceSynchronize(void);
extern __host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit,
                                               size_t value);
extern __host__ __device__ cudaError_t cudaDeviceGetLimit(size_t *pValue,
                                                          enum cudaLimit limit);
extern __host__ cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(
    size_t *maxWidthInElements, const struct cudaChannelFormatDesc *fmtDesc,
    int device);
extern __host__ __device__ cudaError_t
cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig);
extern __host__ cudaError_t cudaDeviceGetStreamPriorityRange(
    int *leastPriority, int *greatestPriority);
extern __host__ cudaError_t
cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
extern __host__ cudaError_t
cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig);
extern __host__ cudaError_t
cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
extern __host__ cudaError_t cudaDeviceGetByPCIBusId(int *device,
                                                    const char *pciBusId);
extern __host__ cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len,
                                                  int device);
extern __host__ cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle,
                                                  cudaEvent_t event);
extern __host__ cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event,
                                                   cudaIpcEventHandle_t handle);
extern __host__ cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle,
                                                void *devPtr);
extern __host__ cudaError_t cudaIpcOpenMemHandle(void **devPtr,
                                                 cudaIpcMemHandle_t handle,
                                                 unsigned int flags);
extern __host__ cudaError_t cudaIpcCloseMemHandle(void *devPtr);
extern __host__ cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(
    enum cudaFlushGPUDirectRDMAWritesTarget target,
    enum cudaFlushGPUDirectRDMAWritesScope scope);
extern __host__ cudaError_t cudaGetDeviceCount(int *count);
extern __host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                                    int device);
extern __host__ __device__ cudaError_t
cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
extern __host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool,
                                                        int device);
extern __host__ cudaError_t cudaDeviceSetMemPool(int device,
                                                 cudaMemPool_t memPool);
extern __host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool,
                                                 int device);
extern __host__ cudaError_t cudaDeviceGetP2PAttribute(int *value,
                                                      enum cudaDeviceP2PAttr attr,
                                                      int srcDevice,
                                                      int dstDevice);
extern __host__ cudaError_t cudaChooseDevice(int *device,
                                             const struct cudaDeviceProp *prop);
extern __host__ cudaError_t cudaInitDevice(int device, unsigned int deviceFlags,
                                           unsigned int flags);
extern __host__ cudaError_t cudaSetDevice(int device);
extern __host__ __device__ cudaError_t cudaGetDevice(int *device);
extern __host__ cudaError_t cudaSetValidDevices(int *device_arr, int len);
extern __host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
extern __host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);

/* Deprecated thread management, still documented. */
extern __host__ cudaError_t cudaThreadExit(void);
extern __host__ cudaError_t cudaThreadSynchronize(void);
extern __host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit,
                                               size_t value);
extern __host__ cudaError_t cudaThreadGetLimit(size_t *pValue,
                                               enum cudaLimit limit);
extern __host__ cudaError_t
cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig);
extern __host__ cudaError_t
cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig);

/* ------------------------------------------------------------------------ */
/* Error handling                                                           */
/* ------------------------------------------------------------------------ */

extern __host__ __device__ cudaError_t cudaGetLastError(void);
extern __host__ __device__ cudaError_t cudaPeekAtLastError(void);
extern __host__ __device__ const char *cudaGetErrorName(cudaError_t error);
extern __host__ __device__ const char *cudaGetErrorString(cudaError_t error);

/* ------------------------------------------------------------------------ */
/* Stream management                                                        */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaStreamCreate(cudaStream_t *pStream);
extern __host__ __device__ cudaError_t
cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
extern __host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                                         unsigned int flags,
                                                         int priority);
extern __host__ cudaError_t cudaStreamGetPriority(cudaStream_t hStream,
                                                  int *priority);
extern __host__ cudaError_t cudaStreamGetFlags(cudaStream_t hStream,
                                               unsigned int *flags);
extern __host__ cudaError_t cudaStreamGetId(cudaStream_t hStream,
                                            unsigned long long *streamId);
extern __host__ cudaError_t cudaStreamGetDevice(cudaStream_t hStream,
                                                int *device);
extern __host__ cudaError_t cudaCtxResetPersistingL2Cache(void);
extern __host__ cudaError_t cudaStreamCopyAttributes(cudaStream_t dst,
                                                     cudaStream_t src);
extern __host__ cudaError_t
cudaStreamGetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
                       cudaLaunchAttributeValue *value_out);
extern __host__ cudaError_t
cudaStreamSetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
                       const cudaLaunchAttributeValue *value);
extern __host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
extern __host__ __device__ cudaError_t cudaStreamWaitEvent(
    cudaStream_t stream, cudaEvent_t event,
    unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                                  cudaStreamCallback_t callback,
                                                  void *userData,
                                                  unsigned int flags);
extern __host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
extern __host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
extern __host__ cudaError_t cudaStreamAttachMemAsync(
    cudaStream_t stream, void *devPtr, size_t length __CUDALINT_DEFAULT(0),
    unsigned int flags __CUDALINT_DEFAULT(cudaMemAttachSingle));
extern __host__ cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                                   enum cudaStreamCaptureMode mode);
extern __host__ cudaError_t cudaStreamBeginCaptureToGraph(
    cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies,
    const cudaGraphEdgeData *dependencyData, size_t numDependencies,
    enum cudaStreamCaptureMode mode);
extern __host__ cudaError_t
cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);
extern __host__ cudaError_t cudaStreamEndCapture(cudaStream_t stream,
                                                 cudaGraph_t *pGraph);
extern __host__ cudaError_t
cudaStreamIsCapturing(cudaStream_t stream,
                      enum cudaStreamCaptureStatus *pCaptureStatus);
extern __host__ cudaError_t cudaStreamGetCaptureInfo(
    cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out __CUDALINT_DEFAULT(0),
    cudaGraph_t *graph_out __CUDALINT_DEFAULT(0),
    const cudaGraphNode_t **dependencies_out __CUDALINT_DEFAULT(0),
    size_t *numDependencies_out __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaStreamUpdateCaptureDependencies(
    cudaStream_t stream, cudaGraphNode_t *dependencies, size_t numDependencies,
    unsigned int flags __CUDALINT_DEFAULT(0));

/* ------------------------------------------------------------------------ */
/* Event management                                                         */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
extern __host__ __device__ cudaError_t
cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
extern __host__ __device__ cudaError_t
cudaEventRecord(cudaEvent_t event, cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaEventRecordWithFlags(
    cudaEvent_t event, cudaStream_t stream __CUDALINT_DEFAULT(0),
    unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaEventQuery(cudaEvent_t event);
extern __host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
extern __host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);
extern __host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                                 cudaEvent_t end);

/* ------------------------------------------------------------------------ */
/* Execution control                                                        */
/* ------------------------------------------------------------------------ */

extern __host__ __device__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
extern __host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                                 enum cudaFuncAttribute attr,
                                                 int value);
extern __host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                                   enum cudaFuncCache cacheConfig);
extern __host__ cudaError_t
cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
extern __host__ cudaError_t cudaFuncGetName(const char **name,
                                            const void *func);
extern __host__ cudaError_t cudaFuncGetParamInfo(const void *func,
                                                 size_t paramIndex,
                                                 size_t *paramOffset,
                                                 size_t *paramSize);
extern __host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                             dim3 blockDim, void **args,
                                             size_t sharedMem,
                                             cudaStream_t stream);
extern __host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                                const void *func, void **args);
extern __host__ cudaError_t cudaLaunchCooperativeKernel(
    const void *func, dim3 gridDim, dim3 blockDim, void **args,
    size_t sharedMem, cudaStream_t stream);
extern __host__ cudaError_t cudaLaunchCooperativeKernelMultiDevice(
    struct cudaLaunchParams *launchParamsList, unsigned int numDevices,
    unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream,
                                               cudaHostFn_t fn, void *userData);
extern __host__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr,
                                                const void *symbolPtr);
extern __host__ cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr,
                                          const void *entryFuncAddr);

/* The legacy launch configuration call; clang looks it up by name for the
 * <<<...>>> syntax when it cannot tell the toolkit version. */
extern __host__ __device__ cudaError_t cudaConfigureCall(
    dim3 gridDim, dim3 blockDim, size_t sharedMem __CUDALINT_DEFAULT(0),
    cudaStream_t stream __CUDALINT_DEFAULT(0));

/* ------------------------------------------------------------------------ */
/* Occupancy                                                                */
/* ------------------------------------------------------------------------ */

extern __host__ __device__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                              int blockSize,
                                              size_t dynamicSMemSize);
extern __host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const void *func, int numBlocks, int blockSize);
extern __host__ __device__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
                                                       const void *func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize,
                                                       unsigned int flags);
extern __host__ cudaError_t
cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                     const cudaLaunchConfig_t *launchConfig);
extern __host__ cudaError_t
cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
                               const cudaLaunchConfig_t *launchConfig);

/* ------------------------------------------------------------------------ */
/* Memory management                                                        */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaMallocManaged(
    void **devPtr, size_t size,
    unsigned int flags __CUDALINT_DEFAULT(cudaMemAttachGlobal));
extern __host__ __device__ cudaError_t cudaMalloc(void **devPtr, size_t size);
extern __host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
extern __host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch,
                                            size_t width, size_t height);
extern __host__ cudaError_t cudaMallocArray(
    cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
    size_t height __CUDALINT_DEFAULT(0),
    unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ __device__ cudaError_t cudaFree(void *devPtr);
extern __host__ cudaError_t cudaFreeHost(void *ptr);
extern __host__ cudaError_t cudaFreeArray(cudaArray_t array);
extern __host__ cudaError_t
cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
extern __host__ cudaError_t cudaHostAlloc(void **pHost, size_t size,
                                          unsigned int flags);
extern __host__ cudaError_t cudaHostRegister(void *ptr, size_t size,
                                             unsigned int flags);
extern __host__ cudaError_t cudaHostUnregister(void *ptr);
extern __host__ cudaError_t cudaHostGetDevicePointer(void **pDevice,
                                                     void *pHost,
                                                     unsigned int flags);
extern __host__ cudaError_t cudaHostGetFlags(unsigned int *pFlags,
                                             void *pHost);
extern __host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                         struct cudaExtent extent);
extern __host__ cudaError_t
cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                  struct cudaExtent extent,
                  unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMallocMipmappedArray(
    cudaMipmappedArray_t *mipmappedArray,
    const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
    unsigned int numLevels, unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                           cudaMipmappedArray_const_t mipmappedArray,
                           unsigned int level);
extern __host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
extern __host__ cudaError_t
cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p);
extern __host__ __device__ cudaError_t
cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                  cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                      cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
extern __host__ cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc,
                                             struct cudaExtent *extent,
                                             unsigned int *flags,
                                             cudaArray_t array);
extern __host__ cudaError_t cudaArrayGetPlane(cudaArray_t *pPlaneArray,
                                              cudaArray_t hArray,
                                              unsigned int planeIdx);
extern __host__ cudaError_t cudaArrayGetMemoryRequirements(
    struct cudaArrayMemoryRequirements *memoryRequirements, cudaArray_t array,
    int device);
extern __host__ cudaError_t cudaArrayGetSparseProperties(
    struct cudaArraySparseProperties *sparseProperties, cudaArray_t array);
extern __host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                       enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice,
                                           const void *src, int srcDevice,
                                           size_t count);
extern __host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch,
                                         const void *src, size_t spitch,
                                         size_t width, size_t height,
                                         enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                                size_t hOffset, const void *src,
                                                size_t spitch, size_t width,
                                                size_t height,
                                                enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                                  cudaArray_const_t src,
                                                  size_t wOffset, size_t hOffset,
                                                  size_t width, size_t height,
                                                  enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpy2DArrayToArray(
    cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
    cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
    size_t height,
    enum cudaMemcpyKind kind __CUDALINT_DEFAULT(cudaMemcpyDeviceToDevice));
extern __host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count,
    size_t offset __CUDALINT_DEFAULT(0),
    enum cudaMemcpyKind kind __CUDALINT_DEFAULT(cudaMemcpyHostToDevice));
extern __host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count,
    size_t offset __CUDALINT_DEFAULT(0),
    enum cudaMemcpyKind kind __CUDALINT_DEFAULT(cudaMemcpyDeviceToHost));
extern __host__ __device__ cudaError_t
cudaMemcpyAsync(void *dst, const void *src, size_t count,
                enum cudaMemcpyKind kind,
                cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                    size_t count, cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ __device__ cudaError_t
cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                  size_t width, size_t height, enum cudaMemcpyKind kind,
                  cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpy2DToArrayAsync(
    cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
    cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpy2DFromArrayAsync(
    void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
    cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                        size_t offset, enum cudaMemcpyKind kind,
                        cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
                          size_t offset, enum cudaMemcpyKind kind,
                          cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
extern __host__ cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value,
                                         size_t width, size_t height);
extern __host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr,
                                         int value, struct cudaExtent extent);
extern __host__ __device__ cudaError_t
cudaMemsetAsync(void *devPtr, int value, size_t count,
                cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ __device__ cudaError_t
cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
                  size_t height, cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ __device__ cudaError_t
cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                  struct cudaExtent extent,
                  cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                 const void *symbol);
extern __host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
extern __host__ cudaError_t
cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                     cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                        struct cudaMemLocation location, unsigned int flags,
                        cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                          enum cudaMemoryAdvise advice,
                                          int device);
extern __host__ cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count,
                                             enum cudaMemoryAdvise advice,
                                             struct cudaMemLocation location);
extern __host__ cudaError_t
cudaMemRangeGetAttribute(void *data, size_t dataSize,
                         enum cudaMemRangeAttribute attribute,
                         const void *devPtr, size_t count);
extern __host__ cudaError_t
cudaMemRangeGetAttributes(void **data, size_t *dataSizes,
                          enum cudaMemRangeAttribute *attributes,
                          size_t numAttributes, const void *devPtr,
                          size_t count);

/* Deprecated array copies, still documented. */
extern __host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset,
                                              size_t hOffset, const void *src,
                                              size_t count,
                                              enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpyFromArray(void *dst,
                                                cudaArray_const_t src,
                                                size_t wOffset, size_t hOffset,
                                                size_t count,
                                                enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpyToArrayAsync(
    cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
    size_t count, enum cudaMemcpyKind kind,
    cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpyFromArrayAsync(
    void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
    size_t count, enum cudaMemcpyKind kind,
    cudaStream_t stream __CUDALINT_DEFAULT(0));

/* ------------------------------------------------------------------------ */
/* Stream-ordered memory allocator                                          */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaMallocAsync(void **devPtr, size_t size,
                                            cudaStream_t hStream);
extern __host__ cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
extern __host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool,
                                              size_t minBytesToKeep);
extern __host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool,
                                                    enum cudaMemPoolAttr attr,
                                                    void *value);
extern __host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool,
                                                    enum cudaMemPoolAttr attr,
                                                    void *value);
extern __host__ cudaError_t
cudaMemPoolSetAccess(cudaMemPool_t memPool,
                     const struct cudaMemAccessDesc *descList, size_t count);
extern __host__ cudaError_t
cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                     struct cudaMemLocation *location);
extern __host__ cudaError_t
cudaMemPoolCreate(cudaMemPool_t *memPool,
                  const struct cudaMemPoolProps *poolProps);
extern __host__ cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
extern __host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                                    cudaMemPool_t memPool,
                                                    cudaStream_t stream);
extern __host__ cudaError_t cudaMemPoolExportToShareableHandle(
    void *shareableHandle, cudaMemPool_t memPool,
    enum cudaMemAllocationHandleType handleType, unsigned int flags);
extern __host__ cudaError_t cudaMemPoolImportFromShareableHandle(
    cudaMemPool_t *memPool, void *shareableHandle,
    enum cudaMemAllocationHandleType handleType, unsigned int flags);
extern __host__ cudaError_t
cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData,
                         void *ptr);
extern __host__ cudaError_t
cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool,
                         struct cudaMemPoolPtrExportData *exportData);

/* ------------------------------------------------------------------------ */
/* Unified addressing and peer access                                       */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t
cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                         const void *ptr);
extern __host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer,
                                                    int device, int peerDevice);
extern __host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                       unsigned int flags);
extern __host__ cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);

/* ------------------------------------------------------------------------ */
/* Graphics interoperability (API-independent part)                         */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t
cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
extern __host__ cudaError_t
cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource,
                                unsigned int flags);
extern __host__ cudaError_t
cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources,
                         cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
                           cudaStream_t stream __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size,
                                     cudaGraphicsResource_t resource);
extern __host__ cudaError_t cudaGraphicsSubResourceGetMappedArray(
    cudaArray_t *array, cudaGraphicsResource_t resource,
    unsigned int arrayIndex, unsigned int mipLevel);
extern __host__ cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(
    cudaMipmappedArray_t *mipmappedArray, cudaGraphicsResource_t resource);

/* ------------------------------------------------------------------------ */
/* Texture and surface objects                                              */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                                               cudaArray_const_t array);
extern __host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
extern __host__ cudaError_t
cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                        const struct cudaResourceDesc *pResDesc,
                        const struct cudaTextureDesc *pTexDesc,
                        const struct cudaResourceViewDesc *pResViewDesc);
extern __host__ cudaError_t
cudaDestroyTextureObject(cudaTextureObject_t texObject);
extern __host__ cudaError_t
cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                 cudaTextureObject_t texObject);
extern __host__ cudaError_t
cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                cudaTextureObject_t texObject);
extern __host__ cudaError_t
cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                     cudaTextureObject_t texObject);
extern __host__ cudaError_t
cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                        const struct cudaResourceDesc *pResDesc);
extern __host__ cudaError_t
cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
extern __host__ cudaError_t
cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                 cudaSurfaceObject_t surfObject);

/* ------------------------------------------------------------------------ */
/* Version management                                                       */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaDriverGetVersion(int *driverVersion);
extern __host__ __device__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

/* ------------------------------------------------------------------------ */
/* Graph management                                                         */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaGraphCreate(cudaGraph_t *pGraph,
                                            unsigned int flags);
extern __host__ cudaError_t
cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                       const cudaGraphNode_t *pDependencies,
                       size_t numDependencies,
                       const struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                             struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                             const struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                       const cudaGraphNode_t *pDependencies,
                       size_t numDependencies,
                       const struct cudaMemcpy3DParms *pCopyParams);
extern __host__ cudaError_t cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const void *src, size_t count, enum cudaMemcpyKind kind);
extern __host__ cudaError_t
cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                       const cudaGraphNode_t *pDependencies,
                       size_t numDependencies,
                       const struct cudaMemsetParams *pMemsetParams);
extern __host__ cudaError_t
cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                     const cudaGraphNode_t *pDependencies,
                     size_t numDependencies,
                     const struct cudaHostNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                           const cudaGraphNode_t *pDependencies,
                           size_t numDependencies, cudaGraph_t childGraph);
extern __host__ cudaError_t
cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                      const cudaGraphNode_t *pDependencies,
                      size_t numDependencies);
extern __host__ cudaError_t
cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                            const cudaGraphNode_t *pDependencies,
                            size_t numDependencies, cudaEvent_t event);
extern __host__ cudaError_t
cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                          const cudaGraphNode_t *pDependencies,
                          size_t numDependencies, cudaEvent_t event);
extern __host__ cudaError_t
cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                         const cudaGraphNode_t *pDependencies,
                         size_t numDependencies,
                         struct cudaMemAllocNodeParams *nodeParams);
extern __host__ cudaError_t
cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                        const cudaGraphNode_t *pDependencies,
                        size_t numDependencies, void *dptr);
extern __host__ cudaError_t cudaDeviceGraphMemTrim(int device);
extern __host__ cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone,
                                           cudaGraph_t originalGraph);
extern __host__ cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node,
                                                 enum cudaGraphNodeType *pType);
extern __host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                              cudaGraphNode_t *nodes,
                                              size_t *numNodes);
extern __host__ cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph,
                                                  cudaGraphNode_t *pRootNodes,
                                                  size_t *pNumRootNodes);
extern __host__ cudaError_t cudaGraphGetEdges(cudaGraph_t graph,
                                              cudaGraphNode_t *from,
                                              cudaGraphNode_t *to,
                                              size_t *numEdges);
extern __host__ cudaError_t cudaGraphAddDependencies(cudaGraph_t graph,
                                                     const cudaGraphNode_t *from,
                                                     const cudaGraphNode_t *to,
                                                     size_t numDependencies);
extern __host__ cudaError_t
cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                            const cudaGraphNode_t *to, size_t numDependencies);
extern __host__ cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
extern __host__ cudaError_t
cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                     unsigned long long flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                              unsigned long long flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                               cudaGraphInstantiateParams *instantiateParams);
extern __host__ cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec,
                                                  unsigned long long *flags);
extern __host__ cudaError_t
cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec,
                                 cudaGraphNode_t node,
                                 const struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                    cudaGraphExecUpdateResultInfo *resultInfo);
extern __host__ cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec,
                                            cudaStream_t stream);
extern __host__ __device__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec,
                                                       cudaStream_t stream);
extern __host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
extern __host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
extern __host__ cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph,
                                                   const char *path,
                                                   unsigned int flags);
extern __host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out,
                                                 void *ptr,
                                                 cudaHostFn_t destroy,
                                                 unsigned int initialRefcount,
                                                 unsigned int flags);
extern __host__ cudaError_t
cudaUserObjectRetain(cudaUserObject_t object,
                     unsigned int count __CUDALINT_DEFAULT(1));
extern __host__ cudaError_t
cudaUserObjectRelease(cudaUserObject_t object,
                      unsigned int count __CUDALINT_DEFAULT(1));
extern __host__ cudaError_t
cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object,
                          unsigned int count __CUDALINT_DEFAULT(1),
                          unsigned int flags __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t
cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object,
                           unsigned int count __CUDALINT_DEFAULT(1));

/* ------------------------------------------------------------------------ */
/* Driver entry points and interactions with the driver API                 */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaGetDriverEntryPoint(
    const char *symbol, void **funcPtr, unsigned long long flags,
    enum cudaDriverEntryPointQueryResult *driverStatus __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaGetDriverEntryPointByVersion(
    const char *symbol, void **funcPtr, unsigned int cudaVersion,
    unsigned long long flags,
    enum cudaDriverEntryPointQueryResult *driverStatus __CUDALINT_DEFAULT(0));
extern __host__ cudaError_t cudaGetExportTable(const void **ppExportTable,
                                               const cudaUUID_t *pExportTableId);

#if defined(__cplusplus)
} /* extern "C" */

/* Forms introduced or changed by CUDA 13, declared as C++ overloads next to
 * the CUDA 12 forms above. */
extern "C++" {
extern __host__ cudaError_t
cudaMemPrefetchAsync(const void *devPtr, size_t count,
                     struct cudaMemLocation location, unsigned int flags,
                     cudaStream_t stream = 0);
extern __host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                          enum cudaMemoryAdvise advice,
                                          struct cudaMemLocation location);
extern __host__ cudaError_t cudaStreamGetCaptureInfo(
    cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out, cudaGraph_t *graph_out,
    const cudaGraphNode_t **dependencies_out,
    const cudaGraphEdgeData **edgeData_out,
    size_t *numDependencies_out = 0);
extern __host__ cudaError_t cudaGraphGetEdges(cudaGraph_t graph,
                                              cudaGraphNode_t *from,
                                              cudaGraphNode_t *to,
                                              cudaGraphEdgeData *edgeData,
                                              size_t *numEdges);
extern __host__ cudaError_t cudaGraphAddDependencies(
    cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
    const cudaGraphEdgeData *edgeData, size_t numDependencies);
extern __host__ cudaError_t cudaGraphRemoveDependencies(
    cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
    const cudaGraphEdgeData *edgeData, size_t numDependencies);
} /* extern "C++" */
#endif /* __cplusplus */

#endif /* __CUDA_RUNTIME_API_H__ */
