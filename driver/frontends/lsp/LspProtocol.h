// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How cudalint's findings read in the Language Server Protocol: file URIs,
// positions in UTF-16 code units (the protocol's default), diagnostics with
// their notes as related information, and fix-its as quick-fix code actions.
#ifndef CUDALINT_DRIVER_LSPPROTOCOL_H
#define CUDALINT_DRIVER_LSPPROTOCOL_H

#include "Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace cudalint {

// "file:///home/a%20b/k.cu" for "/home/a b/k.cu".
std::string pathToUri(llvm::StringRef Path);
// The absolute path of a file:// URI; std::nullopt for any other URI.
std::optional<std::string> uriToPath(llvm::StringRef Uri);

// The UTF-16 code units of `LineText` before its 1-based byte `Column`.
unsigned utf16Column(llvm::StringRef LineText, unsigned Column);

// {"line": L, "character": C}, both 0-based, of a finding's 1-based point.
llvm::json::Object lspPosition(const SourcePoint &Point);

// The range a finding underlines: the identifier (or the one character) at
// its point.
llvm::json::Object lspRange(const SourcePoint &Point);

// A publishDiagnostics entry: severity warning (error when promoted),
// source "cudalint", code the check id, notes as related information.
llvm::json::Object lspDiagnostic(const Finding &Found);

// The quick fix applying `Found`'s fix-its, or std::nullopt when it has none.
std::optional<llvm::json::Object> lspQuickFix(const Finding &Found);

// Whether two LSP ranges share a position (a cursor touching one end counts).
bool lspRangesTouch(const llvm::json::Object &A, const llvm::json::Object &B);

} // namespace cudalint

#endif
