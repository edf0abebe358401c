#include "PageableAsyncCopyCheck.h"

#include "MemoryModel.h"
#include "SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/BugReporter/CommonBugCategories.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"

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
  const auto *Borrow = dyn_cast_or_null<CXXMemberCallExpr>(
      Argument ? Argument->IgnoreParenCasts() : nullptr);
  if (Borrow && memory::api().borrowedMemory(Borrow->getMethodDecl()))
    if (const auto *Ref = dyn_cast<DeclRefExpr>(
            Borrow->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      if (const auto *Container = dyn_cast<VarDecl>(Ref->getDecl()))
        return C.getState()->getLValue(Container, C.getLocationContext()).getAsRegion();
  return baseRegion(Address);
}

class PageableAsyncCopyChecker : public Checker<check::PreCall, check::PostCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPostCall(const CallEvent &Call, CheckerContext &C) const;

private:
  void checkHostSide(const CallEvent &Call, const CopyApi &Copy, unsigned Index,
                     bool IsSource, bool DirectionKnown, CheckerContext &C) const;

  BugType BlockingCopy{this, "Asynchronous CUDA copy from pageable memory",
                       "Performance"};
};

// What the call pins or unpins.
void PageableAsyncCopyChecker::checkPostCall(const CallEvent &Call,
                                             CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const HostRegistrationApi *Registration =
      Callee ? memory::api().hostRegistration(Callee) : nullptr;
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

void PageableAsyncCopyChecker::checkPreCall(const CallEvent &Call,
                                            CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const CopyApi *Copy = Callee ? memory::api().copy(Callee) : nullptr;
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
  std::optional<CopyDirection> Direction = Copy->Direction;
  if (Copy->Kind && *Copy->Kind < Call.getNumArgs())
    if (const llvm::APSInt *Kind =
            C.getSValBuilder().getKnownValue(C.getState(), Call.getArgSVal(*Copy->Kind)))
      Direction = CudaApi::memcpyKindDirection(Kind->getZExtValue());
  bool SourceMayBeHost = !Copy->SourceIsSymbol &&
                         (!Direction || Direction->Source == CopySide::Host);
  bool DestinationMayBeHost = !Copy->DestinationIsSymbol &&
                              (!Direction || Direction->Destination == CopySide::Host);
  // A copy between two host buffers is the host's own memcpy either way.
  if (Direction && Direction->Source == CopySide::Host &&
      Direction->Destination == CopySide::Host)
    return;
  if (SourceMayBeHost)
    checkHostSide(Call, *Copy, *Copy->Source, /*IsSource=*/true, Direction.has_value(), C);
  if (DestinationMayBeHost)
    checkHostSide(Call, *Copy, *Copy->Destination, /*IsSource=*/false, Direction.has_value(),
                  C);
}

void PageableAsyncCopyChecker::checkHostSide(const CallEvent &Call, const CopyApi &Copy,
                                             unsigned Index, bool IsSource,
                                             bool DirectionKnown, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  SVal Address = Call.getArgSVal(Index);
  const memory::Allocation *Memory =
      memory::find(State, memory::allocationSymbol(Address));
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
    std::optional<MemoryFamily> OtherFamily =
        memory::familyOf(State, Call.getArgSVal(Other));
    if (!OtherFamily || !CudaApi::deviceReachable(*OtherFamily))
      return;
  }

  ExplodedNode *Node = C.generateNonFatalErrorNode();
  if (!Node)
    return;
  llvm::StringRef Api = documentedName(Copy.Name);
  const Expr *Argument = Call.getArgExpr(Index);
  std::string Written =
      shortSourceText(*Argument->IgnoreParenImpCasts(), C.getSourceManager(), C.getLangOpts());
  std::string What = memoryFamilyName(*Family).str();
  if (!Written.empty())
    What += " ('" + Written + "')";
  std::string Message =
      ("'" + Api + "' copies " + (IsSource ? "from " : "into ") + What +
       "; the copy is staged through a pinned buffer and the call returns only "
       "once it is done, so the host waits for the work queued before it on the "
       "stream and nothing overlaps; allocate the buffer with cudaMallocHost or "
       "pin it with cudaHostRegister (a performance finding, not a race)")
          .str();
  auto Report = std::make_unique<PathSensitiveBugReport>(
      BlockingCopy, Message,
      ("'" + Api + "' is called here on " + memoryFamilyName(*Family)).str(), Node);
  Report->addRange(Argument->getSourceRange());
  if (const VarDecl *Variable = memory::storageVariable(Address)) {
    Report->addNote(("'" + Variable->getName() + "' is declared here, in " +
                     memoryFamilyName(*Family))
                        .str(),
                    PathDiagnosticLocation::create(Variable, C.getSourceManager()));
  } else if (SymbolRef Sym = memory::allocationSymbol(Address)) {
    Report->markInteresting(Sym);
    Report->addVisitor(memory::historyNotes(Sym));
  }
  C.emitReport(std::move(Report));
}

} // namespace

void PageableAsyncCopyCheck::storeOptions(const std::map<std::string, std::string> &,
                                          std::map<std::string, std::string> &) {}

void PageableAsyncCopyCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<PageableAsyncCopyChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
