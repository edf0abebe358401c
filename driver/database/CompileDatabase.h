// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 1 of a run: read compile_commands.json as real projects write it. A
// malformed entry is reported and skipped; the other entries still load.
#ifndef CUDALINT_DRIVER_COMPILEDATABASE_H
#define CUDALINT_DRIVER_COMPILEDATABASE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct CompileCommand {
  std::string Directory;              // absolute
  std::string File;                   // absolute, dots removed
  std::vector<std::string> Arguments; // argv, argv[0] the compiler as written
  // A header linted through this unit, which includes it: only the findings
  // in the header are shown (includingCommand, UnitSelection.h). Empty for a
  // unit linted as itself.
  std::string ShownHeader;
};

struct CompileDatabase {
  std::string Path; // the compile_commands.json read
  std::vector<CompileCommand> Commands;
  // One line per entry or file problem, already phrased for the user:
  // "compile_commands.json: entry 3: no 'file' field; skipped".
  std::vector<std::string> Problems;
  // False when the file could not be read or is not a JSON array at all.
  bool Loaded = false;
};

CompileDatabase loadCompileDatabase(llvm::StringRef JsonPath);

// The same for the text of a database at `JsonPath`, whose directory
// relative paths are taken from.
CompileDatabase parseCompileDatabase(llvm::StringRef Text, llvm::StringRef JsonPath);

// clang-tidy's lookup: `compile_commands.json` in the directory of `Source`
// or any of its parents.
std::optional<std::string> findCompileDatabaseAbove(llvm::StringRef Source);

// The commands whose file is `File` (absolute); several when a file is built
// in more than one configuration.
std::vector<const CompileCommand *> commandsForFile(const CompileDatabase &Database,
                                                    llvm::StringRef File);

// A file with no command of its own (a header) borrows the command of the
// entry whose path shares the longest prefix with it, as clang's
// interpolating database does; nullptr when the database lists nothing.
const CompileCommand *closestCommand(const CompileDatabase &Database, llvm::StringRef File);

// `Command` compiling `File` (absolute) instead of its own file.
CompileCommand commandWithFile(CompileCommand Command, const std::string &File);

// Whether a unit is CUDA: by its extension (.cu, .cuh) or because its command
// compiles it as CUDA (nvcc, `-x cu`, `-x cuda`).
bool isCudaUnit(const CompileCommand &Command);

// The language a unit is compiled in, as its compiler picks it: the last
// `-x`, else the file's extension; a .c file is C unless a C++ driver (g++,
// clang++, c++) compiles it. Other: assembler, Objective-C, a header.
enum class UnitLanguage { Cuda, C, Cxx, Other };
UnitLanguage unitLanguage(const CompileCommand &Command);

enum class CompilerKind { Nvcc, Clang, Gcc, Unknown };

// By the program's base name: "/usr/local/cuda/bin/nvcc", "clang++-22",
// "x86_64-linux-gnu-g++-12", "cc".
CompilerKind compilerKind(llvm::StringRef Program);

// The index of the compiler in `Arguments`, past launchers such as ccache,
// sccache or distcc; Arguments.size() when only a launcher is there.
size_t compilerIndex(const std::vector<std::string> &Arguments);

} // namespace cudalint

#endif
