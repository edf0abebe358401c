// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A unit's command as nvcc, clang or gcc was given it, turned into clang's:
// the first line of the input is the `command` string of one database entry
// (shell quoting, nvcc's -Xcompiler lists, -gencode values, --options-file),
// the rest the text of the response file `args.rsp` beside it.
#include "FuzzTarget.h"

#include "database/CommandTranslation.h"
#include "database/CompileDatabase.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cudalint::fuzz {

namespace {

// Where the response file is written: one directory for the process, removed
// when it exits (the corpus runs leave nothing in the temporary directory).
class ScratchDirectory {
public:
  ScratchDirectory() {
    llvm::SmallString<128> Created;
    if (llvm::sys::fs::createUniqueDirectory("cudalint-fuzz-command", Created))
      std::abort();
    Path = std::string(Created);
  }
  ~ScratchDirectory() { llvm::sys::fs::remove_directories(Path); }
  ScratchDirectory(const ScratchDirectory &) = delete;
  ScratchDirectory &operator=(const ScratchDirectory &) = delete;
  std::string Path;
};

const std::string &scratchDirectory() {
  static const ScratchDirectory Directory;
  return Directory.Path;
}

ToolchainSetup toolchain(bool WithToolkit) {
  ToolchainSetup Toolchain;
  Toolchain.ResourceDir = CUDALINT_CLANG_RESOURCE_DIR;
  if (WithToolkit)
    Toolchain.CudaPath = "/usr/local/cuda";
  Toolchain.BundledCudaInclude = CUDALINT_SOURCE_BUNDLED_CUDA;
  Toolchain.NvccCompatHeader = "/nonexistent/cudalint_nvcc_host_math.h";
  return Toolchain;
}

} // namespace

int command_translation(const uint8_t *Data, size_t Size) {
  auto [CommandLine, ResponseFile] = asText(Data, Size).split('\n');
  const std::string &Directory = scratchDirectory();
  {
    std::error_code Error;
    llvm::raw_fd_ostream Out(Directory + "/args.rsp", Error);
    if (Error)
      std::abort();
    Out << ResponseFile;
  }
  llvm::json::Array Entries;
  Entries.push_back(llvm::json::Object{
      {"directory", Directory}, {"file", "unit.cu"}, {"command", CommandLine.str()}});
  std::string Json;
  llvm::raw_string_ostream(Json) << llvm::json::Value(std::move(Entries));
  CompileDatabase Database = parseCompileDatabase(Json, Directory + "/compile_commands.json");
  for (const CompileCommand &Command : Database.Commands) {
    for (bool WithToolkit : {false, true}) {
      TranslatedCommand Translated = translateCompileCommand(Command, toolchain(WithToolkit));
      // Stage 3 parses the last argument as the unit's source.
      require(!Translated.Arguments.empty());
      require(Translated.Arguments.back() == Command.File);
    }
    CompileCommand Fallback = commandFromFallbackFlags(Command.File, Command.Arguments);
    require(!translateCompileCommand(Fallback, toolchain(false)).Arguments.empty());
  }
  return 0;
}

} // namespace cudalint::fuzz
