// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/CudaApi.h"

#include "shared/ProjectFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

namespace {

// The status types of the CUDA libraries, by the typedef name users write and
// by the enum behind it (cuda.h's `CUresult` is `enum cudaError_enum`). The
// first spelling of each row is the one messages use.
struct StatusTypeSpelling {
  llvm::StringLiteral Spelling;
  llvm::StringLiteral Display;
};

constexpr StatusTypeSpelling StatusTypeSpellings[] = {
    {"cudaError_t", "cudaError_t"},
    {"cudaError", "cudaError_t"},
    {"CUresult", "CUresult"},
    {"cudaError_enum", "CUresult"},
    {"cublasStatus_t", "cublasStatus_t"},
    {"cublasStatus", "cublasStatus_t"},
    {"cufftResult", "cufftResult"},
    {"cufftResult_t", "cufftResult"},
    {"curandStatus_t", "curandStatus_t"},
    {"curandStatus", "curandStatus_t"},
    {"cusparseStatus_t", "cusparseStatus_t"},
    {"cusolverStatus_t", "cusolverStatus_t"},
    {"cudnnStatus_t", "cudnnStatus_t"},
    {"ncclResult_t", "ncclResult_t"},
    {"nvrtcResult", "nvrtcResult"},
};

// The headers that declare each library's calls; each names the library's
// status type. The umbrella headers that only include one of them
// (cublas_v2.h, cusparse_v2.h, cudnn.h) are listed too: a unit whose includes
// cannot all be found is judged by its own #include lines alone.
constexpr llvm::StringLiteral RuntimeHeaders[] = {"cuda_runtime.h", "cuda_runtime_api.h"};
constexpr llvm::StringLiteral DriverHeaders[] = {"cuda.h"};
constexpr llvm::StringLiteral CublasHeaders[] = {"cublas_v2.h", "cublas.h", "cublas_api.h",
                                                 "cublasLt.h", "cublasXt.h"};
constexpr llvm::StringLiteral CufftHeaders[] = {"cufft.h", "cufftXt.h", "cufftw.h"};
constexpr llvm::StringLiteral CurandHeaders[] = {"curand.h"};
constexpr llvm::StringLiteral CusparseHeaders[] = {"cusparse.h", "cusparse_v2.h"};
constexpr llvm::StringLiteral CusolverHeaders[] = {"cusolverDn.h", "cusolverSp.h", "cusolverRf.h",
                                                   "cusolverMg.h", "cusolver_common.h"};
constexpr llvm::StringLiteral CudnnHeaders[] = {
    "cudnn.h", "cudnn_graph.h", "cudnn_ops.h", "cudnn_ops_infer.h", "cudnn_cnn.h", "cudnn_adv.h"};
constexpr llvm::StringLiteral NcclHeaders[] = {"nccl.h"};
constexpr llvm::StringLiteral NvrtcHeaders[] = {"nvrtc.h"};
// Open MPI, MPICH and their derivatives all declare the C bindings here.
constexpr llvm::StringLiteral MpiHeader = "mpi.h";

constexpr CudaLibrary Libraries[] = {
    {"cudaError_t", RuntimeHeaders},       {"CUresult", DriverHeaders},
    {"cublasStatus_t", CublasHeaders},     {"cufftResult", CufftHeaders},
    {"curandStatus_t", CurandHeaders},     {"cusparseStatus_t", CusparseHeaders},
    {"cusolverStatus_t", CusolverHeaders}, {"cudnnStatus_t", CudnnHeaders},
    {"ncclResult_t", NcclHeaders},         {"nvrtcResult", NvrtcHeaders},
};

// Whether `Text` holds `Identifier` as a whole identifier, not as part of a
// longer one.
bool namesIdentifier(llvm::StringRef Text, llvm::StringRef Identifier) {
  auto IsIdentifierChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (size_t At = Text.find(Identifier); At != llvm::StringRef::npos;
       At = Text.find(Identifier, At + 1)) {
    size_t End = At + Identifier.size();
    if ((At == 0 || !IsIdentifierChar(Text[At - 1])) &&
        (End == Text.size() || !IsIdentifierChar(Text[End])))
      return true;
  }
  return false;
}

// cuda.h maps the documented names onto versioned entry points with macros
// (`#define cuMemAlloc cuMemAlloc_v2`), so both spellings appear below.
constexpr std::nullopt_t None = std::nullopt;

// cudaHostAllocMapped and CU_MEMHOSTALLOC_DEVICEMAP share the value 2.
constexpr unsigned HostAllocMapped = 0x02;

constexpr AllocationApi Allocations[] = {
    {"cudaMalloc", 0, MemoryFamily::Device, "cudaFree", false},
    {"cudaMallocPitch", 0, MemoryFamily::Device, "cudaFree", false},
    {"cudaMallocAsync", 0, MemoryFamily::Device, "cudaFreeAsync", true},
    {"cudaMallocFromPoolAsync", 0, MemoryFamily::Device, "cudaFreeAsync", true},
    {"cudaMallocManaged", 0, MemoryFamily::Managed, "cudaFree", false},
    // cuda_runtime.h's C++ overload cudaMallocHost(ptr, size, flags) is
    // cudaHostAlloc under another name.
    {"cudaMallocHost", 0, MemoryFamily::PinnedHost, "cudaFreeHost", false, 2, HostAllocMapped},
    {"cudaHostAlloc", 0, MemoryFamily::PinnedHost, "cudaFreeHost", false, 2, HostAllocMapped},
    {"cuMemAlloc", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAlloc_v2", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAllocPitch", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAllocPitch_v2", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAllocAsync", 0, MemoryFamily::Device, "cuMemFreeAsync", true},
    {"cuMemAllocFromPoolAsync", 0, MemoryFamily::Device, "cuMemFreeAsync", true},
    {"cuMemAllocManaged", 0, MemoryFamily::Managed, "cuMemFree", false},
    {"cuMemAllocHost", 0, MemoryFamily::PinnedHost, "cuMemFreeHost", false},
    {"cuMemAllocHost_v2", 0, MemoryFamily::PinnedHost, "cuMemFreeHost", false},
    {"cuMemHostAlloc", 0, MemoryFamily::PinnedHost, "cuMemFreeHost", false, 2, HostAllocMapped},
};

constexpr HostAllocationApi HostAllocations[] = {
    {"malloc", None, "free"},   {"calloc", None, "free"},      {"aligned_alloc", None, "free"},
    {"memalign", None, "free"}, {"valloc", None, "free"},      {"strdup", None, "free"},
    {"strndup", None, "free"},  {"posix_memalign", 0, "free"},
};

constexpr ReleaseApi Releases[] = {
    {"cudaFree", 0, MemoryFamily::Device},          {"cudaFreeAsync", 0, MemoryFamily::Device},
    {"cudaFreeHost", 0, MemoryFamily::PinnedHost},  {"cuMemFree", 0, MemoryFamily::Device},
    {"cuMemFree_v2", 0, MemoryFamily::Device},      {"cuMemFreeAsync", 0, MemoryFamily::Device},
    {"cuMemFreeHost", 0, MemoryFamily::PinnedHost}, {"free", 0, MemoryFamily::PageableHost},
};

constexpr CopyDirection HostToHost{CopySide::Host, CopySide::Host};
constexpr CopyDirection HostToDevice{CopySide::Host, CopySide::Device};
constexpr CopyDirection DeviceToHost{CopySide::Device, CopySide::Host};
constexpr CopyDirection DeviceToDevice{CopySide::Device, CopySide::Device};

// cudaMemcpyKind, from driver_types.h.
struct MemcpyKind {
  llvm::StringLiteral Name;
  uint64_t Value;
  std::optional<CopyDirection> Direction;
};

constexpr MemcpyKind MemcpyKinds[] = {
    {"cudaMemcpyHostToHost", 0, HostToHost},
    {"cudaMemcpyHostToDevice", 1, HostToDevice},
    {"cudaMemcpyDeviceToHost", 2, DeviceToHost},
    {"cudaMemcpyDeviceToDevice", 3, DeviceToDevice},
    {"cudaMemcpyDefault", 4, None},
};

constexpr CopyApi Copies[] = {
    // Name, destination, source, kind, stream, async, dst-is-symbol,
    // src-is-symbol[, the direction its name gives]
    {"cudaMemcpy", 0, 1, 3, None, false, false, false},
    {"cudaMemcpyAsync", 0, 1, 3, 4, true, false, false},
    {"cudaMemcpy2D", 0, 2, 6, None, false, false, false},
    {"cudaMemcpy2DAsync", 0, 2, 6, 7, true, false, false},
    {"cudaMemcpyToSymbol", 0, 1, 4, None, false, true, false},
    {"cudaMemcpyToSymbolAsync", 0, 1, 4, 5, true, true, false},
    {"cudaMemcpyFromSymbol", 0, 1, 4, None, false, false, true},
    {"cudaMemcpyFromSymbolAsync", 0, 1, 4, 5, true, false, true},
    {"cudaMemcpyPeer", 0, 2, None, None, false, false, false},
    {"cudaMemcpyPeerAsync", 0, 2, None, 5, true, false, false},
    {"cudaMemset", 0, None, None, None, false, false, false},
    {"cudaMemsetAsync", 0, None, None, 3, true, false, false},
    {"cudaMemset2D", 0, None, None, None, false, false, false},
    {"cudaMemset2DAsync", 0, None, None, 5, true, false, false},
    // The driver API: device addresses are CUdeviceptr integers.
    {"cuMemcpy", 0, 1, None, None, false, false, false},
    {"cuMemcpyAsync", 0, 1, None, 3, true, false, false},
    {"cuMemcpyHtoD", 0, 1, None, None, false, false, false, HostToDevice},
    {"cuMemcpyHtoD_v2", 0, 1, None, None, false, false, false, HostToDevice},
    {"cuMemcpyDtoH", 0, 1, None, None, false, false, false, DeviceToHost},
    {"cuMemcpyDtoH_v2", 0, 1, None, None, false, false, false, DeviceToHost},
    {"cuMemcpyDtoD", 0, 1, None, None, false, false, false, DeviceToDevice},
    {"cuMemcpyDtoD_v2", 0, 1, None, None, false, false, false, DeviceToDevice},
    {"cuMemcpyHtoDAsync", 0, 1, None, 3, true, false, false, HostToDevice},
    {"cuMemcpyHtoDAsync_v2", 0, 1, None, 3, true, false, false, HostToDevice},
    {"cuMemcpyDtoHAsync", 0, 1, None, 3, true, false, false, DeviceToHost},
    {"cuMemcpyDtoHAsync_v2", 0, 1, None, 3, true, false, false, DeviceToHost},
    {"cuMemcpyDtoDAsync", 0, 1, None, 3, true, false, false, DeviceToDevice},
    {"cuMemcpyDtoDAsync_v2", 0, 1, None, 3, true, false, false, DeviceToDevice},
    {"cuMemsetD8", 0, None, None, None, false, false, false},
    {"cuMemsetD8_v2", 0, None, None, None, false, false, false},
    {"cuMemsetD16", 0, None, None, None, false, false, false},
    {"cuMemsetD16_v2", 0, None, None, None, false, false, false},
    {"cuMemsetD32", 0, None, None, None, false, false, false},
    {"cuMemsetD32_v2", 0, None, None, None, false, false, false},
    {"cuMemsetD8Async", 0, None, None, 3, true, false, false},
    {"cuMemsetD16Async", 0, None, None, 3, true, false, false},
    {"cuMemsetD32Async", 0, None, None, 3, true, false, false},
};

// The runtime's and the libraries' handles, as their headers declare the
// create and destroy calls (cuda.h and cublas_v2.h rename some to _v2).
constexpr HandleApi Handles[] = {
    {"cudaEventCreate", 0, "cudaEventDestroy", HandleKind::Event},
    {"cudaEventCreateWithFlags", 0, "cudaEventDestroy", HandleKind::Event},
    {"cuEventCreate", 0, "cuEventDestroy_v2", HandleKind::Event},
    {"cudaStreamCreate", 0, "cudaStreamDestroy", HandleKind::Stream},
    {"cudaStreamCreateWithFlags", 0, "cudaStreamDestroy", HandleKind::Stream},
    {"cudaStreamCreateWithPriority", 0, "cudaStreamDestroy", HandleKind::Stream},
    {"cuStreamCreate", 0, "cuStreamDestroy_v2", HandleKind::Stream},
    {"cuStreamCreateWithPriority", 0, "cuStreamDestroy_v2", HandleKind::Stream},
    {"cudaGraphCreate", 0, "cudaGraphDestroy", HandleKind::Graph},
    {"cudaStreamEndCapture", 1, "cudaGraphDestroy", HandleKind::Graph},
    {"cudaGraphInstantiate", 0, "cudaGraphExecDestroy", HandleKind::GraphExec},
    {"cudaGraphInstantiateWithFlags", 0, "cudaGraphExecDestroy", HandleKind::GraphExec},
    {"cudaGraphInstantiateWithParams", 0, "cudaGraphExecDestroy", HandleKind::GraphExec},
    {"cublasCreate_v2", 0, "cublasDestroy_v2", HandleKind::Library},
    {"cublasLtCreate", 0, "cublasLtDestroy", HandleKind::Library},
    {"cusparseCreate", 0, "cusparseDestroy", HandleKind::Library},
    {"cusolverDnCreate", 0, "cusolverDnDestroy", HandleKind::Library},
    {"cufftCreate", 0, "cufftDestroy", HandleKind::Library},
    {"cufftPlan1d", 0, "cufftDestroy", HandleKind::Library},
    {"cufftPlan2d", 0, "cufftDestroy", HandleKind::Library},
    {"cufftPlan3d", 0, "cufftDestroy", HandleKind::Library},
    {"cufftPlanMany", 0, "cufftDestroy", HandleKind::Library},
    {"curandCreateGenerator", 0, "curandDestroyGenerator", HandleKind::Library},
    {"curandCreateGeneratorHost", 0, "curandDestroyGenerator", HandleKind::Library},
    {"cudnnCreate", 0, "cudnnDestroy", HandleKind::Library},
    {"cusparseCreateMatDescr", 0, "cusparseDestroyMatDescr", HandleKind::Descriptor},
    {"cusparseCreateCsr", 0, "cusparseDestroySpMat", HandleKind::Descriptor},
    {"cusparseCreateCoo", 0, "cusparseDestroySpMat", HandleKind::Descriptor},
    {"cusparseCreateDnVec", 0, "cusparseDestroyDnVec", HandleKind::Descriptor},
    {"cusparseCreateDnMat", 0, "cusparseDestroyDnMat", HandleKind::Descriptor},
    {"cudnnCreateTensorDescriptor", 0, "cudnnDestroyTensorDescriptor", HandleKind::Descriptor},
    {"cudnnCreateFilterDescriptor", 0, "cudnnDestroyFilterDescriptor", HandleKind::Descriptor},
    {"cudnnCreateConvolutionDescriptor", 0, "cudnnDestroyConvolutionDescriptor",
     HandleKind::Descriptor},
};

// The CUDA Runtime API's "API synchronization behavior" section: blocking
// copies and sets wait for the legacy default stream before they return.
constexpr SyncApi Synchronizations[] = {
    {"cudaDeviceSynchronize", SyncScope::Device, None},
    {"cudaThreadSynchronize", SyncScope::Device, None},
    {"cuCtxSynchronize", SyncScope::Device, None},
    {"cudaStreamSynchronize", SyncScope::Stream, 0},
    {"cuStreamSynchronize", SyncScope::Stream, 0},
    {"cudaEventSynchronize", SyncScope::Event, 0},
    {"cuEventSynchronize", SyncScope::Event, 0},
    {"cudaMemcpy", SyncScope::LegacyDefault, None, HostWait::UnlessDeviceToDevice},
    {"cudaMemcpy2D", SyncScope::LegacyDefault, None, HostWait::UnlessDeviceToDevice},
    {"cudaMemcpyToSymbol", SyncScope::LegacyDefault, None},
    {"cudaMemcpyFromSymbol", SyncScope::LegacyDefault, None},
    // The copy's kind is inside the parameters: taken to wait, the side that
    // reports no race a device-to-device copy would leave open.
    {"cudaMemcpy3D", SyncScope::LegacyDefault, None},
    {"cudaMemcpy2DToArray", SyncScope::LegacyDefault, None, HostWait::UnlessDeviceToDevice},
    {"cudaMemcpy2DFromArray", SyncScope::LegacyDefault, None, HostWait::UnlessDeviceToDevice},
    {"cudaMemcpyToArray", SyncScope::LegacyDefault, None, HostWait::UnlessDeviceToDevice},
    {"cudaMemcpyFromArray", SyncScope::LegacyDefault, None, HostWait::UnlessDeviceToDevice},
    {"cudaMemcpy2DArrayToArray", SyncScope::LegacyDefault, None, HostWait::Never},
    // "Asynchronous with respect to the host, but serialized with respect to
    // all pending and future asynchronous work" of both devices.
    {"cudaMemcpyPeer", SyncScope::LegacyDefault, None, HostWait::Never},
    {"cudaMemset", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cudaMemset2D", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cudaMemset3D", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    // The driver API's synchronous copies and sets, on the default stream as
    // the runtime's: a copy from host memory is taken to wait (from pageable
    // memory it "may return once the pageable buffer has been copied to the
    // staging memory"), one between device buffers returns at once.
    {"cuMemcpy", SyncScope::LegacyDefault, None},
    {"cuMemcpy_v2", SyncScope::LegacyDefault, None},
    {"cuMemcpyHtoD", SyncScope::LegacyDefault, None},
    {"cuMemcpyHtoD_v2", SyncScope::LegacyDefault, None},
    {"cuMemcpyDtoH", SyncScope::LegacyDefault, None},
    {"cuMemcpyDtoH_v2", SyncScope::LegacyDefault, None},
    {"cuMemcpy2D", SyncScope::LegacyDefault, None},
    {"cuMemcpy2D_v2", SyncScope::LegacyDefault, None},
    {"cuMemcpy3D", SyncScope::LegacyDefault, None},
    {"cuMemcpy3D_v2", SyncScope::LegacyDefault, None},
    {"cuMemcpyDtoD", SyncScope::LegacyDefault, None, HostWait::Never},
    {"cuMemcpyDtoD_v2", SyncScope::LegacyDefault, None, HostWait::Never},
    {"cuMemcpyPeer", SyncScope::LegacyDefault, None, HostWait::Never},
    {"cuMemsetD8", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cuMemsetD8_v2", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cuMemsetD16", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cuMemsetD16_v2", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cuMemsetD32", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    {"cuMemsetD32_v2", SyncScope::LegacyDefault, None, HostWait::OnlyForHostTarget},
    // Releasing device or page-locked host memory waits for all work on the
    // device: the documentation says it "may", and on an H100 (driver 580,
    // CUDA 13.0) it did, in 10 of 10 trials each, also for non-blocking
    // streams. Allocating page-locked memory (cudaMallocHost, cudaHostAlloc)
    // is listed among the programming guide's "Implicit Synchronization"
    // between streams, but the host did not wait: a kernel's output read
    // right after it was stale in 10 of 10 trials. So they are no wait here,
    // nor is cudaMalloc.
    {"cudaFree", SyncScope::Device, None},
    {"cudaFreeHost", SyncScope::Device, None},
};

constexpr StreamCreationApi StreamCreations[] = {
    {"cudaStreamCreate", 0, None},          {"cudaStreamCreateWithFlags", 0, 1},
    {"cudaStreamCreateWithPriority", 0, 1}, {"cuStreamCreate", 0, 1},
    {"cuStreamCreateWithPriority", 0, 1},
};

// cudaStreamNonBlocking and CU_STREAM_NON_BLOCKING share the value 1.
constexpr uint64_t StreamNonBlocking = 0x01;

constexpr EventRecordApi EventRecords[] = {
    {"cudaEventRecord", 0, 1},
    {"cudaEventRecordWithFlags", 0, 1},
    {"cuEventRecord", 0, 1},
    {"cuEventRecordWithFlags", 0, 1},
};

constexpr CompletionQueryApi CompletionQueries[] = {
    {"cudaStreamQuery", SyncScope::Stream, 0},
    {"cuStreamQuery", SyncScope::Stream, 0},
    {"cudaEventQuery", SyncScope::Event, 0},
    {"cuEventQuery", SyncScope::Event, 0},
};

// cudaErrorNotReady and CUDA_ERROR_NOT_READY share the value 600.
constexpr int64_t NotReadyStatus = 600;

constexpr MappedPointerApi MappedPointers[] = {
    {"cudaHostGetDevicePointer", 0, 1},
    {"cuMemHostGetDevicePointer", 0, 1},
    {"cuMemHostGetDevicePointer_v2", 0, 1},
};

constexpr PointerQueryApi PointerQueries[] = {
    {"cudaPointerGetAttributes", 0, 1, "type", "device"},
};

constexpr StreamWaitApi StreamWaits[] = {
    {"cudaStreamWaitEvent", 0, 1},
    {"cuStreamWaitEvent", 0, 1},
};

// Work a stream runs on the host, in its order: the call does not wait.
constexpr llvm::StringLiteral HostFunctionLaunches[] = {
    "cudaLaunchHostFunc", "cudaStreamAddCallback", "cuLaunchHostFunc", "cuStreamAddCallback"};

// The constant handles of the default streams: 0, cudaStreamLegacy
// (CU_STREAM_LEGACY) and cudaStreamPerThread (CU_STREAM_PER_THREAD).
constexpr uint64_t LegacyStreamHandle = 0x1;
constexpr uint64_t PerThreadStreamHandle = 0x2;

// Calls that ask for or set the state of the device and the runtime, and
// queue, allocate, release and create nothing: the device a call runs on,
// its properties and limits, the versions, the free memory, the occupancy a
// kernel would have. (cudaDeviceReset is not one: it releases every
// allocation.)
constexpr llvm::StringLiteral StateQueries[] = {
    "cudaGetDeviceCount",
    "cudaGetDevice",
    "cudaSetDevice",
    "cudaInitDevice",
    "cudaSetDeviceFlags",
    "cudaGetDeviceFlags",
    "cudaChooseDevice",
    "cudaGetDeviceProperties",
    "cudaGetDeviceProperties_v2",
    "cudaDeviceGetAttribute",
    "cudaDeviceGetLimit",
    "cudaDeviceSetLimit",
    "cudaDeviceGetPCIBusId",
    "cudaDeviceGetByPCIBusId",
    "cudaDeviceCanAccessPeer",
    "cudaDeviceGetP2PAttribute",
    "cudaDeviceGetStreamPriorityRange",
    "cudaDeviceGetCacheConfig",
    "cudaDeviceSetCacheConfig",
    "cudaDriverGetVersion",
    "cudaRuntimeGetVersion",
    "cudaMemGetInfo",
    "cudaFuncGetAttributes",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    "cudaOccupancyMaxPotentialBlockSize",
    "cuInit",
    "cuDriverGetVersion",
    "cuDeviceGet",
    "cuDeviceGetCount",
    "cuDeviceGetName",
    "cuDeviceGetAttribute",
    "cuDeviceTotalMem",
    "cuDeviceTotalMem_v2",
    "cuCtxGetDevice",
    "cuMemGetInfo",
    "cuMemGetInfo_v2",
};

// cudaGetLastError resets the error it reports; cudaPeekAtLastError leaves it.
constexpr llvm::StringLiteral ResettingLastErrorQuery = "cudaGetLastError";
constexpr llvm::StringLiteral LastErrorQueries[] = {ResettingLastErrorQuery, "cudaPeekAtLastError"};

// Library calls whose pointer arguments outlive the call: cuFFT and cuBLAS
// keep a user-provided work area until it is replaced, realloc takes over the
// block it is given, setbuf keeps the stream's buffer.
constexpr llvm::StringLiteral PointerKeepingCalls[] = {
    "cufftSetWorkArea",
    "cublasSetWorkspace",
    "cublasSetWorkspace_v2",
    "realloc",
    "reallocf",
    "reallocarray",
    "setbuf",
    "setvbuf",
    "setbuffer",
};

// The libraries' set-stream calls. Each takes the library's handle and a
// stream; the library's calls that take a handle of that type queue their
// work on the stream (the cuBLAS, cuFFT, cuRAND, cuSPARSE, cuSOLVER and cuDNN
// guides, "stream"). Before the first such call, on the library's NULL stream.
constexpr llvm::StringLiteral LibraryStreamSetters[] = {
    "cublasSetStream_v2", "cusparseSetStream", "cusolverDnSetStream", "cusolverSpSetStream",
    "cufftSetStream",     "curandSetStream",   "cudnnSetStream",
};

// cuBLAS's level-1 reductions (cublasSdot, cublasIsamax ...) return their
// scalar through a parameter of this name; in the default host pointer mode
// the call itself waits for it.
constexpr llvm::StringLiteral HostPointerModeResult = "result";

// cuRAND's host generator runs on the CPU: its calls write host memory and
// return (the cuRAND guide, "Host API Overview").
constexpr llvm::StringLiteral HostGeneratorCreation = "curandCreateGeneratorHost";

constexpr StreamCaptureApi StreamCaptures[] = {
    {"cudaStreamBeginCapture", CaptureStep::Begin, 0, None, None},
    {"cudaStreamBeginCaptureToGraph", CaptureStep::Begin, 0, None, None},
    {"cuStreamBeginCapture", CaptureStep::Begin, 0, None, None},
    {"cuStreamBeginCapture_v2", CaptureStep::Begin, 0, None, None},
    {"cuStreamBeginCaptureToGraph", CaptureStep::Begin, 0, None, None},
    {"cudaStreamEndCapture", CaptureStep::End, 0, 1, None},
    {"cuStreamEndCapture", CaptureStep::End, 0, 1, None},
    {"cudaGraphInstantiate", CaptureStep::Instantiate, None, 1, 0},
    {"cudaGraphInstantiateWithFlags", CaptureStep::Instantiate, None, 1, 0},
    {"cudaGraphInstantiateWithParams", CaptureStep::Instantiate, None, 1, 0},
    {"cuGraphInstantiate", CaptureStep::Instantiate, None, 1, 0},
    {"cuGraphInstantiate_v2", CaptureStep::Instantiate, None, 1, 0},
    {"cuGraphInstantiateWithFlags", CaptureStep::Instantiate, None, 1, 0},
    {"cuGraphInstantiateWithParams", CaptureStep::Instantiate, None, 1, 0},
    {"cudaGraphLaunch", CaptureStep::Launch, 1, None, 0},
    {"cuGraphLaunch", CaptureStep::Launch, 1, None, 0},
    {"cudaGraphAddKernelNode", CaptureStep::AddKernelNode, None, 1, None, 4},
    {"cudaGraphAddMemcpyNode1D", CaptureStep::AddCopyNode, None, 1, None, 4},
    {"cudaGraphAddMemsetNode", CaptureStep::AddSetNode, None, 1, None, 4},
    {"cudaGraphClone", CaptureStep::Clone, None, 1, None, 0},
    {"cuGraphClone", CaptureStep::Clone, None, 1, None, 0},
};

constexpr llvm::StringLiteral ProcessExits[] = {"exit"};

constexpr llvm::StringLiteral ExitHandlerRegistrations[] = {"atexit"};

constexpr llvm::StringLiteral OwningSmartPointers[] = {"unique_ptr", "shared_ptr"};

constexpr BorrowedMemoryApi BorrowedMemory[] = {
    {"vector", "data", MemoryFamily::PageableHost, "std::vector::data()"},
    {"basic_string", "data", MemoryFamily::PageableHost, "std::string::data()"},
    {"basic_string", "c_str", MemoryFamily::PageableHost, "std::string::c_str()"},
};

// The same, for a container whose allocator hands out CUDA memory
// (`std::vector<float, PinnedAllocator<float>>`).
constexpr BorrowedMemoryApi CudaAllocatorBorrowedMemory[] = {
    {"vector", "data", MemoryFamily::PinnedHost, "std::vector::data()"},
    {"vector", "data", MemoryFamily::MappedHost, "std::vector::data()"},
    {"vector", "data", MemoryFamily::Managed, "std::vector::data()"},
};

constexpr HostRegistrationApi HostRegistrations[] = {
    {"cudaHostRegister", 0, true},
    {"cudaHostUnregister", 0, false},
    {"cuMemHostRegister", 0, true},
    {"cuMemHostUnregister", 0, false},
};

constexpr LaunchApi Launches[] = {
    // Name, shape, kernel, grid, block, shared memory
    {"cudaLaunchKernel", LaunchShape::Dim3Arguments, 0, 1, 2, 4},
    {"cudaLaunchCooperativeKernel", LaunchShape::Dim3Arguments, 0, 1, 2, 4},
    {"cudaLaunchKernelEx", LaunchShape::ConfigStruct, 1, 0, 0, None},
    {"cudaLaunchKernelExC", LaunchShape::ConfigStruct, 1, 0, 0, None},
    {"cuLaunchKernel", LaunchShape::IntegerArguments, None, 1, 4, 7},
    {"cuLaunchCooperativeKernel", LaunchShape::IntegerArguments, None, 1, 4, 7},
};

constexpr FunctionAttributeApi FunctionAttributes[] = {
    {"cudaFuncSetAttribute", 0, 1, 2, "cudaFuncAttributeMaxDynamicSharedMemorySize", false},
    {"cuFuncSetAttribute", 0, 1, 2, "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES", true},
};

constexpr LaunchLimits Limits = {
    1024, {1024, 1024, 64}, {2147483647, 65535, 65535}, uint64_t{48} * 1024};

// Byte counts: name, bytes, element size, element bytes, destination
// pitch, source pitch, width, height.
constexpr ByteCountApi ByteCounts[] = {
    {"cudaMalloc", 1},
    {"cudaMallocAsync", 1},
    {"cudaMallocFromPoolAsync", 1},
    {"cudaMallocManaged", 1},
    {"cudaMallocHost", 1},
    {"cudaHostAlloc", 1},
    {"cuMemAlloc", 1},
    {"cuMemAlloc_v2", 1},
    {"cuMemAllocAsync", 1},
    {"cuMemAllocFromPoolAsync", 1},
    {"cuMemAllocManaged", 1},
    {"cuMemAllocHost", 1},
    {"cuMemAllocHost_v2", 1},
    {"cuMemHostAlloc", 1},
    {"malloc", 0},
    {"calloc", 0, 1},
    {"aligned_alloc", 1},
    {"memalign", 1},
    {"valloc", 0},
    {"posix_memalign", 2},
    {"cudaMemcpy", 2},
    {"cudaMemcpyAsync", 2},
    {"cudaMemcpyToSymbol", 2},
    {"cudaMemcpyToSymbolAsync", 2},
    {"cudaMemcpyFromSymbol", 2},
    {"cudaMemcpyFromSymbolAsync", 2},
    {"cudaMemcpyPeer", 4},
    {"cudaMemcpyPeerAsync", 4},
    {"cudaMemset", 2},
    {"cudaMemsetAsync", 2},
    {"cuMemcpy", 2},
    {"cuMemcpyAsync", 2},
    {"cuMemcpyHtoD", 2},
    {"cuMemcpyHtoD_v2", 2},
    {"cuMemcpyDtoH", 2},
    {"cuMemcpyDtoH_v2", 2},
    {"cuMemcpyDtoD", 2},
    {"cuMemcpyDtoD_v2", 2},
    {"cuMemcpyHtoDAsync", 2},
    {"cuMemcpyHtoDAsync_v2", 2},
    {"cuMemcpyDtoHAsync", 2},
    {"cuMemcpyDtoHAsync_v2", 2},
    {"cuMemcpyDtoDAsync", 2},
    {"cuMemcpyDtoDAsync_v2", 2},
    {"cuMemsetD8", 2, None, 1},
    {"cuMemsetD8_v2", 2, None, 1},
    {"cuMemsetD16", 2, None, 2},
    {"cuMemsetD16_v2", 2, None, 2},
    {"cuMemsetD32", 2, None, 4},
    {"cuMemsetD32_v2", 2, None, 4},
    {"cuMemsetD8Async", 2, None, 1},
    {"cuMemsetD16Async", 2, None, 2},
    {"cuMemsetD32Async", 2, None, 4},
    {"cudaMemcpy2D", None, None, 1, 1, 3, 4, 5},
    {"cudaMemcpy2DAsync", None, None, 1, 1, 3, 4, 5},
    {"cudaMemset2D", None, None, 1, 1, None, 3, 4},
    {"cudaMemset2DAsync", None, None, 1, 1, None, 3, 4},
};

// Shared memory per block with the limit raised, by compute capability: the
// programming guide's table, in KiB.
struct SharedMemoryRow {
  unsigned ComputeCapability; // 90 for sm_90
  uint64_t KiB;
};
constexpr SharedMemoryRow OptInSharedMemory[] = {
    {50, 48},   {52, 48},   {53, 48},   {60, 48},  {61, 48},  {62, 48}, {70, 96},
    {72, 96},   {75, 64},   {80, 163},  {86, 99},  {87, 163}, {89, 99}, {90, 227},
    {100, 227}, {103, 227}, {110, 227}, {120, 99}, {121, 99},
};

// Under --default-stream per-thread (CUDA_API_PER_THREAD_DEFAULT_STREAM)
// the toolkit's headers rename stream-using calls: cudaMemcpyAsync_ptsz,
// cudaMemcpy_ptds.
llvm::StringRef withoutPerThreadSuffix(llvm::StringRef Name) {
  if (Name.consume_back("_ptsz") || Name.consume_back("_ptds"))
    return Name;
  return Name;
}

template <typename Row> const Row *findByName(llvm::ArrayRef<Row> Rows, llvm::StringRef Name) {
  Name = withoutPerThreadSuffix(Name);
  if (Name.empty())
    return nullptr;
  auto It = llvm::find_if(Rows, [&](const Row &R) { return R.Name == Name; });
  return It == Rows.end() ? nullptr : &*It;
}

bool returnsStatus(const CudaApi &Api, const FunctionDecl *Callee) {
  return Api.isStatusType(Callee->getReturnType());
}

} // namespace

llvm::StringRef memoryFamilyName(MemoryFamily Family) {
  switch (Family) {
  case MemoryFamily::Device:
    return "device memory";
  case MemoryFamily::PinnedHost:
    return "pinned host memory";
  case MemoryFamily::MappedHost:
    return "mapped pinned host memory";
  case MemoryFamily::Managed:
    return "managed memory";
  case MemoryFamily::PageableHost:
    return "pageable host memory";
  case MemoryFamily::Stack:
    return "stack memory";
  case MemoryFamily::Handle:
    return "handle";
  }
  llvm_unreachable("unknown memory family");
}

bool isCudaAllocated(MemoryFamily Family) {
  return Family != MemoryFamily::PageableHost && Family != MemoryFamily::Stack &&
         Family != MemoryFamily::Handle;
}

llvm::StringRef unreleasedMemoryFate(MemoryFamily Family) {
  switch (Family) {
  case MemoryFamily::Device:
    return "the GPU keeps it allocated until the process exits";
  case MemoryFamily::Managed:
    return "it stays allocated on the GPU and mapped on the host until the process exits";
  case MemoryFamily::PinnedHost:
  case MemoryFamily::MappedHost:
    return "it stays page-locked, out of the operating system's reach, until the process exits";
  case MemoryFamily::PageableHost:
  case MemoryFamily::Stack:
  case MemoryFamily::Handle:
    return "it stays allocated until the process exits";
  }
  llvm_unreachable("unknown memory family");
}

llvm::StringRef globalFunctionName(const FunctionDecl *Callee) {
  if (!Callee || isa<CXXMethodDecl>(Callee) || !Callee->getIdentifier())
    return {};
  if (!Callee->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return {};
  return Callee->getName();
}

bool isDeviceOnly(const Decl &D) {
  return D.hasAttr<CUDAGlobalAttr>() || (D.hasAttr<CUDADeviceAttr>() && !D.hasAttr<CUDAHostAttr>());
}

std::string documentedName(const FunctionDecl &Callee) {
  return documentedName(Callee.getName()).str();
}

llvm::StringRef documentedName(llvm::StringRef EntryPoint) {
  llvm::StringRef Plain = withoutPerThreadSuffix(EntryPoint);
  if (!Plain.consume_back("_v2"))
    Plain.consume_back("_v3");
  return Plain;
}

CudaApi::CudaApi(llvm::ArrayRef<std::string> Extra, const ProjectFunctions *Project)
    : Project(Project) {
  for (const std::string &Name : Extra)
    if (!Name.empty())
      ExtraStatusTypes.insert(Name);
}

llvm::StringRef CudaApi::statusTypeName(QualType Type) const {
  auto Lookup = [&](llvm::StringRef Name) -> llvm::StringRef {
    for (const StatusTypeSpelling &Row : StatusTypeSpellings)
      if (Row.Spelling == Name)
        return Row.Display;
    auto It = ExtraStatusTypes.find(Name);
    return It == ExtraStatusTypes.end() ? llvm::StringRef() : It->getKey();
  };
  // Walk the sugar from the outermost typedef inwards: the first name we know
  // wins, so `typedef cudaError_t myStatus;` is still a cudaError_t.
  QualType Current = Type;
  while (!Current.isNull()) {
    if (const auto *Typedef = Current->getAs<TypedefType>()) {
      if (llvm::StringRef Found = Lookup(Typedef->getDecl()->getName()); !Found.empty())
        return Found;
      Current = Typedef->desugar();
      continue;
    }
    break;
  }
  if (const auto *Enum = Type->getAsTagDecl()) {
    if (Enum->getIdentifier())
      if (llvm::StringRef Found = Lookup(Enum->getName()); !Found.empty())
        return Found;
    if (const TypedefNameDecl *Name = Enum->getTypedefNameForAnonDecl())
      return Lookup(Name->getName());
  }
  return {};
}

bool CudaApi::isStatusType(QualType Type) const { return !statusTypeName(Type).empty(); }

bool CudaApi::isLastErrorQuery(const FunctionDecl *Callee) const {
  llvm::StringRef Name = globalFunctionName(Callee);
  return llvm::is_contained(LastErrorQueries, Name) && returnsStatus(*this, Callee);
}

bool CudaApi::recordsLastError(const FunctionDecl *Callee) const {
  if (!Callee || statusTypeName(Callee->getReturnType()) != "cudaError_t")
    return false;
  // Declared by the runtime's own headers, whatever include path (-I or
  // -isystem) the project reaches them through.
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  llvm::StringRef File = llvm::sys::path::filename(
      SM.getFilename(SM.getExpansionLoc(Callee->getCanonicalDecl()->getLocation())));
  return globalFunctionName(Callee).starts_with("cuda") && llvm::is_contained(RuntimeHeaders, File);
}

bool CudaApi::clearsLastError(const FunctionDecl *Callee) const {
  return isLastErrorQuery(Callee) && globalFunctionName(Callee) == ResettingLastErrorQuery;
}

const AllocationApi *CudaApi::allocation(const FunctionDecl *Callee) const {
  const AllocationApi *Api = findByName(llvm::ArrayRef(Allocations), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->OutParam ||
      !Callee->getParamDecl(Api->OutParam)->getType()->isPointerType())
    return nullptr;
  return Api;
}

const HostAllocationApi *CudaApi::hostAllocation(const FunctionDecl *Callee) const {
  const HostAllocationApi *Api =
      findByName(llvm::ArrayRef(HostAllocations), globalFunctionName(Callee));
  if (!Api)
    return nullptr;
  if (Api->OutParam)
    return Callee->getNumParams() > *Api->OutParam &&
                   Callee->getParamDecl(*Api->OutParam)->getType()->isPointerType()
               ? Api
               : nullptr;
  return Callee->getReturnType()->isPointerType() ? Api : nullptr;
}

MemoryFamily CudaApi::allocatedFamily(const AllocationApi &Api, std::optional<uint64_t> Flags) {
  if (Api.Family == MemoryFamily::PinnedHost && Flags && Api.MappedFlag &&
      (*Flags & Api.MappedFlag))
    return MemoryFamily::MappedHost;
  return Api.Family;
}

llvm::StringRef CudaApi::invalidValueError(llvm::StringRef Api) {
  return Api.starts_with("cuda") ? "cudaErrorInvalidValue" : "CUDA_ERROR_INVALID_VALUE";
}

std::string CudaApi::mismatchedReleaseFate(llvm::StringRef Release, MemoryFamily ReleaseFamily,
                                           MemoryFamily Memory, bool Owned) {
  if (ReleaseFamily == MemoryFamily::PageableHost) {
    if (Memory == MemoryFamily::PageableHost)
      return "the container releases it again when it is destroyed, and the "
             "host heap is corrupted";
    if (Memory == MemoryFamily::Stack)
      return "the C library aborts the process, as the address never came "
             "from the heap";
    return "the C library reads heap bookkeeping that is not there and the "
           "process dies with a segmentation fault";
  }
  std::string Result = ("the call fails with " + invalidValueError(Release)).str();
  if (Owned)
    Result += " and the memory stays allocated";
  return Result;
}

bool CudaApi::releaseAccepts(MemoryFamily ReleaseFamily, MemoryFamily Allocated) {
  switch (ReleaseFamily) {
  case MemoryFamily::Device:
  case MemoryFamily::Managed:
    return Allocated == MemoryFamily::Device || Allocated == MemoryFamily::Managed;
  case MemoryFamily::PinnedHost:
  case MemoryFamily::MappedHost:
    return Allocated == MemoryFamily::PinnedHost || Allocated == MemoryFamily::MappedHost;
  case MemoryFamily::PageableHost:
    return Allocated == MemoryFamily::PageableHost;
  case MemoryFamily::Handle:
    return Allocated == MemoryFamily::Handle;
  case MemoryFamily::Stack:
    return false;
  }
  llvm_unreachable("unknown memory family");
}

const BorrowedMemoryApi *CudaApi::borrowedMemory(const FunctionDecl *Callee) const {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!Method || !Method->getIdentifier())
    return nullptr;
  const CXXRecordDecl *Container = Method->getParent();
  if (!Container->isInStdNamespace() || !Container->getIdentifier())
    return nullptr;
  // Only std::allocator is known to hand out pageable memory: a container
  // with an allocator of its own holds whatever that allocator gives, CUDA
  // memory where its allocate() is seen to call a CUDA allocation (a pinning
  // allocator, as thrust's and many projects' are), unknown otherwise.
  llvm::ArrayRef<BorrowedMemoryApi> Rows = BorrowedMemory;
  std::optional<MemoryFamily> Family = MemoryFamily::PageableHost;
  if (const auto *Instance = dyn_cast<ClassTemplateSpecializationDecl>(Container)) {
    const TemplateArgumentList &Arguments = Instance->getTemplateArgs();
    const TemplateArgument &Last = Arguments[Arguments.size() - 1];
    const CXXRecordDecl *Allocator =
        Last.getKind() == TemplateArgument::Type ? Last.getAsType()->getAsCXXRecordDecl() : nullptr;
    if (!Allocator)
      return nullptr;
    if (!Allocator->isInStdNamespace() || !Allocator->getIdentifier() ||
        Allocator->getName() != "allocator") {
      Family = allocatorFamily(*Allocator);
      Rows = CudaAllocatorBorrowedMemory;
    }
  }
  for (const BorrowedMemoryApi &Row : Rows)
    if (Family && Row.Family == *Family && Row.Container == Container->getName() &&
        Row.Method == Method->getName())
      return &Row;
  return nullptr;
}

namespace {

// The CUDA memory a function's body allocates and hands on: the family of
// the first CUDA allocation it calls, itself or through the functions it
// calls whose bodies the unit has (a few calls deep), or through a project
// function of another unit whose summary says it returns such memory.
std::optional<MemoryFamily> cudaMemoryAllocatedBy(const FunctionDecl *Function, const CudaApi &Api,
                                                  unsigned Depth) {
  const FunctionDecl *Definition = nullptr;
  if (!Function || !Function->hasBody(Definition) || Depth == 0)
    return std::nullopt;
  llvm::SmallVector<const Stmt *, 32> Work{Definition->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (const AllocationApi *Allocation = Api.allocation(Callee);
          Allocation && isCudaAllocated(Allocation->Family))
        return Allocation->Family;
      if (const ProjectFunctions *Project = Api.project())
        if (const FunctionSummary *Summary = Project->find(Callee))
          if (Summary->Returns && isCudaAllocated(Summary->Returns->Family))
            return Summary->Returns->Family;
      if (std::optional<MemoryFamily> Family = cudaMemoryAllocatedBy(Callee, Api, Depth - 1))
        return Family;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return std::nullopt;
}

} // namespace

std::optional<MemoryFamily> CudaApi::allocatorFamily(const CXXRecordDecl &Allocator) const {
  const CXXRecordDecl *Definition = Allocator.getDefinition();
  if (!Definition)
    return std::nullopt;
  std::optional<MemoryFamily> Family;
  auto Search = [&](const CXXRecordDecl *Record) {
    for (const CXXMethodDecl *Method : Record->methods())
      if (!Family && Method->getIdentifier() && Method->getName() == "allocate")
        Family = cudaMemoryAllocatedBy(Method, *this, /*Depth=*/4);
    return !Family;
  };
  if (Search(Definition))
    Definition->forallBases(Search);
  return Family;
}

bool CudaApi::isOwningSmartPointer(const CXXRecordDecl *Record) const {
  return Record && Record->getIdentifier() &&
         llvm::is_contained(OwningSmartPointers, Record->getName());
}

bool CudaApi::launchesGraph(const FunctionDecl *Callee) const {
  const StreamCaptureApi *Step = streamCapture(Callee);
  return Step && Step->Step == CaptureStep::Launch;
}

bool CudaApi::exitsProcess(const FunctionDecl *Callee) const {
  return llvm::is_contained(ProcessExits, globalFunctionName(Callee));
}

bool CudaApi::registersExitHandler(const FunctionDecl *Callee) const {
  return llvm::is_contained(ExitHandlerRegistrations, globalFunctionName(Callee));
}

bool CudaApi::keepsPointerArguments(const FunctionDecl *Callee) const {
  return llvm::is_contained(PointerKeepingCalls, globalFunctionName(Callee));
}

namespace {

// A function a CUDA library other than the runtime and the driver API
// declares in its own headers: a project's wrapper that returns a
// cublasStatus_t is not one.
bool isLibraryFunction(const FunctionDecl *Callee) {
  if (!Callee || globalFunctionName(Callee).empty())
    return false;
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  const CudaLibrary *Library = CudaApi::libraryOfHeader(llvm::sys::path::filename(
      SM.getFilename(SM.getExpansionLoc(Callee->getCanonicalDecl()->getLocation()))));
  return Library && Library->Headers.data() != RuntimeHeaders &&
         Library->Headers.data() != DriverHeaders;
}

const TypedefNameDecl *typedefOf(QualType Type) {
  const auto *Typedef = Type->getAs<TypedefType>();
  return Typedef ? Typedef->getDecl()->getCanonicalDecl() : nullptr;
}

bool hasStreamSettingShape(const FunctionDecl *Callee) {
  return Callee->getNumParams() == 2 && typedefOf(Callee->getParamDecl(0)->getType()) &&
         CudaApi::isStreamType(Callee->getParamDecl(1)->getType());
}

// Whether a set-stream call the unit declares takes a handle of `Handle`'s
// type: the declarations, not the names, say which type is a library handle.
bool isLibraryHandleType(const ASTContext &Context, const TypedefNameDecl *Handle) {
  for (llvm::StringRef Setter : LibraryStreamSetters) {
    auto Name = Context.Idents.find(Setter);
    if (Name == Context.Idents.end())
      continue;
    for (const NamedDecl *Found : Context.getTranslationUnitDecl()->lookup(Name->getValue()))
      if (const auto *Function = dyn_cast<FunctionDecl>(Found);
          Function && hasStreamSettingShape(Function) &&
          typedefOf(Function->getParamDecl(0)->getType()) == Handle)
        return true;
  }
  return false;
}

} // namespace

bool CudaApi::isStreamType(QualType Type) {
  const auto *Pointer = Type.getCanonicalType()->getAs<PointerType>();
  const RecordDecl *Stream = Pointer ? Pointer->getPointeeType()->getAsRecordDecl() : nullptr;
  return Stream && Stream->getName() == "CUstream_st";
}

std::optional<LibraryStreamSettingApi>
CudaApi::libraryStreamSetting(const FunctionDecl *Callee) const {
  if (!isLibraryFunction(Callee) ||
      !llvm::is_contained(LibraryStreamSetters, globalFunctionName(Callee)) ||
      !hasStreamSettingShape(Callee))
    return std::nullopt;
  return LibraryStreamSettingApi{0, 1};
}

bool CudaApi::makesHostSideHandle(const HandleApi &Creation) {
  return Creation.Name == HostGeneratorCreation;
}

std::optional<LibraryWorkApi> CudaApi::libraryWork(const FunctionDecl *Callee) const {
  if (!isLibraryFunction(Callee))
    return std::nullopt;
  // libraryStreamSetting, without asking again whether it is a library's.
  bool SetsStream = llvm::is_contained(LibraryStreamSetters, globalFunctionName(Callee)) &&
                    hasStreamSettingShape(Callee);
  if (SetsStream || handleCreation(Callee) || !handleDestruction(Callee).empty() ||
      keepsPointerArguments(Callee))
    return std::nullopt;
  for (unsigned I = 0; I < Callee->getNumParams(); ++I)
    if (isStreamType(Callee->getParamDecl(I)->getType()))
      return LibraryWorkApi{I, std::nullopt};
  if (Callee->getNumParams() > 0)
    if (const TypedefNameDecl *Handle = typedefOf(Callee->getParamDecl(0)->getType());
        Handle && isLibraryHandleType(Callee->getASTContext(), Handle))
      return LibraryWorkApi{std::nullopt, 0};
  return std::nullopt;
}

LibraryAccess CudaApi::libraryWorkAccess(const FunctionDecl *Callee, unsigned Index) {
  if (Index >= Callee->getNumParams())
    return LibraryAccess::None;
  const ParmVarDecl *Parameter = Callee->getParamDecl(Index);
  QualType Type = Parameter->getType();
  if (!Type->isPointerType() || isStreamType(Type) || typedefOf(Type) ||
      Parameter->getName() == HostPointerModeResult)
    return LibraryAccess::None;
  QualType Pointee = Type->getPointeeType();
  // Descriptors and handles point to incomplete types; an array of pointers
  // is read for the addresses it holds.
  if (Pointee->isPointerType() || (!Pointee->isVoidType() && Pointee->isIncompleteType()))
    return LibraryAccess::None;
  return Pointee.isConstQualified() ? LibraryAccess::Reads : LibraryAccess::Writes;
}

LibraryAccess CudaApi::messageBufferAccess(const FunctionDecl *Callee, unsigned Index) {
  llvm::StringRef Name = globalFunctionName(Callee);
  if (Index >= Callee->getNumParams() || !(Name.starts_with("MPI_") || Name.starts_with("PMPI_")))
    return LibraryAccess::None;
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  if (llvm::sys::path::filename(SM.getFilename(
          SM.getExpansionLoc(Callee->getCanonicalDecl()->getLocation()))) != MpiHeader)
    return LibraryAccess::None;
  auto IsDatatype = [](QualType Type) {
    const TypedefNameDecl *Typedef = typedefOf(Type);
    return Typedef && Typedef->getName() == "MPI_Datatype";
  };
  QualType Type = Callee->getParamDecl(Index)->getType();
  if (!Type->isPointerType() || !Type->getPointeeType()->isVoidType())
    return LibraryAccess::None;
  // `sendbuf, recvbuf, count, datatype` share one: the datatype may come
  // after the next buffer.
  for (unsigned Later = Index + 1; Later < Callee->getNumParams(); ++Later)
    if (IsDatatype(Callee->getParamDecl(Later)->getType()))
      return Type->getPointeeType().isConstQualified() ? LibraryAccess::Reads
                                                       : LibraryAccess::Writes;
  return LibraryAccess::None;
}

const HostRegistrationApi *CudaApi::hostRegistration(const FunctionDecl *Callee) const {
  const HostRegistrationApi *Api =
      findByName(llvm::ArrayRef(HostRegistrations), globalFunctionName(Callee));
  return Api && Callee->getNumParams() > Api->PointerParam ? Api : nullptr;
}

const ByteCountApi *CudaApi::byteCounts(const FunctionDecl *Callee) const {
  const ByteCountApi *Api = findByName(llvm::ArrayRef(ByteCounts), globalFunctionName(Callee));
  if (!Api)
    return nullptr;
  for (std::optional<unsigned> Param : {Api->Bytes, Api->ElementSize, Api->DestinationPitch,
                                        Api->SourcePitch, Api->Width, Api->Height})
    if (Param && (*Param >= Callee->getNumParams() ||
                  !Callee->getParamDecl(*Param)->getType()->isIntegerType()))
      return nullptr;
  return Api;
}

const LaunchApi *CudaApi::launch(const FunctionDecl *Callee) const {
  const LaunchApi *Api = findByName(llvm::ArrayRef(Launches), globalFunctionName(Callee));
  if (!Api)
    return nullptr;
  unsigned Width = Api->Shape == LaunchShape::IntegerArguments ? 3 : 1;
  unsigned Last = std::max({Api->Kernel.value_or(0), Api->Grid + Width - 1, Api->Block + Width - 1,
                            Api->SharedMemory.value_or(0)});
  return Callee->getNumParams() > Last ? Api : nullptr;
}

const FunctionAttributeApi *CudaApi::functionAttribute(const FunctionDecl *Callee) const {
  const FunctionAttributeApi *Api =
      findByName(llvm::ArrayRef(FunctionAttributes), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= std::max({Api->Function, Api->Attribute, Api->Value}))
    return nullptr;
  return Api;
}

const LaunchLimits &CudaApi::launchLimits() { return Limits; }

bool CudaApi::queriesDeviceAttribute(const FunctionDecl *Callee) const {
  llvm::StringRef Name = globalFunctionName(Callee);
  return (Name == "cudaDeviceGetAttribute" || Name == "cuDeviceGetAttribute") &&
         Callee->getNumParams() >= 2;
}

std::optional<uint64_t> CudaApi::deviceAttributeMaximum(llvm::StringRef Attribute) {
  struct Row {
    llvm::StringLiteral Runtime, Driver;
    uint64_t Maximum;
  };
  const Row Rows[] = {
      {"cudaDevAttrMaxThreadsPerBlock", "CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK",
       Limits.MaxThreadsPerBlock},
      {"cudaDevAttrMaxBlockDimX", "CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X",
       Limits.MaxBlockDimensions[0]},
      {"cudaDevAttrMaxBlockDimY", "CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y",
       Limits.MaxBlockDimensions[1]},
      {"cudaDevAttrMaxBlockDimZ", "CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z",
       Limits.MaxBlockDimensions[2]},
      {"cudaDevAttrMaxGridDimX", "CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X", Limits.MaxGridDimensions[0]},
      {"cudaDevAttrMaxGridDimY", "CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y", Limits.MaxGridDimensions[1]},
      {"cudaDevAttrMaxGridDimZ", "CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z", Limits.MaxGridDimensions[2]},
  };
  for (const Row &R : Rows)
    if (Attribute == R.Runtime || Attribute == R.Driver)
      return R.Maximum;
  return std::nullopt;
}

std::optional<uint64_t> CudaApi::optInSharedMemoryPerBlock(llvm::StringRef Arch, bool WithPtx) {
  std::optional<GpuArchitecture> Built = GpuArchitecture::parse(Arch);
  if (!Built)
    return std::nullopt;
  std::optional<uint64_t> Largest;
  for (const SharedMemoryRow &Row : OptInSharedMemory) {
    GpuArchitecture Gpu{Row.ComputeCapability / 10, Row.ComputeCapability % 10};
    if (machineCodeRunsOn(*Built, Gpu) || (WithPtx && ptxRunsOn(*Built, Gpu)))
      Largest = std::max(Largest.value_or(0), Row.KiB * 1024);
  }
  return Largest;
}

std::optional<GpuArchitecture> GpuArchitecture::parse(llvm::StringRef Name) {
  Name = Name.trim();
  if (!Name.consume_front("sm_") && !Name.consume_front("compute_"))
    Name.consume_front("lto_");
  GpuArchitecture Result;
  if (!Name.empty() && (Name.back() == 'a' || Name.back() == 'f')) {
    Result.Variant = Name.back();
    Name = Name.drop_back();
  }
  // nvidia-smi's "9.0"; compilers' "90" and "100".
  auto [Major, Minor] = Name.split('.');
  unsigned Number = 0;
  if (!Minor.empty()) {
    unsigned MinorNumber = 0;
    if (Major.getAsInteger(10, Number) || Minor.getAsInteger(10, MinorNumber) || MinorNumber > 9 ||
        Result.Variant)
      return std::nullopt;
    Number = Number * 10 + MinorNumber;
  } else if (Name.size() < 2 || Name.getAsInteger(10, Number)) {
    return std::nullopt;
  }
  if (Number < 10)
    return std::nullopt;
  Result.Major = Number / 10;
  Result.Minor = Number % 10;
  return Result;
}

std::string GpuArchitecture::smName() const {
  return "sm_" + std::to_string(number()) + (Variant ? std::string(1, Variant) : "");
}

std::string GpuArchitecture::computeName() const {
  return "compute_" + std::to_string(number()) + (Variant ? std::string(1, Variant) : "");
}

std::string GpuArchitecture::capability() const {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

bool CudaApi::machineCodeRunsOn(const GpuArchitecture &Built, const GpuArchitecture &Gpu) {
  if (Built.Variant == 'a')
    return Built.Major == Gpu.Major && Built.Minor == Gpu.Minor;
  return Built.Major == Gpu.Major && Built.Minor <= Gpu.Minor;
}

std::string CudaApi::gencodeFor(const GpuArchitecture &Gpu) {
  return "-gencode arch=" + Gpu.computeName() + ",code=" + Gpu.smName();
}

std::string CudaApi::cmakeArchitectureFor(const GpuArchitecture &Gpu) {
  return std::to_string(Gpu.number()) + (Gpu.Variant ? std::string(1, Gpu.Variant) : "");
}

bool CudaApi::ptxRunsOn(const GpuArchitecture &Built, const GpuArchitecture &Gpu) {
  if (Built.Variant)
    return machineCodeRunsOn(Built, Gpu);
  return Built.number() <= Gpu.number();
}

uint64_t CudaApi::largestOptInSharedMemoryPerBlock() {
  uint64_t Largest = 0;
  for (const SharedMemoryRow &Row : OptInSharedMemory)
    Largest = std::max(Largest, Row.KiB * 1024);
  return Largest;
}

const FunctionSummary *CudaApi::projectFunction(const FunctionDecl *Callee) const {
  return Project ? Project->find(Callee) : nullptr;
}

bool CudaApi::isCudaApiCall(const FunctionDecl *Callee) const {
  if (!Callee)
    return false;
  if (Project && Project->cudaEffect(Callee) != CudaEffect::None)
    return true;
  if (Callee->hasAttr<CUDAGlobalAttr>() || isStatusType(Callee->getReturnType()))
    return true;
  if (const ReleaseApi *Api = release(Callee))
    return Api->Family != MemoryFamily::PageableHost;
  return allocation(Callee) || copy(Callee) || synchronization(Callee) || streamCreation(Callee) ||
         eventRecord(Callee) || completionQuery(Callee) || mappedPointer(Callee) ||
         pointerQuery(Callee) || streamWait(Callee) || isLastErrorQuery(Callee) ||
         launchesGraph(Callee);
}

bool CudaApi::onlyWaits(const FunctionDecl *Callee) const {
  if (Project && Project->cudaEffect(Callee) == CudaEffect::WaitsOnly)
    return true;
  if (!returnsStatus(*this, Callee))
    return false;
  if (llvm::is_contained(StateQueries, globalFunctionName(Callee)) || isLastErrorQuery(Callee) ||
      completionQuery(Callee))
    return true;
  // The waits of Synchronizations that are neither copies nor releases.
  const SyncApi *Wait = synchronization(Callee);
  return Wait && Wait->Scope != SyncScope::LegacyDefault && !release(Callee);
}

QualType CudaApi::allocationTargetType(const FunctionDecl *Callee, const AllocationApi &Api) const {
  return Callee->getParamDecl(Api.OutParam)->getType()->getPointeeType();
}

const ReleaseApi *CudaApi::release(const FunctionDecl *Callee) const {
  const ReleaseApi *Api = findByName(llvm::ArrayRef(Releases), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->PointerParam)
    return nullptr;
  return Api;
}

const HandleApi *CudaApi::handleCreation(const FunctionDecl *Callee) const {
  const HandleApi *Api = findByName(llvm::ArrayRef(Handles), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->OutParam ||
      !Callee->getParamDecl(Api->OutParam)->getType()->isPointerType())
    return nullptr;
  return Api;
}

const HandleApi *CudaApi::handleCreationNamed(llvm::StringRef Name) {
  return findByName(llvm::ArrayRef(Handles), Name);
}

llvm::StringRef CudaApi::handleDestruction(const FunctionDecl *Callee) const {
  llvm::StringRef Name = globalFunctionName(Callee);
  if (Name.empty() || Callee->getNumParams() < 1)
    return {};
  const HandleApi *Api =
      llvm::find_if(Handles, [&](const HandleApi &Row) { return Row.Destroy == Name; });
  return Api == std::end(Handles) ? llvm::StringRef() : llvm::StringRef(Api->Destroy);
}

std::string CudaApi::handleName(const HandleApi &Api) {
  switch (Api.Kind) {
  case HandleKind::Event:
    return "CUDA event";
  case HandleKind::Stream:
    return "CUDA stream";
  case HandleKind::Graph:
    return "CUDA graph";
  case HandleKind::GraphExec:
    return "executable CUDA graph";
  case HandleKind::Library:
  case HandleKind::Descriptor:
    break;
  }
  static constexpr std::pair<llvm::StringLiteral, llvm::StringLiteral> Libraries[] = {
      {"cublasLt", "cuBLASLt"}, {"cublas", "cuBLAS"}, {"cusparse", "cuSPARSE"},
      {"cusolver", "cuSOLVER"}, {"cufft", "cuFFT"},   {"curand", "cuRAND"},
      {"cudnn", "cuDNN"}};
  llvm::StringRef Library = "library";
  for (const auto &[Prefix, Name] : Libraries)
    if (Api.Name.starts_with(Prefix)) {
      Library = Name;
      break;
    }
  llvm::StringRef What = Api.Kind == HandleKind::Descriptor              ? "descriptor"
                         : Api.Name.starts_with("cufftPlan")             ? "plan"
                         : Api.Name.starts_with("curandCreateGenerator") ? "generator"
                                                                         : "handle";
  return (Library + " " + What).str();
}

llvm::StringRef CudaApi::unreleasedHandleCost(HandleKind Kind) {
  switch (Kind) {
  case HandleKind::Event:
  case HandleKind::Stream:
    return "it is a driver resource that lives until the process exits: created on every "
           "call, such handles pile up until creating another one fails";
  case HandleKind::Graph:
  case HandleKind::GraphExec:
    return "the graph and the resources of its nodes stay allocated until the process exits";
  case HandleKind::Library:
    return "the library keeps its context, device workspace and streams until the process "
           "exits";
  case HandleKind::Descriptor:
    return "the library keeps the descriptor's host memory until the process exits";
  }
  llvm_unreachable("unknown handle kind");
}

const CopyApi *CudaApi::copy(const FunctionDecl *Callee) const {
  const CopyApi *Api = findByName(llvm::ArrayRef(Copies), globalFunctionName(Callee));
  if (!Api)
    return nullptr;
  for (std::optional<unsigned> Position : {Api->Destination, Api->Source, Api->Kind, Api->Stream})
    if (Position && Callee->getNumParams() <= *Position)
      return nullptr;
  return Api;
}

std::optional<unsigned> CudaApi::memsetByteValue(const FunctionDecl *Callee) const {
  const CopyApi *Api = copy(Callee);
  if (!Api || Api->Source || Api->DestinationIsSymbol)
    return std::nullopt;
  for (unsigned I = 0; I < Callee->getNumParams(); ++I)
    if (const auto *Type =
            Callee->getParamDecl(I)->getType().getCanonicalType()->getAs<BuiltinType>();
        Type && Type->getKind() == BuiltinType::Int)
      return I;
  return std::nullopt;
}

std::optional<CopyDirection> CudaApi::memcpyKindDirection(uint64_t Kind) {
  for (const MemcpyKind &Row : MemcpyKinds)
    if (Row.Value == Kind)
      return Row.Direction;
  return std::nullopt;
}

llvm::StringRef CudaApi::memcpyKindName(CopyDirection Direction) {
  for (const MemcpyKind &Row : MemcpyKinds)
    if (Row.Direction == Direction)
      return Row.Name;
  llvm_unreachable("every direction has its enumerator");
}

const CopyApi *CudaApi::namedDirectionCopy(CopyDirection Direction, bool IsAsync) {
  for (const CopyApi &Row : Copies)
    if (Row.Direction == Direction && Row.IsAsync == IsAsync)
      return &Row;
  return nullptr;
}

std::optional<CopySide> CudaApi::copySide(MemoryFamily Family) {
  switch (Family) {
  case MemoryFamily::Device:
    return CopySide::Device;
  case MemoryFamily::Managed:
  case MemoryFamily::Handle:
    return std::nullopt;
  case MemoryFamily::PinnedHost:
  case MemoryFamily::MappedHost:
  case MemoryFamily::PageableHost:
  case MemoryFamily::Stack:
    return CopySide::Host;
  }
  llvm_unreachable("unknown memory family");
}

MemoryFamily CudaApi::staticStorageFamily(const VarDecl &Variable) {
  // Clang keeps the `managed` attribute for HIP only: in CUDA the toolkit's
  // __managed__ (`__location__(managed)`) leaves nothing but its macro, and
  // the bundled headers spell it as __device__.
  const SourceManager &SM = Variable.getASTContext().getSourceManager();
  const LangOptions &Options = Variable.getASTContext().getLangOpts();
  for (SourceLocation Loc = Variable.getBeginLoc(); Loc.isMacroID();
       Loc = SM.getImmediateMacroCallerLoc(Loc))
    if (Lexer::getImmediateMacroName(Loc, SM, Options) == "__managed__")
      return MemoryFamily::Managed;
  if (Variable.hasAttr<HIPManagedAttr>())
    return MemoryFamily::Managed;
  if (Variable.hasAttr<CUDADeviceAttr>() || Variable.hasAttr<CUDAConstantAttr>())
    return MemoryFamily::Device;
  return MemoryFamily::PageableHost;
}

bool CudaApi::deviceReachable(MemoryFamily Family) {
  return Family != MemoryFamily::PageableHost && Family != MemoryFamily::Stack &&
         Family != MemoryFamily::Handle;
}

const SyncApi *CudaApi::synchronization(const FunctionDecl *Callee) const {
  const SyncApi *Api = findByName(llvm::ArrayRef(Synchronizations), globalFunctionName(Callee));
  if (!Api || (Api->HandleParam && Callee->getNumParams() <= *Api->HandleParam))
    return nullptr;
  return Api;
}

std::optional<unsigned> CudaApi::madeThroughParameter(const FunctionDecl *Callee) const {
  if (const AllocationApi *Allocation = allocation(Callee))
    return Allocation->OutParam;
  if (const StreamCreationApi *Creation = streamCreation(Callee))
    return Creation->OutParam;
  return std::nullopt;
}

const StreamCreationApi *CudaApi::streamCreation(const FunctionDecl *Callee) const {
  const StreamCreationApi *Api =
      findByName(llvm::ArrayRef(StreamCreations), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->OutParam ||
      (Api->FlagsParam && Callee->getNumParams() <= *Api->FlagsParam) ||
      !Callee->getParamDecl(Api->OutParam)->getType()->isPointerType())
    return nullptr;
  return Api;
}

const EventRecordApi *CudaApi::eventRecord(const FunctionDecl *Callee) const {
  const EventRecordApi *Api = findByName(llvm::ArrayRef(EventRecords), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->StreamParam)
    return nullptr;
  return Api;
}

const CompletionQueryApi *CudaApi::completionQuery(const FunctionDecl *Callee) const {
  const CompletionQueryApi *Api =
      findByName(llvm::ArrayRef(CompletionQueries), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->HandleParam || !returnsStatus(*this, Callee))
    return nullptr;
  return Api;
}

const PointerQueryApi *CudaApi::pointerQuery(const FunctionDecl *Callee) const {
  const PointerQueryApi *Api =
      findByName(llvm::ArrayRef(PointerQueries), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= std::max(Api->AttributesParam, Api->PointerParam) ||
      !Callee->getParamDecl(Api->AttributesParam)->getType()->isPointerType())
    return nullptr;
  return Api;
}

llvm::StringRef CudaApi::memoryTypeEnumerator(MemoryFamily Family) {
  switch (Family) {
  case MemoryFamily::Device:
    return "cudaMemoryTypeDevice";
  case MemoryFamily::Managed:
    return "cudaMemoryTypeManaged";
  case MemoryFamily::PinnedHost:
  case MemoryFamily::MappedHost:
    return "cudaMemoryTypeHost";
  case MemoryFamily::PageableHost:
  case MemoryFamily::Stack:
  case MemoryFamily::Handle:
    return "cudaMemoryTypeUnregistered";
  }
  llvm_unreachable("unknown memory family");
}

const MappedPointerApi *CudaApi::mappedPointer(const FunctionDecl *Callee) const {
  const MappedPointerApi *Api =
      findByName(llvm::ArrayRef(MappedPointers), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->HostParam ||
      !Callee->getParamDecl(Api->OutParam)->getType()->isPointerType())
    return nullptr;
  return Api;
}

const StreamCaptureApi *CudaApi::streamCapture(const FunctionDecl *Callee) const {
  const StreamCaptureApi *Api =
      findByName(llvm::ArrayRef(StreamCaptures), globalFunctionName(Callee));
  if (!Api)
    return nullptr;
  std::optional<unsigned> Source =
      Api->Step == CaptureStep::AddCopyNode ? std::optional(*Api->NodeParam + 1) : std::nullopt;
  for (std::optional<unsigned> Param :
       {Api->StreamParam, Api->GraphParam, Api->ExecParam, Api->NodeParam, Source})
    if (Param && Callee->getNumParams() <= *Param)
      return nullptr;
  return Api;
}

const StreamWaitApi *CudaApi::streamWait(const FunctionDecl *Callee) const {
  const StreamWaitApi *Api =
      findByName(llvm::ArrayRef(StreamWaits), withoutPerThreadSuffix(globalFunctionName(Callee)));
  if (!Api || Callee->getNumParams() <= std::max(Api->StreamParam, Api->EventParam))
    return nullptr;
  return Api;
}

std::optional<unsigned> CudaApi::streamOrderedWork(const FunctionDecl *Callee) const {
  llvm::StringRef Status = statusTypeName(Callee->getReturnType());
  if (Status != "cudaError_t" && Status != "CUresult")
    return std::nullopt;
  llvm::StringRef Name = withoutPerThreadSuffix(globalFunctionName(Callee));
  if (!Name.ends_with("Async") && !llvm::is_contained(HostFunctionLaunches, Name))
    return std::nullopt;
  for (unsigned I = 0; I < Callee->getNumParams(); ++I)
    if (isStreamType(Callee->getParamDecl(I)->getType()))
      return I;
  return std::nullopt;
}

bool CudaApi::isNonBlockingStreamFlags(uint64_t Flags) { return Flags & StreamNonBlocking; }

int64_t CudaApi::notReadyStatus() { return NotReadyStatus; }

std::optional<CudaApi::KernelLaunchConfig> CudaApi::launchConfig(const CUDAKernelCallExpr *Launch) {
  const auto *Config = dyn_cast_or_null<CallExpr>(Launch->getConfig());
  // __cudaPushCallConfiguration / cudaConfigureCall(grid, block, shared, stream)
  if (!Config || Config->getNumArgs() < 2)
    return std::nullopt;
  auto Argument = [&](unsigned I) {
    return I < Config->getNumArgs() ? Config->getArg(I) : nullptr;
  };
  return KernelLaunchConfig{Argument(0), Argument(1), Argument(2), Argument(3)};
}

const Expr *CudaApi::launchStream(const CUDAKernelCallExpr *Launch) {
  std::optional<KernelLaunchConfig> Config = launchConfig(Launch);
  return Config ? Config->Stream : nullptr;
}

std::optional<DefaultStream> CudaApi::defaultStreamHandle(uint64_t Handle,
                                                          bool PerThreadCompilation) {
  if (Handle == 0)
    return PerThreadCompilation ? DefaultStream::PerThread : DefaultStream::Legacy;
  if (Handle == LegacyStreamHandle)
    return DefaultStream::Legacy;
  if (Handle == PerThreadStreamHandle)
    return DefaultStream::PerThread;
  return std::nullopt;
}

llvm::StringRef CudaApi::perThreadDefaultStreamMacro() {
  return "CUDA_API_PER_THREAD_DEFAULT_STREAM";
}

bool CudaApi::waitsForDevice(const SyncApi &Api, std::optional<CopyDirection> Direction,
                             std::optional<MemoryFamily> Target) {
  switch (Api.Waits) {
  case HostWait::Always:
    return true;
  case HostWait::UnlessDeviceToDevice:
    return !Direction || !(*Direction == DeviceToDevice);
  case HostWait::OnlyForHostTarget:
    return !Target || (*Target != MemoryFamily::Device);
  case HostWait::Never:
    return false;
  }
  llvm_unreachable("unknown host wait");
}

bool CudaApi::asyncCopyBlocksHost(MemoryFamily HostSide) {
  return HostSide == MemoryFamily::PageableHost || HostSide == MemoryFamily::Stack;
}

bool CudaApi::asyncCopyBetweenHostBuffers(std::optional<CopyDirection> Direction,
                                          std::optional<MemoryFamily> To,
                                          std::optional<MemoryFamily> From) {
  if (Direction && *Direction == HostToHost)
    return true;
  return To && From && isHostMemory(*To) && isHostMemory(*From);
}

bool CudaApi::isHostMemory(MemoryFamily Family) {
  return Family == MemoryFamily::PageableHost || Family == MemoryFamily::Stack ||
         Family == MemoryFamily::PinnedHost || Family == MemoryFamily::MappedHost;
}

llvm::ArrayRef<llvm::StringLiteral> CudaApi::builtinStatusTypes() {
  static const std::vector<llvm::StringLiteral> Names = [] {
    std::vector<llvm::StringLiteral> Result;
    for (const CudaLibrary &Library : Libraries)
      Result.push_back(Library.StatusType);
    return Result;
  }();
  return Names;
}
llvm::ArrayRef<CudaLibrary> CudaApi::libraries() { return Libraries; }

const CudaLibrary *CudaApi::libraryOfHeader(llvm::StringRef FileName) {
  for (const CudaLibrary &Library : Libraries)
    if (llvm::is_contained(Library.Headers, FileName))
      return &Library;
  return nullptr;
}

bool CudaApi::isLibraryHeader(llvm::StringRef FileName, llvm::StringRef Text) {
  const CudaLibrary *Library = libraryOfHeader(FileName);
  return Library && namesIdentifier(Text, Library->StatusType);
}
llvm::ArrayRef<AllocationApi> CudaApi::allocations() { return Allocations; }
llvm::ArrayRef<HostAllocationApi> CudaApi::hostAllocations() { return HostAllocations; }
llvm::ArrayRef<ReleaseApi> CudaApi::releases() { return Releases; }
llvm::ArrayRef<CopyApi> CudaApi::copies() { return Copies; }
llvm::ArrayRef<SyncApi> CudaApi::synchronizations() { return Synchronizations; }

} // namespace cudalint
