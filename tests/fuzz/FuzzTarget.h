// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A fuzz target is one function of one input, as libFuzzer calls
// LLVMFuzzerTestOneInput. Each target runs under libFuzzer (fuzz-<name>, built
// with -DCUDALINT_FUZZ=ON) and under the replay driver of the normal build,
// which feeds it every file of its committed corpus once.
#ifndef CUDALINT_TESTS_FUZZTARGET_H
#define CUDALINT_TESTS_FUZZTARGET_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace cudalint::fuzz {

#define CUDALINT_FUZZ_TARGET(Name) int Name(const uint8_t *Data, size_t Size);
#include "FuzzTargets.def"

inline llvm::StringRef asText(const uint8_t *Data, size_t Size) {
  return llvm::StringRef(reinterpret_cast<const char *>(Data), Size);
}

// A property every input must keep; breaking it is a finding, as a crash is.
inline void require(bool Holds) {
  if (!Holds)
    std::abort();
}

} // namespace cudalint::fuzz

#endif
