// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/ProjectFunctions.h"

#include "shared/KernelLaunchChecking.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace clang;

namespace cudalint {

bool FunctionSummary::operator==(const FunctionSummary &Other) const {
  return Usr == Other.Usr && Name == Other.Name && Returns == Other.Returns &&
         WritesAllocation == Other.WritesAllocation && Releases == Other.Releases &&
         Keeps == Other.Keeps && SynchronizesDevice == Other.SynchronizesDevice &&
         WaitsFor == Other.WaitsFor && IgnoresStatus == Other.IgnoresStatus;
}

CudaEffect FunctionSummary::cudaEffect() const {
  auto OnDevice = [](MemoryFamily Family) { return Family != MemoryFamily::PageableHost; };
  if ((Returns && OnDevice(Returns->Family)) || (Releases && OnDevice(Releases->second)) ||
      llvm::any_of(WritesAllocation,
                   [&](const auto &Written) { return OnDevice(Written.second.Family); }))
    return CudaEffect::OnMemory;
  return SynchronizesDevice || WaitsFor ? CudaEffect::WaitsOnly : CudaEffect::None;
}

namespace {

// The family as the summaries' text writes it.
llvm::StringRef familyKey(MemoryFamily Family) {
  switch (Family) {
  case MemoryFamily::Device:
    return "device";
  case MemoryFamily::PinnedHost:
    return "pinned";
  case MemoryFamily::MappedHost:
    return "mapped";
  case MemoryFamily::Managed:
    return "managed";
  case MemoryFamily::PageableHost:
    return "pageable";
  case MemoryFamily::Stack:
    return "stack";
  case MemoryFamily::Handle:
    return "handle";
  }
  llvm_unreachable("unknown memory family");
}

// What a function does with one of its pointer parameters, judged from
// every use of it in the body.
struct ParameterFate {
  enum Kind { UsedOnly, Kept, Released, ReceivesAllocation } What = UsedOnly;
  MemoryHandedOut Memory{MemoryFamily::Device, ""}; // Released: the family

  // Two uses together: the same effect twice is that effect; anything else
  // is more than a summary says.
  void add(const ParameterFate &Use) {
    if (Use.What == UsedOnly || What == Kept)
      return;
    if (What == UsedOnly) {
      *this = Use;
      return;
    }
    if (Use.What != What || !(Use.Memory == Memory))
      What = Kept;
  }
  static ParameterFate kept() { return {Kept, {MemoryFamily::Device, ""}}; }
};

struct Facts {
  std::vector<ParameterFate> Parameters;
  std::optional<MemoryHandedOut> Returns;
  bool SynchronizesDevice = false;
  std::optional<HandleWait> WaitsFor;
  std::vector<unsigned> IgnoredStatus;
};

bool isObjectPointer(QualType Type) {
  return Type->isPointerType() && !Type->getPointeeType()->isFunctionType();
}

// `T *&`: the caller's own pointer variable.
bool isReferenceToPointer(QualType Type) {
  return Type->isLValueReferenceType() && isObjectPointer(Type.getNonReferenceType());
}

// Parameters a summary speaks of; a reference to anything but a pointer is
// kept.
bool isSummarisedParameter(const ParmVarDecl *Parameter) {
  QualType Type = Parameter->getType();
  return isObjectPointer(Type) || Type->isReferenceType();
}

class Summariser {
public:
  Summariser(ASTContext &Context, const CudaApi &Api) : Context(Context), Api(Api) {}

  // The facts of a function the unit defines (definitionOf), nullopt for
  // any other; a function in a cycle of calls that reaches itself again
  // knows nothing of itself yet: every parameter kept.
  std::optional<Facts> factsOf(const FunctionDecl *Function) {
    const FunctionDecl *Definition = definitionOf(Function);
    if (!Definition)
      return std::nullopt;
    auto Found = Known.find(Definition);
    if (Found != Known.end())
      return Found->second;
    if (!InProgress.insert(Definition).second) {
      Facts Unknown;
      Unknown.Parameters.assign(Definition->getNumParams(), ParameterFate::kept());
      return Unknown;
    }
    Facts Computed = compute(Definition);
    InProgress.erase(Definition);
    Known[Definition] = Computed;
    return Computed;
  }

  // The unit's definition of `Function` when the unit has one the summary
  // can read: the project's code, not a system header's.
  const FunctionDecl *definitionOf(const FunctionDecl *Function) const {
    const FunctionDecl *Definition = Function ? Function->getDefinition() : nullptr;
    if (!Definition || !Definition->hasBody() || Definition->isDependentContext() ||
        Context.getSourceManager().isInSystemHeader(
            Context.getSourceManager().getExpansionLoc(Definition->getLocation())))
      return nullptr;
    return Definition;
  }

private:
  Facts compute(const FunctionDecl *Definition);

  ASTContext &Context;
  const CudaApi &Api;
  llvm::DenseMap<const FunctionDecl *, Facts> Known;
  llvm::DenseSet<const FunctionDecl *> InProgress;

  friend class BodyReader;
};

// One function body, read once: its local allocations, its returns, its
// synchronisations, and every use of each parameter.
class BodyReader : public RecursiveASTVisitor<BodyReader> {
public:
  BodyReader(Summariser &Owner, const FunctionDecl *Function)
      : Owner(Owner), Api(Owner.Api), Function(Function), Parents(Function->getBody()) {}

  Facts read() {
    TraverseStmt(Function->getBody());
    Facts Result;
    Result.SynchronizesDevice = Synchronizes;
    if (!WaitsForSeveral)
      Result.WaitsFor = Waits;
    Result.Returns = returnedMemory();
    for (const ParmVarDecl *Parameter : Function->parameters()) {
      ParameterFate Fate;
      if (isSummarisedParameter(Parameter)) {
        if ((!isObjectPointer(Parameter->getType()) &&
             !isReferenceToPointer(Parameter->getType())) ||
            Captured.contains(Parameter))
          Fate = ParameterFate::kept();
        for (const DeclRefExpr *Use : Uses.lookup(Parameter))
          Fate.add(fateOfUse(Use, Parameter));
      }
      Result.Parameters.push_back(Fate);
      if (Api.isStatusType(Parameter->getType()) && !Captured.contains(Parameter) &&
          llvm::none_of(Uses.lookup(Parameter),
                        [&](const DeclRefExpr *Use) { return readsStatus(Use); }))
        Result.IgnoredStatus.push_back(Parameter->getFunctionScopeIndex());
    }
    return Result;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  // A lambda's body is another function: its returns are not ours, and a
  // parameter it captures may outlive the call.
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable())
        if (const auto *Parameter = dyn_cast<ParmVarDecl>(Capture.getCapturedVar()))
          Captured.insert(Parameter);
    return true;
  }
  bool TraverseBlockExpr(BlockExpr *) { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *Reference) {
    if (const auto *Parameter = dyn_cast<ParmVarDecl>(Reference->getDecl());
        Parameter && Parameter->getDeclContext() == Function)
      Uses[Parameter].push_back(Reference);
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *Return) {
    Returns.push_back(Return->getRetValue());
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || isa<CUDAKernelCallExpr>(Call))
      return true;
    if (const SyncApi *Sync = Api.synchronization(Callee)) {
      if (Sync->Scope == SyncScope::Device)
        Synchronizes = true;
      else if (Sync->HandleParam &&
               (Sync->Scope == SyncScope::Stream || Sync->Scope == SyncScope::Event))
        waitsFor(Sync->Scope, Call, *Sync->HandleParam);
    }
    if (std::optional<Facts> Called = Owner.factsOf(Callee)) {
      Synchronizes |= Called->SynchronizesDevice;
      if (Called->WaitsFor)
        waitsFor(Called->WaitsFor->Scope, Call, Called->WaitsFor->Parameter);
    }
    // Memory a call writes into a local variable: `cudaMalloc(&d, n)`.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (std::optional<MemoryHandedOut> Written = writtenThrough(Call, I))
        if (const VarDecl *Local = localVariable(addressOf(Call->getArg(I))))
          LocalMemory[Local].push_back(*Written);
    // A local released here is not the caller's to release.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (releasedThrough(Call, I))
        if (const VarDecl *Local = localVariable(Call->getArg(I)))
          Released.insert(Local);
    return true;
  }

  bool VisitVarDecl(VarDecl *Variable) {
    if (isLocalPointer(Variable) && Variable->getInit())
      assigned(Variable, Variable->getInit());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Operator) {
    if (Operator->getOpcode() == BO_Assign)
      if (const VarDecl *Local = localVariable(Operator->getLHS()))
        assigned(Local, Operator->getRHS());
    return true;
  }

private:
  // A wait on the stream or event `Call` is given as its argument `I`: the
  // caller's, when the argument is one of this function's parameters.
  void waitsFor(SyncScope Scope, const CallExpr *Call, unsigned I) {
    if (I >= Call->getNumArgs())
      return;
    const auto *Reference = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
    const auto *Parameter = Reference ? dyn_cast<ParmVarDecl>(Reference->getDecl()) : nullptr;
    if (!Parameter || Parameter->getDeclContext() != Function)
      return;
    HandleWait Wait{Scope, Parameter->getFunctionScopeIndex()};
    if (Waits && !(*Waits == Wait))
      WaitsForSeveral = true;
    Waits = Wait;
  }

  // Whether one use of a status parameter reads its value. `(void)status`
  // does not, nor does handing it to a function of the unit that does not
  // read it either; anything else (a test, a return, a store, a call the
  // summary cannot see into) does.
  bool readsStatus(const DeclRefExpr *Use) const {
    const Expr *Value = Use;
    const Stmt *Parent = parentOf(Value);
    while (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent)) {
      Value = Cast;
      Parent = parentOf(Cast);
    }
    if (const auto *Cast = dyn_cast_or_null<ExplicitCastExpr>(Parent))
      return !Cast->getType()->isVoidType();
    const auto *Call = dyn_cast_or_null<CallExpr>(Parent);
    if (!Call || isa<CUDAKernelCallExpr>(Call))
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A virtual call may reach an override that reads it.
    if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee); Method && Method->isVirtual())
      return true;
    std::optional<Facts> Called = Owner.factsOf(Callee);
    if (!Called)
      return true;
    unsigned First = firstArgumentOfParameters(*Call);
    for (unsigned I = First; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParens() == Value &&
          !llvm::is_contained(Called->IgnoredStatus, I - First))
        return true;
    return false;
  }

  bool isLocalPointer(const VarDecl *Variable) const {
    return Variable && !isa<ParmVarDecl>(Variable) && Variable->hasLocalStorage() &&
           isObjectPointer(Variable->getType());
  }

  const VarDecl *localVariable(const Expr *E) const {
    if (!E)
      return nullptr;
    const auto *Reference = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    const auto *Variable = Reference ? dyn_cast<VarDecl>(Reference->getDecl()) : nullptr;
    return isLocalPointer(Variable) ? Variable : nullptr;
  }

  // `x` of `&x`, through casts: `(void **)&x`.
  static const Expr *addressOf(const Expr *E) {
    const auto *Address = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
    return Address && Address->getOpcode() == UO_AddrOf ? Address->getSubExpr() : nullptr;
  }

  void assigned(const VarDecl *Local, const Expr *Value) {
    if (std::optional<MemoryHandedOut> Memory = allocatedBy(Value))
      LocalMemory[Local].push_back(*Memory);
    else if (!Value->IgnoreParenCasts()->isNullPointerConstant(Owner.Context,
                                                               Expr::NPC_ValueDependentIsNotNull))
      Overwritten.insert(Local);
  }

  // Memory an expression's value is: `malloc(n)`, `new float[n]`, a call of
  // a function of the unit that returns memory.
  std::optional<MemoryHandedOut> allocatedBy(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
      const FunctionDecl *Operator = New->getOperatorNew();
      if (!Operator || !Operator->isReplaceableGlobalAllocationFunction())
        return std::nullopt;
      return MemoryHandedOut{MemoryFamily::PageableHost,
                             CudaApi::deleteExpressionName(New->isArray()).str()};
    }
    const auto *Call = dyn_cast<CallExpr>(E);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return std::nullopt;
    if (const HostAllocationApi *Host = Api.hostAllocation(Callee); Host && !Host->OutParam)
      return MemoryHandedOut{MemoryFamily::PageableHost, Host->Release.str()};
    if (std::optional<Facts> Called = Owner.factsOf(Callee))
      return Called->Returns;
    return std::nullopt;
  }

  // The memory a call writes through its argument `I`, an out-parameter.
  std::optional<MemoryHandedOut> writtenThrough(const CallExpr *Call, unsigned I) const {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (const AllocationApi *Allocation = Api.allocation(Callee);
        Allocation && Allocation->OutParam == I) {
      std::optional<uint64_t> Flags;
      if (Allocation->FlagsParam && *Allocation->FlagsParam < Call->getNumArgs())
        if (std::optional<llvm::APSInt> Known =
                Call->getArg(*Allocation->FlagsParam)->getIntegerConstantExpr(Owner.Context))
          Flags = Known->getZExtValue();
      return MemoryHandedOut{CudaApi::allocatedFamily(*Allocation, Flags),
                             documentedName(Allocation->Release).str()};
    }
    if (const HostAllocationApi *Host = Api.hostAllocation(Callee); Host && Host->OutParam == I)
      return MemoryHandedOut{MemoryFamily::PageableHost, Host->Release.str()};
    if (std::optional<ParameterFate> Fate = calleeFate(Callee, I);
        Fate && Fate->What == ParameterFate::ReceivesAllocation)
      return Fate->Memory;
    return std::nullopt;
  }

  // The family a call releases through its argument `I`.
  std::optional<MemoryFamily> releasedThrough(const CallExpr *Call, unsigned I) const {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (const ReleaseApi *Release = Api.release(Callee); Release && Release->PointerParam == I)
      return Release->Family;
    if (std::optional<ParameterFate> Fate = calleeFate(Callee, I);
        Fate && Fate->What == ParameterFate::Released)
      return Fate->Memory.Family;
    return std::nullopt;
  }

  // What a function the unit defines does with its parameter `I` (kept past
  // its parameters, through `...`); nullopt for a function it does not
  // define.
  std::optional<ParameterFate> calleeFate(const FunctionDecl *Callee, unsigned I) const {
    std::optional<Facts> Called = Owner.factsOf(Callee);
    if (!Called)
      return std::nullopt;
    return I < Called->Parameters.size() ? Called->Parameters[I] : ParameterFate::kept();
  }

  // A local that holds memory the function allocated and neither released
  // nor overwrote with anything else: its value is that memory.
  std::optional<MemoryHandedOut> memoryOfLocal(const VarDecl *Local) const {
    if (!Local || Released.contains(Local) || Overwritten.contains(Local))
      return std::nullopt;
    auto Found = LocalMemory.find(Local);
    if (Found == LocalMemory.end() ||
        !llvm::all_equal(llvm::map_range(Found->second, [](const MemoryHandedOut &M) {
          return std::make_pair(M.Family, M.Release);
        })))
      return std::nullopt;
    return Found->second.front();
  }

  // Memory of one family on every return that is not null.
  std::optional<MemoryHandedOut> returnedMemory() const {
    if (!isObjectPointer(Function->getReturnType()) || Returns.empty())
      return std::nullopt;
    std::optional<MemoryHandedOut> Memory;
    for (const Expr *Value : Returns) {
      if (!Value)
        return std::nullopt;
      if (Value->IgnoreParenCasts()->isNullPointerConstant(Owner.Context,
                                                           Expr::NPC_ValueDependentIsNotNull))
        continue;
      std::optional<MemoryHandedOut> This = allocatedBy(Value);
      if (!This)
        This = memoryOfLocal(localVariable(Value));
      if (!This || (Memory && !(*Memory == *This)))
        return std::nullopt;
      Memory = This;
    }
    return Memory;
  }

  const Stmt *parentOf(const Stmt *S) const { return Parents.getParentIgnoreParens(S); }

  // What one use of a pointer parameter does with it.
  ParameterFate fateOfUse(const DeclRefExpr *Use, const ParmVarDecl *Parameter) const {
    bool ByReference = isReferenceToPointer(Parameter->getType());
    const Stmt *Parent = parentOf(Use);
    // The variable itself, before its value is read.
    if (const auto *Operator = dyn_cast_or_null<UnaryOperator>(Parent);
        Operator && Operator->getOpcode() == UO_AddrOf) {
      // `cudaMalloc(&out, n)` for a `T *&out`.
      if (ByReference)
        if (std::optional<MemoryHandedOut> Written = writtenAsArgument(Operator))
          return {ParameterFate::ReceivesAllocation, *Written};
      return ParameterFate::kept();
    }
    if (const auto *Assignment = dyn_cast_or_null<BinaryOperator>(Parent);
        Assignment && Assignment->isAssignmentOp() && Assignment->getLHS()->IgnoreParens() == Use) {
      if (ByReference && Assignment->getOpcode() == BO_Assign) {
        if (std::optional<MemoryHandedOut> Memory = valueMemory(Assignment->getRHS()))
          return {ParameterFate::ReceivesAllocation, *Memory};
        // `out = nullptr` on a failure: nothing handed out there.
        if (Assignment->getRHS()->IgnoreParenCasts()->isNullPointerConstant(
                Owner.Context, Expr::NPC_ValueDependentIsNotNull))
          return {};
      }
      return ParameterFate::kept();
    }
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    if (!Read || Read->getCastKind() != CK_LValueToRValue)
      return ParameterFate::kept();
    return fateOfValue(Read, Parameter, ByReference);
  }

  // The memory an out-parameter argument `&x` receives from its call.
  std::optional<MemoryHandedOut> writtenAsArgument(const Expr *Address) const {
    const Expr *Argument = Address;
    const Stmt *Parent = parentOf(Argument);
    while (const auto *Cast = dyn_cast_or_null<CastExpr>(Parent)) {
      Argument = Cast;
      Parent = parentOf(Cast);
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(Parent);
    if (!Call || !Call->getDirectCallee())
      return std::nullopt;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParens() == Argument)
        return writtenThrough(Call, I);
    return std::nullopt;
  }

  std::optional<MemoryHandedOut> valueMemory(const Expr *Value) const {
    if (std::optional<MemoryHandedOut> Memory = allocatedBy(Value))
      return Memory;
    return memoryOfLocal(localVariable(Value));
  }

  // What the function does with the parameter's pointer value `E` (or a
  // pointer computed from it): uses it, keeps it, releases it, or, for a
  // `T **out`, writes memory through it.
  ParameterFate fateOfValue(const Expr *E, const ParmVarDecl *Parameter, bool ByReference) const {
    bool Derived = false; // E is `p + n`, not p
    for (;;) {
      const Stmt *Parent = parentOf(E);
      if (!Parent)
        return {}; // an expression statement of its own
      if (const auto *Cast = dyn_cast<CastExpr>(Parent)) {
        if (Cast->getCastKind() == CK_PointerToBoolean || Cast->getCastKind() == CK_ToVoid)
          return {};
        if (!Cast->getType()->isPointerType())
          return ParameterFate::kept(); // into an integer, say
        E = Cast;
        continue;
      }
      if (const auto *Operator = dyn_cast<BinaryOperator>(Parent)) {
        if (Operator->isComparisonOp() || Operator->isLogicalOp())
          return {};
        if (Operator->isAdditiveOp()) {
          if (!Operator->getType()->isPointerType())
            return {}; // the distance between two pointers
          E = Operator;
          Derived = true;
          continue;
        }
        if (Operator->getOpcode() == BO_Comma) {
          if (Operator->getLHS()->IgnoreParens() == E)
            return {};
          E = Operator;
          continue;
        }
        return ParameterFate::kept(); // stored somewhere
      }
      if (const auto *Operator = dyn_cast<UnaryOperator>(Parent)) {
        if (Operator->getOpcode() == UO_LNot)
          return {};
        if (Operator->getOpcode() == UO_Deref)
          return fateOfAccess(Operator, Parameter, ByReference || Derived);
        return ParameterFate::kept();
      }
      if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Parent)) {
        if (Subscript->getBase()->IgnoreParens() != E)
          return ParameterFate::kept();
        return fateOfAccess(Subscript, Parameter, /*NotWholeDeref=*/false);
      }
      if (const auto *Member = dyn_cast<MemberExpr>(Parent)) {
        if (!Member->isArrow() || isa<CXXMethodDecl>(Member->getMemberDecl()))
          return ParameterFate::kept();
        return fateOfAccess(Member, Parameter, /*NotWholeDeref=*/false);
      }
      if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(Parent)) {
        if (Choice->getCond()->IgnoreParens() == E)
          return {};
        E = Choice;
        continue;
      }
      if (const auto *Call = dyn_cast<CallExpr>(Parent))
        return fateAsArgument(Call, E, Derived);
      if (isa<IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt>(Parent))
        return {};
      return ParameterFate::kept(); // returned, stored, captured, constructed
    }
  }

  // `*p`, `p[i]`, `p->f` (and further fields and elements of those): a
  // number read or written is a use; a pointer read from the caller's
  // memory, or a structure copied out of it, takes what the caller owns
  // there along. `*out = d`, for a `T **out` the caller passes `&d` to,
  // hands the caller memory.
  ParameterFate fateOfAccess(const Expr *Access, const ParmVarDecl *Parameter,
                             bool NotWholeDeref) const {
    const Expr *Place = Access;
    for (;;) {
      const Stmt *Parent = parentOf(Place);
      if (const auto *Member = dyn_cast_or_null<MemberExpr>(Parent);
          Member && !Member->isArrow() && !isa<CXXMethodDecl>(Member->getMemberDecl())) {
        Place = Member;
        continue;
      }
      if (const auto *Decay = dyn_cast_or_null<ImplicitCastExpr>(Parent);
          Decay && Decay->getCastKind() == CK_ArrayToPointerDecay) {
        if (const auto *Subscript = dyn_cast_or_null<ArraySubscriptExpr>(parentOf(Decay));
            Subscript && Subscript->getBase()->IgnoreParens() == Decay) {
          Place = Subscript;
          continue;
        }
      }
      break;
    }
    const Stmt *Parent = parentOf(Place);
    QualType Type = Place->getType();
    if (Type->isPointerType()) {
      const auto *Assignment = dyn_cast_or_null<BinaryOperator>(Parent);
      if (Assignment && Assignment->getOpcode() == BO_Assign &&
          Assignment->getLHS()->IgnoreParens() == Place) {
        if (Place == Access && !NotWholeDeref && isa<UnaryOperator>(Access))
          if (std::optional<MemoryHandedOut> Memory = valueMemory(Assignment->getRHS()))
            return {ParameterFate::ReceivesAllocation, *Memory};
        return {}; // a pointer stored into the caller's memory
      }
      return ParameterFate::kept();
    }
    if (Type->isRecordType() || Type->isArrayType())
      return ParameterFate::kept();
    if (const auto *Address = dyn_cast_or_null<UnaryOperator>(Parent);
        Address && Address->getOpcode() == UO_AddrOf)
      return fateOfValue(Address, Parameter, /*ByReference=*/true);
    return {};
  }

  ParameterFate fateAsArgument(const CallExpr *Call, const Expr *Argument, bool Derived) const {
    if (isa<CUDAKernelCallExpr>(Call))
      return {};
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return ParameterFate::kept();
    unsigned Index = Call->getNumArgs();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParens() == Argument)
        Index = I;
    if (Index == Call->getNumArgs())
      return ParameterFate::kept(); // the callee itself, say
    if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee))
      return ParameterFate::kept();
    if (std::optional<MemoryFamily> Family = releasedThrough(Call, Index)) {
      if (Derived)
        return ParameterFate::kept();
      return {ParameterFate::Released, {*Family, ""}};
    }
    if (std::optional<MemoryHandedOut> Written = writtenThrough(Call, Index)) {
      if (Derived)
        return ParameterFate::kept();
      return {ParameterFate::ReceivesAllocation, *Written};
    }
    if (std::optional<ParameterFate> Fate = calleeFate(Callee, Index))
      return *Fate;
    if (Api.keepsPointerArguments(Callee))
      return ParameterFate::kept();
    // As the memory model judges a call it does not follow: the CUDA API
    // and the C library use their arguments and return, unless they take a
    // callback that may receive them.
    const SourceManager &SM = Owner.Context.getSourceManager();
    bool Library = SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
    if ((Library || Api.isCudaApiCall(Callee)) && !isa<CXXMethodDecl>(Callee) &&
        llvm::none_of(Callee->parameters(), [](const ParmVarDecl *P) {
          QualType Type = P->getType();
          return Type->isFunctionPointerType() || Type->isBlockPointerType();
        }))
      return {};
    return ParameterFate::kept();
  }

  Summariser &Owner;
  const CudaApi &Api;
  const FunctionDecl *Function;
  ParentMap Parents;
  llvm::DenseMap<const ParmVarDecl *, std::vector<const DeclRefExpr *>> Uses;
  llvm::DenseSet<const ParmVarDecl *> Captured;
  std::vector<const Expr *> Returns;
  llvm::DenseMap<const VarDecl *, std::vector<MemoryHandedOut>> LocalMemory;
  llvm::DenseSet<const VarDecl *> Released, Overwritten;
  bool Synchronizes = false;
  std::optional<HandleWait> Waits;
  bool WaitsForSeveral = false;
};

Facts Summariser::compute(const FunctionDecl *Definition) {
  return BodyReader(*this, Definition).read();
}

} // namespace

unsigned firstArgumentOfParameters(const CallExpr &Call) {
  const auto *Callee = Call.getDirectCallee();
  return isa<CXXOperatorCallExpr>(Call) && isa_and_nonnull<CXXMethodDecl>(Callee) ? 1 : 0;
}

namespace {

// Functions another unit can call and a summary can speak for.
bool isSummarised(const FunctionDecl *Function, const SourceManager &SM) {
  return Function->doesThisDeclarationHaveABody() && Function->getIdentifier() &&
         !isa<CXXMethodDecl>(Function) && Function->isExternallyVisible() &&
         !Function->isInlined() && !Function->isMain() &&
         Function->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
         !Function->isDependentContext() && !isDeviceOnly(*Function) &&
         !SM.isInSystemHeader(SM.getExpansionLoc(Function->getLocation()));
}

// The functions isSummarised takes, in the order the unit declares them.
// Being neither methods, templates nor inline (a friend defined in its
// class is), they are defined at namespace scope: only namespaces and
// linkage blocks are walked, not bodies, classes or types (a walk of the
// whole AST was 0.7 % of the CPU time of a run over GROMACS).
void findSummarised(const DeclContext &Context, const SourceManager &SM,
                    std::vector<const FunctionDecl *> &Found) {
  for (const Decl *Member : Context.decls()) {
    if (const auto *Function = dyn_cast<FunctionDecl>(Member)) {
      if (isSummarised(Function, SM))
        Found.push_back(Function);
    } else if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(Member)) {
      findSummarised(*cast<DeclContext>(Member), SM, Found);
    }
  }
}

llvm::StringRef handleKey(SyncScope Scope) {
  return Scope == SyncScope::Event ? "event" : "stream";
}

std::optional<SyncScope> handleNamed(llvm::StringRef Name) {
  if (Name == "stream")
    return SyncScope::Stream;
  if (Name == "event")
    return SyncScope::Event;
  return std::nullopt;
}

std::string indexList(llvm::ArrayRef<unsigned> Indices) {
  return llvm::join(llvm::map_range(Indices, [](unsigned I) { return llvm::utostr(I); }), ",");
}

bool readIndexList(llvm::StringRef Text, std::vector<unsigned> &Indices) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Text.split(Parts, ',');
  for (llvm::StringRef Part : Parts) {
    unsigned Index;
    if (Part.getAsInteger(10, Index))
      return false;
    Indices.push_back(Index);
  }
  return true;
}

std::optional<MemoryFamily> familyNamed(llvm::StringRef Name) {
  for (MemoryFamily Family :
       {MemoryFamily::Device, MemoryFamily::PinnedHost, MemoryFamily::MappedHost,
        MemoryFamily::Managed, MemoryFamily::PageableHost})
    if (familyKey(Family) == Name)
      return Family;
  return std::nullopt;
}

} // namespace

std::vector<unsigned> ignoredStatusParameters(const FunctionDecl &Function, ASTContext &Context,
                                              const CudaApi &Api) {
  std::optional<Facts> Known = Summariser(Context, Api).factsOf(&Function);
  return Known ? Known->IgnoredStatus : std::vector<unsigned>{};
}

std::vector<FunctionSummary> summariseUnit(ASTContext &Context, const CudaApi &Api) {
  std::vector<const FunctionDecl *> Defined;
  findSummarised(*Context.getTranslationUnitDecl(), Context.getSourceManager(), Defined);
  Summariser Reader(Context, Api);
  std::vector<FunctionSummary> Summaries;
  for (const FunctionDecl *Function : Defined) {
    std::optional<Facts> Read = Reader.factsOf(Function);
    if (!Read)
      continue;
    const Facts &Known = *Read;
    FunctionSummary Summary;
    llvm::SmallString<128> Usr;
    if (index::generateUSRForDecl(Function, Usr))
      continue;
    Summary.Usr = Usr.str().str();
    Summary.Name = Function->getQualifiedNameAsString();
    Summary.Returns = Known.Returns;
    Summary.SynchronizesDevice = Known.SynchronizesDevice;
    Summary.WaitsFor = Known.WaitsFor;
    Summary.IgnoresStatus = Known.IgnoredStatus;
    bool UsesAPointer = false;
    std::vector<unsigned> ReleasedParameters;
    for (unsigned I = 0; I < Known.Parameters.size(); ++I) {
      if (!isSummarisedParameter(Function->getParamDecl(I)))
        continue;
      const ParameterFate &Fate = Known.Parameters[I];
      switch (Fate.What) {
      case ParameterFate::UsedOnly:
        UsesAPointer = true;
        break;
      case ParameterFate::Kept:
        Summary.Keeps.push_back(I);
        break;
      case ParameterFate::Released:
        ReleasedParameters.push_back(I);
        break;
      case ParameterFate::ReceivesAllocation:
        Summary.WritesAllocation.push_back({I, Fate.Memory});
        break;
      }
    }
    // One release per call is what the checks model; a function that
    // releases two of its parameters keeps both, as an unknown call would.
    if (ReleasedParameters.size() == 1)
      Summary.Releases = {
          {ReleasedParameters.front(), Known.Parameters[ReleasedParameters.front()].Memory.Family}};
    else
      llvm::append_range(Summary.Keeps, ReleasedParameters);
    llvm::sort(Summary.Keeps);
    if (!UsesAPointer && !Summary.Returns && !Summary.SynchronizesDevice && !Summary.WaitsFor &&
        Summary.IgnoresStatus.empty() && Summary.WritesAllocation.empty() && !Summary.Releases)
      continue; // no more than an unknown call
    Summaries.push_back(std::move(Summary));
  }
  llvm::sort(Summaries,
             [](const FunctionSummary &A, const FunctionSummary &B) { return A.Usr < B.Usr; });
  Summaries.erase(std::unique(Summaries.begin(), Summaries.end()), Summaries.end());
  return Summaries;
}

namespace {

std::optional<std::string> usrOf(const Decl *D) {
  llvm::SmallString<128> Usr;
  if (index::generateUSRForDecl(D, Usr))
    return std::nullopt;
  return Usr.str().str();
}

bool isInProjectFiles(const Decl *D, const SourceManager &SM) {
  return !SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

// Every host function the unit defines in the project's files, template
// instances included: the launch analysis follows calls into any of them.
class HostDefinitionFinder : public RecursiveASTVisitor<HostDefinitionFinder> {
public:
  explicit HostDefinitionFinder(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // A lambda in a type (`decltype([] {})`) is reached through its TypeLoc.
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  // The declarations of a system header hold none of the project's
  // functions, and are most of a unit's AST (walking them was 1.5 % of the
  // CPU time of a run over GROMACS).
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() && !isInProjectFiles(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->doesThisDeclarationHaveABody() && !Function->isDependentContext() &&
        !isDeviceOnly(*Function) && isInProjectFiles(Function, SM))
      Found.push_back(Function);
    return true;
  }
  const SourceManager &SM;
  std::vector<const FunctionDecl *> Found;
};

// Sorted, each element once: the unit's facts are written in one order
// whatever order the AST gave them in.
template <typename T> void sortUnique(std::vector<T> &Elements) {
  llvm::sort(Elements);
  Elements.erase(std::unique(Elements.begin(), Elements.end()), Elements.end());
}

// A function a call in another unit can reach: externally visible, and not
// inline (every unit that calls an inline function has its definition).
bool isCallableFromElsewhere(const FunctionDecl *Function) {
  return Function->isExternallyVisible() && !Function->isInlined() && !Function->isMain() &&
         (Function->getIdentifier() || isa<CXXMethodDecl>(Function));
}

// Which of the other units' functions `Function` calls must launch for it to
// launch on every path (`Analysis` assumes they all do): each callee that
// does it alone (a launcher called on every path), or, where none does (a
// dispatcher whose cases call different launchers), one set that does it
// together, found by leaving out callees while the rest still do.
std::vector<std::vector<const FunctionDecl *>>
sufficientLaunchers(const LaunchCheckingAnalysis &Analysis, const FunctionDecl *Function,
                    llvm::ArrayRef<const FunctionDecl *> Callees) {
  std::vector<std::vector<const FunctionDecl *>> Sets;
  for (const FunctionDecl *Callee : Callees)
    if (Analysis.launchesOnEveryPathIf(Function, {Callee}))
      Sets.push_back({Callee});
  if (!Sets.empty())
    return Sets;
  llvm::DenseSet<const FunctionDecl *> Needed(Callees.begin(), Callees.end());
  for (const FunctionDecl *Callee : Callees) {
    Needed.erase(Callee);
    if (!Analysis.launchesOnEveryPathIf(Function, Needed))
      Needed.insert(Callee);
  }
  std::vector<const FunctionDecl *> Set;
  for (const FunctionDecl *Callee : Callees)
    if (Needed.contains(Callee))
      Set.push_back(Callee);
  return {Set};
}

} // namespace

UnitLaunchFacts summariseLaunches(ASTContext &Context, const CudaApi &Api) {
  const SourceManager &SM = Context.getSourceManager();
  HostDefinitionFinder Finder(SM);
  Finder.TraverseAST(Context);
  LaunchCheckingAnalysis Launches(Api);
  for (const FunctionDecl *Function : Finder.Found)
    Launches.addFunction(*Function);
  Launches.solve();
  UnitLaunchFacts Facts;
  auto IsProjectCallee = [&](const FunctionDecl *Callee) {
    return isCallableFromElsewhere(Callee) && !isDeviceOnly(*Callee) &&
           isInProjectFiles(Callee, SM);
  };
  // What each function would do if the project functions it calls in other
  // units launched: a dispatcher here whose launcher is defined in another
  // unit leaves that launch's error to its own callers, and the merge, which
  // knows the launchers, follows such chains however many units they cross.
  llvm::DenseSet<const FunctionDecl *> OtherUnits;
  for (const FunctionDecl *Callee : Launches.calleesNotDefined())
    if (IsProjectCallee(Callee))
      OtherUnits.insert(Callee);
  LaunchCheckingAnalysis IfTheyLaunch(Api);
  IfTheyLaunch.assumeLaunchers(OtherUnits);
  if (!OtherUnits.empty()) {
    for (const FunctionDecl *Function : Finder.Found)
      IfTheyLaunch.addFunction(*Function);
    IfTheyLaunch.solve();
  }
  for (const FunctionDecl *Function : Finder.Found) {
    if (!isCallableFromElsewhere(Function))
      continue;
    std::optional<std::string> Usr = usrOf(Function);
    if (!Usr)
      continue;
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->isVirtual())
      forEachOverridden(Method, [&](const CXXMethodDecl *Base) {
        if (IsProjectCallee(Base))
          if (std::optional<std::string> BaseUsr = usrOf(Base))
            Facts.Overrides.push_back({*Usr, *BaseUsr});
      });
    LaunchFacts Known;
    bool Pending = Launches.leavesLaunchPending(Function);
    Known.LeavesPending = Pending && Launches.launchesOnEveryPath(Function);
    // A function that leaves a launch pending on some paths only may leave
    // it pending. Also one that would, were the other units' functions it
    // calls launchers (ggml's top-k op around argsort's launchers): the fact
    // only spares a function whose every caller reads the error after the
    // call, which is right whether or not those callees launch. And one that
    // reads the error on some paths and leaves launches pending on others,
    // its own or another unit's launchers' (FasterTransformer's
    // invokeTopkBeamSearch, whose tuned cases check and whose general case
    // does not; a Swin block whose forward() checks after its attention and
    // not after its last launches): its calls count as reads for its
    // callers, and its launches are lost only where a caller does not read
    // the error after the call.
    Known.Queries = Launches.queriesLastError(Function);
    Known.MayLeavePending =
        !Known.LeavesPending &&
        (Pending || (!OtherUnits.empty() && IfTheyLaunch.leavesLaunchPending(Function)));
    // Asked of the analysis that takes no other unit's function for a
    // launcher: those the null paths call are named for the merge to judge.
    if (Known.MayLeavePending) {
      LaunchStops Stops = Launches.parametersThatStopLaunches(Function);
      Known.StopsIfNull = std::move(Stops.Parameters);
      for (const FunctionDecl *Callee : Stops.Unless)
        if (IsProjectCallee(Callee))
          if (std::optional<std::string> CalleeUsr = usrOf(Callee))
            Known.StopsUnless.push_back(*CalleeUsr);
      sortUnique(Known.StopsUnless);
    }
    if (Known.LeavesPending || Known.MayLeavePending || Known.Queries)
      Facts.Defined.push_back({*Usr, Known});
    // What it calls in other units, for the merge to tell whether it reads
    // the error through them, or leaves theirs pending.
    if (Known.Queries)
      continue;
    std::vector<const FunctionDecl *> Reached;
    for (const FunctionDecl *Callee : Launches.calleesNotDefinedReachedFrom(Function))
      if (IsProjectCallee(Callee))
        if (std::optional<std::string> CalleeUsr = usrOf(Callee)) {
          Facts.Calls.push_back({*Usr, *CalleeUsr});
          Reached.push_back(Callee->getCanonicalDecl());
        }
    if (!Known.LeavesPending && !OtherUnits.empty() && IfTheyLaunch.leavesLaunchPending(Function) &&
        IfTheyLaunch.launchesOnEveryPath(Function))
      for (const std::vector<const FunctionDecl *> &Set :
           sufficientLaunchers(IfTheyLaunch, Function, Reached)) {
        std::vector<std::string> Usrs;
        for (const FunctionDecl *Callee : Set)
          Usrs.push_back(*usrOf(Callee));
        llvm::sort(Usrs);
        Facts.Forwards.push_back({*Usr, std::move(Usrs)});
      }
  }
  // A function template whose specialisations this unit defines (explicit
  // instantiations in a `.cc`, its declaration in a header) reads the error
  // if all of them do: what a call by a dependent name in another unit's
  // template reaches, where that unit knows no specialisation.
  std::map<std::string, bool> TemplatesQuery;
  for (const FunctionDecl *Function : Finder.Found)
    if (const FunctionTemplateDecl *Template = Function->getPrimaryTemplate();
        Template && isCallableFromElsewhere(Function))
      if (std::optional<std::string> Usr = usrOf(Template->getTemplatedDecl())) {
        auto [Entry, New] = TemplatesQuery.try_emplace(*Usr, true);
        Entry->second &= Launches.queriesLastError(Function);
      }
  for (const auto &[Usr, Queries] : TemplatesQuery)
    if (Queries) {
      LaunchFacts Known;
      Known.Queries = true;
      Facts.Defined.push_back({Usr, Known});
    }
  for (const FunctionDecl *Callee : Launches.calleesNotDefined())
    if (IsProjectCallee(Callee))
      if (std::optional<std::string> Usr = usrOf(Callee))
        Facts.CalledNotDefined.push_back(*Usr);
  if (!OtherUnits.empty())
    for (UnreadLauncherCalls &Unread : IfTheyLaunch.assumedLaunchersLeftUnread()) {
      std::optional<std::string> Usr = usrOf(Unread.Callee);
      if (!Usr)
        continue;
      UnitLaunchFacts::UncheckedCalls Calls{*Usr, std::move(Unread.NullEverywhere), {}};
      bool LostHere = false;
      for (const FunctionDecl *Top : Unread.Tops) {
        std::optional<std::string> TopUsr =
            isCallableFromElsewhere(Top) ? usrOf(Top) : std::nullopt;
        if (!TopUsr) {
          LostHere = true;
          break;
        }
        Calls.Through.push_back(*TopUsr);
        if (const FunctionDecl *Pattern = Top->getTemplateInstantiationPattern())
          if (std::optional<std::string> PatternUsr = usrOf(Pattern))
            Facts.Instances.push_back({*TopUsr, *PatternUsr});
      }
      if (LostHere)
        Calls.Through.clear();
      llvm::sort(Calls.Through);
      Facts.CalledUnchecked.push_back(std::move(Calls));
    }
  // A virtual call reaches overrides other units define, whether or not this
  // unit defines the method it names.
  for (const CXXMethodDecl *Method : Launches.calledVirtually())
    if (IsProjectCallee(Method))
      if (std::optional<std::string> Usr = usrOf(Method))
        Facts.CalledNotDefined.push_back(*Usr);
  llvm::sort(Facts.Defined, [](const auto &A, const auto &B) { return A.first < B.first; });
  Facts.Defined.erase(std::unique(Facts.Defined.begin(), Facts.Defined.end()), Facts.Defined.end());
  sortUnique(Facts.Forwards);
  sortUnique(Facts.Calls);
  sortUnique(Facts.Overrides);
  sortUnique(Facts.Instances);
  sortUnique(Facts.CalledNotDefined);
  llvm::sort(Facts.CalledUnchecked);
  return Facts;
}

// One summary a line, fields separated by tabs (neither appears in a USR or
// a qualified name):
//   USR NAME [returns=FAMILY:RELEASE] [writes=I:FAMILY:RELEASE]...
//   [releases=I:FAMILY] [keeps=I,J] [synchronizes] [waits=stream|event:I]
//   [ignores-status=I,J]
std::string writeSummaries(llvm::ArrayRef<FunctionSummary> Summaries) {
  std::string Text;
  for (const FunctionSummary &Summary : Summaries) {
    Text += Summary.Usr + "\t" + Summary.Name;
    if (Summary.Returns)
      Text += ("\treturns=" + familyKey(Summary.Returns->Family) + ":" + Summary.Returns->Release)
                  .str();
    for (const auto &[Parameter, Memory] : Summary.WritesAllocation)
      Text += ("\twrites=" + llvm::Twine(Parameter) + ":" + familyKey(Memory.Family) + ":" +
               Memory.Release)
                  .str();
    if (Summary.Releases)
      Text += ("\treleases=" + llvm::Twine(Summary.Releases->first) + ":" +
               familyKey(Summary.Releases->second))
                  .str();
    if (!Summary.Keeps.empty())
      Text += "\tkeeps=" + indexList(Summary.Keeps);
    if (Summary.SynchronizesDevice)
      Text += "\tsynchronizes";
    if (Summary.WaitsFor)
      Text += ("\twaits=" + handleKey(Summary.WaitsFor->Scope) + ":" +
               llvm::Twine(Summary.WaitsFor->Parameter))
                  .str();
    if (!Summary.IgnoresStatus.empty())
      Text += "\tignores-status=" + indexList(Summary.IgnoresStatus);
    Text += "\n";
  }
  return Text;
}

namespace {

std::optional<MemoryHandedOut> readMemory(llvm::StringRef Field) {
  auto [Family, Release] = Field.split(':');
  std::optional<MemoryFamily> Known = familyNamed(Family);
  if (!Known || Release.empty())
    return std::nullopt;
  return MemoryHandedOut{*Known, Release.str()};
}

std::optional<FunctionSummary> readSummary(llvm::StringRef Line) {
  llvm::SmallVector<llvm::StringRef, 8> Fields;
  Line.split(Fields, '\t');
  if (Fields.size() < 2 || Fields[0].empty() || Fields[1].empty())
    return std::nullopt;
  FunctionSummary Summary;
  Summary.Usr = Fields[0].str();
  Summary.Name = Fields[1].str();
  for (llvm::StringRef Field : llvm::ArrayRef(Fields).drop_front(2)) {
    auto [Key, Value] = Field.split('=');
    unsigned Parameter;
    if (Key == "returns") {
      if (!(Summary.Returns = readMemory(Value)))
        return std::nullopt;
    } else if (Key == "writes") {
      auto [Index, Memory] = Value.split(':');
      std::optional<MemoryHandedOut> Written = readMemory(Memory);
      if (Index.getAsInteger(10, Parameter) || !Written)
        return std::nullopt;
      Summary.WritesAllocation.push_back({Parameter, *Written});
    } else if (Key == "releases") {
      auto [Index, Family] = Value.split(':');
      std::optional<MemoryFamily> Known = familyNamed(Family);
      if (Index.getAsInteger(10, Parameter) || !Known)
        return std::nullopt;
      Summary.Releases = {{Parameter, *Known}};
    } else if (Key == "keeps") {
      if (!readIndexList(Value, Summary.Keeps))
        return std::nullopt;
    } else if (Key == "ignores-status") {
      if (!readIndexList(Value, Summary.IgnoresStatus))
        return std::nullopt;
    } else if (Key == "waits") {
      auto [Handle, Index] = Value.split(':');
      std::optional<SyncScope> Scope = handleNamed(Handle);
      if (!Scope || Index.getAsInteger(10, Parameter))
        return std::nullopt;
      Summary.WaitsFor = HandleWait{*Scope, Parameter};
    } else if (Field == "synchronizes") {
      Summary.SynchronizesDevice = true;
    } else {
      return std::nullopt;
    }
  }
  return Summary;
}

} // namespace

// `launch USR FACTS [stops-if-null=I,J [CALLEE...]]` (FACTS a
// comma-separated list of pending, maybe, queries, called, unchecked; the
// callees are those of other units that the null paths call), `calls USR`,
// `unchecked USR [null=I,J] [via TOP...]` (a call of USR may leave a launch's
// error unread; each such call passes null to those parameters; with `via`,
// the error leaves the unit unread only through those functions, and is lost
// if it is lost in their callers), `instance TOP TEMPLATE`, `edge CALLER
// CALLEE`, `forward CALLER CALLEE...` (the caller leaves a launch pending if
// all those callees do) and `overrides OVERRIDE METHOD`. No keyword can begin
// a USR.
constexpr llvm::StringLiteral LaunchKey = "launch";
constexpr llvm::StringLiteral CallsKey = "calls";
constexpr llvm::StringLiteral UncheckedKey = "unchecked";
constexpr llvm::StringLiteral EdgeKey = "edge";
constexpr llvm::StringLiteral ForwardKey = "forward";
constexpr llvm::StringLiteral OverridesKey = "overrides";
constexpr llvm::StringLiteral InstanceKey = "instance";
constexpr llvm::StringLiteral ViaKey = "via";
constexpr llvm::StringLiteral StopsIfNullKey = "stops-if-null=";
constexpr llvm::StringLiteral NullKey = "null=";

namespace {

bool isLaunchFactsLine(llvm::StringRef Line) {
  llvm::StringRef Key = Line.split('\t').first;
  return Key == LaunchKey || Key == CallsKey || Key == UncheckedKey || Key == EdgeKey ||
         Key == ForwardKey || Key == OverridesKey || Key == InstanceKey;
}

std::string launchFactsLine(llvm::StringRef Usr, const LaunchFacts &Facts) {
  llvm::SmallVector<llvm::StringRef, 5> Words;
  if (Facts.LeavesPending)
    Words.push_back("pending");
  if (Facts.MayLeavePending)
    Words.push_back("maybe");
  if (Facts.Queries)
    Words.push_back("queries");
  if (Facts.CalledElsewhere)
    Words.push_back("called");
  if (Facts.CalledUnchecked)
    Words.push_back("unchecked");
  std::string Line = (LaunchKey + "\t" + Usr + "\t" + llvm::join(Words, ",")).str();
  if (!Facts.StopsIfNull.empty()) {
    Line += "\t" + StopsIfNullKey.str() + indexList(Facts.StopsIfNull);
    for (const std::string &Callee : Facts.StopsUnless)
      Line += "\t" + Callee;
  }
  return Line + "\n";
}

// The indices of `stops-if-null=` and `null=`, nullopt if malformed.
std::optional<std::vector<unsigned>> readIndices(llvm::StringRef Field, llvm::StringRef Key) {
  std::vector<unsigned> Indices;
  if (!Field.consume_front(Key) || !readIndexList(Field, Indices))
    return std::nullopt;
  return Indices;
}

} // namespace

std::string writeLaunchFacts(const UnitLaunchFacts &Facts) {
  std::string Text;
  for (const auto &[Usr, Known] : Facts.Defined)
    Text += launchFactsLine(Usr, Known);
  for (const std::string &Usr : Facts.CalledNotDefined)
    Text += (CallsKey + "\t" + Usr + "\n").str();
  for (const UnitLaunchFacts::UncheckedCalls &Calls : Facts.CalledUnchecked) {
    Text += (UncheckedKey + "\t" + Calls.Callee).str();
    if (!Calls.Null.empty())
      Text += ("\t" + NullKey + indexList(Calls.Null)).str();
    if (!Calls.Through.empty())
      Text += ("\t" + ViaKey + "\t" + llvm::join(Calls.Through, "\t")).str();
    Text += "\n";
  }
  for (const auto &[Instance, Template] : Facts.Instances)
    Text += (InstanceKey + "\t" + Instance + "\t" + Template + "\n").str();
  for (const auto &[Caller, Callee] : Facts.Calls)
    Text += (EdgeKey + "\t" + Caller + "\t" + Callee + "\n").str();
  for (const auto &[Caller, Callees] : Facts.Forwards)
    Text += (ForwardKey + "\t" + Caller + "\t" + llvm::join(Callees, "\t") + "\n").str();
  for (const auto &[Override, Method] : Facts.Overrides)
    Text += (OverridesKey + "\t" + Override + "\t" + Method + "\n").str();
  return Text;
}

std::optional<std::map<std::string, LaunchFacts>> readLaunchFacts(llvm::StringRef Text) {
  std::map<std::string, LaunchFacts> Facts;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    llvm::SmallVector<llvm::StringRef, 3> Fields;
    Line.split(Fields, '\t');
    if (Fields.empty() || Fields[0] != LaunchKey)
      continue;
    if (Fields.size() < 3 || Fields[1].empty())
      return std::nullopt;
    LaunchFacts &Known = Facts[Fields[1].str()];
    if (Fields.size() > 3) {
      std::optional<std::vector<unsigned>> Stopping = readIndices(Fields[3], StopsIfNullKey);
      if (!Stopping)
        return std::nullopt;
      Known.StopsIfNull = std::move(*Stopping);
      for (llvm::StringRef Callee : llvm::drop_begin(Fields, 4))
        Known.StopsUnless.push_back(Callee.str());
    }
    llvm::SmallVector<llvm::StringRef, 3> Words;
    Fields[2].split(Words, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef Word : Words) {
      if (Word == "pending")
        Known.LeavesPending = true;
      else if (Word == "maybe")
        Known.MayLeavePending = true;
      else if (Word == "queries")
        Known.Queries = true;
      else if (Word == "called")
        Known.CalledElsewhere = true;
      else if (Word == "unchecked")
        Known.CalledUnchecked = true;
      else
        return std::nullopt;
    }
  }
  return Facts;
}

std::optional<std::vector<FunctionSummary>> readSummaries(llvm::StringRef Text) {
  std::vector<FunctionSummary> Summaries;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    if (isLaunchFactsLine(Line))
      continue;
    std::optional<FunctionSummary> Summary = readSummary(Line);
    if (!Summary)
      return std::nullopt;
    Summaries.push_back(std::move(*Summary));
  }
  return Summaries;
}

std::string callsOfUnitWithErrors(llvm::StringRef Summaries) {
  std::string Calls;
  for (llvm::StringRef Line : llvm::split(Summaries, '\n'))
    if (auto [Key, Usr] = Line.split('\t'); Key == CallsKey && !Usr.empty() && !Usr.contains('\t'))
      (Calls += Line) += '\n';
  return Calls;
}

namespace {

// Sets CalledUnchecked of the functions some call of which may leave a
// launch's error unread for good. A call passing null where the function
// stops before launching (a size query) leaves nothing unread. A call whose
// error leaves its unit only through functions other units call (a layer's
// forward() that calls a block and returns) loses it only if one of those
// loses it in turn: nobody calls it, or a caller of it leaves it unread. The
// least fixed point: a chain whose outermost caller reads the error is read.
void settleUncheckedCalls(
    std::map<std::string, std::optional<LaunchFacts>> &Launches,
    const std::map<std::string,
                   std::set<std::pair<std::vector<unsigned>, std::vector<std::string>>>>
        &CalledUnchecked,
    const std::map<std::string, std::string> &TemplateOf) {
  std::map<std::string, std::vector<std::string>> InstancesOf;
  for (const auto &[Instance, Template] : TemplateOf)
    InstancesOf[Template].push_back(Instance);
  auto FactsOf = [&](const std::string &Usr) -> const LaunchFacts * {
    auto Found = Launches.find(Usr);
    return Found != Launches.end() && Found->second ? &*Found->second : nullptr;
  };
  // What LaunchCheckingAnalysis::lostAtTop decides in the unit, from the
  // facts as they stand.
  auto LostAt = [&](const std::string &Top) {
    const LaunchFacts *Facts = FactsOf(Top);
    if (!Facts)
      return true;
    if (Facts->CalledElsewhere)
      return !Facts->LeavesPending && (!Facts->MayLeavePending || Facts->CalledUnchecked);
    auto Template = TemplateOf.find(Top);
    if ((!Facts->LeavesPending && !Facts->MayLeavePending) || Template == TemplateOf.end())
      return true;
    return llvm::none_of(InstancesOf[Template->second], [&](const std::string &Sibling) {
      const LaunchFacts *Other = FactsOf(Sibling);
      return Sibling != Top && Other && Other->CalledElsewhere;
    });
  };
  bool Grew = true;
  while (Grew) {
    Grew = false;
    for (auto &[Usr, Known] : Launches) {
      auto Calls = CalledUnchecked.find(Usr);
      if (!Known || Known->CalledUnchecked || Calls == CalledUnchecked.end())
        continue;
      if (llvm::any_of(Calls->second, [&](const auto &Call) {
            const auto &[Null, Through] = Call;
            return llvm::none_of(Null,
                                 [&](unsigned Index) {
                                   return llvm::is_contained(Known->StopsIfNull, Index);
                                 }) &&
                   (Through.empty() || llvm::any_of(Through, LostAt));
          })) {
        Known->CalledUnchecked = true;
        Grew = true;
      }
    }
  }
}

} // namespace

std::string mergeSummaries(llvm::ArrayRef<std::string> PerUnit) {
  // USR -> its summary, or nullopt once two units disagree.
  std::map<std::string, std::optional<FunctionSummary>> Merged;
  std::map<std::string, std::optional<LaunchFacts>> Launches;
  std::set<std::string> CalledNotDefined;
  // USR -> for each unit that may leave a launch of it unread, the
  // parameters its unchecked calls all pass null, and the functions through
  // which the error leaves that unit (none: it is lost there).
  std::map<std::string, std::set<std::pair<std::vector<unsigned>, std::vector<std::string>>>>
      CalledUnchecked;
  std::map<std::string, std::string> TemplateOf;
  std::set<std::pair<std::string, std::string>> Overrides;
  // (caller, callees): a fact of the caller once all the callees have it;
  // an edge has one callee.
  std::set<std::pair<std::string, std::vector<std::string>>> Edges, Forwards;
  for (const std::string &Text : PerUnit) {
    std::optional<std::vector<FunctionSummary>> Summaries = readSummaries(Text);
    std::optional<std::map<std::string, LaunchFacts>> Facts = readLaunchFacts(Text);
    if (!Summaries || !Facts)
      continue;
    for (FunctionSummary &Summary : *Summaries) {
      auto [Entry, Inserted] = Merged.try_emplace(Summary.Usr, Summary);
      if (!Inserted && Entry->second && !(*Entry->second == Summary))
        Entry->second.reset();
    }
    for (const auto &[Usr, Known] : *Facts) {
      auto [Entry, Inserted] = Launches.try_emplace(Usr, Known);
      if (!Inserted && Entry->second && !(*Entry->second == Known))
        Entry->second.reset();
    }
    for (llvm::StringRef Line : llvm::split(Text, '\n')) {
      auto [Key, Rest] = Line.split('\t');
      if (Key == CallsKey && !Rest.empty())
        CalledNotDefined.insert(Rest.str());
      if (Key == UncheckedKey && !Rest.empty()) {
        llvm::SmallVector<llvm::StringRef, 4> Fields;
        Rest.split(Fields, '\t');
        std::vector<unsigned> Null;
        std::vector<std::string> Through;
        for (size_t I = 1; I < Fields.size(); ++I) {
          if (Fields[I] == ViaKey) {
            for (llvm::StringRef Top : llvm::drop_begin(Fields, I + 1))
              Through.push_back(Top.str());
            break;
          }
          Null = readIndices(Fields[I], NullKey).value_or(std::vector<unsigned>());
        }
        CalledUnchecked[Fields[0].str()].insert({std::move(Null), std::move(Through)});
      }
      if (auto [Caller, Callee] = Rest.split('\t'); !Callee.empty()) {
        if (Key == EdgeKey)
          Edges.insert({Caller.str(), {Callee.str()}});
        else if (Key == ForwardKey) {
          llvm::SmallVector<llvm::StringRef, 4> Callees;
          Callee.split(Callees, '\t');
          Forwards.insert({Caller.str(), {Callees.begin(), Callees.end()}});
        } else if (Key == OverridesKey)
          Overrides.insert({Caller.str(), Callee.str()});
        else if (Key == InstanceKey)
          TemplateOf[Caller.str()] = Callee.str();
      }
    }
  }
  // Sets `Fact` of each caller whose callees all have it, along `Calls`,
  // until nothing changes; a caller whose facts two units gave differently,
  // or that reads the error, keeps its own.
  auto Propagate = [&](const std::set<std::pair<std::string, std::vector<std::string>>> &Calls,
                       bool LaunchFacts::*Fact) {
    auto Has = [&](const std::string &Callee) {
      auto Known = Launches.find(Callee);
      return Known != Launches.end() && Known->second && (*Known->second).*Fact;
    };
    bool Grew = true;
    while (Grew) {
      Grew = false;
      for (const auto &[Caller, Callees] : Calls) {
        if (!llvm::all_of(Callees, Has))
          continue;
        std::optional<LaunchFacts> &Entry =
            Launches.try_emplace(Caller, LaunchFacts{}).first->second;
        if (Entry && !Entry->Queries && !((*Entry).*Fact)) {
          (*Entry).*Fact = true;
          Grew = true;
        }
      }
    }
  };
  // A call of a virtual method is a call of each override: the override is
  // called where the method is, and the method reads the error if an
  // override may (a model's `ffn_layer_->forward()` whose layer checks).
  for (const auto &[Override, Method] : Overrides) {
    if (CalledNotDefined.count(Method))
      CalledNotDefined.insert(Override);
    if (auto Calls = CalledUnchecked.find(Method); Calls != CalledUnchecked.end())
      CalledUnchecked[Override].insert(Calls->second.begin(), Calls->second.end());
    Edges.insert({Method, {Override}});
  }
  // A function that calls, in another unit, one that reads the error reads
  // it too: a model's forward() whose layers check after their launches.
  Propagate(Edges, &LaunchFacts::Queries);
  // A function that leaves pending whatever a launcher of another unit
  // leaves pending is a launcher too, once that one is known to be: the
  // dispatcher that calls a generated file's launcher and leaves the check
  // to its own callers.
  Propagate(Forwards, &LaunchFacts::LeavesPending);
  // A size query's null path that calls another unit's function that may
  // launch is not known to stop.
  for (auto &[Usr, Known] : Launches) {
    if (!Known)
      continue;
    if (llvm::any_of(Known->StopsUnless, [&](const std::string &Callee) {
          auto Facts = Launches.find(Callee);
          return Facts != Launches.end() &&
                 (!Facts->second || Facts->second->LeavesPending || Facts->second->MayLeavePending);
        }))
      Known->StopsIfNull.clear();
    Known->StopsUnless.clear();
  }
  std::vector<FunctionSummary> Agreed;
  for (auto &[Usr, Summary] : Merged)
    if (Summary)
      Agreed.push_back(std::move(*Summary));
  for (auto &[Usr, Known] : Launches)
    if (Known)
      Known->CalledElsewhere = CalledNotDefined.count(Usr) != 0;
  settleUncheckedCalls(Launches, CalledUnchecked, TemplateOf);
  UnitLaunchFacts AgreedLaunches;
  for (auto &[Usr, Known] : Launches)
    if (Known)
      AgreedLaunches.Defined.push_back({Usr, *Known});
  return writeSummaries(Agreed) + writeLaunchFacts(AgreedLaunches);
}

namespace {

// What an analysis asks of the summaries (ProjectFunctions::note), by name
// in UnitOutcome::SummariesConsulted.
enum Question : unsigned {
  WholeSummary,
  ActsOnCuda,
  FirstLaunchFact, // one a LaunchFact, in order
};
constexpr llvm::StringLiteral LaunchFactNames[] = {"pending", "maybe", "queries", "called",
                                                   "unchecked"};

llvm::StringRef questionName(unsigned Asked) {
  if (Asked == WholeSummary)
    return "summary";
  if (Asked == ActsOnCuda)
    return "acts";
  return LaunchFactNames[Asked - FirstLaunchFact];
}

// The answer to ActsOnCuda.
llvm::StringRef cudaEffectName(CudaEffect Effect) {
  switch (Effect) {
  case CudaEffect::None:
    return "0";
  case CudaEffect::WaitsOnly:
    return "waits";
  case CudaEffect::OnMemory:
    return "1";
  }
  llvm_unreachable("unknown CUDA effect");
}

bool factOf(const LaunchFacts *Facts, LaunchFact Fact) {
  if (!Facts)
    return false;
  switch (Fact) {
  case LaunchFact::LeavesPending:
    return Facts->LeavesPending;
  case LaunchFact::MayLeavePending:
    return Facts->MayLeavePending;
  case LaunchFact::Queries:
    return Facts->Queries;
  case LaunchFact::CalledElsewhere:
    return Facts->CalledElsewhere;
  case LaunchFact::CalledUnchecked:
    return Facts->CalledUnchecked;
  }
  return false;
}

} // namespace

ProjectFunctions::ProjectFunctions(std::vector<FunctionSummary> Summaries,
                                   std::map<std::string, LaunchFacts> Launches)
    : Summaries(std::move(Summaries)), Launches(std::move(Launches)) {
  for (size_t I = 0; I < this->Summaries.size(); ++I)
    ByUsr[this->Summaries[I].Usr] = I;
}

bool ProjectFunctions::read(llvm::StringRef Merged) {
  std::optional<std::vector<FunctionSummary>> Read = readSummaries(Merged);
  std::optional<std::map<std::string, LaunchFacts>> Facts = readLaunchFacts(Merged);
  *this =
      Read && Facts ? ProjectFunctions(std::move(*Read), std::move(*Facts)) : ProjectFunctions();
  return Read && Facts;
}

bool ProjectFunctions::readKnownSoFar(llvm::StringRef Merged) {
  bool Read = read(Merged);
  OthersToCome = true;
  return Read;
}

const std::string *ProjectFunctions::usrOf(const FunctionDecl *Function) const {
  // Every check asks at every call: the USR is made once per declaration.
  auto [Known, Inserted] = Usrs.try_emplace(Function->getCanonicalDecl());
  if (Inserted)
    if (std::optional<std::string> Usr = cudalint::usrOf(Function))
      Known->second = std::move(*Usr);
  return Known->second.empty() ? nullptr : &Known->second;
}

const FunctionSummary *ProjectFunctions::summaryNamed(llvm::StringRef Usr) const {
  auto Found = ByUsr.find(Usr);
  return Found == ByUsr.end() ? nullptr : &Summaries[Found->second];
}

const LaunchFacts *ProjectFunctions::launchFactsNamed(llvm::StringRef Usr) const {
  auto Found = Launches.find(Usr.str());
  return Found == Launches.end() ? nullptr : &Found->second;
}

void ProjectFunctions::note(const FunctionDecl *Function, unsigned Question) const {
  // Kept as text: the questions outlive the unit's AST.
  if (!Asked.insert({Function->getCanonicalDecl(), Question}).second)
    return;
  const std::string *Usr = usrOf(Function);
  if (!Usr)
    return;
  Questions.insert(*Usr + "\t" + questionName(Question).str());
  if (Function->hasBody() || summaryNamed(*Usr) || launchFactsNamed(*Usr))
    return;
  const SourceManager &SM = Function->getASTContext().getSourceManager();
  for (const FunctionDecl *Declaration : Function->redecls()) {
    SourceLocation At = SM.getExpansionLoc(Declaration->getLocation());
    if (At.isInvalid() || SM.isInSystemHeader(At) || SM.isInMainFile(At))
      continue;
    if (OptionalFileEntryRef Header = SM.getFileEntryRefForID(SM.getFileID(At))) {
      StringRef Real = Header->getFileEntry().tryGetRealPathName();
      UnknownDeclaredIn.insert((Real.empty() ? Header->getName() : Real).str());
    }
  }
}

std::vector<std::string> ProjectFunctions::consulted() const {
  std::vector<std::string> Answered;
  for (llvm::StringRef Entry : Questions) {
    auto [Usr, Asked] = Entry.split('\t');
    bool Expected = Asked == LaunchFactNames[static_cast<unsigned>(LaunchFact::CalledElsewhere)] &&
                    ExpectedCalled.count(Usr.str());
    Answered.push_back((Entry + "\t" + (Expected ? "1" : *answer(Usr, Asked))).str());
  }
  return Answered;
}

std::vector<std::string> ProjectFunctions::unknownCalleesDeclaredIn() const {
  return {UnknownDeclaredIn.begin(), UnknownDeclaredIn.end()};
}

std::optional<std::string> ProjectFunctions::answer(llvm::StringRef Usr,
                                                    llvm::StringRef Asked) const {
  const FunctionSummary *Summary = summaryNamed(Usr);
  if (Asked == questionName(WholeSummary))
    return Summary ? writeSummaries(*Summary) : "-";
  if (Asked == questionName(ActsOnCuda))
    return cudaEffectName(Summary ? Summary->cudaEffect() : CudaEffect::None).str();
  const auto *Fact = llvm::find(LaunchFactNames, Asked);
  if (Fact == std::end(LaunchFactNames))
    return std::nullopt;
  return factOf(launchFactsNamed(Usr), LaunchFact(Fact - std::begin(LaunchFactNames))) ? "1" : "0";
}

// Whether the answer `Given` to `Asked`, answered `Now` by the whole
// database, is a function taken for not reading the launch error that reads
// it.
static bool becameReader(llvm::StringRef Asked, llvm::StringRef Given,
                         const std::optional<std::string> &Now) {
  return Asked == LaunchFactNames[static_cast<unsigned>(LaunchFact::Queries)] && Given == "0" &&
         Now == "1";
}

ProjectFunctions::Differences
ProjectFunctions::compareAnswers(const ProjectFunctions &Database,
                                 llvm::ArrayRef<std::string> Consulted,
                                 std::string *FirstOtherwise) {
  Differences Found = Differences::None;
  for (llvm::StringRef Entry : Consulted) {
    auto [Usr, Rest] = Entry.split('\t');
    auto [Asked, Given] = Rest.split('\t');
    std::optional<std::string> Now = Database.answer(Usr, Asked);
    if (Now && *Now == Given)
      continue;
    if (FirstOtherwise && FirstOtherwise->empty())
      *FirstOtherwise = (Usr + "\t" + Asked).str();
    // A question of another version (a cached analysis) is asked again.
    if (!Now || !llvm::is_contained(LaunchFactNames, Asked))
      return Differences::Summaries;
    Found = std::max(Found, becameReader(Asked, Given, Now) ? Differences::MoreReadersOnly
                                                            : Differences::LaunchFactsOnly);
  }
  return Found;
}

std::vector<std::string> ProjectFunctions::nowReading(const ProjectFunctions &Database,
                                                      llvm::ArrayRef<std::string> Consulted) {
  std::vector<std::string> Reading;
  for (llvm::StringRef Entry : Consulted) {
    auto [Usr, Rest] = Entry.split('\t');
    auto [Asked, Given] = Rest.split('\t');
    if (becameReader(Asked, Given, Database.answer(Usr, Asked)))
      Reading.push_back(Usr.str());
  }
  sortUnique(Reading);
  return Reading;
}

std::vector<std::string>
ProjectFunctions::nonReaders(llvm::ArrayRef<const FunctionDecl *> Functions) const {
  std::vector<std::string> NonReaders;
  for (const FunctionDecl *Function : Functions)
    if (const std::string *Usr = usrOf(Function); Usr && !launchFact(Function, LaunchFact::Queries))
      NonReaders.push_back(*Usr);
  sortUnique(NonReaders);
  return NonReaders;
}

const FunctionSummary *ProjectFunctions::summaryOf(const FunctionDecl *Callee) const {
  // A function the unit defines is followed into; only named functions are
  // summarised, and methods never.
  if (!Callee || !Callee->getIdentifier() || isa<CXXMethodDecl>(Callee) || Callee->hasBody())
    return nullptr;
  const std::string *Usr = usrOf(Callee);
  return Usr ? summaryNamed(*Usr) : nullptr;
}

const FunctionSummary *ProjectFunctions::find(const FunctionDecl *Callee) const {
  const FunctionSummary *Summary = summaryOf(Callee);
  if (Summary || (Callee && !Callee->hasBody()))
    note(Callee, WholeSummary);
  return Summary;
}

CudaEffect ProjectFunctions::cudaEffect(const FunctionDecl *Callee) const {
  const FunctionSummary *Summary = summaryOf(Callee);
  if (Summary || (Callee && !Callee->hasBody()))
    note(Callee, ActsOnCuda);
  return Summary ? Summary->cudaEffect() : CudaEffect::None;
}

bool ProjectFunctions::launchFact(const FunctionDecl *Function, LaunchFact Fact) const {
  const std::string *Usr = Function ? usrOf(Function) : nullptr;
  if (!Usr)
    return false;
  note(Function, FirstLaunchFact + static_cast<unsigned>(Fact));
  if (factOf(launchFactsNamed(*Usr), Fact))
    return true;
  if (Fact != LaunchFact::CalledElsewhere || !expectedCalledElsewhere(Function))
    return false;
  ExpectedCalled.insert(*Usr);
  return true;
}

bool ProjectFunctions::expectedCalledElsewhere(const FunctionDecl *Function) const {
  // An implicit instance is instantiated where it is used; an explicit
  // instantiation (`template class PiEstimator<float>;`) is there for other
  // units to call. An explicit specialisation most often is not called but
  // picked from a table of function pointers (faiss's 128 `IVFINT_RUN<...>`
  // units), which no summary counts as a call. One the unit refers to
  // without calling it (a `display` callback handed to GLUT) is the unit's
  // to use.
  TemplateSpecializationKind Kind = Function->getTemplateSpecializationKind();
  return OthersToCome && Function->hasBody() && isCallableFromElsewhere(Function) &&
         (Kind == TSK_Undeclared || Kind == TSK_ExplicitInstantiationDefinition) &&
         !Function->isReferenced();
}

} // namespace cudalint
