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
#ifndef CUDALINT_CHECKS_FUNCTIONMUTATIONS_H
#define CUDALINT_CHECKS_FUNCTIONMUTATIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

namespace cudalint {

class FunctionMutations {
public:
  // Mutations inside `Within`, a statement of `Function`'s body (the body
  // itself, or a loop in it).
  FunctionMutations(const clang::Stmt &Within, const clang::FunctionDecl &Function,
                    clang::ASTContext &Context)
      : Function(Function), Context(Context), Analyzer(Within, Context) {}

  bool isMutated(const clang::Decl *Variable);

private:
  const clang::FunctionDecl &Function;
  clang::ASTContext &Context;
  clang::ExprMutationAnalyzer Analyzer;
};

} // namespace cudalint

#endif
