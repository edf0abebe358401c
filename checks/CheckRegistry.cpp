// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CheckRegistry.h"

#include "AllocInLoopCheck.h"
#include "AllocPointerArgCheck.h"
#include "ArchCoverageCheck.h"
#include "LaunchConfigCheck.h"
#include "MemberLeakCheck.h"
#include "MemberMismatchedFreeCheck.h"
#include "UncheckedErrorCheck.h"
#include "analyzer/CopySizeCheck.h"
#include "analyzer/DoubleFreeCheck.h"
#include "analyzer/HandleLeakCheck.h"
#include "analyzer/MemcpyKindCheck.h"
#include "analyzer/MemoryLeakCheck.h"
#include "analyzer/MismatchedFreeCheck.h"
#include "analyzer/PageableAsyncCopyCheck.h"
#include "analyzer/UnsynchronizedHostReadCheck.h"
#include "analyzer/UseAfterFreeCheck.h"

#include "llvm/ADT/STLExtras.h"

namespace cudalint {

template <typename CheckType> static CheckDescription describe() {
  return {CheckType::Id, CheckType::Summary, CheckType::Help,
          [](CheckContext &Context) -> std::unique_ptr<CudaCheck> {
            return std::make_unique<CheckType>(Context);
          }};
}

// Path-sensitive checks: Static Analyzer checkers with the same constants.
template <typename CheckType> static CheckDescription describePathSensitive() {
  return {CheckType::Id,           CheckType::Summary,          CheckType::Help,         nullptr,
          CheckType::AnalyzerName, &CheckType::registerChecker, &CheckType::storeOptions};
}

// Checks with an AST half and a path-sensitive half reporting under one id:
// the AST half judges what the source fixes, the analyzer what a path does.
template <typename CheckType> static CheckDescription describeWithPathSensitiveHalf() {
  CheckDescription Description = describe<CheckType>();
  Description.AnalyzerName = CheckType::AnalyzerName;
  Description.RegisterAnalyzerChecker = &CheckType::registerChecker;
  return Description;
}

// Path-sensitive checks with an AST half of their own class reporting under
// the same id: the class-level halves of cuda-memory-leak (MemberLeakCheck)
// and cuda-mismatched-free (MemberMismatchedFreeCheck) read whole classes,
// which no single path sees.
template <typename PathCheck, typename AstHalf>
static CheckDescription describePathSensitiveWithAstHalf() {
  CheckDescription Description = describePathSensitive<PathCheck>();
  Description.Create = [](CheckContext &Context) -> std::unique_ptr<CudaCheck> {
    return std::make_unique<AstHalf>(Context);
  };
  return Description;
}

// AST checks that ask the summaries about calls into other units: statuses
// handed to them, and (through LaunchCheckingAnalysis) launch errors.
static CheckDescription readingProjectSummaries(CheckDescription Description, bool LaunchFacts) {
  Description.ReadsProjectSummaries = true;
  Description.ReadsLaunchFacts = LaunchFacts;
  return Description;
}

const CheckDescription *findCheck(llvm::StringRef Id) {
  llvm::ArrayRef<CheckDescription> Checks = registeredChecks();
  const CheckDescription *Found =
      llvm::find_if(Checks, [&](const CheckDescription &Check) { return Check.Id == Id; });
  return Found == Checks.end() ? nullptr : Found;
}

llvm::ArrayRef<CheckDescription> registeredChecks() {
  // Sorted by id so every listing derived from this is stable.
  static const std::vector<CheckDescription> Checks = {
      describe<AllocInLoopCheck>(),
      describe<AllocPointerArgCheck>(),
      describe<ArchCoverageCheck>(),
      describePathSensitive<CopySizeCheck>(),
      describePathSensitive<DoubleFreeCheck>(),
      describePathSensitive<HandleLeakCheck>(),
      describeWithPathSensitiveHalf<LaunchConfigCheck>(),
      describePathSensitive<MemcpyKindCheck>(),
      describePathSensitiveWithAstHalf<MemoryLeakCheck, MemberLeakCheck>(),
      describePathSensitiveWithAstHalf<MismatchedFreeCheck, MemberMismatchedFreeCheck>(),
      describePathSensitive<PageableAsyncCopyCheck>(),
      // A status handed to a function of another unit that never reads it,
      // and launchers of other units.
      readingProjectSummaries(describe<UncheckedErrorCheck>(), /*LaunchFacts=*/true),
      describePathSensitive<UnsynchronizedHostReadCheck>(),
      describePathSensitive<UseAfterFreeCheck>(),
  };
  return Checks;
}

void storeCheckOptions(const CheckDescription &Check, const CheckOptionMap &Given,
                       CheckOptionMap &Effective) {
  if (Check.Create) {
    CudaApi Api;
    CheckContext Context(Api, Given);
    Check.Create(Context)->storeOptions(Effective);
  }
  if (Check.StoreAnalyzerOptions) {
    Check.StoreAnalyzerOptions(Given, Effective);
  }
}

} // namespace cudalint
