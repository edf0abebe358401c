// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-handle-leak: a handle from a create call (cudaEventCreate,
// cudaStreamCreate, cudaGraphInstantiate, cublasCreate, cufftPlan1d,
// cusparseCreateDnVec ...) that is not destroyed on some path out of the
// function that owns it.
//
// Events and streams are driver resources, graphs hold their nodes'
// resources, a library handle its context and device workspace. None of them
// goes away before the process exits: a stream or an event created on every
// call and never destroyed piles up until creating another one fails (the
// GPU pair in gpu-validation/cases/cuda-handle-leak measures what 10,000
// streams keep).
//
// How: the shared memory model (MemoryModel.h) tracks each handle as an
// allocation of MemoryFamily::Handle, created into the out-parameter and
// destroyed by the call the CudaApi table names for it; this checker reports
// the MemoryLost events of that family, as cuda-memory-leak reports those of
// memory. A handle still alive when main returns or calls exit(0) is left to
// the process exit unless ReportAtMainReturn is on: no leak checker reports
// it, and the process exit destroys it.
#ifndef CUDALINT_CHECKS_ANALYZER_HANDLELEAKCHECK_H
#define CUDALINT_CHECKS_ANALYZER_HANDLELEAKCHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct HandleLeakCheck {
  static constexpr llvm::StringLiteral Id = "cuda-handle-leak";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-handle-leak";
  static constexpr llvm::StringLiteral Summary =
      "A CUDA event, stream or graph, or a cuBLAS, cuSPARSE, cuFFT, cuRAND or cuDNN handle or "
      "descriptor, that is not destroyed on some path out of the function.";
  static constexpr llvm::StringLiteral Help =
      "Events, streams, graphs and library handles live until they are destroyed or the "
      "process exits: one created per call and never destroyed piles up until creating "
      "another fails. Destroy it on every path (cudaEventDestroy, cudaStreamDestroy, "
      "cudaGraphExecDestroy, cublasDestroy, cufftDestroy ...), or keep one for the whole run.";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
