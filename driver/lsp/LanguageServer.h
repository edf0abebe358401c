// `cudalint --lsp`: a language server for editors, beside clangd (which cannot
// load out-of-tree checks). It analyses a file when the editor opens or saves
// it, reading the editor's text rather than the disk's, and publishes the
// findings as diagnostics, their fix-its as quick fixes.
#ifndef CUDALINT_DRIVER_LANGUAGESERVER_H
#define CUDALINT_DRIVER_LANGUAGESERVER_H

#include "database/CommandTranslation.h"
#include "run/Analysis.h"
#include "config/Config.h"

#include <cstdio>
#include <optional>
#include <string>

namespace cudalint {

struct LanguageServerOptions {
  ConfigOverrides Overrides;       // the command line's --checks and the like
  std::optional<ConfigFile> Forced; // --config-file
  // -p / --compile-commands-dir; empty: looked up above each file as clangd
  // does, in each directory and its build/ subdirectory.
  std::string CompileCommandsDir;
  ToolchainSetup Toolchain;
  // Where the CUDA headers' PCH is kept, so that re-analysing a file after
  // an edit parses the file, not its headers.
  AnalysisEnvironment Environment;
};

// Serves one editor over `In` and `Out` until it sends `exit` or closes `In`.
// Returns the process exit code the protocol asks for: 0 when `shutdown`
// came first, 1 otherwise.
int runLanguageServer(const LanguageServerOptions &Options, std::FILE *In, std::FILE *Out);

// The same on stdin and stdout. Anything else that writes to stdout (a
// library's stray message) goes to stderr instead, where it cannot break the
// protocol's framing.
int runLanguageServerOnStdio(const LanguageServerOptions &Options);

} // namespace cudalint

#endif
