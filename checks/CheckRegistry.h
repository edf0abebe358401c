// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one place checks are registered. The driver enumerates checks only
// through this list: --list-checks, SARIF rules and --checks globs all read it.
#ifndef CUDALINT_CHECKS_CHECKREGISTRY_H
#define CUDALINT_CHECKS_CHECKREGISTRY_H

#include "CheckInputs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

// Defined in CudaCheck.h, which only the code that creates or runs checks
// needs: this list is read by configuration and report code too.
class CheckContext;
class CudaCheck;

struct CheckDescription {
  llvm::StringLiteral Id;
  // One sentence: what the check finds.
  llvm::StringLiteral Summary;
  // Why it matters on a GPU, for SARIF's help text.
  llvm::StringLiteral Help;
  // AST checks: a CudaCheck registering matchers. Empty for path-sensitive
  // checks; a check may have both halves (cuda-launch-config).
  std::function<std::unique_ptr<CudaCheck>(CheckContext &)> Create;
  // Path-sensitive checks run as Clang Static Analyzer checkers: the name
  // they are registered under, and how they register with the analyzer.
  llvm::StringLiteral AnalyzerName = "";
  void (*RegisterAnalyzerChecker)(clang::ento::CheckerRegistry &) = nullptr;
  // Their options with the effective values (the default unless `Given`
  // sets one), as CudaCheck::storeOptions writes an AST check's.
  void (*StoreAnalyzerOptions)(const CheckOptionMap &Given, CheckOptionMap &Effective) = nullptr;

  // An AST check that asks the summaries of other units' functions
  // (checks/shared/ProjectFunctions.h) about calls into them.
  bool ReadsProjectSummaries = false;
  // Whether it asks their launch facts (LaunchFact): no other check does,
  // so where only those answers change, only such checks run again.
  bool ReadsLaunchFacts = false;

  // Whether the check (or a half of it) runs on the Static Analyzer.
  bool isPathSensitive() const { return RegisterAnalyzerChecker != nullptr; }
  // Whether a run's summary pass changes what the check finds: every
  // path-sensitive check's does, through the shared memory model and the
  // analysis scope.
  bool usesProjectSummaries() const { return isPathSensitive() || ReadsProjectSummaries; }
};

llvm::ArrayRef<CheckDescription> registeredChecks();
// The registered check `Id` names; null for none.
const CheckDescription *findCheck(llvm::StringRef Id);

// Every option of `Check` with its effective value, whichever kind of check
// it is: for --dump-config and for validating option names.
void storeCheckOptions(const CheckDescription &Check, const CheckOptionMap &Given,
                       CheckOptionMap &Effective);

} // namespace cudalint

#endif
