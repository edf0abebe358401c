// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MismatchedFreeCheck.h"

#include "MemoryModel.h"

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

// What the release does with memory it cannot free, as seen on an H200 with
// CUDA 13 and glibc.
std::string consequence(const memory::ReleaseCall &Release, MemoryFamily Memory, bool Owned) {
  if (Release.Family == MemoryFamily::PageableHost) {
    if (Memory == MemoryFamily::PageableHost)
      return "the container releases it again when it is destroyed, and the "
             "host heap is corrupted";
    if (Memory == MemoryFamily::Stack)
      return "the C library aborts the process, as the address never came "
             "from the heap";
    return "the C library reads heap bookkeeping that is not there and the "
           "process dies with a segmentation fault";
  }
  llvm::StringRef Error = CudaApi::invalidValueError(Release.Name);
  std::string Result = ("the call fails with " + Error).str();
  if (Owned)
    Result += " and the memory stays allocated";
  return Result;
}

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
  BugType MismatchedFree{this, "CUDA mismatched free", categories::MemoryError};
};

void MismatchedFreeChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  std::optional<memory::ReleaseCall> Release = memory::releaseCall(Call);
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
  ExplodedNode *Node = memory::reportNode(C, Sym);
  if (!Node)
    return;
  std::string Warning = ("'" + Release->Name + "' cannot release " + memoryFamilyName(*Family) +
                         (Memory ? origin(*Memory) : std::string()) + "; " +
                         consequence(*Release, *Family, Memory && !Borrowed))
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
  C.emitReport(std::move(Report));
}

} // namespace

void MismatchedFreeCheck::storeOptions(const std::map<std::string, std::string> &,
                                       std::map<std::string, std::string> &) {}

void MismatchedFreeCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<MismatchedFreeChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
