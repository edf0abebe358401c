// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/FunctionMutations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

namespace cudalint {

namespace {

using namespace clang;

// The object a plain write names: `v` of `v = x`, `v.f += x`, `++v.f.g`.
const DeclRefExpr *writtenVariable(const Expr *Target) {
  Target = Target->IgnoreParens();
  while (const auto *Member = dyn_cast<MemberExpr>(Target)) {
    if (Member->isArrow() || !isa<FieldDecl>(Member->getMemberDecl()))
      return nullptr;
    Target = Member->getBase()->IgnoreParens();
  }
  return dyn_cast<DeclRefExpr>(Target);
}

// Sorts the references to variables in a statement into plain reads (the
// operand of an lvalue-to-rvalue conversion, directly or through a field
// read with `.`, or the argument of a copy constructor taking a const
// reference), plain writes (the target of a built-in assignment, increment
// or decrement, directly or through fields) and every other use. A variable
// all of whose references are plain reads is not modified in the statement;
// one with a plain write is, unless the write sits in an unevaluated operand.
// The walk visits what the analyzer's matchers visit: implicit code and
// template instantiations too.
class VariableUses : public RecursiveASTVisitor<VariableUses> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    References.insert(Ref);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() != CK_LValueToRValue)
      return true;
    const Expr *Read = Cast->getSubExpr()->IgnoreParens();
    if (const auto *Member = dyn_cast<MemberExpr>(Read);
        Member && !Member->isArrow() && isa<FieldDecl>(Member->getMemberDecl()))
      Read = Member->getBase()->IgnoreParens();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Read))
      Reads.insert(Ref);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    const CXXConstructorDecl *Constructor = Construct->getConstructor();
    if (!Constructor || !Constructor->isCopyConstructor() || Construct->getNumArgs() != 1 ||
        !Constructor->getParamDecl(0)->getType()->getPointeeType().isConstQualified())
      return true;
    const Expr *Argument = Construct->getArg(0)->IgnoreParens();
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Argument);
        Cast && Cast->getCastKind() == CK_NoOp)
      Argument = Cast->getSubExpr()->IgnoreParens();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Argument))
      Reads.insert(Ref);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Binary) {
    if (Binary->isAssignmentOp())
      if (const DeclRefExpr *Written = writtenVariable(Binary->getLHS()))
        Writes.push_back(Written);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Unary) {
    if (Unary->isIncrementDecrementOp())
      if (const DeclRefExpr *Written = writtenVariable(Unary->getSubExpr()))
        Writes.push_back(Written);
    return true;
  }

  // An expression shared by two parents (the condition of `a ?: b`, say) is
  // read through one and may be used through the other.
  bool VisitOpaqueValueExpr(OpaqueValueExpr *Shared) {
    if (const Expr *Source = Shared->getSourceExpr())
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Source->IgnoreParens()))
        SharedVariables.insert(Ref->getDecl());
    return true;
  }

  llvm::DenseSet<const Decl *> onlyRead() const {
    llvm::DenseSet<const Decl *> Result, Used;
    for (const DeclRefExpr *Ref : References)
      if (!Reads.contains(Ref) || SharedVariables.contains(Ref->getDecl()))
        Used.insert(Ref->getDecl());
    for (const DeclRefExpr *Ref : References)
      if (!Used.contains(Ref->getDecl()))
        Result.insert(Ref->getDecl());
    return Result;
  }

  std::vector<const DeclRefExpr *> Writes;

private:
  llvm::DenseSet<const DeclRefExpr *> References, Reads;
  llvm::DenseSet<const Decl *> SharedVariables;
};

// Narrows the unit's traversal scope to one function while it lives.
class ScopeNarrowedTo {
public:
  ScopeNarrowedTo(const FunctionDecl &Function, ASTContext &Context) : Context(Context) {
    ArrayRef<Decl *> Scope = Context.getTraversalScope();
    Saved.assign(Scope.begin(), Scope.end());
    // Setting the scope drops the parent map: the unit's own map is built
    // again only if something asks the unit about ancestors.
    Context.setTraversalScope({const_cast<FunctionDecl *>(&Function)});
  }
  ~ScopeNarrowedTo() { Context.setTraversalScope(Saved); }

private:
  ASTContext &Context;
  std::vector<Decl *> Saved;
};

} // namespace

bool FunctionMutations::isMutated(const clang::Decl *Variable) {
  if (auto Known = Answers.find(Variable); Known != Answers.end())
    return Known->second;
  if (!Uses) {
    VariableUses Walk;
    Walk.TraverseStmt(const_cast<clang::Stmt *>(&Within));
    Uses = Classified{Walk.onlyRead(), std::move(Walk.Writes), {}};
  }
  if (Uses->OnlyRead.contains(Variable))
    return Answers[Variable] = false;
  ScopeNarrowedTo Narrowed(Function, Context);
  if (!Uses->WritesJudged) {
    for (const clang::DeclRefExpr *Write : Uses->Writes)
      if (!clang::ExprMutationAnalyzer::isUnevaluated(Write, Context))
        Uses->Written.insert(Write->getDecl());
    Uses->WritesJudged = true;
  }
  if (Uses->Written.contains(Variable))
    return Answers[Variable] = true;
  return Answers[Variable] = Analyzer.isMutated(Variable);
}

} // namespace cudalint
