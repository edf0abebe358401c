#include "run/WorkerPool.h"

#include "run/OutcomeEncoding.h"
#include "run/ResultCache.h"
#include "support/SourceFile.h"

#include "CheckRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <deque>
#include <thread>

using namespace llvm;

namespace cudalint {

namespace {

constexpr StringLiteral RequestMagic = "cudalint-worker-request-2\n";

// A test-only fault, so that the tests can watch a worker crash, hang or be
// killed, or take a second longer (an analysis the editor's next keystroke
// must stop, however fast the machine): CUDALINT_TEST_WORKER_FAULT=crash:<part
// of a path>, or hang:, kill:, slow:.
constexpr StringLiteral TestFaultVariable = "CUDALINT_TEST_WORKER_FAULT";

struct WorkerRequest {
  std::vector<std::string> ClangArguments;
  std::string Directory;
  AnalysisOptions Options;
  AnalysisEnvironment Environment;
  std::vector<UnsavedFile> Unsaved;
};

std::string encodeRequest(const UnitJob &Job, const AnalysisEnvironment &Environment) {
  FieldWriter Out;
  Out.number(Job.ClangArguments->size());
  for (const std::string &Argument : *Job.ClangArguments)
    Out.text(Argument);
  Out.text(*Job.Directory);
  Out.number(Job.Options->Checks.size());
  for (const CheckDescription *Check : Job.Options->Checks)
    Out.text(Check->Id);
  Out.number(Job.Options->CheckOptions.size());
  for (const auto &[Name, Value] : Job.Options->CheckOptions) {
    Out.text(Name);
    Out.text(Value);
  }
  Out.number(Job.Options->Verify);
  Out.text(Environment.PreambleDirectory);
  Out.number(Job.Unsaved ? Job.Unsaved->size() : 0);
  if (Job.Unsaved)
    for (const UnsavedFile &Buffer : *Job.Unsaved) {
      Out.text(Buffer.Path);
      Out.text(Buffer.Text);
    }
  return framed(RequestMagic, Out.Out);
}

std::optional<WorkerRequest> decodeRequest(StringRef Message) {
  std::optional<StringRef> Payload = unframed(RequestMagic, Message);
  if (!Payload)
    return std::nullopt;
  FieldReader In(*Payload);
  WorkerRequest Request;
  size_t Arguments, Checks, Options;
  if (!In.count(Arguments))
    return std::nullopt;
  Request.ClangArguments.resize(Arguments);
  for (std::string &Argument : Request.ClangArguments)
    if (!In.text(Argument))
      return std::nullopt;
  if (!In.text(Request.Directory) || !In.count(Checks))
    return std::nullopt;
  for (size_t I = 0; I < Checks; ++I) {
    std::string Id;
    if (!In.text(Id))
      return std::nullopt;
    const CheckDescription *Check = llvm::find_if(
        registeredChecks(), [&](const CheckDescription &C) { return C.Id == Id; });
    if (Check == registeredChecks().end())
      return std::nullopt;
    Request.Options.Checks.push_back(Check);
  }
  if (!In.count(Options))
    return std::nullopt;
  for (size_t I = 0; I < Options; ++I) {
    std::string Name, Value;
    if (!In.text(Name) || !In.text(Value))
      return std::nullopt;
    Request.Options.CheckOptions[Name] = Value;
  }
  size_t Buffers;
  if (!In.flag(Request.Options.Verify) || !In.text(Request.Environment.PreambleDirectory) ||
      !In.count(Buffers))
    return std::nullopt;
  Request.Unsaved.resize(Buffers);
  for (UnsavedFile &Buffer : Request.Unsaved)
    if (!In.text(Buffer.Path) || !In.text(Buffer.Text))
      return std::nullopt;
  if (!In.atEnd())
    return std::nullopt;
  return Request;
}

void injectTestFault(StringRef File) {
  std::optional<std::string> Fault = sys::Process::GetEnv(TestFaultVariable);
  if (!Fault)
    return;
  auto [Kind, Marker] = StringRef(*Fault).split(':');
  if (Marker.empty() || !File.contains(Marker))
    return;
  if (Kind == "crash")
    std::abort();
  if (Kind == "kill")
    std::raise(SIGKILL);
  if (Kind == "hang")
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  if (Kind == "slow")
    std::this_thread::sleep_for(std::chrono::seconds(1));
}

UnitOutcome failedOutcome(const UnitJob &Job, std::string Reason) {
  UnitOutcome Outcome;
  Outcome.File = Job.ClangArguments->empty() ? "" : Job.ClangArguments->back();
  Outcome.Failed = true;
  Outcome.Errors.push_back(std::move(Reason));
  return Outcome;
}

std::string readWhole(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

// One running worker and the files it talks through.
struct Worker {
  size_t Job;
  sys::ProcessInfo Process;
  std::string RequestPath, OutcomePath, ErrorPath;
  std::chrono::steady_clock::time_point Deadline;
  bool TimedOut = false;
};

// A run that only ends when its units are done.
constexpr auto NeverCancelled = [] { return false; };

class Pool {
public:
  Pool(const std::vector<UnitJob> &Jobs, const WorkerSettings &Settings,
       llvm::function_ref<bool()> Cancelled = NeverCancelled)
      : Jobs(Jobs), Settings(Settings), Cancelled(Cancelled), Outcomes(Jobs.size()) {}

  // Whether the caller stopped the run; the outcomes are then incomplete.
  bool wasCancelled() const { return WasCancelled; }

  std::vector<UnitOutcome> run() {
    std::deque<size_t> Waiting;
    for (size_t I = 0; I < Jobs.size(); ++I) {
      // A FIFO would block its worker until --unit-timeout.
      if (std::optional<std::string> Why =
              Jobs[I].ClangArguments->empty()
                  ? std::nullopt
                  : notASourceFile(Jobs[I].ClangArguments->back()))
        finish(I, failedOutcome(Jobs[I], *Why));
      else if (!fromCache(I))
        Waiting.push_back(I);
    }
    if (!Waiting.empty() && !makeScratchDirectory())
      for (size_t I : Waiting)
        finish(I, failedOutcome(Jobs[I], "cannot create a temporary directory for the "
                                         "analysis workers: " + ScratchError));
    else
      drive(Waiting);
    if (!Scratch.empty())
      sys::fs::remove_directories(Scratch);
    return std::move(Outcomes);
  }

private:
  bool fromCache(size_t I) {
    if (!Settings.Cache)
      return false;
    CacheKeys.resize(Jobs.size());
    const UnitJob &Job = Jobs[I];
    CacheKeys[I] = Settings.Cache->keyOf(*Job.ClangArguments, *Job.Directory, *Job.Options);
    std::optional<UnitOutcome> Stored = Settings.Cache->lookup(CacheKeys[I]);
    Settings.Cache->count(Stored.has_value());
    if (!Stored)
      return false;
    finish(I, std::move(*Stored));
    return true;
  }

  bool makeScratchDirectory() {
    SmallString<256> Directory;
    if (std::error_code Error = sys::fs::createUniqueDirectory("cudalint-workers", Directory)) {
      ScratchError = Error.message();
      return false;
    }
    Scratch = std::string(Directory);
    return true;
  }

  void drive(std::deque<size_t> &Waiting) {
    std::vector<Worker> Running;
    unsigned Slots = std::max(1u, Settings.Jobs);
    auto Pause = std::chrono::milliseconds(2);
    while (!Waiting.empty() || !Running.empty()) {
      if (Cancelled()) {
        for (Worker &W : Running) {
          ::kill(W.Process.Pid, SIGKILL);
          sys::Wait(W.Process, std::nullopt);
          for (const std::string &Path : {W.RequestPath, W.OutcomePath, W.ErrorPath})
            sys::fs::remove(Path);
        }
        WasCancelled = true;
        return;
      }
      while (!Waiting.empty() && Running.size() < Slots) {
        size_t I = Waiting.front();
        Waiting.pop_front();
        if (std::optional<Worker> Started = start(I))
          Running.push_back(std::move(*Started));
      }
      bool AnyDone = false;
      for (size_t W = 0; W < Running.size();) {
        if (poll(Running[W])) {
          Running.erase(Running.begin() + W);
          AnyDone = true;
        } else {
          ++W;
        }
      }
      // Short units finish in well under a second: poll often at first,
      // then less, so that idle polling costs nothing measurable.
      Pause = AnyDone ? std::chrono::milliseconds(2)
                      : std::min(Pause * 2, std::chrono::milliseconds(50));
      if (!AnyDone && !Running.empty())
        std::this_thread::sleep_for(Pause);
    }
  }

  std::optional<Worker> start(size_t I) {
    const UnitJob &Job = Jobs[I];
    Worker W;
    W.Job = I;
    std::string Base = (Scratch + "/unit-" + Twine(I)).str();
    W.RequestPath = Base + ".request";
    W.OutcomePath = Base + ".outcome";
    W.ErrorPath = Base + ".stderr";
    {
      std::error_code Error;
      raw_fd_ostream Request(W.RequestPath, Error, sys::fs::OF_None);
      if (!Error) {
        Request << encodeRequest(Job, Job.SharesPreamble ? Settings.Environment
                                                         : AnalysisEnvironment());
        Request.close();
        if (Request.has_error()) {
          Error = Request.error();
          Request.clear_error();
        }
      }
      if (Error) {
        finish(I, failedOutcome(Job, "cannot write the analysis worker's request '" +
                                         W.RequestPath + "': " + Error.message()));
        return std::nullopt;
      }
    }
    StringRef Arguments[] = {Settings.Executable, AnalysisWorkerFlag};
    // In verify mode clang's own report of unmet expectations is the output.
    std::optional<StringRef> ErrorRedirect;
    if (!Job.Options->Verify)
      ErrorRedirect = StringRef(W.ErrorPath);
    std::optional<StringRef> Redirects[] = {StringRef(W.RequestPath), StringRef(W.OutcomePath),
                                            ErrorRedirect};
    std::string StartError;
    bool StartFailed = false;
    W.Process = sys::ExecuteNoWait(Settings.Executable, Arguments, std::nullopt, Redirects,
                                   Settings.UnitMemoryLimitMiB, &StartError, &StartFailed);
    if (StartFailed || W.Process.Pid == sys::ProcessInfo::InvalidPid) {
      finish(I, failedOutcome(Job, "cannot start an analysis worker ('" + Settings.Executable +
                                       "'): " + StartError));
      return std::nullopt;
    }
    W.Deadline = std::chrono::steady_clock::now() +
                 std::chrono::seconds(Settings.UnitTimeoutSeconds);
    return W;
  }

  // Whether the worker has finished; its outcome is then recorded.
  bool poll(Worker &W) {
    std::string WaitError;
    std::optional<sys::ProcessStatistics> Statistics;
    sys::ProcessInfo Done = sys::Wait(W.Process, /*SecondsToWait=*/0, &WaitError, &Statistics);
    if (Done.Pid == 0) {
      if (Settings.UnitTimeoutSeconds == 0 || std::chrono::steady_clock::now() < W.Deadline)
        return false;
      ::kill(W.Process.Pid, SIGKILL);
      W.TimedOut = true;
      Done = sys::Wait(W.Process, std::nullopt, &WaitError, &Statistics);
    }
    std::string Log = readWhole(W.ErrorPath);
    if (Settings.Verbose && !Log.empty())
      errs() << Log;
    UnitOutcome Outcome = outcomeOf(W, Done.ReturnCode, WaitError, Log);
    if (Statistics)
      Outcome.Timing.PeakMemoryKiB = Statistics->PeakMemory;
    for (const std::string &Path : {W.RequestPath, W.OutcomePath, W.ErrorPath})
      sys::fs::remove(Path);
    if (Settings.Cache && !Outcome.Failed && !Jobs[W.Job].Options->Verify)
      Settings.Cache->store(CacheKeys[W.Job], Outcome);
    finish(W.Job, std::move(Outcome));
    return true;
  }

  UnitOutcome outcomeOf(const Worker &W, int ReturnCode, StringRef WaitError, StringRef Log) {
    const UnitJob &Job = Jobs[W.Job];
    if (W.TimedOut)
      return failedOutcome(Job, "the analysis did not finish within --unit-timeout=" +
                                    std::to_string(Settings.UnitTimeoutSeconds) +
                                    " s and was stopped");
    if (ReturnCode == -2) {
      // LLVM's handler for a failed allocation says so before it aborts.
      if (Log.contains("out of memory"))
        return failedOutcome(Job, "the analysis ran out of memory (" + WaitError.str() + ")");
      if (WaitError.starts_with("Killed"))
        return failedOutcome(Job, "the analysis was killed (" + WaitError.str() +
                                      "), most often by the system for lack of memory");
      return failedOutcome(Job, "the analysis crashed (" + WaitError.str() +
                                    "); rerun with --verbose to see clang's report");
    }
    std::optional<UnitOutcome> Answer = decodeOutcome(readWhole(W.OutcomePath));
    if (ReturnCode != 0 || !Answer)
      return failedOutcome(Job, "the analysis worker exited with status " +
                                    std::to_string(ReturnCode) + " without a whole answer" +
                                    (WaitError.empty() ? "" : " (" + WaitError.str() + ")"));
    return std::move(*Answer);
  }

  void finish(size_t I, UnitOutcome Outcome) {
    Outcomes[I] = std::move(Outcome);
    if (Settings.ShowProgress)
      errs() << "[" << ++Finished << "/" << Jobs.size() << "] " << Outcomes[I].File << "\n";
  }

  const std::vector<UnitJob> &Jobs;
  const WorkerSettings &Settings;
  llvm::function_ref<bool()> Cancelled;
  bool WasCancelled = false;
  std::vector<UnitOutcome> Outcomes;
  std::vector<std::string> CacheKeys;
  std::string Scratch, ScratchError;
  size_t Finished = 0;
};

} // namespace

std::vector<UnitOutcome> analyseInWorkers(const std::vector<UnitJob> &Jobs,
                                          const WorkerSettings &Settings) {
  return Pool(Jobs, Settings).run();
}

std::optional<UnitOutcome> analyseInCancellableWorker(const UnitJob &Job,
                                                      const WorkerSettings &Settings,
                                                      llvm::function_ref<bool()> Cancelled) {
  std::vector<UnitJob> Jobs{Job};
  Pool Single(Jobs, Settings, Cancelled);
  std::vector<UnitOutcome> Outcomes = Single.run();
  if (Single.wasCancelled())
    return std::nullopt;
  return std::move(Outcomes.front());
}

int runAnalysisWorker() {
  // A worker answers its run and nobody else: once the run is gone (a
  // cancelled CI job, Ctrl-C, a killed parent) nobody reads the answer, and
  // nobody enforces --unit-timeout, so the worker must not outlive it. The
  // pool spawns workers from the run's main thread, whose end is the run's.
#ifdef __linux__
  pid_t Run = getppid();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Run) // the run ended before the signal was asked for
    return 2;
#endif
  std::string Message;
  {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Input = MemoryBuffer::getSTDIN();
    if (!Input) {
      errs() << "cudalint " << AnalysisWorkerFlag << ": cannot read the request: "
             << Input.getError().message() << "\n";
      return 2;
    }
    Message = (*Input)->getBuffer().str();
  }
  std::optional<WorkerRequest> Request = decodeRequest(Message);
  if (!Request) {
    errs() << "cudalint " << AnalysisWorkerFlag
           << ": the request does not read back whole (it is written by cudalint's run, "
              "not by hand)\n";
    return 2;
  }
  if (!Request->ClangArguments.empty())
    injectTestFault(Request->ClangArguments.back());
  UnitOutcome Outcome;
  onAnalysisStack([&] {
    Outcome = analyzeUnit(Request->ClangArguments, Request->Directory, Request->Options,
                          Request->Unsaved, Request->Environment);
  });
  sys::ChangeStdoutMode(sys::fs::OF_None);
  outs() << encodeOutcome(Outcome);
  outs().flush();
  return outs().has_error() ? 2 : 0;
}

} // namespace cudalint
