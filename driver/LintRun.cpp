// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LintRun.h"

#include "CheckInputs.h"
#include "CheckRegistry.h"
#include "database/CudaToolkit.h"
#include "database/CudaUnitScan.h"
#include "database/UnitSelection.h"
#include "report/Baseline.h"
#include "report/FixStage.h"
#include "report/Fixes.h"
#include "run/ProjectAnalysis.h"
#include "run/ResultCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <set>

using namespace llvm;

namespace cudalint {
namespace {

// Configuration problems as compilers print theirs: "file:3:5: error: ...".
void reportConfigDiagnostic(const ConfigDiagnostic &Problem, bool IsError) {
  (IsError ? WithColor::error(errs(), Problem.place())
           : WithColor::warning(errs(), Problem.place()))
      << Problem.Message << "\n";
}

UnitSelection selectUnits(const LintOptions &Options, Notices &Notes) {
  UnitSelection Selection = selectUnits(UnitRequest{
      Options.Sources, Options.BuildPath, Options.FallbackFlags, Options.HasFallbackFlags});
  for (const std::string &Notice : Selection.Notices)
    Notes.add(Notice);
  return Selection;
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
            [](const CheckDescription *Check) { return Check->Id == ArchCoverageCheckId; }) &&
        !gpuTargetsOf(Units[I].Translated.Arguments).empty()) {
      Notes.add("cuda-arch-coverage checks no unit: no target GPU is known and this "
                "machine has none (set TargetGpus in .cudalint.yaml or --target-gpu)");
      return;
    }
  }
}

} // namespace

std::optional<ToolchainSetup> toolchainSetup(const std::string &CudaPath,
                                             const std::string &Executable) {
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
  Toolchain.BundledCudaInclude = bundledCudaIncludeDirBeside(Executable);
  if (std::optional<ToolkitVersion> Version = readHeadersVersion(Toolchain.BundledCudaInclude)) {
    Toolchain.BundledCudaVersion = Version->Number;
    Toolchain.BundledVersionText = Version->Text;
    if (!Toolkit.Path)
      Toolchain.NvccVersion = Version->Text;
  }
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

RunWorkers::RunWorkers(const LintOptions &Options, bool Server) {
  Settings.Executable = Options.Executable;
  Settings.Jobs = hardware_concurrency(Options.Jobs).compute_thread_count();
  Settings.UnitTimeoutSeconds = Options.UnitTimeoutSeconds;
  Settings.UnitMemoryLimitMiB = Options.UnitMemoryLimitMiB;
  Settings.Verbose = Options.Verbose;
  // The language server's threads rule out copies of its process.
  Settings.CopyProcess = !Server;
  std::string &Directory = Settings.Environment.PreambleDirectory;
  if (Options.PreambleDir == "none")
    return;
  Lasting = !Options.PreambleDir.empty() || !Options.CacheDir.empty();
  // A unit's own preamble pays when the unit is analysed again: in a later
  // run, or on the next save in the editor.
  Settings.Environment.UnitPreambles = Lasting || Server;
  if (!Options.PreambleDir.empty()) {
    Directory = absolutePath(Options.PreambleDir);
  } else if (!Options.CacheDir.empty()) {
    SmallString<256> Path(absolutePath(Options.CacheDir));
    sys::path::append(Path, "preambles");
    Directory = std::string(Path);
  } else {
    SmallString<256> Path;
    if (sys::fs::createUniqueDirectory("cudalint-preambles", Path))
      return;
    Directory = OwnDirectory = std::string(Path);
  }
  // Without one, every unit parses its headers: slower, never wrong. Only a
  // directory the user named is worth a word.
  if (std::error_code Error = sys::fs::create_directories(Directory)) {
    if (!Options.PreambleDir.empty() && !Options.Quiet)
      WithColor::warning(errs(), "cudalint")
          << "cannot create the preamble directory '" << Directory << "' (" << Error.message()
          << "); every unit parses the CUDA headers itself\n";
    Directory.clear();
  }
}

RunWorkers::~RunWorkers() {
  if (!OwnDirectory.empty())
    sys::fs::remove_directories(OwnDirectory);
}

LintRun::LintRun(LintOptions Given)
    : Options(std::move(Given)), Notes(Options.Quiet),
      Configs(Options.Overrides, Options.ForcedConfig, Options.Verify, reportConfigDiagnostic) {}

int LintRun::verifyConfiguration() {
  ConfigFinder Finder;
  std::vector<const ConfigFile *> Files;
  auto Add = [&](std::vector<const ConfigFile *> More) {
    for (const ConfigFile *File : More)
      if (!llvm::is_contained(Files, File))
        Files.push_back(File);
  };
  if (Options.ForcedConfig) {
    Files.push_back(&*Options.ForcedConfig);
  } else if (!Options.Sources.empty()) {
    for (const std::string &Source : Options.Sources)
      Add(Finder.filesFor(absolutePath(Source)));
  } else if (!Options.BuildPath.empty()) {
    UnitSelection Selection = selectUnits(Options, Notes);
    for (const RunProblem &Problem : Selection.Problems)
      WithColor::error(errs(), "cudalint") << Problem.Message << "\n";
    if (Selection.UsageError)
      return ExitError;
    for (const CompileCommand &Command : Selection.Commands)
      Add(Finder.filesFor(Command.File));
  } else {
    Add(Finder.filesForDirectory(absolutePath(".")));
  }

  std::vector<ConfigDiagnostic> Problems = verifyOverrides(Options.Overrides, registeredChecks());
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

const UnitSettings *LintRun::firstSettings() {
  if (!First)
    First = Options.Sources.empty() ? Configs.forDirectory(absolutePath("."))
                                    : Configs.forFile(absolutePath(Options.Sources.front()));
  return *First;
}

// Stages 1 and 2: the units selected, configured and translated; without
// sources, those that cannot hold a CUDA bug left out.
std::optional<std::vector<Unit>> LintRun::selectAndPlan(const ToolchainSetup &Toolchain,
                                                        RunReport &Report) {
  UnitSelection Selection = selectUnits(Options, Notes);
  Report.Problems = Selection.Problems;
  for (const RunProblem &Problem : Selection.Problems)
    WithColor::error(errs(), "cudalint") << Problem.Message << "\n";
  if (Selection.UsageError)
    return std::nullopt;
  std::optional<std::vector<Unit>> Units =
      planUnits(std::move(Selection.Commands), Configs, Toolchain, Options.Verify, Notes);
  if (!Units)
    return std::nullopt;
  if (Options.Sources.empty())
    if (std::optional<std::string> Kept =
            eraseUnitsWithoutCuda(*Units, Options.Jobs, [](const Unit &U) {
              return ScanUnit{&U.Command, &U.Translated.Arguments,
                              U.Settings->Config.Units == DatabaseUnits::CudaApi};
            }))
      Notes.add(*Kept);
  return Units;
}

// A configuration may turn every check off for some directories; those
// units are skipped. With no check enabled anywhere there is nothing to do
// (nullopt, said).
std::optional<std::vector<size_t>> LintRun::unitsWithChecks(const std::vector<Unit> &Units) {
  std::vector<size_t> ToAnalyze;
  for (size_t I = 0; I < Units.size(); ++I) {
    if (!Units[I].Settings->Analysis.Checks.empty())
      ToAnalyze.push_back(I);
    else
      Notes.add("no checks are enabled for '" + Units[I].Command.File + "' (Checks: '" +
                Units[I].Settings->Config.Checks + "'); skipped");
  }
  noteUnknownTargetGpus(Units, ToAnalyze, Notes);
  if (Units.empty() ? firstSettings()->Analysis.Checks.empty() : ToAnalyze.empty()) {
    const UnitSettings *Example = Units.empty() ? firstSettings() : Units.front().Settings;
    WithColor::error(errs(), "cudalint")
        << "no checks enabled by Checks '" << Example->Config.Checks << "'"
        << (Options.ChecksFlag ? " (with --checks='" + *Options.ChecksFlag + "')" : "") << "\n";
    return std::nullopt;
  }
  return ToAnalyze;
}

void LintRun::noteCacheUse(const ResultCache &Cache, const std::vector<size_t> &ToAnalyze,
                           const std::vector<UnitOutcome> &Outcomes) {
  size_t Reused = llvm::count_if(ToAnalyze, [&](size_t I) { return Outcomes[I].Timing.FromCache; });
  Notes.add("result cache '" + Cache.directory() + "': " + std::to_string(Reused) + " of " +
            std::to_string(ToAnalyze.size()) + " units reused");
  if (Cache.corrupt())
    Notes.add("result cache: ignored " + std::to_string(Cache.corrupt()) +
              " entries that do not read back whole");
  if (Cache.writeFailures())
    Notes.add("result cache: could not write " + std::to_string(Cache.writeFailures()) +
              " entries in '" + Cache.directory() + "'");
}

bool LintRun::writeBaseline(const RunReport &Report, size_t FailedUnits) {
  if (Options.WriteBaselineFile.empty())
    return true;
  // A baseline without the findings of a unit that failed would report them
  // all as new once the unit parses again.
  if (FailedUnits) {
    WithColor::error(errs(), "cudalint") << "not writing baseline '" << Options.WriteBaselineFile
                                         << "': some units could not be analysed\n";
    return true;
  }
  return writeBaselineFile(Options.WriteBaselineFile, Report.Findings);
}

void LintRun::dropBaselined(RunReport &Report, const std::set<Fingerprint> &Baseline) {
  size_t Known =
      removeBaselined(Report.Findings, Baseline, baselineDirectory(Options.BaselineFile));
  if (Known)
    Notes.add(std::to_string(Known) + " finding" + (Known == 1 ? " is" : "s are") +
              " in the baseline '" + Options.BaselineFile + "' and not shown");
}

size_t LintRun::fixFindings(const RunReport &Report, const std::vector<UnitFinding> &Shown,
                            const std::vector<Unit> &Units,
                            const std::vector<UnitOutcome> &Outcomes, SourceTexts &Texts,
                            ProjectAnalysis &Analysis, bool &Problem) {
  FixStageResult Fixed = applyFixes(
      Report.Findings, Shown, Units, Outcomes, Texts, Notes,
      [&](const std::vector<size_t> &Again) {
        return Analysis.analyze(Again, /*ShowProgress=*/false);
      },
      Options.Quiet);
  Problem = Fixed.Problem;
  return Report.Findings.size() - llvm::count_if(Report.Findings, [&](const Finding &Found) {
           return Fixed.Fixed.count(idOf(Found));
         });
}

std::string LintRun::sourceRoot() const {
  return absolutePath(Options.SourceRoot.empty() ? "." : Options.SourceRoot);
}

ReportDestination LintRun::destination() {
  ReportDestination Destination;
  Destination.OutputFile = Options.OutputFile;
  Destination.Format = Options.Format;
  Destination.Color = Options.Color;
  Destination.SourceRoot = sourceRoot();
  Destination.Rules = Configs.enabledAnywhere();
  Destination.Verify = Options.Verify;
  Destination.Quiet = Options.Quiet;
  return Destination;
}

int LintRun::run() {
  if (!firstSettings())
    return ExitError;
  if (Options.HasFallbackFlags && Options.Sources.empty()) {
    WithColor::error(errs(), "cudalint") << "flags after '--' need sources before them\n";
    return ExitError;
  }
  std::optional<std::set<Fingerprint>> Baseline;
  if (!Options.BaselineFile.empty() && !(Baseline = readBaselineFile(Options.BaselineFile)))
    return ExitError;
  std::optional<ToolchainSetup> Toolchain = toolchainSetup(Options.CudaPath, Options.Executable);
  if (!Toolchain)
    return ExitError;

  // Stages 1 and 2.
  RunReport Report;
  Report.ToolVersion = CUDALINT_VERSION;
  std::optional<std::vector<Unit>> Planned = selectAndPlan(*Toolchain, Report);
  if (!Planned)
    return ExitError;
  const std::vector<Unit> &Units = *Planned;
  std::optional<std::vector<size_t>> Enabled = unitsWithChecks(Units);
  if (!Enabled)
    return ExitError;
  std::vector<size_t> &ToAnalyze = *Enabled;

  std::unique_ptr<ResultCache> Cache;
  if (!Options.CacheDir.empty() && !Options.Verify)
    Cache = std::make_unique<ResultCache>(absolutePath(Options.CacheDir));
  RunWorkers Workers(Options, /*Server=*/false);
  WorkerSettings Settings = Workers.settings();
  Settings.Cache = Cache.get();
  ProjectAnalysis Analysis(Units, Settings, Workers.lastingPreambles(), Options.Verbose);
  // Before a shard or diff mode narrows the units: they call the others.
  const std::vector<size_t> Candidates = ToAnalyze;
  bool WithSummaries = Options.CrossUnitSummaries && !Options.Verify &&
                       summariesApply(Units, Candidates, Options.CrossUnitSummariesNamed, Notes);
  SummaryRole FirstRole = WithSummaries ? SummaryRole::WritesAndReadsOwn : SummaryRole::Reads;
  if (!narrowForCi(Units, ToAnalyze,
                   {Options.Shard, Options.FilesFrom, Options.ChangedSince, sourceRoot(),
                    Options.Jobs, Cache.get(),
                    [&](const Unit &U) { return Analysis.optionsOf(U, FirstRole); }},
                   Notes))
    return ExitError;
  // Notices of the translation, for the units this run analyses alone.
  for (size_t I : ToAnalyze)
    for (const std::string &Notice : Units[I].Translated.Notices)
      Notes.add(Notice);

  // --fix compares each file with the text read here, before the analysis.
  SourceTexts Texts;
  if (Options.Fix)
    for (size_t I : ToAnalyze)
      Texts.text(Units[I].Command.File);

  // Stage 3.
  bool ShowProgress =
      ToAnalyze.size() > 1 && !Options.Quiet && sys::Process::StandardErrIsDisplayed();
  std::vector<UnitOutcome> Outcomes =
      WithSummaries ? Analysis.analyzeWithSummaries(Candidates, ToAnalyze, ShowProgress)
                    : Analysis.analyze(ToAnalyze, ShowProgress);
  if (Cache)
    noteCacheUse(*Cache, ToAnalyze, Outcomes);

  // Stage 4.
  std::vector<UnitFinding> Shown;
  size_t FailedUnits =
      collectReport(Units, ToAnalyze, Outcomes, Report, Shown, Notes, Options.Verbose);
  if (!writeBaseline(Report, FailedUnits))
    return ExitError;
  if (Baseline)
    dropBaselined(Report, *Baseline);
  if (!Options.ExportFixes.empty() &&
      !exportFixes(Options.ExportFixes, Report.Findings, Shown, Units, Texts))
    return ExitError;
  if (!writeReport(Report, destination(), FailedUnits, ToAnalyze.size()))
    return ExitError;

  size_t Remaining = Report.Findings.size();
  bool FixProblem = false;
  if (Options.Fix && !Options.Verify)
    Remaining = fixFindings(Report, Shown, Units, Outcomes, Texts, Analysis, FixProblem);
  if (FailedUnits || !Report.Problems.empty() || FixProblem)
    return ExitError;
  // In verify mode the findings are the expectations; matching them is success.
  if (Options.Verify)
    return ExitClean;
  return Remaining == 0 ? ExitClean : ExitFindings;
}

} // namespace cudalint
