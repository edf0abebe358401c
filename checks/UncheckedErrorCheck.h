// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-unchecked-error: a CUDA status that nobody reads.
//
// CUDA reports failure only through return values, and many failures are
// sticky: once a kernel faults, every later call fails too, so the first status
// left unread is where debugging days go. A kernel launch returns nothing at
// all; a launch that cannot start (more threads per block than the device
// allows, too much shared memory) is visible only through cudaGetLastError or
// cudaPeekAtLastError. On an H200 a checked cudaDeviceSynchronize after such a
// launch returns cudaSuccess.
//
// Four rules, judged by where the value flows rather than by macro names:
//  - a call returning a status type whose value is discarded (a `(void)` cast
//    is a deliberate ignore and is not reported);
//  - a status handed to a function that never reads the parameter it lands
//    in: a check function whose body a release build compiles away, or one
//    defined in another unit whose summary says so (ProjectFunctions.h);
//  - a status stored in a local variable that is dead at the store: it is
//    overwritten or goes out of scope on every path before any read
//    (clang's LiveVariables analysis, as the analyzer's dead-store checker);
//  - a kernel launch from which some path reaches the end of the function
//    without a last-error query (a must-analysis over the CFG); a launch in a
//    helper counts as checked when every call of the helper in this unit is.
//
// With the option CheckMacro (say `CUDA_CHECK`), a discarded status call that
// is a whole statement gets a fix-it wrapping it: `CUDA_CHECK(cudaFree(p));`.
#ifndef CUDALINT_CHECKS_UNCHECKEDERRORCHECK_H
#define CUDALINT_CHECKS_UNCHECKEDERRORCHECK_H

#include "CudaCheck.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace clang {
class CallExpr;
class CUDAKernelCallExpr;
class VarDecl;
} // namespace clang

namespace cudalint {

class LaunchCheckingAnalysis;

class UncheckedErrorCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = "cuda-unchecked-error";
  static constexpr llvm::StringLiteral Summary =
      "A CUDA status code that is discarded or never read, or a kernel launch "
      "never followed by cudaGetLastError()/cudaPeekAtLastError().";
  static constexpr llvm::StringLiteral Help =
      "CUDA reports failures only through status codes, and many errors are "
      "sticky: after the first fault every later call fails, far from the "
      "cause. Kernel launches return no status at all: a launch that cannot "
      "start (for example 2048 threads per block) is only visible through "
      "cudaGetLastError() or cudaPeekAtLastError(); a later "
      "cudaDeviceSynchronize() still returns cudaSuccess. Check every status, "
      "or cast the call to void to ignore it deliberately.";

  explicit UncheckedErrorCheck(CheckContext &Context);
  ~UncheckedErrorCheck() override;

  // The project's own status types its `StatusTypes` option names
  // (`appStatus_t;legacyResult`) in `Options`: statuses for every check of
  // the unit, the path-sensitive ones too.
  static std::vector<std::string> configuredStatusTypes(const CheckOptionMap &Options);

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(CheckOptionMap &Options) const override;

private:
  const clang::ValueDecl *madeThrough(const clang::CallExpr &Call) const;
  FindingBuilder reportDiscardedStatus(const clang::CallExpr &Call, bool WholeStatement,
                                       clang::ASTContext &Context);
  void wrapInCheckMacro(FindingBuilder &Finding, const clang::CallExpr &Call,
                        clang::ASTContext &Context) const;
  void reportDeadStatusStores(const clang::FunctionDecl &Function, clang::ASTContext &Context);
  void reportStatusesNeverRead(const clang::CallExpr &Call, clang::ASTContext &Context);
  const std::vector<unsigned> &statusParametersNeverRead(const clang::FunctionDecl &Callee,
                                                         clang::ASTContext &Context);

  const bool CheckKernelLaunches;
  // Whether a bare `cudaGetLastError();` (a reset of the sticky error) and a
  // bare `cudaStreamQuery(s);` (a flush) are reported as discarded statuses.
  const bool ReportBareQueries;
  const std::string ExtraStatusTypes;
  const std::string CheckMacro;
  const CudaApi StatusApi;
  // Also asked, when CheckKernelLaunches is off, whether a last-error query
  // follows a discarded runtime status.
  std::unique_ptr<LaunchCheckingAnalysis> Launches;
  // Discarded statuses of runtime calls, judged at the end of the unit: a
  // cudaGetLastError() on every path after the call reads the same error.
  struct DiscardedStatus {
    const clang::CallExpr *Call;
    bool WholeStatement;
    clang::ASTContext *Context;
  };
  std::vector<DiscardedStatus> DiscardedRuntimeStatuses;
  llvm::DenseSet<const clang::Stmt *> StatementExpressionValues;
  // Per function of the unit: its status parameters that it never reads.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<unsigned>> NeverRead;
};

} // namespace cudalint

#endif
