// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the project's own functions do with CUDA memory, for calls from one
// unit of the compile database into a function defined in another.
//
// The Static Analyzer follows a call into a function the analysed unit
// defines. A function defined in another unit is a call it cannot see into:
// what it returns is untracked, and every pointer it is given escapes. Real
// projects wrap allocation and release (`cuda_make_array`, `deviceFree`,
// `allocDeviceBuffer(float **)`) and call the wrappers from every unit, so
// without more the leak of a wrapper's memory, its double release and the
// leak of a buffer handed to a helper elsewhere all go unseen.
//
// A whole-database run therefore summarises, unit by unit in the parse that
// analyses it, what each function a unit defines does (summariseUnit): whether it returns memory of
// a family or writes it through an out-parameter, releases what a parameter
// points to, synchronises the device or a stream it is given, which status
// parameters it never reads, and which pointer parameters it may keep
// (store, return, hand on) rather than use and let go. The run merges
// the units' summaries (mergeSummaries), and an analysis looks a callee up
// there when the unit has no definition of it (ProjectFunctions, asked
// through CudaApi::projectFunction). A unit is first analysed with its own
// summaries alone; it is analysed again with the merged ones only where
// those answer one of the questions it asked otherwise
// (ProjectFunctions::answersAlike).
//
// A summary is an AST judgement, not a path: a release under a condition
// counts as a release, a synchronisation on some path as a synchronisation.
// Where a function does anything a summary cannot say (a parameter copied
// into another variable, memory released and returned), the parameter is
// kept and the function says nothing more: the call stays as unknown as it
// was without a summary.
#ifndef CUDALINT_CHECKS_PROJECTFUNCTIONS_H
#define CUDALINT_CHECKS_PROJECTFUNCTIONS_H

#include "shared/CudaApi.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace cudalint {

// Memory of `Family` that reaches the caller through a parameter or the
// return value, to be released by `Release` ('cudaFree').
struct MemoryHandedOut {
  MemoryFamily Family;
  std::string Release;
  bool operator==(const MemoryHandedOut &Other) const {
    return Family == Other.Family && Release == Other.Release;
  }
};

// Waits for the stream or event one of its parameters names, as
// cudaStreamSynchronize(s) does.
struct HandleWait {
  SyncScope Scope; // Stream or Event
  unsigned Parameter;
  bool operator==(const HandleWait &Other) const {
    return Scope == Other.Scope && Parameter == Other.Parameter;
  }
};

enum class CudaEffect { None, WaitsOnly, OnMemory };

struct FunctionSummary {
  std::string Usr;  // clang's USR: the function's identity in every unit
  std::string Name; // qualified, as messages name it
  // Returns memory the caller must release.
  std::optional<MemoryHandedOut> Returns;
  // `*out` (a `T **` or `T *&` parameter) receives memory the caller must
  // release.
  std::vector<std::pair<unsigned, MemoryHandedOut>> WritesAllocation;
  // Releases what the parameter points to (one parameter at most).
  std::optional<std::pair<unsigned, MemoryFamily>> Releases;
  // Pointer and reference parameters the function may keep: every other one
  // it uses (reads, writes, copies from) and lets go of.
  std::vector<unsigned> Keeps;
  // Calls cudaDeviceSynchronize or the like on some path.
  bool SynchronizesDevice = false;
  // Waits, on some path, for the stream or event a parameter names (one
  // parameter at most).
  std::optional<HandleWait> WaitsFor;
  // Status parameters (cudaError_t, CUresult, ...) the body never reads: a
  // status handed to the function is lost there as surely as one thrown
  // away. A check function stubbed out for release builds is the usual one.
  std::vector<unsigned> IgnoresStatus;

  bool operator==(const FunctionSummary &Other) const;
  // What a call of the function does to CUDA memory or the device, as the
  // path-sensitive checks see it: nothing, only a wait for device work (it
  // synchronises the device, or a stream or event it is given), or more (it
  // hands out or releases CUDA memory).
  CudaEffect cudaEffect() const;
};

// What a function does with the sticky launch error, for cuda-unchecked-error
// in the units that call it. A kernel launch reports a failure to start only
// through cudaGetLastError(): a helper that launches and returns leaves that
// error for its caller to read, and real projects define such helpers in one
// unit (a generated `.cu` of kernels and their launchers) and check after
// calling them in another.
struct LaunchFacts {
  // Every path through the function launches a kernel (itself or through a
  // helper) and returns without a last-error query: the error is its
  // caller's to read. A function that launches only under a condition
  // (`if (randomInit) fill<<<...>>>`) is not one: a caller in another unit
  // cannot tell whether its call launched.
  bool LeavesPending = false;
  // Reads the last error on some path (a check helper, `checkLaunch()`), or
  // calls a function of another unit that does (set by mergeSummaries).
  bool Queries = false;
  // Launches and leaves the error pending on some paths, not on all: judged
  // at its own launch unless every caller reads the error after the call.
  bool MayLeavePending = false;
  // Another unit of the database calls it (set by mergeSummaries).
  bool CalledElsewhere = false;
  // Some call of it in another unit may leave a launch's error unread, were
  // it to launch (set by mergeSummaries).
  bool CalledUnchecked = false;
  // Of one that may leave it pending: the pointer parameters that, null,
  // make it return without launching (a size query). A call passing null
  // there is not a call that may leave an error unread.
  std::vector<unsigned> StopsIfNull;
  // Functions of other units that those paths call (USRs): the stop holds
  // if none of them launches (settled by mergeSummaries).
  std::vector<std::string> StopsUnless;
  bool operator==(const LaunchFacts &Other) const {
    return LeavesPending == Other.LeavesPending && Queries == Other.Queries &&
           MayLeavePending == Other.MayLeavePending && CalledElsewhere == Other.CalledElsewhere &&
           CalledUnchecked == Other.CalledUnchecked && StopsIfNull == Other.StopsIfNull &&
           StopsUnless == Other.StopsUnless;
  }
};

// A unit's part of the launch facts: those of the functions it defines that
// another unit can call (methods and template specialisations too: launch
// helpers often are), and which such functions it calls without defining
// them. Both by USR, sorted.
struct UnitLaunchFacts {
  std::vector<std::pair<std::string, LaunchFacts>> Defined;
  std::vector<std::string> CalledNotDefined;
  // (caller, callee): a function another unit can call, and a function of
  // another unit it calls, itself or through functions of its own unit.
  std::vector<std::pair<std::string, std::string>> Calls;
  // (caller, callees) of those: the caller launches on every path and
  // leaves the error pending if all these callees do (a dispatcher of
  // launchers defined elsewhere). A caller may have several such sets: each
  // callee it calls on every path is one alone.
  std::vector<std::pair<std::string, std::vector<std::string>>> Forwards;
  // (override, method it overrides): a virtual method another unit can
  // call through its base class (`layer->forward()`), which reaches every
  // override, wherever defined.
  std::vector<std::pair<std::string, std::string>> Overrides;
  // Functions of other units (of CalledNotDefined) after a call of which the
  // error of a launch they made may go unread.
  struct UncheckedCalls {
    std::string Callee;
    // The parameters to which every such call passes null.
    std::vector<unsigned> Null;
    // Where the error leaves this unit unread: functions another unit can
    // call, which this one does not (a layer's forward() that calls another
    // unit's block and returns). The error is lost if it is lost in their
    // callers. Empty when it is lost in this unit (in `main`, in a function
    // no other unit can call).
    std::vector<std::string> Through;
    bool operator<(const UncheckedCalls &Other) const { return Callee < Other.Callee; }
  };
  std::vector<UncheckedCalls> CalledUnchecked;
  // (function, the template it is an instance of) for the functions named in
  // Through: an instance nobody calls of a template whose other instances
  // are called is code that never runs, and loses nothing.
  std::vector<std::pair<std::string, std::string>> Instances;
};
UnitLaunchFacts summariseLaunches(clang::ASTContext &Context, const CudaApi &Api);

// The summaries of the functions whose definitions `Context` holds that
// another unit can call: externally visible, neither inline nor templates,
// defined in the project's files (not system headers), and saying more than
// an unknown call would. Sorted by USR.
std::vector<FunctionSummary> summariseUnit(clang::ASTContext &Context, const CudaApi &Api);

// The status parameters of `Function` that its body, which `Context` holds,
// never reads (FunctionSummary::IgnoresStatus), for a function of any kind
// the unit defines in the project's files; empty for any other.
std::vector<unsigned> ignoredStatusParameters(const clang::FunctionDecl &Function,
                                              clang::ASTContext &Context, const CudaApi &Api);

// The argument of `Call` that the callee's first parameter receives: 1 for
// an operator method called as `a(b)` or `a + b`, whose argument 0 is the
// object, 0 otherwise.
unsigned firstArgumentOfParameters(const clang::CallExpr &Call);

// One line per summary, in order; readSummaries gives nullopt for text that
// is not such lines.
std::string writeSummaries(llvm::ArrayRef<FunctionSummary> Summaries);
std::optional<std::vector<FunctionSummary>> readSummaries(llvm::StringRef Text);
// Launch facts as lines of the same text (`launch` and `calls` lines, which
// readSummaries passes over); readLaunchFacts gives the `launch` lines' facts
// by USR, nullopt for malformed ones.
std::string writeLaunchFacts(const UnitLaunchFacts &Facts);
std::optional<std::map<std::string, LaunchFacts>> readLaunchFacts(llvm::StringRef Text);

// What the summary of a unit clang rejected still tells the other units:
// which of their functions it calls (its `calls` lines). A launcher that
// only such a unit calls is called, by code whose check cannot be seen, not
// a function nobody calls; nor is a function that launches on some paths
// called unchecked there (its `unchecked` lines, read from code with errors
// such as a missing header's, are left out with the facts of the unit's own
// functions).
std::string callsOfUnitWithErrors(llvm::StringRef Summaries);

// The units' summaries (each writeSummaries text, with its launch facts) as
// one, sorted by USR. A function that two units define differently (each
// program's `main`, a helper copied from sample to sample) is left out: which
// definition a call reaches depends on what is linked with it. A function's
// launch facts say whether a unit other than its own calls it.
std::string mergeSummaries(llvm::ArrayRef<std::string> PerUnit);

// One of a function's LaunchFacts, as an analysis asks it.
enum class LaunchFact { LeavesPending, MayLeavePending, Queries, CalledElsewhere, CalledUnchecked };

// The summaries an analysis uses, found by the declaration of a callee.
//
// Every question asked is noted (consulted): a unit analysed with its own
// summaries alone finds what it would find with the whole database's
// wherever those answer each of its questions alike (answersAlike). The
// questions are kept narrow where every unit asks them of every call:
// whether a callee acts on CUDA at all, one launch fact at a time.
class ProjectFunctions {
public:
  ProjectFunctions() = default;
  explicit ProjectFunctions(std::vector<FunctionSummary> Summaries,
                            std::map<std::string, LaunchFacts> Launches = {});
  // Replaces what it holds with mergeSummaries' text, and forgets the
  // questions asked; false, holding nothing, for text that is not such lines.
  bool read(llvm::StringRef Merged);
  // As read, with the summaries of the units done so far: the others are
  // still to come. A function of this unit that nothing here refers to and
  // that other units can call (a launcher a `.cpp` calls, the kernels'
  // wrappers of a dispatcher) is then taken as called elsewhere. The whole
  // database checks every answer given (compareAnswers), so a guess that
  // proves wrong costs a second analysis, never a finding.
  bool readKnownSoFar(llvm::StringRef Merged);

  // The summary of a function the unit declares and does not define; null
  // for one it defines (the analyzer follows that call itself) and for one
  // no unit defines.
  const FunctionSummary *find(const clang::FunctionDecl *Callee) const;
  // What find(Callee)'s summary does to CUDA (FunctionSummary::cudaEffect);
  // None where there is none.
  CudaEffect cudaEffect(const clang::FunctionDecl *Callee) const;
  // One launch fact of `Function`, defined in this unit or another; false
  // where no summary speaks of it.
  bool launchFact(const clang::FunctionDecl *Function, LaunchFact Fact) const;
  bool empty() const { return Summaries.empty() && Launches.empty(); }

  // Every question asked since the summaries were read, with the answer it
  // got, as "USR<tab>what<tab>answer", sorted.
  std::vector<std::string> consulted() const;
  // The project files that declare the functions asked of and known to no
  // summary yet, as absolute paths where the file system gives one, sorted:
  // where their definitions likely are (`hostallocator.h`,
  // `hostallocator.cpp`), for a run to analyse those units sooner.
  std::vector<std::string> unknownCalleesDeclaredIn() const;
  // Whether `Database` answers the questions of `Consulted` otherwise than
  // they were answered. An analysis that asked those, and nothing else,
  // finds with `Database` what it found where every answer is the same;
  // where only launch facts differ, only the checks that ask those
  // (CheckDescription::ReadsLaunchFacts) may find otherwise; where only
  // functions taken for not reading the launch error read it
  // (MoreReadersOnly), those checks find at most what they found, and lose
  // only findings that rest on one of those functions not reading it
  // (Finding::NonReadersAfter): each read ends paths on which an error went
  // unread, and starts none.
  // `FirstOtherwise`, where given, receives the first question answered
  // otherwise ("USR<tab>what"), for --verbose.
  enum class Differences { None, MoreReadersOnly, LaunchFactsOnly, Summaries };
  static Differences compareAnswers(const ProjectFunctions &Database,
                                    llvm::ArrayRef<std::string> Consulted,
                                    std::string *FirstOtherwise = nullptr);
  // The functions of `Consulted` taken for not reading the launch error
  // that `Database` says read it (USRs, sorted).
  static std::vector<std::string> nowReading(const ProjectFunctions &Database,
                                             llvm::ArrayRef<std::string> Consulted);
  // The USRs of `Functions` (of other units) taken for not reading the
  // launch error, sorted: what a finding judged on their not reading it
  // rests on (Finding::NonReadersAfter).
  std::vector<std::string> nonReaders(llvm::ArrayRef<const clang::FunctionDecl *> Functions) const;
  // The answer to a question as consulted() writes it; nullopt for a
  // question this version does not ask.
  std::optional<std::string> answer(llvm::StringRef Usr, llvm::StringRef Asked) const;

private:
  // The USR of `Function`, made once per declaration; null where it has none.
  const std::string *usrOf(const clang::FunctionDecl *Function) const;
  // find's answer, the question not noted.
  const FunctionSummary *summaryOf(const clang::FunctionDecl *Callee) const;
  const FunctionSummary *summaryNamed(llvm::StringRef Usr) const;
  const LaunchFacts *launchFactsNamed(llvm::StringRef Usr) const;
  // Notes that `Function` was asked `Question` (a Question value).
  void note(const clang::FunctionDecl *Function, unsigned Question) const;
  // Whether readKnownSoFar takes `Function` as called elsewhere.
  bool expectedCalledElsewhere(const clang::FunctionDecl *Function) const;

  std::vector<FunctionSummary> Summaries;
  llvm::StringMap<size_t> ByUsr;
  std::map<std::string, LaunchFacts> Launches;
  // Canonical declarations with their USRs (empty: none).
  mutable llvm::DenseMap<const clang::FunctionDecl *, std::string> Usrs;
  // Canonical declarations with the questions asked of them, and those
  // questions as consulted() gives them.
  mutable llvm::DenseSet<std::pair<const clang::FunctionDecl *, unsigned>> Asked;
  mutable std::set<std::string> Questions;
  // With readKnownSoFar: the USRs taken as called elsewhere.
  bool OthersToCome = false;
  mutable std::set<std::string> ExpectedCalled;
  mutable std::set<std::string> UnknownDeclaredIn;
};

} // namespace cudalint

#endif
