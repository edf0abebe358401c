// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cudalint's command line, in clang-tidy's conventions. A run follows each
// unit from the compile database to the report, one folder a stage:
//   1. database/UnitSelection  the sources named, or every database unit that
//      can hold a CUDA bug (database/CudaUnitScan for C and C++ units)
//   2. run/UnitPlan            each unit's settings (config/) and its command
//      translated for clang (database/CommandTranslation); --shard and diff
//      mode narrow the list
//   3. run/WorkerPool          each unit analysed (run/Analysis) in a
//      worker process, with the precompiled CUDA headers (run/Preamble) and
//      the result cache (run/ResultCache); with --cross-unit-summaries the
//      same parse summarises what the unit's functions do, for the calls
//      from one unit into another (checks/ProjectFunctions), and the units
//      those summaries tell more of are analysed again with them
//   4. report/                 the findings sorted, baselined, printed as
//      text, JSON or SARIF; then --export-fixes and --fix (report/FixStage)
// --merge, --lsp and --analysis-worker leave this path at the start;
// `cudalint doctor` (doctor/) is a command of its own, with its own options.
#include "ArchCoverageCheck.h"
#include "CheckRegistry.h"
#include "ProjectFunctions.h"
#include "config/Config.h"
#include "config/GlobList.h"
#include "config/UnitConfig.h"
#include "database/ChangedFiles.h"
#include "database/CommandTranslation.h"
#include "database/CompileDatabase.h"
#include "database/CudaToolkit.h"
#include "database/CudaUnitScan.h"
#include "database/Shard.h"
#include "database/UnitSelection.h"
#include "doctor/Doctor.h"
#include "lsp/ClangdProxy.h"
#include "lsp/LanguageServer.h"
#include "report/Baseline.h"
#include "report/FixStage.h"
#include "report/Fixes.h"
#include "report/Output.h"
#include "report/ReportMerge.h"
#include "run/Analysis.h"
#include "run/Preamble.h"
#include "run/ResultCache.h"
#include "run/UnitPlan.h"
#include "run/WorkerPool.h"
#include "support/GpuProbe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <set>

using namespace llvm;

namespace cudalint {
namespace {

cl::OptionCategory Category("cudalint options");

cl::list<std::string> Sources(cl::Positional, cl::desc("<source>..."), cl::cat(Category));
cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory holding compile_commands.json (or the file "
                       "itself). Without it, the parents of the first source are "
                       "searched, as clang-tidy does."),
              cl::value_desc("build-path"), cl::cat(Category));
cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks to run; '-' removes: "
                    "'-*,cuda-alloc-pointer-arg'. Appended to the configuration's "
                    "Checks (default: all cuda-* checks), so the last matching glob "
                    "decides."),
           cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the checks enabled for the first source (or the "
                                  "current directory) and exit."),
                         cl::cat(Category));
enum class Format { Text, Sarif, Json };
cl::opt<Format>
    OutputFormat("format", cl::desc("Output format:"),
                 cl::values(clEnumValN(Format::Text, "text", "clang's diagnostic format (default)"),
                            clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0, for code scanning"),
                            clEnumValN(Format::Json, "json", "cudalint's JSON, for scripts")),
                 cl::init(Format::Text), cl::cat(Category));
cl::opt<std::string> OutputFile("output", cl::desc("Write the report to <file> instead of stdout."),
                                cl::value_desc("file"), cl::cat(Category));
cl::alias OutputFileShort("o", cl::aliasopt(OutputFile), cl::desc("Alias for --output"));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Units analysed at once, each in a worker process of its own "
                                "(default: all cores)."),
                       cl::Prefix, cl::init(0), cl::cat(Category));
cl::opt<unsigned>
    UnitTimeout("unit-timeout",
                cl::desc("Stop the analysis of a unit after this many seconds and report it as not "
                         "analysed (0: no limit; default 600)."),
                cl::value_desc("seconds"), cl::init(600), cl::cat(Category));
cl::opt<unsigned> UnitMemoryLimit(
    "unit-memory-limit",
    cl::desc("Memory a unit's worker may allocate, in MiB; past it the unit is reported as "
             "out of memory (0: no limit, the default)."),
    cl::value_desc("MiB"), cl::init(0), cl::cat(Category));
cl::opt<bool> CrossUnitSummaries(
    "cross-unit-summaries",
    cl::desc("Model calls from one unit of the database into functions another "
             "defines: each unit's analysis also summarises what its functions do with "
             "CUDA memory and launch errors, and a unit that calls or defines a function "
             "the other units' summaries tell more of is analysed again with them "
             "(default: on for a run over more than one unit; =false to skip it)."),
    cl::init(true), cl::cat(Category));
cl::opt<std::string> PreambleDir(
    "preamble-dir",
    cl::desc("Keep the precompiled CUDA headers, and each unit's own precompiled "
             "headers, in <dir> and reuse them across runs (default: <cache-dir>/preambles "
             "with --cache-dir, else a directory of the run's own, where only the CUDA "
             "headers are precompiled, once for its units); 'none' parses them in every "
             "unit."),
    cl::value_desc("dir|none"), cl::cat(Category));
cl::opt<bool>
    Verbose("verbose",
            cl::desc("Print, for each unit, the clang command it was translated to, the time spent "
                     "parsing and analysing, and every function where the analyzer gave up; the "
                     "reports carry the timings too (which makes them differ from run to run)."),
            cl::cat(Category));
cl::opt<bool> AnalysisWorker("analysis-worker", cl::Hidden,
                             cl::desc("Analyse the unit of the request on stdin, or in the "
                                      "named pipe given as source (internal)."));
cl::opt<int> WorkerRunPid("run-pid", cl::Hidden, cl::init(0),
                          cl::desc("The pid of the run that started this worker (internal)."));
cl::opt<std::string>
    WarningsAsErrors("warnings-as-errors",
                     cl::desc("Globs of checks whose findings are reported as errors; appended to "
                              "the configuration's WarningsAsErrors."),
                     cl::cat(Category));
cl::opt<std::string>
    HeaderFilter("header-filter",
                 cl::desc("Regular expression matched against headers (not main files) for "
                          "which findings are shown; overrides HeaderFilterRegex. Default: all "
                          "non-system headers."),
                 cl::cat(Category));
cl::opt<std::string>
    UnitsOption("units",
                cl::desc("Without sources, the database units analysed: 'cuda-api' (default) the "
                         "CUDA units and the C and C++ units that include a CUDA header, 'cuda' "
                         "the CUDA units alone; overrides Units."),
                cl::value_desc("cuda|cuda-api"), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("Print no summary and no notices on stderr."),
                    cl::cat(Category));
cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("CUDA Toolkit to parse against, or 'none' for the CUDA headers "
                      "bundled with cudalint. Default: found as clang finds it."),
             cl::value_desc("dir|none"), cl::cat(Category));
cl::list<std::string> CheckOptionList("check-option",
                                      cl::desc("Set a check option: <check-id>.<Option>=<value>."),
                                      cl::value_desc("check.Option=value"), cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Additional argument to append to each unit's command."),
                                cl::cat(Category));
cl::list<std::string>
    ExtraArgsBefore("extra-arg-before",
                    cl::desc("Additional argument to prepend to each unit's command."),
                    cl::cat(Category));
cl::list<std::string> TargetGpuList(
    "target-gpu", cl::CommaSeparated, cl::value_desc("sm_90,sm_120"),
    cl::desc("The GPUs the program must run on, for cuda-arch-coverage (overrides\n"
             "TargetGpus in .cudalint.yaml; without either, the GPUs of this machine)."),
    cl::cat(Category));

cl::opt<std::string>
    SourceRoot("source-root",
               cl::desc("Directory that SARIF file URIs are made relative to (default: the "
                        "current directory)."),
               cl::cat(Category));
cl::opt<cl::boolOrDefault> UseColor("use-color",
                                    cl::desc("Colour the text output (default: when "
                                             "stdout is a terminal)."),
                                    cl::cat(Category));
cl::opt<std::string>
    ConfigFilePath("config-file",
                   cl::desc("Use this configuration file for every unit instead of the "
                            ".cudalint.yaml files found above each one."),
                   cl::value_desc("path"), cl::cat(Category));
cl::opt<bool>
    DumpConfig("dump-config",
               cl::desc("Print the effective configuration of the first source (or the current "
                        "directory) as YAML, with every enabled check's options, and exit."),
               cl::cat(Category));
cl::opt<bool>
    VerifyConfig("verify-config",
                 cl::desc("Check the configuration files that apply (and the command line's "
                          "check globs and options) for unknown keys, checks and options, and "
                          "exit: 0 when there are none, 2 otherwise."),
                 cl::cat(Category));
cl::opt<std::string>
    BaselineFile("baseline",
                 cl::desc("Report only the findings that are not in this baseline file (written "
                          "by --write-baseline)."),
                 cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    WriteBaselineFile("write-baseline",
                      cl::desc("Record this run's findings in a baseline file, for --baseline."),
                      cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the findings and their fix-its as YAML for "
                                          "clang-apply-replacements, as clang-tidy does."),
                                 cl::value_desc("file.yaml"), cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the fix-its of the reported findings, then analyse the "
                           "fixed units again to confirm."),
                  cl::cat(Category));
cl::opt<bool>
    LanguageServer("lsp",
                   cl::desc("Serve the Language Server Protocol on stdin and stdout, for editors "
                            "(see docs/editors.md). -p, --checks, --config-file, --cuda-path and "
                            "--extra-arg apply to every file."),
                   cl::cat(Category));
// Documents the mode that run() takes apart before any option is parsed.
cl::opt<bool> ClangdMode(
    "clangd",
    cl::desc("Be clangd with cudalint inside (first argument only; or run as "
             "cudalint-clangd): every later argument is clangd's, but --clangd-path=<clangd> "
             "and --cudalint-<option>, which is cudalint's --<option>. Point the editor's "
             "clangd path at it (see docs/editors.md)."),
    cl::cat(Category));
cl::alias CompileCommandsDir("compile-commands-dir", cl::aliasopt(BuildPath),
                             cl::desc("Alias for -p, as clangd spells it"));
cl::opt<std::string>
    ShardOption("shard",
                cl::desc("Analyse only the i-th of N shards (i from 1): the distinct source files "
                         "sorted by path, the k-th (from 0) in shard k % N + 1. Merge the shards' "
                         "reports with --merge."),
                cl::value_desc("i/N"), cl::cat(Category));
cl::opt<bool>
    Merge("merge",
          cl::desc("Merge the SARIF or JSON reports given as sources (the shards of one run) "
                   "into the report an unsharded run writes, to --output or stdout; exits as "
                   "that run would."),
          cl::cat(Category));
cl::opt<std::string>
    FilesFrom("files-from",
              cl::desc("Analyse only the units that are, or read, one of the changed files "
                       "listed in <file> ('-': stdin), one a line, relative to --source-root or "
                       "the current directory."),
              cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    ChangedSince("changed-since",
                 cl::desc("Analyse only the units that are, or read, a file changed since this git "
                          "revision (git diff --name-only <rev>, and untracked files), in the "
                          "repository of --source-root or the current directory."),
                 cl::value_desc("git-rev"), cl::cat(Category));
cl::opt<std::string>
    CacheDir("cache-dir",
             cl::desc("Keep each unit's findings in <dir> and reuse them while every file the "
                      "unit read, its command, the checks and options, and cudalint are "
                      "unchanged. Default: no cache."),
             cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> Verify("verify",
                     cl::desc("Check the findings against the expected-warning "
                              "comments in each source (clang's -verify); for "
                              "cudalint's own annotated tests."),
                     cl::cat(Category), cl::Hidden);

cl::extrahelp Examples(R"(
Examples:
  cudalint -p build                       lint every unit of build/compile_commands.json that calls CUDA
  cudalint -p build src/kernels.cu        lint one unit of the database
  cudalint src/a.cu -- -std=c++17 -Iinc   lint without a database, with these flags
  cudalint -p build --checks='-*,cuda-alloc-pointer-arg' --format=sarif -o cudalint.sarif
  cudalint -p build --shard=2/3 --format=sarif -o shard-2.sarif   (one CI job of three)
  cudalint --merge -o cudalint.sarif shard-1.sarif shard-2.sarif shard-3.sarif
  cudalint -p build --changed-since=origin/main --cache-dir=.cudalint-cache

Configuration:
  .cudalint.yaml files are found above each source, as clang-tidy finds
  .clang-tidy; see --dump-config, --verify-config and docs/configuration.md.

CI: sharding, diff mode and the cache are described in docs/ci.md.

Exit codes:
  0  no findings
  1  findings
  2  usage or configuration error, or a unit that could not be analysed
     (the findings of every other unit are still written)
)");

constexpr int ExitClean = 0;
constexpr int ExitFindings = 1;
constexpr int ExitError = 2;

std::string absolute(StringRef Path) {
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

bool parseCheckOptions(CheckOptionMap &Options) {
  for (const std::string &Setting : CheckOptionList) {
    auto [Key, Value] = StringRef(Setting).split('=');
    if (Key.empty() || !Key.contains('.') || !StringRef(Setting).contains('=')) {
      WithColor::error(errs(), "cudalint")
          << "--check-option expects <check-id>.<Option>=<value>, got '" << Setting << "'\n";
      return false;
    }
    Options[Key.trim().str()] = Value.trim().str();
  }
  return true;
}

UnitRequest unitRequest(const std::vector<std::string> &FallbackFlags, bool HasFallbackFlags) {
  return {std::vector<std::string>(Sources.begin(), Sources.end()), BuildPath, FallbackFlags,
          HasFallbackFlags};
}

UnitSelection selectUnits(const std::vector<std::string> &FallbackFlags, bool HasFallbackFlags,
                          Notices &Notes) {
  UnitSelection Selection = cudalint::selectUnits(unitRequest(FallbackFlags, HasFallbackFlags));
  for (const std::string &Notice : Selection.Notices)
    Notes.add(Notice);
  return Selection;
}

bool isShownFile(const Finding &Found, const CompileCommand &Unit, const StringSet<> &MainFiles,
                 const Regex &Headers) {
  if (!Unit.ShownHeader.empty())
    return Found.Where.File == Unit.ShownHeader;
  return MainFiles.contains(Found.Where.File) || Headers.match(Found.Where.File);
}

// Configuration problems as compilers print theirs: "file:3:5: error: ...".
void reportConfigDiagnostic(const ConfigDiagnostic &Problem, bool IsError) {
  std::string Where = Problem.File;
  if (Problem.Line)
    Where += ":" + std::to_string(Problem.Line) + ":" + std::to_string(Problem.Column);
  (IsError ? WithColor::error(errs(), Where) : WithColor::warning(errs(), Where))
      << Problem.Message << "\n";
}

// cuda-arch-coverage needs to know the GPUs the program must run on; where a
// unit names its architectures and nothing names a GPU, say so once.
void noteUnknownTargetGpus(const std::vector<Unit> &Units, const std::vector<size_t> &ToAnalyze,
                           Notices &Notes) {
  for (size_t I : ToAnalyze) {
    const UnitSettings &Settings = *Units[I].Settings;
    if (Settings.Config.TargetGpus.empty() &&
        llvm::any_of(
            Settings.Analysis.Checks,
            [](const CheckDescription *Check) { return Check->Id == ArchCoverageCheck::Id; }) &&
        !gpuTargetsOf(Units[I].Translated.Arguments).empty()) {
      Notes.add("cuda-arch-coverage checks no unit: no target GPU is known and this "
                "machine has none (set TargetGpus in .cudalint.yaml or --target-gpu)");
      return;
    }
  }
}

std::optional<ConfigOverrides> commandLineOverrides() {
  ConfigOverrides Overrides;
  if (Checks.getNumOccurrences())
    Overrides.Checks = Checks;
  if (WarningsAsErrors.getNumOccurrences())
    Overrides.WarningsAsErrors = WarningsAsErrors;
  if (HeaderFilter.getNumOccurrences())
    Overrides.HeaderFilterRegex = HeaderFilter;
  if (UnitsOption.getNumOccurrences() && !(Overrides.Units = parseDatabaseUnits(UnitsOption))) {
    WithColor::error(errs(), "cudalint")
        << "--units must be 'cuda' or 'cuda-api', not '" << UnitsOption << "'\n";
    return std::nullopt;
  }
  if (!parseCheckOptions(Overrides.CheckOptions))
    return std::nullopt;
  if (TargetGpuList.getNumOccurrences()) {
    for (const std::string &Gpu : TargetGpuList)
      if (!GpuArchitecture::parse(Gpu)) {
        WithColor::error(errs(), "cudalint")
            << "--target-gpu: '" << Gpu
            << "' is no GPU architecture (write sm_90, sm_90a or 9.0)\n";
        return std::nullopt;
      }
    Overrides.TargetGpus.emplace(TargetGpuList.begin(), TargetGpuList.end());
  } else {
    // Probed once, on first need, for every unit and the language server.
    struct Probe {
      std::once_flag Once;
      std::vector<std::string> Gpus;
    };
    auto Machine = std::make_shared<Probe>();
    Overrides.DetectGpus = [Machine] {
      std::call_once(Machine->Once, [&] {
        for (const DetectedGpu &Gpu : probeDriver().Gpus)
          if (!llvm::is_contained(Machine->Gpus, Gpu.Capability.smName()))
            Machine->Gpus.push_back(Gpu.Capability.smName());
      });
      return Machine->Gpus;
    };
  }
  Overrides.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  Overrides.ExtraArgsBefore.assign(ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  return Overrides;
}

// --verify-config: the files that apply to the sources (or the database's
// units, or the current directory), and the command line's own values.
int verifyConfigs(const ConfigOverrides &Overrides, const std::optional<ConfigFile> &Forced,
                  const std::vector<std::string> &FallbackFlags, bool HasFallbackFlags,
                  Notices &Notes) {
  ConfigFinder Finder;
  std::vector<const ConfigFile *> Files;
  auto Add = [&](std::vector<const ConfigFile *> More) {
    for (const ConfigFile *File : More)
      if (!llvm::is_contained(Files, File))
        Files.push_back(File);
  };
  if (Forced) {
    Files.push_back(&*Forced);
  } else if (!Sources.empty()) {
    for (const std::string &Source : Sources)
      Add(Finder.filesFor(absolute(Source)));
  } else if (!BuildPath.empty()) {
    UnitSelection Selection = selectUnits(FallbackFlags, HasFallbackFlags, Notes);
    for (const RunProblem &Problem : Selection.Problems)
      WithColor::error(errs(), "cudalint") << Problem.Message << "\n";
    if (Selection.UsageError)
      return ExitError;
    for (const CompileCommand &Command : Selection.Commands)
      Add(Finder.filesFor(Command.File));
  } else {
    Add(Finder.filesForDirectory(absolute(".")));
  }

  std::vector<ConfigDiagnostic> Problems = verifyOverrides(Overrides, registeredChecks());
  for (const ConfigFile *File : Files)
    llvm::append_range(Problems, verifyConfigFile(*File, registeredChecks()));
  for (const ConfigDiagnostic &Problem : Problems)
    reportConfigDiagnostic(Problem, /*IsError=*/true);
  if (!Problems.empty())
    return ExitError;
  if (Files.empty())
    outs() << "No " << ConfigFileName << " applies; nothing to verify.\n";
  for (const ConfigFile *File : Files)
    outs() << File->Path << ": no problems found.\n";
  return ExitClean;
}

UnitRun unitRun(const Unit &U, const UnitOutcome &Outcome) {
  UnitRun Run;
  Run.File = U.Command.File;
  Run.Directory = U.Command.Directory;
  Run.Command = U.Translated.Arguments;
  Run.Limits = Outcome.Limits;
  Run.SetAside = Outcome.SetAside;
  if (Outcome.Failed)
    for (const CheckDescription *Check : U.Settings->Analysis.Checks)
      if (Check->isPathSensitive())
        Run.ChecksNotRun.push_back(Check->Id.str());
  Run.HasTiming = Verbose;
  Run.ParseSeconds = Outcome.Timing.ParseSeconds;
  Run.AnalysisSeconds = Outcome.Timing.AnalysisSeconds;
  Run.PreambleUsed = Outcome.Timing.PreambleUsed;
  Run.FromCache = Outcome.Timing.FromCache;
  Run.PeakMemoryKiB = Outcome.Timing.PeakMemoryKiB;
  return Run;
}

// An argument as a POSIX shell reads it back.
std::string shellQuoted(StringRef Argument) {
  if (!Argument.empty() && Argument.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                      "0123456789_-+=/.,:@%") == StringRef::npos)
    return Argument.str();
  std::string Quoted = "'";
  for (char C : Argument)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

// --verbose: what became of a unit, enough to reproduce its parse with clang.
void describeUnit(const UnitRun &Run) {
  raw_ostream &OS = errs();
  OS << "cudalint: unit '" << Run.File << "'\n  clang command: cd " << shellQuoted(Run.Directory)
     << " &&";
  for (const std::string &Argument : Run.Command)
    OS << ' ' << shellQuoted(Argument);
  OS << "\n  ";
  if (Run.FromCache) {
    OS << "findings from the result cache";
  } else {
    OS << describeTiming(Run.ParseSeconds, Run.AnalysisSeconds, Run.PreambleUsed);
    if (Run.PeakMemoryKiB)
      OS << format(", peak memory %.0f MiB", Run.PeakMemoryKiB / 1024.0);
  }
  OS << "\n";
  for (const AnalysisLimit &Limit : Run.Limits)
    OS << "  the analyzer gave up in '" << Limit.Function << "' (" << Limit.Where.File << ":"
       << Limit.Where.Line << "): " << Limit.Reason << "\n";
}

// --cache-dir's cache, when there is one.
ResultCache *UnitCache = nullptr;

// What every worker of this run is told besides its unit; set once the
// options are read.
WorkerSettings Workers;
// Whether the preamble directory outlives the run (--preamble-dir, --cache-dir).
bool LastingPreambles = false;

// What the functions of the database's units do (checks/ProjectFunctions.h),
// merged; empty when the run has no summaries.
std::string ProjectSummaries;

// A unit's configured options for a pass with `Role`, with only the checks
// that read launch facts where `LaunchFactReaders`. Those of a pass that
// reads summaries carry the database's, so they are first asked for once
// ProjectSummaries is merged (or known to stay empty).
const AnalysisOptions *optionsOf(const Unit &U, SummaryRole Role = SummaryRole::Reads,
                                 bool LaunchFactReaders = false) {
  static std::map<std::tuple<const AnalysisOptions *, SummaryRole, bool>, AnalysisOptions> Made;
  const AnalysisOptions &Configured = U.Settings->Analysis;
  auto [Entry, Inserted] = Made.try_emplace({&Configured, Role, LaunchFactReaders}, Configured);
  AnalysisOptions &Options = Entry->second;
  if (Inserted) {
    Options.Summaries = Role;
    if (Role == SummaryRole::Reads)
      Options.ProjectSummaries = ProjectSummaries;
    if (LaunchFactReaders)
      llvm::erase_if(Options.Checks,
                     [](const CheckDescription *Check) { return !Check->ReadsLaunchFacts; });
  }
  return &Options;
}

// Whether calls from one unit into a function another defines are modelled
// from summaries in this run (unless --cross-unit-summaries=false): more
// than one unit could be analysed, and a check of theirs uses summaries
// (CheckDescription::usesProjectSummaries).
bool summariesApply(const std::vector<Unit> &Units, const std::vector<size_t> &Candidates,
                    Notices &Notes) {
  if (!CrossUnitSummaries || Verify)
    return false;
  // Files named on the command line select only their own units; a run that
  // asked for summaries and gets none must not look like one that had them.
  if (Candidates.size() < 2) {
    if (CrossUnitSummaries.getNumOccurrences() > 0)
      Notes.add("--cross-unit-summaries: no summaries, the run has a single unit; to "
                "report on some files with the summaries of the whole compile database, "
                "name them with --files-from rather than on the command line");
    return false;
  }
  return llvm::any_of(Candidates, [&](size_t I) {
    return llvm::any_of(Units[I].Settings->Analysis.Checks, [](const CheckDescription *Check) {
      return Check->usesProjectSummaries();
    });
  });
}

// Stage 3: the selected units analysed in worker processes, in that order,
// each with the options `OptionsFor` gives it; the outcomes by unit.
// `ShareSummaries`: WorkerSettings::ShareSummaries.
std::vector<UnitOutcome>
analyzeUnits(const std::vector<Unit> &Units, const std::vector<size_t> &Selected,
             llvm::function_ref<const AnalysisOptions *(const Unit &)> OptionsFor,
             bool ShowProgress, bool ShareSummaries = false) {
  // Without a lasting preamble directory, a PCH of the CUDA headers pays
  // only for units whose commands differ in their file alone.
  std::map<std::string, unsigned> Alike;
  auto CommonPart = [&](size_t I) {
    std::string Common = Units[I].Command.Directory;
    for (const std::string &Argument : ArrayRef(Units[I].Translated.Arguments).drop_back())
      (Common += '\0') += Argument;
    return Common;
  };
  for (size_t I : Selected)
    ++Alike[CommonPart(I)];
  std::vector<UnitJob> Jobs;
  for (size_t I : Selected)
    Jobs.push_back({&Units[I].Translated.Arguments, &Units[I].Command.Directory,
                    OptionsFor(Units[I]), LastingPreambles || Alike[CommonPart(I)] > 1});
  WorkerSettings Settings = Workers;
  Settings.Cache = UnitCache;
  Settings.ShowProgress = ShowProgress;
  Settings.ShareSummaries = ShareSummaries;
  std::vector<UnitOutcome> Done = analyzeInWorkers(Jobs, Settings);
  if (Settings.Environment.UnitPreambles)
    prunePreambles(Settings.Environment.PreambleDirectory);
  std::vector<UnitOutcome> Outcomes(Units.size());
  for (size_t Position = 0; Position < Selected.size(); ++Position)
    Outcomes[Selected[Position]] = std::move(Done[Position]);
  return Outcomes;
}

// Stage 3 with summaries (3a): calls from one unit into a function another
// defines (`cuda_make_array`, `deviceFree`) are modelled from what that
// function does. Every unit a whole-database run could analyse
// (`Candidates`: a shard's or a diff-mode run's other units too, since a
// changed unit calls wrappers that did not change) is parsed once; the
// selected ones are summarised and analysed with their own summaries, the
// others only summarised. With the summaries merged, a selected unit is
// analysed again, with all of them, only where they answer a question its
// analysis asked (UnitOutcome::SummariesConsulted) otherwise than its own:
// elsewhere a second analysis would find the same, and the first one's
// findings stand.
std::vector<UnitOutcome> analyzeWithSummaries(const std::vector<Unit> &Units,
                                              const std::vector<size_t> &Candidates,
                                              const std::vector<size_t> &Selected,
                                              bool ShowProgress) {
  std::set<const Unit *> Reported;
  for (size_t I : Selected)
    Reported.insert(&Units[I]);
  auto Start = std::chrono::steady_clock::now();
  // Each unit is handed the summaries of those done before it starts. The
  // largest main files first: a dispatcher calling the launchers of many
  // small units (ggml-cuda.cu) tells each of them, once it is done, that its
  // callers read their errors; and the longest units start early.
  std::vector<size_t> Order = Candidates;
  std::map<size_t, uint64_t> Size;
  for (size_t I : Order) {
    sys::fs::file_status Status;
    Size[I] = sys::fs::status(Units[I].Command.File, Status) ? 0 : Status.getSize();
  }
  llvm::stable_sort(Order, [&](size_t A, size_t B) { return Size[A] > Size[B]; });
  std::vector<UnitOutcome> Outcomes = analyzeUnits(
      Units, Order,
      [&](const Unit &U) {
        return optionsOf(U, Reported.count(&U) ? SummaryRole::WritesAndReadsOwn
                                               : SummaryRole::WritesOnly);
      },
      ShowProgress, /*ShareSummaries=*/true);
  std::vector<std::string> PerUnit;
  for (size_t I : Candidates)
    PerUnit.push_back(summariesForOtherUnits(Outcomes[I]));
  ProjectSummaries = mergeSummaries(PerUnit);
  ProjectFunctions Database;
  Database.read(ProjectSummaries);
  // Where only launch facts are answered otherwise, only the checks that
  // read them run again (a parse and AST matchers, not the Static Analyzer),
  // and the other checks' findings stand.
  std::vector<size_t> Again;
  std::set<size_t> LaunchFactsOnly;
  for (size_t I : Selected) {
    const UnitOutcome &First = Outcomes[I];
    switch (ProjectFunctions::compareAnswers(Database, First.SummariesConsulted)) {
    case ProjectFunctions::Differences::None:
      break;
    case ProjectFunctions::Differences::LaunchFactsOnly:
      if (!optionsOf(Units[I], SummaryRole::Reads, /*LaunchFactReaders=*/true)->Checks.empty()) {
        Again.push_back(I);
        LaunchFactsOnly.insert(I);
      }
      break;
    case ProjectFunctions::Differences::Summaries:
      Again.push_back(I);
      break;
    }
  }
  std::vector<UnitOutcome> Second = analyzeUnits(
      Units, Again,
      [&](const Unit &U) {
        return optionsOf(U, SummaryRole::Reads, LaunchFactsOnly.count(&U - Units.data()));
      },
      ShowProgress);
  for (size_t I : Again) {
    UnitOutcome &First = Outcomes[I], &Then = Second[I];
    // Both analyses are the unit's cost.
    Then.Timing.ParseSeconds += First.Timing.ParseSeconds;
    Then.Timing.AnalysisSeconds += First.Timing.AnalysisSeconds;
    Then.Timing.FromCache = Then.Timing.FromCache && First.Timing.FromCache;
    Then.Timing.PeakMemoryKiB = std::max(Then.Timing.PeakMemoryKiB, First.Timing.PeakMemoryKiB);
    // A second analysis that failed where the first did not (it crashed,
    // ran out of time) is the unit's outcome, as any failed analysis is.
    if (LaunchFactsOnly.count(I) && Then.Failed == First.Failed) {
      const AnalysisOptions &Rerun = *optionsOf(Units[I], SummaryRole::Reads, true);
      llvm::erase_if(First.Findings, [&](const Finding &Found) {
        return llvm::any_of(Rerun.Checks, [&](const CheckDescription *Check) {
          return Check->Id == Found.CheckId;
        });
      });
      llvm::append_range(First.Findings, Then.Findings);
      First.Timing = Then.Timing;
      continue;
    }
    Outcomes[I] = std::move(Then);
  }
  std::chrono::duration<double> Took = std::chrono::steady_clock::now() - Start;
  if (Verbose)
    errs() << "cudalint: summaries: " << StringRef(ProjectSummaries).count('\n') << " functions of "
           << Candidates.size() << " units; " << Again.size() << " of " << Selected.size()
           << " units analysed again with them (" << LaunchFactsOnly.size()
           << " for launch errors alone); all in " << format("%.1f", Took.count()) << " s\n";
  return Outcomes;
}

// Stage 4: the outcomes as one report, findings sorted and de-duplicated,
// each unit's problem reported, and a notice for each unit analysed without
// the device code clang rejected; returns how many units failed. `Shown`
// keeps which unit reported each finding, for the fixes.
size_t collectReport(const std::vector<Unit> &Units, const std::vector<size_t> &ToAnalyze,
                     std::vector<UnitOutcome> &Outcomes, RunReport &Report,
                     std::vector<UnitFinding> &Shown, Notices &Notes) {
  StringSet<> MainFiles;
  for (const Unit &U : Units)
    MainFiles.insert(U.Command.File);
  size_t FailedUnits = 0;
  for (size_t I : ToAnalyze) {
    UnitOutcome &Outcome = Outcomes[I];
    const UnitSettings &Settings = *Units[I].Settings;
    Report.Units.push_back(Units[I].Command.File);
    Report.Runs.push_back(unitRun(Units[I], Outcome));
    if (Verbose)
      describeUnit(Report.Runs.back());
    if (Outcome.Failed) {
      ++FailedUnits;
      std::string Message = "could not analyse '" + Units[I].Command.File + "'";
      for (const std::string &Error : Outcome.Errors)
        Message += "\n  " + Error;
      if (!Report.Runs.back().ChecksNotRun.empty())
        Message += "\n  the path-sensitive checks did not run on it (" +
                   join(Report.Runs.back().ChecksNotRun, ", ") +
                   "); the AST checks report on what clang parsed";
      Report.Problems.push_back({Units[I].Command.File, Message});
      WithColor::error(errs(), "cudalint") << Message << "\n";
    }
    if (!Report.Runs.back().SetAside.empty())
      Notes.add(setAsideNotice(Units[I].Command.File, Report.Runs.back().SetAside));
    for (Finding &Found : Outcome.Findings) {
      if (!isShownFile(Found, Units[I].Command, MainFiles, Settings.HeaderFilter))
        continue;
      Settings.applyWarningsAsErrors(Found);
      Shown.push_back({std::move(Found), I});
    }
  }
  for (const UnitFinding &Found : Shown)
    Report.Findings.push_back(Found.Found);
  sortReport(Report);

  return FailedUnits;
}

// Stage 5: the report in the chosen format, then the summary on stderr.
bool writeReport(const RunReport &Report, const UnitConfigs &Configs, size_t FailedUnits,
                 size_t Analyzed) {
  OutputOptions Output;
  Output.Rules = Configs.enabledAnywhere();
  Output.SourceRoot = SourceRoot.empty() ? absolute(".") : absolute(SourceRoot);
  std::error_code Error;
  std::unique_ptr<ToolOutputFile> File;
  if (!OutputFile.empty()) {
    File = std::make_unique<ToolOutputFile>(OutputFile, Error, sys::fs::OF_Text);
    if (Error) {
      WithColor::error(errs(), "cudalint")
          << "cannot write '" << OutputFile << "': " << Error.message() << "\n";
      return false;
    }
  }
  raw_ostream &OS = File ? File->os() : outs();
  Output.Color = UseColor == cl::BOU_UNSET ? (!File && sys::Process::StandardOutIsDisplayed())
                                           : UseColor == cl::BOU_TRUE;
  if (!Verify) {
    switch (OutputFormat) {
    case Format::Text:
      writeText(OS, Report, Output);
      break;
    case Format::Sarif:
      writeSarif(OS, Report, Output);
      break;
    case Format::Json:
      writeJson(OS, Report, Output);
      break;
    }
  }
  if (File)
    File->keep();
  OS.flush(); // the summary on stderr must follow the report on a terminal

  size_t Warnings = llvm::count_if(Report.Findings,
                                   [](const Finding &F) { return F.Level == Severity::Warning; });
  size_t Errors = Report.Findings.size() - Warnings;
  size_t Partly =
      llvm::count_if(Report.Runs, [](const UnitRun &Run) { return Run.SetAside.partial(); });
  if (!Quiet && !Verify)
    errs() << Warnings << " warning" << (Warnings == 1 ? "" : "s") << " and " << Errors << " error"
           << (Errors == 1 ? "" : "s") << " in " << Analyzed << " unit"
           << (Analyzed == 1 ? "" : "s")
           << (Partly ? (", " + std::to_string(Partly) + " partly analysed") : "")
           << (FailedUnits ? (", " + std::to_string(FailedUnits) + " not analysed") : "") << ".\n";

  return true;
}

// The preamble directory of a run that keeps none: removed when the run ends.
struct RunPreambles {
  std::string Directory;
  ~RunPreambles() {
    if (!Directory.empty())
      sys::fs::remove_directories(Directory);
  }
};

void configureWorkers(const char *Argv0, RunPreambles &Preambles, bool Server = false) {
  static int MainAddress;
  Workers.Executable = sys::fs::getMainExecutable(Argv0, &MainAddress);
  Workers.Jobs = hardware_concurrency(Jobs).compute_thread_count();
  Workers.UnitTimeoutSeconds = UnitTimeout;
  Workers.UnitMemoryLimitMiB = UnitMemoryLimit;
  Workers.Verbose = Verbose;
  // The language server's threads rule out copies of its process.
  Workers.CopyProcess = !Server;
  std::string &Directory = Workers.Environment.PreambleDirectory;
  if (PreambleDir == "none")
    return;
  LastingPreambles = !PreambleDir.empty() || !CacheDir.empty();
  // A unit's own preamble pays when the unit is analysed again: in a later
  // run, or on the next save in the editor.
  Workers.Environment.UnitPreambles = LastingPreambles || Server;
  if (!PreambleDir.empty()) {
    Directory = absolute(PreambleDir);
  } else if (!CacheDir.empty()) {
    SmallString<256> Path(absolute(CacheDir));
    sys::path::append(Path, "preambles");
    Directory = std::string(Path);
  } else {
    SmallString<256> Path;
    if (sys::fs::createUniqueDirectory("cudalint-preambles", Path))
      return;
    Directory = Preambles.Directory = std::string(Path);
  }
  // Without one, every unit parses its headers: slower, never wrong. Only a
  // directory the user named is worth a word.
  if (std::error_code Error = sys::fs::create_directories(Directory)) {
    if (!PreambleDir.empty() && !Quiet)
      WithColor::warning(errs(), "cudalint")
          << "cannot create the preamble directory '" << Directory << "' (" << Error.message()
          << "); every unit parses the CUDA headers itself\n";
    Directory.clear();
  }
}

std::optional<ToolchainSetup> toolchainSetup(const char *Argv0) {
  std::string ToolkitError;
  CudaToolkitChoice Toolkit = chooseCudaToolkit(CudaPath, ToolkitError);
  if (!ToolkitError.empty()) {
    WithColor::error(errs(), "cudalint") << ToolkitError << "\n";
    return std::nullopt;
  }
  ToolchainSetup Toolchain;
  Toolchain.ResourceDir = CUDALINT_CLANG_RESOURCE_DIR;
  Toolchain.HostCompilerInclude = hostCompilerOpenMpInclude(Toolchain.ResourceDir);
  Toolchain.CudaPath = Toolkit.Path;
  if (Toolkit.Path)
    if (std::optional<ToolkitVersion> Version = readToolkitVersion(*Toolkit.Path)) {
      Toolchain.CudaVersion = Version->Number;
      Toolchain.NvccVersion = Version->Text;
    }
  static int MainAddress;
  Toolchain.BundledCudaInclude = bundledCudaIncludeDir(Argv0, &MainAddress);
  if (!Toolkit.Path)
    if (std::optional<ToolkitVersion> Version = readHeadersVersion(Toolchain.BundledCudaInclude))
      Toolchain.NvccVersion = Version->Text;
  Toolchain.NvccCompatHeader = nvccCompatHeader(Toolchain.BundledCudaInclude);
  // Without them every unit would fail on its first CUDA include.
  if (!Toolkit.Path && !sys::fs::exists(Toolchain.BundledCudaInclude + "/cuda_runtime.h")) {
    WithColor::error(errs(), "cudalint")
        << "no CUDA Toolkit is used and the CUDA headers bundled with cudalint"
        << " are missing (looked in '" << Toolchain.BundledCudaInclude
        << "', relative to the executable): reinstall cudalint, or give "
        << "--cuda-path=<toolkit>\n";
    return std::nullopt;
  }
  return Toolchain;
}

// `cudalint --clangd ARGS` and `cudalint-clangd ARGS`: the arguments of the
// clangd behind cudalint, with cudalint's own taken out.
struct ClangdCommandLine {
  std::vector<std::string> OwnArguments; // argv[0], then cudalint's options
  std::vector<std::string> ClangdArguments;
  std::string ClangdPath;
};

std::optional<ClangdCommandLine> clangdCommandLine(int Argc, const char **Argv) {
  int First;
  if (sys::path::stem(Argv[0]) == "cudalint-clangd")
    First = 1;
  else if (Argc > 1 && StringRef(Argv[1]) == "--clangd")
    First = 2;
  else
    return std::nullopt;
  ClangdCommandLine Split;
  Split.OwnArguments.push_back(Argv[0]);
  for (int I = First; I < Argc; ++I) {
    StringRef Argument = Argv[I];
    if (Argument.consume_front("--clangd-path=")) {
      Split.ClangdPath = Argument.str();
    } else if (Argument.consume_front("--cudalint-")) {
      Split.OwnArguments.push_back(("--" + Argument).str());
    } else {
      Split.ClangdArguments.push_back(Argument.str());
      // Where clangd finds the compile database is where cudalint does.
      if (Argument.starts_with("--compile-commands-dir="))
        Split.OwnArguments.push_back(Argument.str());
      else if (Argument == "--compile-commands-dir" && I + 1 < Argc) {
        Split.OwnArguments.push_back(("--compile-commands-dir=" + StringRef(Argv[I + 1])).str());
        Split.ClangdArguments.push_back(Argv[++I]);
      }
    }
  }
  return Split;
}

// clangd's --version, --help and --check are clangd's to answer.
int runClangdAlone(const ClangdCommandLine &Split, const char *Argv0) {
  static int MainAddress;
  std::string Why;
  std::optional<std::string> Clangd =
      findClangd(Split.ClangdPath, sys::fs::getMainExecutable(Argv0, &MainAddress), Why);
  if (!Clangd) {
    WithColor::error(errs(), "cudalint") << Why << "\n";
    return ExitError;
  }
  std::vector<StringRef> Arguments{*Clangd};
  llvm::append_range(Arguments, Split.ClangdArguments);
  std::string Error;
  int Status = sys::ExecuteAndWait(*Clangd, Arguments, std::nullopt, {}, 0, 0, &Error);
  if (Status < 0) {
    WithColor::error(errs(), "cudalint") << "cannot run '" << *Clangd << "': " << Error << "\n";
    return ExitError;
  }
  return Status;
}

int run(int Argc, const char **Argv) {
  std::optional<ClangdCommandLine> Clangd = clangdCommandLine(Argc, Argv);
  if (Clangd && clangdRunsAlone(Clangd->ClangdArguments))
    return runClangdAlone(*Clangd, Argv[0]);
  std::vector<const char *> ClangdOwn;
  if (Clangd) {
    for (const std::string &Argument : Clangd->OwnArguments)
      ClangdOwn.push_back(Argument.c_str());
    Argc = static_cast<int>(ClangdOwn.size());
    Argv = ClangdOwn.data();
  }
  // Everything after `--` is the compile command for sources given without a
  // database, as in clang-tidy.
  std::vector<const char *> OwnArguments;
  std::vector<std::string> FallbackFlags;
  bool HasFallbackFlags = false;
  for (int I = 0; I < Argc; ++I) {
    if (!HasFallbackFlags && StringRef(Argv[I]) == "--") {
      HasFallbackFlags = true;
      continue;
    }
    if (HasFallbackFlags)
      FallbackFlags.push_back(Argv[I]);
    else
      OwnArguments.push_back(Argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cudalint " << CUDALINT_VERSION << " (clang " << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(OwnArguments.size(), OwnArguments.data(),
                                   "cudalint: finds host-side CUDA bugs before they reach a GPU\n",
                                   &errs()))
    return ExitError;
  if (AnalysisWorker)
    return runAnalysisWorker(Sources.empty() ? "" : StringRef(Sources.front()), WorkerRunPid);
  if (Merge)
    return mergeReports({std::vector<std::string>(Sources.begin(), Sources.end()), OutputFile,
                         !OutputFormat.getNumOccurrences() ? ""
                         : OutputFormat == Format::Sarif   ? "sarif"
                         : OutputFormat == Format::Json    ? "json"
                                                           : "text",
                         CUDALINT_VERSION, Quiet});

  std::optional<ConfigOverrides> Overrides = commandLineOverrides();
  if (!Overrides)
    return ExitError;
  if (Overrides->HeaderFilterRegex) {
    Regex Headers(*Overrides->HeaderFilterRegex);
    if (std::string Error; !Headers.isValid(Error)) {
      WithColor::error(errs(), "cudalint") << "--header-filter: " << Error << "\n";
      return ExitError;
    }
  }
  std::optional<ConfigFile> Forced;
  if (!ConfigFilePath.empty())
    Forced = readConfigFile(absolute(ConfigFilePath));
  if (ClangdMode) {
    WithColor::error(errs(), "cudalint")
        << "--clangd must be the first argument: every one after it is clangd's\n";
    return ExitError;
  }
  if (LanguageServer || Clangd) {
    if (!Sources.empty() || HasFallbackFlags) {
      WithColor::error(errs(), "cudalint")
          << (Clangd ? "--clangd" : "--lsp") << " takes no sources: the editor names the files\n";
      return ExitError;
    }
    std::optional<ToolchainSetup> Toolchain = toolchainSetup(Argv[0]);
    if (!Toolchain)
      return ExitError;
    RunPreambles Preambles;
    configureWorkers(Argv[0], Preambles, /*Server=*/true);
    LanguageServerOptions Server{*Overrides, Forced, BuildPath, *Toolchain, Workers};
    if (!Clangd)
      return runLanguageServerOnStdio(Server);
    return runClangdProxy({std::move(Server), Clangd->ClangdPath,
                           std::move(Clangd->ClangdArguments), Workers.Executable});
  }
  Notices Notes(Quiet);
  if (VerifyConfig)
    return verifyConfigs(*Overrides, Forced, FallbackFlags, HasFallbackFlags, Notes);

  UnitConfigs Configs(*Overrides, Forced, Verify, reportConfigDiagnostic);
  // --list-checks and --dump-config describe the first source's configuration,
  // or the current directory's.
  const UnitSettings *First = Sources.empty() ? Configs.forDirectory(absolute("."))
                                              : Configs.forFile(absolute(Sources.front()));
  if (!First)
    return ExitError;
  if (ListChecks) {
    outs() << "Enabled checks:\n";
    for (const CheckDescription *Check : First->Analysis.Checks)
      outs() << "    " << Check->Id << "\n";
    outs() << "\n";
    return ExitClean;
  }
  if (DumpConfig) {
    writeConfiguration(outs(), First->Config,
                       effectiveCheckOptions(First->Analysis.Checks, First->Config.CheckOptions));
    return ExitClean;
  }
  if (HasFallbackFlags && Sources.empty()) {
    WithColor::error(errs(), "cudalint") << "flags after '--' need sources before them\n";
    return ExitError;
  }
  std::optional<std::set<Fingerprint>> Baseline;
  if (!BaselineFile.empty() && !(Baseline = readBaselineFile(BaselineFile)))
    return ExitError;

  std::optional<ToolchainSetup> Toolchain = toolchainSetup(Argv[0]);
  if (!Toolchain)
    return ExitError;

  UnitSelection Selection = selectUnits(FallbackFlags, HasFallbackFlags, Notes);
  RunReport Report;
  Report.ToolVersion = CUDALINT_VERSION;
  Report.Problems = Selection.Problems;
  for (const RunProblem &Problem : Selection.Problems)
    WithColor::error(errs(), "cudalint") << Problem.Message << "\n";
  if (Selection.UsageError)
    return ExitError;

  std::optional<std::vector<Unit>> Planned =
      planUnits(std::move(Selection.Commands), Configs, *Toolchain, Verify, Notes);
  if (!Planned)
    return ExitError;
  std::vector<Unit> &Units = *Planned;
  // Without sources, the C and C++ units that include no CUDA header go.
  if (Sources.empty())
    if (std::optional<std::string> Kept = eraseUnitsWithoutCuda(Units, Jobs, [](const Unit &U) {
          return ScanUnit{&U.Command, &U.Translated.Arguments,
                          U.Settings->Config.Units == DatabaseUnits::CudaApi};
        }))
      Notes.add(*Kept);
  // A configuration may turn every check off for some directories; those
  // units are skipped. With no check enabled anywhere there is nothing to do.
  std::vector<size_t> ToAnalyze;
  for (size_t I = 0; I < Units.size(); ++I) {
    if (!Units[I].Settings->Analysis.Checks.empty())
      ToAnalyze.push_back(I);
    else
      Notes.add("no checks are enabled for '" + Units[I].Command.File + "' (Checks: '" +
                Units[I].Settings->Config.Checks + "'); skipped");
  }
  noteUnknownTargetGpus(Units, ToAnalyze, Notes);
  if (Units.empty() ? First->Analysis.Checks.empty() : ToAnalyze.empty()) {
    const UnitSettings *Example = Units.empty() ? First : Units.front().Settings;
    WithColor::error(errs(), "cudalint")
        << "no checks enabled by Checks '" << Example->Config.Checks << "'"
        << (Checks.getNumOccurrences() ? " (with --checks='" + Checks + "')" : "") << "\n";
    return ExitError;
  }

  std::unique_ptr<ResultCache> Cache;
  if (!CacheDir.empty() && !Verify) {
    Cache = std::make_unique<ResultCache>(absolute(CacheDir));
    UnitCache = Cache.get();
  }
  RunPreambles Preambles;
  configureWorkers(Argv[0], Preambles);
  // Before a shard or diff mode narrows the units: they call the others.
  const std::vector<size_t> Candidates = ToAnalyze;
  bool WithSummaries = summariesApply(Units, Candidates, Notes);
  SummaryRole FirstRole = WithSummaries ? SummaryRole::WritesAndReadsOwn : SummaryRole::Reads;
  if (!narrowForCi(Units, ToAnalyze,
                   {ShardOption, FilesFrom, ChangedSince,
                    SourceRoot.empty() ? absolute(".") : absolute(SourceRoot), Jobs, UnitCache,
                    [&](const Unit &U) { return optionsOf(U, FirstRole); }},
                   Notes))
    return ExitError;
  // Notices of the translation, for the units this run analyses alone.
  for (size_t I : ToAnalyze)
    for (const std::string &Notice : Units[I].Translated.Notices)
      Notes.add(Notice);

  // --fix compares each file with the text read here, before the analysis.
  SourceTexts Texts;
  if (Fix)
    for (size_t I : ToAnalyze)
      Texts.text(Units[I].Command.File);

  bool ShowProgress = ToAnalyze.size() > 1 && !Quiet && sys::Process::StandardErrIsDisplayed();
  std::vector<UnitOutcome> Outcomes =
      WithSummaries
          ? analyzeWithSummaries(Units, Candidates, ToAnalyze, ShowProgress)
          : analyzeUnits(
                Units, ToAnalyze, [](const Unit &U) { return optionsOf(U); }, ShowProgress);
  if (Cache) {
    size_t Reused =
        llvm::count_if(ToAnalyze, [&](size_t I) { return Outcomes[I].Timing.FromCache; });
    Notes.add("result cache '" + Cache->directory() + "': " + std::to_string(Reused) + " of " +
              std::to_string(ToAnalyze.size()) + " units reused");
    if (Cache->corrupt())
      Notes.add("result cache: ignored " + std::to_string(Cache->corrupt()) +
                " entries that do not read back whole");
    if (Cache->writeFailures())
      Notes.add("result cache: could not write " + std::to_string(Cache->writeFailures()) +
                " entries in '" + Cache->directory() + "'");
  }

  std::vector<UnitFinding> Shown;
  size_t FailedUnits = collectReport(Units, ToAnalyze, Outcomes, Report, Shown, Notes);

  if (!WriteBaselineFile.empty()) {
    // A baseline without the findings of a unit that failed would report
    // them all as new once the unit parses again.
    if (FailedUnits) {
      WithColor::error(errs(), "cudalint") << "not writing baseline '" << WriteBaselineFile
                                           << "': some units could not be analysed\n";
    } else if (!writeBaselineFile(WriteBaselineFile, Report.Findings)) {
      return ExitError;
    }
  }
  if (Baseline) {
    size_t Known = removeBaselined(Report.Findings, *Baseline, baselineDirectory(BaselineFile));
    if (Known)
      Notes.add(std::to_string(Known) + " finding" + (Known == 1 ? " is" : "s are") +
                " in the baseline '" + BaselineFile + "' and not shown");
  }
  if (!ExportFixes.empty() && !exportFixes(ExportFixes, Report.Findings, Shown, Units, Texts))
    return ExitError;

  if (!writeReport(Report, Configs, FailedUnits, ToAnalyze.size()))
    return ExitError;

  size_t Remaining = Report.Findings.size();
  bool FixProblem = false;
  if (Fix && !Verify) {
    FixStageResult Fixed = applyFixes(
        Report.Findings, Shown, Units, Outcomes, Texts, Notes,
        [&](const std::vector<size_t> &Again) {
          return analyzeUnits(
              Units, Again, [](const Unit &U) { return optionsOf(U); }, /*ShowProgress=*/false);
        },
        Quiet);
    Remaining -= llvm::count_if(
        Report.Findings, [&](const Finding &Found) { return Fixed.Fixed.count(idOf(Found)); });
    FixProblem = Fixed.Problem;
  }
  if (FailedUnits || !Report.Problems.empty() || FixProblem)
    return ExitError;
  // In verify mode the findings are the expectations; matching them is success.
  if (Verify)
    return ExitClean;
  return Remaining == 0 ? ExitClean : ExitFindings;
}

} // namespace
} // namespace cudalint

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  if (Argc > 1 && llvm::StringRef(Argv[1]) == "doctor")
    return cudalint::runDoctor(Argc, Argv);
  return cudalint::run(Argc, Argv);
}
