// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What an editor sends `cudalint --lsp`: Content-Length framing, JSON-RPC
// requests and notifications in any order, documents opened, changed, saved
// and closed. The server reads the input as its stdin and answers into a
// discarded stream; an opened CUDA document is analysed for real, against
// the bundled headers.
#include "FuzzTarget.h"

#include "frontends/lsp/LanguageServer.h"

#include <cstdio>

namespace cudalint::fuzz {

int lsp(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0; // fmemopen refuses an empty buffer
  std::FILE *In = fmemopen(const_cast<uint8_t *>(Data), Size, "r");
  std::FILE *Out = std::fopen("/dev/null", "w");
  if (!In || !Out)
    std::abort();
  LanguageServerOptions Options;
  Options.CompileCommandsDir = "/nonexistent/cudalint-fuzz";
  Options.Toolchain.ResourceDir = CUDALINT_CLANG_RESOURCE_DIR;
  Options.Toolchain.BundledCudaInclude = CUDALINT_SOURCE_BUNDLED_CUDA;
  int ExitCode = runLanguageServer(Options, In, Out);
  require(ExitCode == 0 || ExitCode == 1);
  std::fclose(In);
  std::fclose(Out);
  return 0;
}

} // namespace cudalint::fuzz
