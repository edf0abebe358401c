// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-memcpy-kind: a copy whose cudaMemcpyKind contradicts what its
// destination or source provably is (cudaMemcpyHostToDevice into malloc'd
// memory, cudaMemcpyDeviceToHost between two cudaMalloc buffers), a copy
// whose destination and source are swapped, a driver-API copy given memory
// of the other side than its name says (cuMemcpyHtoD into host memory), a
// ToSymbol or FromSymbol copy whose kind puts the symbol on the host, and a
// memset of pageable host or stack memory.
//
// What happens on an H200 with CUDA 13 (driver 580): the call fails with
// cudaErrorInvalidValue and copies nothing when pageable host memory (malloc,
// new, a vector, the stack, a global) stands where the kind says "device";
// a ToSymbol/FromSymbol kind that puts the symbol on the host fails with
// cudaErrorInvalidMemcpyDirection; in every other case the driver copies by
// address, ignoring the kind, and nothing shows at run time: CUDA documents
// such a call as undefined behaviour.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h), before each call of CudaApi's copy table; the kind must be
// known on the path (an enumerator, or a value the analyzer knows). Managed
// memory and cudaMemcpyDefault are always right; pointers of unknown origin
// are never reported.
#ifndef CUDALINT_CHECKS_ANALYZER_MEMCPYKINDCHECK_H
#define CUDALINT_CHECKS_ANALYZER_MEMCPYKINDCHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct MemcpyKindCheck {
  static constexpr llvm::StringLiteral Id = "cuda-memcpy-kind";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-memcpy-kind";
  static constexpr llvm::StringLiteral Summary =
      "Copies whose cudaMemcpyKind contradicts where the destination or the "
      "source provably lives, swapped destination and source, and memsets of "
      "host memory (path-sensitive).";
  static constexpr llvm::StringLiteral Help =
      "The kind of cudaMemcpy and its relatives must match the pointers: "
      "cudaMemcpyHostToDevice copies host memory into device memory. With "
      "pageable host memory where the kind says device memory, the copy fails "
      "with cudaErrorInvalidValue and copies nothing; with pinned, managed or "
      "device memory CUDA 13 copies by address and ignores the kind, so a "
      "swapped destination and source overwrite the input without an error. "
      "cudaMemset needs memory the device reaches. cudaMemcpyDefault is "
      "always right.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
