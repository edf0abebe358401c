// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cudalint's command line, in clang-tidy's conventions: the options are
// parsed here and handed to the run (LintRun.h, which names the stages a
// unit passes through), to the language server (frontends/lsp/), or to the
// modes that leave that path at the start (--merge, --analysis-worker).
// `cudalint doctor` (frontends/doctor/) is a command of its own, with its own
// options.
#include "CheckRegistry.h"
#include "LintRun.h"
#include "config/Config.h"
#include "config/UnitConfig.h"
#include "database/UnitSelection.h"
#include "frontends/doctor/Doctor.h"
#include "frontends/lsp/ClangdProxy.h"
#include "frontends/lsp/LanguageServer.h"
#include "report/ReportMerge.h"
#include "run/WorkerPool.h"
#include "support/GpuProbe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <optional>

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
cl::opt<ReportFormat> OutputFormat(
    "format", cl::desc("Output format:"),
    cl::values(clEnumValN(ReportFormat::Text, "text", "clang's diagnostic format (default)"),
               clEnumValN(ReportFormat::Sarif, "sarif", "SARIF 2.1.0, for code scanning"),
               clEnumValN(ReportFormat::Json, "json", "cudalint's JSON, for scripts")),
    cl::init(ReportFormat::Text), cl::cat(Category));
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

// cudalint's own path: its workers run it again, and its data lies beside it.
std::string executablePath(const char *Argv0) {
  return sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&executablePath));
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
int runClangdAlone(const ClangdCommandLine &Split, const std::string &Executable) {
  std::string Why;
  std::optional<std::string> Clangd = findClangd(Split.ClangdPath, Executable, Why);
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

// Everything after `--` is the compile command for sources given without a
// database, as in clang-tidy.
struct SplitArguments {
  std::vector<const char *> Own;
  std::vector<std::string> FallbackFlags;
  bool HasFallbackFlags = false;
};

SplitArguments splitAtDoubleDash(int Argc, const char **Argv) {
  SplitArguments Split;
  for (int I = 0; I < Argc; ++I) {
    if (!Split.HasFallbackFlags && StringRef(Argv[I]) == "--") {
      Split.HasFallbackFlags = true;
      continue;
    }
    if (Split.HasFallbackFlags)
      Split.FallbackFlags.push_back(Argv[I]);
    else
      Split.Own.push_back(Argv[I]);
  }
  return Split;
}

// The run's options, from the parsed command line; nullopt on a usage error
// (said).
std::optional<LintOptions> lintOptions(SplitArguments Split, const std::string &Executable) {
  LintOptions Options;
  std::optional<ConfigOverrides> Overrides = commandLineOverrides();
  if (!Overrides)
    return std::nullopt;
  if (Overrides->HeaderFilterRegex) {
    Regex Headers(*Overrides->HeaderFilterRegex);
    if (std::string Error; !Headers.isValid(Error)) {
      WithColor::error(errs(), "cudalint") << "--header-filter: " << Error << "\n";
      return std::nullopt;
    }
  }
  Options.Overrides = std::move(*Overrides);
  if (!ConfigFilePath.empty())
    Options.ForcedConfig = readConfigFile(absolutePath(ConfigFilePath));
  if (Checks.getNumOccurrences())
    Options.ChecksFlag = Checks;
  Options.Sources.assign(Sources.begin(), Sources.end());
  Options.BuildPath = BuildPath;
  Options.FallbackFlags = std::move(Split.FallbackFlags);
  Options.HasFallbackFlags = Split.HasFallbackFlags;
  Options.CudaPath = CudaPath;
  Options.Executable = Executable;
  Options.Verify = Verify;
  Options.Shard = ShardOption;
  Options.FilesFrom = FilesFrom;
  Options.ChangedSince = ChangedSince;
  Options.SourceRoot = SourceRoot;
  Options.Jobs = Jobs;
  Options.UnitTimeoutSeconds = UnitTimeout;
  Options.UnitMemoryLimitMiB = UnitMemoryLimit;
  Options.CrossUnitSummaries = CrossUnitSummaries;
  Options.CrossUnitSummariesNamed = CrossUnitSummaries.getNumOccurrences() > 0;
  Options.PreambleDir = PreambleDir;
  Options.CacheDir = CacheDir;
  Options.Verbose = Verbose;
  Options.OutputFile = OutputFile;
  Options.Format = OutputFormat;
  if (UseColor != cl::BOU_UNSET)
    Options.Color = UseColor == cl::BOU_TRUE;
  Options.BaselineFile = BaselineFile;
  Options.WriteBaselineFile = WriteBaselineFile;
  Options.ExportFixes = ExportFixes;
  Options.Fix = Fix;
  Options.Quiet = Quiet;
  return Options;
}

// --lsp, --clangd and cudalint-clangd: the editor names the files.
int serveEditors(const LintOptions &Options, std::optional<ClangdCommandLine> Clangd) {
  if (!Options.Sources.empty() || Options.HasFallbackFlags) {
    WithColor::error(errs(), "cudalint")
        << (Clangd ? "--clangd" : "--lsp") << " takes no sources: the editor names the files\n";
    return ExitError;
  }
  std::optional<ToolchainSetup> Toolchain = toolchainSetup(Options.CudaPath, Options.Executable);
  if (!Toolchain)
    return ExitError;
  RunWorkers Workers(Options, /*Server=*/true);
  LanguageServerOptions Server{Options.Overrides, Options.ForcedConfig, Options.BuildPath,
                               *Toolchain, Workers.settings()};
  if (!Clangd)
    return runLanguageServerOnStdio(Server);
  return runClangdProxy({std::move(Server), Clangd->ClangdPath, std::move(Clangd->ClangdArguments),
                         Options.Executable});
}

// A run over units, or --verify-config, --list-checks and --dump-config,
// which describe its configuration (the first source's, or the current
// directory's).
int lint(LintOptions Options) {
  if (VerifyConfig)
    return LintRun(std::move(Options)).verifyConfiguration();
  LintRun Run(std::move(Options));
  const UnitSettings *First = Run.firstSettings();
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
  return Run.run();
}

int run(int Argc, const char **Argv) {
  std::string Executable = executablePath(Argv[0]);
  std::optional<ClangdCommandLine> Clangd = clangdCommandLine(Argc, Argv);
  if (Clangd && clangdRunsAlone(Clangd->ClangdArguments))
    return runClangdAlone(*Clangd, Executable);
  std::vector<const char *> ClangdOwn;
  if (Clangd) {
    for (const std::string &Argument : Clangd->OwnArguments)
      ClangdOwn.push_back(Argument.c_str());
    Argc = static_cast<int>(ClangdOwn.size());
    Argv = ClangdOwn.data();
  }
  SplitArguments Split = splitAtDoubleDash(Argc, Argv);
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cudalint " << CUDALINT_VERSION << " (clang " << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(Split.Own.size(), Split.Own.data(),
                                   "cudalint: finds host-side CUDA bugs before they reach a GPU\n",
                                   &errs()))
    return ExitError;
  if (AnalysisWorker)
    return runAnalysisWorker(Sources.empty() ? "" : StringRef(Sources.front()), WorkerRunPid);
  if (Merge)
    return mergeReports({std::vector<std::string>(Sources.begin(), Sources.end()), OutputFile,
                         !OutputFormat.getNumOccurrences()     ? ""
                         : OutputFormat == ReportFormat::Sarif ? "sarif"
                         : OutputFormat == ReportFormat::Json  ? "json"
                                                               : "text",
                         CUDALINT_VERSION, Quiet});
  std::optional<LintOptions> Options = lintOptions(std::move(Split), Executable);
  if (!Options)
    return ExitError;
  if (ClangdMode) {
    WithColor::error(errs(), "cudalint")
        << "--clangd must be the first argument: every one after it is clangd's\n";
    return ExitError;
  }
  if (LanguageServer || Clangd)
    return serveEditors(*Options, std::move(Clangd));
  return lint(std::move(*Options));
}

} // namespace
} // namespace cudalint

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  if (Argc > 1 && llvm::StringRef(Argv[1]) == "doctor")
    return cudalint::runDoctor(Argc, Argv);
  return cudalint::run(Argc, Argv);
}
