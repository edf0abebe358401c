// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What cudalint knows about the CUDA API, in one place.
//
// Every check asks this module; none carries its own list of function names.
// Where the real declaration can tell us something (the status type a call
// returns, which parameter is the out-pointer of an allocation) we read it
// from the declaration the unit actually parsed, so a user's own function that
// happens to share a CUDA name but not its shape is never mistaken for it.
#ifndef CUDALINT_CHECKS_CUDAAPI_H
#define CUDALINT_CHECKS_CUDAAPI_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

// Only named here: the driver's toolkit, probe and configuration code reads
// this table's plain data without parsing the AST's declarations.
namespace clang {
class CUDAKernelCallExpr;
class CXXRecordDecl;
class Decl;
class Expr;
class FunctionDecl;
class QualType;
class VarDecl;
} // namespace clang

namespace cudalint {

struct FunctionSummary;
class ProjectFunctions;

// Where memory returned by an allocation lives; the free that matches it is
// part of the family so mismatches can be named.
enum class MemoryFamily {
  Device,       // cudaMalloc, cudaMallocAsync, cuMemAlloc ...
  PinnedHost,   // cudaMallocHost, cudaHostAlloc, cuMemAllocHost
  MappedHost,   // cudaHostAlloc(..., cudaHostAllocMapped)
  Managed,      // cudaMallocManaged, cuMemAllocManaged
  PageableHost, // malloc, new, std::vector::data()
  Stack,
  Handle, // not memory: an event, a stream, a graph, a library handle (HandleApi)
};

llvm::StringRef memoryFamilyName(MemoryFamily Family);
// Whether a CUDA API allocates memory of the family: what cudalint's leak
// checks are about. Ordinary host memory (malloc, new) is tracked only to
// judge copies and releases; its leaks are clang-analyzer's (unix.Malloc,
// cplusplus.NewDeleteLeaks), which follows C++'s own rules for it.
bool isCudaAllocated(MemoryFamily Family);
// What becomes of memory of the family that is never released, as a leak's
// message says it.
llvm::StringRef unreleasedMemoryFate(MemoryFamily Family);

struct AllocationApi {
  llvm::StringLiteral Name;
  unsigned OutParam; // index of the out-parameter receiving the address
  MemoryFamily Family;
  llvm::StringLiteral Release; // the call that frees what this returns
  bool IsAsync;                // stream-ordered: completes in stream order
  // The flags argument, where one bit turns pinned host memory into mapped
  // pinned host memory (cudaHostAllocMapped, CU_MEMHOSTALLOC_DEVICEMAP).
  std::optional<unsigned> FlagsParam = std::nullopt;
  unsigned MappedFlag = 0;
};

// Allocations of pageable host memory from the C library: most return the
// address, posix_memalign writes it through its first parameter.
struct HostAllocationApi {
  llvm::StringLiteral Name;
  std::optional<unsigned> OutParam; // std::nullopt: the return value
  llvm::StringLiteral Release;
};

struct ReleaseApi {
  llvm::StringLiteral Name;
  unsigned PointerParam;
  MemoryFamily Family;
};

// What a handle the program never destroys keeps from it.
enum class HandleKind {
  Event,      // cudaEvent_t, CUevent
  Stream,     // cudaStream_t, CUstream
  Graph,      // cudaGraph_t
  GraphExec,  // cudaGraphExec_t
  Library,    // cublasHandle_t, cusparseHandle_t, cufftHandle, curandGenerator_t ...
  Descriptor, // cuSPARSE's and cuDNN's matrix, vector and tensor descriptors
};

// Calls that create a handle through an out-parameter, and the call that
// destroys it: each destroy takes the handle as its first argument.
struct HandleApi {
  llvm::StringLiteral Name;
  unsigned OutParam;
  llvm::StringLiteral Destroy;
  HandleKind Kind;
};

// Standard library methods returning a pointer into storage their object
// owns and releases itself.
struct BorrowedMemoryApi {
  llvm::StringLiteral Container; // the class template, in namespace std
  llvm::StringLiteral Method;
  MemoryFamily Family;
  llvm::StringLiteral Display; // as messages name it
};

// The two sides of a copy, as a cudaMemcpyKind names them.
enum class CopySide { Host, Device };

struct CopyDirection {
  CopySide Source;
  CopySide Destination;
  bool operator==(const CopyDirection &Other) const {
    return Source == Other.Source && Destination == Other.Destination;
  }
};

// Copy and set calls with their argument positions; absent positions are
// std::nullopt (a memset has no source; a ToSymbol copy has a symbol, not a
// device pointer, as destination).
struct CopyApi {
  llvm::StringLiteral Name;
  std::optional<unsigned> Destination;
  std::optional<unsigned> Source;
  std::optional<unsigned> Kind;
  std::optional<unsigned> Stream;
  bool IsAsync;
  bool DestinationIsSymbol;
  bool SourceIsSymbol;
  // The direction the name gives, for the driver API's copies that have no
  // kind argument (cuMemcpyHtoD: host memory into device memory).
  std::optional<CopyDirection> Direction = std::nullopt;
};

// What a call waits for before returning to the host.
enum class SyncScope {
  None,
  Device,        // cudaDeviceSynchronize, cudaThreadSynchronize, cuCtxSynchronize
  Stream,        // cudaStreamSynchronize(s)
  Event,         // cudaEventSynchronize(e)
  LegacyDefault, // blocking calls (cudaMemcpy, cudaMemset ...) that wait for the legacy default
                 // stream
};

// Whether a blocking call really holds the host until the device is done
// ("API synchronization behavior"): a cudaMemcpy between two device buffers
// returns at once, and a cudaMemset returns at once unless its target is
// pinned host or managed memory. Either way the call is an action on the
// default stream, ordered with the work of other streams by its rules.
enum class HostWait {
  Always,
  UnlessDeviceToDevice,
  OnlyForHostTarget,
  Never, // device-to-device by its name: cuMemcpyDtoD, cudaMemcpyPeer
};

struct SyncApi {
  llvm::StringLiteral Name;
  SyncScope Scope;
  std::optional<unsigned> HandleParam; // the stream or event argument
  HostWait Waits = HostWait::Always;
};

// Calls that create a stream. Without a flags argument the stream is a
// blocking one: work on the legacy default stream waits for it, and it for
// that stream. cudaStreamNonBlocking (CU_STREAM_NON_BLOCKING) turns that off.
struct StreamCreationApi {
  llvm::StringLiteral Name;
  unsigned OutParam;
  std::optional<unsigned> FlagsParam;
};

// cudaEventRecord(event, stream): the event completes once the work queued on
// the stream before it has.
struct EventRecordApi {
  llvm::StringLiteral Name;
  unsigned EventParam;
  unsigned StreamParam;
};

// cudaStreamWaitEvent(stream, event): work queued on the stream afterwards
// starts once the work queued before the event's record has finished. It
// orders the device; the host does not wait.
struct StreamWaitApi {
  llvm::StringLiteral Name;
  unsigned StreamParam;
  unsigned EventParam;
};

// Stream capture (the Programming Guide's "CUDA Graphs"): between
// cudaStreamBeginCapture(s) and cudaStreamEndCapture(s, &graph) the work
// queued on `s`, and on streams that waited for an event recorded on it, is
// recorded into the graph, not run. cudaGraphInstantiate(&exec, graph) makes
// it launchable; cudaGraphLaunch(exec, stream) runs it on `stream`. A graph
// is also built node by node (cudaGraphAddKernelNode and kin add work to it)
// and copied whole (cudaGraphClone).
enum class CaptureStep {
  Begin,
  End,
  Instantiate,
  Launch,
  AddKernelNode, // a kernel and its arguments, from cudaKernelNodeParams
  AddCopyNode,   // a one-dimensional copy: destination, source, bytes
  AddSetNode,    // a memset, to cudaMemsetParams's destination
  Clone,
};

struct StreamCaptureApi {
  llvm::StringLiteral Name;
  CaptureStep Step;
  std::optional<unsigned> StreamParam; // Begin, End, Launch
  // End and Clone: written; Instantiate, the Add*Node steps and Clone's
  // original: read.
  std::optional<unsigned> GraphParam;
  std::optional<unsigned> ExecParam; // Instantiate: written; Launch: read
  // AddKernelNode, AddSetNode: the node's parameters; AddCopyNode: the
  // destination, the source following it; Clone: the clone written.
  std::optional<unsigned> NodeParam = std::nullopt;
};

// Whether a step adds a node to a graph: the call copies the node's
// parameters into the graph and writes only the new node's handle.
inline bool addsGraphNode(CaptureStep Step) {
  return Step == CaptureStep::AddKernelNode || Step == CaptureStep::AddCopyNode ||
         Step == CaptureStep::AddSetNode;
}

// The fields of cudaKernelNodeParams and cudaMemsetParams the graph steps
// read.
struct GraphNodeFields {
  static constexpr llvm::StringLiteral Kernel = "func";
  static constexpr llvm::StringLiteral KernelArguments = "kernelParams";
  static constexpr llvm::StringLiteral SetDestination = "dst";
};

// A call of a CUDA library (cuBLAS, cuFFT, cuRAND, cuSPARSE, cuSOLVER, cuDNN,
// NCCL ...) that queues work on the device, as the library's declarations
// show it: the work runs on the stream the call is given (NCCL, cuBLASLt,
// cublasSetMatrixAsync), or else on the stream last set for the library
// handle it is given (cublasSetStream, cufftSetStream ...; the library's
// NULL stream until then).
struct LibraryWorkApi {
  std::optional<unsigned> StreamParam;
  std::optional<unsigned> HandleParam;
};

// What a library call's queued work does with the memory one of its
// arguments points to.
enum class LibraryAccess { None, Reads, Writes };

// cublasSetStream(handle, stream) and its kin: the library queues the work
// of later calls on the handle on that stream.
struct LibraryStreamSettingApi {
  unsigned HandleParam;
  unsigned StreamParam;
};

// cudaStreamQuery(s), cudaEventQuery(e): a poll; any status other than
// not-ready (cudaErrorNotReady, CUDA_ERROR_NOT_READY) means the work is over.
struct CompletionQueryApi {
  llvm::StringLiteral Name;
  SyncScope Scope; // Stream or Event
  unsigned HandleParam;
};

// cudaHostGetDevicePointer(&device, host, flags): the device's address of
// mapped pinned host memory, the same bytes under another address.
struct MappedPointerApi {
  llvm::StringLiteral Name;
  unsigned OutParam;
  unsigned HostParam;
};

// cudaPointerGetAttributes(&attributes, ptr): where a pointer's memory lives,
// in a field of enum cudaMemoryType. Copy helpers choose their
// cudaMemcpyKind from it.
struct PointerQueryApi {
  llvm::StringLiteral Name;
  unsigned AttributesParam; // points to the struct the answer is written to
  unsigned PointerParam;
  llvm::StringLiteral MemoryTypeField;
  // The ordinal of the device that owns device or managed memory.
  llvm::StringLiteral DeviceField;
};

// cudaHostRegister(ptr, size, flags) pins existing host memory until
// cudaHostUnregister(ptr); cuMemHostRegister and cuMemHostUnregister alike.
struct HostRegistrationApi {
  llvm::StringLiteral Name;
  unsigned PointerParam;
  bool Registers; // false: unregisters
};

// How a launch call is given its configuration.
enum class LaunchShape {
  Dim3Arguments,    // cudaLaunchKernel(func, dim3 grid, dim3 block, args, sharedMem, stream)
  IntegerArguments, // cuLaunchKernel(f, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedMem,
                    // ...)
  ConfigStruct,     // cudaLaunchKernelEx(&config, kernel, ...) with a cudaLaunchConfig_t
};

// A launch through the API rather than <<<>>>. For Dim3Arguments, `Grid` and
// `Block` are the dim3 parameters; for IntegerArguments, the first of three
// integers each; for ConfigStruct, `Grid` is the pointer to the configuration.
struct LaunchApi {
  llvm::StringLiteral Name;
  LaunchShape Shape;
  // The kernel, where the call takes the function itself (the runtime API);
  // std::nullopt where it takes a CUfunction handle.
  std::optional<unsigned> Kernel;
  unsigned Grid;
  unsigned Block;
  std::optional<unsigned> SharedMemory;
};

// cudaFuncSetAttribute(kernel, attribute, value) and the driver API's
// cuFuncSetAttribute: `RaisesSharedMemoryLimit` names the attribute that
// lets the function's launches ask for more than the default dynamic shared
// memory.
struct FunctionAttributeApi {
  llvm::StringLiteral Name;
  unsigned Function;
  unsigned Attribute;
  unsigned Value;
  llvm::StringLiteral RaisesSharedMemoryLimit;
  // The driver API names the function by a CUfunction handle.
  bool TakesHandle;
};

// What every CUDA GPU since compute capability 3.0 refuses at launch (the
// programming guide's "Technical Specifications per Compute Capability").
struct LaunchLimits {
  uint64_t MaxThreadsPerBlock;
  uint64_t MaxBlockDimensions[3];
  uint64_t MaxGridDimensions[3];
  // The dynamic shared memory a kernel's launch may ask for unless its
  // limit was raised with cudaFuncAttributeMaxDynamicSharedMemorySize.
  uint64_t DefaultDynamicSharedMemory;
};

// The byte counts of a call that allocates, copies or sets memory, for the
// checks that compare sizes. `Bytes` counts elements of `ElementBytes` bytes
// (cuMemsetD32 sets 4-byte words; calloc's element size is `ElementSize`).
// A 2D call touches `Height` rows of `Width` bytes each, the rows `Pitch`
// bytes apart on each side.
struct ByteCountApi {
  llvm::StringLiteral Name;
  std::optional<unsigned> Bytes;
  std::optional<unsigned> ElementSize = std::nullopt;
  unsigned ElementBytes = 1;
  std::optional<unsigned> DestinationPitch = std::nullopt;
  std::optional<unsigned> SourcePitch = std::nullopt;
  std::optional<unsigned> Width = std::nullopt;
  std::optional<unsigned> Height = std::nullopt;
};

// A GPU architecture as compilers and nvidia-smi name it: sm_90, sm_90a,
// compute_80, sm_100f, 9.0, 90. `Variant` is NVIDIA's suffix: 'a' for
// architecture-specific code that runs on that GPU alone, 'f' for
// family-specific code that runs on the later GPUs of the same major version.
struct GpuArchitecture {
  unsigned Major = 0;
  unsigned Minor = 0;
  char Variant = 0;

  static std::optional<GpuArchitecture> parse(llvm::StringRef Name);
  unsigned number() const { return Major * 10 + Minor; }
  std::string smName() const;      // "sm_90a"
  std::string computeName() const; // "compute_90a"
  std::string capability() const;  // "9.0", as nvidia-smi prints it
  bool operator==(const GpuArchitecture &Other) const {
    return Major == Other.Major && Minor == Other.Minor && Variant == Other.Variant;
  }
  bool operator<(const GpuArchitecture &Other) const {
    return std::tie(Major, Minor, Variant) < std::tie(Other.Major, Other.Minor, Other.Variant);
  }
};

// The default streams a stream handle may name.
enum class DefaultStream {
  Legacy,    // 0 (without per-thread compilation), cudaStreamLegacy
  PerThread, // cudaStreamPerThread, or 0 under --default-stream per-thread
};

// A CUDA library whose calls return a status: the status type, as messages
// name it, and the headers (file names without directories) that declare
// its calls. A C or C++ unit that includes one of them calls the library.
struct CudaLibrary {
  llvm::StringLiteral StatusType;
  llvm::ArrayRef<llvm::StringLiteral> Headers;
};

class CudaApi {
public:
  // `ExtraStatusTypes` are type names the user configures in addition to the
  // built-in CUDA library status types. `Project` holds what the other units
  // of the compile database define (null outside a database-wide run).
  explicit CudaApi(llvm::ArrayRef<std::string> ExtraStatusTypes = {},
                   const ProjectFunctions *Project = nullptr);

  // The name under which `Type` is a CUDA (or configured) status type, looking
  // through typedef sugar and the enum behind it; empty when it is not one.
  llvm::StringRef statusTypeName(clang::QualType Type) const;
  bool isStatusType(clang::QualType Type) const;

  // Calls that report (and for cudaGetLastError, reset) the sticky launch error.
  bool isLastErrorQuery(const clang::FunctionDecl *Callee) const;
  // cudaGetLastError: reads and resets the sticky error, and cannot fail
  // itself. A bare call throws away an error the code already handled (or
  // knowingly tolerates) so that the next check does not see it.
  bool clearsLastError(const clang::FunctionDecl *Callee) const;
  // A runtime API call (cudaMemcpy, cudaMemsetAsync ...): its failure is also
  // what the next cudaGetLastError() returns. Not a library's (cuBLAS, the
  // driver API), whose statuses the runtime does not record.
  bool recordsLastError(const clang::FunctionDecl *Callee) const;
  // Calls whose status a statement of their own throws away on purpose: the
  // reset above, and a completion query (cudaStreamQuery, cudaEventQuery),
  // which answers cudaErrorNotReady as a matter of course and is called bare
  // to flush queued work to the GPU (the WDDM driver batches it).
  bool isBareCallIdiom(const clang::FunctionDecl *Callee) const {
    return clearsLastError(Callee) || completionQuery(Callee);
  }

  // The allocation `Callee` is, if its declaration has the documented shape.
  const AllocationApi *allocation(const clang::FunctionDecl *Callee) const;
  const HostAllocationApi *hostAllocation(const clang::FunctionDecl *Callee) const;
  // cudaFree, cudaFreeHost, cuMemFree ... and the C library's free.
  const ReleaseApi *release(const clang::FunctionDecl *Callee) const;
  // cudaEventCreate, cudaStreamCreate, cudaGraphInstantiate, cublasCreate,
  // cufftPlan1d ... and the calls that destroy what they create. A handle is
  // tracked as an allocation of MemoryFamily::Handle, which no memory check
  // reports on (cuda-handle-leak does).
  const HandleApi *handleCreation(const clang::FunctionDecl *Callee) const;
  static const HandleApi *handleCreationNamed(llvm::StringRef Name);
  // The destroying call's name as the table spells it; empty for other calls.
  llvm::StringRef handleDestruction(const clang::FunctionDecl *Callee) const;
  // "CUDA event", "cuBLAS handle": what the creating call made.
  static std::string handleName(const HandleApi &Api);
  // What a program pays for each handle of the kind it never destroys.
  static llvm::StringRef unreleasedHandleCost(HandleKind Kind);
  const CopyApi *copy(const clang::FunctionDecl *Callee) const;

  // What a cudaMemcpyKind value says about a copy: std::nullopt for
  // cudaMemcpyDefault (the runtime reads the direction off the pointers) and
  // for values that are no enumerator.
  static std::optional<CopyDirection> memcpyKindDirection(uint64_t Kind);
  // The enumerator naming `Direction` (cudaMemcpyDeviceToHost).
  static llvm::StringRef memcpyKindName(CopyDirection Direction);
  // The driver API's copy whose name gives `Direction` (cuMemcpyDtoH), if
  // there is one.
  static const CopyApi *namedDirectionCopy(CopyDirection Direction, bool IsAsync);
  // The side a copy's kind must name for memory of `Family`: std::nullopt for
  // managed memory, which every kind accepts.
  static std::optional<CopySide> copySide(MemoryFamily Family);
  // The family of a variable of static storage: Managed for __managed__,
  // Device for __device__ and __constant__, PageableHost for the host's own.
  static MemoryFamily staticStorageFamily(const clang::VarDecl &Variable);
  // Whether the device reaches memory of `Family` by its address: device and
  // managed memory, and pinned host memory, which unified addressing maps
  // for the device. A memset's target must be such memory; a copy whose kind
  // says "device" for any other memory fails.
  static bool deviceReachable(MemoryFamily Family);
  const SyncApi *synchronization(const clang::FunctionDecl *Callee) const;

  // The parameter through which a call hands back what it made (an
  // allocation's address, a new stream's handle), which a failed call leaves
  // unwritten.
  std::optional<unsigned> madeThroughParameter(const clang::FunctionDecl *Callee) const;

  // Streams, events and their polls, as the stream-ordering checks need them.
  const StreamCreationApi *streamCreation(const clang::FunctionDecl *Callee) const;
  const EventRecordApi *eventRecord(const clang::FunctionDecl *Callee) const;
  const CompletionQueryApi *completionQuery(const clang::FunctionDecl *Callee) const;
  const MappedPointerApi *mappedPointer(const clang::FunctionDecl *Callee) const;
  const PointerQueryApi *pointerQuery(const clang::FunctionDecl *Callee) const;
  // The cudaMemoryType enumerator a pointer query answers for memory of the
  // family: cudaMemoryTypeUnregistered for pageable memory (CUDA 11 and
  // later), Host for pinned, Device, Managed.
  static llvm::StringRef memoryTypeEnumerator(MemoryFamily Family);
  // The CUDA libraries' calls that queue device work, and on which stream
  // (LibraryWorkApi); std::nullopt for every other call, the libraries'
  // own set-up calls (handle and descriptor creation, registrations,
  // set-stream) included.
  std::optional<LibraryWorkApi> libraryWork(const clang::FunctionDecl *Callee) const;
  // What that work does with the memory behind parameter `Index`: a pointer
  // to non-const data is written, a pointer to const data read; handles,
  // descriptors, arrays of pointers and cuBLAS's scalar `result` (which the
  // call itself returns in the default host pointer mode) are none.
  static LibraryAccess libraryWorkAccess(const clang::FunctionDecl *Callee, unsigned Index);
  std::optional<LibraryStreamSettingApi>
  libraryStreamSetting(const clang::FunctionDecl *Callee) const;
  // CUDA-aware MPI: a call of MPI's C bindings (declared in mpi.h) reads or
  // writes the memory of its message buffers on the host side, before it
  // returns, device memory included. A buffer is a `void *` parameter that a
  // later MPI_Datatype parameter describes (`buf, count, datatype`;
  // `sendbuf, recvbuf, count, datatype`): read when it points to const
  // (MPI-3's send buffers), written otherwise (receive buffers). Everything
  // else (counts, requests, statuses, MPI_Pack's output, a communicator's
  // attributes) is None.
  static LibraryAccess messageBufferAccess(const clang::FunctionDecl *Callee, unsigned Index);
  // A library handle whose calls run on the host, not the device
  // (curandCreateGeneratorHost): they return with their output written.
  static bool makesHostSideHandle(const HandleApi &Creation);
  // A stream handle: cudaStream_t, CUstream.
  static bool isStreamType(clang::QualType Type);
  const StreamWaitApi *streamWait(const clang::FunctionDecl *Callee) const;
  // A runtime or driver call that queues work of its own on the stream it is
  // given and that no other table describes: cudaMemPrefetchAsync (pages
  // move, values stay), the stream-ordered allocator,
  // cudaStreamAttachMemAsync, the host functions a stream runs once its
  // earlier work is done (cudaLaunchHostFunc, cudaStreamAddCallback), and
  // the copies no copy row describes (cudaMemcpy3DAsync, the batch copies),
  // whose memory is not followed. CUDA names its stream-ordered calls
  // ...Async. The stream parameter.
  std::optional<unsigned> streamOrderedWork(const clang::FunctionDecl *Callee) const;
  const StreamCaptureApi *streamCapture(const clang::FunctionDecl *Callee) const;
  static bool isNonBlockingStreamFlags(uint64_t Flags);
  static int64_t notReadyStatus();
  // The arguments of a <<<grid, block, shared, stream>>> launch, as the
  // configuration call clang builds for it holds them (defaults included);
  // std::nullopt where it has no such call.
  struct KernelLaunchConfig {
    const clang::Expr *Grid;
    const clang::Expr *Block;
    const clang::Expr *SharedMemory; // null where the call has fewer arguments
    const clang::Expr *Stream;       // the same
  };
  static std::optional<KernelLaunchConfig> launchConfig(const clang::CUDAKernelCallExpr *Launch);
  // The stream expression of a <<<grid, block, shared, stream>>> launch; null
  // when the launch names none (the default stream).
  static const clang::Expr *launchStream(const clang::CUDAKernelCallExpr *Launch);
  // The default stream a constant handle names, if any; `PerThreadCompilation`
  // when the unit defines perThreadDefaultStreamMacro() (nvcc
  // --default-stream per-thread defines it).
  static std::optional<DefaultStream> defaultStreamHandle(uint64_t Handle,
                                                          bool PerThreadCompilation);
  static llvm::StringRef perThreadDefaultStreamMacro();
  // Whether a blocking call with this row waits for the device, given the
  // copy's direction and the family of its destination when those are known.
  static bool waitsForDevice(const SyncApi &Api, std::optional<CopyDirection> Direction,
                             std::optional<MemoryFamily> Target);
  // An async copy to or from pageable memory is staged through a pinned
  // buffer: the call returns once the host side has been read or written.
  static bool asyncCopyBlocksHost(MemoryFamily HostSide);
  // Memory of the host: pageable, on the stack, page-locked, mapped.
  static bool isHostMemory(MemoryFamily Family);
  // An async copy between two host buffers is "fully synchronous with respect
  // to the host" (API synchronization behavior): its kind says so, or the
  // families of both its ends, where known.
  static bool asyncCopyBetweenHostBuffers(std::optional<CopyDirection> Direction,
                                          std::optional<MemoryFamily> To,
                                          std::optional<MemoryFamily> From);

  // The type the allocation's out-parameter points to, read from the
  // declaration: `void *` for cudaMalloc, `CUdeviceptr` for cuMemAlloc, `T *`
  // for the templated cudaMalloc overloads of cuda_runtime.h.
  clang::QualType allocationTargetType(const clang::FunctionDecl *Callee,
                                       const AllocationApi &Api) const;

  // The family of memory an allocation returns, given the value of its flags
  // argument when that is known.
  static MemoryFamily allocatedFamily(const AllocationApi &Api, std::optional<uint64_t> Flags);

  // Whether a release of `ReleaseFamily` (the family of its ReleaseApi row,
  // PageableHost for delete) frees memory of `Allocated`: cudaFree frees
  // device and managed memory, cudaFreeHost pinned and mapped host memory,
  // free and delete pageable host memory.
  static bool releaseAccepts(MemoryFamily ReleaseFamily, MemoryFamily Allocated);

  // What a release of `ReleaseFamily` (`Release`: "free", "cudaFree") does
  // with memory of `Memory` it cannot free, as seen on an H200 with CUDA 13
  // and glibc; `Owned`: the memory was allocated, not borrowed from a
  // container, so it stays allocated.
  static std::string mismatchedReleaseFate(llvm::StringRef Release, MemoryFamily ReleaseFamily,
                                           MemoryFamily Memory, bool Owned);

  // The name of the invalid-value status the call `Api` returns: the
  // runtime's cudaErrorInvalidValue, or the driver API's
  // CUDA_ERROR_INVALID_VALUE for cu* calls.
  static llvm::StringRef invalidValueError(llvm::StringRef Api);

  // The names under which C++ new-expressions and delete-expressions appear
  // in messages; both work on pageable host memory.
  static llvm::StringRef newExpressionName(bool IsArray) { return IsArray ? "new[]" : "new"; }
  static llvm::StringRef deleteExpressionName(bool IsArray) {
    return IsArray ? "delete[]" : "delete";
  }

  // A method returning a pointer into memory its object owns and frees
  // itself (std::vector<T>::data()): memory no caller may release.
  const BorrowedMemoryApi *borrowedMemory(const clang::FunctionDecl *Callee) const;
  // The CUDA memory an allocator class's allocate() hands out (pinned by
  // cudaMallocHost or cudaHostAlloc, managed), where its body, or the bodies
  // and summaries of what it calls, show a CUDA allocation; nullopt for any
  // other allocator, whose memory is unknown.
  std::optional<MemoryFamily> allocatorFamily(const clang::CXXRecordDecl &Allocator) const;

  // Classes that own the pointer their constructor is given and release it
  // with their deleter: std::unique_ptr, std::shared_ptr, and look-alikes of
  // the same name in other namespaces.
  bool isOwningSmartPointer(const clang::CXXRecordDecl *Record) const;

  // Library calls that keep a pointer argument beyond the call (a library's
  // work area) or take ownership of it (realloc). Calls that take a callback
  // are recognised from their declaration by the analyzer itself.
  bool keepsPointerArguments(const clang::FunctionDecl *Callee) const;

  // Launches of a CUDA graph. A graph's memory nodes allocate their memory
  // anew, at the same address, on every launch.
  bool launchesGraph(const clang::FunctionDecl *Callee) const;

  // The normal end of a process (exit, std::exit): atexit handlers run, the
  // CUDA runtime destroys its contexts, and compute-sanitizer's leak check
  // reports the device memory still allocated. abort, quick_exit and _Exit
  // end it without that.
  bool exitsProcess(const clang::FunctionDecl *Callee) const;
  // A function the process runs at that normal end (atexit): it may release
  // what the program's globals still hold.
  bool registersExitHandler(const clang::FunctionDecl *Callee) const;

  const HostRegistrationApi *hostRegistration(const clang::FunctionDecl *Callee) const;

  // The byte counts of an allocation, copy or memset, where its declaration
  // has the documented shape (each count an integer parameter).
  const ByteCountApi *byteCounts(const clang::FunctionDecl *Callee) const;

  // The argument of a memset that is one byte to repeat, where the call
  // takes it as an `int` (cudaMemset's `value`: "Value to set for each byte
  // of specified memory"); std::nullopt for other calls, and for the driver
  // API's cuMemsetD8/D16/D32, whose value parameter has the element's own
  // width.
  std::optional<unsigned> memsetByteValue(const clang::FunctionDecl *Callee) const;

  // Kernel launches through the API (cudaLaunchKernel, cuLaunchKernel ...)
  // and the calls that raise a kernel's shared memory limit.
  const LaunchApi *launch(const clang::FunctionDecl *Callee) const;
  const FunctionAttributeApi *functionAttribute(const clang::FunctionDecl *Callee) const;
  static const LaunchLimits &launchLimits();
  // Whether `Callee` asks for a device attribute (cudaDeviceGetAttribute,
  // cuDeviceGetAttribute): the value goes out through its first parameter,
  // the attribute is its second.
  bool queriesDeviceAttribute(const clang::FunctionDecl *Callee) const;
  // The largest value any CUDA GPU gives for the attribute so named
  // (cudaDevAttrMaxThreadsPerBlock, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z): the
  // launch limits' block and grid dimensions; none for another attribute.
  static std::optional<uint64_t> deviceAttributeMaximum(llvm::StringRef Attribute);
  // The most shared memory one block may use, once its kernel's limit is
  // raised (cudaDevAttrMaxSharedMemoryPerBlockOptin), on the GPUs that run
  // code built for `Arch` ("sm_90", "sm_90a", "sm_100f"): that architecture's
  // own, and with its PTX embedded the largest of every later one too.
  // std::nullopt where the table knows none of them.
  static std::optional<uint64_t> optInSharedMemoryPerBlock(llvm::StringRef Arch, bool WithPtx);
  // Whether a GPU of compute capability `Gpu` runs code built for `Built`
  // (the CUDA compatibility guide): machine code (SASS) runs on its own major
  // version at the same or a later minor one, 'a' code on its own GPU alone,
  // 'f' code on its family; PTX is compiled by the driver for any later GPU,
  // 'a' and 'f' PTX only where their machine code would run.
  static bool machineCodeRunsOn(const GpuArchitecture &Built, const GpuArchitecture &Gpu);
  static bool ptxRunsOn(const GpuArchitecture &Built, const GpuArchitecture &Gpu);
  // What builds code for `Gpu`: nvcc's "-gencode arch=compute_90,code=sm_90"
  // and CMake's CUDA_ARCHITECTURES entry "90" ("90a" for a variant).
  static std::string gencodeFor(const GpuArchitecture &Gpu);
  static std::string cmakeArchitectureFor(const GpuArchitecture &Gpu);
  // The largest of those over every architecture: no GPU gives a block more.
  static uint64_t largestOptInSharedMemoryPerBlock();

  // A function of the project that the analysed unit declares and another
  // unit of the compile database defines, as the whole-database summary pass
  // saw it (ProjectFunctions.h); null for any other callee, and in an
  // analysis given no summaries.
  const FunctionSummary *projectFunction(const clang::FunctionDecl *Callee) const;
  const ProjectFunctions *project() const { return Project; }

  // Whether a call to `Callee` uses the CUDA API: a kernel (a __global__
  // function), any call that returns a status type (cudaLaunchKernel,
  // cublasSgemm, cudaGetLastError ...), a row of the tables above that is
  // not the C library's (malloc and free handle pageable host memory only),
  // or a project function in another unit that acts on CUDA memory or the
  // device.
  bool isCudaApiCall(const clang::FunctionDecl *Callee) const;
  // Whether all that a call to `Callee` does to CUDA, as the path-sensitive
  // checks see it, is wait for device work or ask for (or set) the state of
  // the device: cudaDeviceSynchronize, cudaStreamSynchronize,
  // cudaStreamQuery, cudaGetLastError, cudaGetDeviceCount, cudaSetDevice,
  // cudaGetDeviceProperties and their kin, and a project function in another
  // unit that synchronises the device or a stream it is given, and hands out
  // or releases no CUDA memory (FunctionSummary::cudaEffect). A function
  // whose only CUDA is such calls starts its exploration with nothing queued
  // and queues nothing: no path-sensitive check can find a bug in it.
  bool onlyWaits(const clang::FunctionDecl *Callee) const;

  static llvm::ArrayRef<llvm::StringLiteral> builtinStatusTypes();
  static llvm::ArrayRef<CudaLibrary> libraries();
  // The library one of whose headers is named `FileName` ("cublas_api.h").
  static const CudaLibrary *libraryOfHeader(llvm::StringRef FileName);
  // Whether a header named `FileName` whose text is `Text` is the library's
  // own: it must also name the library's status type, since a project's own
  // cuda.h (darknet's src/cuda.h) shares the toolkit's name and not its
  // declarations. Umbrella headers (cublas_v2.h) name none and only count
  // through the headers they include.
  static bool isLibraryHeader(llvm::StringRef FileName, llvm::StringRef Text);
  static llvm::ArrayRef<AllocationApi> allocations();
  static llvm::ArrayRef<HostAllocationApi> hostAllocations();
  static llvm::ArrayRef<ReleaseApi> releases();
  static llvm::ArrayRef<CopyApi> copies();
  static llvm::ArrayRef<SyncApi> synchronizations();

private:
  llvm::StringSet<> ExtraStatusTypes;
  const ProjectFunctions *Project;
};

// The callee's plain name when it is declared at namespace scope outside any
// user namespace (CUDA's C API and cuda_runtime.h's global templates); empty
// for methods and functions in other namespaces.
llvm::StringRef globalFunctionName(const clang::FunctionDecl *Callee);

// A kernel, or a `__device__` function that is not also `__host__`: code
// that runs only on the GPU, which host analyses launch but never follow.
bool isDeviceOnly(const clang::Decl &D);

// The name users write for `Callee`: CUDA's headers map documented names onto
// versioned entry points with macros (`#define cuMemAlloc cuMemAlloc_v2`,
// `#define cublasCreate cublasCreate_v2`), so the suffix is dropped.
std::string documentedName(const clang::FunctionDecl &Callee);
llvm::StringRef documentedName(llvm::StringRef EntryPoint);

} // namespace cudalint

#endif
