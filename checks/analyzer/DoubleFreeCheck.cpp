// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "DoubleFreeCheck.h"

#include "MemoryModel.h"
#include "ReportCrosscheck.h"

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

std::string consequence(const memory::ReleaseCall &Release) {
  if (Release.Family == MemoryFamily::PageableHost)
    return "the C library aborts the process or the host heap is corrupted";
  llvm::StringRef Error = CudaApi::invalidValueError(Release.Name);
  return ("the call fails with " + Error +
          ", or, once a later allocation has reused the address, frees that "
          "allocation instead")
      .str();
}

class DoubleFreeChecker : public Checker<check::PreCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;

private:
  BugType DoubleFree{this, "CUDA double free", categories::MemoryError};
};

void DoubleFreeChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  std::optional<memory::ReleaseCall> Release = memory::releaseCall(Call, memory::api(C));
  if (!Release)
    return;
  SymbolRef Sym = memory::allocationStart(Release->Address);
  const memory::Allocation *Memory = memory::find(C.getState(), Sym);
  if (!Memory || !memory::releasedOnPath(C.getState(), *Memory))
    return;
  ExplodedNode *Node = memory::reportNode(C, Sym);
  if (!Node)
    return;
  std::string Warning =
      ("'" + Release->Name + "' releases " + memoryFamilyName(Memory->family()) + " that '" +
       documentedName(Memory->releasedBy()) + "' already released; " + consequence(*Release))
          .str();
  auto Report = std::make_unique<PathSensitiveBugReport>(
      DoubleFree, Warning, "the memory is released a second time here", Node);
  Report->addRange(Release->Argument->getSourceRange());
  Report->markInteresting(Sym);
  Report->addVisitor(memory::historyNotes(Sym));
  emitCrosschecked(C, std::move(Report));
}

} // namespace

void DoubleFreeCheck::storeOptions(const std::map<std::string, std::string> &,
                                   std::map<std::string, std::string> &) {}

void DoubleFreeCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<DoubleFreeChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
