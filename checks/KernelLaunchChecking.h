// Which kernel launches of a unit can reach the end of their function, and of
// every caller in the unit, without a last-error query. Used by
// cuda-unchecked-error; kept apart because it is a whole-unit analysis.
#ifndef CUDALINT_CHECKS_KERNELLAUNCHCHECKING_H
#define CUDALINT_CHECKS_KERNELLAUNCHCHECKING_H

#include "CudaApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

struct UncheckedLaunch {
  const clang::CUDAKernelCallExpr *Launch;
  std::string KernelName;
  std::vector<std::pair<clang::SourceLocation, std::string>> PathNotes;
};

class LaunchCheckingAnalysis {
public:
  explicit LaunchCheckingAnalysis(const CudaApi &Api) : Api(Api) {}

  // Cheap: the CFG is built later, and only if the function can matter.
  void addFunction(const clang::FunctionDecl &Function);

  // In the order the launches appear in the unit's functions.
  std::vector<UncheckedLaunch> uncheckedLaunches();

private:
  // What a walk of a function's body and initializers finds: every call its
  // CFG could hold, and more (lambda bodies, unevaluated operands). Enough to
  // tell which functions can reach a launch or a last-error query; only
  // those get a CFG. Most functions of a real unit (device code, template
  // instances) reach neither, and their CFGs were most of the analysis's
  // time and memory.
  struct FunctionCalls {
    llvm::SmallVector<const clang::FunctionDecl *, 4> Callees; // definitions
    bool Launches = false;
    bool QueriesDirectly = false;
  };
  void buildFlows();

  struct FunctionFlow {
    const clang::FunctionDecl *Function;
    std::unique_ptr<clang::CFG> Graph;
    // Per block id: some path from the block's start reaches the exit
    // without a last-error query.
    std::vector<bool> ReachesExitUnchecked;
  };

  enum class ElementRole { Other, Query, Launch };
  ElementRole roleOf(const clang::Stmt *S) const;
  bool isQueryingFunction(const clang::FunctionDecl *Callee) const;
  void computeQueryingFunctions();
  bool solveReachability(FunctionFlow &Flow);
  bool uncheckedAfter(const FunctionFlow &Flow, const clang::CFGBlock &Block,
                      size_t Index) const;
  bool leavesLaunchUnchecked(const FunctionFlow &Flow) const;
  bool escapesUnchecked(const clang::FunctionDecl *Function,
                        llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visiting);
  std::pair<clang::SourceLocation, std::string>
  exitNote(const FunctionFlow &Flow, const clang::CFGBlock &Block) const;

  const CudaApi &Api;
  llvm::MapVector<const clang::FunctionDecl *, FunctionCalls> Added;
  llvm::MapVector<const clang::FunctionDecl *, FunctionFlow> Flows;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Querying;
  llvm::DenseMap<const clang::FunctionDecl *, bool> LeavesUnchecked;
  // callee (canonical) -> (caller, call expression)
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<std::pair<const clang::FunctionDecl *, const clang::CallExpr *>>>
      CallSites;
};

} // namespace cudalint

#endif
