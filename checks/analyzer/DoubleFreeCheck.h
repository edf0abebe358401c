// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-double-free: memory released twice on one path.
//
// The second cudaFree of a pointer fails with cudaErrorInvalidValue, unless a
// later cudaMalloc has reused the address: then it succeeds and frees the new
// allocation, whose owner fails later with cudaErrorInvalidValue or reads
// garbage (both seen on an H200 with CUDA 13). A second free() or delete
// corrupts the host heap or aborts the process.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h): a release of memory that is already released on the path,
// including releases in branches that join and releases inside inlined
// helpers. Pointers of unknown provenance (parameters) are tracked from their
// first release. cudaFree(nullptr) releases nothing and is fine.
#ifndef CUDALINT_CHECKS_ANALYZER_DOUBLEFREECHECK_H
#define CUDALINT_CHECKS_ANALYZER_DOUBLEFREECHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct DoubleFreeCheck {
  static constexpr llvm::StringLiteral Id = "cuda-double-free";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-double-free";
  static constexpr llvm::StringLiteral Summary =
      "Memory released twice on one path (cudaFree, cudaFreeHost, cuMemFree, "
      "free, delete).";
  static constexpr llvm::StringLiteral Help =
      "A second cudaFree of the same pointer fails with cudaErrorInvalidValue "
      "or, once a later allocation has reused the address, frees that "
      "allocation instead, so an unrelated buffer disappears under its owner. "
      "A second free() or delete corrupts the host heap. Release each "
      "allocation once, and set the pointer to nullptr after releasing it "
      "when it may be released again.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
