// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A --baseline file: the findings a project has accepted.
#include "FuzzTarget.h"

#include "report/Baseline.h"

#include "llvm/Support/raw_ostream.h"

namespace cudalint::fuzz {

int baseline(const uint8_t *Data, size_t Size) {
  llvm::Expected<std::set<Fingerprint>> Read = parseBaseline(asText(Data, Size));
  if (!Read) {
    llvm::consumeError(Read.takeError());
    return 0;
  }
  // What --write-baseline writes from it reads back as the same entries.
  std::string Written;
  llvm::raw_string_ostream Out(Written);
  writeBaseline(Out, std::vector<Fingerprint>(Read->begin(), Read->end()));
  llvm::Expected<std::set<Fingerprint>> Again = parseBaseline(Written);
  require(static_cast<bool>(Again));
  require(*Again == *Read);
  return 0;
}

} // namespace cudalint::fuzz
