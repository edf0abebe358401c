// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One cudalint AST check, seen by clang-tidy as one of its own checks.
//
// cudalint's checks are MatchCallbacks that write plain Findings into a
// CheckContext. This adapter owns such a check, feeds it the options clang-tidy
// read from its configuration under the check's id, runs it over the unit and
// reports each Finding through ClangTidyCheck::diag: the warning with its
// fix-its, then its notes. clang-tidy then does the rest as for any check:
// NOLINT, --header-filter, --fix, --warnings-as-errors, --export-fixes.
#ifndef CUDALINT_TIDY_PLUGIN_CUDATIDYCHECK_H
#define CUDALINT_TIDY_PLUGIN_CUDATIDYCHECK_H

#include "CheckRegistry.h"
#include "CudaCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <memory>

namespace cudalint::tidy {

class CudaTidyCheck : public clang::tidy::ClangTidyCheck {
public:
  CudaTidyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                const CheckDescription &Description);

  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Options) override;

private:
  CheckOptionMap optionsFromConfiguration() const;
  void report(const clang::SourceManager &SM);

  const CheckDescription &Description;
  const CudaApi Api;
  const CheckOptionMap CudaOptions;
  CheckContext Unit;
  std::unique_ptr<CudaCheck> Check;
  // The cudalint check's matchers run on this finder, not on clang-tidy's:
  // clang-tidy's finder calls onEndOfTranslationUnit on its callbacks in no
  // fixed order (a SmallPtrSet beyond 16 callbacks), and the findings a check
  // makes there (unchecked kernel launches) must exist before they are
  // reported. A finder of our own, run to completion, settles the order.
  clang::ast_matchers::MatchFinder UnitFinder;
};

} // namespace cudalint::tidy

#endif
