// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "UseAfterFreeCheck.h"

#include "MemoryModel.h"
#include "ReportCrosscheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
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

enum class Use { CopySource, CopyDestination, Set, KernelArgument, Dereference };

bool isDeviceSide(MemoryFamily Family) {
  return Family == MemoryFamily::Device || Family == MemoryFamily::Managed;
}

// What the GPU and the host do with the use, as seen on an H200 with CUDA 13.
std::string consequence(Use How, MemoryFamily Family, llvm::StringRef Api) {
  if (Family == MemoryFamily::PageableHost)
    return "it reads or writes freed heap memory, which may already belong to "
           "another allocation";
  if (How == Use::Dereference || !isDeviceSide(Family))
    return "the host touches unmapped memory and the process dies with a "
           "segmentation fault, or it reaches a later allocation that reused "
           "the address";
  if (How == Use::KernelArgument)
    return "the kernel faults, and cudaErrorIllegalAddress surfaces at the "
           "next "
           "synchronization and in every call after it";
  llvm::StringRef Error = CudaApi::invalidValueError(Api);
  return ("the call fails with " + Error +
          ", or touches a later allocation that reused the address")
      .str();
}

std::string what(Use How, llvm::StringRef Api) {
  switch (How) {
  case Use::CopySource:
    return ("'" + Api + "' copies from").str();
  case Use::CopyDestination:
    return ("'" + Api + "' copies into").str();
  case Use::Set:
    return ("'" + Api + "' writes to").str();
  case Use::KernelArgument:
    return ("kernel '" + Api + "' is launched with").str();
  case Use::Dereference:
    return "the host dereferences";
  }
  llvm_unreachable("unknown use");
}

class UseAfterFreeChecker
    : public Checker<check::PreCall, check::PreStmt<CUDAKernelCallExpr>, check::Location> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPreStmt(const CUDAKernelCallExpr *Launch, CheckerContext &C) const;
  void checkLocation(SVal Location, bool IsLoad, const Stmt *S, CheckerContext &C) const;

private:
  // Whether it reported (and ended the path).
  bool checkUse(SVal Address, const Expr *Argument, Use How, llvm::StringRef Api,
                CheckerContext &C) const;

  BugType UseAfterFree{this, "CUDA use after free", categories::MemoryError};
};

bool UseAfterFreeChecker::checkUse(SVal Address, const Expr *Argument, Use How, llvm::StringRef Api,
                                   CheckerContext &C) const {
  SymbolRef Sym = memory::allocationSymbol(Address);
  const memory::Allocation *Memory = memory::find(C.getState(), Sym);
  if (!Memory || !memory::releasedOnPath(C.getState(), *Memory))
    return false;
  ExplodedNode *Node = memory::reportNode(C, Sym);
  if (!Node)
    return true;
  std::string Warning = (what(How, Api) + " " + memoryFamilyName(Memory->family()) + " that '" +
                         documentedName(Memory->releasedBy()) + "' already released; " +
                         consequence(How, Memory->family(), Api))
                            .str();
  auto Report = std::make_unique<PathSensitiveBugReport>(UseAfterFree, Warning,
                                                         "the released memory is used here", Node);
  if (Argument)
    Report->addRange(Argument->getSourceRange());
  Report->markInteresting(Sym);
  Report->addVisitor(memory::historyNotes(Sym));
  emitCrosschecked(C, std::move(Report));
  return true;
}

void UseAfterFreeChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  if (!Callee)
    return;
  const CopyApi *Copy = memory::api(C).copy(Callee);
  if (!Copy)
    return;
  llvm::StringRef Api = documentedName(Copy->Name);
  if (Copy->Destination && !Copy->DestinationIsSymbol &&
      checkUse(Call.getArgSVal(*Copy->Destination), Call.getArgExpr(*Copy->Destination),
               Copy->Source ? Use::CopyDestination : Use::Set, Api, C))
    return;
  if (Copy->Source && !Copy->SourceIsSymbol)
    checkUse(Call.getArgSVal(*Copy->Source), Call.getArgExpr(*Copy->Source), Use::CopySource, Api,
             C);
}

// Kernel launches are not calls to the analyzer (device code is never
// evaluated); their arguments are checked as the launch is reached.
void UseAfterFreeChecker::checkPreStmt(const CUDAKernelCallExpr *Launch, CheckerContext &C) const {
  const FunctionDecl *Kernel = Launch->getDirectCallee();
  std::string Name = Kernel ? Kernel->getNameAsString() : "the kernel";
  for (const Expr *Argument : Launch->arguments())
    if (checkUse(C.getSVal(Argument), Argument, Use::KernelArgument, Name, C))
      return;
}

void UseAfterFreeChecker::checkLocation(SVal Location, bool, const Stmt *S,
                                        CheckerContext &C) const {
  checkUse(Location, dyn_cast_or_null<Expr>(S), Use::Dereference, "", C);
}

} // namespace

void UseAfterFreeCheck::storeOptions(const std::map<std::string, std::string> &,
                                     std::map<std::string, std::string> &) {}

void UseAfterFreeCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<UseAfterFreeChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
