// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// `cudalint --clangd`: clangd with cudalint inside, for every editor that
// already runs clangd. clangd cannot load checks from outside LLVM
// (clangd/clangd#1458), so cudalint stands in front of it instead: it starts
// the real clangd with every argument it was given, passes each message both
// ways byte for byte, and adds cudalint's own findings to clangd's
// textDocument/publishDiagnostics of the same document and its quick fixes to
// clangd's textDocument/codeAction answers. clangd's completion, navigation,
// diagnostics, `.clangd` and flags are untouched. The user points the editor's
// clangd path at `cudalint-clangd` (or runs `cudalint --clangd ...`) and
// changes nothing else.
#ifndef CUDALINT_DRIVER_CLANGDPROXY_H
#define CUDALINT_DRIVER_CLANGDPROXY_H

#include "frontends/lsp/LanguageServer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct ClangdProxyOptions {
  LanguageServerOptions Server;
  std::string ClangdPath;                   // --clangd-path; empty: looked up
  std::vector<std::string> ClangdArguments; // all of them clangd's
  std::string OwnExecutable;                // never taken for clangd
};

// The clangd to run: `Given`, else the first of clangd-22, clangd on PATH
// that is not cudalint itself (a `clangd` link to cudalint-clangd must not
// start itself). std::nullopt, and `Why` said, when there is none.
std::optional<std::string> findClangd(llvm::StringRef Given, llvm::StringRef OwnExecutable,
                                      std::string &Why);

// Whether clangd's arguments ask for something other than a language server
// on stdin and stdout (--version, --help, --check): clangd itself answers
// those, with cudalint out of the way.
bool clangdRunsAlone(llvm::ArrayRef<std::string> ClangdArguments);

// Serves the editor on stdin and stdout until it sends `exit`. Without a
// clangd, serves cudalint's findings alone (`--lsp`) and tells the user once.
int runClangdProxy(const ClangdProxyOptions &Options);

} // namespace cudalint

#endif
