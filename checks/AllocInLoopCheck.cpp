// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AllocInLoopCheck.h"
#include "shared/CountedLoop.h"
#include "shared/FunctionMutations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// The object an out-parameter or a release names, the same on every
// iteration: a variable (`&d`, `d`), or a field of one (`&frame.d`).
struct Storage {
  const ValueDecl *Variable = nullptr;
  const FieldDecl *Field = nullptr;
  bool operator==(const Storage &Other) const {
    return Variable == Other.Variable && Field == Other.Field;
  }
};

std::optional<Storage> storageOf(const Expr *E, bool AddressTaken) {
  E = E->IgnoreParenCasts();
  if (AddressTaken) {
    const auto *AddressOf = dyn_cast<UnaryOperator>(E);
    if (!AddressOf || AddressOf->getOpcode() != UO_AddrOf)
      return std::nullopt;
    E = AddressOf->getSubExpr()->IgnoreParenCasts();
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Storage{Ref->getDecl(), nullptr};
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Base = dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (Base && Field)
      return Storage{Base->getDecl(), Field};
  }
  return std::nullopt;
}

struct Call {
  const CallExpr *Expr;
  const Stmt *Loop; // the innermost loop around it
  Storage Target;
};

// The allocation and release calls of one function, each with the innermost
// loop around it; allocations only where they run on every iteration of that
// loop (not under an `if` inside it). `do { } while (0)`, the shape of most
// status-checking macros, is no loop. Lambdas and local classes are
// functions of their own.
class LoopCalls : public RecursiveASTVisitor<LoopCalls> {
public:
  LoopCalls(const CudaApi &Api, const FunctionDecl &Function, ASTContext &Context)
      : Api(Api), Function(Function), Context(Context) {}

  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }

  bool TraverseForStmt(ForStmt *S) {
    if (runsAtMostOnce(*S))
      return Base::TraverseForStmt(S);
    return inLoop(S, [&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    if (neverRepeats(S->getCond()))
      return Base::TraverseWhileStmt(S);
    return inLoop(S, [&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    if (neverRepeats(S->getCond()))
      return Base::TraverseDoStmt(S);
    return inLoop(S, [&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return inLoop(S, [&] { return Base::TraverseCXXForRangeStmt(S); });
  }

  bool TraverseIfStmt(IfStmt *S) {
    if (S->getInit())
      TraverseStmt(S->getInit());
    if (S->getConditionVariableDeclStmt())
      TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    ++Conditional;
    TraverseStmt(S->getThen());
    TraverseStmt(S->getElse());
    --Conditional;
    return true;
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    TraverseStmt(S->getCond());
    ++Conditional;
    TraverseStmt(S->getBody());
    --Conditional;
    return true;
  }
  bool TraverseConditionalOperator(ConditionalOperator *E) {
    TraverseStmt(E->getCond());
    ++Conditional;
    TraverseStmt(E->getTrueExpr());
    TraverseStmt(E->getFalseExpr());
    --Conditional;
    return true;
  }
  bool TraverseBinaryOperator(BinaryOperator *E) {
    if (!E->isLogicalOp())
      return Base::TraverseBinaryOperator(E);
    TraverseStmt(E->getLHS());
    ++Conditional;
    TraverseStmt(E->getRHS());
    --Conditional;
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (Loops.empty())
      return true;
    const FunctionDecl *Callee = E->getDirectCallee();
    if (const AllocationApi *Allocation = Api.allocation(Callee)) {
      if (!Allocation->IsAsync && Allocation->OutParam < E->getNumArgs() &&
          Conditional == Loops.back().second)
        if (std::optional<Storage> Target =
                storageOf(E->getArg(Allocation->OutParam), /*AddressTaken=*/true))
          Allocations.push_back({E, Loops.back().first, *Target});
    } else if (const ReleaseApi *Release = Api.release(Callee)) {
      if (Release->PointerParam < E->getNumArgs())
        if (std::optional<Storage> Target =
                storageOf(E->getArg(Release->PointerParam), /*AddressTaken=*/false))
          Releases.push_back({E, Loops.back().first, *Target});
    }
    return true;
  }

  std::vector<Call> Allocations, Releases;

private:
  using Base = RecursiveASTVisitor<LoopCalls>;

  bool neverRepeats(const Expr *Condition) {
    bool Value = true;
    return Condition && !Condition->isValueDependent() &&
           Condition->EvaluateAsBooleanCondition(Value, Context) && !Value;
  }

  // A counted loop of one pass at most: `for (int attempt = 0; attempt < 1;
  // ++attempt)`, a retry loop with its bound set to one, a benchmark's
  // iteration count of one. Its counter starts and ends at constants, steps
  // by one, and the body does not assign it.
  bool runsAtMostOnce(const ForStmt &Loop) {
    std::optional<CountedLoop> Counted = countedLoop(Loop);
    if (!Counted || !Counted->StepsByOne || !Counted->Start)
      return false;
    auto Constant = [&](const Expr *E) -> std::optional<llvm::APSInt> {
      if (E->isValueDependent())
        return std::nullopt;
      return E->getIntegerConstantExpr(Context);
    };
    std::optional<llvm::APSInt> First = Constant(Counted->Start);
    std::optional<llvm::APSInt> Bound = Constant(Counted->Bound);
    if (!First || !Bound)
      return false;
    int64_t Passes = Bound->getExtValue() - First->getExtValue();
    if (Counted->Comparison == BO_LE)
      ++Passes;
    return Passes <= 1 &&
           !FunctionMutations(*Loop.getBody(), Function, Context).isMutated(Counted->Counter);
  }

  template <typename Traverse> bool inLoop(Stmt *Loop, Traverse Walk) {
    Loops.emplace_back(Loop, Conditional);
    bool Result = Walk();
    Loops.pop_back();
    return Result;
  }

  const CudaApi &Api;
  const FunctionDecl &Function;
  ASTContext &Context;
  // Each loop with the depth of conditional code it starts at.
  std::vector<std::pair<const Stmt *, unsigned>> Loops;
  unsigned Conditional = 0;
};

// Whether `E` has the same value on every iteration of `Loop`.
class Invariance {
public:
  Invariance(const Stmt &Loop, const FunctionDecl &Function, ASTContext &Context)
      : Loop(Loop), Function(Function), Context(Context) {}

  bool invariant(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (E->isValueDependent() || E->containsErrors())
      return false;
    if (E->isIntegerConstantExpr(Context) || isa<UnaryExprOrTypeTraitExpr>(E) ||
        isa<CXXDefaultArgExpr>(E))
      return true;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return invariantVariable(Ref->getDecl());
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return !Member->isArrow() && invariant(Member->getBase());
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      return invariant(Cast->getSubExpr());
    if (const auto *Binary = dyn_cast<BinaryOperator>(E))
      return !Binary->isAssignmentOp() && invariant(Binary->getLHS()) &&
             invariant(Binary->getRHS());
    if (const auto *Unary = dyn_cast<UnaryOperator>(E))
      return !Unary->isIncrementDecrementOp() && Unary->getOpcode() != UO_Deref &&
             invariant(Unary->getSubExpr());
    if (const auto *Conditional = dyn_cast<ConditionalOperator>(E))
      return invariant(Conditional->getCond()) && invariant(Conditional->getTrueExpr()) &&
             invariant(Conditional->getFalseExpr());
    // A call may give another value each time; so may anything else.
    return false;
  }

private:
  // A constant, or a local or parameter declared outside the loop that
  // nothing in the loop modifies. Globals may change in any call.
  bool invariantVariable(const ValueDecl *Decl) {
    if (isa<EnumConstantDecl>(Decl))
      return true;
    const auto *Variable = dyn_cast<VarDecl>(Decl);
    if (!Variable || Variable->getType().isVolatileQualified())
      return false;
    if (Variable->getType().isConstQualified() && !Variable->hasLocalStorage())
      return true;
    if (!Variable->hasLocalStorage() && !isa<ParmVarDecl>(Variable))
      return false;
    SourceRange LoopRange = Loop.getSourceRange();
    const SourceManager &SM = Context.getSourceManager();
    SourceLocation Declared = Variable->getLocation();
    if (LoopRange.isValid() && Declared.isValid() &&
        !SM.isBeforeInTranslationUnit(Declared, LoopRange.getBegin()))
      return false;
    if (!Mutations)
      Mutations = std::make_unique<FunctionMutations>(Loop, Function, Context);
    return !Mutations->isMutated(Variable);
  }

  const Stmt &Loop;
  const FunctionDecl &Function;
  ASTContext &Context;
  std::unique_ptr<FunctionMutations> Mutations;
};

bool contains(const Stmt &Outer, const Stmt &Inner, const SourceManager &SM) {
  SourceRange Range = Outer.getSourceRange();
  SourceLocation At = Inner.getBeginLoc();
  return Range.isValid() && At.isValid() && !SM.isBeforeInTranslationUnit(At, Range.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Range.getEnd(), At);
}

} // namespace

void AllocInLoopCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      functionDecl(isDefinition(), hasBody(stmt()), unless(isExpansionInSystemHeader()))
          .bind("function"),
      this);
}

void AllocInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (!Function || Function->isDependentContext())
    return;
  LoopCalls Calls(api(), *Function, *Result.Context);
  Calls.TraverseStmt(Function->getBody());
  if (Calls.Allocations.empty() || Calls.Releases.empty())
    return;
  ASTContext &Context = *Result.Context;
  const SourceManager &SM = Context.getSourceManager();
  llvm::DenseMap<const Stmt *, std::unique_ptr<Invariance>> PerLoop;
  for (const Call &Allocation : Calls.Allocations) {
    const FunctionDecl *Allocator = Allocation.Expr->getDirectCallee();
    const AllocationApi *Api = api().allocation(Allocator);
    // The matching release, in the same loop, of the same variable.
    const Call *Release = nullptr;
    for (const Call &Candidate : Calls.Releases)
      if (Candidate.Target == Allocation.Target &&
          contains(*Allocation.Loop, *Candidate.Expr, SM) &&
          documentedName(*Candidate.Expr->getDirectCallee()) == Api->Release) {
        Release = &Candidate;
        break;
      }
    if (!Release)
      continue;
    std::unique_ptr<Invariance> &Loop = PerLoop[Allocation.Loop];
    if (!Loop)
      Loop = std::make_unique<Invariance>(*Allocation.Loop, *Function, Context);
    // Released in the iteration that allocated it, the memory never outlives
    // one: a single allocation of the same size serves every iteration.
    bool SizesInvariant = true;
    for (unsigned I = 0; I < Allocation.Expr->getNumArgs() && SizesInvariant; ++I) {
      const Expr *Argument = Allocation.Expr->getArg(I);
      if (I == Api->OutParam || (Api->FlagsParam && I == *Api->FlagsParam) ||
          Argument->getType()->isPointerType())
        continue;
      SizesInvariant = Loop->invariant(Argument);
    }
    if (!SizesInvariant)
      continue;
    std::string Allocated = documentedName(*Allocator);
    std::string Released = documentedName(*Release->Expr->getDirectCallee());
    std::string Name = Allocation.Target.Field ? Allocation.Target.Field->getNameAsString()
                                               : Allocation.Target.Variable->getNameAsString();
    bool Device = Api->Family == MemoryFamily::Device;
    diag(Allocation.Expr->getBeginLoc(),
         "'" + Allocated + "' allocates '" + Name +
             "' anew on every iteration of the loop with the same size, and '" + Released +
             "' releases it in the same iteration; each pair is a driver call that maps "
             "and unmaps memory, and '" +
             Released + "' waits for the device: allocate once before the loop" +
             (Device ? " (or use cudaMallocAsync and cudaFreeAsync on the stream)" : "") +
             " (a performance finding)")
        .note(Release->Expr->getBeginLoc(), "'" + Released + "' releases '" + Name + "' here")
        .note(Allocation.Loop->getBeginLoc(), "the loop starts here");
  }
}

} // namespace cudalint
