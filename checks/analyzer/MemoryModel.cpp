// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MemoryModel.h"

#include "shared/ProjectFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/DynamicExtent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ento;

REGISTER_MAP_WITH_PROGRAMSTATE(Allocations, SymbolRef, cudalint::memory::Allocation)
REGISTER_MAP_WITH_PROGRAMSTATE(DeviceAliases, SymbolRef, cudalint::memory::DeviceAlias)

namespace {
// The local memory (a variable, a field or element of one) that holds a
// tracked address, and the value bound there.
struct Holder {
  const clang::ento::MemRegion *Region;
  clang::ento::SVal Value;

  bool operator==(const Holder &Other) const {
    return Region == Other.Region && Value == Other.Value;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddPointer(Region);
    Value.Profile(ID);
  }
};
} // namespace

REGISTER_MAP_WITH_PROGRAMSTATE(Holders, SymbolRef, Holder)
REGISTER_SET_WITH_PROGRAMSTATE(ReportedMemory, SymbolRef)
// Memory lost (overwritten, truncated) in a block that ends in a throw or a
// noreturn call, kept until the path gets there.
REGISTER_SET_WITH_PROGRAMSTATE(LostBeforeLeaving, SymbolRef)
// Memory stored in a variable of static storage (a global, a static member,
// a function's static), and where: still allocated there when main returns,
// it is held until the process ends. An entry leaves when the memory is
// handed to a call that may keep it.
REGISTER_MAP_WITH_PROGRAMSTATE(StaticHolders, SymbolRef, const clang::ento::MemRegion *)
// The path registered an exit handler (atexit), which may release what the
// globals hold when the program ends.
REGISTER_TRAIT_WITH_PROGRAMSTATE(ExitHandlerRegistered, bool)

namespace cudalint::memory {

int MemoryLost::Tag;

void Allocation::Profile(llvm::FoldingSetNodeID &ID) const {
  ID.AddInteger(static_cast<unsigned>(State));
  ID.AddInteger(static_cast<unsigned>(Family));
  ID.AddPointer(Site);
  ID.AddPointer(SiteFrame);
  ID.AddPointer(Allocator.data());
  ID.AddPointer(Release.data());
  ID.AddPointer(ReleasedBy.data());
  ID.AddPointer(Status);
  ID.AddPointer(ReleaseStatus);
}

void DeviceAlias::Profile(llvm::FoldingSetNodeID &ID) const {
  ID.AddPointer(Site);
  ID.AddPointer(Host);
  ID.AddPointer(Api.data());
}

const CudaApi &api(AnalysisManager &Manager) {
  for (const std::unique_ptr<PathDiagnosticConsumer> &Consumer :
       Manager.getPathDiagnosticConsumers())
    if (Consumer->getName() == UnitApiCarrier::Name)
      return static_cast<const UnitApiCarrier &>(*Consumer).unitApi();
  static const CudaApi BuiltIn;
  return BuiltIn;
}

std::optional<CopyDirection> copyDirection(const CallEvent &Call, const CopyApi &Copy,
                                           CheckerContext &C) {
  if (Copy.Kind && *Copy.Kind < Call.getNumArgs())
    if (const llvm::APSInt *Kind =
            C.getSValBuilder().getKnownValue(C.getState(), Call.getArgSVal(*Copy.Kind)))
      return CudaApi::memcpyKindDirection(Kind->getZExtValue());
  return Copy.Direction;
}

const CUDAKernelCallExpr *configuredLaunch(const CallEvent &Call) {
  const Expr *Origin = Call.getOriginExpr();
  if (!Origin || !Call.getLocationContext())
    return nullptr;
  const auto *Launch = dyn_cast_or_null<CUDAKernelCallExpr>(
      Call.getLocationContext()->getParentMap().getParent(Origin));
  return Launch && Launch->getConfig() == Origin ? Launch : nullptr;
}

namespace {

bool isKernel(const FunctionDecl *Callee) { return Callee && Callee->hasAttr<CUDAGlobalAttr>(); }

const FunctionDecl *calleeOf(const CallEvent &Call) {
  return dyn_cast_or_null<FunctionDecl>(Call.getDecl());
}

// The summary of the project function a plain call reaches in another unit
// of the compile database (ProjectFunctions.h).
const FunctionSummary *projectFunctionCalled(const CallEvent &Call, const CudaApi &Api) {
  if (!isa<SimpleFunctionCall>(Call))
    return nullptr;
  return Api.projectFunction(calleeOf(Call));
}

// Whether a project function may keep the allocation `Sym` that the call
// hands it: passed as a parameter its summary keeps, or through `...`.
bool keptByProjectFunction(const CallEvent &Call, const FunctionSummary &Summary, SymbolRef Sym) {
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (allocationSymbol(Call.getArgSVal(I)) == Sym &&
        (I >= Call.parameters().size() || llvm::is_contained(Summary.Keeps, I)))
      return true;
  return false;
}

bool isStandardNewOrDelete(const CallEvent &Call) {
  const FunctionDecl *Callee = calleeOf(Call);
  return Callee && Callee->isReplaceableGlobalAllocationFunction();
}

// A pointer handed to a smart pointer's constructor is owned by the smart
// pointer from then on.
bool isSmartPointerConstructor(const CallEvent &Call, const CudaApi &Api) {
  const auto *Constructor = dyn_cast_or_null<CXXConstructorDecl>(Call.getDecl());
  return Constructor && Api.isOwningSmartPointer(Constructor->getParent());
}

// Whether a call we do not follow may keep or release the pointers it is
// given, so that what it receives is no longer ours to report as leaked.
bool mayKeepPointers(const CallEvent &Call, const CudaApi &Api) {
  if (isa<CXXAllocatorCall, CXXDeallocatorCall>(Call))
    return false;
  // A <<<>>> launch's configuration (__cudaPushCallConfiguration) queues the
  // launch on the stream it is given and keeps nothing.
  if (configuredLaunch(Call))
    return false;
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return true; // through a function pointer: anything may happen
  if (Api.allocation(Callee) || Api.hostAllocation(Callee) || Api.release(Callee) ||
      Api.copy(Callee) || Api.synchronization(Callee) || isKernel(Callee))
    return false;
  if (Api.keepsPointerArguments(Callee))
    return true;
  // The user's own code, and C++ library code (containers, smart pointers),
  // may hand the pointer to an owner.
  if (!Call.isInSystemHeader() || isa<CXXMethodDecl>(Callee) ||
      isa<CXXConstructorCall, CXXDestructorCall>(Call))
    return true;
  // C library and CUDA API calls use their arguments and return, unless they
  // take a callback that may receive them.
  return Call.argumentsMayEscape();
}

// Whether one of the call's arguments points into the allocation `Sym`.
bool isArgumentBase(const CallEvent &Call, SymbolRef Sym) {
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (allocationSymbol(Call.getArgSVal(I)) == Sym)
      return true;
  return false;
}

// The statement in the user's code responsible for an allocation: a call
// inside a system header (std::make_unique's new, a wrapper in a vendor
// header) is attributed to the user's call that led there.
std::pair<const Stmt *, const StackFrameContext *>
userSite(const Stmt *S, const LocationContext *Context, const SourceManager &SM) {
  const StackFrameContext *Frame = Context->getStackFrame();
  while (Frame->getParent()) {
    const Decl *Function = Frame->getDecl();
    if (!Function || !SM.isInSystemHeader(SM.getExpansionLoc(Function->getLocation())))
      break;
    if (!Frame->getCallSite())
      break;
    S = Frame->getCallSite();
    Frame = Frame->getParent()->getStackFrame();
  }
  return {S, Frame};
}

bool allocationFailed(ProgramStateRef State, SymbolRef Sym, const Allocation &Memory) {
  ConstraintManager &Constraints = State->getConstraintManager();
  if (Constraints.isNull(State, Sym).isConstrainedTrue())
    return true;
  // A status known not to be success (zero) means nothing was allocated.
  return Memory.status() && Constraints.isNull(State, Memory.status()).isConstrainedFalse();
}

// Memory this path still has to release and has not reported lost:
// allocated, not released, not escaped, and not known to have failed.
bool stillOurs(ProgramStateRef State, SymbolRef Sym, const Allocation &Memory) {
  return Memory.state() == Ownership::Allocated && !allocationFailed(State, Sym, Memory) &&
         !State->contains<ReportedMemory>(Sym);
}

class SymbolCollector final : public SymbolVisitor {
public:
  bool VisitSymbol(SymbolRef Sym) override {
    Symbols.push_back(Sym);
    return true;
  }
  llvm::SmallVector<SymbolRef, 4> Symbols;
};

ProgramStateRef escape(ProgramStateRef State, SymbolRef Sym) {
  const Allocation *Memory = State->get<Allocations>(Sym);
  if (!Memory || Memory->state() != Ownership::Allocated)
    return State;
  return State->set<Allocations>(Sym, Memory->with(Ownership::Escaped));
}

// Whether `E` names `Variable`, through parentheses and implicit casts and,
// with `ThroughMembers`, through member accesses (`v.field` names `v`).
bool namesVariable(const Expr *E, const VarDecl *Variable, bool ThroughMembers) {
  E = E->IgnoreParenImpCasts();
  while (ThroughMembers && isa<MemberExpr>(E))
    E = cast<MemberExpr>(E)->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && Ref->getDecl() == Variable;
}

// Whether `Call` binds `Variable` to a non-const reference parameter: the
// callee may write it.
bool passesByMutableReference(const CallExpr *Call, const VarDecl *Variable, bool ThroughMembers) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  for (unsigned I = 0; Callee && I < Call->getNumArgs() && I < Callee->getNumParams(); ++I) {
    QualType Type = Callee->getParamDecl(I)->getType();
    if (Type->isReferenceType() && !Type.getNonReferenceType().isConstQualified() &&
        namesVariable(Call->getArg(I), Variable, ThroughMembers))
      return true;
  }
  return false;
}

// Whether `Lambda` captures `Variable` by reference: it is written wherever
// the lambda runs.
bool capturesByReference(const LambdaExpr *Lambda, const VarDecl *Variable) {
  return llvm::any_of(Lambda->captures(), [&](const LambdaCapture &Capture) {
    return Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByRef &&
           Capture.getCapturedVar() == Variable;
  });
}

// The local pointer variable `E` names, through parentheses and casts.
const VarDecl *localPointerVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *Variable = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Variable && Variable->hasLocalStorage() && Variable->getType()->isPointerType() ? Variable
                                                                                         : nullptr;
}

// Whether a local variable keeps the address an allocation stored in it:
// nothing in the function writes it but allocations (`cudaMalloc(&d, n)`,
// `d = malloc(n)`, `d = new T`), null, and the value of another local pointer
// variable (`u = u_next`, `float *t = u`) of which the same holds. Loop
// widening forgets every local of a function; such variables only move the
// addresses of allocations among themselves (the ping-pong buffers of a
// time-stepping loop), so each address a variable held before the loop is
// still held by one of them after it.
class AllocationOnlyWrites : public RecursiveASTVisitor<AllocationOnlyWrites> {
public:
  AllocationOnlyWrites(const VarDecl *Variable, const CudaApi &Api)
      : Variable(Variable), Api(Api) {}

  bool holds(const Stmt *Body) {
    TraverseStmt(const_cast<Stmt *>(Body));
    return Holds;
  }

  // The variables whose values it receives: it keeps its allocation only if
  // they keep theirs.
  llvm::ArrayRef<const VarDecl *> copiedFrom() const { return CopiedFrom; }

  bool VisitVarDecl(VarDecl *Declared) {
    if (Declared != Variable || !Declared->getInit())
      return true;
    if (const VarDecl *Source = localPointerVariable(Declared->getInit()))
      CopiedFrom.push_back(Source);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // std::swap(u, v) moves the two addresses between the variables, as
    // `t = u; u = v; v = t;` does.
    if (const VarDecl *Other = swappedWith(Callee, Call)) {
      CopiedFrom.push_back(Other);
      return Holds;
    }
    if (const AllocationApi *Allocation = Api.allocation(Callee);
        Allocation && Allocation->OutParam < Call->getNumArgs())
      AllocationOutArguments.insert(Call->getArg(Allocation->OutParam)->IgnoreParenCasts());
    if (const HostAllocationApi *Allocation = Api.hostAllocation(Callee);
        Allocation && Allocation->OutParam && *Allocation->OutParam < Call->getNumArgs())
      AllocationOutArguments.insert(Call->getArg(*Allocation->OutParam)->IgnoreParenCasts());
    if (passesByMutableReference(Call, Variable, /*ThroughMembers=*/false))
      Holds = false;
    return Holds;
  }

  bool VisitUnaryOperator(UnaryOperator *Operator) {
    if (!refersToVariable(Operator->getSubExpr()))
      return true;
    if (Operator->isIncrementDecrementOp() ||
        (Operator->getOpcode() == UO_AddrOf && !AllocationOutArguments.contains(Operator)))
      Holds = false;
    return Holds;
  }

  bool VisitBinaryOperator(BinaryOperator *Operator) {
    if (!Operator->isAssignmentOp() || !refersToVariable(Operator->getLHS()))
      return true;
    const Expr *Value = Operator->getRHS()->IgnoreParenCasts();
    bool Allocates = isa<CXXNewExpr>(Value);
    if (const auto *Call = dyn_cast<CallExpr>(Value))
      Allocates = Api.hostAllocation(Call->getDirectCallee()) != nullptr;
    const VarDecl *Source =
        Operator->isCompoundAssignmentOp() ? nullptr : localPointerVariable(Value);
    if (Source)
      CopiedFrom.push_back(Source);
    if (Operator->isCompoundAssignmentOp() ||
        (!Allocates && !Source &&
         !Value->isNullPointerConstant(Variable->getASTContext(),
                                       Expr::NPC_ValueDependentIsNotNull)))
      Holds = false;
    return Holds;
  }

  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    if (capturesByReference(Lambda, Variable))
      Holds = false;
    return Holds;
  }

private:
  bool refersToVariable(const Expr *E) const {
    return namesVariable(E, Variable, /*ThroughMembers=*/false);
  }

  // The other local pointer variable of `std::swap(Variable, other)` (or of
  // `swap(other, Variable)` found through `using std::swap`).
  const VarDecl *swappedWith(const FunctionDecl *Callee, const CallExpr *Call) const {
    if (!Callee || !Callee->isInStdNamespace() || !Callee->getIdentifier() ||
        Callee->getName() != "swap" || Call->getNumArgs() != 2)
      return nullptr;
    const VarDecl *First = localPointerVariable(Call->getArg(0));
    const VarDecl *Second = localPointerVariable(Call->getArg(1));
    if (!First || !Second)
      return nullptr;
    return First == Variable ? Second : Second == Variable ? First : nullptr;
  }

  const VarDecl *Variable;
  const CudaApi &Api;
  llvm::SmallPtrSet<const Expr *, 4> AllocationOutArguments;
  llvm::SmallVector<const VarDecl *, 2> CopiedFrom;
  bool Holds = true;
};

// The memory an address designates, without the element regions that only
// reinterpret it (`(void **)&d`); a real element (`&buffers[0]`) stays.
const MemRegion *withoutCasts(const MemRegion *Region) {
  while (const auto *Element = dyn_cast<ElementRegion>(Region)) {
    const auto *Super = dyn_cast<TypedValueRegion>(Element->getSuperRegion());
    if (!Element->getIndex().isZeroConstant() || !Super || Super->getValueType()->isArrayType())
      break;
    Region = Super;
  }
  return Region;
}

// Whether `S` writes `Variable` (or a field of it): takes its address, as an
// allocation's out-parameter does, or assigns it.
bool overwrites(const Stmt *S, const ValueDecl *Variable) {
  auto RefersTo = [Variable](const Expr *E) {
    E = E->IgnoreParenCasts();
    while (const auto *Member = dyn_cast<MemberExpr>(E))
      E = Member->getBase()->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && Ref->getDecl() == Variable;
  };
  if (const auto *Operator = dyn_cast<UnaryOperator>(S))
    if (Operator->getOpcode() == UO_AddrOf && RefersTo(Operator->getSubExpr()))
      return true;
  if (const auto *Operator = dyn_cast<BinaryOperator>(S))
    if (Operator->isAssignmentOp() && RefersTo(Operator->getLHS()))
      return true;
  for (const Stmt *Child : S->children())
    if (Child && overwrites(Child, Variable))
      return true;
  return false;
}

// A holder that receives another value no longer holds what it held.
ProgramStateRef forgetOverwritten(ProgramStateRef State, const MemRegion *Region, SymbolRef Keep) {
  for (auto [Sym, Kept] : State->get<Holders>())
    if (Kept.Region == Region && Sym != Keep)
      State = State->remove<Holders>(Sym);
  return State;
}

// Whether a loop leaves a local variable alone: nothing in the loop assigns
// it, increments it, takes its address, binds it to a non-const reference,
// calls a non-const method on it or captures it by reference, and nothing in
// the function keeps its address where the loop could write through it (an
// address passed straight to a call is not kept, as the analyzer itself
// assumes outside loops). Loop widening forgets such a variable's value along
// with everything else; the loop cannot have changed it.
class LoopLeavesAlone : public RecursiveASTVisitor<LoopLeavesAlone> {
public:
  LoopLeavesAlone(const VarDecl *Variable, const Stmt *Loop) : Variable(Variable), Loop(Loop) {}

  bool in(const Stmt *FunctionBody) {
    TraverseStmt(const_cast<Stmt *>(FunctionBody));
    return LeftAlone;
  }

  bool TraverseStmt(Stmt *S) {
    if (!S || !LeftAlone)
      return LeftAlone;
    bool WasInLoop = InLoop;
    InLoop = InLoop || S == Loop;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      for (const Expr *Argument : Call->arguments())
        if (const auto *Address = dyn_cast<UnaryOperator>(Argument->IgnoreParenCasts());
            Address && Address->getOpcode() == UO_AddrOf)
          PassedToCall.insert(Address);
    RecursiveASTVisitor::TraverseStmt(S);
    InLoop = WasInLoop;
    return LeftAlone;
  }

  bool VisitUnaryOperator(UnaryOperator *Operator) {
    if (!refersToVariable(Operator->getSubExpr()))
      return true;
    if ((InLoop && (Operator->isIncrementDecrementOp() || Operator->getOpcode() == UO_AddrOf)) ||
        (Operator->getOpcode() == UO_AddrOf && !PassedToCall.contains(Operator)))
      LeftAlone = false;
    return LeftAlone;
  }

  bool VisitBinaryOperator(BinaryOperator *Operator) {
    if (InLoop && Operator->isAssignmentOp() && refersToVariable(Operator->getLHS()))
      LeftAlone = false;
    return LeftAlone;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (!InLoop)
      return true;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      if (refersToVariable(Member->getImplicitObjectArgument()) &&
          !(Member->getMethodDecl() && Member->getMethodDecl()->isConst()))
        LeftAlone = false;
    if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Call);
        Operator && Operator->getNumArgs() > 0 && refersToVariable(Operator->getArg(0)))
      LeftAlone = false;
    if (passesByMutableReference(Call, Variable, /*ThroughMembers=*/true))
      LeftAlone = false;
    return LeftAlone;
  }

  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    if (capturesByReference(Lambda, Variable))
      LeftAlone = false;
    return LeftAlone;
  }

private:
  bool refersToVariable(const Expr *E) const {
    return namesVariable(E, Variable, /*ThroughMembers=*/true);
  }

  const VarDecl *Variable;
  const Stmt *Loop;
  bool InLoop = false;
  bool LeftAlone = true;
  llvm::SmallPtrSet<const UnaryOperator *, 8> PassedToCall;
};

// Whether a class's destructor releases memory or destroys a handle: it, a
// function it calls, or the destructor of a member or base calls a release
// (cudaFree, delete, cudaEventDestroy). An object of such a class owns what
// it holds: the unwinding of an exception runs its destructor, which the
// analyzer does not follow.
class ReleasingDestructors {
public:
  bool releases(const CXXRecordDecl *Record, const CudaApi &Api) {
    if (!Record || !Record->hasDefinition())
      return false;
    Record = Record->getDefinition();
    auto [It, Inserted] = Known.try_emplace(Record, false);
    if (!Inserted)
      return It->second;
    bool Releases = false;
    if (const CXXDestructorDecl *Destructor = Record->getDestructor())
      Releases = callsRelease(Destructor, Api);
    for (const FieldDecl *Field : Record->fields())
      Releases = Releases ||
                 releases(Field->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(), Api);
    for (const CXXBaseSpecifier &Base : Record->bases())
      Releases = Releases || releases(Base.getType()->getAsCXXRecordDecl(), Api);
    return Known[Record] = Releases;
  }

private:
  // Through the calls of functions defined in the unit, a few levels deep
  // (`~Buffer() { reset(); }`).
  bool callsRelease(const FunctionDecl *Function, const CudaApi &Api, unsigned Depth = 0) {
    const FunctionDecl *Defined = nullptr;
    if (Depth > 3 || !Function || !Function->hasBody(Defined))
      return false;
    struct Finder : RecursiveASTVisitor<Finder> {
      ReleasingDestructors &Owner;
      const CudaApi &Api;
      unsigned Depth;
      bool Found = false;
      Finder(ReleasingDestructors &Owner, const CudaApi &Api, unsigned Depth)
          : Owner(Owner), Api(Api), Depth(Depth) {}
      bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return !(Found = true); }
      bool VisitCallExpr(CallExpr *Call) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        Found = Api.release(Callee) || !Api.handleDestruction(Callee).empty() ||
                (Callee && Owner.callsRelease(Callee, Api, Depth + 1));
        return !Found;
      }
    } Find(*this, Api, Depth);
    Find.TraverseStmt(Defined->getBody());
    return Find.Found;
  }

  llvm::DenseMap<const CXXRecordDecl *, bool> Known;
};

bool isNoexcept(const FunctionDecl *Function) {
  if (isa<CXXDestructorDecl>(Function))
    return true;
  const auto *Prototype = Function->getType()->getAs<FunctionProtoType>();
  if (!Prototype)
    return false;
  ExceptionSpecificationType Spec = Prototype->getExceptionSpecType();
  return Spec == EST_BasicNoexcept || Spec == EST_NoexceptTrue || Spec == EST_DynamicNone ||
         Spec == EST_NoThrow;
}

// Whether `S` sits in the try block of a try statement of its function (not
// in one of its handlers): a handler may catch what `S` throws.
bool insideTryBlock(const Stmt *S, const ParentMap &Parents) {
  for (const Stmt *Parent = Parents.getParent(S); Parent; S = Parent, Parent = Parents.getParent(S))
    if (const auto *Try = dyn_cast<CXXTryStmt>(Parent); Try && Try->getTryBlock() == S)
      return true;
  return false;
}

class SymbolSet final : public SymbolVisitor {
public:
  bool VisitSymbol(SymbolRef Sym) override {
    Symbols.insert(Sym);
    return true;
  }
  llvm::DenseSet<SymbolRef> Symbols;
};

// Where the program leaves the code the analyzer follows, other than by
// returning: an exception that leaves the function that throws it, or
// exit(0) on a path that started in main. The analyzer ends such a path in
// a sink, as it ends the paths through abort(); here the program goes on,
// and what the frames left behind held is lost (for exit(0): still
// allocated when the process ends).
struct PathLeaves {
  llvm::SmallVector<const StackFrameContext *, 4> Frames; // innermost first
  bool ProgramEnds;
};

bool isSuccessfulExitFromMain(const CallEvent &Call, CheckerContext &C) {
  if (!api(C).exitsProcess(calleeOf(Call)) || Call.getNumArgs() != 1)
    return false;
  const llvm::APSInt *Status = C.getSValBuilder().getKnownValue(C.getState(), Call.getArgSVal(0));
  const LocationContext *Root = C.getLocationContext();
  while (Root->getParent())
    Root = Root->getParent();
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Root->getDecl());
  return Status && Status->isZero() && Function && Function->isMain();
}

// The throw whose operand `E` is part of. The path leaves at the throw, but
// what it holds is known before the operand is built: nothing the operand
// evaluates releases CUDA memory, and the analyzer often loses the path
// inside it (std::string concatenation in the usual checking macro,
// `std::string(#call) + ": " + cudaGetErrorString(status)`, ends every path
// in libstdc++'s inlined code), so the lost memory is judged as the operand
// starts.
const CXXThrowExpr *thrownBy(const Expr *E, CheckerContext &C) {
  const ParentMap &Parents = C.getLocationContext()->getParentMap();
  for (const Stmt *Child = E, *Parent = Parents.getParent(E); Parent;
       Child = Parent, Parent = Parents.getParent(Parent)) {
    if (const auto *Throw = dyn_cast<CXXThrowExpr>(Parent))
      return Throw->getSubExpr() == Child ? Throw : nullptr;
    if (!isa<Expr>(Parent))
      return nullptr;
  }
  return nullptr;
}

PathLeaves programEnds(CheckerContext &C) {
  PathLeaves Leaves{{}, true};
  for (const LocationContext *Frame = C.getStackFrame(); Frame; Frame = Frame->getParent())
    if (const auto *Stack = dyn_cast<StackFrameContext>(Frame))
      Leaves.Frames.push_back(Stack);
  return Leaves;
}

// The symbols reachable from memory that outlives the frames a path leaves
// (`Surviving`), and those reachable from objects in those frames whose
// destructors release memory (`Owned`). The contents of tracked memory are
// reachable only through it.
class FrameExit final : public StoreManager::BindingsHandler {
public:
  FrameExit(ProgramStateRef State, llvm::function_ref<bool(const StackFrameContext *)> Leaves,
            ReleasingDestructors &Destructors)
      : State(State), Api(api(State)), Leaves(Leaves), Destructors(Destructors) {
    State->getStateManager().getStoreManager().iterBindings(State->getStore(), *this);
  }

  bool HandleBinding(StoreManager &, Store, const MemRegion *Region, SVal Value) override {
    const MemRegion *Base = Region->getBaseRegion();
    if (inFrameLeft(Base)) {
      if (releasesWhatItHolds(Base))
        State->scanReachableSymbols(Value, Owned);
      return true;
    }
    if (const auto *Memory = dyn_cast<SymbolicRegion>(Base);
        Memory && State->get<Allocations>(Memory->getSymbol()))
      return true;
    State->scanReachableSymbols(Value, Surviving);
    return true;
  }

  bool lost(SymbolRef Sym) const {
    return !Surviving.Symbols.contains(Sym) && !Owned.Symbols.contains(Sym) && !heldByOwner(Sym);
  }

private:
  bool inFrameLeft(const MemRegion *Base) const {
    const auto *Space = dyn_cast<StackSpaceRegion>(Base->getMemorySpace(State));
    return Space && Leaves(Space->getStackFrame());
  }

  // An object whose destructor releases memory or destroys a handle.
  bool releasesWhatItHolds(const MemRegion *Base) const {
    const auto *Object = dyn_cast<TypedValueRegion>(Base);
    return Object &&
           Destructors.releases(
               Object->getValueType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(), Api);
  }

  // Loop widening forgets what the locals of the loop's function hold (the
  // whole stack space is bound anew), members of objects too; the holder
  // the model recorded still names the object, whose destructor runs.
  bool heldByOwner(SymbolRef Sym) const {
    const Holder *Kept = State->get<Holders>(Sym);
    const MemRegion *Base = Kept ? Kept->Region->getBaseRegion() : nullptr;
    return Base && inFrameLeft(Base) && releasesWhatItHolds(Base);
  }

  ProgramStateRef State;
  const CudaApi &Api;
  llvm::function_ref<bool(const StackFrameContext *)> Leaves;
  ReleasingDestructors &Destructors;
  SymbolSet Surviving;
  SymbolSet Owned;
};

class MemoryModeling
    : public Checker<eval::Call, check::PostCall, check::NewAllocator, check::Bind,
                     check::PointerEscape, check::DeadSymbols, check::LiveSymbols,
                     check::PreStmt<ReturnStmt>, check::PreStmt<Expr>, check::PreCall,
                     check::PostStmt<CUDAKernelCallExpr>, check::BlockEntrance, check::EndFunction,
                     eval::Assume, EventDispatcher<MemoryLost>> {
public:
  void checkBlockEntrance(const BlockEntrance &Entrance, CheckerContext &C) const;
  bool evalCall(const CallEvent &Call, CheckerContext &C) const;
  bool evalGraphNodeAddition(const CallEvent &Call, CheckerContext &C) const;
  void checkPostCall(const CallEvent &Call, CheckerContext &C) const;
  void checkNewAllocator(const CXXAllocatorCall &Call, CheckerContext &C) const;
  void checkBind(SVal Location, SVal Value, const Stmt *S, bool AtDeclInit,
                 CheckerContext &C) const;
  ProgramStateRef checkPointerEscape(ProgramStateRef State, const InvalidatedSymbols &Escaped,
                                     const CallEvent *Call, PointerEscapeKind Kind) const;
  void checkDeadSymbols(SymbolReaper &Reaper, CheckerContext &C) const;
  void checkLiveSymbols(ProgramStateRef State, SymbolReaper &Reaper) const;
  void checkPreStmt(const ReturnStmt *Return, CheckerContext &C) const;
  void checkPreStmt(const Expr *E, CheckerContext &C) const;
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPostStmt(const CUDAKernelCallExpr *Launch, CheckerContext &C) const;
  void checkEndFunction(const ReturnStmt *Return, CheckerContext &C) const;
  ProgramStateRef evalAssume(ProgramStateRef State, SVal Condition, bool Assumption) const;

private:
  bool evalCudaAllocation(const CallEvent &Call, const AllocationApi &Api, CheckerContext &C) const;
  bool evalHostAllocation(const CallEvent &Call, const HostAllocationApi &Api,
                          CheckerContext &C) const;
  ProgramStateRef bindStatus(const CallEvent &Call, CheckerContext &C, ProgramStateRef State,
                             SymbolRef &Status) const;
  ProgramStateRef track(ProgramStateRef State, CheckerContext &C, const Expr *Origin, SVal Address,
                        const MemRegion *Holder, MemoryFamily Family, llvm::StringRef Allocator,
                        llvm::StringRef Release, SymbolRef Status) const;
  ProgramStateRef release(ProgramStateRef State, CheckerContext &C, SVal Address,
                          MemoryFamily Family, llvm::StringRef By, SymbolRef Status) const;
  ProgramStateRef restoreAfterWidening(ProgramStateRef State, SymbolRef Sym) const;
  ProgramStateRef receiveProjectMemory(const CallEvent &Call, const FunctionSummary &Summary,
                                       ProgramStateRef State, CheckerContext &C) const;
  ProgramStateRef answerPointerQuery(const CallEvent &Call, const PointerQueryApi &Api,
                                     CheckerContext &C) const;
  ProgramStateRef recordDeviceAlias(const CallEvent &Call, const MappedPointerApi &Api,
                                    CheckerContext &C) const;
  bool keepsItsAllocation(const VarRegion *Variable, const CudaApi &Api) const;
  bool loopLeavesAlone(const VarDecl *Variable, const Stmt *Loop, const Decl *Function) const;
  llvm::ArrayRef<const VarDecl *> localsOf(const Decl *Function) const;
  llvm::ArrayRef<const VarDecl *> globalsOf(const Decl *Function) const;
  bool runsOnlyLibraryCode(const Stmt *Loop, const SourceManager &SM) const;

  llvm::SmallVector<SymbolRef, 2>
  lostWith(ProgramStateRef State, llvm::ArrayRef<SymbolRef> Candidates,
           llvm::function_ref<bool(const StackFrameContext *)> Gone) const;
  void leavePath(const PathLeaves &Leaves, CheckerContext &C) const;

  mutable ReleasingDestructors Destructors;
  mutable llvm::DenseMap<const VarDecl *, bool> AllocationOnlyVariables;
  mutable llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>, bool> LoopInvariantVariables;
  mutable llvm::DenseMap<const Decl *, llvm::SmallVector<const VarDecl *, 16>> Locals;
  mutable llvm::DenseMap<const Decl *, llvm::SmallVector<const VarDecl *, 4>> Globals;
  mutable llvm::DenseMap<const Stmt *, bool> LibraryOnlyLoops;
};

// The size of what an allocation returns becomes the region's dynamic extent,
// as the analyzer's own malloc modelling records it, for the checks that
// compare sizes (cuda-copy-size).
ProgramStateRef withAllocatedSize(ProgramStateRef State, const CallEvent &Call, SVal Address,
                                  CheckerContext &C) {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const ByteCountApi *Counts = Callee ? api(C).byteCounts(Callee) : nullptr;
  const MemRegion *Region = Address.getAsRegion();
  if (!Counts || !Counts->Bytes || *Counts->Bytes >= Call.getNumArgs() || !Region)
    return State;
  SValBuilder &Builder = C.getSValBuilder();
  QualType SizeType = C.getASTContext().getSizeType();
  SVal Size = Builder.evalCast(Call.getArgSVal(*Counts->Bytes), SizeType,
                               Call.getArgExpr(*Counts->Bytes)->getType());
  if (Counts->ElementSize && *Counts->ElementSize < Call.getNumArgs())
    Size = Builder.evalBinOp(State, BO_Mul, Size,
                             Builder.evalCast(Call.getArgSVal(*Counts->ElementSize), SizeType,
                                              Call.getArgExpr(*Counts->ElementSize)->getType()),
                             SizeType);
  std::optional<DefinedOrUnknownSVal> Extent = Size.getAs<DefinedOrUnknownSVal>();
  if (!Extent || Extent->isUnknown())
    return State;
  return setDynamicExtent(State, Region->getBaseRegion(), *Extent);
}

bool MemoryModeling::evalCall(const CallEvent &Call, CheckerContext &C) const {
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee || !isa_and_nonnull<CallExpr>(Call.getOriginExpr()))
    return false;
  if (const AllocationApi *Api = api(C).allocation(Callee))
    return evalCudaAllocation(Call, *Api, C);
  if (const HostAllocationApi *Api = api(C).hostAllocation(Callee))
    return evalHostAllocation(Call, *Api, C);
  // A handle is tracked as an allocation of its own family: created into
  // the out-parameter, destroyed by its destroy call (checkPostCall).
  if (const HandleApi *Api = api(C).handleCreation(Callee))
    return evalCudaAllocation(
        Call, AllocationApi{Api->Name, Api->OutParam, MemoryFamily::Handle, Api->Destroy, false},
        C);
  if (const StreamCaptureApi *Step = api(C).streamCapture(Callee);
      Step && addsGraphNode(Step->Step))
    return evalGraphNodeAddition(Call, C);
  return false;
}

// cudaGraphAddKernelNode and kin copy the node's parameters into the graph
// and write only the new node's handle. Left to the engine, the call would
// take every value its parameters reach (`void *args[] = {&out}`) as changed,
// and `out` would no longer be the buffer the node's kernel writes.
bool MemoryModeling::evalGraphNodeAddition(const CallEvent &Call, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  SymbolRef Status;
  State = bindStatus(Call, C, State, Status);
  if (std::optional<Loc> Out = Call.getArgSVal(0).getAs<Loc>()) {
    QualType Node = Call.getArgExpr(0)->getType()->getPointeeType();
    static int NodeTag;
    if (!Node.isNull())
      State = State->bindLoc(
          *Out, C.getSValBuilder().conjureSymbolVal(Call, Node, C.blockCount(), &NodeTag),
          C.getLocationContext());
  }
  C.addTransition(State);
  return true;
}

// The status a call returns is a fresh symbol: both success and failure stay
// possible until the program tests it.
ProgramStateRef MemoryModeling::bindStatus(const CallEvent &Call, CheckerContext &C,
                                           ProgramStateRef State, SymbolRef &Status) const {
  Status = nullptr;
  if (Call.getResultType()->isVoidType())
    return State;
  static int StatusTag;
  DefinedOrUnknownSVal Value =
      C.getSValBuilder().conjureSymbolVal(Call, C.blockCount(), &StatusTag);
  Status = Value.getAsSymbol();
  return State->BindExpr(Call.getOriginExpr(), C.getLocationContext(), Value);
}

bool MemoryModeling::evalCudaAllocation(const CallEvent &Call, const AllocationApi &Api,
                                        CheckerContext &C) const {
  if (Call.getNumArgs() <= Api.OutParam)
    return false;
  ProgramStateRef State = C.getState();
  SymbolRef Status;
  State = bindStatus(Call, C, State, Status);

  // The pitch of cudaMallocPitch and the like: written by the call.
  llvm::SmallVector<SVal, 2> Written;
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (I != Api.OutParam && I < Call.parameters().size()) {
      QualType Type = Call.parameters()[I]->getType();
      if (Type->isPointerType() && !Type->getPointeeType().isConstQualified() &&
          Type->getPointeeType()->isScalarType())
        Written.push_back(Call.getArgSVal(I));
    }
  if (!Written.empty())
    State = State->invalidateRegions(Written, Call.getCFGElementRef(), C.blockCount(),
                                     C.getLocationContext(),
                                     /*CausesPointerEscape=*/false);

  std::optional<Loc> Out = Call.getArgSVal(Api.OutParam).getAs<Loc>();
  const MemRegion *Holder = Out ? Out->getAsRegion() : nullptr;
  if (!Holder) {
    // A null or unknown out-parameter: cuda-alloc-pointer-arg's business.
    C.addTransition(State);
    return true;
  }
  QualType Target = Call.parameters()[Api.OutParam]->getType()->getPointeeType();
  SValBuilder &Builder = C.getSValBuilder();
  SVal Address;
  if (Loc::isLocType(Target)) {
    Address = Builder.getConjuredHeapSymbolVal(Call.getCFGElementRef(), C.getLocationContext(),
                                               Target, C.blockCount());
  } else if (Target->isIntegerType()) {
    static int HandleTag; // CUdeviceptr: the address is an integer
    Address = Builder.conjureSymbolVal(Call, Target, C.blockCount(), &HandleTag);
  } else {
    C.addTransition(State);
    return true;
  }
  State = State->bindLoc(*Out, Address, C.getLocationContext());
  State = withAllocatedSize(State, Call, Address, C);

  std::optional<uint64_t> Flags;
  if (Api.FlagsParam && *Api.FlagsParam < Call.getNumArgs())
    if (const llvm::APSInt *Known = Builder.getKnownValue(State, Call.getArgSVal(*Api.FlagsParam)))
      Flags = Known->getZExtValue();
  State = track(State, C, Call.getOriginExpr(), Address, Holder,
                CudaApi::allocatedFamily(Api, Flags), Api.Name, Api.Release, Status);
  C.addTransition(State);
  return true;
}

bool MemoryModeling::evalHostAllocation(const CallEvent &Call, const HostAllocationApi &Api,
                                        CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  SValBuilder &Builder = C.getSValBuilder();
  if (!Api.OutParam) {
    DefinedSVal Address = Builder.getConjuredHeapSymbolVal(
        Call.getCFGElementRef(), C.getLocationContext(), Call.getResultType(), C.blockCount());
    State = State->BindExpr(Call.getOriginExpr(), C.getLocationContext(), Address);
    State = withAllocatedSize(State, Call, Address, C);
    State = track(State, C, Call.getOriginExpr(), Address, /*Holder=*/nullptr,
                  MemoryFamily::PageableHost, Api.Name, Api.Release,
                  /*Status=*/nullptr);
    C.addTransition(State);
    return true;
  }
  if (Call.getNumArgs() <= *Api.OutParam)
    return false;
  SymbolRef Status;
  State = bindStatus(Call, C, State, Status);
  std::optional<Loc> Out = Call.getArgSVal(*Api.OutParam).getAs<Loc>();
  if (!Out || !Out->getAsRegion()) {
    C.addTransition(State);
    return true;
  }
  QualType Target = Call.parameters()[*Api.OutParam]->getType()->getPointeeType();
  DefinedSVal Address = Builder.getConjuredHeapSymbolVal(
      Call.getCFGElementRef(), C.getLocationContext(), Target, C.blockCount());
  State = State->bindLoc(*Out, Address, C.getLocationContext());
  State = withAllocatedSize(State, Call, Address, C);
  State = track(State, C, Call.getOriginExpr(), Address, Out->getAsRegion(),
                MemoryFamily::PageableHost, Api.Name, Api.Release, Status);
  C.addTransition(State);
  return true;
}

// The analyzer does not evaluate kernel launches (device code runs on the
// GPU), and rightly so; what the kernel may write through its pointer
// arguments (managed memory the host reads later) becomes unknown here. The
// pointers themselves stay ours.
void MemoryModeling::checkPostStmt(const CUDAKernelCallExpr *Launch, CheckerContext &C) const {
  llvm::SmallVector<SVal, 4> Pointees;
  for (const Expr *Argument : Launch->arguments())
    if (SVal Value = C.getSVal(Argument); isa<Loc>(Value))
      Pointees.push_back(Value);
  if (Pointees.empty())
    return;
  C.addTransition(C.getState()->invalidateRegions(Pointees, C.getCFGElementRef(), C.blockCount(),
                                                  C.getLocationContext(),
                                                  /*CausesPointerEscape=*/false));
}

ProgramStateRef MemoryModeling::track(ProgramStateRef State, CheckerContext &C, const Expr *Origin,
                                      SVal Address, const MemRegion *Holder, MemoryFamily Family,
                                      llvm::StringRef Allocator, llvm::StringRef Release,
                                      SymbolRef Status) const {
  SymbolRef Sym = Address.getAsSymbol();
  if (!Sym)
    return State;
  auto [Site, Frame] = userSite(Origin, C.getLocationContext(), C.getSourceManager());
  // Stored straight into memory a caller can reach (`*out`, `this->d`, a
  // global): the caller owns it from here.
  bool Escapes = Holder && !Holder->hasMemorySpace<StackSpaceRegion>(State);
  if (Holder && Holder->hasMemorySpace<GlobalsSpaceRegion>(State))
    State = State->set<StaticHolders>(Sym, withoutCasts(Holder));
  if (const MemRegion *Kept = Holder ? withoutCasts(Holder) : nullptr;
      Kept && Kept->hasMemorySpace<StackLocalsSpaceRegion>(State)) {
    State = forgetOverwritten(State, Kept, Sym);
    State = State->set<Holders>(Sym, {Kept, Address});
  }
  return State->set<Allocations>(Sym,
                                 Allocation(Escapes ? Ownership::Escaped : Ownership::Allocated,
                                            Family, Site, Frame, Allocator, Release, Status));
}

// `float *h = (float *)malloc(n);`, `d = other;`: remember which local
// variable, or which variable of static storage, holds a tracked address.
void MemoryModeling::checkBind(SVal Location, SVal Value, const Stmt *, bool,
                               CheckerContext &C) const {
  SymbolRef Sym = Value.getAsSymbol();
  const MemRegion *Region = Location.getAsRegion() ? withoutCasts(Location.getAsRegion()) : nullptr;
  ProgramStateRef State = C.getState();
  if (Region && Sym && Region->hasMemorySpace<GlobalsSpaceRegion>(State))
    if (const Allocation *Memory = State->get<Allocations>(Sym);
        Memory && (Memory->state() == Ownership::Allocated ||
                   (Memory->state() == Ownership::Escaped && State->get<StaticHolders>(Sym)))) {
      C.addTransition(State->set<StaticHolders>(Sym, Region));
      return;
    }
  if (!Region || !Region->hasMemorySpace<StackLocalsSpaceRegion>(State))
    return;
  ProgramStateRef Next = forgetOverwritten(State, Region, Sym);
  if (Sym && Next->get<Allocations>(Sym))
    Next = Next->set<Holders>(Sym, {Region, Value});
  if (Next != State)
    C.addTransition(Next);
}

// The function's parameters and local variables (not references, not
// statics), in declaration order.
llvm::ArrayRef<const VarDecl *> MemoryModeling::localsOf(const Decl *Function) const {
  auto [It, Inserted] = Locals.try_emplace(Function);
  if (Inserted) {
    struct Collector : RecursiveASTVisitor<Collector> {
      llvm::SmallVector<const VarDecl *, 16> &Found;
      explicit Collector(llvm::SmallVector<const VarDecl *, 16> &Found) : Found(Found) {}
      bool VisitVarDecl(VarDecl *Variable) {
        if (Variable->hasLocalStorage() && !isa<ParmVarDecl>(Variable) &&
            !Variable->getType()->isReferenceType())
          Found.push_back(Variable);
        return true;
      }
    } Collect(It->second);
    if (const auto *Callable = dyn_cast<FunctionDecl>(Function))
      for (const ParmVarDecl *Parameter : Callable->parameters())
        if (!Parameter->getType()->isReferenceType())
          It->second.push_back(Parameter);
    Collect.TraverseStmt(Function->getBody());
  }
  return It->second;
}

// The host globals of the program (not the libraries') of a plain type that
// the function names.
llvm::ArrayRef<const VarDecl *> MemoryModeling::globalsOf(const Decl *Function) const {
  auto [It, Inserted] = Globals.try_emplace(Function);
  if (Inserted) {
    struct Collector : RecursiveASTVisitor<Collector> {
      llvm::SmallVector<const VarDecl *, 4> &Found;
      const SourceManager &SM;
      Collector(llvm::SmallVector<const VarDecl *, 4> &Found, const SourceManager &SM)
          : Found(Found), SM(SM) {}
      bool VisitDeclRefExpr(DeclRefExpr *Reference) {
        const auto *Variable = dyn_cast<VarDecl>(Reference->getDecl());
        if (Variable && Variable->hasGlobalStorage() && Variable->getType()->isScalarType() &&
            CudaApi::staticStorageFamily(*Variable) == MemoryFamily::PageableHost &&
            !SM.isInSystemHeader(Variable->getLocation()) && !llvm::is_contained(Found, Variable))
          Found.push_back(Variable);
        return true;
      }
    } Collect(It->second, Function->getASTContext().getSourceManager());
    Collect.TraverseStmt(Function->getBody());
  }
  return It->second;
}

// Whether the only code `Loop` calls is the libraries' (and kernels, which
// run on the device): nothing in it can write a global of the program that
// the loop does not name.
bool MemoryModeling::runsOnlyLibraryCode(const Stmt *Loop, const SourceManager &SM) const {
  auto [It, Inserted] = LibraryOnlyLoops.try_emplace(Loop, true);
  if (Inserted) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const SourceManager &SM;
      bool LibraryOnly = true;
      explicit Finder(const SourceManager &SM) : SM(SM) {}
      bool library(const Decl *Callee) {
        return Callee && SM.isInSystemHeader(Callee->getLocation());
      }
      bool VisitCallExpr(CallExpr *Call) {
        if (!isa<CUDAKernelCallExpr>(Call) && !library(Call->getDirectCallee()))
          LibraryOnly = false;
        return LibraryOnly;
      }
      bool VisitCXXConstructExpr(CXXConstructExpr *Construction) {
        if (!Construction->getConstructor()->isTrivial() &&
            !library(Construction->getConstructor()))
          LibraryOnly = false;
        return LibraryOnly;
      }
      bool VisitCXXNewExpr(CXXNewExpr *) { return LibraryOnly = false; }
      bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return LibraryOnly = false; }
    } Find(SM);
    Find.TraverseStmt(const_cast<Stmt *>(Loop));
    It->second = Find.LibraryOnly;
  }
  return It->second;
}

bool MemoryModeling::loopLeavesAlone(const VarDecl *Variable, const Stmt *Loop,
                                     const Decl *Function) const {
  auto [It, Inserted] = LoopInvariantVariables.try_emplace({Variable, Loop}, false);
  if (Inserted)
    It->second = LoopLeavesAlone(Variable, Loop).in(Function->getBody());
  return It->second;
}

// Loop widening (the analyzer's, after a loop's third iteration) forgets the
// value of every local of the function, also of those the loop never touches:
// `if (prop.pageableMemoryAccess) p = malloc(n); else cudaMallocManaged(&p,
// n); for (...) ...; if (prop.pageableMemoryAccess) free(p); else
// cudaFree(p);` then takes the mismatched branches together. Widening happens
// as the loop's block is entered; the state before it is the predecessor's,
// and the variables the loop leaves alone get their values back from there.
void MemoryModeling::checkBlockEntrance(const BlockEntrance &Entrance, CheckerContext &C) const {
  const Stmt *Loop = Entrance.getBlock()->getTerminatorStmt();
  if (!Loop || !isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Loop))
    return;
  const ExplodedNode *Widened = C.getPredecessor();
  const ExplodedNode *Before = Widened->getFirstPred();
  ProgramStateRef State = C.getState();
  if (!Before || Before->getState() == State ||
      Before->getLocationContext() != Widened->getLocationContext())
    return;
  ProgramStateRef Previous = Before->getState();
  const LocationContext *Frame = C.getLocationContext();
  const Decl *Function = Frame->getDecl();
  if (!Function || !Function->getBody())
    return;
  ProgramStateRef Restored = State;
  auto RestoreWhatTheLoopLeavesAlone = [&](llvm::ArrayRef<const VarDecl *> Variables) {
    for (const VarDecl *Variable : Variables) {
      if (!loopLeavesAlone(Variable, Loop, Function))
        continue;
      Loc Address = Previous->getLValue(Variable, Frame);
      SVal Value = Previous->getSVal(Address);
      // A local not declared yet on this path: nothing to keep.
      if (Value.isUndef())
        continue;
      Restored = Restored->bindLoc(Address, Value, Frame);
    }
  };
  RestoreWhatTheLoopLeavesAlone(localsOf(Function));
  // Widening forgets the program's globals too (`if (bPinGenericMemory)
  // free(p); else cudaFreeHost(p);` after a loop in cuda-samples'
  // simpleZeroCopy took the branch that leaks); those the loop neither
  // names nor can reach through a call get their values back as well.
  if (runsOnlyLibraryCode(Loop, C.getSourceManager()))
    RestoreWhatTheLoopLeavesAlone(globalsOf(Function));
  if (Restored != State)
    C.addTransition(Restored);
}

bool MemoryModeling::keepsItsAllocation(const VarRegion *Variable, const CudaApi &Api) const {
  const auto *Declaration = dyn_cast<VarDecl>(Variable->getDecl());
  const Decl *Function = Variable->getStackFrame()->getDecl();
  if (!Declaration || !Function || !Function->getBody())
    return false;
  if (auto It = AllocationOnlyVariables.find(Declaration); It != AllocationOnlyVariables.end())
    return It->second;
  // The variables the value can come from, each with its own writes checked;
  // then, until nothing changes, a variable that receives the value of one
  // that does not keep its allocation does not keep its own.
  llvm::MapVector<const VarDecl *, llvm::SmallVector<const VarDecl *, 2>> Group;
  llvm::SmallVector<const VarDecl *, 4> Pending{Declaration};
  llvm::DenseMap<const VarDecl *, bool> Keeps;
  while (!Pending.empty()) {
    const VarDecl *Next = Pending.pop_back_val();
    if (Group.count(Next))
      continue;
    AllocationOnlyWrites Writes(Next, Api);
    Keeps[Next] = Writes.holds(Function->getBody());
    Group[Next].assign(Writes.copiedFrom().begin(), Writes.copiedFrom().end());
    for (const VarDecl *Source : Writes.copiedFrom())
      Pending.push_back(Source);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[Member, Sources] : Group)
      if (Keeps[Member] &&
          llvm::any_of(Sources, [&](const VarDecl *Source) { return !Keeps[Source]; }))
        Keeps[Member] = false, Changed = true;
  }
  for (auto &[Member, Sources] : Group)
    AllocationOnlyVariables.try_emplace(Member, Keeps[Member]);
  return Keeps[Declaration];
}

// Loop widening (after a loop's third iteration) forgets every local of the
// function, and with them the pointers to what it allocated. A variable that
// only allocations write still holds the same address after the loop: it is
// bound again, and the memory stays tracked.
ProgramStateRef MemoryModeling::restoreAfterWidening(ProgramStateRef State, SymbolRef Sym) const {
  const Allocation *Memory = State->get<Allocations>(Sym);
  const Holder *Kept = State->get<Holders>(Sym);
  const auto *Variable = Kept ? dyn_cast<VarRegion>(Kept->Region) : nullptr;
  if (!Memory || Memory->state() != Ownership::Allocated || !Variable ||
      !Variable->getValueType()->isScalarType() || !keepsItsAllocation(Variable, api(State)))
    return nullptr;
  return State->bindLoc(loc::MemRegionVal(Variable), Kept->Value, Variable->getStackFrame());
}

ProgramStateRef MemoryModeling::release(ProgramStateRef State, CheckerContext &C, SVal Address,
                                        MemoryFamily Family, llvm::StringRef By,
                                        SymbolRef Status) const {
  SymbolRef Sym = allocationStart(Address);
  if (!Sym)
    return State;
  if (const Allocation *Memory = State->get<Allocations>(Sym)) {
    // A release of the wrong family fails and the memory stays allocated
    // (cuda-mismatched-free reports it).
    if ((Memory->state() == Ownership::Allocated || Memory->state() == Ownership::Escaped) &&
        CudaApi::releaseAccepts(Family, Memory->family()))
      return State->set<Allocations>(Sym, Memory->with(Ownership::Released, By, Status));
    return State;
  }
  // Memory of unknown provenance (a parameter, a field): released now, and a
  // second release on this path is still a double free.
  return State->set<Allocations>(Sym,
                                 Allocation(Ownership::Released, Family, /*Site=*/nullptr,
                                            C.getStackFrame(), /*Allocator=*/"", /*Release=*/"",
                                            /*Status=*/nullptr)
                                     .with(Ownership::Released, By, Status));
}

void MemoryModeling::checkPostCall(const CallEvent &Call, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  const CudaApi &Api = api(C);
  const FunctionSummary *Summary = projectFunctionCalled(Call, Api);
  if (std::optional<ReleaseCall> Release = releaseCall(Call, Api)) {
    SymbolRef Status =
        Call.getResultType()->isVoidType() ? nullptr : Call.getReturnValue().getAsSymbol();
    State = release(State, C, Release->Address, Release->Family, Release->Name, Status);
    if (Summary)
      State = receiveProjectMemory(Call, *Summary, State, C);
    C.addTransition(State);
    return;
  }
  if (Summary) {
    C.addTransition(receiveProjectMemory(Call, *Summary, State, C));
    return;
  }
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return;
  if (llvm::StringRef Destroy = Api.handleDestruction(Callee); !Destroy.empty()) {
    SVal Handle = Call.getArgSVal(0);
    if (SymbolRef Sym = allocationStart(Handle); Sym && State->get<Allocations>(Sym)) {
      SymbolRef Status =
          Call.getResultType()->isVoidType() ? nullptr : Call.getReturnValue().getAsSymbol();
      C.addTransition(release(State, C, Handle, MemoryFamily::Handle, Destroy, Status));
    }
    return;
  }
  if (Api.registersExitHandler(Callee)) {
    C.addTransition(State->set<ExitHandlerRegistered>(true));
    return;
  }
  if (Api.launchesGraph(Callee)) {
    // Every launch of a graph with memory nodes allocates their memory again,
    // at the same address: what was released outside the graph is live again.
    for (auto [Sym, Memory] : State->get<Allocations>())
      if (Memory.state() == Ownership::Released && !Memory.site())
        State = State->remove<Allocations>(Sym);
    C.addTransition(State);
    return;
  }
  if (const MappedPointerApi *Mapped = Api.mappedPointer(Callee)) {
    C.addTransition(recordDeviceAlias(Call, *Mapped, C));
    return;
  }
  if (const PointerQueryApi *Query = Api.pointerQuery(Callee)) {
    C.addTransition(answerPointerQuery(Call, *Query, C));
    return;
  }
  if (const BorrowedMemoryApi *Borrow = Api.borrowedMemory(Callee)) {
    SymbolRef Sym = Call.getReturnValue().getAsSymbol();
    if (Sym && !State->get<Allocations>(Sym))
      C.addTransition(State->set<Allocations>(
          Sym, Allocation(Ownership::Borrowed, Borrow->Family, Call.getOriginExpr(),
                          C.getStackFrame(), Borrow->Display, "", nullptr)));
    return;
  }
  if (isSmartPointerConstructor(Call, Api)) {
    for (unsigned I = 0; I < Call.getNumArgs(); ++I)
      if (SymbolRef Sym = Call.getArgSVal(I).getAsSymbol())
        State = escape(State, Sym);
    C.addTransition(State);
  }
}

// What a project function in another unit hands its caller: memory as its
// return value, and through its out-parameters. The analyzer evaluated the
// call as any call it does not follow (what the out-parameters point to is
// invalidated); the memory replaces those values, as cudaMalloc's does. A
// status the function returns says, as cudaMalloc's does, whether it
// allocated.
ProgramStateRef MemoryModeling::receiveProjectMemory(const CallEvent &Call,
                                                     const FunctionSummary &Summary,
                                                     ProgramStateRef State,
                                                     CheckerContext &C) const {
  const Expr *Origin = Call.getOriginExpr();
  const LocationContext *Context = C.getLocationContext();
  SValBuilder &Builder = C.getSValBuilder();
  MemRegionManager &Regions = Builder.getRegionManager();
  // Distinct symbols for the return value and each out-parameter.
  static int Tags[8];
  auto FreshMemory = [&](QualType Type, unsigned Tag) -> SVal {
    const SymbolConjured *Sym =
        Builder.conjureSymbol(Call.getCFGElementRef(), Context, Type, C.blockCount(), &Tags[Tag]);
    return loc::MemRegionVal(Regions.getSymbolicHeapRegion(Sym));
  };
  SymbolRef Status =
      api(C).isStatusType(Call.getResultType()) ? Call.getReturnValue().getAsSymbol() : nullptr;
  if (Summary.Returns && Loc::isLocType(Call.getResultType())) {
    SVal Address = FreshMemory(Call.getResultType(), 0);
    State = State->BindExpr(Origin, Context, Address);
    State = track(State, C, Origin, Address, /*Holder=*/nullptr, Summary.Returns->Family,
                  Summary.Name, Summary.Returns->Release, /*Status=*/nullptr);
  }
  for (const auto &[Parameter, Memory] : Summary.WritesAllocation) {
    if (Parameter >= Call.getNumArgs() || Parameter >= Call.parameters().size() ||
        Parameter + 1 >= std::size(Tags))
      continue;
    std::optional<Loc> Out = Call.getArgSVal(Parameter).getAs<Loc>();
    if (!Out || !Out->getAsRegion())
      continue;
    QualType Declared = Call.parameters()[Parameter]->getType();
    QualType Target =
        Declared->isReferenceType() ? Declared.getNonReferenceType() : Declared->getPointeeType();
    if (Target.isNull() || !Loc::isLocType(Target))
      continue;
    SVal Address = FreshMemory(Target, Parameter + 1);
    State = State->bindLoc(*Out, Address, Context);
    State = track(State, C, Origin, Address, Out->getAsRegion(), Memory.Family, Summary.Name,
                  Memory.Release, Status);
  }
  return State;
}

// A pointer query answers as the memory was allocated, so that a copy
// helper's branch on the answer (`if (attributes.type ==
// cudaMemoryTypeDevice)`) takes the one path the memory allows, and its
// cudaMemcpyKind is judged on that path only: the query succeeds (on any
// valid pointer since CUDA 11), the memory type is the family's, and memory
// the device reaches has a device ordinal, not a negative one. Memory of
// unknown origin keeps the unknown answer the call's evaluation gave it: both
// branches stay.
ProgramStateRef MemoryModeling::answerPointerQuery(const CallEvent &Call,
                                                   const PointerQueryApi &Api,
                                                   CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  SVal Pointer = Call.getArgSVal(Api.PointerParam);
  std::optional<MemoryFamily> Family = familyOf(State, Pointer);
  if (!Family || deviceAliasOf(State, Pointer))
    return State;
  const auto *Attributes =
      dyn_cast_or_null<TypedValueRegion>(Call.getArgSVal(Api.AttributesParam).getAsRegion());
  const RecordDecl *Record = Attributes ? Attributes->getValueType()->getAsRecordDecl() : nullptr;
  if (!Record || !(Record = Record->getDefinition()))
    return State;
  SValBuilder &Builder = C.getSValBuilder();
  MemRegionManager &Regions = C.getStoreManager().getRegionManager();
  // Each answer is a constraint the path must meet; one it cannot meet (the
  // path already assumed another answer) leaves the state as it was.
  auto Assume = [&](SVal Left, BinaryOperatorKind Op, SVal Right) {
    auto Condition = Builder.evalBinOp(State, Op, Left, Right, Builder.getConditionType())
                         .getAs<DefinedOrUnknownSVal>();
    if (Condition)
      if (ProgramStateRef Met = State->assume(*Condition, true))
        State = Met;
  };
  if (!Call.getResultType()->isVoidType())
    Assume(Call.getReturnValue(), BO_EQ, Builder.makeZeroVal(Call.getResultType()));
  for (const FieldDecl *Field : Record->fields()) {
    if (!Field->getIdentifier())
      continue;
    const FieldRegion *Answer = Regions.getFieldRegion(Field, Attributes);
    if (Field->getName() == Api.DeviceField && Field->getType()->isIntegerType() &&
        CudaApi::deviceReachable(*Family))
      Assume(State->getSVal(Answer), BO_GE, Builder.makeZeroVal(Field->getType()));
    const auto *Enum = Field->getType()->getAs<EnumType>();
    const EnumDecl *Declaration = Enum ? Enum->getDecl()->getDefinition() : nullptr;
    if (Field->getName() != Api.MemoryTypeField || !Declaration)
      continue;
    for (const EnumConstantDecl *Enumerator : Declaration->enumerators())
      if (Enumerator->getName() == CudaApi::memoryTypeEnumerator(*Family))
        State =
            State->bindLoc(loc::MemRegionVal(Answer), Builder.makeIntVal(Enumerator->getInitVal()),
                           C.getLocationContext());
  }
  return State;
}

// cudaHostGetDevicePointer(&d, h, 0): the call, evaluated as the analyzer
// evaluates any call it does not know, left a fresh value in `d`; that value
// is the device's address of `h`. The toolkit's template overload calls the
// C function from its header: the alias is recorded at the user's call.
ProgramStateRef MemoryModeling::recordDeviceAlias(const CallEvent &Call,
                                                  const MappedPointerApi &Api,
                                                  CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  const SourceManager &SM = C.getSourceManager();
  const Expr *Site = Call.getOriginExpr();
  if (!Site || SM.isInSystemHeader(SM.getExpansionLoc(Site->getBeginLoc())))
    return State;
  std::optional<Loc> Out;
  if (Api.OutParam < Call.getNumArgs())
    Out = Call.getArgSVal(Api.OutParam).getAs<Loc>();
  if (!Out || Api.OutParam >= Call.parameters().size())
    return State;
  QualType Target = Call.parameters()[Api.OutParam]->getType()->getPointeeType();
  SymbolRef Alias = State->getSVal(*Out, Target).getAsSymbol();
  if (!Alias || State->get<DeviceAliases>(Alias))
    return State;
  SymbolRef Host = Api.HostParam < Call.getNumArgs()
                       ? allocationSymbol(Call.getArgSVal(Api.HostParam))
                       : nullptr;
  return State->set<DeviceAliases>(Alias, DeviceAlias{Site, Host, Api.Name});
}

void MemoryModeling::checkNewAllocator(const CXXAllocatorCall &Call, CheckerContext &C) const {
  const FunctionDecl *Callee = calleeOf(Call);
  if (C.wasInlined || !Callee || !Callee->isReplaceableGlobalAllocationFunction() ||
      Callee->isReservedGlobalPlacementOperator())
    return;
  bool IsArray = Call.getOriginExpr()->isArray();
  SVal Address = Call.getObjectUnderConstruction();
  C.addTransition(track(C.getState(), C, Call.getOriginExpr(), Address,
                        /*Holder=*/nullptr, MemoryFamily::PageableHost,
                        CudaApi::newExpressionName(IsArray), CudaApi::deleteExpressionName(IsArray),
                        nullptr));
}

ProgramStateRef MemoryModeling::checkPointerEscape(ProgramStateRef State,
                                                   const InvalidatedSymbols &Escaped,
                                                   const CallEvent *Call,
                                                   PointerEscapeKind Kind) const {
  // A pointer passed to a call that uses it and returns stays ours, also
  // with an offset (`d + 16`). A pointer stored in memory the call may write
  // (`&d` among the arguments) is lost: the analyzer forgets what that
  // memory held.
  // The allocation APIs this model evaluates itself write their out-parameter
  // (PSK_EscapeOutParameters): that is where the memory goes, not an escape.
  bool OnCall = Kind == PSK_DirectEscapeOnCall || Kind == PSK_IndirectEscapeOnCall ||
                Kind == PSK_EscapeOutParameters;
  // A project function in another unit keeps what its summary says it
  // keeps; what is stored inside the memory it is given escapes, as for any
  // call (the summary speaks of its parameters alone).
  const CudaApi &Api = api(State);
  const FunctionSummary *Summary = OnCall && Call ? projectFunctionCalled(*Call, Api) : nullptr;
  bool CallKeepsNothing = OnCall && Call && (Summary || !mayKeepPointers(*Call, Api));
  bool Widening = Kind == PSK_EscapeOther && !Call;
  for (SymbolRef Sym : Escaped) {
    if (CallKeepsNothing && (Kind != PSK_IndirectEscapeOnCall || isArgumentBase(*Call, Sym)) &&
        !(Summary && keptByProjectFunction(*Call, *Summary, Sym)))
      continue;
    if (Widening)
      if (ProgramStateRef Restored = restoreAfterWidening(State, Sym)) {
        State = Restored;
        continue;
      }
    if (OnCall)
      State = State->remove<StaticHolders>(Sym);
    State = escape(State, Sym);
  }
  return State;
}

// A release's status stays alive while its memory is tracked: whether the
// release failed on a path is read from the constraints on it long after
// the program stopped looking at the status.
void MemoryModeling::checkLiveSymbols(ProgramStateRef State, SymbolReaper &Reaper) const {
  for (const auto &[Sym, Memory] : State->get<Allocations>())
    if (SymbolRef Status = Memory.releaseStatus())
      Reaper.markLive(Status);
}

// Of `Candidates`, the memory nothing holds once the frames `Gone` selects
// are gone: no memory that outlives them reaches it, and no object in them
// whose destructor releases memory holds it (the analyzer ends the path
// without running that destructor; the program runs it).
llvm::SmallVector<SymbolRef, 2>
MemoryModeling::lostWith(ProgramStateRef State, llvm::ArrayRef<SymbolRef> Candidates,
                         llvm::function_ref<bool(const StackFrameContext *)> Gone) const {
  if (Candidates.empty())
    return {};
  FrameExit Exit(State, Gone, Destructors);
  llvm::SmallVector<SymbolRef, 2> Lost;
  for (SymbolRef Sym : Candidates)
    if (Exit.lost(Sym))
      Lost.push_back(Sym);
  return Lost;
}

void MemoryModeling::checkDeadSymbols(SymbolReaper &Reaper, CheckerContext &C) const {
  ProgramStateRef Before = C.getState();
  ProgramStateRef State = Before;
  llvm::SmallVector<SymbolRef, 2> Dead;
  for (auto [Sym, Memory] : Before->get<Allocations>()) {
    if (Reaper.isDead(Sym)) {
      if (stillOurs(Before, Sym, Memory))
        Dead.push_back(Sym);
      State = State->remove<Allocations>(Sym);
    }
  }
  for (SymbolRef Sym : llvm::make_first_range(Before->get<Holders>()))
    if (Reaper.isDead(Sym))
      State = State->remove<Holders>(Sym);
  for (SymbolRef Sym : llvm::make_first_range(Before->get<DeviceAliases>()))
    if (Reaper.isDead(Sym))
      State = State->remove<DeviceAliases>(Sym);
  for (SymbolRef Sym : Before->get<ReportedMemory>())
    if (Reaper.isDead(Sym))
      State = State->remove<ReportedMemory>(Sym);
  if (State == Before)
    return;
  llvm::SmallVector<SymbolRef, 2> Lost =
      lostWith(Before, Dead, [](const StackFrameContext *) { return true; });
  // A block from which every path ends in a throw or a noreturn call: the
  // bug reporter drops every leak found there (a throw is often how a
  // program gives up). The memory stays in the map until the path reaches
  // the throw or the exit(0), which reports it if the program goes on.
  const CFGBlock *Block = C.getPredecessor()->getCFGBlock();
  if (Block && Block->isInevitablySinking()) {
    std::optional<StmtPoint> Point = C.getLocation().getAs<StmtPoint>();
    for (SymbolRef Sym : Lost) {
      State = State->set<Allocations>(Sym, *Before->get<Allocations>(Sym));
      if (const Holder *Kept = Before->get<Holders>(Sym))
        State = State->set<Holders>(Sym, *Kept);
      if (!stillHeld(Before, Sym, Point ? Point->getStmt() : nullptr))
        State = State->add<LostBeforeLeaving>(Sym);
    }
    Lost.clear();
  }
  ExplodedNode *Node = C.getPredecessor();
  if (!Lost.empty()) {
    Node = C.generateNonFatalErrorNode(Before);
    if (Node)
      for (SymbolRef Sym : Lost)
        dispatchEvent(MemoryLost{Node, Sym, &C});
  }
  C.addTransition(State, Node);
}

// The memory variables of static storage still hold: stored there and not
// handed on since, neither released nor known to have failed. A variable
// whose destructor runs after main (an RAII owner) may still release it, and
// so may an exit handler: neither is counted.
llvm::SmallVector<SymbolRef, 2> heldByStatics(ProgramStateRef State) {
  llvm::SmallVector<SymbolRef, 2> Held;
  if (State->get<ExitHandlerRegistered>())
    return Held;
  for (auto [Sym, Region] : State->get<StaticHolders>()) {
    const Allocation *Memory = State->get<Allocations>(Sym);
    if (!Memory || Memory->state() != Ownership::Escaped || allocationFailed(State, Sym, *Memory) ||
        State->contains<ReportedMemory>(Sym))
      continue;
    const auto *Stored = dyn_cast<TypedValueRegion>(Region);
    const auto *Variable = dyn_cast<VarRegion>(Region->getBaseRegion());
    if (!Stored || !Variable)
      continue;
    const CXXRecordDecl *Record =
        Variable->getValueType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (Record && Record->hasDefinition() && !Record->hasTrivialDestructor())
      continue;
    if (allocationStart(State->getSVal(Stored)) == Sym)
      Held.push_back(Sym);
  }
  llvm::sort(Held, [](SymbolRef A, SymbolRef B) { return A->getSymbolID() < B->getSymbolID(); });
  return Held;
}

// The path leaves the code the analyzer follows: what only the frames it
// leaves held is lost; when the program ends, so is what its statics hold.
void MemoryModeling::leavePath(const PathLeaves &Leaves, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  llvm::SmallVector<SymbolRef, 2> Lost =
      lostWith(State, unreleasedMemory(State), [&](const StackFrameContext *Frame) {
        return llvm::is_contained(Leaves.Frames, Frame);
      });
  llvm::SmallVector<SymbolRef, 2> Held;
  if (Leaves.ProgramEnds)
    Held = heldByStatics(State);
  Lost.append(Held);
  if (!Lost.empty()) {
    ProgramStateRef Reported = State;
    for (SymbolRef Sym : Lost)
      Reported = Reported->add<ReportedMemory>(Sym);
    if (ExplodedNode *Node = C.generateNonFatalErrorNode(Reported)) {
      for (SymbolRef Sym : Lost)
        dispatchEvent(MemoryLost{Node, Sym, &C,
                                 Leaves.ProgramEnds && !State->contains<LostBeforeLeaving>(Sym),
                                 /*PathLeaves=*/true, llvm::is_contained(Held, Sym)});
    }
  }
}

void MemoryModeling::checkPreStmt(const Expr *E, CheckerContext &C) const {
  if (const CXXThrowExpr *Throw = thrownBy(E, C)) {
    PathLeaves Leaves{framesUnwound(Throw, C.getLocationContext()), false};
    if (!Leaves.Frames.empty())
      leavePath(Leaves, C);
  }
}

void MemoryModeling::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  if (isSuccessfulExitFromMain(Call, C)) {
    leavePath(programEnds(C), C);
    return;
  }
  // An integer handle (cufftHandle, CUdeviceptr) handed by value to a call
  // that is not followed and may keep it: the analyzer sees no pointer
  // escape, but the callee may destroy or keep it.
  const Decl *Definition = Call.getRuntimeDefinition().getDecl();
  const CudaApi &Api = api(C);
  if ((Definition && Definition->hasBody()) || projectFunctionCalled(Call, Api) ||
      !mayKeepPointers(Call, Api))
    return;
  ProgramStateRef State = C.getState();
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (const Expr *Argument = Call.getArgExpr(I); Argument && Argument->getType()->isIntegerType())
      if (SymbolRef Sym = allocationSymbol(Call.getArgSVal(I)))
        State = escape(State, Sym);
  if (State != C.getState())
    C.addTransition(State);
}

// main returns: its locals die as symbols do, but what the program's statics
// hold stays allocated until the process exits.
void MemoryModeling::checkEndFunction(const ReturnStmt *, CheckerContext &C) const {
  const auto *Function = dyn_cast_or_null<FunctionDecl>(C.getStackFrame()->getDecl());
  if (!C.inTopFrame() || !Function || !Function->isMain())
    return;
  ProgramStateRef State = C.getState();
  llvm::SmallVector<SymbolRef, 2> Held = heldByStatics(State);
  if (Held.empty())
    return;
  for (SymbolRef Sym : Held)
    State = State->add<ReportedMemory>(Sym);
  if (ExplodedNode *Node = C.generateNonFatalErrorNode(State))
    for (SymbolRef Sym : Held)
      dispatchEvent(MemoryLost{Node, Sym, &C, /*ProgramEnds=*/true, /*PathLeaves=*/true,
                               /*HeldByStatic=*/true});
}

// What the analysed function returns belongs to its caller, which we do not
// see; in an inlined call the caller is analysed and keeps tracking it.
void MemoryModeling::checkPreStmt(const ReturnStmt *Return, CheckerContext &C) const {
  if (!C.inTopFrame() || !Return->getRetValue())
    return;
  SVal Value = C.getSVal(Return->getRetValue());
  ProgramStateRef State = C.getState();
  SymbolCollector Reachable;
  State->scanReachableSymbols(Value, Reachable);
  if (const MemRegion *Region = Value.getAsRegion())
    if (const auto *Base = dyn_cast<SymbolicRegion>(Region->getBaseRegion()))
      Reachable.Symbols.push_back(Base->getSymbol());
  for (SymbolRef Sym : Reachable.Symbols)
    State = escape(State, Sym);
  C.addTransition(State);
}

// A status known to be an error, or an address known to be null: on this
// path the allocation never happened.
ProgramStateRef MemoryModeling::evalAssume(ProgramStateRef State, SVal, bool) const {
  for (auto [Sym, Memory] : State->get<Allocations>()) {
    if (Memory.state() == Ownership::Allocated && allocationFailed(State, Sym, Memory))
      State = State->remove<Allocations>(Sym);
    // Read while the status is alive: its constraints go when it dies.
    else if (State->get<StaticHolders>(Sym) && allocationFailed(State, Sym, Memory))
      State = State->remove<StaticHolders>(Sym);
  }
  return State;
}

class HistoryNotes final : public BugReporterVisitor {
public:
  explicit HistoryNotes(SymbolRef Sym) : Sym(Sym) {}

  void Profile(llvm::FoldingSetNodeID &ID) const override {
    static int Tag;
    ID.AddPointer(&Tag);
    ID.AddPointer(Sym);
  }

  PathDiagnosticPieceRef VisitNode(const ExplodedNode *Node, BugReporterContext &BRC,
                                   PathSensitiveBugReport &) override {
    if (Node->pred_empty())
      return nullptr;
    const Stmt *S = Node->getStmtForDiagnostics();
    if (!S)
      return nullptr;
    ProgramStateRef Before = Node->getFirstPred()->getState();
    std::string Message = allocationEvent(Node->getState(), Before);
    if (Message.empty())
      Message = aliasEvent(Node->getState(), Before);
    if (Message.empty())
      return nullptr;
    PathDiagnosticLocation Where(S, BRC.getSourceManager(), Node->getLocationContext());
    return std::make_shared<PathDiagnosticEventPiece>(Where, Message, true);
  }

private:
  std::string allocationEvent(ProgramStateRef State, ProgramStateRef BeforeState) const {
    const Allocation *Now = State->get<Allocations>(Sym);
    if (!Now)
      return "";
    const Allocation *Before = BeforeState->get<Allocations>(Sym);
    if (!Before && Now->state() != Ownership::Released) {
      if (Now->state() == Ownership::Borrowed)
        return ("the pointer comes from " + Now->allocator() + ", which owns the " +
                memoryFamilyName(Now->family()) + " it points to")
            .str();
      if (const HandleApi *Handle = CudaApi::handleCreationNamed(Now->allocator());
          Handle && Now->family() == MemoryFamily::Handle)
        return "the " + CudaApi::handleName(*Handle) + " is created here by '" +
               documentedName(Now->allocator()).str() + "'";
      return (memoryFamilyName(Now->family()) + " is allocated here by '" +
              documentedName(Now->allocator()) + "'")
          .str();
    }
    if (Now->state() == Ownership::Released && (!Before || Before->state() != Ownership::Released))
      return ((Now->family() == MemoryFamily::Handle ? "the handle is destroyed here by '"
                                                     : "the memory is released here by '") +
              documentedName(Now->releasedBy()) + "'")
          .str();
    return "";
  }

  std::string aliasEvent(ProgramStateRef State, ProgramStateRef BeforeState) const {
    const DeviceAlias *Alias = State->get<DeviceAliases>(Sym);
    if (!Alias || BeforeState->get<DeviceAliases>(Sym))
      return "";
    return ("the device address of mapped pinned host memory is taken here "
            "by '" +
            documentedName(Alias->Api) + "'")
        .str();
  }

  SymbolRef Sym;
};

} // namespace

bool stillHeld(ProgramStateRef State, SymbolRef Sym, const Stmt *Next) {
  const Holder *Kept = Sym ? State->get<Holders>(Sym) : nullptr;
  if (!Kept)
    return false;
  // An address stored in an integer narrower than a pointer is truncated:
  // nothing holds it.
  if (const auto *Typed = dyn_cast<TypedValueRegion>(Kept->Region)) {
    QualType Type = Typed->getValueType();
    const ASTContext &Context = Typed->getContext();
    if (!Type->isPointerType() &&
        !(Type->isIntegerType() &&
          Context.getTypeSize(Type) >= Context.getTypeSize(Context.VoidPtrTy)))
      return false;
  }
  // The variable dies before the statement that overwrites it: liveness
  // alone does not tell an overwrite from a last use.
  const auto *Variable = dyn_cast<VarRegion>(Kept->Region->getBaseRegion());
  return !Next || !Variable || !overwrites(Next, Variable->getDecl());
}

const StackFrameContext *holdingFrame(ProgramStateRef State, SymbolRef Sym) {
  const Holder *Kept = Sym ? State->get<Holders>(Sym) : nullptr;
  const auto *Space =
      Kept ? dyn_cast<StackSpaceRegion>(Kept->Region->getMemorySpace(State)) : nullptr;
  return Space ? Space->getStackFrame() : nullptr;
}

llvm::SmallVector<const StackFrameContext *, 4> framesUnwound(const CXXThrowExpr *Throw,
                                                              const LocationContext *Context) {
  llvm::SmallVector<const StackFrameContext *, 4> Unwound;
  const Stmt *S = Throw;
  for (const StackFrameContext *Frame = Context->getStackFrame(); Frame;) {
    if (insideTryBlock(S, Frame->getParentMap()))
      return Unwound;
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Frame->getDecl());
    if (!Function || Function->isMain() || isNoexcept(Function))
      return {};
    Unwound.push_back(Frame);
    S = Frame->getCallSite();
    const LocationContext *Parent = Frame->getParent();
    Frame = Parent && S ? Parent->getStackFrame() : nullptr;
  }
  return Unwound;
}

const Allocation *find(ProgramStateRef State, SymbolRef Sym) {
  return Sym ? State->get<Allocations>(Sym) : nullptr;
}

llvm::SmallVector<SymbolRef, 4> unreleasedMemory(ProgramStateRef State) {
  llvm::SmallVector<SymbolRef, 4> Unreleased;
  for (auto [Sym, Memory] : State->get<Allocations>())
    if (stillOurs(State, Sym, Memory))
      Unreleased.push_back(Sym);
  // The map is ordered by address; reports go out in the program's order.
  llvm::sort(Unreleased,
             [](SymbolRef A, SymbolRef B) { return A->getSymbolID() < B->getSymbolID(); });
  return Unreleased;
}

ExplodedNode *reportNode(CheckerContext &C, SymbolRef Sym) {
  ProgramStateRef State = C.getState();
  if (!Sym)
    return C.generateNonFatalErrorNode(State);
  if (State->contains<ReportedMemory>(Sym))
    return nullptr;
  return C.generateNonFatalErrorNode(State->add<ReportedMemory>(Sym));
}

void reportedElsewhere(CheckerContext &C, SymbolRef Sym) {
  ProgramStateRef State = C.getState();
  if (Sym && !State->contains<ReportedMemory>(Sym))
    C.addTransition(State->add<ReportedMemory>(Sym));
}

bool releasedOnPath(ProgramStateRef State, const Allocation &Memory) {
  if (Memory.state() != Ownership::Released)
    return false;
  SymbolRef Status = Memory.releaseStatus();
  return !Status || !State->getConstraintManager().isNull(State, Status).isConstrainedFalse();
}

SymbolRef allocationSymbol(SVal Address) {
  if (SymbolRef Sym = Address.getAsSymbol(/*IncludeBaseRegions=*/true)) {
    // An integer handle plus or minus an offset.
    while (const auto *Offset = dyn_cast<SymIntExpr>(Sym)) {
      if (Offset->getOpcode() != BO_Add && Offset->getOpcode() != BO_Sub)
        break;
      Sym = Offset->getLHS();
    }
    return Sym;
  }
  return nullptr;
}

SymbolRef allocationStart(SVal Address) {
  return Address.getAsSymbol(/*IncludeBaseRegions=*/false);
}

std::optional<MemoryFamily> familyOf(ProgramStateRef State, SVal Address) {
  if (const Allocation *Memory = find(State, allocationSymbol(Address)))
    return Memory->family();
  if (deviceAliasOf(State, Address))
    return MemoryFamily::Device;
  const MemRegion *Region = Address.getAsRegion();
  if (!Region)
    return std::nullopt;
  if (Region->hasMemorySpace<StackSpaceRegion>(State))
    return MemoryFamily::Stack;
  if (!Region->hasMemorySpace<GlobalsSpaceRegion>(State))
    return std::nullopt;
  // On the host, a __device__ variable's name stands for its device symbol.
  if (const VarDecl *Variable = storageVariable(Address))
    return CudaApi::staticStorageFamily(*Variable);
  return MemoryFamily::PageableHost;
}

const VarDecl *storageVariable(SVal Address) {
  const MemRegion *Region = Address.getAsRegion();
  const auto *Variable = Region ? dyn_cast<VarRegion>(Region->getBaseRegion()) : nullptr;
  return Variable ? dyn_cast<VarDecl>(Variable->getDecl()) : nullptr;
}

const DeviceAlias *deviceAliasOf(ProgramStateRef State, SVal Address) {
  SymbolRef Sym = allocationSymbol(Address);
  return Sym ? State->get<DeviceAliases>(Sym) : nullptr;
}

std::optional<ReleaseCall> releaseCall(const CallEvent &Call, const CudaApi &Api) {
  if (const auto *Delete = dyn_cast<CXXDeallocatorCall>(&Call)) {
    if (!isStandardNewOrDelete(Call) || Call.getNumArgs() < 1)
      return std::nullopt;
    return ReleaseCall{Call.getArgSVal(0), Delete->getOriginExpr()->getArgument(),
                       MemoryFamily::PageableHost,
                       CudaApi::deleteExpressionName(Delete->getOriginExpr()->isArrayForm())};
  }
  if (const FunctionSummary *Summary = projectFunctionCalled(Call, Api)) {
    if (!Summary->Releases || Summary->Releases->first >= Call.getNumArgs())
      return std::nullopt;
    unsigned Pointer = Summary->Releases->first;
    return ReleaseCall{Call.getArgSVal(Pointer), Call.getArgExpr(Pointer),
                       Summary->Releases->second, Summary->Name};
  }
  const ReleaseApi *Release = Api.release(calleeOf(Call));
  if (!Release || Release->PointerParam >= Call.getNumArgs())
    return std::nullopt;
  return ReleaseCall{Call.getArgSVal(Release->PointerParam), Call.getArgExpr(Release->PointerParam),
                     Release->Family, documentedName(Release->Name)};
}

std::unique_ptr<BugReporterVisitor> historyNotes(SymbolRef Sym) {
  return std::make_unique<HistoryNotes>(Sym);
}

void registerMemoryModeling(CheckerRegistry &Registry) {
  Registry.addChecker<MemoryModeling>(
      ModelingCheckerName, "Models CUDA and host allocations for cudalint's memory checks", "",
      /*IsHidden=*/true);
}

} // namespace cudalint::memory
