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
#ifndef CUDALINT_CHECKS_ANALYZER_ANALYSISSCOPE_H
#define CUDALINT_CHECKS_ANALYZER_ANALYSISSCOPE_H

#include "llvm/ADT/StringRef.h"

namespace clang::ento {
class CallEvent;
class CheckerContext;
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

// The name the scope checker is registered under; its reports are the
// functions whose exploration stopped short, never findings.
inline constexpr llvm::StringLiteral AnalysisScopeCheckerName = "cudalint.AnalysisScope";

void registerAnalysisScope(clang::ento::CheckerRegistry &Registry);

// Whether the analyzer walks the body of the function `Call` enters, so that
// a check sees its loads and stores one by one; false for a function defined
// elsewhere and for one the scope evaluates without its body.
bool followsIntoBody(const clang::ento::CallEvent &Call, clang::ento::CheckerContext &C);

} // namespace cudalint

#endif
