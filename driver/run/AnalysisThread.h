// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where a unit's analysis runs in its worker, and why there.
//
// The Static Analyzer's exploration is not a function of the code alone.
// Its dead-binding sweep walks regions and symbols out of hash tables keyed
// by their addresses, and what it keeps depends on that order (clang's own
// analyzer, core checkers only, on cuda-samples' matrixMul.cu: 15,198 or
// 15,249 sweeps in `main` from run to run, always the same with
// -analyzer-purge=none). Where those addresses change, the same unit
// explores a few hundred nodes more or less, and a function at the node
// budget's edge is finished in another mode, or in none: the report's
// analyzerLimits differed between two runs of the same database.
//
// So the addresses are made the same in every run:
// - the run starts each worker with address-space randomisation off for it
//   (WorkerPool.cpp), a process of its own rather than a copy of the run,
//   whose memory holds what the run did before;
// - the analysis runs on a thread of its own: its memory comes from a malloc
//   arena that thread starts (aligned to 64 MiB), not from the heap the
//   request and the worker's start left behind;
// - what depends on when the unit ran, not on the unit (the summaries of
//   the units done before it, a shared PCH it happens to be the first to
//   need), is made on another thread, so its memory comes from another
//   arena.
#ifndef CUDALINT_DRIVER_ANALYSISTHREAD_H
#define CUDALINT_DRIVER_ANALYSISTHREAD_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace cudalint {

// Runs `Analyze` (an analyzeUnit call) on a thread of its own, on a stack
// deep enough for code that overflows an ordinary thread's, and waits for
// it: what workers and the language server do.
void onAnalysisStack(llvm::function_ref<void()> Analyze);

// Runs `Work` on another thread and waits for it: the memory it allocates
// and keeps comes from another arena than the analysis's, and moves none of
// the analysis's own allocations.
void apartFromAnalysisMemory(llvm::function_ref<void()> Work);

} // namespace cudalint

#endif
