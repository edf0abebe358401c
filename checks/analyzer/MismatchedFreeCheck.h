// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-mismatched-free: memory released by a call of the wrong family:
// cudaFree on pinned host memory (cudaMallocHost), cudaFreeHost on device or
// managed memory, free or delete on device or pinned memory, cudaFree on
// stack, malloc'd or std::vector-owned memory.
//
// On an H200 with CUDA 13, cudaFree and cudaFreeHost given memory of another
// family fail with cudaErrorInvalidValue and release nothing, so the memory
// leaks; free() and delete on device or pinned memory kill the process with a
// segmentation fault.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h): the family of the memory an address points to, against
// the family the releasing call frees (CudaApi::releaseAccepts).
#ifndef CUDALINT_CHECKS_ANALYZER_MISMATCHEDFREECHECK_H
#define CUDALINT_CHECKS_ANALYZER_MISMATCHEDFREECHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct MismatchedFreeCheck {
  static constexpr llvm::StringLiteral Id = "cuda-mismatched-free";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-mismatched-free";
  static constexpr llvm::StringLiteral Summary =
      "Memory released by a call of the wrong family: cudaFree on "
      "cudaMallocHost memory, cudaFreeHost on device memory, free or delete "
      "on device memory, cudaFree on stack or malloc memory.";
  static constexpr llvm::StringLiteral Help =
      "Each allocation has one release: cudaFree for cudaMalloc and "
      "cudaMallocManaged, cudaFreeHost for cudaMallocHost and cudaHostAlloc, "
      "cuMemFree and cuMemFreeHost for the driver API, free for malloc, "
      "delete for new. cudaFree and cudaFreeHost given the wrong memory fail "
      "with cudaErrorInvalidValue and the memory leaks; free() or delete on "
      "device or pinned memory crashes the process.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
