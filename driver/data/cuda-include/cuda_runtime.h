// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cuda_runtime.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA Runtime API
 * and CUDA C++ Programming Guide documentation, for static analysis only:
 * host-side declarations with no implementation. It is not NVIDIA's header
 * and cannot be used to build programs.
 *
 * nvcc includes this header implicitly in every .cu file; cudalint passes
 * it with -include. Besides the C API (cuda_runtime_api.h) it provides, in
 * C++, the templated convenience overloads of the runtime (cudaMalloc(T **),
 * cudaMemcpyToSymbol(const T &), ...) and, in a CUDA compilation, every
 * declaration device code needs: the built-in variables, intrinsics,
 * atomics, device-side math and the standard headers nvcc pulls in.
 */
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "host_defines.h"

#if defined(__cplusplus) && defined(__CUDA__)
/* Device math and C library declarations first: they must precede the
 * standard headers (see math_functions.h and common_functions.h). */
#include "math_functions.h"
#include "common_functions.h"
#endif

#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "channel_descriptor.h"
#include "driver_functions.h"
#include "vector_functions.h"

#if defined(__cplusplus) && defined(__CUDA__)

/* The standard headers nvcc makes visible to every CUDA translation unit. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmath>
#include <cstdlib>
#include <new>
#include <utility>
/* nvcc --extended-lambda (which defines __CUDACC_EXTENDED_LAMBDA__) makes
 * <functional> visible too. */
#if defined(__CUDACC_EXTENDED_LAMBDA__)
#include <functional>
#endif

/* clang's own CUDA support makes the driver API (and so CUDA_VERSION)
 * visible in every CUDA translation unit; do the same. */
#include "cuda.h"

#include "device_atomic_functions.h"
#include "device_functions.h"
#include "device_launch_parameters.h"

/* Kernel launch machinery: clang builds every <<<grid, block, shmem,
 * stream>>> launch as a call to one of these, chosen by the CUDA version it
 * detects (__cudaPushCallConfiguration for CUDA 9.2 and later, otherwise
 * cudaConfigureCall, which cuda_runtime_api.h declares). */
extern "C" __host__ __device__ unsigned __cudaPushCallConfiguration(
    dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, void *stream = 0);
extern "C" __host__ cudaError_t __cudaPopCallConfiguration(dim3 *gridDim,
                                                           dim3 *blockDim,
                                                           size_t *sharedMem,
                                                           void *stream);

/* Texture and surface object fetches (the templated object API). */
template <class T>
__device__ T tex1Dfetch(cudaTextureObject_t texObject, int x);
template <class T>
__device__ void tex1Dfetch(T *ptr, cudaTextureObject_t texObject, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t texObject, float x);
template <class T>
__device__ void tex1D(T *ptr, cudaTextureObject_t texObject, float x);
template <class T>
__device__ T tex2D(cudaTextureObject_t texObject, float x, float y);
template <class T>
__device__ void tex2D(T *ptr, cudaTextureObject_t texObject, float x, float y);
template <class T>
__device__ T tex3D(cudaTextureObject_t texObject, float x, float y, float z);
template <class T>
__device__ void tex3D(T *ptr, cudaTextureObject_t texObject, float x, float y,
                      float z);
template <class T>
__device__ T tex1DLayered(cudaTextureObject_t texObject, float x, int layer);
template <class T>
__device__ T tex2DLayered(cudaTextureObject_t texObject, float x, float y,
                          int layer);
template <class T>
__device__ T texCubemap(cudaTextureObject_t texObject, float x, float y,
                        float z);
template <class T>
__device__ T tex1DLod(cudaTextureObject_t texObject, float x, float level);
template <class T>
__device__ T tex2DLod(cudaTextureObject_t texObject, float x, float y,
                      float level);
template <class T>
__device__ T tex3DLod(cudaTextureObject_t texObject, float x, float y, float z,
                      float level);
template <class T>
__device__ T tex2Dgather(cudaTextureObject_t texObject, float x, float y,
                         int comp = 0);

template <class T>
__device__ T surf1Dread(cudaSurfaceObject_t surfObject, int x,
                        cudaSurfaceBoundaryMode boundaryMode =
                            cudaBoundaryModeTrap);
template <class T>
__device__ void surf1Dread(T *ptr, cudaSurfaceObject_t surfObject, int x,
                           cudaSurfaceBoundaryMode boundaryMode =
                               cudaBoundaryModeTrap);
template <class T>
__device__ void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
                            cudaSurfaceBoundaryMode boundaryMode =
                                cudaBoundaryModeTrap);
template <class T>
__device__ T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y,
                        cudaSurfaceBoundaryMode boundaryMode =
                            cudaBoundaryModeTrap);
template <class T>
__device__ void surf2Dread(T *ptr, cudaSurfaceObject_t surfObject, int x, int y,
                           cudaSurfaceBoundaryMode boundaryMode =
                               cudaBoundaryModeTrap);
template <class T>
__device__ void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
                            int y,
                            cudaSurfaceBoundaryMode boundaryMode =
                                cudaBoundaryModeTrap);
template <class T>
__device__ T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z,
                        cudaSurfaceBoundaryMode boundaryMode =
                            cudaBoundaryModeTrap);
template <class T>
__device__ void surf3Dread(T *ptr, cudaSurfaceObject_t surfObject, int x,
                           int y, int z,
                           cudaSurfaceBoundaryMode boundaryMode =
                               cudaBoundaryModeTrap);
template <class T>
__device__ void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
                            int y, int z,
                            cudaSurfaceBoundaryMode boundaryMode =
                                cudaBoundaryModeTrap);

#endif /* __cplusplus && __CUDA__ */

#if defined(__cplusplus)

/* ------------------------------------------------------------------------ */
/* C++ API routines: overloads and templates of the runtime API             */
/* ------------------------------------------------------------------------ */

extern __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                            unsigned int flags);
extern __host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                           unsigned int flags);
extern __host__ cudaError_t cudaMallocAsync(void **ptr, size_t size,
                                            cudaMemPool_t memPool,
                                            cudaStream_t stream);
/* The CUDA 11 forms of cudaGraphInstantiate and cudaGraphExecUpdate. */
extern __host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                                 cudaGraph_t graph,
                                                 cudaGraphNode_t *pErrorNode,
                                                 char *pLogBuffer,
                                                 size_t bufferSize);
extern __host__ cudaError_t
cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                    cudaGraphNode_t *hErrorNode_out,
                    enum cudaGraphExecUpdateResult *updateResult_out);

template <class T>
__host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out,
                                          T *objectToWrap,
                                          unsigned int initialRefcount,
                                          unsigned int flags);
template <class T>
__host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out,
                                          T *objectToWrap,
                                          unsigned int initialRefcount,
                                          cudaUserObjectFlags flags);

template <class T>
__host__ cudaError_t cudaMalloc(T **devPtr, size_t size);
template <class T>
__host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                    unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T>
__host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                              unsigned int flags);
template <class T>
__host__ cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                       unsigned int flags = cudaMemAttachGlobal);
template <class T>
__host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width,
                                     size_t height);
template <class T>
__host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                                     cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                             cudaMemPool_t memPool,
                                             cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaStreamAttachMemAsync(
    cudaStream_t stream, T *devPtr, size_t length = 0,
    unsigned int flags = cudaMemAttachSingle);

template <class T>
__host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                        size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
__host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                          size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T>
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);
template <class T>
__host__ cudaError_t cudaGraphAddMemcpyNodeToSymbol(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const T &symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind);
template <class T>
__host__ cudaError_t cudaGraphAddMemcpyNodeFromSymbol(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const T &symbol, size_t count, size_t offset, enum cudaMemcpyKind kind);

template <class T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem = 0,
                                      cudaStream_t stream = 0);
#if __cplusplus >= 201103L
template <class... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                        const cudaKernel_t kernel,
                                        ActTypes &&...args);
template <class... ExpTypes, class... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                        void (*kernel)(ExpTypes...),
                                        ActTypes &&...args);
#endif
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim,
                                                 dim3 blockDim, void **args,
                                                 size_t sharedMem = 0,
                                                 cudaStream_t stream = 0);

template <class T>
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           T *entry);
template <class T>
__host__ cudaError_t cudaFuncSetAttribute(T *entry,
                                          enum cudaFuncAttribute attr,
                                          int value);
template <class T>
__host__ cudaError_t cudaFuncSetCacheConfig(T *func,
                                            enum cudaFuncCache cacheConfig);
template <class T>
__host__ cudaError_t cudaFuncSetSharedMemConfig(T *func,
                                                enum cudaSharedMemConfig config);
template <class T>
__host__ cudaError_t cudaFuncGetName(const char **name, T *func);
template <class T>
__host__ cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, T *func);

template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0, unsigned int flags = 0);
template <class UnaryFunction, class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0);
template <class UnaryFunction, class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0,
    unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, T *func, int numBlocks, int blockSize);
template <class T>
__host__ cudaError_t
cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                     const cudaLaunchConfig_t *config);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveClusters(
    int *numClusters, T *func, const cudaLaunchConfig_t *config);

#endif /* __cplusplus */

#endif /* __CUDA_RUNTIME_H__ */
