// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/CountedLoop.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace cudalint {

std::optional<CountedLoop> countedLoop(const ForStmt &Loop) {
  const VarDecl *Counter = nullptr;
  const Expr *Start = nullptr;
  if (const auto *Declared = dyn_cast_or_null<DeclStmt>(Loop.getInit());
      Declared && Declared->isSingleDecl()) {
    Counter = dyn_cast<VarDecl>(Declared->getSingleDecl());
    Start = Counter ? Counter->getInit() : nullptr;
  } else if (const auto *Assigned = dyn_cast_or_null<BinaryOperator>(Loop.getInit());
             Assigned && Assigned->getOpcode() == BO_Assign) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Assigned->getLHS()->IgnoreParenImpCasts());
    Counter = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    Start = Assigned->getRHS();
  }
  const auto *Condition = dyn_cast_or_null<BinaryOperator>(
      Loop.getCond() ? Loop.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Counter || !Counter->getType()->isIntegerType() || !Condition ||
      (Condition->getOpcode() != BO_LT && Condition->getOpcode() != BO_LE &&
       Condition->getOpcode() != BO_NE))
    return std::nullopt;
  auto IsCounter = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Counter;
  };
  if (!IsCounter(Condition->getLHS()))
    return std::nullopt;
  const auto *Step = dyn_cast_or_null<UnaryOperator>(Loop.getInc());
  bool StepsByOne = Step && Step->isIncrementOp() && IsCounter(Step->getSubExpr());
  return CountedLoop{Counter, Start, Condition->getRHS(), Condition->getOpcode(), StepsByOne};
}

} // namespace cudalint
