// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An editor's buffer as the Language Server Protocol changes it: whole texts,
// or ranges replaced (incremental sync, which clangd asks editors for), with
// positions in UTF-16 code units as the protocol counts them.
#ifndef CUDALINT_DRIVER_TEXTEDITS_H
#define CUDALINT_DRIVER_TEXTEDITS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

// 0-based line; 0-based character in UTF-16 code units.
struct TextPosition {
  unsigned Line = 0;
  unsigned Character = 0;
};

struct TextChange {
  // The text replaced; none: `Text` is the whole buffer.
  std::optional<std::pair<TextPosition, TextPosition>> Range;
  std::string Text;
};

// The byte offset of `Position` in `Text`. A character past the end of its
// line means the line's end, as the protocol says; a line past the last one
// has no offset.
std::optional<size_t> byteOffsetOf(llvm::StringRef Text, TextPosition Position);

// Applies `Change` to `Text`; false, and `Text` untouched, when its range is
// not in the text or ends before it starts.
bool applyTextChange(std::string &Text, const TextChange &Change);

} // namespace cudalint

#endif
