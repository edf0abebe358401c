// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "PageableAsyncCopyCheck.h"

#include "MemoryModel.h"
#include "ReportCrosscheck.h"
#include "shared/ProjectFunctions.h"
#include "shared/SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/BugReporter/CommonBugCategories.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <deque>

using namespace clang;
using namespace clang::ento;

// Host memory pinned on this path with cudaHostRegister, by base region; and
// whether some memory the analyzer cannot name was, which may be any buffer.
REGISTER_SET_WITH_PROGRAMSTATE(PinnedByRegistration, const MemRegion *)
REGISTER_TRAIT_WITH_PROGRAMSTATE(SomeUnknownMemoryPinned, bool)

namespace cudalint {

namespace {

const MemRegion *baseRegion(SVal Address) {
  const MemRegion *Region = Address.getAsRegion();
  return Region ? Region->getBaseRegion() : nullptr;
}

// What a registration pins, as the copies name it: the base region of the
// address, or for `v.data()` of a local container the container itself,
// since each call of data() may give the analyzer a fresh symbol.
const MemRegion *pinnedKey(const Expr *Argument, SVal Address, CheckerContext &C) {
  const auto *Borrow =
      dyn_cast_or_null<CXXMemberCallExpr>(Argument ? Argument->IgnoreParenCasts() : nullptr);
  if (Borrow && memory::api(C).borrowedMemory(Borrow->getMethodDecl()))
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Borrow->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      if (const auto *Container = dyn_cast<VarDecl>(Ref->getDecl()))
        return C.getState()->getLValue(Container, C.getLocationContext()).getAsRegion();
  return baseRegion(Address);
}

// ---------------------------------------------------------------------------
// What the code after the copy does with the host buffer. The advice to pin
// a buffer is right only where the program can use the time the copy then
// gives back. Where the host reads, writes, frees or leaves the buffer before
// anything synchronises the stream, the code relies on the copy blocking:
// pinned, the copy would still be running, a race. Where the very next CUDA
// call synchronises the stream and the host does nothing in between, pinning
// gains nothing. Read off the CFG of the function that makes the copy.

enum class AfterCopy {
  Overlaps,         // work could run while a pinned copy does
  ReliesOnBlocking, // the host uses the buffer before a synchronisation
  NothingToOverlap, // the next CUDA call waits for the stream anyway
};

struct CopyFollowUp {
  AfterCopy What = AfterCopy::Overlaps;
  // Where the host uses the buffer, for ReliesOnBlocking; null where it goes
  // out of scope at the function's end.
  const Stmt *Use = nullptr;
};

// The variable whose storage, or whose pointer, names the host buffer in the
// copy's argument: `h`, `h + n`, `&h[0]`, `v.data()`, `frame.host`'s `frame`.
const VarDecl *bufferVariable(const Expr *Argument) {
  while (Argument) {
    Argument = Argument->IgnoreParenCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Argument))
      return dyn_cast<VarDecl>(Ref->getDecl());
    if (const auto *Unary = dyn_cast<UnaryOperator>(Argument))
      Argument = Unary->getSubExpr();
    else if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Argument))
      Argument = Subscript->getBase();
    else if (const auto *Binary = dyn_cast<BinaryOperator>(Argument);
             Binary && Binary->isAdditiveOp())
      Argument = Binary->getLHS()->getType()->isPointerType() ? Binary->getLHS() : Binary->getRHS();
    else if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Argument))
      Argument = Member->getImplicitObjectArgument();
    else if (const auto *Field = dyn_cast<MemberExpr>(Argument))
      Argument = Field->getBase();
    else
      return nullptr;
  }
  return nullptr;
}

// The references to `Variable` that are arguments of CUDA calls (the copy
// itself, a kernel, a later copy): the device's use, not the host's.
class CudaArgumentUses : public RecursiveASTVisitor<CudaArgumentUses> {
public:
  CudaArgumentUses(const VarDecl *Variable, const CudaApi &Api) : Variable(Variable), Api(Api) {}
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Api.isCudaApiCall(Callee))
      return true;
    for (const Expr *Argument : Call->arguments())
      collect(Argument);
    return true;
  }
  llvm::SmallPtrSet<const Stmt *, 8> Uses;

private:
  void collect(const Stmt *S) {
    if (!S)
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == Variable)
      Uses.insert(Ref);
    for (const Stmt *Child : S->children())
      collect(Child);
  }
  const VarDecl *Variable;
  const CudaApi &Api;
};

bool synchronizes(const FunctionDecl *Callee, const CudaApi &Api) {
  // A copy between device buffers (cuMemcpyDtoD) returns at once.
  if (const SyncApi *Sync = Api.synchronization(Callee))
    return Sync->Waits != HostWait::Never;
  const FunctionSummary *Summary = Api.projectFunction(Callee);
  return Summary && (Summary->SynchronizesDevice || Summary->WaitsFor);
}

// A host call that only looks at a status (CUDA_CHECK's helper): no work.
bool checksAStatus(const FunctionDecl *Callee, const CudaApi &Api) {
  return llvm::any_of(Callee->parameters(), [&](const ParmVarDecl *Parameter) {
    return Api.isStatusType(Parameter->getType());
  });
}

CopyFollowUp followUp(const CallExpr &Copy, const VarDecl *Buffer, CheckerContext &C) {
  const CFG *Graph = C.getLocationContext()->getAnalysisDeclContext()->getCFG();
  const Decl *Function = C.getLocationContext()->getDecl();
  if (!Graph || !Function)
    return {};
  const CFGBlock *Start = nullptr;
  size_t StartIndex = 0;
  for (const CFGBlock *Block : *Graph)
    for (size_t I = 0; I < Block->size() && !Start; ++I)
      if (auto Element = (*Block)[I].getAs<CFGStmt>(); Element && Element->getStmt() == &Copy) {
        Start = Block;
        StartIndex = I + 1;
      }
  if (!Start)
    return {};
  const CudaApi &Api = memory::api(C);
  CudaArgumentUses DeviceUses(Buffer, Api);
  if (Buffer)
    DeviceUses.TraverseDecl(const_cast<Decl *>(Function));
  // The buffer's own storage ends with the function: a local array or
  // container (not a local pointer to memory that outlives it).
  bool LocalStorage = Buffer && Buffer->hasLocalStorage() && !isa<ParmVarDecl>(Buffer) &&
                      !Buffer->getType()->isPointerType() && !Buffer->getType()->isReferenceType();

  bool EveryPathWaitsFirst = true;
  std::deque<std::pair<const CFGBlock *, size_t>> Work{{Start, StartIndex}};
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen{Start};
  while (!Work.empty()) {
    auto [Block, From] = Work.front();
    Work.pop_front();
    bool Stopped = false;
    for (size_t I = From; I < Block->size() && !Stopped; ++I) {
      CFGElement Element = (*Block)[I];
      if (auto Destructor = Element.getAs<CFGAutomaticObjDtor>();
          Destructor && Destructor->getVarDecl() == Buffer)
        return {AfterCopy::ReliesOnBlocking, Destructor->getTriggerStmt()};
      auto Statement = Element.getAs<CFGStmt>();
      if (!Statement)
        continue;
      const Stmt *S = Statement->getStmt();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
          Ref && Buffer && Ref->getDecl() == Buffer && !DeviceUses.Uses.contains(Ref))
        return {AfterCopy::ReliesOnBlocking, Ref};
      const auto *Call = dyn_cast<CallExpr>(S);
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      if (!Call)
        continue;
      if (Callee && synchronizes(Callee, Api)) {
        Stopped = true;
      } else if (!Callee || Api.isCudaApiCall(Callee) || !checksAStatus(Callee, Api)) {
        // CUDA work queued, or host work done, while the copy could run.
        EveryPathWaitsFirst = false;
      }
    }
    if (Stopped)
      continue;
    for (const CFGBlock *Next : Block->succs()) {
      if (!Next)
        continue;
      if (Next == &Graph->getExit()) {
        EveryPathWaitsFirst = false;
        if (LocalStorage)
          return {AfterCopy::ReliesOnBlocking, nullptr};
        continue;
      }
      if (Seen.insert(Next).second)
        Work.push_back({Next, 0});
    }
  }
  return {EveryPathWaitsFirst ? AfterCopy::NothingToOverlap : AfterCopy::Overlaps, nullptr};
}

class PageableAsyncCopyChecker : public Checker<check::PreCall, check::PostCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPostCall(const CallEvent &Call, CheckerContext &C) const;

private:
  void checkHostSide(const CallEvent &Call, const CopyApi &Copy, unsigned Index, bool IsSource,
                     bool DirectionKnown, CheckerContext &C) const;

public:
  bool ReportWithoutOverlap = false;

private:
  BugType BlockingCopy{this, "Asynchronous CUDA copy from pageable memory", "Performance"};
};

// What the call pins or unpins.
void PageableAsyncCopyChecker::checkPostCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const HostRegistrationApi *Registration =
      Callee ? memory::api(C).hostRegistration(Callee) : nullptr;
  if (!Registration || Registration->PointerParam >= Call.getNumArgs())
    return;
  ProgramStateRef State = C.getState();
  const MemRegion *Region = pinnedKey(Call.getArgExpr(Registration->PointerParam),
                                      Call.getArgSVal(Registration->PointerParam), C);
  if (!Region && Registration->Registers)
    State = State->set<SomeUnknownMemoryPinned>(true);
  else if (Region)
    State = Registration->Registers ? State->add<PinnedByRegistration>(Region)
                                    : State->remove<PinnedByRegistration>(Region);
  C.addTransition(State);
}

void PageableAsyncCopyChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const CopyApi *Copy = Callee ? memory::api(C).copy(Callee) : nullptr;
  const Expr *Origin = Call.getOriginExpr();
  if (!Copy || !Copy->IsAsync || !Copy->Source || !Copy->Destination || !Origin ||
      std::max(*Copy->Source, *Copy->Destination) >= Call.getNumArgs())
    return;
  // The toolkit's C++ overloads call the C API from a system header: the
  // user's call is the one checked.
  const SourceManager &SM = C.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Origin->getBeginLoc())) ||
      C.getState()->get<SomeUnknownMemoryPinned>())
    return;
  std::optional<CopyDirection> Direction = memory::copyDirection(Call, *Copy, C);
  bool SourceMayBeHost =
      !Copy->SourceIsSymbol && (!Direction || Direction->Source == CopySide::Host);
  bool DestinationMayBeHost =
      !Copy->DestinationIsSymbol && (!Direction || Direction->Destination == CopySide::Host);
  // A copy between two host buffers is the host's own memcpy either way.
  if (Direction && Direction->Source == CopySide::Host && Direction->Destination == CopySide::Host)
    return;
  if (SourceMayBeHost)
    checkHostSide(Call, *Copy, *Copy->Source, /*IsSource=*/true, Direction.has_value(), C);
  if (DestinationMayBeHost)
    checkHostSide(Call, *Copy, *Copy->Destination, /*IsSource=*/false, Direction.has_value(), C);
}

void PageableAsyncCopyChecker::checkHostSide(const CallEvent &Call, const CopyApi &Copy,
                                             unsigned Index, bool IsSource, bool DirectionKnown,
                                             CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  SVal Address = Call.getArgSVal(Index);
  const memory::Allocation *Memory = memory::find(State, memory::allocationSymbol(Address));
  // Released memory is cuda-use-after-free's to report.
  if (Memory && Memory->state() == memory::Ownership::Released)
    return;
  std::optional<MemoryFamily> Family = memory::familyOf(State, Address);
  if (!Family || !CudaApi::asyncCopyBlocksHost(*Family))
    return;
  if (const MemRegion *Region = pinnedKey(Call.getArgExpr(Index), Address, C);
      Region && State->contains<PinnedByRegistration>(Region))
    return;
  // With the direction unknown (cudaMemcpyDefault, cuMemcpyAsync), a copy
  // is only known to touch the device when its other side is memory the
  // device reaches.
  unsigned Other = IsSource ? *Copy.Destination : *Copy.Source;
  bool OtherIsSymbol = IsSource ? Copy.DestinationIsSymbol : Copy.SourceIsSymbol;
  if (!DirectionKnown && !OtherIsSymbol) {
    std::optional<MemoryFamily> OtherFamily = memory::familyOf(State, Call.getArgSVal(Other));
    if (!OtherFamily || !CudaApi::deviceReachable(*OtherFamily))
      return;
  }

  const Expr *Argument = Call.getArgExpr(Index);
  const auto *CopyCall = dyn_cast_or_null<CallExpr>(Call.getOriginExpr());
  CopyFollowUp After = CopyCall ? followUp(*CopyCall, bufferVariable(Argument), C) : CopyFollowUp{};
  if (After.What == AfterCopy::NothingToOverlap && !ReportWithoutOverlap)
    return;

  ExplodedNode *Node = C.generateNonFatalErrorNode();
  if (!Node)
    return;
  llvm::StringRef Api = documentedName(Copy.Name);
  std::string Written =
      shortSourceText(*Argument->IgnoreParenImpCasts(), C.getSourceManager(), C.getLangOpts());
  std::string What = memoryFamilyName(*Family).str();
  if (!Written.empty())
    What += " ('" + Written + "')";
  std::string Staged = ("'" + Api + "' copies " + (IsSource ? "from " : "into ") + What +
                        "; the copy is staged through a pinned buffer and the call returns only "
                        "once it is done, so the host waits for the work queued before it on the "
                        "stream and nothing overlaps; ")
                           .str();
  std::string Message =
      After.What == AfterCopy::ReliesOnBlocking
          ? Staged + "the host uses the buffer before anything synchronises the stream, "
                     "relying on that wait: pin the buffer (cudaMallocHost, cudaHostRegister) "
                     "and synchronise the stream (cudaStreamSynchronize, or an event) before "
                     "the host uses it (a performance finding, not a race)"
          : Staged + "allocate the buffer with cudaMallocHost or pin it with "
                     "cudaHostRegister (a performance finding, not a race)";
  auto Report = std::make_unique<PathSensitiveBugReport>(
      BlockingCopy, Message, ("'" + Api + "' is called here on " + memoryFamilyName(*Family)).str(),
      Node);
  Report->addRange(Argument->getSourceRange());
  if (After.What == AfterCopy::ReliesOnBlocking) {
    const SourceManager &SM = C.getSourceManager();
    PathDiagnosticLocation Where =
        After.Use ? PathDiagnosticLocation(After.Use, SM, C.getLocationContext())
                  : PathDiagnosticLocation::createEnd(C.getLocationContext()->getDecl()->getBody(),
                                                      SM, C.getLocationContext());
    Report->addNote(After.Use ? "the host uses the buffer here, before any synchronisation"
                              : "the buffer goes out of scope here, before any synchronisation",
                    Where);
  }
  if (const VarDecl *Variable = memory::storageVariable(Address)) {
    Report->addNote(
        ("'" + Variable->getName() + "' is declared here, in " + memoryFamilyName(*Family)).str(),
        PathDiagnosticLocation::create(Variable, C.getSourceManager()));
  } else if (SymbolRef Sym = memory::allocationSymbol(Address)) {
    Report->markInteresting(Sym);
    Report->addVisitor(memory::historyNotes(Sym));
  }
  emitCrosschecked(C, std::move(Report));
}

} // namespace

namespace {

constexpr llvm::StringLiteral ReportWithoutOverlapOption = "ReportWithoutOverlap";

void registerPageableChecker(CheckerManager &Manager) {
  auto *Checker = Manager.registerChecker<PageableAsyncCopyChecker>();
  Checker->ReportWithoutOverlap = Manager.getAnalyzerOptions().getCheckerBooleanOption(
      Manager.getCurrentCheckerName(), ReportWithoutOverlapOption);
}

bool shouldRegisterPageableChecker(const CheckerManager &) { return true; }

} // namespace

void PageableAsyncCopyCheck::storeOptions(const std::map<std::string, std::string> &Given,
                                          std::map<std::string, std::string> &Effective) {
  std::string Key = (Id + "." + ReportWithoutOverlapOption).str();
  auto It = Given.find(Key);
  Effective[Key] = It == Given.end() ? "false" : It->second;
}

void PageableAsyncCopyCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker(registerPageableChecker, shouldRegisterPageableChecker, AnalyzerName,
                      Summary);
  Registry.addCheckerOption("bool", AnalyzerName, ReportWithoutOverlapOption, "false",
                            "Report copies whose next CUDA call synchronises the stream anyway.",
                            "released");
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
