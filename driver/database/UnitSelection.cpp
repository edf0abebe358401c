// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/UnitSelection.h"

#include "database/CommandTranslation.h"
#include "database/CudaUnitScan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace cudalint {

std::string absolutePath(StringRef Path) {
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

namespace {

// Whether `Spelled`, the path an #include names, ends `File` at a path
// component.
bool namesFile(llvm::StringRef Spelled, llvm::StringRef File) {
  llvm::SmallString<128> Clean(Spelled);
  llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/true);
  llvm::StringRef Tail = Clean;
  return !Tail.empty() && File.ends_with(Tail) &&
         (File.size() == Tail.size() ||
          llvm::sys::path::is_separator(File[File.size() - Tail.size() - 1]));
}

std::optional<std::string> databasePath(const UnitRequest &Request) {
  if (!Request.BuildPath.empty()) {
    SmallString<256> Path(Request.BuildPath);
    if (sys::fs::is_directory(Path))
      sys::path::append(Path, "compile_commands.json");
    return std::string(Path);
  }
  if (!Request.Sources.empty())
    return findCompileDatabaseAbove(absolutePath(Request.Sources.front()));
  return std::nullopt;
}

// Every unit of the database that can hold a CUDA bug: the CUDA units and
// the C and C++ units, of which the run keeps those that include a CUDA
// header (CudaUnitScan.h) once their commands are translated.
void selectFromDatabase(const CompileDatabase &Database, UnitSelection &Selection) {
  for (const CompileCommand &Command : Database.Commands)
    if (unitLanguage(Command) != UnitLanguage::Other)
      Selection.Commands.push_back(Command);
  if (Selection.Commands.empty())
    Selection.Notices.push_back("'" + Database.Path + "' lists no CUDA, C or C++ units");
}

// The sources named on the command line, each with its database entries, or
// a unit that includes it (a header), or the entry of its closest neighbour,
// or default flags.
void selectSources(const UnitRequest &Request, const CompileDatabase &Database,
                   UnitSelection &Selection) {
  for (const std::string &Source : Request.Sources) {
    std::string File = absolutePath(Source);
    std::vector<const CompileCommand *> Matching = commandsForFile(Database, File);
    for (const CompileCommand *Command : Matching)
      Selection.Commands.push_back(*Command);
    if (!Matching.empty())
      continue;
    if (const CompileCommand *Including = includingCommand(Database, File)) {
      Selection.Notices.push_back("'" + Source + "' has no entry in '" + Database.Path +
                                  "'; analysed through '" + Including->File +
                                  "', which includes it (only its findings are shown)");
      Selection.Commands.push_back(*Including);
      Selection.Commands.back().ShownHeader = File;
    } else if (const CompileCommand *Closest = closestCommand(Database, File)) {
      Selection.Notices.push_back("'" + Source + "' has no entry in '" + Database.Path +
                                  "'; using the command of '" + Closest->File + "'");
      Selection.Commands.push_back(commandWithFile(*Closest, File));
    } else {
      Selection.Commands.push_back(commandFromFallbackFlags(File, {}));
    }
  }
}

} // namespace

const CompileCommand *includingCommand(const CompileDatabase &Database, llvm::StringRef File) {
  for (const CompileCommand &Command : Database.Commands)
    if (Command.File != File &&
        llvm::any_of(includedHeaders(Command.File),
                     [&](const std::string &Spelled) { return namesFile(Spelled, File); }))
      return &Command;
  return nullptr;
}

UnitSelection selectUnits(const UnitRequest &Request) {
  UnitSelection Selection;
  if (Request.HasFallbackFlags) {
    for (const std::string &Source : Request.Sources)
      Selection.Commands.push_back(
          commandFromFallbackFlags(absolutePath(Source), Request.FallbackFlags));
    return Selection;
  }
  std::optional<std::string> DatabasePath = databasePath(Request);
  if (!DatabasePath) {
    if (Request.Sources.empty()) {
      WithColor::error(errs(), "cudalint")
          << "no sources and no compile database; pass -p <build-path> or "
             "sources (see --help)\n";
      Selection.UsageError = true;
      return Selection;
    }
    Selection.Notices.push_back(
        "no compile_commands.json found above '" + Request.Sources.front() +
        "'; analysing with default flags (pass -p <build-path> or flags after --)");
    for (const std::string &Source : Request.Sources)
      Selection.Commands.push_back(commandFromFallbackFlags(absolutePath(Source), {}));
    return Selection;
  }

  CompileDatabase Database = loadCompileDatabase(*DatabasePath);
  for (const std::string &Problem : Database.Problems)
    Selection.Problems.push_back({Database.Path, Problem});
  if (!Database.Loaded) {
    Selection.UsageError = true;
    return Selection;
  }
  if (Request.Sources.empty())
    selectFromDatabase(Database, Selection);
  else
    selectSources(Request, Database, Selection);
  return Selection;
}

} // namespace cudalint
