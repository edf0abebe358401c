// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AllocPointerArgCheck.h"
#include "shared/FunctionMutations.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Analysis/Analyses/UninitializedValues.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

AST_MATCHER_P(FunctionDecl, isCudaAllocation, const CudaApi *, Api) {
  return Api->allocation(&Node) != nullptr;
}

// The object an lvalue expression names, for messages and notes.
const ValueDecl *namedObject(const Expr &E) {
  const Expr *Plain = E.IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Plain))
    return Ref->getDecl();
  if (const auto *Member = dyn_cast<MemberExpr>(Plain))
    return Member->getMemberDecl();
  return nullptr;
}

// How the user wrote the object: its name, or the expression's own text
// (`handles[0]`) when it is short and not produced by a macro.
std::string spelling(const Expr &E, const ASTContext &Context) {
  if (const ValueDecl *Named = namedObject(E))
    return Named->getNameAsString();
  constexpr size_t LongestQuoted = 40;
  SourceRange Range = E.getSourceRange();
  if (Range.isValid() && !Range.getBegin().isMacroID() && !Range.getEnd().isMacroID()) {
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Range),
                                                Context.getSourceManager(), Context.getLangOpts());
    if (!Text.empty() && Text.size() <= LongestQuoted && !Text.contains('\n'))
      return Text.str();
  }
  return "the argument";
}

// The pointer variable whose value an out-argument is computed from:
// `slot` in `slot`, `slot + 1`, `&slot[i]` and `&*slot`. An array's own
// elements are storage, not a pointer read, and end the search.
const DeclRefExpr *pointerReadBy(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getType()->isPointerType() ? Ref : nullptr;
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Subscript->getBase()->IgnoreParenImpCasts();
    return Base->getType()->isPointerType() ? pointerReadBy(Base) : nullptr;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->getOpcode() == UO_Deref)
      return pointerReadBy(Unary->getSubExpr());
    if (Unary->getOpcode() == UO_AddrOf) {
      const Expr *Object = Unary->getSubExpr()->IgnoreParens();
      if (isa<ArraySubscriptExpr>(Object) ||
          (isa<UnaryOperator>(Object) && cast<UnaryOperator>(Object)->getOpcode() == UO_Deref))
        return pointerReadBy(Object);
    }
    return nullptr;
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E); Binary && Binary->isAdditiveOp()) {
    if (Binary->getLHS()->getType()->isPointerType())
      return pointerReadBy(Binary->getLHS());
    if (Binary->getRHS()->getType()->isPointerType())
      return pointerReadBy(Binary->getRHS());
  }
  return nullptr;
}

// Peels explicit casts (`(void **)`, `reinterpret_cast<void **>`) and the
// implicit conversions around them; reports whether there was one.
const Expr *withoutCasts(const Expr *E, bool &WasCast) {
  WasCast = false;
  while (true) {
    E = E->IgnoreParenImpCasts();
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (!Cast)
      return E;
    WasCast = true;
    E = Cast->getSubExpr();
  }
}

bool holdsPointerSizedValue(QualType Object, const ASTContext &Context) {
  if (Object->isPointerType() || Object->isNullPtrType())
    return true;
  // Device addresses kept in a 64-bit integer handle are a deliberate idiom
  // (CUdeviceptr is one); the write fits and the address is not lost.
  return Object->isIntegerType() && !Object->isEnumeralType() &&
         Context.getTypeSize(Object) == Context.getTypeSize(Context.VoidPtrTy);
}

bool isArrayOfPointers(QualType Object) {
  const ArrayType *Array = Object->getAsArrayTypeUnsafe();
  return Array && Array->getElementType()->isPointerType();
}

// A local pointer initialised to null that nothing in the function declaring
// it modifies (clang's ExprMutationAnalyzer decides, as clang-tidy's const
// checks do).
const VarDecl *nullVariable(const Expr &Argument, ASTContext &Context) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Argument.IgnoreParenImpCasts());
  const auto *Variable = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Variable || !Variable->hasLocalStorage() || isa<ParmVarDecl>(Variable) ||
      !Variable->getInit() ||
      !Variable->getInit()->IgnoreParenImpCasts()->isNullPointerConstant(
          Context, Expr::NPC_ValueDependentIsNotNull))
    return nullptr;
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Variable->getParentFunctionOrMethod());
  if (!Function || !Function->getBody())
    return nullptr;
  FunctionMutations Mutations(*Function->getBody(), *Function, Context);
  return Mutations.isMutated(Variable) ? nullptr : Variable;
}

class AlwaysUninitializedCollector : public UninitVariablesHandler {
public:
  void handleUseOfUninitVariable(const VarDecl *, const UninitUse &Use) override {
    if (Use.getKind() == UninitUse::Always)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Use.getUser()->IgnoreParenImpCasts()))
        Uses.insert(Ref);
  }
  llvm::DenseSet<const DeclRefExpr *> Uses;
};

} // namespace

void AllocPointerArgCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      callExpr(callee(functionDecl(isCudaAllocation(&api())).bind("callee"))).bind("call"), this);
}

void AllocPointerArgCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>("callee");
  const AllocationApi *Api = api().allocation(Callee);
  if (!Api || Call->getNumArgs() <= Api->OutParam)
    return;
  const Expr *Argument = Call->getArg(Api->OutParam);
  // Inside templates the argument's type may not be known yet; the
  // instantiations are checked instead.
  if (Argument->isTypeDependent() || Argument->isValueDependent())
    return;
  std::string Name = documentedName(*Callee);
  bool WasCast = false;
  const Expr *Stripped = withoutCasts(Argument, WasCast);
  QualType Target = api().allocationTargetType(Callee, *Api);

  if (const auto *AddressOf = dyn_cast<UnaryOperator>(Stripped);
      AddressOf && AddressOf->getOpcode() == UO_AddrOf) {
    // `&slots[i]` with `slots` uninitialised points nowhere, whatever the
    // element type.
    if (pointerReadBy(AddressOf) && checkPointsSomewhere(Name, *AddressOf, *Result.Context))
      return;
    checkAddressOf(*Call, Name, *AddressOf, Target, *Result.Context);
    return;
  }
  checkPointerValue(*Call, Name, *Stripped, WasCast, *Result.Context);
}

void AllocPointerArgCheck::checkAddressOf(const CallExpr &Call, llvm::StringRef Api,
                                          const UnaryOperator &AddressOf, QualType Target,
                                          ASTContext &Context) {
  const Expr *Object = AddressOf.getSubExpr();
  QualType ObjectType = Object->getType();
  if (ObjectType->isDependentType() || holdsPointerSizedValue(ObjectType, Context) ||
      isArrayOfPointers(ObjectType))
    return;
  std::string Name = spelling(*Object, Context);
  uint64_t ObjectBytes =
      ObjectType->isIncompleteType() ? 0 : Context.getTypeSizeInChars(ObjectType).getQuantity();
  uint64_t AddressBytes = Context.getTypeSizeInChars(Context.VoidPtrTy).getQuantity();
  std::string Consequence = ObjectBytes != 0 && ObjectBytes < AddressBytes
                                ? llvm::formatv("{0} writes the {1}-byte address over it and the "
                                                "memory beside it, and the allocation leaks",
                                                Api, AddressBytes)
                                      .str()
                                : llvm::formatv("{0} stores the address in it, and the allocation "
                                                "leaks because no pointer holds it",
                                                Api)
                                      .str();
  FindingBuilder Finding = diag(
      AddressOf.getBeginLoc(),
      llvm::formatv("the out-parameter of {0} points to '{1}' of type "
                    "'{2}', not to a pointer; {3}",
                    Api, Name, ObjectType.getAsString(Context.getPrintingPolicy()), Consequence)
          .str());
  if (const ValueDecl *Declared = namedObject(*Object))
    Finding.note(Declared->getLocation(), llvm::formatv("'{0}' is declared here", Name).str());
}

void AllocPointerArgCheck::checkPointerValue(const CallExpr &Call, llvm::StringRef Api,
                                             const Expr &Argument, bool WasCast,
                                             ASTContext &Context) {
  if (const VarDecl *AlwaysNull = nullVariable(Argument, Context);
      AlwaysNull || Argument.isNullPointerConstant(Context, Expr::NPC_ValueDependentIsNotNull)) {
    FindingBuilder Finding =
        diag(Argument.getBeginLoc(),
             llvm::formatv("the out-parameter of {0} is a null pointer; the call "
                           "fails with cudaErrorInvalidValue and allocates nothing",
                           Api)
                 .str());
    if (AlwaysNull)
      Finding.note(AlwaysNull->getLocation(),
                   llvm::formatv("'{0}' is initialised to null here and never changed",
                                 AlwaysNull->getName())
                       .str());
    return;
  }
  QualType Type = Argument.getType();
  if (!Type->isPointerType())
    return;
  QualType Pointee = Type->getPointeeType();
  if (Pointee->isDependentType())
    return;
  // A pointer to a pointer (or to a pointer-sized handle) is the documented
  // shape; it is only wrong when it provably points nowhere.
  if (holdsPointerSizedValue(Pointee, Context)) {
    checkPointsSomewhere(Api, Argument, Context);
    return;
  }
  // Where a `void *` points is unknown.
  if (Pointee->isVoidType())
    return;

  const ValueDecl *Named = namedObject(Argument);
  std::string Name = spelling(Argument, Context);
  FindingBuilder Finding =
      diag(Argument.getBeginLoc(),
           llvm::formatv("'{0}' is of type '{1}', not the address of a pointer; {2} writes "
                         "the new address into the memory '{0}' points to (a crash "
                         "when '{0}' is uninitialised) and '{0}' never receives it",
                         Name, Type.getAsString(Context.getPrintingPolicy()), Api)
               .str());
  // `&d` is the only reading of `(void **)d` that makes sense when `d` names
  // a pointer variable or member; anything more complex stays a warning.
  if (WasCast && Named)
    Finding.fixIt(FixItHint::CreateInsertion(Argument.getBeginLoc(), "&"));
  if (Named)
    Finding.note(Named->getLocation(), llvm::formatv("'{0}' is declared here", Name).str());
}

bool AllocPointerArgCheck::checkPointsSomewhere(llvm::StringRef Api, const Expr &Argument,
                                                ASTContext &Context) {
  const DeclRefExpr *Ref = pointerReadBy(&Argument);
  const auto *Variable = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Variable || !Variable->hasLocalStorage() || isa<ParmVarDecl>(Variable))
    return false;
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Variable->getParentFunctionOrMethod());
  if (!Function || !isAlwaysUninitialized(*Ref, *Function, Context))
    return false;
  diag(Ref->getBeginLoc(), llvm::formatv("'{0}' is uninitialised here; {1} writes the new address "
                                         "to whatever garbage location it holds, a crash or silent "
                                         "memory corruption",
                                         Ref->getDecl()->getName(), Api)
                               .str())
      .note(
          Ref->getDecl()->getLocation(),
          llvm::formatv("'{0}' is declared here without a value", Ref->getDecl()->getName()).str());
  return true;
}

bool AllocPointerArgCheck::isAlwaysUninitialized(const DeclRefExpr &Use,
                                                 const FunctionDecl &Function,
                                                 ASTContext &Context) {
  const auto *Variable = dyn_cast<VarDecl>(Use.getDecl());
  if (!Variable || !Variable->hasLocalStorage() || isa<ParmVarDecl>(Variable))
    return false;
  auto Cached = AlwaysUninitializedUses.find(&Function);
  if (Cached == AlwaysUninitializedUses.end()) {
    AlwaysUninitializedCollector Collector;
    AnalysisDeclContextManager Manager(Context);
    // As in Sema's -Wuninitialized: the analysis needs every read as an element.
    Manager.getCFGBuildOptions().setAllAlwaysAdd();
    AnalysisDeclContext *Analysis = Manager.getContext(&Function);
    if (const CFG *Graph = Analysis->getCFG()) {
      UninitVariablesAnalysisStats Stats;
      runUninitializedVariablesAnalysis(Function, *Graph, *Analysis, Collector, Stats);
    }
    Cached = AlwaysUninitializedUses.insert({&Function, std::move(Collector.Uses)}).first;
  }
  return Cached->second.contains(&Use);
}

} // namespace cudalint
