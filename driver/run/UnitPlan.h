// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run: each selected unit with its settings and its command
// translated for clang; then the narrowing to the units this run analyses
// (--shard, --files-from, --changed-since).
#ifndef CUDALINT_DRIVER_UNITPLAN_H
#define CUDALINT_DRIVER_UNITPLAN_H

#include "config/UnitConfig.h"
#include "database/CommandTranslation.h"
#include "database/CompileDatabase.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class ResultCache;

// The command translated for commandToolkitToolchain,
// olderDeclarationsToolchain or olderCcclToolchain: what a unit is analysed
// with again when the installed toolkit's headers reject its host code
// (ProjectAnalysis).
struct OlderDeclarationsCommand {
  TranslatedCommand Translated;
  std::string Declarations; // "the CUDA 12.9 declarations bundled with cudalint"
  std::string Toolkit;      // the installed one's: "CUDA 13.0"
  std::string Evidence;     // olderToolkitEvidence
};

struct Unit {
  CompileCommand Command;
  TranslatedCommand Translated;
  // Tried in this order; none where the toolkit is not newer than them.
  std::vector<OlderDeclarationsCommand> OlderDeclarations;
  // The one of them the outcome names (UnitOutcome::OlderDeclarations).
  const OlderDeclarationsCommand *olderDeclarations(llvm::StringRef Named) const;
  const UnitSettings *Settings = nullptr;
};

// Notices on stderr, each distinct one once per run.
class Notices {
public:
  explicit Notices(bool Quiet) : Quiet(Quiet) {}
  void add(const std::string &Message);

private:
  bool Quiet;
  std::mutex Mutex;
  llvm::StringSet<> Seen;
};

// A unit with its settings and its command translated for clang, the
// settings' extra arguments added; `Verify` adds clang's -verify. What a
// run does for each unit it selects and the language server for each file
// it analyses.
Unit planUnit(CompileCommand Command, const UnitSettings &Settings, const ToolchainSetup &Toolchain,
              bool Verify);

// The units of `Commands` with their settings and translated commands;
// nullopt when a configuration file that applies is broken (reported).
// `Verify` adds clang's -verify to every command.
std::optional<std::vector<Unit>> planUnits(std::vector<CompileCommand> Commands,
                                           UnitConfigs &Configs, const ToolchainSetup &Toolchain,
                                           bool Verify, Notices &Notes);

struct CiNarrowing {
  std::string Shard;        // --shard=i/N, or empty
  std::string FilesFrom;    // --files-from, or empty
  std::string ChangedSince; // --changed-since, or empty
  std::string SourceRoot;   // absolute: where the listed files are relative to
  unsigned Jobs = 0;
  ResultCache *Cache = nullptr;
  // The options a unit is analysed with (its result cache key's).
  llvm::function_ref<const AnalysisOptions *(const Unit &)> OptionsOf;
};

// --shard, then --files-from and --changed-since: the units of `ToAnalyze`
// this run analyses. False on a usage error, already reported.
bool narrowForCi(const std::vector<Unit> &Units, std::vector<size_t> &ToAnalyze,
                 const CiNarrowing &Request, Notices &Notes);

} // namespace cudalint

#endif
