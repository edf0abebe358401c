// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The last word on a path report: can its path happen at all?
//
// The analyzer keeps a range of values per symbol, and ranges know nothing of
// how symbols relate through division: on cuda-samples' reduction.cpp a path
// with `maxN == 1` also took the branch where `maxN / maxThreads >= 65535`,
// and cuda-copy-size reported a copy that path could never make. So every
// path report is checked once more with Z3, on the constraints of its path,
// and a report whose path Z3 proves infeasible is dropped (clang's
// crosscheck-with-z3, which cudalint used until it met the cost below).
//
// A division or remainder costs Z3 dearly: it turns a 64-bit `%` into a
// circuit of about 45 MiB before its resource limit is ever consulted. One
// report on a path through ggml's `GGML_ASSERT(n % k == 0)` raised the peak
// memory of ggml-cuda.cu from 224 to 360 MiB. Yet a path that can happen
// rarely needs that circuit to show it: Z3 first solves the constraints
// without a division or remainder in them; if even those cannot hold, the
// path cannot. Otherwise every symbol is pinned to the value that solution
// gave it (1, then 0, where it gave none), and with nothing left unknown Z3
// folds each division to a constant: if all constraints hold, the path can
// happen. Only where both guesses fail does Z3 build the circuits and decide
// on the whole problem, as before.
#ifndef CUDALINT_CHECKS_ANALYZER_REPORTCROSSCHECK_H
#define CUDALINT_CHECKS_ANALYZER_REPORTCROSSCHECK_H

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/RangedConstraintManager.h"

#include <memory>

namespace cudalint {

// Emits `Report` with the crosscheck of its path attached. Every path report
// of cudalint's checks goes out through here.
void emitCrosschecked(clang::ento::CheckerContext &C,
                      std::unique_ptr<clang::ento::PathSensitiveBugReport> Report);

// What the crosscheck concluded of a path's constraints, and which of its
// queries it needed (for the tests).
struct PathFeasibility {
  bool Feasible = true;
  bool SolvedWithoutDivisions = false; // the first query ran
  bool SolvedPinned = false;           // the second query ran
  bool SolvedWhole = false;            // the query with every division ran
  // Z3 left the whole problem undecided, out of its resources.
  bool OutOfResources = false;
};

// Decides whether `Constraints` (symbol -> the ranges a path allows it) can
// all hold at once, asking Z3 again up to `Retries` times where it leaves the
// whole problem undecided. Without Z3 in LLVM, every path is feasible.
PathFeasibility crosscheckPath(clang::ASTContext &Context,
                               const clang::ento::ConstraintMap &Constraints, unsigned Retries = 3);

} // namespace cudalint

#endif // CUDALINT_CHECKS_ANALYZER_REPORTCROSSCHECK_H
