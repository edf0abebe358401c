// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-copy-size: a byte count that cannot be right.
//
//  - `sizeof` of a pointer as the byte count of a copy, a memset or an
//    allocation: `cudaMemcpy(d, h, sizeof(h), ...)` with `float *h` copies 8
//    bytes, two floats, and succeeds; the rest of the buffer is never copied.
//  - A copy or memset provably larger than the memory on either side:
//    `cudaMalloc(&d, n)` then `cudaMemcpy(d, h, n * sizeof(float), ...)`. On
//    device memory the runtime refuses it (cudaErrorInvalidValue) and copies
//    nothing; on host memory it reads or writes past the end of the buffer.
//    Where the two sizes differ by a factor, the allocation was sized in
//    elements rather than bytes, and the kernels that use it write past its
//    end too: silent on a plain run, invalid global writes under
//    compute-sanitizer.
//  - A 2D copy or memset whose rows are wider than the pitch on either side
//    (cudaErrorInvalidPitchValue), or whose rows reach past the memory.
//
// How: a path-sensitive Static Analyzer checker on the shared memory model
// (MemoryModel.h), which records each allocation's size as the region's
// dynamic extent. Before each call of CudaApi's byte-count table, the count
// is compared with the extent left after the pointer's offset: constants
// directly, symbolic sizes by their common symbol (`n` against `n * 4`),
// and otherwise by what the constraints on the path prove. Memory of unknown
// size (a pointer parameter, a std::vector's data()) is never reported.
#ifndef CUDALINT_CHECKS_ANALYZER_COPYSIZECHECK_H
#define CUDALINT_CHECKS_ANALYZER_COPYSIZECHECK_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

struct CopySizeCheck {
  static constexpr llvm::StringLiteral Id = "cuda-copy-size";
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-copy-size";
  static constexpr llvm::StringLiteral Summary =
      "Byte counts that cannot be right: sizeof of a pointer as a copy, memset "
      "or allocation size; a copy or memset larger than the memory it reads "
      "or writes; 2D copies whose rows are wider than their pitch "
      "(path-sensitive).";
  static constexpr llvm::StringLiteral Help =
      "cudaMemcpy and cudaMemset take a count of bytes. sizeof of a pointer "
      "is 8, whatever it points to: the call succeeds and moves 8 bytes. A "
      "count larger than the device allocation makes the runtime refuse the "
      "call with cudaErrorInvalidValue, and nothing is copied; larger than a "
      "host buffer, it reads or writes past its end. An allocation sized in "
      "elements (cudaMalloc(&d, n)) where the code copies n * sizeof(float) "
      "bytes is too small for the kernels too, which then write past its end. "
      "Count bytes as elements times sizeof(*pointer).";

  static void registerChecker(clang::ento::CheckerRegistry &Registry);
  static void storeOptions(const std::map<std::string, std::string> &Given,
                           std::map<std::string, std::string> &Effective);
};

} // namespace cudalint

#endif
