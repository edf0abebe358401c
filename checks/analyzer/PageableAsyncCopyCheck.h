// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-pageable-async-copy (performance): an asynchronous copy whose host
// side is provably pageable memory — malloc, new, a std::vector, the stack,
// a global.
//
// cudaMemcpyAsync is asynchronous only for pinned host memory. From pageable
// memory the driver stages the bytes through a pinned buffer of its own, and
// the call returns once the host side has been read or written: after the
// work queued before it on the stream, the copy included. On an H200 with a
// 50 ms kernel queued ahead, a 64 MiB host-to-device copy from malloc'd memory
// held the host 59.7 ms and a device-to-host one into a std::vector 56.9 ms,
// against 0.015 ms from pinned memory; nothing overlaps, and a pipeline of
// streams runs one stream at a time. It is a performance finding, not a race: the data is
// right.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h), before each asynchronous copy of CudaApi's table: the host
// side is the one the kind (or the driver API's name) says, or for
// cudaMemcpyDefault and unknown kinds whichever side the model knows is host
// memory. Memory pinned on the path with cudaHostRegister is pinned; a pointer
// of unknown origin is never reported.
#ifndef CUDALINT_CHECKS_ANALYZER_PAGEABLEASYNCCOPYCHECK_H
#define CUDALINT_CHECKS_ANALYZER_PAGEABLEASYNCCOPYCHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct PageableAsyncCopyCheck {
  static constexpr llvm::StringLiteral Id = "cuda-pageable-async-copy";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-pageable-async-copy";
  static constexpr llvm::StringLiteral Summary =
      "Asynchronous copies (cudaMemcpyAsync and relatives) whose host memory is "
      "provably pageable: the call blocks the host and nothing overlaps "
      "(performance, path-sensitive).";
  static constexpr llvm::StringLiteral Help =
      "cudaMemcpyAsync returns at once only for pinned host memory "
      "(cudaMallocHost, cudaHostAlloc, or memory pinned with "
      "cudaHostRegister). From pageable memory (malloc, new, std::vector, the "
      "stack, globals) the driver stages the copy through a pinned buffer and "
      "the call returns only once the host side has been read or written, "
      "after the work queued before it on the stream: the host waits, and "
      "copies on other streams do not overlap with kernels. The results are "
      "right; the time is lost.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
