// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 1 of a run: which units to analyse. The sources named on the command
// line, or every unit of the compile database that can hold a CUDA bug (its
// CUDA, C and C++ units, narrowed by CudaUnitScan.h to those that use CUDA);
// then the CI narrowing (--shard, --files-from, --changed-since).
#ifndef CUDALINT_DRIVER_UNITSELECTION_H
#define CUDALINT_DRIVER_UNITSELECTION_H

#include "database/CompileDatabase.h"
#include "report/Output.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct UnitRequest {
  std::vector<std::string> Sources; // as given on the command line
  std::string BuildPath;            // -p: a directory or compile_commands.json
  // Flags after `--`: the sources are compiled with these, no database.
  std::vector<std::string> FallbackFlags;
  bool HasFallbackFlags = false;
};

struct UnitSelection {
  std::vector<CompileCommand> Commands;
  std::vector<RunProblem> Problems; // the database's, phrased for the user
  std::vector<std::string> Notices;
  bool UsageError = false; // already reported on stderr
};

UnitSelection selectUnits(const UnitRequest &Request);

// An absolute path with dots removed.
std::string absolutePath(llvm::StringRef Path);

// A file with no command of its own (a header, a .cu another file includes)
// is linted through a unit that includes it, so that its templates are
// instantiated as the program instantiates them: the first entry, in the
// database's order, whose main file includes it by a path that names it
// (`#include "cg_solve.hpp"`, `#include <solver/cg_solve.hpp>`); nullptr
// when none does. Only the main files' own #include lines are read.
const CompileCommand *includingCommand(const CompileDatabase &Database, llvm::StringRef File);

} // namespace cudalint

#endif
