// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/EditorAnalyses.h"

#include "config/UnitConfig.h"
#include "database/CommandTranslation.h"
#include "database/CompileDatabase.h"
#include "database/CudaUnitScan.h"
#include "report/Output.h"
#include "report/ReportStage.h"
#include "run/AnalysisThread.h"
#include "run/Preamble.h"
#include "run/UnitPlan.h"
#include "run/WorkerPool.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cudalint {

namespace {

using Clock = std::chrono::steady_clock;

// clangd's lookup: compile_commands.json in the file's directory or a parent,
// or in a build/ subdirectory of one of them.
std::optional<std::string> findCompileDatabaseForEditor(llvm::StringRef File) {
  for (llvm::StringRef Directory = llvm::sys::path::parent_path(File); !Directory.empty();
       Directory = llvm::sys::path::parent_path(Directory)) {
    for (llvm::StringRef Under : {"", "build"}) {
      llvm::SmallString<256> Candidate(Directory);
      llvm::sys::path::append(Candidate, Under, "compile_commands.json");
      if (llvm::sys::fs::is_regular_file(Candidate))
        return std::string(Candidate);
    }
  }
  return std::nullopt;
}

} // namespace

EditorAnalyses::EditorAnalyses(const LanguageServerOptions &Options, EditorListener &Listener)
    : Options(Options), Listener(Listener), Analyzer([this] { analyzeDueDocuments(); }) {}

EditorAnalyses::~EditorAnalyses() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Wake.notify_all();
  Analyzer.join();
}

void EditorAnalyses::open(const std::string &Uri, const std::string &Path, std::string Text,
                          int64_t Version) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Document &Opened = Documents[Uri];
  Opened = Document();
  Opened.Path = Path;
  Opened.Text = std::move(Text);
  Opened.Version = Version;
  scheduleLocked(Opened, std::chrono::milliseconds(0));
}

EditorAnalyses::ChangeResult EditorAnalyses::change(const std::string &Uri, int64_t Version,
                                                    const std::vector<TextChange> &Changes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Documents.find(Uri);
  if (It == Documents.end())
    return ChangeResult::NotOpen;
  Document &Changed = It->second;
  Changed.Version = Version;
  for (const TextChange &Change : Changes) {
    if (!applyTextChange(Changed.Text, Change)) {
      Changed.Trusted = false;
      Changed.Due.reset();
      return ChangeResult::OutOfRange;
    }
  }
  if (Changed.Trusted)
    scheduleLocked(Changed, Debounce);
  return ChangeResult::Applied;
}

void EditorAnalyses::save(const std::string &Uri, std::optional<std::string> Text) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Documents.find(Uri);
  if (It == Documents.end())
    return;
  if (Text) {
    It->second.Text = std::move(*Text);
    It->second.Trusted = true;
  }
  if (It->second.Trusted)
    scheduleLocked(It->second, std::chrono::milliseconds(0));
}

void EditorAnalyses::close(const std::string &Uri) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Documents.erase(Uri);
}

std::vector<Finding> EditorAnalyses::currentFindings(const std::string &Uri) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Documents.find(Uri);
  if (It == Documents.end() || It->second.AnalyzedText != It->second.Text)
    return {};
  return It->second.Findings;
}

void EditorAnalyses::scheduleLocked(Document &Changed, std::chrono::milliseconds Delay) {
  Changed.Due = Clock::now() + Delay;
  Wake.notify_all();
}

std::optional<EditorAnalyses::Snapshot>
EditorAnalyses::nextDueLocked(Clock::time_point Now, std::optional<Clock::time_point> &Next) {
  auto Earliest = Documents.end();
  for (auto It = Documents.begin(); It != Documents.end(); ++It)
    if (It->second.Due && (Earliest == Documents.end() || *It->second.Due < *Earliest->second.Due))
      Earliest = It;
  if (Earliest == Documents.end())
    return std::nullopt;
  if (*Earliest->second.Due > Now) {
    Next = Earliest->second.Due;
    return std::nullopt;
  }
  Document &Due = Earliest->second;
  Due.Due.reset();
  Snapshot Taken{Earliest->first, Due.Path, Due.Version, Due.Text, {}};
  // Every open buffer, so that an edited header is read as the editor holds it.
  for (const auto &[OtherUri, Open] : Documents)
    Taken.Buffers.push_back({Open.Path, Open.Text});
  return Taken;
}

// The analysis thread: one document at a time, the one due first.
void EditorAnalyses::analyzeDueDocuments() {
  bool StandbyRefused = false;
  while (true) {
    std::optional<Snapshot> Taken;
    {
      std::unique_lock<std::mutex> Lock(Mutex);
      while (!Stopping && !Taken) {
        std::optional<Clock::time_point> Next;
        Taken = nextDueLocked(Clock::now(), Next);
        if (Taken)
          break;
        if (Next) {
          // A buffer rests after a change: its worker starts meanwhile.
          if (!Standby.standing() && !StandbyRefused && !Options.Workers.Executable.empty()) {
            Lock.unlock();
            // Tried once a pause: the analysis starts its own otherwise.
            StandbyRefused = !Standby.ensureStarted(Options.Workers);
            Lock.lock();
            continue;
          }
          Wake.wait_until(Lock, *Next);
        } else {
          Wake.wait(Lock);
        }
      }
      if (Stopping)
        return;
    }
    std::optional<std::vector<Finding>> Findings = analyze(*Taken);
    StandbyRefused = false;
    if (!Findings)
      continue; // a newer version is due, or the session ends
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Documents.find(Taken->Uri);
    // Closed meanwhile (its diagnostics are cleared), or changed while the
    // worker was finishing: the newer version is due and will publish.
    if (It == Documents.end() || It->second.Version != Taken->Version ||
        It->second.Text != Taken->Text)
      continue;
    It->second.AnalyzedText = Taken->Text;
    It->second.Findings = std::move(*Findings);
    // Published under the lock, so that a close cannot slip between and
    // leave these diagnostics behind.
    Listener.publish(Taken->Uri, Taken->Version, It->second.Findings);
  }
}

bool EditorAnalyses::overtaken(const Snapshot &Taken) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Stopping)
    return true;
  auto It = Documents.find(Taken.Uri);
  return It == Documents.end() || It->second.Version != Taken.Version ||
         It->second.Text != Taken.Text;
}

std::optional<std::vector<Finding>> EditorAnalyses::analyze(const Snapshot &Taken) {
  const std::string &Path = Taken.Path;
  // Read afresh for every analysis: the user may be editing them.
  UnitConfigs Configs(Options.Overrides, Options.Forced, /*Verify=*/false,
                      [&](const ConfigDiagnostic &Problem, bool IsError) {
                        Listener.log(IsError ? MessageType::Error : MessageType::Warning,
                                     Problem.str());
                      });
  const UnitSettings *Settings = Configs.forFile(Path);
  if (!Settings) {
    showOnce(MessageType::Error, "config:" + Path,
             "cudalint: '" + Path +
                 "' is not analysed: a configuration file that applies to it is broken "
                 "(see the log)");
    return std::vector<Finding>();
  }
  if (Settings->Analysis.Checks.empty())
    return std::vector<Finding>();

  Unit Planned = planUnit(commandFor(Path), *Settings, Options.Toolchain, /*Verify=*/false);
  for (const std::string &Notice : Planned.Translated.Notices)
    Listener.log(MessageType::Log, Notice);
  const CompileCommand &Command = Planned.Command;
  const std::vector<std::string> &Arguments = Planned.Translated.Arguments;
  // As in a run over the whole database: a C or C++ file that includes no
  // CUDA header (as saved: the scan reads the disk) can hold no CUDA bug, and
  // clangd alone serves it.
  if (!isCudaUnit(Command) &&
      !unitsUsingCuda(
           {ScanUnit{&Command, &Arguments, Settings->Config.Units == DatabaseUnits::CudaApi}}, 1)
           .front())
    return std::vector<Finding>();
  auto Analyze = [&](const std::vector<std::string> &With) {
    std::optional<UnitOutcome> Outcome;
    if (Options.Workers.Executable.empty()) {
      // No executable to re-run as a worker (the fuzz target): the analysis
      // runs here, to its end.
      onAnalysisStack([&] {
        Outcome = analyzeUnit(With, Command.Directory, Settings->Analysis, Taken.Buffers,
                              Options.Workers.Environment);
      });
      return Outcome;
    }
    UnitJob Job;
    Job.ClangArguments = &With;
    Job.Directory = &Command.Directory;
    Job.Options = &Settings->Analysis;
    Job.Unsaved = &Taken.Buffers;
    return analyzeInCancellableWorker(
        Job, Options.Workers, [&] { return overtaken(Taken); }, &Standby);
  };
  Listener.analysisStarted(Taken.Uri, Path);
  std::optional<UnitOutcome> Outcome = Analyze(Arguments);
  // As a run over the database does (ProjectAnalysis): code written for an
  // older toolkit gets the same findings in the editor as in CI.
  if (Outcome && rejectedHostCode(*Outcome, /*Verify=*/false)) {
    for (const OlderDeclarationsCommand &Declarations : Planned.OlderDeclarations) {
      std::optional<UnitOutcome> Older = Analyze(Declarations.Translated.Arguments);
      if (!Older) {
        Outcome.reset(); // overtaken by an edit
        break;
      }
      keepTheAnalysisThatLostLess(*Outcome, std::move(*Older), Declarations.Declarations);
    }
    if (Outcome && Planned.olderDeclarations(Outcome->OlderDeclarations))
      Listener.log(MessageType::Log, olderDeclarationsNotice(Planned, *Outcome));
  }
  Listener.analysisEnded(Taken.Uri);
  if (Options.Workers.Environment.UnitPreambles)
    prunePreambles(Options.Workers.Environment.PreambleDirectory);
  if (!Outcome)
    return std::nullopt;
  if (Outcome->Failed) {
    // The findings of what did parse are still published; the compiler's
    // errors are clangd's to show, the log has them too.
    std::string Message = "'" + Path + "' did not parse cleanly; findings may be missing";
    for (const std::string &Error : Outcome->Errors)
      Message += "\n  " + Error;
    Listener.log(MessageType::Warning, Message);
    showOnce(MessageType::Warning, "parse:" + Path,
             "cudalint: '" + llvm::sys::path::filename(Path).str() +
                 "' does not parse; its CUDA findings may be incomplete (the errors are in "
                 "the log)");
  }
  // What --verbose says of a unit in a whole run, so that a user who finds
  // the findings slow to come can tell the parse from the analysis.
  Listener.log(MessageType::Log,
               "analysed '" + Path + "' (version " + std::to_string(Taken.Version) + "): " +
                   describeTiming(Outcome->Timing.ParseSeconds, Outcome->Timing.AnalysisSeconds,
                                  Outcome->Timing.PreambleUsed));
  // Said each time the file is analysed, as its findings are published.
  if (!Outcome->SetAside.empty())
    Listener.log(MessageType::Info, setAsideNotice(Path, Outcome->SetAside));
  std::vector<Finding> Findings;
  for (Finding &Found : Outcome->Findings) {
    if (Found.Where.File != Path)
      continue; // a header's findings show when the header is open
    Settings->applyWarningsAsErrors(Found);
    Findings.push_back(std::move(Found));
  }
  llvm::stable_sort(Findings);
  return Findings;
}

CompileCommand EditorAnalyses::commandFor(const std::string &Path) {
  std::optional<std::string> DatabasePath;
  if (!Options.CompileCommandsDir.empty()) {
    llvm::SmallString<256> Given(Options.CompileCommandsDir);
    llvm::sys::fs::make_absolute(Given);
    if (llvm::sys::fs::is_directory(Given))
      llvm::sys::path::append(Given, "compile_commands.json");
    DatabasePath = std::string(Given);
  } else {
    DatabasePath = findCompileDatabaseForEditor(Path);
  }
  if (!DatabasePath) {
    showOnce(MessageType::Info, "no-database",
             "cudalint: no compile_commands.json found for '" +
                 llvm::sys::path::filename(Path).str() +
                 "'; CUDA files are analysed with default flags");
    Listener.log(MessageType::Info, "no compile_commands.json found for '" + Path +
                                        "'; analysing it with default flags");
    return commandFromFallbackFlags(Path, {});
  }
  const CompileDatabase &Database = database(*DatabasePath);
  std::vector<const CompileCommand *> Matching = commandsForFile(Database, Path);
  if (!Matching.empty())
    return *Matching.front();
  if (const CompileCommand *Closest = closestCommand(Database, Path)) {
    Listener.log(MessageType::Log, "'" + Path + "' has no entry in '" + Database.Path +
                                       "'; using the command of '" + Closest->File + "'");
    return commandWithFile(*Closest, Path);
  }
  Listener.log(MessageType::Info, "'" + Database.Path + "' lists no command for '" + Path +
                                      "'; analysing it with default flags");
  return commandFromFallbackFlags(Path, {});
}

// Loaded again only when the file changed on disk.
const CompileDatabase &EditorAnalyses::database(const std::string &JsonPath) {
  llvm::sys::fs::file_status Status;
  llvm::sys::fs::status(JsonPath, Status);
  CachedDatabase &Cached = Databases[JsonPath];
  if (!Cached.Loaded || Cached.Modified != Status.getLastModificationTime() ||
      Cached.Size != Status.getSize()) {
    Cached.Database = loadCompileDatabase(JsonPath);
    Cached.Modified = Status.getLastModificationTime();
    Cached.Size = Status.getSize();
    Cached.Loaded = true;
    for (const std::string &Problem : Cached.Database.Problems)
      Listener.log(MessageType::Warning, Cached.Database.Path + ": " + Problem);
    if (Cached.Database.Commands.empty() && !Cached.Database.Problems.empty())
      showOnce(MessageType::Warning, "database:" + JsonPath,
               "cudalint: cannot use '" + JsonPath + "' (see the log)");
  }
  return Cached.Database;
}

void EditorAnalyses::showOnce(MessageType Type, const std::string &Key,
                              const std::string &Message) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Shown.insert(Key).second)
      return;
  }
  Listener.show(Type, Message);
}

} // namespace cudalint
