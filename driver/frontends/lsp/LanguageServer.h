// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cudalint's language servers. `cudalint --lsp` serves cudalint's findings
// alone, beside clangd; `cudalint --clangd` (ClangdProxy.h) stands in
// front of clangd and merges them into clangd's. Both analyse a buffer as the
// user types (EditorAnalyses.h), reading the editor's text rather than
// the disk's, and offer fix-its as quick fixes.
#ifndef CUDALINT_DRIVER_LANGUAGESERVER_H
#define CUDALINT_DRIVER_LANGUAGESERVER_H

#include "config/Config.h"
#include "database/CommandTranslation.h"
#include "run/Analysis.h"
#include "run/WorkerPool.h"

#include <cstdio>
#include <optional>
#include <string>

namespace cudalint {

struct LanguageServerOptions {
  ConfigOverrides Overrides;        // the command line's --checks and the like
  std::optional<ConfigFile> Forced; // --config-file
  // -p / --compile-commands-dir; empty: looked up above each file as clangd
  // does, in each directory and its build/ subdirectory.
  std::string CompileCommandsDir;
  ToolchainSetup Toolchain;
  // The worker processes that analyse buffers, and the preamble directory
  // where the CUDA headers' PCH is kept, so that re-analysing a file after an
  // edit parses the file, not its headers. No executable: analyses run in
  // this process, uncancelled (the fuzz target's way).
  WorkerSettings Workers;
};

// Serves one editor over `In` and `Out` until it sends `exit` or closes `In`.
// Returns the process exit code the protocol asks for: 0 when `shutdown`
// came first, 1 otherwise.
int runLanguageServer(const LanguageServerOptions &Options, std::FILE *In, std::FILE *Out);

// The same on stdin and stdout. Anything else that writes to stdout (a
// library's stray message) goes to stderr instead, where it cannot break the
// protocol's framing. `Start` is what to tell the user once the session has
// begun (why clangd is not there, say); empty: nothing.
int runLanguageServerOnStdio(const LanguageServerOptions &Options, const std::string &Start = "");

// Where stdout's bytes go from now on (stderr), and the stream that reaches
// the editor instead; null when stdout cannot be duplicated.
std::FILE *takeStdoutForProtocol();

} // namespace cudalint

#endif
