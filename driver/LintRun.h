// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A run of cudalint, every stage in order, from the options the command line
// gave (main.cpp parses them; nothing here reads them). One unit's way from
// the compile database to the report, one file a stage:
//   1. database/UnitSelection  the sources named, or every database unit that
//      can hold a CUDA bug (database/CudaUnitScan for C and C++ units)
//   2. run/UnitPlan            each unit's settings (config/UnitConfig) and
//      its command translated for clang (database/CommandTranslation);
//      --shard and diff mode narrow the list
//   3. run/ProjectAnalysis     each unit analysed (run/Analysis) in a worker
//      process (run/WorkerPool), with the precompiled CUDA headers
//      (run/Preamble) and the result cache (run/ResultCache); with summaries,
//      calls from one unit into functions another defines are modelled
//   4. report/ReportStage      the findings collected, sorted and written as
//      text, JSON or SARIF; report/Baseline, then --export-fixes and --fix
//      (report/FixStage)
// The language server (frontends/lsp/EditorAnalyses) runs stages 2 and 3 for
// one file at a time, with the same per-unit functions (planUnit, the
// worker pool).
#ifndef CUDALINT_DRIVER_LINTRUN_H
#define CUDALINT_DRIVER_LINTRUN_H

#include "config/UnitConfig.h"
#include "database/CommandTranslation.h"
#include "report/Baseline.h"
#include "report/FixStage.h"
#include "report/ReportStage.h"
#include "run/UnitPlan.h"
#include "run/WorkerPool.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

class ProjectAnalysis;
class ResultCache;

constexpr int ExitClean = 0;
constexpr int ExitFindings = 1;
constexpr int ExitError = 2;

// Everything a run is told; main.cpp's options, one field each.
struct LintOptions {
  // Stage 1: what to analyse.
  std::vector<std::string> Sources;
  std::string BuildPath;                  // -p: the database, or the directory holding it
  std::vector<std::string> FallbackFlags; // after `--`
  bool HasFallbackFlags = false;
  // Stage 2: how each unit is configured and compiled.
  ConfigOverrides Overrides;
  std::optional<ConfigFile> ForcedConfig; // --config-file
  std::optional<std::string> ChecksFlag;  // --checks, as given
  std::string CudaPath;                   // --cuda-path: a toolkit, "none", or empty
  std::string Executable;                 // cudalint itself: its data is found beside it
  bool Verify = false;
  std::string Shard, FilesFrom, ChangedSince;
  std::string SourceRoot; // empty: the current directory (see sourceRoot())
  // Stage 3: how the units are analysed.
  unsigned Jobs = 0; // 0: all cores
  unsigned UnitTimeoutSeconds = 600;
  unsigned UnitMemoryLimitMiB = 0;
  bool CrossUnitSummaries = true;
  bool CrossUnitSummariesNamed = false; // given on the command line
  std::string PreambleDir;              // a directory, "none", or empty
  std::string CacheDir;
  bool Verbose = false;
  // Stage 4: what becomes of the findings.
  std::string OutputFile;
  ReportFormat Format = ReportFormat::Text;
  std::optional<bool> Color;
  std::string BaselineFile, WriteBaselineFile, ExportFixes;
  bool Fix = false;
  bool Quiet = false;
};

// The toolchain units are translated for: the toolkit --cuda-path names (or
// clang finds), else the headers bundled beside `Executable`. nullopt when
// neither can serve (said).
std::optional<ToolchainSetup> toolchainSetup(const std::string &CudaPath,
                                             const std::string &Executable);

// What every worker of a run (or of the language server, `Server`) is told
// besides its unit, and the preamble directory the run keeps for itself
// when the options name none that lasts: removed with this object.
class RunWorkers {
public:
  RunWorkers(const LintOptions &Options, bool Server);
  RunWorkers(const RunWorkers &) = delete;
  RunWorkers &operator=(const RunWorkers &) = delete;
  ~RunWorkers();

  const WorkerSettings &settings() const { return Settings; }
  // The preamble directory outlives the run (--preamble-dir, --cache-dir).
  bool lastingPreambles() const { return Lasting; }

private:
  WorkerSettings Settings;
  bool Lasting = false;
  std::string OwnDirectory;
};

class LintRun {
public:
  explicit LintRun(LintOptions Options);

  // --verify-config: the configuration files that apply to the sources (or
  // the database's units, or the current directory), and the command
  // line's own values; ExitError when any has a problem (said).
  int verifyConfiguration();

  // The settings of the first source, or of the current directory: what
  // --list-checks and --dump-config describe. nullptr when a configuration
  // file that applies is broken (said).
  const UnitSettings *firstSettings();

  // Stages 1 to 4; the exit code.
  int run();

private:
  std::optional<std::vector<Unit>> selectAndPlan(const ToolchainSetup &Toolchain,
                                                 RunReport &Report);
  std::optional<std::vector<size_t>> unitsWithChecks(const std::vector<Unit> &Units);
  void noteCacheUse(const ResultCache &Cache, const std::vector<size_t> &ToAnalyze,
                    const std::vector<UnitOutcome> &Outcomes);
  // --write-baseline; false when the file cannot be written (said).
  bool writeBaseline(const RunReport &Report, size_t FailedUnits);
  // --baseline: the findings it holds are not shown (a notice counts them).
  void dropBaselined(RunReport &Report, const std::set<Fingerprint> &Baseline);
  // --fix: the fix-its of the reported findings applied, and the units
  // concerned analysed again; how many reported findings remain. `Problem`:
  // a file could not be written or no longer parses.
  size_t fixFindings(const RunReport &Report, const std::vector<UnitFinding> &Shown,
                     const std::vector<Unit> &Units, const std::vector<UnitOutcome> &Outcomes,
                     SourceTexts &Texts, ProjectAnalysis &Analysis, bool &Problem);
  // Where the listed changed files and SARIF's URIs are relative to.
  std::string sourceRoot() const;
  ReportDestination destination();

  LintOptions Options;
  Notices Notes;
  UnitConfigs Configs;
  std::optional<const UnitSettings *> First;
};

} // namespace cudalint

#endif
