// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// libFuzzer's entry point for the target this executable is built for
// (CUDALINT_FUZZ_TARGET_NAME, set by CMake).
#include "FuzzTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  return cudalint::fuzz::CUDALINT_FUZZ_TARGET_NAME(Data, Size);
}
