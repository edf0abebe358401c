// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "HandleLeakCheck.h"

#include "LeakPaths.h"
#include "MemoryModel.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/BugReporter/CommonBugCategories.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

std::string warning(const HandleApi &Api, const memory::Allocation &Handle, bool AtProgramEnd) {
  std::string Made =
      CudaApi::handleName(Api) + " created by '" + documentedName(Handle.allocator()).str() + "'";
  if (AtProgramEnd)
    return Made + " is still alive when the program ends; the process exit destroys it, but the "
                  "code leaks it once it moves out of 'main'";
  return Made + " is not destroyed on every path ('" + documentedName(Api.Destroy).str() + "'); " +
         CudaApi::unreleasedHandleCost(Api.Kind).str();
}

class HandleLeakChecker : public Checker<check::Event<memory::MemoryLost>> {
public:
  void checkEvent(const memory::MemoryLost &Lost) const;

  bool ReportAtMainReturn = false;

private:
  BugType Leak{this, "CUDA handle leak", categories::MemoryError, /*SuppressOnSink=*/false};
};

void HandleLeakChecker::checkEvent(const memory::MemoryLost &Lost) const {
  const memory::Allocation *Handle = memory::find(Lost.Node->getState(), Lost.Sym);
  if (!Handle || Handle->family() != MemoryFamily::Handle || !Handle->site() ||
      !Handle->siteFrame() || lostWhileGivingUp(Lost))
    return;
  const HandleApi *Api = CudaApi::handleCreationNamed(Handle->allocator());
  if (!Api)
    return;
  bool AtProgramEnd = releasedByProgramExit(*Handle, Lost);
  if (AtProgramEnd && !ReportAtMainReturn)
    return;
  reportLeak(Leak, warning(*Api, *Handle, AtProgramEnd), *Handle, Lost);
}

constexpr llvm::StringLiteral ReportAtMainReturnOption = "ReportAtMainReturn";

void registerHandleLeakChecker(CheckerManager &Manager) {
  auto *Checker = Manager.registerChecker<HandleLeakChecker>();
  Checker->ReportAtMainReturn = Manager.getAnalyzerOptions().getCheckerBooleanOption(
      Manager.getCurrentCheckerName(), ReportAtMainReturnOption);
}

bool shouldRegisterHandleLeakChecker(const CheckerManager &) { return true; }

} // namespace

void HandleLeakCheck::storeOptions(const std::map<std::string, std::string> &Given,
                                   std::map<std::string, std::string> &Effective) {
  std::string Key = (Id + "." + ReportAtMainReturnOption).str();
  auto It = Given.find(Key);
  Effective[Key] = It == Given.end() ? "false" : It->second;
}

void HandleLeakCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker(registerHandleLeakChecker, shouldRegisterHandleLeakChecker, AnalyzerName,
                      Summary);
  Registry.addCheckerOption("bool", AnalyzerName, ReportAtMainReturnOption, "false",
                            "Report handles still alive when main returns or calls exit(0).",
                            "released");
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
