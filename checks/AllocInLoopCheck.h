// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-alloc-in-loop (performance): memory allocated and released again on
// every iteration of a loop, with a size that does not change, so that one
// allocation before the loop would serve them all.
//
// cudaMalloc and cudaFree are not cheap: each asks the driver to map or unmap
// memory, and cudaFree waits for the device to finish everything it was
// given. On an H200, 2000 steps that allocate, use and free a 4 MiB buffer
// took 1481 ms against 11.6 ms with the buffer allocated once (128x); a
// pinned 4 MiB staging buffer allocated per frame cost 29x.
//
// How: for every function, a walk of its body that knows the loops each call
// is in (lambdas are functions of their own). An allocation is reported when
// it runs on every iteration of the innermost loop around it, that loop also
// releases the same variable with the matching call (so the memory never
// outlives an iteration), and every size argument is loop-invariant:
// literals, sizeof, constants, and variables declared outside the loop that
// nothing in it modifies (clang's ExprMutationAnalyzer over the loop). A size
// that depends on the iteration, a call in the size, or buffers kept past
// their iteration (`cudaMalloc(&buffers[i], n)`) are never reported. The
// stream-ordered allocations are the remedy, not the finding.
#ifndef CUDALINT_CHECKS_ALLOCINLOOPCHECK_H
#define CUDALINT_CHECKS_ALLOCINLOOPCHECK_H

#include "CudaCheck.h"

namespace cudalint {

class AllocInLoopCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = "cuda-alloc-in-loop";
  static constexpr llvm::StringLiteral Summary =
      "Memory allocated and released on every iteration of a loop with a size "
      "that does not change: cudaMalloc/cudaFree, cudaMallocHost/cudaFreeHost, "
      "cudaHostAlloc and the driver API's forms (performance).";
  static constexpr llvm::StringLiteral Help =
      "Each cudaMalloc and cudaFree is a call into the driver that maps or "
      "unmaps memory, and cudaFree waits for the device to finish all its "
      "work. Allocating and releasing the same buffer on every iteration of a "
      "loop costs tens to hundreds of microseconds per iteration and "
      "serialises the host with the GPU. Allocate once before the loop and "
      "release after it, or use the stream-ordered cudaMallocAsync and "
      "cudaFreeAsync, which reuse memory from a pool.";

  explicit AllocInLoopCheck(CheckContext &Context) : CudaCheck(Id, Context) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cudalint

#endif
