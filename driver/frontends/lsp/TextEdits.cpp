// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/TextEdits.h"

namespace cudalint {

std::optional<size_t> byteOffsetOf(llvm::StringRef Text, TextPosition Position) {
  size_t LineStart = 0;
  for (unsigned Line = 0; Line < Position.Line; ++Line) {
    size_t NewLine = Text.find('\n', LineStart);
    if (NewLine == llvm::StringRef::npos)
      return std::nullopt;
    LineStart = NewLine + 1;
  }
  size_t LineEnd = std::min(Text.find('\n', LineStart), Text.size());
  size_t Offset = LineStart;
  unsigned Units = 0;
  while (Offset < LineEnd && Units < Position.Character) {
    unsigned char Lead = static_cast<unsigned char>(Text[Offset]);
    // A UTF-8 sequence of four bytes is a surrogate pair in UTF-16: two
    // units. Bytes that are not UTF-8 count one unit each.
    size_t Length = Lead >= 0xF0 ? 4 : Lead >= 0xE0 ? 3 : Lead >= 0xC0 ? 2 : 1;
    Units += Length == 4 ? 2 : 1;
    Offset = std::min(Offset + Length, LineEnd);
  }
  return Offset;
}

bool applyTextChange(std::string &Text, const TextChange &Change) {
  if (!Change.Range) {
    Text = Change.Text;
    return true;
  }
  std::optional<size_t> Begin = byteOffsetOf(Text, Change.Range->first);
  std::optional<size_t> End = byteOffsetOf(Text, Change.Range->second);
  if (!Begin || !End || *End < *Begin)
    return false;
  Text.replace(*Begin, *End - *Begin, Change.Text);
  return true;
}

} // namespace cudalint
