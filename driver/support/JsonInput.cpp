// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "support/JsonInput.h"

namespace cudalint {

namespace {

// The deepest nesting of arrays and objects in `Text`, brackets inside
// strings not counted, stopping as soon as it passes `Limit`. Malformed text
// is measured as far as it goes; the parser then says what is wrong with it.
unsigned nestingDepth(llvm::StringRef Text, unsigned Limit) {
  unsigned Depth = 0, Deepest = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size() && Deepest <= Limit; ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      Deepest = std::max(Deepest, ++Depth);
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return Deepest;
}

} // namespace

llvm::Expected<llvm::json::Value> parseJsonInput(llvm::StringRef Text) {
  if (nestingDepth(Text, MaxJsonNesting) > MaxJsonNesting)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "arrays and objects nested deeper than " +
                                       std::to_string(MaxJsonNesting) + " levels");
  return llvm::json::parse(Text);
}

} // namespace cudalint
