// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-use-after-free: released memory used again on the same path: as an
// argument of a copy or a set (cudaMemcpy*, cudaMemset*, cuMemcpy*, as
// CudaApi's copy table lists them), as a kernel launch argument, or
// dereferenced on the host.
//
// What happens on an H200 with CUDA 13: a cudaMemcpy or cudaMemset on released
// device memory fails with cudaErrorInvalidValue (cudaMemcpyDefault treats it
// as a host pointer and the process dies); a kernel launched with it starts,
// faults, and cudaErrorIllegalAddress appears at the next synchronization and
// in every call after it; released pinned or managed memory read by the host
// kills the process with a segmentation fault. Once the address has been
// reused, the use reads or corrupts someone else's buffer instead.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h), before each call and at each host load or store.
#ifndef CUDALINT_CHECKS_ANALYZER_USEAFTERFREECHECK_H
#define CUDALINT_CHECKS_ANALYZER_USEAFTERFREECHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct UseAfterFreeCheck {
  static constexpr llvm::StringLiteral Id = "cuda-use-after-free";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-use-after-free";
  static constexpr llvm::StringLiteral Summary =
      "Released memory used again: copied, set, passed to a kernel or "
      "dereferenced after cudaFree, cudaFreeHost, free or delete.";
  static constexpr llvm::StringLiteral Help =
      "A copy or set on released device memory fails with "
      "cudaErrorInvalidValue; a kernel launched with it faults, and "
      "cudaErrorIllegalAddress surfaces at the next synchronization and in "
      "every later call; released pinned or managed memory read on the host "
      "crashes the process. Once the address is reused, the use corrupts "
      "another buffer instead. Release memory after its last use, including "
      "the last kernel that reads it.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
