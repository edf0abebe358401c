// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/Utf16Columns.h"

#include "llvm/Support/ConvertUTF.h"

namespace cudalint {

namespace {

// The size in bytes and in UTF-16 code units of the character at `I`.
std::pair<size_t, unsigned> characterAt(llvm::StringRef Line, size_t I) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Line.data() + I);
  unsigned Size = llvm::getNumBytesForUTF8(*Begin);
  if (Size == 1 || I + Size > Line.size() || !llvm::isLegalUTF8Sequence(Begin, Begin + Size))
    return {1, 1};
  return {Size, Size == 4 ? 2 : 1}; // four bytes: beyond the BMP, a pair
}

} // namespace

unsigned utf16Units(llvm::StringRef Line, size_t Bytes) {
  unsigned Units = 0;
  size_t I = 0;
  while (I < Bytes && I < Line.size()) {
    auto [Size, CharUnits] = characterAt(Line, I);
    Units += CharUnits;
    I += Size;
  }
  return Units + static_cast<unsigned>(Bytes > I ? Bytes - I : 0);
}

size_t bytesForUtf16Units(llvm::StringRef Line, unsigned Units) {
  unsigned Counted = 0;
  size_t I = 0;
  while (Counted < Units && I < Line.size()) {
    auto [Size, CharUnits] = characterAt(Line, I);
    Counted += CharUnits;
    I += Size;
  }
  return I + (Units > Counted ? Units - Counted : 0);
}

} // namespace cudalint
