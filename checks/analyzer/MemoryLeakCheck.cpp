// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MemoryLeakCheck.h"

#include "LeakPaths.h"
#include "MemoryModel.h"
#include "shared/MemberOwnership.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/BugReporter/CommonBugCategories.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

std::string warning(const memory::Allocation &Memory) {
  return (memoryFamilyName(Memory.family()) + " allocated by '" +
          documentedName(Memory.allocator()) + "' is not released on every path; " +
          unreleasedMemoryFate(Memory.family()))
      .str();
}

// Memory main still holds when the program ends. The process exit releases
// it, but the same code leaks as soon as it moves into a function that is
// called more than once, and leak checkers (compute-sanitizer --leak-check
// full, valgrind, LeakSanitizer) report it, burying the leaks that matter.
std::string warningAtProgramEnd(const memory::Allocation &Memory) {
  return (memoryFamilyName(Memory.family()) + " allocated by '" +
          documentedName(Memory.allocator()) +
          "' is still allocated when the program ends; the process exit releases it, but leak "
          "checkers such as "
          "compute-sanitizer's report it, and the code leaks once it moves "
          "out of 'main'")
      .str();
}

class MemoryLeakChecker : public Checker<check::Event<memory::MemoryLost>> {
public:
  void checkEvent(const memory::MemoryLost &Lost) const;

  bool ReportAtMainReturn = true;

private:
  // A member that a constructor allocates and the destructor never
  // releases leaks along every path that destroys the object; the
  // class-level half (MemberLeakCheck) reports it once, at the allocation,
  // with the destructor as its note.
  mutable ClassLevelReports ClassLevel;

  // Not the analyzer's suppress-on-sink, which drops a report when every
  // path on from it ends in a sink: it takes the sinks where the analyzer
  // itself gave up (a loop visited too often, exit(0)) for the program
  // giving up, and so dropped memory a helper loses whenever the rest of the
  // program was too long to walk to its end. checkEvent says which losses
  // are not worth a report.
  BugType Leak{this, "CUDA memory leak", categories::MemoryError,
               /*SuppressOnSink=*/false};
};

void MemoryLeakChecker::checkEvent(const memory::MemoryLost &Lost) const {
  const memory::Allocation *Memory = memory::find(Lost.Node->getState(), Lost.Sym);
  if (!Memory || !Memory->site() || !Memory->siteFrame() || !isCudaAllocated(Memory->family()) ||
      lostWhileGivingUp(Lost))
    return;
  bool AtProgramEnd = releasedByProgramExit(*Memory, Lost);
  if (AtProgramEnd && !ReportAtMainReturn)
    return;
  if (ClassLevel.reportsAllocation(*Memory->site(), Lost.Context->getASTContext(),
                                   memory::api(Lost.Node->getState())))
    return;
  reportLeak(Leak, AtProgramEnd ? warningAtProgramEnd(*Memory) : warning(*Memory), *Memory, Lost);
}

constexpr llvm::StringLiteral ReportAtMainReturnOption = "ReportAtMainReturn";

void registerLeakChecker(CheckerManager &Manager) {
  auto *Checker = Manager.registerChecker<MemoryLeakChecker>();
  Checker->ReportAtMainReturn = Manager.getAnalyzerOptions().getCheckerBooleanOption(
      Manager.getCurrentCheckerName(), ReportAtMainReturnOption);
}

bool shouldRegisterLeakChecker(const CheckerManager &) { return true; }

} // namespace

void MemoryLeakCheck::storeOptions(const std::map<std::string, std::string> &Given,
                                   std::map<std::string, std::string> &Effective) {
  std::string Key = (Id + "." + ReportAtMainReturnOption).str();
  auto It = Given.find(Key);
  Effective[Key] = It == Given.end() ? "true" : It->second;
}

void MemoryLeakCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker(registerLeakChecker, shouldRegisterLeakChecker, AnalyzerName, Summary);
  Registry.addCheckerOption("bool", AnalyzerName, ReportAtMainReturnOption, "true",
                            "Report memory still allocated when main returns or calls exit(0).",
                            "released");
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
