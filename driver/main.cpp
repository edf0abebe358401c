// cudalint's command line, in clang-tidy's conventions. The stages run in
// order: load the database, translate each unit's command, analyse the units
// in parallel, sort the findings and print them.
#include "Analysis.h"
#include "CheckRegistry.h"
#include "CommandTranslation.h"
#include "CompileDatabase.h"
#include "CudaToolkit.h"
#include "GlobList.h"
#include "Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>

using namespace llvm;

namespace cudalint {
namespace {

cl::OptionCategory Category("cudalint options");

cl::list<std::string> Sources(cl::Positional, cl::desc("<source>..."),
                              cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory holding compile_commands.json (or the file "
                  "itself). Without it, the parents of the first source are "
                  "searched, as clang-tidy does."),
    cl::value_desc("build-path"), cl::cat(Category));
cl::opt<std::string> Checks(
    "checks",
    cl::desc("Comma-separated globs of checks to run; '-' removes: "
             "'-*,cuda-alloc-pointer-arg'. Default: all cuda-* checks."),
    cl::init("cuda-*"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled checks and exit."),
                         cl::cat(Category));
enum class Format { Text, Sarif, Json };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format:"),
    cl::values(clEnumValN(Format::Text, "text", "clang's diagnostic format (default)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0, for code scanning"),
               clEnumValN(Format::Json, "json", "cudalint's JSON, for scripts")),
    cl::init(Format::Text), cl::cat(Category));
cl::opt<std::string> OutputFile("output", cl::desc("Write the report to <file> instead of stdout."),
                                cl::value_desc("file"), cl::cat(Category));
cl::alias OutputFileShort("o", cl::aliasopt(OutputFile), cl::desc("Alias for --output"));
cl::opt<unsigned> Jobs("j", cl::desc("Units analysed in parallel (default: all cores)."), cl::Prefix,
                       cl::init(0), cl::cat(Category));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Globs of checks whose findings are reported as errors."),
    cl::init(""), cl::cat(Category));
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression matched against headers (not main files) for "
             "which findings are shown. Default: all non-system headers."),
    cl::init(".*"), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("Print no summary and no notices on stderr."),
                    cl::cat(Category));
cl::opt<std::string> CudaPath(
    "cuda-path",
    cl::desc("CUDA Toolkit to parse against, or 'none' for the CUDA headers "
             "bundled with cudalint. Default: found as clang finds it."),
    cl::value_desc("dir|none"), cl::cat(Category));
cl::list<std::string> CheckOptionList(
    "check-option", cl::desc("Set a check option: <check-id>.<Option>=<value>."),
    cl::value_desc("check.Option=value"), cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Additional argument to append to each unit's command."),
                                cl::cat(Category));
cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before", cl::desc("Additional argument to prepend to each unit's command."),
    cl::cat(Category));
cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("Directory that SARIF file URIs are made relative to (default: the "
             "current directory)."),
    cl::cat(Category));
cl::opt<cl::boolOrDefault> UseColor("use-color",
                                    cl::desc("Colour the text output (default: when "
                                             "stdout is a terminal)."),
                                    cl::cat(Category));
cl::opt<bool> Verify("verify",
                     cl::desc("Check the findings against the expected-warning "
                              "comments in each source (clang's -verify); for "
                              "cudalint's own annotated tests."),
                     cl::cat(Category), cl::Hidden);

cl::extrahelp Examples(R"(
Examples:
  cudalint -p build                       lint every CUDA unit of build/compile_commands.json
  cudalint -p build src/kernels.cu        lint one unit of the database
  cudalint src/a.cu -- -std=c++17 -Iinc   lint without a database, with these flags
  cudalint -p build --checks='-*,cuda-alloc-pointer-arg' --format=sarif -o cudalint.sarif

Exit codes:
  0  no findings
  1  findings
  2  usage or configuration error, or a unit that could not be analysed
     (the findings of every other unit are still written)
)");

constexpr int ExitClean = 0;
constexpr int ExitFindings = 1;
constexpr int ExitError = 2;

struct Unit {
  CompileCommand Command;
  TranslatedCommand Translated;
};

class Notices {
public:
  void add(const std::string &Message) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Seen.insert(Message).second && !Quiet)
      WithColor::note(errs(), "cudalint") << Message << "\n";
  }

private:
  std::mutex Mutex;
  StringSet<> Seen;
};

std::string absolute(StringRef Path) {
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

std::vector<const CheckDescription *> enabledChecks(const GlobList &Enabled) {
  std::vector<const CheckDescription *> Result;
  for (const CheckDescription &Check : registeredChecks())
    if (Enabled.contains(Check.Id))
      Result.push_back(&Check);
  return Result;
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

// A file with no command of its own (a header given on the command line, say)
// borrows the command of the database entry whose path shares the longest
// prefix with it, as clang's interpolating database does.
const CompileCommand *closestCommand(const CompileDatabase &Database, StringRef File) {
  const CompileCommand *Best = nullptr;
  size_t BestLength = 0;
  for (const CompileCommand &Command : Database.Commands) {
    size_t Length = 0;
    while (Length < File.size() && Length < Command.File.size() &&
           File[Length] == Command.File[Length])
      ++Length;
    if (!Best || Length > BestLength) {
      Best = &Command;
      BestLength = Length;
    }
  }
  return Best;
}

CompileCommand withFile(CompileCommand Command, const std::string &File) {
  for (std::string &Argument : Command.Arguments)
    if (absolute(Argument) == Command.File || Argument == Command.File)
      Argument = File;
  Command.File = File;
  return Command;
}

struct UnitSelection {
  std::vector<CompileCommand> Commands;
  std::vector<RunProblem> Problems;
  bool UsageError = false;
};

UnitSelection selectUnits(const std::vector<std::string> &FallbackFlags,
                          bool HasFallbackFlags, Notices &Notes) {
  UnitSelection Selection;
  if (HasFallbackFlags) {
    for (const std::string &Source : Sources)
      Selection.Commands.push_back(commandFromFallbackFlags(absolute(Source), FallbackFlags));
    return Selection;
  }
  std::optional<std::string> DatabasePath;
  if (!BuildPath.empty()) {
    SmallString<256> Path(BuildPath);
    if (sys::fs::is_directory(Path))
      sys::path::append(Path, "compile_commands.json");
    DatabasePath = std::string(Path);
  } else if (!Sources.empty()) {
    DatabasePath = findCompileDatabaseAbove(absolute(Sources.front()));
  }
  if (!DatabasePath) {
    if (Sources.empty()) {
      WithColor::error(errs(), "cudalint")
          << "no sources and no compile database; pass -p <build-path> or "
             "sources (see --help)\n";
      Selection.UsageError = true;
      return Selection;
    }
    Notes.add("no compile_commands.json found above '" + Sources.front() +
              "'; analysing with default flags (pass -p <build-path> or flags after --)");
    for (const std::string &Source : Sources)
      Selection.Commands.push_back(commandFromFallbackFlags(absolute(Source), {}));
    return Selection;
  }

  CompileDatabase Database = loadCompileDatabase(*DatabasePath);
  for (const std::string &Problem : Database.Problems)
    Selection.Problems.push_back({Database.Path, Problem});
  if (!Database.Loaded) {
    Selection.UsageError = true;
    return Selection;
  }
  if (Sources.empty()) {
    for (const CompileCommand &Command : Database.Commands)
      if (isCudaUnit(Command))
        Selection.Commands.push_back(Command);
    if (Selection.Commands.empty())
      Notes.add("'" + Database.Path + "' lists no CUDA units");
    return Selection;
  }
  for (const std::string &Source : Sources) {
    std::string File = absolute(Source);
    std::vector<const CompileCommand *> Matching = commandsForFile(Database, File);
    for (const CompileCommand *Command : Matching)
      Selection.Commands.push_back(*Command);
    if (!Matching.empty())
      continue;
    if (const CompileCommand *Closest = closestCommand(Database, File)) {
      Notes.add("'" + Source + "' has no entry in '" + Database.Path +
                "'; using the command of '" + Closest->File + "'");
      Selection.Commands.push_back(withFile(*Closest, File));
    } else {
      Selection.Commands.push_back(commandFromFallbackFlags(File, {}));
    }
  }
  return Selection;
}

std::vector<std::string> withExtraArguments(std::vector<std::string> Arguments) {
  if (Arguments.empty())
    return Arguments;
  std::string File = Arguments.back();
  Arguments.pop_back();
  Arguments.insert(Arguments.begin() + 1, ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  Arguments.insert(Arguments.end(), ExtraArgs.begin(), ExtraArgs.end());
  Arguments.push_back(File);
  return Arguments;
}

bool isShownFile(const Finding &Found, const StringSet<> &MainFiles,
                 const Regex &Headers) {
  return MainFiles.contains(Found.Where.File) || Headers.match(Found.Where.File);
}

void sortAndDeduplicate(std::vector<Finding> &Findings) {
  llvm::stable_sort(Findings);
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [](const Finding &A, const Finding &B) {
                               return A.key() == B.key();
                             }),
                 Findings.end());
}

int run(int Argc, const char **Argv) {
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
  if (!cl::ParseCommandLineOptions(
          OwnArguments.size(), OwnArguments.data(),
          "cudalint: finds host-side CUDA bugs before they reach a GPU\n", &errs()))
    return ExitError;

  GlobList Enabled(Checks);
  std::vector<const CheckDescription *> Selected = enabledChecks(Enabled);
  if (ListChecks) {
    outs() << "Enabled checks:\n";
    for (const CheckDescription *Check : Selected)
      outs() << "    " << Check->Id << "\n";
    outs() << "\n";
    return ExitClean;
  }
  if (Selected.empty()) {
    WithColor::error(errs(), "cudalint") << "no checks enabled by --checks='" << Checks << "'\n";
    return ExitError;
  }
  if (HasFallbackFlags && Sources.empty()) {
    WithColor::error(errs(), "cudalint") << "flags after '--' need sources before them\n";
    return ExitError;
  }
  Regex Headers(HeaderFilter);
  if (std::string Error; !Headers.isValid(Error)) {
    WithColor::error(errs(), "cudalint") << "--header-filter: " << Error << "\n";
    return ExitError;
  }
  AnalysisOptions Analysis;
  Analysis.Checks = Selected;
  Analysis.Verify = Verify;
  if (!parseCheckOptions(Analysis.CheckOptions))
    return ExitError;

  std::string ToolkitError;
  CudaToolkitChoice Toolkit = chooseCudaToolkit(CudaPath, ToolkitError);
  if (!ToolkitError.empty()) {
    WithColor::error(errs(), "cudalint") << ToolkitError << "\n";
    return ExitError;
  }
  ToolchainSetup Toolchain;
  Toolchain.ResourceDir = CUDALINT_CLANG_RESOURCE_DIR;
  Toolchain.CudaPath = Toolkit.Path;
  static int MainAddress;
  Toolchain.BundledCudaInclude = bundledCudaIncludeDir(Argv[0], &MainAddress);
  Toolchain.NvccCompatHeader = nvccCompatHeader(Toolchain.BundledCudaInclude);

  Notices Notes;
  UnitSelection Selection = selectUnits(FallbackFlags, HasFallbackFlags, Notes);
  RunReport Report;
  Report.ToolVersion = CUDALINT_VERSION;
  Report.Problems = Selection.Problems;
  for (const RunProblem &Problem : Selection.Problems)
    WithColor::error(errs(), "cudalint") << Problem.Message << "\n";
  if (Selection.UsageError)
    return ExitError;

  std::vector<Unit> Units;
  for (CompileCommand &Command : Selection.Commands) {
    TranslatedCommand Translated = translateCompileCommand(Command, Toolchain);
    Translated.Arguments = withExtraArguments(std::move(Translated.Arguments));
    if (Verify)
      Translated.Arguments.insert(Translated.Arguments.end() - 1, {"-Xclang", "-verify"});
    for (const std::string &Notice : Translated.Notices)
      Notes.add(Notice);
    Units.push_back({std::move(Command), std::move(Translated)});
  }

  std::vector<UnitOutcome> Outcomes(Units.size());
  bool ShowProgress = Units.size() > 1 && !Quiet && sys::Process::StandardErrIsDisplayed();
  std::mutex ProgressMutex;
  size_t Done = 0;
  {
    DefaultThreadPool Pool(hardware_concurrency(Jobs));
    for (size_t I = 0; I < Units.size(); ++I)
      Pool.async([&, I] {
        Outcomes[I] = analyzeUnit(Units[I].Translated.Arguments,
                                  Units[I].Command.Directory, Analysis);
        if (ShowProgress) {
          std::lock_guard<std::mutex> Lock(ProgressMutex);
          errs() << "[" << ++Done << "/" << Units.size() << "] "
                 << Units[I].Command.File << "\n";
        }
      });
    Pool.wait();
  }

  StringSet<> MainFiles;
  for (const Unit &U : Units)
    MainFiles.insert(U.Command.File);
  GlobList AsErrors(WarningsAsErrors);
  size_t FailedUnits = 0;
  for (size_t I = 0; I < Units.size(); ++I) {
    UnitOutcome &Outcome = Outcomes[I];
    Report.Units.push_back(Units[I].Command.File);
    if (Outcome.Failed) {
      ++FailedUnits;
      std::string Message = "could not analyse '" + Units[I].Command.File + "'";
      for (const std::string &Error : Outcome.Errors)
        Message += "\n  " + Error;
      Report.Problems.push_back({Units[I].Command.File, Message});
      WithColor::error(errs(), "cudalint") << Message << "\n";
    }
    for (Finding &Found : Outcome.Findings) {
      if (!isShownFile(Found, MainFiles, Headers))
        continue;
      if (Found.Level == Severity::Warning && AsErrors.contains(Found.CheckId)) {
        Found.Level = Severity::Error;
        Found.PromotedToError = true;
      }
      Report.Findings.push_back(std::move(Found));
    }
  }
  sortAndDeduplicate(Report.Findings);
  llvm::sort(Report.Units);
  Report.Units.erase(std::unique(Report.Units.begin(), Report.Units.end()), Report.Units.end());

  OutputOptions Output;
  Output.Rules = Selected;
  Output.SourceRoot = SourceRoot.empty() ? absolute(".") : absolute(SourceRoot);
  std::error_code Error;
  std::unique_ptr<ToolOutputFile> File;
  if (!OutputFile.empty()) {
    File = std::make_unique<ToolOutputFile>(OutputFile, Error, sys::fs::OF_Text);
    if (Error) {
      WithColor::error(errs(), "cudalint")
          << "cannot write '" << OutputFile << "': " << Error.message() << "\n";
      return ExitError;
    }
  }
  raw_ostream &OS = File ? File->os() : outs();
  Output.Color = UseColor == cl::BOU_UNSET
                     ? (!File && sys::Process::StandardOutIsDisplayed())
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

  size_t Warnings = llvm::count_if(Report.Findings, [](const Finding &F) {
    return F.Level == Severity::Warning;
  });
  size_t Errors = Report.Findings.size() - Warnings;
  if (!Quiet && !Verify)
    errs() << Warnings << " warning" << (Warnings == 1 ? "" : "s") << " and "
           << Errors << " error" << (Errors == 1 ? "" : "s") << " in "
           << Units.size() << " unit" << (Units.size() == 1 ? "" : "s")
           << (FailedUnits ? (", " + std::to_string(FailedUnits) + " not analysed") : "")
           << ".\n";
  if (FailedUnits || !Report.Problems.empty())
    return ExitError;
  // In verify mode the findings are the expectations; matching them is success.
  if (Verify)
    return ExitClean;
  return Report.Findings.empty() ? ExitClean : ExitFindings;
}

} // namespace
} // namespace cudalint

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  return cudalint::run(Argc, Argv);
}
