// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which functions the path-sensitive checks explore, and where the Static
// Analyzer stopped short.
//
// The analyzer explores every function of the main file as an entry point,
// and exploring is most of cudalint's time on a real project. A function can
// only show the memory and stream checks a CUDA bug if its exploration meets
// the CUDA API: it calls it (CudaApi::isCudaApiCall), launches a kernel,
// names a __device__, __constant__ or __managed__ variable, or reaches such
// code through the callees the unit defines, which the analyzer inlines. Any
// other function shows them pageable host memory at most, which
// clang-analyzer's unix.Malloc covers; its exploration ends where it begins.
// A call that only waits for device work or asks for the device's state
// (cudaDeviceSynchronize, cudaGetDeviceCount, cudaSetDevice; another unit's
// function whose summary synchronises, and hands out or releases no CUDA
// memory) does not count: where nothing was queued, waiting shows no check
// a bug.
// So does that of kernels and __device__ functions: host-side memory
// management does not happen in device code.
//
// Within an explored function, a call into a function the unit defines is
// followed into its body, as the analyzer does, when the callee may reach
// the CUDA API or memory the checks track (an allocation or release, a
// throw, an exit, a global that may hold a pointer), or is handed or returns
// anything but numbers and read-only strings. Any other call (a string or
// table helper, a printer taking numbers) is evaluated without its body: an
// unknown result, and the program's globals forgotten where it may change
// them. It can change no finding, and following it multiplies the paths of
// every caller.
//
// A call into a function whose every path aborts (abort, a failed
// assertion, a [[noreturn]] handler that comes to one; never exit, whose
// end the leak checks judge) ends the path at the call: its body could only
// end the path later.
//
// A dereferenced pointer is not null from there on, and a path that
// dereferences a pointer known to be null ends: the pruning clang's
// core.NullDereference gives its paths, which cudalint does not run.
//
// A function clang rejected (its body holds an error, or it uses a
// declaration that does; isRejected in CudaCheck.h) is not explored, and a
// call into it is evaluated as a call into another unit: what it is handed
// and the program's globals are forgotten. Its body is not what nvcc
// compiles, and following it would report what it lost (a release clang
// dropped is a leak).
//
// A call into a function whose body holds a statement the engine does not
// evaluate (typeid, a coroutine, an OpenMP directive) is evaluated the same
// way: the engine would end every path through it there.
//
// A function whose exploration used up the analyzer's node budget was not
// explored to its end: paths past that point were never seen. Nor were the
// paths the engine ended where the program goes on: code no path reached
// past a loop (the block visit limit), a statement it does not evaluate in
// the function itself, a throw into a catch handler of the function. The
// checker reports each, and the engine turns the report into an
// AnalysisLimit; paths that end with the program (exit, abort, a null
// dereference) are not limits.
//
// A function over the node budget is explored again, alone, in cheaper
// modes (Exploration), until one finishes: a bug in the function that
// manages a unit's memory (ggml_cuda_init, a sample's main) is in its own
// CUDA calls, which every mode checks on every path. What a cheaper mode
// gives up is what its callees do, which it takes as a call into another
// unit does (what they are handed may change, and the program's globals).
#ifndef CUDALINT_CHECKS_ANALYZER_ANALYSISSCOPE_H
#define CUDALINT_CHECKS_ANALYZER_ANALYSISSCOPE_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace clang {
class Decl;
} // namespace clang

namespace clang::ento {
class AnalysisManager;
class CallEvent;
class CheckerContext;
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

// The name the scope checker is registered under; its reports are the
// functions whose exploration stopped short, never findings.
inline constexpr llvm::StringLiteral AnalysisScopeCheckerName = "cudalint.AnalysisScope";

void registerAnalysisScope(clang::ento::CheckerRegistry &Registry);

// How far the analyzer follows a function's callees and loops, from the full
// exploration to the cheapest. Each mode keeps what the ones before it gave
// up.
enum class Exploration {
  Full,
  // A callee that reaches the CUDA API neither itself nor through what it
  // calls is evaluated as a call into another unit.
  CudaCalleesOnly,
  // Every callee is (constructors and destructors too).
  NoCallees,
  // And a block is entered at most twice on a path: loops are widened after
  // their first pass, none is unrolled.
  FewerLoopPasses,
};
// What a mode gave up, as a report says it: "callees that do not reach the
// CUDA API were not followed".
llvm::StringRef describeFallback(Exploration Mode);

// One exploration of a unit: its mode, which functions it explores, and what
// the scope checker saw of them.
struct ExplorationRound {
  Exploration Mode = Exploration::Full;
  // The entry points to explore (canonical declarations); empty: every
  // function that can reach the CUDA API.
  llvm::DenseSet<const clang::Decl *> Entries;
  // The entry points whose exploration used up the node budget (their
  // definitions), in the order they were explored.
  std::vector<const clang::Decl *> OverBudget;
  // The functions of the unit (outside system headers) whose code the round
  // walked, as entry points or inlined into one: the same set whatever
  // order the analyzer takes its entry points in (with a precompiled
  // preamble it may take them in another).
  llvm::DenseSet<const clang::Decl *> Walked;
  // The entry points whose exploration entered a callee, and those that
  // entered one that cannot reach the CUDA API: a cheaper mode that follows
  // no callee, or none of the latter, would explore the others exactly as
  // this round did, and is not run for them.
  llvm::DenseSet<const clang::Decl *> EnteredCallees;
  llvm::DenseSet<const clang::Decl *> EnteredCalleesWithoutCuda;
};
// The round the analysis `Manager` runs (carried with the unit's API table,
// memory::UnitApiCarrier); null outside cudalint's engine.
ExplorationRound *explorationRound(clang::ento::AnalysisManager &Manager);

// Whether the analyzer walks the body of the function `Call` enters, so that
// a check sees its loads and stores one by one; false for a function defined
// elsewhere and for one the scope evaluates without its body.
bool followsIntoBody(const clang::ento::CallEvent &Call, clang::ento::CheckerContext &C);

// Whether `Call` enters a function of the unit that the full exploration
// would follow and this cheaper one does not: what it does is unknown to
// this mode, but it is not code of another unit, whose reads of what it is
// given a check may assume.
bool givenUpByTheMode(const clang::ento::CallEvent &Call, clang::ento::CheckerContext &C);

} // namespace cudalint

#endif
