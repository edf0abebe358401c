// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which kernel launches of a unit can reach the end of their function, and of
// every caller in the unit, without a last-error query. Used by
// cuda-unchecked-error; kept apart because it is a whole-unit analysis.
#ifndef CUDALINT_CHECKS_KERNELLAUNCHCHECKING_H
#define CUDALINT_CHECKS_KERNELLAUNCHCHECKING_H

#include "shared/CudaApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

enum class LaunchFact; // ProjectFunctions.h

struct LaunchFacts;

// Calls `Visit` with every method `Method` overrides, however far up
// (canonical declarations).
void forEachOverridden(const clang::CXXMethodDecl *Method,
                       llvm::function_ref<void(const clang::CXXMethodDecl *)> Visit);

struct UncheckedLaunch {
  // The launch, or the call of a helper another unit defines that leaves a
  // launch's error to its caller (ProjectFunctions' LaunchFacts).
  const clang::CallExpr *Launch;
  std::string KernelName;
  // The helper, for such a call; null for a launch.
  const clang::FunctionDecl *Helper = nullptr;
  std::vector<std::pair<clang::SourceLocation, std::string>> PathNotes;
  // What the finding rests on: LaunchCheckingAnalysis::nonReadersAfter.
  std::vector<std::string> NonReadersAfter;
};

// The calls of a function of another unit, taken for a launcher, after which
// its error may go unread.
struct UnreadLauncherCalls {
  const clang::FunctionDecl *Callee; // canonical
  // The parameters to which every such call passes null.
  std::vector<unsigned> NullEverywhere;
  // The functions of the unit that no function of it calls, at the top of
  // the callers that leave the error unread: it is lost if it is lost at the
  // return of any of them (their callers elsewhere do not read it either).
  std::vector<const clang::FunctionDecl *> Tops;
};

struct LaunchStops {
  std::vector<unsigned> Parameters;
  // The functions the unit does not define that those paths call (a
  // logger's): what they do is known only from their own units' facts, and
  // the stop holds if none of them launches.
  std::vector<const clang::FunctionDecl *> Unless;
};

// The parameters of the callee to which `Call` passes a null pointer
// constant (`nullptr`, `NULL`, `0`, a default argument of one), by index.
std::vector<unsigned> nullParameters(const clang::CallExpr &Call);
bool passesNullToAny(const clang::CallExpr &Call, llvm::ArrayRef<unsigned> Parameters);

class LaunchCheckingAnalysis {
public:
  explicit LaunchCheckingAnalysis(const CudaApi &Api) : Api(Api) {}

  // Takes calls of these functions, which the unit declares and does not
  // define (canonical declarations), as launches whose error they leave
  // pending: what a function would do if they did, for the summary pass,
  // which cannot know yet. Before any function is added.
  void assumeLaunchers(llvm::DenseSet<const clang::FunctionDecl *> Callees) {
    AssumedLaunchers = std::move(Callees);
  }

  // Cheap: the CFG is built later, and only if the function can matter.
  void addFunction(const clang::FunctionDecl &Function);
  // `Call`, a last-error query whose value is stored and never read, resets
  // the error as a bare one does. Before its function is added.
  void addUnreadQuery(const clang::CallExpr &Call) { ErrorResets.insert(&Call); }
  // Some call's error will be asked for (queriedAfter); before solve().
  void willAskQueriedAfter() { ReadersMatter = true; }

  // Settles which functions query the error and which leave a launch's
  // error pending; once every function is added.
  void solve();
  bool leavesLaunchPending(const clang::FunctionDecl *Function) const {
    return LeavesUnchecked.lookup(Function);
  }
  bool queriesLastError(const clang::FunctionDecl *Function) const {
    return Querying.lookup(Function);
  }
  // Every path through `Function` from its entry to its return passes a
  // launch (or a helper's) whose error it leaves pending: a launcher, not a
  // function that launches under some condition (`if (randomInit)`).
  bool launchesOnEveryPath(const clang::FunctionDecl *Function) const;
  // The same, were only `Launchers` among the assumed launchers to launch.
  bool launchesOnEveryPathIf(const clang::FunctionDecl *Function,
                             const llvm::DenseSet<const clang::FunctionDecl *> &Launchers) const;
  // The functions the added ones call and the unit does not define.
  llvm::ArrayRef<const clang::FunctionDecl *> calleesNotDefined() const {
    return NotDefined.getArrayRef();
  }
  // The methods the added functions call through virtual dispatch
  // (canonical declarations): calls of every override, wherever defined.
  llvm::ArrayRef<const clang::CXXMethodDecl *> calledVirtually() const {
    return CalledVirtually.getArrayRef();
  }
  // Those that `Function` calls, itself or through the functions of the unit
  // it calls (canonical declarations, in the order first met).
  std::vector<const clang::FunctionDecl *>
  calleesNotDefinedReachedFrom(const clang::FunctionDecl *Function) const;

  // Whether every path from `Call` to its function's return reads the last
  // error first (a query, or a call of a function that makes one). With
  // `Written`, what the call writes through an out-parameter, the read must
  // also come before the first use of it: a stream or buffer the failed call
  // never made is used before the error is seen.
  bool queriedAfter(const clang::CallExpr &Call, const clang::ValueDecl *Written = nullptr);
  // The functions of other units, taken for not reading the launch error,
  // that an error pending after `Call` may meet before it is lost (USRs,
  // sorted): those called after it, themselves or through the functions of
  // the unit they call. Were one found to read the error, a finding that
  // `Call`'s error goes unread might go; were none, it stays. After
  // queriedAfter asked of `Call`.
  std::vector<std::string> nonReadersAfter(const clang::CallExpr &Call) const;

  // In the order the launches appear in the unit's functions.
  std::vector<UncheckedLaunch> uncheckedLaunches();

  // The assumed launchers of which some call may leave the error unread: a
  // path from the call to its function's return without a last-error query,
  // through the unit's callers of that function as far as they go.
  std::vector<UnreadLauncherCalls> assumedLaunchersLeftUnread();

  // The pointer parameters of `Function` that, null, make it return without
  // launching: a size query (`invokeTopkBeamSearch(nullptr, size, ...)`,
  // which only says how large a workspace it needs). A call that passes null
  // there launches nothing. Parameters the body writes are not among them.
  LaunchStops parametersThatStopLaunches(const clang::FunctionDecl *Function) const;

private:
  // What a walk of a function's body and initializers finds: every call its
  // CFG could hold, and more (lambda bodies, unevaluated operands). Enough to
  // tell which functions can reach a launch or a last-error query; only
  // those get a CFG. Most functions of a real unit (device code, template
  // instances) reach neither, and their CFGs were most of the analysis's
  // time and memory.
  struct FunctionCalls {
    llvm::SmallVector<const clang::FunctionDecl *, 4> Callees;    // definitions
    llvm::SmallVector<const clang::FunctionDecl *, 4> NotDefined; // canonical
    // Methods called through virtual dispatch (canonical): the call reaches
    // the overrides, which the unit may define.
    llvm::SmallVector<const clang::CXXMethodDecl *, 2> Virtual;
    // Functions of other units it calls, which read the error if their
    // summaries say so: asked only where that matters (ReadersMatter).
    llvm::SmallVector<const clang::FunctionDecl *, 4> MayQueryElsewhere;
    bool Launches = false;
    bool QueriesDirectly = false;
  };
  void buildFlows();
  void forEachReachedCalls(llvm::ArrayRef<const clang::FunctionDecl *> From,
                           llvm::function_ref<void(const FunctionCalls &)> Visit) const;
  // Whether it matters which functions of other units read the last error:
  // a function of the unit launches (itself or through a launcher of
  // another unit), or an error is to be read after a call (queriedAfter). A
  // unit with neither asks the other units' summaries nothing of it.
  bool ReadersMatter = false;

  struct FunctionFlow {
    const clang::FunctionDecl *Function;
    std::unique_ptr<clang::CFG> Graph;
    // Per block id: some path from the block's start reaches the exit
    // without a last-error query.
    std::vector<bool> ReachesExitUnchecked;
    // Per block id, once asked: 1 when the block ends its path without
    // returning (endsWithoutReturning), 0 when not.
    mutable std::vector<signed char> EndsWithoutReturning;
    // Per block id, once the first round has found them: the exit of the
    // loop the block heads when every pass of it reads the error.
    std::vector<const clang::CFGBlock *> SkippedLoopExits;
  };
  bool endsWithoutReturning(const FunctionFlow &Flow, const clang::CFGBlock &Block) const;

  // Query: reads the pending launch error (cudaGetLastError whose value is
  // used or deliberately cast to void, cudaPeekAtLastError, a function that
  // calls one). Reset: a bare `cudaGetLastError();`, which clears the error
  // without reading it.
  enum class ElementRole { Other, Query, Reset, Launch };
  ElementRole roleOf(const clang::Stmt *S) const;
  struct Verdict {
    ElementRole Role = ElementRole::Other; // Query, Reset, or Other for none
    const clang::Stmt *At = nullptr;
  };
  Verdict firstVerdict(const clang::CFGBlock &Block, size_t From) const;
  const clang::Stmt *resetIn(const clang::CFGBlock &Block, size_t From) const;
  bool isQueryingFunction(const clang::FunctionDecl *Callee) const;
  bool launchesOnEveryPath(const clang::FunctionDecl *Function,
                           llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visiting) const;
  bool launchesBeforeReaching(const FunctionFlow &Flow, const clang::CFGBlock &From,
                              llvm::ArrayRef<const clang::CFGBlock *> Ends,
                              llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visiting,
                              unsigned LoopDepth) const;
  bool alwaysLaunches(const clang::Stmt *S,
                      llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visiting) const;
  // What the summaries say of a callee another unit defines.
  bool factElsewhere(const clang::FunctionDecl *Callee, LaunchFact Fact) const;
  // What the summaries say of a function of this unit or another.
  bool fact(const clang::FunctionDecl *Function, LaunchFact Fact) const;
  void computeQueryingFunctions();
  bool everyPassQueries(const FunctionFlow &Flow, const clang::CFGBlock &Head) const;
  bool solveReachability(FunctionFlow &Flow);
  bool queriedBeforeUse(const FunctionFlow &Flow, const clang::CFGBlock &Block, size_t Index,
                        const clang::ValueDecl &Written) const;
  bool uncheckedAfter(const FunctionFlow &Flow, const clang::CFGBlock &Block, size_t Index) const;
  bool leavesLaunchUnchecked(const FunctionFlow &Flow) const;
  bool isCalledTemplate(const clang::FunctionDecl *Pattern,
                        const clang::FunctionDecl *Except) const;
  using FunctionSet = llvm::SetVector<const clang::FunctionDecl *>;
  void topsOfUncheckedChains(const clang::FunctionDecl *Function,
                             llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visiting,
                             FunctionSet &Tops, FunctionSet *NonReaders = nullptr);
  bool lostAtTop(const clang::FunctionDecl *Top) const;
  bool escapesUnchecked(const clang::FunctionDecl *Function, FunctionSet &NonReaders);
  // The functions the unit does not define that the path from element
  // `Index` of `Block` on may call, itself or through the unit's functions.
  void gatherCalledAfter(const FunctionFlow &Flow, const clang::CFGBlock &Block, size_t Index,
                         FunctionSet &NotDefinedHere) const;
  void gatherNotDefined(llvm::ArrayRef<const clang::FunctionDecl *> Called,
                        FunctionSet &NotDefinedHere) const;
  std::vector<std::string> nonReaders(const FunctionSet &NotDefinedHere) const;
  std::pair<clang::SourceLocation, std::string>
  exitNote(const FunctionFlow &Flow, const clang::CFGBlock &Block, size_t Index) const;

  // A launch, or a call that may launch: of a function that may (here or,
  // by its summary, elsewhere), or a virtual call.
  bool mayLaunchAt(const clang::Stmt *S) const;

  bool isAssumedLauncher(const clang::FunctionDecl *Callee) const {
    return Callee && AssumedLaunchers.contains(Callee->getCanonicalDecl()) &&
           (!OnlyLaunchers || OnlyLaunchers->contains(Callee->getCanonicalDecl()));
  }

  const CudaApi &Api;
  llvm::DenseSet<const clang::FunctionDecl *> AssumedLaunchers;
  // While launchesOnEveryPathIf asks: the assumed launchers that launch.
  mutable const llvm::DenseSet<const clang::FunctionDecl *> *OnlyLaunchers = nullptr;
  llvm::MapVector<const clang::FunctionDecl *, FunctionCalls> Added;
  llvm::MapVector<const clang::FunctionDecl *, FunctionFlow> Flows;
  // The added functions that launch or call one that may (definitions).
  llvm::DenseSet<const clang::FunctionDecl *> MayLaunch;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Querying;
  llvm::SmallPtrSet<const clang::CallExpr *, 8> ErrorResets;
  llvm::SetVector<const clang::FunctionDecl *> NotDefined;       // canonical
  llvm::SetVector<const clang::CXXMethodDecl *> CalledVirtually; // canonical
  // A virtual method (canonical) -> the overrides the unit defines.
  llvm::DenseMap<const clang::CXXMethodDecl *, llvm::SmallVector<const clang::FunctionDecl *, 2>>
      OverridesOf;
  // Where the calls of the flows stand, by location (a template's instances
  // share theirs), for queriedAfter; made once.
  struct CallPlace {
    const FunctionFlow *Flow;
    const clang::CFGBlock *Block;
    size_t Index;
  };
  llvm::DenseMap<clang::SourceLocation::UIntTy, llvm::SmallVector<CallPlace, 1>> CallPlaces;
  bool Solved = false;
  llvm::DenseMap<const clang::FunctionDecl *, bool> LeavesUnchecked;
  // parametersThatStopLaunches of the functions topsOfUncheckedChains has asked
  // about, which it asks at every launch and every call of another unit's
  // launcher.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<unsigned>> StoppingParameters;
  // callee (canonical) -> (caller, call expression)
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<std::pair<const clang::FunctionDecl *, const clang::CallExpr *>>>
      CallSites;
};

} // namespace cudalint

#endif
