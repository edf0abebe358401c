// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-memory-leak: memory from an allocation API (cudaMalloc, cudaMallocHost,
// cudaMallocManaged, cuMemAlloc, malloc, new ...) that is not released on
// some path out of the function that owns it.
//
// Device memory is not reclaimed until the process exits: a leak inside a
// loop, a request handler or a training step takes a little more of the GPU
// each time, until an allocation fails far from the leak (eight leaked
// 256 MiB buffers took 2 GiB of an H200's free memory). Pinned host memory
// leaks stay page-locked, out of the operating system's reach.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h). Memory is leaked when its last pointer becomes unreachable
// while it is still allocated: the pointer is overwritten, goes out of scope,
// or the function returns, or an exception leaves the frames that hold it
// (the analyzer itself does not follow exceptions; memory an RAII owner holds
// is released by the unwinding). Memory main still holds when the program
// ends (main returns, or calls exit(0)) is reported with a message of its
// own: the process exit releases it, but leak checkers report it. Memory
// that escapes (stored in a field or global, handed to a function or object
// that may keep it, returned) is never reported; nor are paths that give up
// on an error (abort(), exit(1), another noreturn call, std::terminate), or
// on which the allocation is known to have failed. The finding sits at the
// allocation; its path ends where the memory is lost.
#ifndef CUDALINT_CHECKS_ANALYZER_MEMORYLEAKCHECK_H
#define CUDALINT_CHECKS_ANALYZER_MEMORYLEAKCHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct MemoryLeakCheck {
  static constexpr llvm::StringLiteral Id = "cuda-memory-leak";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-memory-leak";
  static constexpr llvm::StringLiteral Summary =
      "Memory from a CUDA or host allocation (cudaMalloc, cudaMallocHost, "
      "cudaMallocManaged, cuMemAlloc, malloc, new) that is not released on "
      "some path out of the function.";
  static constexpr llvm::StringLiteral Help =
      "Device memory stays allocated until the process exits: a leak in a "
      "loop or a repeated step takes more of the GPU each time, until an "
      "allocation fails far from the leak. Leaked pinned host memory stays "
      "page-locked. Release the memory on every path, including the early "
      "returns after a later call fails, or give it to an owner (an RAII "
      "wrapper, std::unique_ptr with a deleter that calls cudaFree).";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
