// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A `for` loop over an integer counter it declares or sets, tested against a
// bound: `for (int i = A; i < B; ...)` or `for (i = A; i < B; ...)`, with `<`,
// `<=` or `!=`. What the checks ask
// of a loop whose number of passes may be known: cuda-alloc-in-loop (a loop
// of one pass is no loop) and the analyzer's scope checker (a nested loop
// too long to unroll is entered with its counter unknown).
#ifndef CUDALINT_CHECKS_COUNTEDLOOP_H
#define CUDALINT_CHECKS_COUNTEDLOOP_H

#include "clang/AST/OperationKinds.h"

#include <optional>

namespace clang {
class Expr;
class ForStmt;
class VarDecl;
} // namespace clang

namespace cudalint {

struct CountedLoop {
  const clang::VarDecl *Counter;
  const clang::Expr *Start; // the counter's first value; null when not written
  const clang::Expr *Bound;
  clang::BinaryOperatorKind Comparison; // BO_LT, BO_LE or BO_NE
  // The increment is `++i` or `i++`.
  bool StepsByOne;
};

std::optional<CountedLoop> countedLoop(const clang::ForStmt &Loop);

} // namespace cudalint

#endif
