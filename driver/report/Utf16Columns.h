// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 4 of a run (and the language server): columns in UTF-16 code units, as
// SARIF (columnKind utf16CodeUnits) and the Language Server Protocol count
// them, from and to clang's byte columns. Bytes that are not well-formed UTF-8
// count one unit each, so that every byte column has a UTF-16 column and back.
#ifndef CUDALINT_DRIVER_UTF16COLUMNS_H
#define CUDALINT_DRIVER_UTF16COLUMNS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace cudalint {

// The UTF-16 code units in the first `Bytes` bytes of `Line`; bytes past the
// end of the line count one unit each.
unsigned utf16Units(llvm::StringRef Line, size_t Bytes);

// The byte offset in `Line` after its first `Units` UTF-16 code units: the
// inverse of utf16Units. Units past the end of the line count one byte each.
size_t bytesForUtf16Units(llvm::StringRef Line, unsigned Units);

} // namespace cudalint

#endif
