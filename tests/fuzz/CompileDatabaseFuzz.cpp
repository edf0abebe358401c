// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// compile_commands.json as CMake, bear or a hand writes it: JSON, `command`
// strings with shell quoting, `arguments` arrays.
#include "FuzzTarget.h"

#include "database/CompileDatabase.h"

#include "llvm/Support/Path.h"

namespace cudalint::fuzz {

int compile_database(const uint8_t *Data, size_t Size) {
  // A folder that does not exist: response files and relative paths resolve
  // against it and read nothing.
  CompileDatabase Database =
      parseCompileDatabase(asText(Data, Size), "/nonexistent/cudalint-fuzz/compile_commands.json");
  require(Database.Loaded || Database.Commands.empty());
  for (const CompileCommand &Command : Database.Commands) {
    require(llvm::sys::path::is_absolute(Command.Directory));
    require(llvm::sys::path::is_absolute(Command.File));
    size_t Compiler = compilerIndex(Command.Arguments);
    require(Compiler <= Command.Arguments.size());
    if (Compiler < Command.Arguments.size())
      (void)compilerKind(Command.Arguments[Compiler]);
    (void)isCudaUnit(Command);
    (void)unitLanguage(Command);
    require(!commandsForFile(Database, Command.File).empty());
  }
  const CompileCommand *Closest = closestCommand(Database, "/nonexistent/cudalint-fuzz/a.cuh");
  require((Closest == nullptr) == Database.Commands.empty());
  return 0;
}

} // namespace cudalint::fuzz
