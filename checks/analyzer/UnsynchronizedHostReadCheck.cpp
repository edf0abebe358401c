// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "UnsynchronizedHostReadCheck.h"

#include "AnalysisScope.h"
#include "MemoryModel.h"
#include "ReportCrosscheck.h"
#include "shared/ProjectFunctions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ento;

namespace {

enum class StreamKind : uint8_t { Legacy, PerThread, Created, Unknown };

// A stream as far as this path knows it. Streams created on the path are told
// apart by their handle; a handle of unknown origin (a parameter, a field) may
// be any stream, so it is never taken for a different one.
struct Stream {
  StreamKind Kind = StreamKind::Unknown;
  SymbolRef Handle = nullptr;
  bool NonBlocking = false;        // created with cudaStreamNonBlocking
  const NamedDecl *Name = nullptr; // the variable that held it, for notes

  bool operator==(const Stream &Other) const {
    return Kind == Other.Kind && Handle == Other.Handle && NonBlocking == Other.NonBlocking &&
           Name == Other.Name;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddInteger(static_cast<unsigned>(Kind));
    ID.AddPointer(Handle);
    ID.AddBoolean(NonBlocking);
    ID.AddPointer(Name);
  }
};

// Device work queued on memory the host can also touch, not yet known to be
// complete on this path.
struct Work {
  const Stmt *Site;           // the launch or the async call
  const FunctionDecl *Queuer; // the kernel or the API
  bool IsKernel;
  Stream On;
  bool Writes;    // the device writes the memory (else it only reads it)
  unsigned Order; // the how-manieth work queued on this path
  // Where the work's bytes end, as an offset into the allocation, when the
  // call says how many it copies or sets; a kernel may reach any byte past
  // the pointer it is given. Where they begin is in the work's key.
  std::optional<int64_t> End = std::nullopt;
  // The address the work is given.
  const MemRegion *Start = nullptr;

  bool operator==(const Work &Other) const {
    return Site == Other.Site && Queuer == Other.Queuer && IsKernel == Other.IsKernel &&
           On == Other.On && Writes == Other.Writes && Order == Other.Order && End == Other.End &&
           Start == Other.Start;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddPointer(Site);
    ID.AddPointer(Queuer);
    ID.AddBoolean(IsKernel);
    On.Profile(ID);
    ID.AddBoolean(Writes);
    ID.AddInteger(Order);
    ID.AddBoolean(End.has_value());
    ID.AddInteger(End.value_or(0));
    ID.AddPointer(Start);
  }
};

// cudaEventRecord(e, s): e completes with the work queued on s before it.
struct RecordedEvent {
  Stream On;
  unsigned Order;

  bool operator==(const RecordedEvent &Other) const {
    return On == Other.On && Order == Other.Order;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    On.Profile(ID);
    ID.AddInteger(Order);
  }
};

// Work queued on a stream, kept while memory the host can touch is in flight,
// because the device's own ordering runs through it: waiting for one stream
// may complete another's work (Completed, below).
struct StreamOp {
  Stream On; // without its Name: two ops on one stream are alike
  bool WaitsForEvent = false;
  // cudaStreamWaitEvent: the record the stream waits for. Unset when the
  // path did not see the event recorded: it may follow any earlier work.
  std::optional<RecordedEvent> After = std::nullopt;

  bool operator==(const StreamOp &Other) const {
    return On == Other.On && WaitsForEvent == Other.WaitsForEvent && After == Other.After;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    On.Profile(ID);
    ID.AddBoolean(WaitsForEvent);
    ID.AddBoolean(After.has_value());
    if (After)
      After->Profile(ID);
  }
};

// Work queued on a stream that was capturing into a graph: recorded, not
// run, until cudaGraphLaunch runs the graph it went into.
struct CapturedPiece {
  const MemRegion *Memory;
  Work W;
  SymbolRef Origin;          // the stream cudaStreamBeginCapture was given
  SymbolRef Graph = nullptr; // once cudaStreamEndCapture made it
  SymbolRef Exec = nullptr;  // once cudaGraphInstantiate made it launchable

  bool operator==(const CapturedPiece &Other) const {
    return Memory == Other.Memory && W == Other.W && Origin == Other.Origin &&
           Graph == Other.Graph && Exec == Other.Exec;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddPointer(Memory);
    W.Profile(ID);
    ID.AddPointer(Origin);
    ID.AddPointer(Graph);
    ID.AddPointer(Exec);
  }
};

// Host memory copied into device memory: the host keeps the input, and once a
// kernel may have changed the device side, only a copy back makes the host
// buffer hold the results.
struct HostCopy {
  const MemRegion *Device;
  const Stmt *CopySite;
  const FunctionDecl *Copier;
  const NamedDecl *HostName;
  const NamedDecl *DeviceName;
  // The launch or library call that may have changed Device, and its kernel
  // or library function.
  const Stmt *ChangedAt = nullptr;
  const FunctionDecl *Changer = nullptr;
  // The function that made the copy: only its own reads of the host buffer
  // are taken for reads of results. A function it calls with the buffer
  // (`compareData(h_in, ...)`, `reduceCPU(h_in, n)`) is most often computing
  // the reference the results are checked against, from the input.
  const StackFrameContext *Frame = nullptr;

  bool operator==(const HostCopy &Other) const {
    return Device == Other.Device && CopySite == Other.CopySite && Copier == Other.Copier &&
           HostName == Other.HostName && DeviceName == Other.DeviceName &&
           ChangedAt == Other.ChangedAt && Changer == Other.Changer && Frame == Other.Frame;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddPointer(Frame);
    ID.AddPointer(Device);
    ID.AddPointer(CopySite);
    ID.AddPointer(Copier);
    ID.AddPointer(HostName);
    ID.AddPointer(DeviceName);
    ID.AddPointer(ChangedAt);
    ID.AddPointer(Changer);
  }
};

} // namespace

// Keyed by where the work's bytes begin: the base region of the memory (a
// symbolic region for allocations, the variable for a host array on the
// stack) when they begin at its start or at an offset not known, else a char
// element of it at that offset. Work into two halves of one buffer (double
// buffering) is two entries; work at the same place, the later one.
REGISTER_MAP_WITH_PROGRAMSTATE(InFlight, const clang::ento::MemRegion *, Work)
// The same for device memory, which the host cannot touch: kept only to tell
// whether work queued later on another stream is ordered after it.
REGISTER_MAP_WITH_PROGRAMSTATE(DeviceInFlight, const clang::ento::MemRegion *, Work)
// On the node of a report about two streams only: one more than the order
// of the earlier work it is about, so that the notes of that work show.
REGISTER_TRAIT_WITH_PROGRAMSTATE(ReportedEarlierWork, unsigned)
REGISTER_TRAIT_WITH_PROGRAMSTATE(QueuedCount, unsigned)
// Created streams: whether the stream is non-blocking.
REGISTER_MAP_WITH_PROGRAMSTATE(CreatedStreams, clang::ento::SymbolRef, bool)
REGISTER_MAP_WITH_PROGRAMSTATE(RecordedEvents, clang::ento::SymbolRef, RecordedEvent)
// Streams capturing into a graph, with the stream whose capture they are
// part of (a stream joins by waiting for an event recorded on a capturing
// one).
REGISTER_MAP_WITH_PROGRAMSTATE(CapturingStreams, clang::ento::SymbolRef, clang::ento::SymbolRef)
// Work recorded by a capture, or added to a graph as a node, by the same
// keys as InFlight.
REGISTER_MAP_WITH_PROGRAMSTATE(CapturedWork, const clang::ento::MemRegion *, CapturedPiece)
// cudaGraphClone: the clone -> the graph it copies, whose work it holds.
REGISTER_MAP_WITH_PROGRAMSTATE(ClonedGraphs, clang::ento::SymbolRef, clang::ento::SymbolRef)
// Every piece of work queued since the oldest work in flight, by its order.
REGISTER_MAP_WITH_PROGRAMSTATE(StreamOps, unsigned, StreamOp)
// A driver API device address (CUdeviceptr) is an integer, and the maps
// above are keyed by regions: the allocation's integer symbol -> a symbolic
// region that stands for its memory, made when work is first queued on it.
REGISTER_MAP_WITH_PROGRAMSTATE(DeviceAddressMemory, clang::ento::SymbolRef,
                               const clang::ento::MemRegion *)
// The device address of mapped pinned host memory -> the host memory.
REGISTER_MAP_WITH_PROGRAMSTATE(MappedAliases, const clang::ento::MemRegion *,
                               const clang::ento::MemRegion *)
REGISTER_MAP_WITH_PROGRAMSTATE(HostCopies, const clang::ento::MemRegion *, HostCopy)
// The stream of a launch whose configuration has been evaluated.
REGISTER_MAP_WITH_PROGRAMSTATE(LaunchStreams, const clang::Stmt *, Stream)
// The stream a CUDA library queues the work of calls on a handle on: set by
// cublasSetStream and its kin, the library's NULL stream for a handle created
// on the path. A handle missing here may be on any stream.
REGISTER_MAP_WITH_PROGRAMSTATE(LibraryHandleStreams, clang::ento::SymbolRef, Stream)
// Library handles whose calls run on the host (cuRAND's host generators).
REGISTER_SET_WITH_PROGRAMSTATE(HostLibraryHandles, clang::ento::SymbolRef)

namespace cudalint {

namespace {

// Memory both the host and a kernel or an async copy can touch.
bool isShared(MemoryFamily Family) {
  return Family == MemoryFamily::Managed || Family == MemoryFamily::PinnedHost ||
         Family == MemoryFamily::MappedHost;
}

// Memory whose queued work is followed: the shared kinds, for the host's
// accesses, and device memory, for the work of other streams.
bool isTracked(MemoryFamily Family) { return isShared(Family) || Family == MemoryFamily::Device; }

bool isDeviceSide(MemoryFamily Family) {
  return Family == MemoryFamily::Device || Family == MemoryFamily::Managed;
}

// The allocation whose memory a region stands for, for a driver API device
// address.
SymbolRef deviceAddressOf(ProgramStateRef State, const MemRegion *Memory) {
  for (auto [Allocation, StandIn] : State->get<DeviceAddressMemory>())
    if (StandIn == Memory)
      return Allocation;
  return nullptr;
}

// The memory an address points into; the device address of mapped pinned
// memory stands for the host memory behind it.
const MemRegion *memoryOf(ProgramStateRef State, SVal Address) {
  const MemRegion *Region = Address.getAsRegion();
  if (!Region && Address.getAsSymbol())
    if (const MemRegion *const *StandIn =
            State->get<DeviceAddressMemory>(memory::allocationSymbol(Address)))
      return *StandIn;
  if (!Region)
    return nullptr;
  Region = Region->getBaseRegion();
  if (const MemRegion *const *Host = State->get<MappedAliases>(Region))
    return *Host;
  return Region;
}

// The byte offset into its memory at which an address points, when it is
// known.
std::optional<int64_t> knownOffset(const MemRegion *Region) {
  if (!Region)
    return std::nullopt;
  RegionOffset Offset = Region->getAsOffset();
  if (!Offset.isValid() || Offset.hasSymbolicOffset())
    return std::nullopt;
  return Offset.getOffset() / 8;
}

// The key of work whose bytes begin `Begin` bytes into `Memory`.
const MemRegion *workKey(const MemRegion *Memory, std::optional<int64_t> Begin, CheckerContext &C) {
  const auto *Sub = dyn_cast<SubRegion>(Memory);
  if (!Begin || *Begin == 0 || !Sub)
    return Memory;
  ASTContext &Context = C.getASTContext();
  return C.getStoreManager().getRegionManager().getElementRegion(
      Context.CharTy, C.getSValBuilder().makeArrayIndex(*Begin), Sub, Context);
}

int64_t beginOf(const MemRegion *Key) { return knownOffset(Key).value_or(0); }

// Whether an access of `Size` bytes at `Accessed` (unbounded when unknown: a
// callee given the pointer may read past it) may touch the bytes of the work
// keyed `Key`. A symbolic index is asked of the constraints on it: reading
// `h[i]` for `i < n` does not touch work on `h + n`.
bool mayTouch(ProgramStateRef State, const MemRegion *Accessed, std::optional<uint64_t> Size,
              const MemRegion *Key, const Work &W, SValBuilder &Builder) {
  int64_t Begin = beginOf(Key);
  if (Begin == 0 && !W.End)
    return true;
  if (std::optional<int64_t> At = knownOffset(Accessed))
    return (!Size || *At + int64_t(*Size) > Begin) && (!W.End || *At < *W.End);
  const auto *Element = dyn_cast_or_null<ElementRegion>(Accessed);
  std::optional<int64_t> Row = Element ? knownOffset(Element->getSuperRegion()) : std::nullopt;
  std::optional<NonLoc> Index = Element ? Element->getIndex().getAs<NonLoc>() : std::nullopt;
  if (!Row || !Index || !Size || Element->getValueType()->isIncompleteType())
    return true;
  int64_t Step = Builder.getContext().getTypeSizeInChars(Element->getValueType()).getQuantity();
  if (Step <= 0)
    return true;
  auto FloorDiv = [](int64_t A, int64_t B) { return A >= 0 ? A / B : -((-A + B - 1) / B); };
  QualType IndexType = Builder.getArrayIndexType();
  QualType Truth = Builder.getConditionType();
  // The smallest index whose bytes end past Begin, and the first whose bytes
  // begin at or past End.
  int64_t Lowest = FloorDiv(Begin - *Row - int64_t(*Size), Step) + 1;
  SVal AtLeast = Builder.evalBinOpNN(State, BO_GE, *Index,
                                     Builder.makeIntVal(Lowest, IndexType).castAs<NonLoc>(), Truth);
  if (auto Condition = AtLeast.getAs<DefinedOrUnknownSVal>())
    State = State->assume(*Condition, true);
  if (State && W.End) {
    int64_t Beyond = FloorDiv(*W.End - *Row + Step - 1, Step);
    SVal Below = Builder.evalBinOpNN(State, BO_LT, *Index,
                                     Builder.makeIntVal(Beyond, IndexType).castAs<NonLoc>(), Truth);
    if (auto Condition = Below.getAs<DefinedOrUnknownSVal>())
      State = State->assume(*Condition, true);
  }
  return State != nullptr;
}

std::optional<MemoryFamily> familyOf(ProgramStateRef State, const MemRegion *Memory) {
  if (!Memory)
    return std::nullopt;
  if (SymbolRef Allocation = deviceAddressOf(State, Memory))
    return memory::familyOf(State, nonloc::SymbolVal(Allocation));
  return memory::familyOf(State, loc::MemRegionVal(Memory));
}

// Where a driver API device address points, `d` or `d + 256`, as a region of
// its stand-in (made here on first use); null where the offset is not known
// or the integer is no allocation's.
std::pair<ProgramStateRef, const MemRegion *>
deviceAddressRegion(ProgramStateRef State, SVal Address, const CallEvent &Call, CheckerContext &C) {
  SymbolRef Sym = Address.getAsSymbol();
  if (!Sym || !Sym->getType()->isIntegerType() || !memory::familyOf(State, Address))
    return {State, nullptr};
  SymbolRef Allocation = memory::allocationSymbol(Address);
  const MemRegion *Memory = nullptr;
  MemRegionManager &Regions = C.getSValBuilder().getRegionManager();
  if (const MemRegion *const *Known = State->get<DeviceAddressMemory>(Allocation)) {
    Memory = *Known;
  } else {
    // Tagged with the allocation's symbol: one stand-in per allocation.
    Memory = Regions.getSymbolicRegion(C.getSymbolManager().conjureSymbol(
        Call.getCFGElementRef(), C.getLocationContext(), C.getASTContext().VoidPtrTy,
        C.blockCount(), Allocation));
    State = State->set<DeviceAddressMemory>(Allocation, Memory);
  }
  if (Sym == Allocation)
    return {State, Memory};
  const auto *Offset = dyn_cast<SymIntExpr>(Sym);
  if (!Offset || Offset->getLHS() != Allocation || Offset->getOpcode() != BO_Add)
    return {State, nullptr};
  return {State, Regions.getElementRegion(
                     C.getASTContext().CharTy,
                     C.getSValBuilder().makeArrayIndex(Offset->getRHS()->getExtValue()),
                     cast<SubRegion>(Memory), C.getASTContext())};
}

// The variable an expression names the memory by, for messages: `h`, `&h[4]`,
// `h + 4`, `buffers.h`.
const NamedDecl *nameOf(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl();
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->getMemberDecl();
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return nameOf(Subscript->getBase());
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return Unary->getOpcode() == UO_AddrOf || Unary->getOpcode() == UO_Deref
               ? nameOf(Unary->getSubExpr())
               : nullptr;
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return Binary->isAdditiveOp() ? nameOf(Binary->getLHS()) : nullptr;
  return nullptr;
}

std::string quoted(const NamedDecl *Name, llvm::StringRef Otherwise) {
  return Name ? ("'" + Name->getName() + "'").str() : Otherwise.str();
}

std::string describe(const Stream &S) {
  switch (S.Kind) {
  case StreamKind::Legacy:
    return "the legacy default stream";
  case StreamKind::PerThread:
    return "the per-thread default stream";
  case StreamKind::Created:
  case StreamKind::Unknown:
    break;
  }
  std::string Kind = S.NonBlocking ? "non-blocking stream" : "stream";
  return S.Name ? (Kind + " '" + S.Name->getName() + "'").str() : "a " + Kind;
}

// A kernel, or the library function that queued the work ('cublasSgemm').
std::string changerName(const FunctionDecl *Changer) {
  if (!Changer)
    return "the kernel";
  if (Changer->hasAttr<CUDAGlobalAttr>())
    return "kernel '" + Changer->getNameAsString() + "'";
  return "'" + documentedName(*Changer) + "'";
}

std::string who(const Work &W) {
  if (!W.Queuer)
    return "the kernel";
  if (W.IsKernel)
    return "kernel '" + W.Queuer->getNameAsString() + "'";
  return "'" + documentedName(*W.Queuer) + "'";
}

// Whether two handles may name the same stream.
bool mayBeSame(const Stream &A, const Stream &B) {
  if (A.Kind == StreamKind::Unknown || B.Kind == StreamKind::Unknown)
    return true;
  if (A.Kind == StreamKind::Created && B.Kind == StreamKind::Created)
    return A.Handle == B.Handle;
  return A.Kind == B.Kind;
}

// The ordering rules of the default streams (the Runtime API's "Stream
// synchronization behavior"): an action on the legacy default stream first
// waits for the earlier work of every blocking stream, and the work a blocking
// stream gets next waits for it. A stream created without
// cudaStreamNonBlocking is a blocking stream, and so is the per-thread default
// stream ("it will synchronize with the legacy default stream"). A stream of
// unknown origin may be either.
bool mayBeBlocking(const Stream &S) {
  return S.Kind == StreamKind::PerThread || S.Kind == StreamKind::Unknown ||
         (S.Kind == StreamKind::Created && !S.NonBlocking);
}

bool mayBeLegacy(const Stream &S) {
  return S.Kind == StreamKind::Legacy || S.Kind == StreamKind::Unknown;
}

// Whether work on `A` and on `B` is ordered by when it is queued.
bool orderedByQueueing(const Stream &A, const Stream &B) {
  return mayBeSame(A, B) || (mayBeLegacy(A) && mayBeBlocking(B)) ||
         (mayBeBlocking(A) && mayBeLegacy(B));
}

// What a call that returned to the host had waited for.
struct Wait {
  enum class Scope { Everything, Stream, EventRecord } Of;
  Stream On;
  unsigned Before = 0; // EventRecord: the work queued before the record
  // The call is itself work on `On` (a blocking copy, an async copy into
  // pageable memory), so it waits for what such work waits for. An event
  // record is too.
  bool AsWork = false;

  // The note for work it did not complete.
  std::string whyNot(const Work &W, llvm::StringRef Api, llvm::StringRef Verb) const {
    std::string Call = ("'" + Api + "'").str();
    if (Of == Scope::EventRecord && orderedByQueueing(On, W.On))
      return Call + " waits for an event recorded before " + who(W) + " was queued";
    if (Of == Scope::EventRecord)
      return Call + " waits for an event recorded on " + describe(On) + ", not on " +
             describe(W.On);
    if ((On.Kind == StreamKind::Legacy || On.Kind == StreamKind::PerThread) &&
        W.On.Kind == StreamKind::Created)
      return (Call + " " + Verb + " " + describe(On) + ", which does not wait for " +
              describe(W.On))
          .str();
    if (mayBeBlocking(On) && W.On.Kind == StreamKind::Legacy)
      return (Call + " " + Verb + " " + describe(On) + ", on which nothing was queued after " +
              who(W))
          .str();
    return (Call + " " + Verb + " " + describe(On) + ", not " + describe(W.On)).str();
  }
};

// The work a wait completes: on the stream waited for, the work queued before
// the bound; then, through the work queued since (StreamOps), what that work
// itself waited for on the device, until nothing more is reached. So
// `k1<<<g, b>>>(m); k2<<<g, b, 0, s>>>(x); cudaStreamSynchronize(s);`
// completes k1 when `s` is a blocking stream, and not when it is a
// non-blocking one; a stream that waited for an event completes what the
// event was recorded behind.
class Completed {
public:
  Completed(ProgramStateRef State, const Wait &Waited) {
    if (Waited.Of == Wait::Scope::Everything) {
      Everything = true;
      return;
    }
    unsigned Bound = Waited.Of == Wait::Scope::Stream ? State->get<QueuedCount>() : Waited.Before;
    raise(Waited.On, Bound);
    // Waiting for the legacy default stream waits for every blocking stream,
    // as an action on it would: the documentation does not say so, a GPU did
    // (gpu-validation/results/NOTES.md).
    if (Waited.AsWork || Waited.Of == Wait::Scope::EventRecord ||
        Waited.On.Kind == StreamKind::Legacy)
      followQueueOrder(Waited.On, Bound);
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (auto [Order, Op] : State->get<StreamOps>()) {
        if (!includes(Op.On, Order))
          continue;
        Grew |= followQueueOrder(Op.On, Order);
        if (Op.WaitsForEvent && !Op.After)
          Grew |= raise(EverythingBefore, Order);
        else if (Op.WaitsForEvent)
          Grew |= raise(Op.After->On, Op.After->Order) |
                  followQueueOrder(Op.After->On, Op.After->Order);
      }
    }
  }

  bool includes(const Work &W) const { return includes(W.On, W.Order); }

private:
  bool includes(const Stream &On, unsigned Order) const {
    if (Everything || Order < EverythingBefore || (Order < BlockingBefore && mayBeBlocking(On)))
      return true;
    return llvm::any_of(Bounds, [&](const std::pair<Stream, unsigned> &Bound) {
      return Order < Bound.second && mayBeSame(Bound.first, On);
    });
  }

  // What work queued on `On` as the `Order`th waited for before it started.
  bool followQueueOrder(const Stream &On, unsigned Order) {
    bool Grew = false;
    if (mayBeBlocking(On))
      Grew |= raise(Stream{StreamKind::Legacy}, Order);
    if (mayBeLegacy(On))
      Grew |= raise(BlockingBefore, Order);
    return Grew;
  }

  static bool raise(unsigned &Bound, unsigned To) {
    if (To <= Bound)
      return false;
    Bound = To;
    return true;
  }

  bool raise(const Stream &S, unsigned To) {
    for (auto &[Known, Bound] : Bounds)
      if (Known.Kind == S.Kind && Known.Handle == S.Handle && Known.NonBlocking == S.NonBlocking)
        return raise(Bound, To);
    if (To == 0)
      return false;
    Bounds.push_back({S, To});
    return true;
  }

  bool Everything = false;
  unsigned EverythingBefore = 0;
  unsigned BlockingBefore = 0;
  llvm::SmallVector<std::pair<Stream, unsigned>, 4> Bounds;
};

// The stream whose capture work queued on `On` is recorded into, if any.
SymbolRef capturedBy(ProgramStateRef State, const Stream &On) {
  if (!On.Handle)
    return nullptr;
  const SymbolRef *Origin = State->get<CapturingStreams>(On.Handle);
  return Origin ? *Origin : nullptr;
}

bool nothingInFlight(ProgramStateRef State) {
  return State->get<InFlight>().isEmpty() && State->get<DeviceInFlight>().isEmpty();
}

// Work queued before every piece still in flight can no longer complete any
// of them: the device's ordering only ever runs from later work to earlier.
ProgramStateRef withoutSettledWork(ProgramStateRef State) {
  unsigned Oldest = std::numeric_limits<unsigned>::max();
  for (const Work &W : llvm::make_second_range(State->get<InFlight>()))
    Oldest = std::min(Oldest, W.Order);
  for (const Work &W : llvm::make_second_range(State->get<DeviceInFlight>()))
    Oldest = std::min(Oldest, W.Order);
  for (unsigned Order : llvm::make_first_range(State->get<StreamOps>()))
    if (Order < Oldest)
      State = State->remove<StreamOps>(Order);
  return State;
}

// Work queued on `On`, kept while something is in flight that waiting for
// it, or for what waits for it, may complete.
ProgramStateRef queuedOn(ProgramStateRef State, Stream On, StreamOp Op = {}) {
  if (nothingInFlight(State) || capturedBy(State, On))
    return State;
  unsigned Order = State->get<QueuedCount>();
  On.Name = nullptr;
  Op.On = On;
  if (Op.After)
    Op.After->On.Name = nullptr;
  return State->set<QueuedCount>(Order + 1)->set<StreamOps>(Order, Op);
}

// A pointer inside a structure passed by value, as the fields that lead to
// it: `p.out` is {out}, `p.buffers.out` is {buffers, out}; each pointer of an
// array of pointers (`p.slices[i]`) is {slices}.
using FieldPath = llvm::SmallVector<const FieldDecl *, 2>;

// The element type of an array of pointers held by value, a few of whose
// elements are followed; null for any other type.
const ConstantArrayType *arrayOfPointers(QualType Type) {
  const auto *Array = dyn_cast<ConstantArrayType>(Type.getCanonicalType().getTypePtr());
  return Array && Array->getElementType()->isPointerType() ? Array : nullptr;
}

// The pointer type a path ends in.
QualType pointerAt(const FieldPath &Path) {
  QualType Type = Path.back()->getType();
  if (const ConstantArrayType *Array = arrayOfPointers(Type))
    return Array->getElementType();
  return Type;
}

// Whether a kernel may write through its parameter: it is not a pointer to
// const, and the kernel's body, when the unit has it, stores through it (or
// through a pointer derived from it), or passes it on to a callee that may.
class WritesThrough : public RecursiveASTVisitor<WritesThrough> {
public:
  explicit WritesThrough(const ParmVarDecl *Parameter) { Aliases.insert(Parameter); }
  // The pointer a structure parameter holds at `Path` (`p.out` of
  // `__global__ void k(Params p)`). A method called on the structure (a
  // functor's operator(), an extended lambda's body) is followed with the
  // path taken from `this`, or from the variable the lambda captured; the
  // structure handed on whole to another callee is taken to be read only.
  WritesThrough(const ParmVarDecl *Parameter, llvm::ArrayRef<const FieldDecl *> Path)
      : Structure(Parameter), Path(Path) {}

  bool in(const Stmt *Body) {
    TraverseStmt(const_cast<Stmt *>(Body));
    return Writes;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    followMethod(Call->getMethodDecl(), Call->getImplicitObjectArgument());
    return !Writes;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
        Method && Call->getNumArgs() > 0)
      followMethod(Method, Call->getArg(0));
    return !Writes;
  }

  bool VisitVarDecl(VarDecl *Variable) {
    const Expr *Init = Variable->getInit();
    QualType Type = Variable->getType();
    if (!Init)
      return true;
    if (Type->isPointerType() && pointsThrough(Init))
      Aliases.insert(Variable);
    else if (Type->isReferenceType() && !Type.getNonReferenceType().isConstQualified() &&
             isLvalueThrough(Init))
      Writes = true;
    return !Writes;
  }

  bool VisitBinaryOperator(BinaryOperator *Operator) {
    if (!Operator->isAssignmentOp())
      return true;
    if (isLvalueThrough(Operator->getLHS()))
      Writes = true;
    else if (Operator->getOpcode() == BO_Assign && pointsThrough(Operator->getRHS()))
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Operator->getLHS()->IgnoreParenCasts()))
        Aliases.insert(Ref->getDecl());
    return !Writes;
  }

  bool VisitUnaryOperator(UnaryOperator *Operator) {
    if (Operator->isIncrementDecrementOp() && isLvalueThrough(Operator->getSubExpr()))
      Writes = true;
    return !Writes;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Call);
        Operator && Operator->isAssignmentOp() && Operator->getNumArgs() > 0 &&
        isLvalueThrough(Operator->getArg(0))) {
      Writes = true;
      return false;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs() && !Writes; ++I) {
      const Expr *Argument = Call->getArg(I);
      QualType Type =
          Callee && I < Callee->getNumParams() ? Callee->getParamDecl(I)->getType() : QualType();
      bool ReadOnly = !Type.isNull() && (Type->isPointerType() || Type->isReferenceType()) &&
                      Type->getPointeeType().isConstQualified();
      bool ByValue = !Type.isNull() && !Type->isPointerType() && !Type->isReferenceType();
      if (ReadOnly || ByValue)
        continue;
      if (pointsThrough(Argument) || isLvalueThrough(Argument))
        Writes = true; // atomicAdd(&out[i], v), a __device__ helper
    }
    return !Writes;
  }

private:
  // Inside a method of the structure: `this` is the structure.
  WritesThrough(llvm::ArrayRef<const FieldDecl *> Path, unsigned Depth)
      : Path(Path), InMethod(true), Depth(Depth) {}

  // The structure itself, as this body names it.
  bool isStructure(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (InMethod)
      return isa<CXXThisExpr>(E);
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && Structure && Ref->getDecl() == Structure;
  }

  // `s.a.b` for the path {a, b}, `this->a.b` in a method.
  bool namesPath(const Expr *E, size_t Length) const {
    E = E->IgnoreParenImpCasts();
    if (Length == 0)
      return isStructure(E);
    const auto *Member = dyn_cast<MemberExpr>(E);
    if (!Member || Member->getMemberDecl() != Path[Length - 1])
      return false;
    return Length == 1 && Member->isArrow()
               ? InMethod && isStructure(Member->getBase())
               : !Member->isArrow() && namesPath(Member->getBase(), Length - 1);
  }

  void followMethod(const CXXMethodDecl *Method, const Expr *Object) {
    const FunctionDecl *Definition = nullptr;
    if (Path.empty() || Depth >= 3 || !Method || !Object || !isStructure(Object) ||
        !Method->hasBody(Definition))
      return;
    WritesThrough Body(Path, Depth + 1);
    // An extended lambda names what it captured by the captured variable.
    if (const CXXRecordDecl *Closure = Method->getParent(); Closure && Closure->isLambda()) {
      llvm::DenseMap<const ValueDecl *, FieldDecl *> Captures;
      FieldDecl *ThisCapture = nullptr;
      Closure->getCaptureFields(Captures, ThisCapture);
      for (auto [Variable, Field] : Captures)
        if (Path.size() == 1 && Field == Path.front())
          Body.Aliases.insert(Variable);
    }
    Writes |= Body.in(Definition->getBody());
  }

  bool pointsThrough(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return Aliases.contains(Ref->getDecl());
    if (const auto *Member = dyn_cast<MemberExpr>(E); Member && !Path.empty())
      if (namesPath(Member, Path.size()))
        return true;
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E);
        Subscript && !Path.empty() && arrayOfPointers(Path.back()->getType()))
      return namesPath(Subscript->getBase(), Path.size());
    if (const auto *Binary = dyn_cast<BinaryOperator>(E))
      return Binary->isAdditiveOp() &&
             (pointsThrough(Binary->getLHS()) || pointsThrough(Binary->getRHS()));
    if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
      if (Unary->getOpcode() == UO_AddrOf)
        return isLvalueThrough(Unary->getSubExpr());
      return Unary->isIncrementDecrementOp() && pointsThrough(Unary->getSubExpr());
    }
    if (const auto *Choice = dyn_cast<ConditionalOperator>(E))
      return pointsThrough(Choice->getTrueExpr()) || pointsThrough(Choice->getFalseExpr());
    return false;
  }

  bool isLvalueThrough(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      return pointsThrough(Subscript->getBase());
    if (const auto *Unary = dyn_cast<UnaryOperator>(E))
      return Unary->getOpcode() == UO_Deref && pointsThrough(Unary->getSubExpr());
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return Member->isArrow() ? pointsThrough(Member->getBase())
                               : isLvalueThrough(Member->getBase());
    return false;
  }

  llvm::SmallPtrSet<const Decl *, 4> Aliases;
  const ParmVarDecl *Structure = nullptr;
  llvm::ArrayRef<const FieldDecl *> Path;
  bool InMethod = false;
  unsigned Depth = 0;
  bool Writes = false;
};

// A path note that belongs to one piece of work, or one host copy: it shows
// only in the report about that work (or copy).
struct Note {
  const MemRegion *Memory;
  unsigned Order;   // the work's, for race notes
  const Stmt *Site; // the copy or launch, for stale-copy notes
  bool AboutCopy;
  std::string Text;
};

enum class Access { Read, Write };

// Work queued on one stream on memory that work of another stream, queued
// earlier, may still be using, with nothing ordering the two.
struct Clash {
  const MemRegion *Memory;
  Work Earlier;
  Work Later;
};

// Host and device that share memory on purpose, while the kernel runs, say so
// in the types: a kernel that spins on a `volatile int *flag` until the host
// sets it, or system-scope atomics on both sides. Those accesses are the
// protocol, not a race: not reported.
bool isVolatileOrAtomic(QualType Type) {
  return Type.isVolatileQualified() || Type->isAtomicType();
}

bool sharedOnPurpose(const FunctionDecl *Kernel, unsigned Index) {
  if (!Kernel || Index >= Kernel->getNumParams())
    return false;
  QualType Type = Kernel->getParamDecl(Index)->getType();
  return Type->isPointerType() && isVolatileOrAtomic(Type->getPointeeType());
}

bool isAtomicBuiltinCall(const Stmt *S) {
  if (isa<AtomicExpr>(S))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->getBuiltinID() && Callee->getName().starts_with("__sync_"))
      return true;
  return false;
}

// The variable an lvalue or address is based on: `shared` in `shared[2]`,
// `&shared[2]`, `s->count`.
const ValueDecl *baseVariable(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Reference = dyn_cast<DeclRefExpr>(E))
      return Reference->getDecl();
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      E = Subscript->getBase();
    else if (const auto *Member = dyn_cast<MemberExpr>(E))
      E = Member->getBase();
    else if (const auto *Unary = dyn_cast<UnaryOperator>(E);
             Unary && (Unary->getOpcode() == UO_AddrOf || Unary->getOpcode() == UO_Deref))
      E = Unary->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

// The variables whose memory a function hands to atomic builtins: it was
// written to share that memory while someone else changes it, and its plain
// reads of it are the first step of a compare-and-swap loop
// (`expected = a[2]; old = __sync_val_compare_and_swap(&a[2], expected, v)`),
// as cuda-samples' systemWideAtomics does next to a running kernel.
llvm::DenseSet<const ValueDecl *> atomicallyShared(const FunctionDecl &Function) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::DenseSet<const ValueDecl *> Found;
    bool VisitStmt(Stmt *S) {
      if (!isAtomicBuiltinCall(S))
        return true;
      const Expr *Pointer = nullptr;
      if (const auto *Atomic = dyn_cast<AtomicExpr>(S))
        Pointer = Atomic->getPtr();
      else if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getNumArgs() > 0)
        Pointer = Call->getArg(0);
      if (const ValueDecl *Base = baseVariable(Pointer))
        Found.insert(Base);
      return true;
    }
  } Find;
  Find.TraverseStmt(Function.getBody());
  return std::move(Find.Found);
}

// A host access through a volatile or atomic lvalue, or by an atomic builtin
// (`__sync_fetch_and_add`, `__atomic_load_n`).
bool accessedOnPurpose(const Stmt *S) {
  if (!S)
    return false;
  if (isAtomicBuiltinCall(S))
    return true;
  const auto *E = dyn_cast<Expr>(S);
  if (const auto *Assignment = dyn_cast_or_null<BinaryOperator>(E);
      Assignment && Assignment->isAssignmentOp())
    E = Assignment->getLHS();
  return E && isVolatileOrAtomic(E->IgnoreParenImpCasts()->getType());
}

class UnsynchronizedHostReadChecker
    : public Checker<check::PreStmt<CUDAKernelCallExpr>, check::PreCall, check::PostCall,
                     check::Location, check::DeadSymbols> {
public:
  void checkPreStmt(const CUDAKernelCallExpr *Launch, CheckerContext &C) const;
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPostCall(const CallEvent &Call, CheckerContext &C) const;
  void checkLocation(SVal Location, bool IsLoad, const Stmt *S, CheckerContext &C) const;
  void checkDeadSymbols(SymbolReaper &Reaper, CheckerContext &C) const;

private:
  // Whether `S` accesses memory its function hands to atomic builtins too.
  bool sharedThroughAtomics(const Stmt *S, CheckerContext &C) const {
    const auto *Function = dyn_cast_or_null<FunctionDecl>(C.getLocationContext()->getDecl());
    const ValueDecl *Base = baseVariable(dyn_cast_or_null<Expr>(S));
    if (!Function || !Base || !Function->getBody())
      return false;
    auto [Known, Inserted] = AtomicallyShared.try_emplace(Function);
    if (Inserted)
      Known->second = atomicallyShared(*Function);
    return Known->second.contains(Base);
  }
  mutable llvm::DenseMap<const FunctionDecl *, llvm::DenseSet<const ValueDecl *>> AtomicallyShared;

  bool mayWrite(const FunctionDecl *Kernel, QualType Callee, unsigned Index) const;
  bool mayWriteField(const FunctionDecl *Kernel, unsigned Index, const FieldPath &Path) const;
  Stream streamOf(SVal Handle, const Expr *Spelled, CheckerContext &C) const;
  Stream launchStream(const CUDAKernelCallExpr *Launch, CheckerContext &C) const;
  Stream libraryStream(const CallEvent &Call, unsigned Param, CheckerContext &C) const;
  ProgramStateRef queue(ProgramStateRef State, const MemRegion *Memory, const MemRegion *Key,
                        Work W, std::vector<Note> &Notes, std::vector<Clash> &Clashes,
                        bool FromGraph = false) const;
  ProgramStateRef capture(const CallEvent &Call, const StreamCaptureApi &Step,
                          ProgramStateRef State, CheckerContext &C, std::vector<Note> &Notes,
                          std::vector<Clash> &Clashes) const;
  ProgramStateRef addNode(const CallEvent &Call, const StreamCaptureApi &Step,
                          ProgramStateRef State, CheckerContext &C) const;
  void addTransition(ProgramStateRef State, std::vector<Note> Notes,
                     const std::vector<Clash> &Clashes, const Stmt *Site, CheckerContext &C) const;
  // The work in flight that an access of `Size` bytes at `Accessed` in
  // `Memory` may touch, a write first; its key. Device memory is looked at
  // only for the host side of CUDA-aware MPI.
  std::optional<std::pair<const MemRegion *, Work>>
  touchedWork(ProgramStateRef State, const MemRegion *Memory, const MemRegion *Accessed,
              std::optional<uint64_t> Size, CheckerContext &C, bool DeviceMemoryToo = false) const;
  // Whether the call is one of MPI's with message buffers (then checked).
  bool checkMessageBuffers(const CallEvent &Call, CheckerContext &C) const;
  ProgramStateRef complete(ProgramStateRef State, const Wait &Waited, llvm::StringRef Api,
                           llvm::StringRef Verb, std::vector<Note> &Notes) const;
  ProgramStateRef notWaited(ProgramStateRef State, llvm::StringRef Text,
                            std::vector<Note> &Notes) const;
  ProgramStateRef synchronize(const CallEvent &Call, const SyncApi &Sync, ProgramStateRef State,
                              CheckerContext &C, std::vector<Note> &Notes) const;
  void poll(const CallEvent &Call, const CompletionQueryApi &Query, ProgramStateRef State,
            CheckerContext &C) const;
  std::optional<Wait> eventWait(ProgramStateRef State, SVal Event) const;
  ProgramStateRef trackHostCopy(const CallEvent &Call, const CopyApi &Copy, ProgramStateRef State,
                                std::vector<Note> &Notes) const;
  ProgramStateRef queueCopy(const CallEvent &Call, const CopyApi &Copy, ProgramStateRef State,
                            CheckerContext &C, std::vector<Note> &Notes,
                            std::vector<Clash> &Clashes) const;
  ProgramStateRef queueLibraryWork(const CallEvent &Call, const LibraryWorkApi &Work,
                                   ProgramStateRef State, CheckerContext &C,
                                   std::vector<Note> &Notes, std::vector<Clash> &Clashes) const;
  ProgramStateRef deviceChanged(ProgramStateRef State, const MemRegion *Device, const Stmt *Site,
                                const FunctionDecl *Changer, std::vector<Note> &Notes) const;
  const NoteTag *tag(CheckerContext &C, std::vector<Note> Notes) const;

  // Each returns whether it reported.
  // `Accessed`: where in `Memory` the access begins, and `Size` its bytes
  // (unknown for a callee given the pointer).
  bool checkAccess(const MemRegion *Memory, const MemRegion *Accessed, std::optional<uint64_t> Size,
                   Access How, const Expr *At, const FunctionDecl *Reader, CheckerContext &C,
                   bool DeviceMemoryToo = false) const;
  void reportRace(const MemRegion *Memory, const MemRegion *Key, const Work &W, Access How,
                  const Expr *At, const FunctionDecl *Reader, CheckerContext &C) const;
  void reportStaleCopy(const MemRegion *Memory, const HostCopy &Copy, const Expr *At,
                       const FunctionDecl *Reader, CheckerContext &C) const;

  BugType Race{this, "Unsynchronized host access", "CUDA stream ordering"};
  BugType StaleCopy{this, "Stale host copy", "CUDA stream ordering"};
  BugType UnorderedStreams{this, "Unordered streams", "CUDA stream ordering"};
  mutable llvm::DenseMap<const ParmVarDecl *, bool> WrittenParameters;
  mutable std::map<std::pair<const ParmVarDecl *, std::vector<const FieldDecl *>>, bool>
      WrittenFields;
};

// Whether the kernel may write through its pointer argument `Index`. A
// kernel the path does not name is judged by the parameter types of the
// pointer it is launched through: a `const T *` is only read.
bool UnsynchronizedHostReadChecker::mayWrite(const FunctionDecl *Kernel, QualType Callee,
                                             unsigned Index) const {
  if (!Kernel) {
    if (const auto *Pointer = Callee->getAs<PointerType>())
      Callee = Pointer->getPointeeType();
    const auto *Prototype = Callee->getAs<FunctionProtoType>();
    if (!Prototype || Index >= Prototype->getNumParams())
      return true;
    QualType Type = Prototype->getParamType(Index);
    return !(Type->isPointerType() && Type->getPointeeType().isConstQualified());
  }
  if (Index >= Kernel->getNumParams())
    return true;
  QualType Type = Kernel->getParamDecl(Index)->getType();
  if (Type->isPointerType() && Type->getPointeeType().isConstQualified())
    return false;
  const FunctionDecl *Definition = nullptr;
  if (!Kernel->hasBody(Definition) || Index >= Definition->getNumParams())
    return true;
  const ParmVarDecl *Parameter = Definition->getParamDecl(Index);
  auto [It, Inserted] = WrittenParameters.try_emplace(Parameter, true);
  if (Inserted)
    It->second = WritesThrough(Parameter).in(Definition->getBody());
  return It->second;
}

// Whether the kernel may write through the pointer its structure argument
// `Index` holds at `Path`: not a pointer to const, and where the unit has the
// kernel's body, stored through (or through a pointer taken from it).
bool UnsynchronizedHostReadChecker::mayWriteField(const FunctionDecl *Kernel, unsigned Index,
                                                  const FieldPath &Path) const {
  if (pointerAt(Path)->getPointeeType().isConstQualified())
    return false;
  const FunctionDecl *Definition = nullptr;
  if (!Kernel || !Kernel->hasBody(Definition) || Index >= Definition->getNumParams())
    return true;
  const ParmVarDecl *Parameter = Definition->getParamDecl(Index);
  auto [It, Inserted] =
      WrittenFields.try_emplace({Parameter, std::vector(Path.begin(), Path.end())}, true);
  if (Inserted)
    It->second = WritesThrough(Parameter, Path).in(Definition->getBody());
  return It->second;
}

// The pointers a structure passed by value holds, with their values on this
// path: `kernel<<<g, b>>>(Params{in, out, n})`, the captures of a lambda,
// and those of structures it holds by value, a few levels deep.
class PointerFields {
public:
  PointerFields(const Expr *Argument, CheckerContext &C) : C(C) {
    const RecordDecl *Record = Argument->getType()->getAsRecordDecl();
    if (Record && Record->getDefinition())
      fromValue(Record->getDefinition(), C.getSVal(Argument));
  }

  llvm::SmallVector<std::pair<FieldPath, SVal>, 4> Found;

private:
  static constexpr unsigned DeepestNesting = 4;
  static constexpr uint64_t FollowedElements = 16;

  // The first elements of an array of pointers the structure holds.
  void fromArray(const FieldDecl *Field, const TypedValueRegion *Array, const void *Store) {
    MemRegionManager &Regions = C.getSValBuilder().getRegionManager();
    const ConstantArrayType *Type = arrayOfPointers(Field->getType());
    QualType Element = Type->getElementType();
    for (uint64_t I = 0; I < std::min<uint64_t>(Type->getZExtSize(), FollowedElements); ++I) {
      loc::MemRegionVal At(Regions.getElementRegion(Element, C.getSValBuilder().makeArrayIndex(I),
                                                    Array, C.getASTContext()));
      found(Field, Store ? C.getStoreManager().getBinding(Store, At, Element)
                         : C.getState()->getSVal(At, Element));
    }
  }

  void found(const FieldDecl *Field, SVal Pointer) {
    FieldPath Path = Prefix;
    Path.push_back(Field);
    Found.push_back({std::move(Path), Pointer});
  }

  void fromValue(const RecordDecl *Record, SVal Whole) {
    // Built in the launch (`Params{in, out, n}`): the values in field order.
    if (auto Built = Whole.getAs<nonloc::CompoundVal>()) {
      const auto *Class = dyn_cast<CXXRecordDecl>(Record);
      if (Class && Class->getNumBases() > 0)
        return;
      auto Value = Built->begin();
      for (const FieldDecl *Field : Record->fields()) {
        if (Value == Built->end())
          break;
        take(Field, *Value);
        ++Value;
      }
      return;
    }
    if (auto Lazy = Whole.getAs<nonloc::LazyCompoundVal>())
      fromRegion(Record, Lazy->getRegion(), Lazy->getStore());
    else if (const auto *Object = dyn_cast_or_null<TypedValueRegion>(Whole.getAsRegion()))
      fromRegion(Record, Object, nullptr);
  }

  void fromRegion(const RecordDecl *Record, const TypedValueRegion *Object, const void *Store) {
    MemRegionManager &Regions = C.getSValBuilder().getRegionManager();
    for (const FieldDecl *Field : Record->fields()) {
      if (!Field->getType()->isPointerType() && !Field->getType()->isRecordType() &&
          !arrayOfPointers(Field->getType()))
        continue;
      const FieldRegion *Place = Regions.getFieldRegion(Field, Object);
      if (arrayOfPointers(Field->getType())) {
        fromArray(Field, Place, Store);
        continue;
      }
      if (Field->getType()->isRecordType()) {
        if (const RecordDecl *Nested = nested(Field)) {
          Prefix.push_back(Field);
          fromRegion(Nested, Place, Store);
          Prefix.pop_back();
        }
        continue;
      }
      loc::MemRegionVal At(Place);
      take(Field, Store ? C.getStoreManager().getBinding(Store, At, Field->getType())
                        : C.getState()->getSVal(At, Field->getType()));
    }
  }

  void take(const FieldDecl *Field, SVal Value) {
    QualType Type = Field->getType();
    if (arrayOfPointers(Type)) {
      if (auto Elements = Value.getAs<nonloc::CompoundVal>())
        for (SVal Element : *Elements)
          found(Field, Element);
      else if (auto Lazy = Value.getAs<nonloc::LazyCompoundVal>())
        fromArray(Field, Lazy->getRegion(), Lazy->getStore());
      return;
    }
    if (Type->isPointerType()) {
      found(Field, Value);
      return;
    }
    if (const RecordDecl *Nested = nested(Field)) {
      Prefix.push_back(Field);
      fromValue(Nested, Value);
      Prefix.pop_back();
    }
  }

  // The structure a field holds by value, while not too deep.
  const RecordDecl *nested(const FieldDecl *Field) const {
    const RecordDecl *Record = Field->getType()->getAsRecordDecl();
    if (!Record || !Record->getDefinition() || Prefix.size() + 1 >= DeepestNesting)
      return nullptr;
    return Record->getDefinition();
  }

  CheckerContext &C;
  FieldPath Prefix;
};

Stream UnsynchronizedHostReadChecker::streamOf(SVal Handle, const Expr *Spelled,
                                               CheckerContext &C) const {
  Stream S;
  S.Name = nameOf(Spelled);
  if (const llvm::APSInt *Value = Handle.getAsInteger()) {
    bool PerThread = C.getPreprocessor().isMacroDefined(CudaApi::perThreadDefaultStreamMacro());
    if (std::optional<DefaultStream> Default =
            CudaApi::defaultStreamHandle(Value->getZExtValue(), PerThread)) {
      S.Kind = *Default == DefaultStream::Legacy ? StreamKind::Legacy : StreamKind::PerThread;
      S.Name = nullptr;
    }
    return S;
  }
  if (SymbolRef Sym = Handle.getAsSymbol()) {
    S.Handle = Sym;
    if (const bool *NonBlocking = C.getState()->get<CreatedStreams>(Sym)) {
      S.Kind = StreamKind::Created;
      S.NonBlocking = *NonBlocking;
    }
  }
  return S;
}

Stream UnsynchronizedHostReadChecker::launchStream(const CUDAKernelCallExpr *Launch,
                                                   CheckerContext &C) const {
  if (const Stream *Configured = C.getState()->get<LaunchStreams>(Launch))
    return *Configured;
  const Expr *Spelled = CudaApi::launchStream(Launch);
  if (const auto *Default = dyn_cast_or_null<CXXDefaultArgExpr>(Spelled))
    Spelled = Default->getExpr();
  SValBuilder &Builder = C.getSValBuilder();
  if (!Spelled)
    return streamOf(Builder.makeNullWithType(C.getASTContext().VoidPtrTy), nullptr, C);
  SVal Handle = C.getSVal(Spelled);
  const Expr *Plain = Spelled->IgnoreParenCasts();
  if (Handle.isUnknown()) {
    if (Spelled->isNullPointerConstant(C.getASTContext(), Expr::NPC_ValueDependentIsNotNull))
      Handle = Builder.makeNullWithType(C.getASTContext().VoidPtrTy);
    else if (const auto *Literal = dyn_cast<IntegerLiteral>(Plain))
      Handle =
          Builder.makeIntVal(Literal->getValue().getZExtValue(), C.getASTContext().UnsignedLongTy);
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(Plain))
      if (const auto *Variable = dyn_cast<VarDecl>(Ref->getDecl()))
        Handle = C.getState()->getSVal(C.getState()->getLValue(Variable, C.getLocationContext()));
  }
  return streamOf(Handle, Spelled, C);
}

// Whether two pieces of work are given the same address, or addresses at the
// same known offset into their memory.
bool sameStart(const Work &A, const Work &B) {
  if (A.Start == B.Start)
    return A.Start != nullptr;
  std::optional<int64_t> OffsetA = knownOffset(A.Start);
  std::optional<int64_t> OffsetB = knownOffset(B.Start);
  return OffsetA && OffsetB && *OffsetA == *OffsetB;
}

// Whether `Later`, queued on its stream now, may run while `Earlier` still
// uses the same bytes, one of them writing: the two are on streams known to
// differ, and neither the host nor the device ordered them. Streams of
// unknown origin may be the same stream: never reported.
bool unordered(ProgramStateRef State, const Work &Earlier, const Work &Later) {
  if (!Earlier.Writes && !Later.Writes)
    return false;
  if (mayBeSame(Earlier.On, Later.On))
    return false;
  return !Completed(State, Wait{Wait::Scope::Stream, Later.On, 0, /*AsWork=*/true})
              .includes(Earlier);
}

ProgramStateRef UnsynchronizedHostReadChecker::queue(ProgramStateRef State, const MemRegion *Memory,
                                                     const MemRegion *Key, Work W,
                                                     std::vector<Note> &Notes,
                                                     std::vector<Clash> &Clashes,
                                                     bool FromGraph) const {
  if (SymbolRef Origin = capturedBy(State, W.On))
    return State->set<CapturedWork>(Key, CapturedPiece{Memory, W, Origin});
  W.Order = State->get<QueuedCount>();
  State = State->set<QueuedCount>(W.Order + 1);
  std::optional<MemoryFamily> Family = familyOf(State, Memory);
  bool OnDevice = Family && *Family == MemoryFamily::Device;
  const Work *Earlier = OnDevice ? State->get<DeviceInFlight>(Key) : State->get<InFlight>(Key);
  // Work at the same place only: a kernel given another offset into the
  // buffer most often works on its own part of it (a chunk per stream).
  if (Earlier && sameStart(*Earlier, W) && unordered(State, *Earlier, W))
    Clashes.push_back({Memory, *Earlier, W});
  // A write still pending matters more than a read queued after it.
  if (Earlier && Earlier->Writes && !W.Writes)
    return State;
  std::string Does = W.Writes ? (W.IsKernel ? "may write" : "writes") : "reads";
  Notes.push_back({Memory, W.Order, nullptr, false,
                   who(W) + (FromGraph ? ", captured into the graph," : "") + " is queued on " +
                       describe(W.On) + " and " + Does + " " +
                       (Family ? memoryFamilyName(*Family).str() : "it")});
  return OnDevice ? State->set<DeviceInFlight>(Key, W) : State->set<InFlight>(Key, W);
}

// The steps from a capture to a graph launch: the work a capture recorded
// follows its graph to the graph's executable, and runs, as queued work, on
// the stream of each cudaGraphLaunch of it.
ProgramStateRef UnsynchronizedHostReadChecker::capture(const CallEvent &Call,
                                                       const StreamCaptureApi &Step,
                                                       ProgramStateRef State, CheckerContext &C,
                                                       std::vector<Note> &Notes,
                                                       std::vector<Clash> &Clashes) const {
  auto Written = [&](unsigned Param) -> SymbolRef {
    std::optional<Loc> Out = Call.getArgSVal(Param).getAs<Loc>();
    if (!Out)
      return nullptr;
    QualType Type = Call.getArgExpr(Param)->getType()->getPointeeType();
    return Type.isNull() ? nullptr : State->getSVal(*Out, Type).getAsSymbol();
  };
  SymbolRef Handle = Step.StreamParam ? Call.getArgSVal(*Step.StreamParam).getAsSymbol() : nullptr;
  switch (Step.Step) {
  case CaptureStep::Begin:
    return Handle ? State->set<CapturingStreams>(Handle, Handle) : State;
  case CaptureStep::End: {
    SymbolRef Origin = Handle ? capturedBy(State, Stream{StreamKind::Unknown, Handle}) : nullptr;
    if (!Origin)
      return State;
    SymbolRef Graph = Written(*Step.GraphParam);
    for (auto [Key, Piece] : State->get<CapturedWork>())
      if (Piece.Origin == Origin && !Piece.Graph) {
        CapturedPiece Made = Piece;
        Made.Graph = Graph;
        State = State->set<CapturedWork>(Key, Made);
      }
    for (auto [Joined, Of] : State->get<CapturingStreams>())
      if (Of == Origin)
        State = State->remove<CapturingStreams>(Joined);
    return State;
  }
  case CaptureStep::Instantiate: {
    SymbolRef Graph = Call.getArgSVal(*Step.GraphParam).getAsSymbol();
    SymbolRef Exec = Written(*Step.ExecParam);
    if (!Graph || !Exec)
      return State;
    if (const SymbolRef *Original = State->get<ClonedGraphs>(Graph))
      Graph = *Original;
    for (auto [Key, Piece] : State->get<CapturedWork>())
      if (Piece.Graph == Graph) {
        CapturedPiece Made = Piece;
        Made.Exec = Exec;
        State = State->set<CapturedWork>(Key, Made);
      }
    return State;
  }
  case CaptureStep::Launch: {
    SymbolRef Exec = Call.getArgSVal(*Step.ExecParam).getAsSymbol();
    if (!Exec)
      return State;
    Stream On = streamOf(Call.getArgSVal(*Step.StreamParam), Call.getArgExpr(*Step.StreamParam), C);
    for (auto [Key, Piece] : State->get<CapturedWork>())
      if (Piece.Exec == Exec) {
        Work W = Piece.W;
        W.On = On;
        State = queue(State, Piece.Memory, Key, W, Notes, Clashes, /*FromGraph=*/true);
      }
    return queuedOn(State, On);
  }
  case CaptureStep::Clone: {
    SymbolRef Original = Call.getArgSVal(*Step.GraphParam).getAsSymbol();
    SymbolRef Clone = Written(*Step.NodeParam);
    if (!Original || !Clone)
      return State;
    if (const SymbolRef *Earlier = State->get<ClonedGraphs>(Original))
      Original = *Earlier;
    return State->set<ClonedGraphs>(Clone, Original);
  }
  case CaptureStep::AddKernelNode:
  case CaptureStep::AddCopyNode:
  case CaptureStep::AddSetNode:
    return State; // before the call (addNode)
  }
  llvm_unreachable("unknown capture step");
}

// A node added to a graph: its work runs when an executable instantiated from
// the graph is launched, like captured work. A kernel node's arguments are
// read through cudaKernelNodeParams::kernelParams, an array of the addresses
// of the values: `void *args[] = {&out, &n}`.
ProgramStateRef UnsynchronizedHostReadChecker::addNode(const CallEvent &Call,
                                                       const StreamCaptureApi &Step,
                                                       ProgramStateRef State,
                                                       CheckerContext &C) const {
  SymbolRef Graph = Call.getArgSVal(*Step.GraphParam).getAsSymbol();
  if (!Graph)
    return State;
  const auto *Api = dyn_cast<FunctionDecl>(Call.getDecl());
  SValBuilder &Builder = C.getSValBuilder();
  ASTContext &Context = C.getASTContext();
  auto Record = [&](SVal Address, const FunctionDecl *Queuer, bool IsKernel, bool Writes) {
    const MemRegion *Memory = memoryOf(State, Address);
    std::optional<MemoryFamily> Family = familyOf(State, Memory);
    if (!Family || !isTracked(*Family))
      return;
    Work W{Call.getOriginExpr(), Queuer, IsKernel, Stream{}, Writes, 0};
    W.Start = Address.getAsRegion();
    State = State->set<CapturedWork>(workKey(Memory, knownOffset(W.Start), C),
                                     CapturedPiece{Memory, W, nullptr, Graph});
  };
  // A field of the parameters structure the call is given.
  auto Field = [&](llvm::StringRef Name) -> SVal {
    const MemRegion *Parameters = Call.getArgSVal(*Step.NodeParam).getAsRegion();
    QualType Structure = Call.getArgExpr(*Step.NodeParam)->getType()->getPointeeType();
    const RecordDecl *Declared = Structure.isNull() ? nullptr : Structure->getAsRecordDecl();
    const auto *Typed = dyn_cast_or_null<SubRegion>(Parameters);
    if (!Declared || !Declared->getDefinition() || !Typed)
      return UnknownVal();
    for (const FieldDecl *Member : Declared->getDefinition()->fields())
      if (Member->getName() == Name) {
        const MemRegion *Object = Builder.getRegionManager().getElementRegion(
            Structure, Builder.makeArrayIndex(0), Typed, Context);
        return State->getSVal(loc::MemRegionVal(Builder.getRegionManager().getFieldRegion(
                                  Member, cast<SubRegion>(Object))),
                              Member->getType());
      }
    return UnknownVal();
  };
  switch (Step.Step) {
  case CaptureStep::AddCopyNode:
    Record(Call.getArgSVal(*Step.NodeParam), Api, false, true);
    Record(Call.getArgSVal(*Step.NodeParam + 1), Api, false, false);
    break;
  case CaptureStep::AddSetNode:
    Record(Field(GraphNodeFields::SetDestination), Api, false, true);
    break;
  case CaptureStep::AddKernelNode: {
    const FunctionDecl *Kernel = Field(GraphNodeFields::Kernel).getAsFunctionDecl();
    std::optional<Loc> Arguments = Field(GraphNodeFields::KernelArguments).getAs<Loc>();
    if (!Kernel || !Arguments)
      break;
    for (unsigned I = 0; I < Kernel->getNumParams(); ++I) {
      QualType Parameter = Kernel->getParamDecl(I)->getType();
      if (!Parameter->isPointerType())
        continue;
      SVal Slot = Builder.evalBinOp(State, BO_Add, *Arguments, Builder.makeArrayIndex(I),
                                    Context.getPointerType(Context.VoidPtrTy));
      std::optional<Loc> SlotAt = Slot.getAs<Loc>();
      std::optional<Loc> ValueAt =
          SlotAt ? State->getSVal(*SlotAt, Context.VoidPtrTy).getAs<Loc>() : std::nullopt;
      if (ValueAt)
        Record(State->getSVal(*ValueAt, Parameter), Kernel, true,
               mayWrite(Kernel, Kernel->getType(), I));
    }
    break;
  }
  default:
    break;
  }
  return State;
}

// The transition after work was queued; where it clashes with another
// stream's work, the report, at the work queued last.
void UnsynchronizedHostReadChecker::addTransition(ProgramStateRef State, std::vector<Note> Notes,
                                                  const std::vector<Clash> &Clashes,
                                                  const Stmt *Site, CheckerContext &C) const {
  if (Clashes.empty()) {
    if (State != C.getState() || !Notes.empty())
      C.addTransition(State, tag(C, std::move(Notes)));
    return;
  }
  const Clash &First = Clashes.front();
  ExplodedNode *Node = C.generateNonFatalErrorNode(
      State->set<ReportedEarlierWork>(First.Earlier.Order + 1), tag(C, std::move(Notes)));
  if (!Node)
    return;
  std::string Memory = memoryFamilyName(*familyOf(State, First.Memory)).str();
  std::string Later = who(First.Later) + " on " + describe(First.Later.On);
  std::string Earlier = who(First.Earlier) + " on " + describe(First.Earlier.On);
  std::string Writes = First.Later.IsKernel ? " may write " : " writes ";
  std::string Message;
  if (First.Later.Writes && First.Earlier.Writes)
    Message = Later + Writes + Memory + " that " + Earlier +
              " may still be writing; nothing orders the two streams, so which values "
              "remain depends on which finishes last";
  else if (First.Later.Writes)
    Message = Later + Writes + Memory + " that " + Earlier +
              " may still be reading; nothing orders the two streams, so the earlier work "
              "may read the new values";
  else
    Message = Later + " reads " + Memory + " that " + Earlier +
              " may still be writing; nothing orders the two streams, so it may read old "
              "or partial data";
  auto Report = std::make_unique<PathSensitiveBugReport>(
      UnorderedStreams, Message, "queued before the other stream's work is known to be complete",
      Node);
  Report->addRange(Site->getSourceRange());
  Report->markInteresting(First.Memory);
  emitCrosschecked(C, std::move(Report));
  C.addTransition(State, Node);
}

std::optional<std::pair<const MemRegion *, Work>>
UnsynchronizedHostReadChecker::touchedWork(ProgramStateRef State, const MemRegion *Memory,
                                           const MemRegion *Accessed, std::optional<uint64_t> Size,
                                           CheckerContext &C, bool DeviceMemoryToo) const {
  std::optional<std::pair<const MemRegion *, Work>> Found;
  auto Look = [&](const MemRegion *Key, const Work &W) {
    if (Key->getBaseRegion() != Memory)
      return;
    if (!mayTouch(State, Accessed, Size, Key, W, C.getSValBuilder()))
      return;
    if (!Found || (W.Writes && !Found->second.Writes))
      Found = {Key, W};
  };
  for (auto [Key, W] : State->get<InFlight>())
    Look(Key, W);
  if (DeviceMemoryToo)
    for (auto [Key, W] : State->get<DeviceInFlight>())
      Look(Key, W);
  return Found;
}

ProgramStateRef UnsynchronizedHostReadChecker::complete(ProgramStateRef State, const Wait &Waited,
                                                        llvm::StringRef Api, llvm::StringRef Verb,
                                                        std::vector<Note> &Notes) const {
  Completed Done(State, Waited);
  auto Settle = [&](auto InMap) {
    using Map = decltype(InMap);
    for (auto [Memory, W] : State->get<Map>()) {
      if (Done.includes(W))
        State = State->template remove<Map>(Memory);
      else
        Notes.push_back(
            {Memory->getBaseRegion(), W.Order, nullptr, false, Waited.whyNot(W, Api, Verb)});
    }
  };
  Settle(InFlight{});
  Settle(DeviceInFlight{});
  return withoutSettledWork(State);
}

ProgramStateRef UnsynchronizedHostReadChecker::notWaited(ProgramStateRef State,
                                                         llvm::StringRef Text,
                                                         std::vector<Note> &Notes) const {
  for (auto [Memory, W] : State->get<InFlight>())
    Notes.push_back({Memory->getBaseRegion(), W.Order, nullptr, false, Text.str()});
  for (auto [Memory, W] : State->get<DeviceInFlight>())
    Notes.push_back({Memory->getBaseRegion(), W.Order, nullptr, false, Text.str()});
  return State;
}

std::optional<Wait> UnsynchronizedHostReadChecker::eventWait(ProgramStateRef State,
                                                             SVal Event) const {
  SymbolRef Sym = Event.getAsSymbol();
  const RecordedEvent *Record = Sym ? State->get<RecordedEvents>(Sym) : nullptr;
  // An event recorded where we cannot see it may follow any work.
  if (!Record)
    return Wait{Wait::Scope::Everything, {}};
  return Wait{Wait::Scope::EventRecord, Record->On, Record->Order};
}

ProgramStateRef UnsynchronizedHostReadChecker::synchronize(const CallEvent &Call,
                                                           const SyncApi &Sync,
                                                           ProgramStateRef State, CheckerContext &C,
                                                           std::vector<Note> &Notes) const {
  std::string Api = documentedName(*dyn_cast<FunctionDecl>(Call.getDecl()));
  switch (Sync.Scope) {
  case SyncScope::None:
    return State;
  case SyncScope::Device:
    return complete(State, Wait{Wait::Scope::Everything, {}}, Api, "waits for", Notes);
  case SyncScope::Stream:
    if (!Sync.HandleParam)
      return State;
    return complete(State,
                    Wait{Wait::Scope::Stream, streamOf(Call.getArgSVal(*Sync.HandleParam),
                                                       Call.getArgExpr(*Sync.HandleParam), C)},
                    Api, "waits for", Notes);
  case SyncScope::Event:
    if (!Sync.HandleParam)
      return State;
    return complete(State, *eventWait(State, Call.getArgSVal(*Sync.HandleParam)), Api, "waits for",
                    Notes);
  case SyncScope::LegacyDefault:
    break;
  }
  // A blocking copy or set runs on the default stream, and only some of them
  // hold the host until it is done.
  const CopyApi *Copy = memory::api(C).copy(dyn_cast<FunctionDecl>(Call.getDecl()));
  std::optional<CopyDirection> Direction =
      Copy ? memory::copyDirection(Call, *Copy, C) : std::nullopt;
  std::optional<MemoryFamily> Target;
  if (Copy && Copy->Destination && !Copy->DestinationIsSymbol)
    Target = familyOf(State, memoryOf(State, Call.getArgSVal(*Copy->Destination)));
  SValBuilder &Builder = C.getSValBuilder();
  Stream Default = streamOf(Builder.makeNullWithType(C.getASTContext().VoidPtrTy), nullptr, C);
  // Either way it is work on the default stream, ordered with the rest.
  if (!CudaApi::waitsForDevice(Sync, Direction, Target))
    return queuedOn(notWaited(State,
                              Sync.Waits == HostWait::OnlyForHostTarget
                                  ? "'" + Api +
                                        "' of device memory does not wait for the "
                                        "device"
                                  : "'" + Api +
                                        "' between device buffers does not wait for "
                                        "the device",
                              Notes),
                    Default);
  return complete(State, Wait{Wait::Scope::Stream, Default, 0, /*AsWork=*/true}, Api, "waits for",
                  Notes);
}

// A poll that returns anything but not-ready means the work is over (or the
// context is lost, and nothing the host reads matters any more); on the
// not-ready path it is still running.
void UnsynchronizedHostReadChecker::poll(const CallEvent &Call, const CompletionQueryApi &Query,
                                         ProgramStateRef State, CheckerContext &C) const {
  std::string Api = documentedName(*dyn_cast<FunctionDecl>(Call.getDecl()));
  SVal Handle = Call.getArgSVal(Query.HandleParam);
  Wait Waited =
      Query.Scope == SyncScope::Event
          ? *eventWait(State, Handle)
          : Wait{Wait::Scope::Stream, streamOf(Handle, Call.getArgExpr(Query.HandleParam), C)};
  SValBuilder &Builder = C.getSValBuilder();
  SVal Status = Call.getReturnValue();
  SVal IsNotReady = Builder.evalEQ(
      State, Status, Builder.makeIntVal(CudaApi::notReadyStatus(), Call.getResultType()));
  auto [NotReady, Done] = State->assume(IsNotReady.castAs<DefinedOrUnknownSVal>());
  if (Done) {
    std::vector<Note> Notes;
    Done = complete(Done, Waited, Api, "polls", Notes);
    C.addTransition(Done, tag(C, std::move(Notes)));
  }
  if (NotReady) {
    std::vector<Note> Notes;
    Completed Polled(NotReady, Waited);
    auto NoteOn = [&](const MemRegion *Memory, const Work &W) {
      Notes.push_back({Memory->getBaseRegion(), W.Order, nullptr, false,
                       Polled.includes(W)
                           ? "'" + Api + "' finds " + who(W) + " still running on this path"
                           : Waited.whyNot(W, Api, "polls")});
    };
    for (auto [Memory, W] : NotReady->get<InFlight>())
      NoteOn(Memory, W);
    for (auto [Memory, W] : NotReady->get<DeviceInFlight>())
      NoteOn(Memory, W);
    C.addTransition(NotReady, tag(C, std::move(Notes)));
  }
}

ProgramStateRef UnsynchronizedHostReadChecker::trackHostCopy(const CallEvent &Call,
                                                             const CopyApi &Copy,
                                                             ProgramStateRef State,
                                                             std::vector<Note> &Notes) const {
  if (!Copy.Destination || !Copy.Source || Copy.DestinationIsSymbol || Copy.SourceIsSymbol)
    return State;
  const MemRegion *To = memoryOf(State, Call.getArgSVal(*Copy.Destination));
  const MemRegion *From = memoryOf(State, Call.getArgSVal(*Copy.Source));
  // The destination is refilled: a host buffer holds what it was just given.
  if (To)
    State = State->remove<HostCopies>(To);
  // Results read back from the device: the host buffers copied into it keep
  // the input on purpose (to compare the results with).
  if (From)
    for (auto [Host, Kept] : State->get<HostCopies>())
      if (Kept.Device == From)
        State = State->remove<HostCopies>(Host);
  std::optional<MemoryFamily> ToFamily = familyOf(State, To);
  std::optional<MemoryFamily> FromFamily = familyOf(State, From);
  // Results read back into another buffer of the host (or of a caller): the
  // host buffers whose device copies were changed so far keep their input on
  // purpose too (cuda-samples' conjugateGradient downloads x and checks A x
  // against the right-hand side it uploaded into the residual, which cuBLAS
  // then changed).
  if (To && (!ToFamily || CudaApi::isHostMemory(*ToFamily)) && FromFamily &&
      isDeviceSide(*FromFamily))
    for (auto [Host, Kept] : State->get<HostCopies>())
      if (Kept.ChangedAt && Host != To)
        State = State->remove<HostCopies>(Host);
  if (!ToFamily || !FromFamily || !CudaApi::isHostMemory(*FromFamily) || !isDeviceSide(*ToFamily))
    return State;
  const auto *Callee = dyn_cast<FunctionDecl>(Call.getDecl());
  HostCopy Kept{To, Call.getOriginExpr(), Callee, nameOf(Call.getArgExpr(*Copy.Source)),
                nameOf(Call.getArgExpr(*Copy.Destination))};
  Kept.Frame = Call.getLocationContext()->getStackFrame();
  Notes.push_back({From, 0, Call.getOriginExpr(), true,
                   "'" + documentedName(*Callee) + "' copies " +
                       quoted(Kept.HostName, "the host buffer") + " into " +
                       quoted(Kept.DeviceName, "device memory")});
  return State->set<HostCopies>(From, Kept);
}

ProgramStateRef UnsynchronizedHostReadChecker::queueCopy(const CallEvent &Call, const CopyApi &Copy,
                                                         ProgramStateRef State, CheckerContext &C,
                                                         std::vector<Note> &Notes,
                                                         std::vector<Clash> &Clashes) const {
  if (!Copy.Stream)
    return State;
  Stream On = streamOf(Call.getArgSVal(*Copy.Stream), Call.getArgExpr(*Copy.Stream), C);
  const auto *Callee = dyn_cast<FunctionDecl>(Call.getDecl());
  if (Copy.Destination && Copy.Source && !Copy.DestinationIsSymbol && !Copy.SourceIsSymbol) {
    std::optional<MemoryFamily> To =
        familyOf(State, memoryOf(State, Call.getArgSVal(*Copy.Destination)));
    std::optional<MemoryFamily> From =
        familyOf(State, memoryOf(State, Call.getArgSVal(*Copy.Source)));
    if (CudaApi::asyncCopyBetweenHostBuffers(memory::copyDirection(Call, Copy, C), To, From))
      return complete(State, Wait{Wait::Scope::Stream, On, 0, /*AsWork=*/true},
                      documentedName(*Callee), "waits for", Notes);
  }
  Work W{Call.getOriginExpr(), Callee, false, On, true, 0};
  // A one-dimensional copy or set of a known size touches [Begin, Begin + size).
  std::optional<uint64_t> Bytes;
  if (const ByteCountApi *Counts = memory::api(C).byteCounts(Callee);
      Counts && Counts->Bytes && !Counts->ElementSize && !Counts->Height)
    if (const llvm::APSInt *Value =
            C.getSValBuilder().getKnownValue(State, Call.getArgSVal(*Counts->Bytes)))
      Bytes = Value->getZExtValue() * Counts->ElementBytes;
  auto Place = [&](unsigned Param) {
    SVal Address = Call.getArgSVal(Param);
    W.Start = Address.getAsRegion();
    if (!W.Start)
      std::tie(State, W.Start) = deviceAddressRegion(State, Address, Call, C);
    const MemRegion *Memory = memoryOf(State, Address);
    std::optional<int64_t> Begin = knownOffset(W.Start);
    W.End = Begin && Bytes ? std::optional<int64_t>(*Begin + int64_t(*Bytes)) : std::nullopt;
    return std::make_pair(Memory, Memory ? workKey(Memory, Begin, C) : nullptr);
  };
  if (Copy.Destination && !Copy.DestinationIsSymbol) {
    auto [To, Key] = Place(*Copy.Destination);
    std::optional<MemoryFamily> Family = familyOf(State, To);
    if (Family && isTracked(*Family)) {
      State = queue(State, To, Key, W, Notes, Clashes);
    } else if (Family && CudaApi::asyncCopyBlocksHost(*Family)) {
      // Into pageable memory the copy returns only once it is done, and with
      // it everything queued on its stream before.
      std::string Api = documentedName(*Callee);
      State = complete(State, Wait{Wait::Scope::Stream, On, 0, /*AsWork=*/true}, Api, "waits for",
                       Notes);
    }
  }
  if (Copy.Source && !Copy.SourceIsSymbol) {
    auto [From, Key] = Place(*Copy.Source);
    std::optional<MemoryFamily> Family = familyOf(State, From);
    W.Writes = false;
    if (Family && isTracked(*Family))
      State = queue(State, From, Key, W, Notes, Clashes);
  }
  return queuedOn(State, On);
}

// Device memory a kernel or a library call may write: a host buffer copied
// into it keeps the values copied in, not the results.
ProgramStateRef UnsynchronizedHostReadChecker::deviceChanged(ProgramStateRef State,
                                                             const MemRegion *Device,
                                                             const Stmt *Site,
                                                             const FunctionDecl *Changer,
                                                             std::vector<Note> &Notes) const {
  for (auto [Host, Kept] : State->get<HostCopies>()) {
    if (Kept.Device != Device)
      continue;
    HostCopy Changed = Kept;
    Changed.ChangedAt = Site;
    Changed.Changer = Changer;
    State = State->set<HostCopies>(Host, Changed);
    Notes.push_back(
        {Host, 0, Site, true,
         changerName(Changer) + " may change " + quoted(Kept.DeviceName, "the device memory") +
             "; nothing copies it back into " + quoted(Kept.HostName, "the host buffer")});
  }
  return State;
}

// The libraries are built without the per-thread default stream: the NULL
// stream a library is given, or uses for a new handle, is the legacy one.
Stream UnsynchronizedHostReadChecker::libraryStream(const CallEvent &Call, unsigned Param,
                                                    CheckerContext &C) const {
  SVal Handle = Call.getArgSVal(Param);
  if (const llvm::APSInt *Value = Handle.getAsInteger(); Value && Value->isZero())
    return Stream{StreamKind::Legacy};
  return streamOf(Handle, Call.getArgExpr(Param), C);
}

// A library call queues its work like a kernel launch: on its stream, writing
// the memory its pointers to non-const data point to (CudaApi::libraryWork).
ProgramStateRef UnsynchronizedHostReadChecker::queueLibraryWork(
    const CallEvent &Call, const LibraryWorkApi &Library, ProgramStateRef State, CheckerContext &C,
    std::vector<Note> &Notes, std::vector<Clash> &Clashes) const {
  const auto *Callee = dyn_cast<FunctionDecl>(Call.getDecl());
  Stream On;
  if (Library.StreamParam) {
    On = libraryStream(Call, *Library.StreamParam, C);
  } else if (SymbolRef Handle = Call.getArgSVal(*Library.HandleParam).getAsSymbol()) {
    if (State->contains<HostLibraryHandles>(Handle))
      return State;
    if (const Stream *Set = State->get<LibraryHandleStreams>(Handle))
      On = *Set;
  }
  for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
    LibraryAccess Access = CudaApi::libraryWorkAccess(Callee, I);
    if (Access == LibraryAccess::None)
      continue;
    const MemRegion *Memory = memoryOf(State, Call.getArgSVal(I));
    std::optional<MemoryFamily> Family = familyOf(State, Memory);
    if (!Family)
      continue;
    bool Writes = Access == LibraryAccess::Writes;
    if (isTracked(*Family)) {
      Work W{Call.getOriginExpr(), Callee, false, On, Writes, 0};
      W.Start = Call.getArgSVal(I).getAsRegion();
      State = queue(State, Memory, workKey(Memory, knownOffset(W.Start), C), W, Notes, Clashes);
    }
    if (Writes && isDeviceSide(*Family))
      State = deviceChanged(State, Memory, Call.getOriginExpr(), Callee, Notes);
  }
  return queuedOn(State, On);
}

const NoteTag *UnsynchronizedHostReadChecker::tag(CheckerContext &C,
                                                  std::vector<Note> Notes) const {
  if (Notes.empty())
    return nullptr;
  return C.getNoteTag(
      [this, Notes = std::move(Notes)](PathSensitiveBugReport &Report) -> std::string {
        ProgramStateRef At = Report.getErrorNode()->getState();
        for (const Note &N : Notes) {
          if (!Report.isInteresting(N.Memory))
            continue;
          if (&Report.getBugType() == &Race && !N.AboutCopy) {
            auto Pending = [&](const MemRegion *Key, const Work &W) {
              return W.Order == N.Order && Key->getBaseRegion() == N.Memory->getBaseRegion();
            };
            for (auto [Key, W] : At->get<InFlight>())
              if (Pending(Key, W))
                return N.Text;
            for (auto [Key, W] : At->get<DeviceInFlight>())
              if (Pending(Key, W))
                return N.Text;
          }
          if (&Report.getBugType() == &UnorderedStreams && !N.AboutCopy &&
              At->get<ReportedEarlierWork>() == N.Order + 1)
            return N.Text;
          if (&Report.getBugType() == &StaleCopy && N.AboutCopy) {
            const HostCopy *Kept = At->get<HostCopies>(N.Memory);
            if (Kept && (Kept->CopySite == N.Site || Kept->ChangedAt == N.Site))
              return N.Text;
          }
        }
        return "";
      });
}

// Kernel launches are not calls to the analyzer: the work they queue is
// recorded as the launch is reached.
void UnsynchronizedHostReadChecker::checkPreStmt(const CUDAKernelCallExpr *Launch,
                                                 CheckerContext &C) const {
  // The kernel it names, or the one a function pointer or an
  // `auto k = kernel<float>` alias holds on this path.
  const FunctionDecl *Kernel = Launch->getDirectCallee();
  if (!Kernel)
    Kernel = C.getSVal(Launch->getCallee()).getAsFunctionDecl();
  ProgramStateRef State = C.getState();
  Stream On = launchStream(Launch, C);
  std::vector<Note> Notes;
  std::vector<Clash> Clashes;
  auto Use = [&](SVal Address, bool Writes, bool OnPurpose) {
    const MemRegion *Memory = memoryOf(State, Address);
    std::optional<MemoryFamily> Family = familyOf(State, Memory);
    if (!Family)
      return;
    if (isTracked(*Family) && !OnPurpose) {
      Work W{Launch, Kernel, true, On, Writes, 0};
      W.Start = Address.getAsRegion();
      State = queue(State, Memory, workKey(Memory, knownOffset(W.Start), C), W, Notes, Clashes);
    }
    if (Writes && isDeviceSide(*Family))
      State = deviceChanged(State, Memory, Launch, Kernel, Notes);
  };
  for (unsigned I = 0; I < Launch->getNumArgs(); ++I) {
    const Expr *Argument = Launch->getArg(I);
    if (Argument->getType()->isRecordType()) {
      for (auto &[Path, Value] : PointerFields(Argument, C).Found)
        Use(Value, mayWriteField(Kernel, I, Path),
            isVolatileOrAtomic(pointerAt(Path)->getPointeeType()));
      continue;
    }
    Use(C.getSVal(Argument), mayWrite(Kernel, Launch->getCallee()->getType(), I),
        sharedOnPurpose(Kernel, I));
  }
  State = queuedOn(State, On);
  State = State->remove<LaunchStreams>(Launch);
  addTransition(State, std::move(Notes), Clashes, Launch, C);
}

void UnsynchronizedHostReadChecker::checkPostCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  if (!Callee)
    return;
  const CudaApi &Api = memory::api(C);
  ProgramStateRef State = C.getState();
  std::vector<Note> Notes;

  if (const CUDAKernelCallExpr *Launch = memory::configuredLaunch(Call)) {
    const Expr *Spelled = CudaApi::launchStream(Launch);
    for (unsigned I = 0; Spelled && I < Call.getNumArgs(); ++I)
      if (Call.getArgExpr(I) == Spelled)
        C.addTransition(
            State->set<LaunchStreams>(Launch, streamOf(Call.getArgSVal(I), Spelled, C)));
    return;
  }

  if (const StreamCreationApi *Creation = Api.streamCreation(Callee)) {
    std::optional<Loc> Out = Call.getArgSVal(Creation->OutParam).getAs<Loc>();
    SymbolRef Handle =
        Out ? State
                  ->getSVal(*Out,
                            Callee->getParamDecl(Creation->OutParam)->getType()->getPointeeType())
                  .getAsSymbol()
            : nullptr;
    if (!Handle)
      return;
    // Flags we cannot read may make it blocking: the legacy default stream
    // then waits for it.
    bool NonBlocking = false;
    if (Creation->FlagsParam)
      if (const llvm::APSInt *Flags =
              C.getSValBuilder().getKnownValue(State, Call.getArgSVal(*Creation->FlagsParam)))
        NonBlocking = CudaApi::isNonBlockingStreamFlags(Flags->getZExtValue());
    C.addTransition(State->set<CreatedStreams>(Handle, NonBlocking));
    return;
  }
  if (const EventRecordApi *Record = Api.eventRecord(Callee)) {
    SymbolRef Event = Call.getArgSVal(Record->EventParam).getAsSymbol();
    if (!Event)
      return;
    Stream On =
        streamOf(Call.getArgSVal(Record->StreamParam), Call.getArgExpr(Record->StreamParam), C);
    C.addTransition(
        State->set<RecordedEvents>(Event, RecordedEvent{On, State->get<QueuedCount>()}));
    return;
  }
  if (std::optional<LibraryStreamSettingApi> Setting = Api.libraryStreamSetting(Callee)) {
    if (SymbolRef Handle = Call.getArgSVal(Setting->HandleParam).getAsSymbol())
      C.addTransition(
          State->set<LibraryHandleStreams>(Handle, libraryStream(Call, Setting->StreamParam, C)));
    return;
  }
  if (const HandleApi *Creation = Api.handleCreation(Callee);
      Creation && Creation->Kind == HandleKind::Library) {
    std::optional<Loc> Out = Call.getArgSVal(Creation->OutParam).getAs<Loc>();
    QualType Handle = Callee->getParamDecl(Creation->OutParam)->getType()->getPointeeType();
    SymbolRef Made = Out ? State->getSVal(*Out, Handle).getAsSymbol() : nullptr;
    if (Made && CudaApi::makesHostSideHandle(*Creation))
      C.addTransition(State->add<HostLibraryHandles>(Made));
    else if (Made)
      C.addTransition(State->set<LibraryHandleStreams>(Made, Stream{StreamKind::Legacy}));
    return;
  }
  if (std::optional<LibraryWorkApi> Library = Api.libraryWork(Callee)) {
    std::vector<Clash> Clashes;
    State = queueLibraryWork(Call, *Library, State, C, Notes, Clashes);
    addTransition(State, std::move(Notes), Clashes, Call.getOriginExpr(), C);
    return;
  }
  if (const StreamCaptureApi *Step = Api.streamCapture(Callee)) {
    std::vector<Clash> Clashes;
    State = capture(Call, *Step, State, C, Notes, Clashes);
    addTransition(State, std::move(Notes), Clashes, Call.getOriginExpr(), C);
    return;
  }
  if (const MappedPointerApi *Mapped = Api.mappedPointer(Callee)) {
    std::optional<Loc> Out = Call.getArgSVal(Mapped->OutParam).getAs<Loc>();
    const MemRegion *Host = memoryOf(State, Call.getArgSVal(Mapped->HostParam));
    if (!Out || !Host)
      return;
    QualType Target = Callee->getParamDecl(Mapped->OutParam)->getType()->getPointeeType();
    const MemRegion *Device = State->getSVal(*Out, Target).getAsRegion();
    if (Device)
      C.addTransition(State->set<MappedAliases>(Device->getBaseRegion(), Host));
    return;
  }
  if (const StreamWaitApi *Waits = Api.streamWait(Callee)) {
    SymbolRef Event = Call.getArgSVal(Waits->EventParam).getAsSymbol();
    const RecordedEvent *Record = Event ? State->get<RecordedEvents>(Event) : nullptr;
    // Waiting for an event recorded in a capture joins the capture: the fork
    // of a captured fork-join, while nothing need be in flight.
    if (SymbolRef Origin = Record ? capturedBy(State, Record->On) : nullptr)
      if (SymbolRef Waiting = Call.getArgSVal(Waits->StreamParam).getAsSymbol()) {
        C.addTransition(State->set<CapturingStreams>(Waiting, Origin));
        return;
      }
    State = notWaited(State,
                      "'" + documentedName(*Callee) +
                          "' makes a stream wait on the device; the host "
                          "does not wait",
                      Notes);
    StreamOp Op;
    Op.WaitsForEvent = true;
    if (Record)
      Op.After = *Record;
    State = queuedOn(
        State,
        streamOf(Call.getArgSVal(Waits->StreamParam), Call.getArgExpr(Waits->StreamParam), C), Op);
    if (State != C.getState() || !Notes.empty())
      C.addTransition(State, tag(C, std::move(Notes)));
    return;
  }
  if (nothingInFlight(State) && State->get<HostCopies>().isEmpty() && !Api.copy(Callee))
    return;
  if (const CompletionQueryApi *Query = Api.completionQuery(Callee)) {
    if (!nothingInFlight(State))
      poll(Call, *Query, State, C);
    return;
  }
  if (const SyncApi *Sync = Api.synchronization(Callee))
    State = synchronize(Call, *Sync, State, C, Notes);
  // A function of another unit that synchronises the device on some path
  // (its summary, ProjectFunctions.h) is taken to wait for everything; one
  // that waits for a stream or event it is given, for that one.
  if (const FunctionSummary *Summary = Api.projectFunction(Callee)) {
    if (Summary->SynchronizesDevice) {
      static const SyncApi DeviceWide{"", SyncScope::Device};
      State = synchronize(Call, DeviceWide, State, C, Notes);
    }
    if (Summary->WaitsFor && Summary->WaitsFor->Parameter < Call.getNumArgs()) {
      const SyncApi OnHandle{"", Summary->WaitsFor->Scope, Summary->WaitsFor->Parameter};
      State = synchronize(Call, OnHandle, State, C, Notes);
    }
  }
  std::vector<Clash> Clashes;
  if (const CopyApi *Copy = Api.copy(Callee)) {
    State = trackHostCopy(Call, *Copy, State, Notes);
    if (Copy->IsAsync)
      State = queueCopy(Call, *Copy, State, C, Notes, Clashes);
  } else if (std::optional<unsigned> Param = Api.streamOrderedWork(Callee)) {
    State = queuedOn(State, streamOf(Call.getArgSVal(*Param), Call.getArgExpr(*Param), C));
  } else if (!isa<CXXAllocatorCall, CXXDeallocatorCall>(Call) && !Callee->getBuiltinID() &&
             !Api.isStatusType(Callee->getReturnType()) && !followsIntoBody(Call, C)) {
    // A function the analysis does not follow, given a stream, may make it
    // wait for anything (cudaStreamWaitEvent inside): taken to.
    for (unsigned I = 0; I < Call.getNumArgs() && I < Callee->getNumParams(); ++I)
      if (CudaApi::isStreamType(Callee->getParamDecl(I)->getType())) {
        StreamOp Op;
        Op.WaitsForEvent = true;
        State = queuedOn(State, streamOf(Call.getArgSVal(I), Call.getArgExpr(I), C), Op);
      }
  }
  addTransition(State, std::move(Notes), Clashes, Call.getOriginExpr(), C);
}

// memset, memcpy and their kin only store into their destination: the host
// overwrites what a kernel may still be writing, rather than reading it.
bool fillsItsFirstArgument(const FunctionDecl &Callee) {
  switch (Callee.getMemoryFunctionKind()) {
  case Builtin::BImemset:
  case Builtin::BImemcpy:
  case Builtin::BImemmove:
  case Builtin::BIstrcpy:
  case Builtin::BIstrncpy:
  case Builtin::BIbzero:
    return true;
  default:
    return false;
  }
}

// A call the analyzer does not follow (a library function, a function defined
// elsewhere) is taken to use what its pointer parameters point to: to read it
// through a pointer to const, to read or write it otherwise.
void UnsynchronizedHostReadChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  ProgramStateRef State = C.getState();
  if (!Callee || isa<CXXAllocatorCall, CXXDeallocatorCall>(Call))
    return;
  if (const StreamCaptureApi *Step = memory::api(C).streamCapture(Callee);
      Step && addsGraphNode(Step->Step)) {
    if (ProgramStateRef Added = addNode(Call, *Step, State, C); Added != State)
      C.addTransition(Added);
    return;
  }
  if (!nothingInFlight(State) && checkMessageBuffers(Call, C))
    return;
  if (State->get<InFlight>().isEmpty() && State->get<HostCopies>().isEmpty())
    return;
  // CUDA API calls are modelled, not reads; kernels are device code.
  const CudaApi &Api = memory::api(C);
  if (Api.isStatusType(Callee->getReturnType()) || Callee->hasAttr<CUDAGlobalAttr>() ||
      memory::releaseCall(Call, Api))
    return;
  // Atomics on memory a kernel is using: the program shares it on purpose,
  // and its plain accesses around them (the read before a compare-and-swap)
  // are part of that protocol too.
  if (accessedOnPurpose(Call.getOriginExpr())) {
    ProgramStateRef Shared = State;
    for (unsigned I = 0; I < Call.getNumArgs(); ++I)
      if (const MemRegion *Memory = memoryOf(State, Call.getArgSVal(I)))
        for (const MemRegion *Key : llvm::make_first_range(State->get<InFlight>()))
          if (Key->getBaseRegion() == Memory)
            Shared = Shared->remove<InFlight>(Key);
    if (Shared != State)
      C.addTransition(Shared);
    return;
  }
  const SourceManager &SM = C.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Call.getSourceRange().getBegin())))
    return;
  if (followsIntoBody(Call, C) && !Call.isInSystemHeader())
    return; // its own loads and stores are checked
  // Neither are they in a cheaper exploration, which does not follow it; a
  // helper handed a buffer on purpose (cuda-samples' systemWideAtomics
  // shares managed memory with a running kernel through host atomics) is
  // not code of another unit, which can only be assumed to read.
  if (givenUpByTheMode(Call, C))
    return;
  // A function of another unit that synchronises the device, or a stream it
  // is given, is taken to wait before it touches what it is given.
  if (const FunctionSummary *Summary = Api.projectFunction(Callee);
      Summary && (Summary->SynchronizesDevice || Summary->WaitsFor))
    return;
  for (unsigned I = 0; I < Call.getNumArgs() && I < Callee->getNumParams(); ++I) {
    QualType Type = Callee->getParamDecl(I)->getType();
    if (!Type->isPointerType() && !Type->isReferenceType())
      continue;
    const MemRegion *Memory = memoryOf(State, Call.getArgSVal(I));
    if (!Memory)
      continue;
    const MemRegion *Accessed = Call.getArgSVal(I).getAsRegion();
    bool ReadOnly = Type->getPointeeType().isConstQualified();
    std::optional<std::pair<const MemRegion *, Work>> Pending =
        touchedWork(State, Memory, Accessed, std::nullopt, C);
    if (!ReadOnly && !Pending) {
      // It may refill the buffer: no longer a stale copy.
      if (State->get<HostCopies>(Memory)) {
        C.addTransition(State->remove<HostCopies>(Memory));
        return;
      }
      continue;
    }
    Access How = ReadOnly || (Pending && Pending->second.Writes) ? Access::Read : Access::Write;
    if (!ReadOnly && I == 0 && fillsItsFirstArgument(*Callee))
      How = Access::Write;
    if (checkAccess(Memory, Accessed, std::nullopt, How, Call.getArgExpr(I), Callee, C))
      return;
  }
}

// CUDA-aware MPI reads a send buffer and writes a receive buffer on the host
// side, while the call runs, whether the buffer is the host's or the
// device's: a kernel or copy still writing it, or (for a receive) still
// reading it, races with MPI.
bool UnsynchronizedHostReadChecker::checkMessageBuffers(const CallEvent &Call,
                                                        CheckerContext &C) const {
  const auto *Callee = cast<FunctionDecl>(Call.getDecl());
  ProgramStateRef State = C.getState();
  bool HasBuffers = false;
  for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
    LibraryAccess Use = CudaApi::messageBufferAccess(Callee, I);
    if (Use == LibraryAccess::None)
      continue;
    HasBuffers = true;
    // MPI_IN_PLACE, MPI_BOTTOM: constants, not memory.
    const MemRegion *Memory = memoryOf(State, Call.getArgSVal(I));
    if (Memory && checkAccess(Memory, Call.getArgSVal(I).getAsRegion(), std::nullopt,
                              Use == LibraryAccess::Reads ? Access::Read : Access::Write,
                              Call.getArgExpr(I), Callee, C, /*DeviceMemoryToo=*/true))
      break;
  }
  return HasBuffers;
}

void UnsynchronizedHostReadChecker::checkLocation(SVal Location, bool IsLoad, const Stmt *S,
                                                  CheckerContext &C) const {
  const SourceManager &SM = C.getSourceManager();
  // Inside a library function the call was checked instead.
  if (S && SM.isInSystemHeader(SM.getExpansionLoc(S->getBeginLoc())))
    return;
  const MemRegion *Memory = memoryOf(C.getState(), Location);
  if (!Memory || accessedOnPurpose(S) || sharedThroughAtomics(S, C))
    return;
  const MemRegion *Accessed = Location.getAsRegion();
  // The bytes loaded or stored: the region's type, or for the start of an
  // allocation (a symbolic region, untyped) the type of the expression.
  QualType Type;
  if (const auto *Typed = dyn_cast<TypedValueRegion>(Accessed))
    Type = Typed->getValueType();
  else if (const auto *E = dyn_cast_or_null<Expr>(S))
    Type = E->getType();
  std::optional<uint64_t> Size;
  if (!Type.isNull() && !Type->isIncompleteType() && !Type->isDependentType())
    Size = C.getASTContext().getTypeSizeInChars(Type).getQuantity();
  checkAccess(Memory, Accessed, Size, IsLoad ? Access::Read : Access::Write,
              dyn_cast_or_null<Expr>(S), nullptr, C);
}

bool UnsynchronizedHostReadChecker::checkAccess(const MemRegion *Memory, const MemRegion *Accessed,
                                                std::optional<uint64_t> Size, Access How,
                                                const Expr *At, const FunctionDecl *Reader,
                                                CheckerContext &C, bool DeviceMemoryToo) const {
  ProgramStateRef State = C.getState();
  if (auto Pending = touchedWork(State, Memory, Accessed, Size, C, DeviceMemoryToo);
      Pending && (How == Access::Write || Pending->second.Writes)) {
    reportRace(Memory, Pending->first, Pending->second, How, At, Reader, C);
    return true;
  }
  const HostCopy *Kept = State->get<HostCopies>(Memory);
  if (!Kept)
    return false;
  if (How == Access::Write) {
    // The host overwrote its copy: what it reads now is its own.
    C.addTransition(State->remove<HostCopies>(Memory));
    return false;
  }
  if (!Kept->ChangedAt || C.getStackFrame() != Kept->Frame)
    return false;
  reportStaleCopy(Memory, *Kept, At, Reader, C);
  return true;
}

void UnsynchronizedHostReadChecker::reportRace(const MemRegion *Memory, const MemRegion *Key,
                                               const Work &W, Access How, const Expr *At,
                                               const FunctionDecl *Reader,
                                               CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  ExplodedNode *Node = C.generateNonFatalErrorNode(State);
  if (!Node)
    return;
  std::optional<MemoryFamily> Family = familyOf(State, Memory);
  std::string Subject = Reader ? "'" + Reader->getQualifiedNameAsString() + "'" : "the host";
  std::string Message;
  if (How == Access::Read)
    Message = Subject + " reads " + memoryFamilyName(*Family).str() + " that " + who(W) +
              " may still be writing; it sees stale data, and no CUDA call "
              "or sanitizer reports it";
  else
    Message = Subject + " writes " + memoryFamilyName(*Family).str() + " that " + who(W) +
              " may still be " + (W.Writes ? "using" : "reading") +
              "; the device may see the old values or the new, and no CUDA "
              "call or sanitizer reports it";
  std::string End = How == Access::Read ? "read before the work is known to be complete"
                                        : "written before the work is known to be complete";
  auto Report = std::make_unique<PathSensitiveBugReport>(Race, Message, End, Node);
  if (At)
    Report->addRange(At->getSourceRange());
  Report->markInteresting(Memory);
  emitCrosschecked(C, std::move(Report));
  // One report per piece of work.
  C.addTransition(withoutSettledWork(State->remove<InFlight>(Key)->remove<DeviceInFlight>(Key)),
                  Node);
}

void UnsynchronizedHostReadChecker::reportStaleCopy(const MemRegion *Memory, const HostCopy &Kept,
                                                    const Expr *At, const FunctionDecl *Reader,
                                                    CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  ExplodedNode *Node = C.generateNonFatalErrorNode(State);
  if (!Node)
    return;
  std::string Subject =
      Reader ? "'" + Reader->getQualifiedNameAsString() + "' reads" : "the host reads";
  std::string Message = quoted(Kept.HostName, "the host buffer") + " is a stale host copy of " +
                        quoted(Kept.DeviceName, "device memory") + ", which " +
                        changerName(Kept.Changer) + " may have changed; " + Subject +
                        " the values copied in, not the device's results";
  auto Report = std::make_unique<PathSensitiveBugReport>(StaleCopy, Message,
                                                         "the stale copy is read here", Node);
  if (At)
    Report->addRange(At->getSourceRange());
  Report->markInteresting(Memory);
  emitCrosschecked(C, std::move(Report));
  C.addTransition(State->remove<HostCopies>(Memory), Node);
}

void UnsynchronizedHostReadChecker::checkDeadSymbols(SymbolReaper &Reaper,
                                                     CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  // A stand-in lives while its allocation's integer does.
  auto IsLive = [&](const MemRegion *Memory) {
    if (SymbolRef Allocation = deviceAddressOf(State, Memory))
      return Reaper.isLive(Allocation);
    return Reaper.isLiveRegion(Memory);
  };
  for (const MemRegion *Key : llvm::make_first_range(State->get<InFlight>()))
    if (!IsLive(Key->getBaseRegion()))
      State = State->remove<InFlight>(Key);
  for (const MemRegion *Key : llvm::make_first_range(State->get<DeviceInFlight>()))
    if (!IsLive(Key->getBaseRegion()))
      State = State->remove<DeviceInFlight>(Key);
  for (SymbolRef Allocation : llvm::make_first_range(State->get<DeviceAddressMemory>()))
    if (!Reaper.isLive(Allocation))
      State = State->remove<DeviceAddressMemory>(Allocation);
  for (const MemRegion *Memory : llvm::make_first_range(State->get<HostCopies>()))
    if (!Reaper.isLiveRegion(Memory))
      State = State->remove<HostCopies>(Memory);
  for (const MemRegion *Device : llvm::make_first_range(State->get<MappedAliases>()))
    if (!Reaper.isLiveRegion(Device))
      State = State->remove<MappedAliases>(Device);
  State = withoutSettledWork(State);
  // Created streams and recorded events stay: a handle read for a launch's
  // configuration may be dead by the time the launch itself is reached.
  if (State != C.getState())
    C.addTransition(State);
}

} // namespace

void UnsynchronizedHostReadCheck::storeOptions(const std::map<std::string, std::string> &,
                                               std::map<std::string, std::string> &) {}

void UnsynchronizedHostReadCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<UnsynchronizedHostReadChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
