#include "CudaApi.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"

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

constexpr llvm::StringLiteral BuiltinStatusTypes[] = {
    "cudaError_t",      "CUresult",         "cublasStatus_t", "cufftResult",
    "curandStatus_t",   "cusparseStatus_t", "cusolverStatus_t",
    "cudnnStatus_t",    "ncclResult_t",     "nvrtcResult",
};

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
    {"cudaMallocHost", 0, MemoryFamily::PinnedHost, "cudaFreeHost", false, 2,
     HostAllocMapped},
    {"cudaHostAlloc", 0, MemoryFamily::PinnedHost, "cudaFreeHost", false, 2,
     HostAllocMapped},
    {"cuMemAlloc", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAlloc_v2", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAllocPitch", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAllocPitch_v2", 0, MemoryFamily::Device, "cuMemFree", false},
    {"cuMemAllocAsync", 0, MemoryFamily::Device, "cuMemFreeAsync", true},
    {"cuMemAllocFromPoolAsync", 0, MemoryFamily::Device, "cuMemFreeAsync", true},
    {"cuMemAllocManaged", 0, MemoryFamily::Managed, "cuMemFree", false},
    {"cuMemAllocHost", 0, MemoryFamily::PinnedHost, "cuMemFreeHost", false},
    {"cuMemAllocHost_v2", 0, MemoryFamily::PinnedHost, "cuMemFreeHost", false},
    {"cuMemHostAlloc", 0, MemoryFamily::PinnedHost, "cuMemFreeHost", false, 2,
     HostAllocMapped},
};

constexpr HostAllocationApi HostAllocations[] = {
    {"malloc", None, "free"},        {"calloc", None, "free"},
    {"aligned_alloc", None, "free"}, {"memalign", None, "free"},
    {"valloc", None, "free"},        {"strdup", None, "free"},
    {"strndup", None, "free"},       {"posix_memalign", 0, "free"},
};

constexpr ReleaseApi Releases[] = {
    {"cudaFree", 0, MemoryFamily::Device},
    {"cudaFreeAsync", 0, MemoryFamily::Device},
    {"cudaFreeHost", 0, MemoryFamily::PinnedHost},
    {"cuMemFree", 0, MemoryFamily::Device},
    {"cuMemFree_v2", 0, MemoryFamily::Device},
    {"cuMemFreeAsync", 0, MemoryFamily::Device},
    {"cuMemFreeHost", 0, MemoryFamily::PinnedHost},
    {"free", 0, MemoryFamily::PageableHost},
};

constexpr CopyApi Copies[] = {
    // Name, destination, source, kind, stream, async, dst-is-symbol, src-is-symbol
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
    {"cuMemcpyHtoD", 0, 1, None, None, false, false, false},
    {"cuMemcpyHtoD_v2", 0, 1, None, None, false, false, false},
    {"cuMemcpyDtoH", 0, 1, None, None, false, false, false},
    {"cuMemcpyDtoH_v2", 0, 1, None, None, false, false, false},
    {"cuMemcpyDtoD", 0, 1, None, None, false, false, false},
    {"cuMemcpyDtoD_v2", 0, 1, None, None, false, false, false},
    {"cuMemcpyHtoDAsync", 0, 1, None, 3, true, false, false},
    {"cuMemcpyHtoDAsync_v2", 0, 1, None, 3, true, false, false},
    {"cuMemcpyDtoHAsync", 0, 1, None, 3, true, false, false},
    {"cuMemcpyDtoHAsync_v2", 0, 1, None, 3, true, false, false},
    {"cuMemcpyDtoDAsync", 0, 1, None, 3, true, false, false},
    {"cuMemcpyDtoDAsync_v2", 0, 1, None, 3, true, false, false},
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
    {"cudaMemcpy", SyncScope::LegacyDefault, None},
    {"cudaMemcpy2D", SyncScope::LegacyDefault, None},
    {"cudaMemcpyToSymbol", SyncScope::LegacyDefault, None},
    {"cudaMemcpyFromSymbol", SyncScope::LegacyDefault, None},
    {"cudaMemset", SyncScope::LegacyDefault, None},
    {"cudaMemset2D", SyncScope::LegacyDefault, None},
};

constexpr llvm::StringLiteral LastErrorQueries[] = {"cudaGetLastError",
                                                    "cudaPeekAtLastError"};

// Library calls whose pointer arguments outlive the call: cuFFT and cuBLAS
// keep a user-provided work area until it is replaced, realloc takes over the
// block it is given, setbuf keeps the stream's buffer.
constexpr llvm::StringLiteral PointerKeepingCalls[] = {
    "cufftSetWorkArea", "cublasSetWorkspace", "cublasSetWorkspace_v2",
    "realloc",          "reallocf",           "reallocarray",
    "setbuf",           "setvbuf",            "setbuffer",
};

constexpr llvm::StringLiteral GraphLaunches[] = {"cudaGraphLaunch",
                                                 "cuGraphLaunch"};

constexpr llvm::StringLiteral OwningSmartPointers[] = {"unique_ptr",
                                                      "shared_ptr"};

constexpr BorrowedMemoryApi BorrowedMemory[] = {
    {"vector", "data", MemoryFamily::PageableHost, "std::vector::data()"},
    {"basic_string", "data", MemoryFamily::PageableHost, "std::string::data()"},
    {"basic_string", "c_str", MemoryFamily::PageableHost, "std::string::c_str()"},
};

template <typename Row>
const Row *findByName(llvm::ArrayRef<Row> Rows, llvm::StringRef Name) {
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

std::string documentedName(const FunctionDecl &Callee) {
  return documentedName(Callee.getName()).str();
}

llvm::StringRef documentedName(llvm::StringRef EntryPoint) {
  llvm::StringRef Plain = EntryPoint;
  if (Plain.consume_back("_v2") || Plain.consume_back("_v3"))
    return Plain;
  return EntryPoint;
}

CudaApi::CudaApi(llvm::ArrayRef<std::string> Extra) {
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
      if (llvm::StringRef Found = Lookup(Typedef->getDecl()->getName());
          !Found.empty())
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

bool CudaApi::isLastErrorQuery(const FunctionDecl *Callee) const {
  llvm::StringRef Name = globalFunctionName(Callee);
  return llvm::is_contained(LastErrorQueries, Name) &&
         returnsStatus(*this, Callee);
}

const AllocationApi *CudaApi::allocation(const FunctionDecl *Callee) const {
  const AllocationApi *Api =
      findByName(llvm::ArrayRef(Allocations), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->OutParam ||
      !Callee->getParamDecl(Api->OutParam)->getType()->isPointerType())
    return nullptr;
  return Api;
}

const HostAllocationApi *
CudaApi::hostAllocation(const FunctionDecl *Callee) const {
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

MemoryFamily CudaApi::allocatedFamily(const AllocationApi &Api,
                                      std::optional<uint64_t> Flags) {
  if (Api.Family == MemoryFamily::PinnedHost && Flags && Api.MappedFlag &&
      (*Flags & Api.MappedFlag))
    return MemoryFamily::MappedHost;
  return Api.Family;
}

bool CudaApi::releaseAccepts(MemoryFamily ReleaseFamily, MemoryFamily Allocated) {
  switch (ReleaseFamily) {
  case MemoryFamily::Device:
  case MemoryFamily::Managed:
    return Allocated == MemoryFamily::Device || Allocated == MemoryFamily::Managed;
  case MemoryFamily::PinnedHost:
  case MemoryFamily::MappedHost:
    return Allocated == MemoryFamily::PinnedHost ||
           Allocated == MemoryFamily::MappedHost;
  case MemoryFamily::PageableHost:
    return Allocated == MemoryFamily::PageableHost;
  case MemoryFamily::Stack:
    return false;
  }
  llvm_unreachable("unknown memory family");
}

const BorrowedMemoryApi *
CudaApi::borrowedMemory(const FunctionDecl *Callee) const {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!Method || !Method->getIdentifier())
    return nullptr;
  const CXXRecordDecl *Container = Method->getParent();
  if (!Container->isInStdNamespace() || !Container->getIdentifier())
    return nullptr;
  for (const BorrowedMemoryApi &Row : BorrowedMemory)
    if (Row.Container == Container->getName() && Row.Method == Method->getName())
      return &Row;
  return nullptr;
}

bool CudaApi::isOwningSmartPointer(const CXXRecordDecl *Record) const {
  return Record && Record->getIdentifier() &&
         llvm::is_contained(OwningSmartPointers, Record->getName());
}

bool CudaApi::launchesGraph(const FunctionDecl *Callee) const {
  return llvm::is_contained(GraphLaunches, globalFunctionName(Callee));
}

bool CudaApi::keepsPointerArguments(const FunctionDecl *Callee) const {
  return llvm::is_contained(PointerKeepingCalls, globalFunctionName(Callee));
}

QualType CudaApi::allocationTargetType(const FunctionDecl *Callee,
                                       const AllocationApi &Api) const {
  return Callee->getParamDecl(Api.OutParam)->getType()->getPointeeType();
}

const ReleaseApi *CudaApi::release(const FunctionDecl *Callee) const {
  const ReleaseApi *Api =
      findByName(llvm::ArrayRef(Releases), globalFunctionName(Callee));
  if (!Api || Callee->getNumParams() <= Api->PointerParam)
    return nullptr;
  return Api;
}

const CopyApi *CudaApi::copy(const FunctionDecl *Callee) const {
  const CopyApi *Api =
      findByName(llvm::ArrayRef(Copies), globalFunctionName(Callee));
  if (!Api)
    return nullptr;
  for (std::optional<unsigned> Position :
       {Api->Destination, Api->Source, Api->Kind, Api->Stream})
    if (Position && Callee->getNumParams() <= *Position)
      return nullptr;
  return Api;
}

const SyncApi *CudaApi::synchronization(const FunctionDecl *Callee) const {
  const SyncApi *Api =
      findByName(llvm::ArrayRef(Synchronizations), globalFunctionName(Callee));
  if (!Api || (Api->HandleParam && Callee->getNumParams() <= *Api->HandleParam))
    return nullptr;
  return Api;
}

llvm::ArrayRef<llvm::StringLiteral> CudaApi::builtinStatusTypes() {
  return BuiltinStatusTypes;
}
llvm::ArrayRef<AllocationApi> CudaApi::allocations() { return Allocations; }
llvm::ArrayRef<HostAllocationApi> CudaApi::hostAllocations() {
  return HostAllocations;
}
llvm::ArrayRef<ReleaseApi> CudaApi::releases() { return Releases; }
llvm::ArrayRef<CopyApi> CudaApi::copies() { return Copies; }
llvm::ArrayRef<SyncApi> CudaApi::synchronizations() { return Synchronizations; }

} // namespace cudalint
