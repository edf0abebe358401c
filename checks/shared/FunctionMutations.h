// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Whether a function modifies a variable: clang's ExprMutationAnalyzer, as
// clang-tidy's const checks use it, over a statement of one function, at the
// cost of that function rather than of the whole unit.
//
// The analyzer asks of every reference it finds whether it sits in an
// unevaluated operand (sizeof, decltype, noexcept), and ASTContext answers
// questions about ancestors from a parent map of its whole traversal scope,
// which by default is the unit. On one of ggml's template units, building
// that map for the first question took 0.3 s and 45 MiB, more than the check
// that asked. Each question here narrows the scope to the function (as
// clangd narrows it to the main file) and restores it afterwards, so the map
// holds one function, and matchers running around the question see the
// whole unit as before.
//
// The analyzer also follows the variable into the bodies of callees that
// take it by non-const reference. A reference there lies outside the scope,
// has no ancestors and counts as evaluated: a modification inside a callee's
// sizeof reads as a modification, which errs towards no finding.
//
// Most variables a check asks about are only ever read (`dim3 grid(n)`
// handed to a launch, `int shared = ...` passed by value) or plainly written
// (`grid.y *= tiles`). One walk of the statement (VariableUses) sorts them
// out, and the analyzer, whose every question walks the statement a dozen
// times with matchers, is asked only about variables used in other ways.
// Its answers for the two kinds are the same: not modified, and modified
// unless the write is in an unevaluated operand, which the analyzer's own
// test decides here too. On ggml's mmf-instance-ncols_3.cu, the 96
// questions cost 64 ms without the walk.
#ifndef CUDALINT_CHECKS_FUNCTIONMUTATIONS_H
#define CUDALINT_CHECKS_FUNCTIONMUTATIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <vector>

namespace cudalint {

class FunctionMutations {
public:
  // Mutations inside `Within`, a statement of `Function`'s body (the body
  // itself, or a loop in it).
  FunctionMutations(const clang::Stmt &Within, const clang::FunctionDecl &Function,
                    clang::ASTContext &Context)
      : Within(Within), Function(Function), Context(Context), Analyzer(Within, Context) {}

  bool isMutated(const clang::Decl *Variable);

private:
  const clang::Stmt &Within;
  const clang::FunctionDecl &Function;
  clang::ASTContext &Context;
  clang::ExprMutationAnalyzer Analyzer;
  // How `Within` uses its variables, sorted on the first question.
  struct Classified {
    // Every reference reads the variable's value.
    llvm::DenseSet<const clang::Decl *> OnlyRead;
    // References that are plain writes; those outside unevaluated operands
    // (judged on the first question that needs it) make `Written`.
    std::vector<const clang::DeclRefExpr *> Writes;
    llvm::DenseSet<const clang::Decl *> Written;
    bool WritesJudged = false;
  };
  std::optional<Classified> Uses;
  // Each answer, so that a question asked again (every launch of a function
  // asks about the same few variables) builds no parent map again.
  llvm::DenseMap<const clang::Decl *, bool> Answers;
};

} // namespace cudalint

#endif
