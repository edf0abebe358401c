// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MismatchedFreeCheck.h"

#include "MemoryModel.h"
#include "ReportCrosscheck.h"
#include "shared/MemberOwnership.h"

#include "clang/AST/ASTContext.h"
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

std::string origin(const memory::Allocation &Memory) {
  if (Memory.state() == memory::Ownership::Borrowed)
    return (" owned by " + Memory.allocator()).str();
  if (Memory.allocator().empty())
    return "";
  return (" allocated by '" + documentedName(Memory.allocator()) + "'").str();
}

class MismatchedFreeChecker : public Checker<check::PreCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;

private:
  // A destructor that releases a member with the wrong call does so for
  // every object destroyed; the class-level half (MemberMismatchedFreeCheck)
  // reports it once, at the release, with the allocation as its note.
  mutable ClassLevelReports ClassLevel;

  BugType MismatchedFree{this, "CUDA mismatched free", categories::MemoryError};
};

void MismatchedFreeChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  std::optional<memory::ReleaseCall> Release = memory::releaseCall(Call, memory::api(C));
  if (!Release)
    return;
  ProgramStateRef State = C.getState();
  SymbolRef Sym = memory::allocationSymbol(Release->Address);
  const memory::Allocation *Memory = memory::find(State, Sym);
  std::optional<MemoryFamily> Family = memory::familyOf(State, Release->Address);
  if (!Family || (Memory && Memory->state() == memory::Ownership::Released))
    return;
  bool Borrowed = Memory && Memory->state() == memory::Ownership::Borrowed;
  if (!Borrowed && CudaApi::releaseAccepts(Release->Family, *Family))
    return;
  if (const Expr *Origin = Call.getOriginExpr();
      Origin && ClassLevel.reportsRelease(*Origin, C.getASTContext(), memory::api(C))) {
    memory::reportedElsewhere(C, Sym);
    return;
  }
  ExplodedNode *Node = memory::reportNode(C, Sym);
  if (!Node)
    return;
  std::string Warning =
      ("'" + Release->Name + "' cannot release " + memoryFamilyName(*Family) +
       (Memory ? origin(*Memory) : std::string()) + "; " +
       CudaApi::mismatchedReleaseFate(Release->Name, Release->Family, *Family, Memory && !Borrowed))
          .str();
  if (Memory && !Memory->release().empty())
    Warning += (" (release it with '" + Memory->release() + "')").str();
  auto Report = std::make_unique<PathSensitiveBugReport>(
      MismatchedFree, Warning,
      ("'" + Release->Name + "' is called here on " + memoryFamilyName(*Family)).str(), Node);
  Report->addRange(Release->Argument->getSourceRange());
  if (Sym) {
    Report->markInteresting(Sym);
    Report->addVisitor(memory::historyNotes(Sym));
  }
  emitCrosschecked(C, std::move(Report));
}

} // namespace

void MismatchedFreeCheck::storeOptions(const std::map<std::string, std::string> &,
                                       std::map<std::string, std::string> &) {}

void MismatchedFreeCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<MismatchedFreeChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
