// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The memory model the path-sensitive checks share.
//
// Along every path the Static Analyzer explores, a small map in the program
// state says which symbols hold the address of an allocation we saw, where the
// memory lives (CudaApi's MemoryFamily), and whether it is still allocated,
// released, or out of our sight. One modelling checker (MemoryModeling,
// registered as a hidden dependency of every memory check) keeps the map up to
// date; the checks only read it and report:
//
//  - cudaMalloc and the other out-parameter allocations are evaluated here:
//    the pointee of the out-parameter receives a fresh heap symbol and the
//    status returned is a fresh symbol too. The map entry remembers the
//    status, so on paths where the status is known to be an error (or the
//    address known to be null) the allocation never happened;
//  - malloc, calloc, posix_memalign, new and new[] allocate pageable host
//    memory; std::vector<T>::data() points into memory the vector owns;
//  - releases (cudaFree, cudaFreeHost, cuMemFree, free, delete) mark the
//    memory released after the call;
//  - cudaHostGetDevicePointer's out-parameter receives the device address of
//    mapped pinned host memory: device memory to the copy calls, owned by
//    the host allocation it aliases;
//  - memory escapes (stops being ours to report as leaked) when it is stored
//    where a caller or another function can reach it, passed to a function
//    that may keep or free it, returned from the function analysed, or
//    handed to a smart pointer;
//  - a call of a function another unit of the compile database defines is
//    modelled from that function's summary (ProjectFunctions.h): the memory
//    it returns or writes through an out-parameter is tracked as an
//    allocation, what it releases is released, and a pointer it only uses
//    stays ours;
//  - kernel launches (never evaluated by the analyzer) leave what their
//    pointer arguments point to unknown, and keep the pointers ours;
//  - when memory becomes unreachable while still allocated, a MemoryLost
//    event goes to the listeners (cuda-memory-leak).
#ifndef CUDALINT_CHECKS_ANALYZER_MEMORYMODEL_H
#define CUDALINT_CHECKS_ANALYZER_MEMORYMODEL_H

#include "AnalysisScope.h"
#include "shared/CudaApi.h"

#include "clang/Analysis/PathDiagnostic.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporterVisitors.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/AnalysisManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramState_Fwd.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SVals.h"

#include <memory>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint::memory {

// The name the modelling checker is registered under; the checks depend on it.
inline constexpr llvm::StringLiteral ModelingCheckerName = "cudalint.MemoryModeling";

void registerMemoryModeling(clang::ento::CheckerRegistry &Registry);

enum class Ownership : uint8_t {
  Allocated, // ours to release, not yet released
  Released,  // released on this path
  Escaped,   // handed to code that may keep or release it
  Borrowed,  // owned by an object that releases it (std::vector::data())
};

// What the program state records about one allocation. Names point at the
// CudaApi tables' string literals, so they outlive every analysis.
class Allocation {
public:
  Allocation(Ownership State, MemoryFamily Family, const clang::Stmt *Site,
             const clang::StackFrameContext *SiteFrame, llvm::StringRef Allocator,
             llvm::StringRef Release, clang::ento::SymbolRef Status,
             llvm::StringRef ReleasedBy = {})
      : State(State), Family(Family), Site(Site), SiteFrame(SiteFrame), Allocator(Allocator),
        Release(Release), ReleasedBy(ReleasedBy), Status(Status) {}

  Ownership state() const { return State; }
  MemoryFamily family() const { return Family; }
  // The user's statement that allocated it (a call inside a system header is
  // attributed to the user's call that led there).
  const clang::Stmt *site() const { return Site; }
  const clang::StackFrameContext *siteFrame() const { return SiteFrame; }
  llvm::StringRef allocator() const { return Allocator; }
  // The call that should release it.
  llvm::StringRef release() const { return Release; }
  // The call that did release it, once released.
  llvm::StringRef releasedBy() const { return ReleasedBy; }
  clang::ento::SymbolRef status() const { return Status; }
  // The status the release returned (cudaFree's cudaError_t), once
  // released; null for a release that returns none (free, delete).
  clang::ento::SymbolRef releaseStatus() const { return ReleaseStatus; }

  Allocation with(Ownership NewState, llvm::StringRef By = {},
                  clang::ento::SymbolRef ByStatus = nullptr) const {
    Allocation Copy = *this;
    Copy.State = NewState;
    if (!By.empty())
      Copy.ReleasedBy = By;
    Copy.ReleaseStatus = ByStatus;
    return Copy;
  }

  bool operator==(const Allocation &Other) const {
    return State == Other.State && Family == Other.Family && Site == Other.Site &&
           SiteFrame == Other.SiteFrame && Allocator.data() == Other.Allocator.data() &&
           Release.data() == Other.Release.data() && ReleasedBy.data() == Other.ReleasedBy.data() &&
           Status == Other.Status && ReleaseStatus == Other.ReleaseStatus;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const;

private:
  Ownership State;
  MemoryFamily Family;
  const clang::Stmt *Site;
  const clang::StackFrameContext *SiteFrame;
  llvm::StringRef Allocator;
  llvm::StringRef Release;
  llvm::StringRef ReleasedBy;
  clang::ento::SymbolRef Status;
  clang::ento::SymbolRef ReleaseStatus = nullptr;
};

const Allocation *find(clang::ento::ProgramStateRef State, clang::ento::SymbolRef Sym);

// The memory still ours to release on this path: allocated, not released,
// not escaped, not known to have failed, and not reported yet.
llvm::SmallVector<clang::ento::SymbolRef, 4> unreleasedMemory(clang::ento::ProgramStateRef State);

// The node a memory check reports a bug of the memory `Sym` at, or null
// when the path has reported that memory already. The node is non-fatal, so
// that a second bug on the path (another buffer freed twice, one never
// freed) still gets its finding; each memory gets one finding, and is then
// no one's to report again, nor a leak.
clang::ento::ExplodedNode *reportNode(clang::ento::CheckerContext &C, clang::ento::SymbolRef Sym);
// The memory `Sym` whose bug is reported outside the path (a class-level
// half reports a destructor's wrong release once for every object): from
// here on it is no one's to report, nor a leak, as after reportNode.
void reportedElsewhere(clang::ento::CheckerContext &C, clang::ento::SymbolRef Sym);

// Whether memory is released on this path: released, by a release whose
// status is not known to be an error. A cudaFree that returned an error
// released nothing, so the failure branch of a checking macro that calls it
// again (`if ((x) != cudaSuccess) report(#x, (x))`) frees nothing twice.
bool releasedOnPath(clang::ento::ProgramStateRef State, const Allocation &Memory);

// Whether the local variable (or field of one) the address was last stored in
// still holds it, and `Next`, the statement about to run, does not overwrite
// it: memory that is only dead because nothing reads that variable again, not
// because the pointer was overwritten, truncated or lost.
bool stillHeld(clang::ento::ProgramStateRef State, clang::ento::SymbolRef Sym,
               const clang::Stmt *Next);

// The frame whose local variable (or field of one) the address was last
// stored in; null when no local holds it.
const clang::StackFrameContext *holdingFrame(clang::ento::ProgramStateRef State,
                                             clang::ento::SymbolRef Sym);

// The symbol of the allocation an address points into: the base of a region
// reached through casts, fields, elements and pointer arithmetic, or the
// symbol under an integer handle plus or minus an offset (CUdeviceptr).
clang::ento::SymbolRef allocationSymbol(clang::ento::SVal Address);

// The symbol when the address is the start of an allocation, as a release
// needs it; null for an address with an offset.
clang::ento::SymbolRef allocationStart(clang::ento::SVal Address);

// The family of the memory an address points to, when known: a tracked
// allocation's; Device for the device address of mapped pinned host memory
// (deviceAliasOf); Stack for the address of a local variable; for a variable
// of static storage, Device (__device__, __constant__), Managed (__managed__)
// or, for the host's own globals, static arrays and string literals,
// PageableHost.
std::optional<MemoryFamily> familyOf(clang::ento::ProgramStateRef State, clang::ento::SVal Address);

// The variable whose own storage an address points into (a local, a global,
// a __device__ variable), for messages; null for the heap and for pointers
// of unknown origin.
const clang::VarDecl *storageVariable(clang::ento::SVal Address);

// A device address of mapped pinned host memory, as cudaHostGetDevicePointer
// hands it out: device memory to the copy calls, the same bytes as `Host`.
struct DeviceAlias {
  const clang::Stmt *Site; // the user's call that asked for it
  clang::ento::SymbolRef Host;
  llvm::StringRef Api; // points at CudaApi's table

  bool operator==(const DeviceAlias &Other) const {
    return Site == Other.Site && Host == Other.Host && Api.data() == Other.Api.data();
  }
  void Profile(llvm::FoldingSetNodeID &ID) const;
};
const DeviceAlias *deviceAliasOf(clang::ento::ProgramStateRef State, clang::ento::SVal Address);

// A call that releases memory: cudaFree and its relatives, free, delete, a
// project function in another unit that releases its parameter.
struct ReleaseCall {
  clang::ento::SVal Address;
  const clang::Expr *Argument;
  MemoryFamily Family;  // what it releases (CudaApi::releaseAccepts)
  llvm::StringRef Name; // 'cudaFree', 'delete[]'
};
std::optional<ReleaseCall> releaseCall(const clang::ento::CallEvent &Call, const CudaApi &Api);

// The CUDA API table the path-sensitive checks share: the unit's, with the
// status types its configuration adds and what the other units of the
// database define. The analyzer of one unit carries it to the checkers in
// the consumer of their findings, so that nothing outside the analysis holds
// it (the checkers are registered through plain function pointers, which
// cannot carry it); and with it the exploration round (AnalysisScope.h).
class UnitApiCarrier : public clang::ento::PathDiagnosticConsumer {
public:
  static constexpr llvm::StringLiteral Name = "cudalint";
  UnitApiCarrier(const CudaApi &Api, ExplorationRound &Round) : Api(Api), Round(Round) {}
  llvm::StringRef getName() const final { return Name; }
  const CudaApi &unitApi() const { return Api; }
  ExplorationRound &round() const { return Round; }

private:
  const CudaApi &Api;
  ExplorationRound &Round;
};
// The table of the unit `Manager` analyses; the built-in table where its
// findings go to no UnitApiCarrier.
const CudaApi &api(clang::ento::AnalysisManager &Manager);
inline const CudaApi &api(const clang::ento::ProgramStateRef &State) {
  return api(State->getAnalysisManager());
}
inline const CudaApi &api(clang::ento::CheckerContext &C) { return api(C.getAnalysisManager()); }

// The direction of a copy on this path: the kind argument's value where it is
// known (cudaMemcpyHostToDevice), else the one its name gives (cuMemcpyDtoH).
std::optional<CopyDirection> copyDirection(const clang::ento::CallEvent &Call, const CopyApi &Copy,
                                           clang::ento::CheckerContext &C);

// The <<<>>> launch whose configuration call (__cudaPushCallConfiguration,
// evaluated before the launch) `Call` is; null for any other call.
const clang::CUDAKernelCallExpr *configuredLaunch(const clang::ento::CallEvent &Call);

// Memory that became unreachable while still allocated. `Node` is the node to
// report at; the state of `Node` still tracks `Sym`. `PathLeaves`: lost where
// the path leaves the code the analyzer follows, which ends the path in a
// sink although the program goes on: an exception leaving the frames that
// held it, or (`ProgramEnds`) exit(0) on a path that started in main.
struct MemoryLost {
  clang::ento::ExplodedNode *Node;
  clang::ento::SymbolRef Sym;
  clang::ento::CheckerContext *Context;
  bool ProgramEnds = false;
  bool PathLeaves = false;
  // Held by a variable of static storage as the program ends: not lost by
  // the code, only never released.
  bool HeldByStatic = false;
  static int Tag;
};

// The frames an exception thrown at `Throw` leaves, innermost first: up to
// the frame with a try block around the throw (or around the call that led
// to it), all of them when none has one. Empty when the function that
// throws catches it itself, or when the exception ends the program through
// std::terminate: it leaves main, a destructor or a noexcept function.
llvm::SmallVector<const clang::StackFrameContext *, 4>
framesUnwound(const clang::CXXThrowExpr *Throw, const clang::LocationContext *Context);

// Adds the notes "<family> is allocated here by 'cudaMalloc'", "the memory
// is released here by 'cudaFree'" and, for a device alias, "the device
// address of mapped pinned host memory is taken here by
// 'cudaHostGetDevicePointer'" along a report's path.
std::unique_ptr<clang::ento::BugReporterVisitor> historyNotes(clang::ento::SymbolRef Sym);

} // namespace cudalint::memory

#endif
