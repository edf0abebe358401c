// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/WorkerPool.h"

#include "run/AnalysisThread.h"
#include "run/OutcomeEncoding.h"
#include "run/ResultCache.h"
#include "run/UnitOrder.h"
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
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/personality.h>
#include <sys/prctl.h>
#endif
#include <algorithm>
#include <deque>
#include <mutex>
#include <set>
#include <thread>

using namespace llvm;

namespace cudalint {

namespace {

constexpr StringLiteral RequestMagic = "cudalint-worker-request-4\n";

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
  Out.texts(*Job.ClangArguments);
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
  Out.number(static_cast<uint64_t>(Job.Options->Summaries));
  Out.text(Job.Options->ProjectSummaries);
  Out.texts(Job.Options->SummariesSoFar);
  Out.text(Environment.PreambleDirectory);
  Out.number(Environment.UnitPreambles);
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
  size_t Checks, Options;
  if (!In.texts(Request.ClangArguments) || !In.text(Request.Directory) || !In.count(Checks))
    return std::nullopt;
  for (size_t I = 0; I < Checks; ++I) {
    std::string Id;
    if (!In.text(Id))
      return std::nullopt;
    const CheckDescription *Check = findCheck(Id);
    if (!Check)
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
  unsigned Role;
  if (!In.flag(Request.Options.Verify) || !In.number(Role) ||
      Role > static_cast<unsigned>(SummaryRole::WritesAndReadsOwn) ||
      !In.text(Request.Options.ProjectSummaries) || !In.texts(Request.Options.SummariesSoFar) ||
      !In.text(Request.Environment.PreambleDirectory) ||
      !In.flag(Request.Environment.UnitPreambles) || !In.count(Buffers))
    return std::nullopt;
  Request.Options.Summaries = static_cast<SummaryRole>(Role);
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

// The main file, as the command names it (last); empty for no command.
StringRef mainFileOf(const UnitJob &Job) {
  return Job.ClangArguments->empty() ? "" : StringRef(Job.ClangArguments->back());
}

UnitOutcome failedOutcome(const UnitJob &Job, std::string Reason) {
  UnitOutcome Outcome;
  Outcome.File = mainFileOf(Job).str();
  Outcome.Failed = true;
  Outcome.Errors.push_back(std::move(Reason));
  return Outcome;
}

std::string readWhole(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

// A worker's request, outcome and stderr files; unlink(), not
// sys::fs::remove, which leaves a standby's named pipe in place.
void removeFiles(std::initializer_list<StringRef> Paths) {
  for (StringRef Path : Paths)
    if (!Path.empty())
      ::unlink(Path.str().c_str());
}

// One running worker and the files it talks through.
struct Worker {
  size_t Job;
  sys::ProcessInfo Process;
  std::string RequestPath, OutcomePath, ErrorPath;
  std::chrono::steady_clock::time_point Deadline;
  bool TimedOut = false;
  bool OnStandby = false; // the standby worker, handed the request
};

// A run that only ends when its units are done.
constexpr auto NeverCancelled = [] { return false; };

#ifdef __linux__
// The setting is the process's, and the run's other children (clangd, git)
// keep theirs: it is on only while a worker starts.
class AddressesFixedForChildren {
public:
  AddressesFixedForChildren() : Lock(Changing) {
    Before = ::personality(0xffffffff);
    Changed = Before != -1 && !(Before & ADDR_NO_RANDOMIZE) && workerAddressesCanBeFixed() &&
              ::personality(Before | ADDR_NO_RANDOMIZE) != -1;
  }
  ~AddressesFixedForChildren() {
    if (Changed)
      ::personality(Before);
  }

private:
  static inline std::mutex Changing;
  std::lock_guard<std::mutex> Lock;
  int Before = -1;
  bool Changed = false;
};
#else
struct AddressesFixedForChildren {};
#endif

// Starts `cudalint --analysis-worker [RequestPipe]` with its outcome and
// stderr in files; its request on stdin from `RequestFile`, if any.
std::optional<sys::ProcessInfo> spawnWorker(const WorkerSettings &Settings,
                                            std::optional<StringRef> RequestFile,
                                            StringRef RequestPipe, StringRef OutcomePath,
                                            std::optional<StringRef> ErrorPath,
                                            std::string &StartError) {
  // The worker learns its run's pid from the run: asked of the worker, it
  // could already be the pid of whoever adopted it.
  std::string RunPid = (Twine(WorkerRunPidFlag) + "=" + Twine(::getpid())).str();
  SmallVector<StringRef, 4> Arguments = {Settings.Executable, AnalysisWorkerFlag, RunPid};
  if (!RequestPipe.empty())
    Arguments.push_back(RequestPipe);
  std::optional<StringRef> Redirects[] = {RequestFile, OutcomePath, ErrorPath};
  bool StartFailed = false;
  sys::ProcessInfo Process;
  {
    AddressesFixedForChildren Fixed;
    Process = sys::ExecuteNoWait(Settings.Executable, Arguments, std::nullopt, Redirects,
                                 Settings.UnitMemoryLimitMiB, &StartError, &StartFailed);
  }
  if (StartFailed || Process.Pid == sys::ProcessInfo::InvalidPid)
    return std::nullopt;
  return Process;
}

// Whether this process runs one thread: only then is a copy of it (fork)
// safe to run on, since no other thread can hold a lock the copy needs.
bool singleThreaded() {
  std::error_code Error;
  unsigned Threads = 0;
  for (sys::fs::directory_iterator It("/proc/self/task", Error), End; It != End && !Error;
       It.increment(Error))
    ++Threads;
  return !Error && Threads == 1;
}

// A worker as a copy of the run's process, its request on stdin from
// `RequestFile`, its outcome and stderr in files: only where workers cannot
// run without address randomisation, since a copy has the run's addresses
// and the heap the run left, which change the analyzer's exploration
// (AnalysisThread.h). Started again, cudalint spends 17 ms loading and
// relocating libclang-cpp and libLLVM before its main(); the copy has them
// already and starts in about a millisecond. Nothing of the run's state
// reaches the analysis's findings but the request: the copy runs the same
// worker code as `--analysis-worker`, and ends with _exit, leaving the
// run's files and streams to the run.
std::optional<sys::ProcessInfo> copyWorker(const WorkerSettings &Settings, StringRef RequestFile,
                                           StringRef OutcomePath,
                                           std::optional<StringRef> ErrorPath,
                                           std::string &StartError) {
  // What the run has buffered must not be written twice.
  outs().flush();
  errs().flush();
  pid_t Run = ::getpid();
  pid_t Pid = ::fork();
  if (Pid < 0) {
    StartError = std::string("fork: ") + std::strerror(errno);
    return std::nullopt;
  }
  if (Pid > 0) {
    sys::ProcessInfo Process;
    Process.Pid = Process.Process = Pid;
    return Process;
  }
  auto Redirect = [](StringRef Path, int Flags, int To) {
    int Descriptor = ::open(Path.str().c_str(), Flags | O_CLOEXEC, 0600);
    return Descriptor >= 0 && ::dup2(Descriptor, To) == To;
  };
  if (!Redirect(RequestFile, O_RDONLY, STDIN_FILENO) ||
      !Redirect(OutcomePath, O_WRONLY | O_CREAT | O_TRUNC, STDOUT_FILENO) ||
      (ErrorPath && !Redirect(*ErrorPath, O_WRONLY | O_CREAT | O_TRUNC, STDERR_FILENO)))
    ::_exit(2);
  if (Settings.UnitMemoryLimitMiB) {
    // As sys::ExecuteNoWait limits a worker it starts.
    struct rlimit Limit;
    for (int Resource : {RLIMIT_DATA, RLIMIT_RSS}) {
      ::getrlimit(Resource, &Limit);
      Limit.rlim_cur = static_cast<rlim_t>(Settings.UnitMemoryLimitMiB) * 1048576;
      ::setrlimit(Resource, &Limit);
    }
  }
  ::_exit(runAnalysisWorker("", Run));
}

// Writes the request into a standby worker's pipe; false when the worker is
// gone (it died, or never opened its end within seconds).
bool handOver(const sys::ProcessInfo &Process, StringRef RequestPipe, StringRef Request) {
  // Opening the write end without blocking succeeds once the worker has
  // opened its end, which it does as soon as it has started.
  auto GiveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  int Pipe;
  while ((Pipe = ::open(RequestPipe.str().c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
    if (errno == EINTR)
      continue;
    if (errno != ENXIO || ::waitpid(Process.Pid, nullptr, WNOHANG) != 0 ||
        std::chrono::steady_clock::now() > GiveUp)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ::fcntl(Pipe, F_SETFL, ::fcntl(Pipe, F_GETFL) & ~O_NONBLOCK);
  // A worker that dies while it reads must not take the server with it:
  // SIGPIPE is held back on this thread and the failed write says it.
  sigset_t Pipes, Before;
  sigemptyset(&Pipes);
  sigaddset(&Pipes, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &Pipes, &Before);
  bool Written = true;
  for (StringRef Left = Request; Written && !Left.empty();) {
    ssize_t Wrote = ::write(Pipe, Left.data(), Left.size());
    if (Wrote < 0 && errno == EINTR)
      continue;
    Written = Wrote > 0;
    if (Written)
      Left = Left.drop_front(Wrote);
  }
  ::close(Pipe);
  if (!Written) {
    struct timespec Now = {0, 0};
    sigtimedwait(&Pipes, nullptr, &Now); // the SIGPIPE of the failed write
  }
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  return Written;
}

class Pool {
public:
  Pool(const std::vector<UnitJob> &Jobs, const WorkerSettings &Settings,
       llvm::function_ref<bool()> Cancelled = NeverCancelled, StandbyWorker *Standby = nullptr)
      : Jobs(Jobs), Settings(Settings), Cancelled(Cancelled), Standby(Standby),
        Outcomes(Jobs.size()), Done(Jobs.size(), false) {}

  // Whether the caller stopped the run; the outcomes are then incomplete.
  bool wasCancelled() const { return WasCancelled; }

  std::vector<UnitOutcome> run() {
    for (size_t I = 0; I < Jobs.size(); ++I) {
      // A FIFO would block its worker until --unit-timeout.
      StringRef Main = mainFileOf(Jobs[I]);
      if (std::optional<std::string> Why = Main.empty() ? std::nullopt : notASourceFile(Main))
        finish(I, failedOutcome(Jobs[I], *Why));
      else if (!fromCache(I))
        Waiting.push_back(I);
    }
    if (!Waiting.empty() && !makeScratchDirectory())
      for (size_t I : Waiting)
        finish(I, failedOutcome(Jobs[I], "cannot create a temporary directory for the "
                                         "analysis workers: " +
                                             ScratchError));
    else
      drive();
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

  void drive() {
    std::vector<Worker> Running;
    unsigned Slots = std::max(1u, Settings.Jobs);
    auto Pause = std::chrono::milliseconds(2);
    while (!Waiting.empty() || !Running.empty()) {
      if (Cancelled()) {
        for (Worker &W : Running) {
          ::kill(W.Process.Pid, SIGKILL);
          sys::Wait(W.Process, std::nullopt);
          removeFiles({W.RequestPath, W.OutcomePath, W.ErrorPath});
        }
        WasCancelled = true;
        return;
      }
      while (!Waiting.empty() && Running.size() < Slots) {
        auto Ready = llvm::find_if(Waiting, [&](size_t Job) {
          return llvm::all_of(Jobs[Job].StartAfter, [&](size_t Before) { return Done[Before]; });
        });
        if (Ready == Waiting.end())
          Ready = Waiting.begin();
        size_t I = *Ready;
        Waiting.erase(Ready);
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
      // then less, but every 10 ms at least: a worker's end is on the way
      // of the editor's findings, and a waitpid a worker costs nothing
      // measurable at that pace.
      Pause = AnyDone ? std::chrono::milliseconds(2)
                      : std::min(Pause * 2, std::chrono::milliseconds(10));
      if (!AnyDone && !Running.empty())
        std::this_thread::sleep_for(Pause);
    }
  }

  std::optional<Worker> start(size_t I, bool MayUseStandby = true) {
    const UnitJob &Job = Jobs[I];
    if (MayUseStandby && Standby && Standby->standing() && !Job.Options->Verify)
      if (std::optional<Worker> Started = startOnStandby(I))
        return Started;
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
        Request << requestFor(I);
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
    // In verify mode clang's own report of unmet expectations is the output.
    std::optional<StringRef> ErrorRedirect;
    if (!Job.Options->Verify)
      ErrorRedirect = StringRef(W.ErrorPath);
    std::string StartError;
    std::optional<sys::ProcessInfo> Process =
        Settings.CopyProcess && !workerAddressesCanBeFixed() && singleThreaded()
            ? copyWorker(Settings, W.RequestPath, W.OutcomePath, ErrorRedirect, StartError)
            : spawnWorker(Settings, StringRef(W.RequestPath), "", W.OutcomePath, ErrorRedirect,
                          StartError);
    if (!Process) {
      finish(I, failedOutcome(Job, "cannot start an analysis worker ('" + Settings.Executable +
                                       "'): " + StartError));
      return std::nullopt;
    }
    W.Process = *Process;
    W.Deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(Settings.UnitTimeoutSeconds);
    return W;
  }

  // The standby worker, given the job's request; nullopt when it is gone
  // (the job then starts a worker of its own).
  std::optional<Worker> startOnStandby(size_t I) {
    std::optional<StandbyWorker::Handover> Taken = Standby->take();
    Worker W;
    W.Job = I;
    W.Process = Taken->Process;
    W.RequestPath = Taken->RequestPipe;
    W.OutcomePath = Taken->OutcomePath;
    W.ErrorPath = Taken->ErrorPath;
    if (!handOver(W.Process, W.RequestPath, requestFor(I))) {
      ::kill(W.Process.Pid, SIGKILL);
      sys::Wait(W.Process, std::nullopt);
      removeFiles({W.RequestPath, W.OutcomePath, W.ErrorPath});
      return std::nullopt;
    }
    W.Deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(Settings.UnitTimeoutSeconds);
    W.OnStandby = true;
    return W;
  }

  std::string requestFor(size_t I) const {
    UnitJob Job = Jobs[I];
    AnalysisOptions Options;
    if (Settings.ShareSummaries && Job.Options->Summaries == SummaryRole::WritesAndReadsOwn) {
      Options = *Job.Options;
      Options.SummariesSoFar = SummariesSoFar;
      Job.Options = &Options;
    }
    return encodeRequest(Job, Job.SharesPreamble ? Settings.Environment : AnalysisEnvironment());
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
    // A standby killed while it waited (by hand, or by the system for
    // memory) may still take the request into its pipe before it dies: the
    // job runs again, once, in a worker of its own. Only for a SIGKILL
    // nobody here sent, with no answer; a crash (another signal) is
    // reported, and a unit whose analysis the system kills again is too.
    if (W.OnStandby && !W.TimedOut && Done.ReturnCode == -2 &&
        StringRef(WaitError).starts_with("Killed") && readWhole(W.OutcomePath).empty()) {
      removeFiles({W.RequestPath, W.OutcomePath, W.ErrorPath});
      std::optional<Worker> Fresh = start(W.Job, /*MayUseStandby=*/false);
      if (!Fresh)
        return true; // start() recorded why
      W = std::move(*Fresh);
      return false;
    }
    std::string Log = readWhole(W.ErrorPath);
    if (Settings.Verbose && !Log.empty())
      errs() << Log;
    UnitOutcome Outcome = outcomeOf(W, Done.ReturnCode, WaitError, Log);
    if (Statistics)
      Outcome.Timing.PeakMemoryKiB = Statistics->PeakMemory;
    removeFiles({W.RequestPath, W.OutcomePath, W.ErrorPath});
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
    Done[I] = true;
    if (Settings.ShareSummaries && !Outcome.Summaries.empty())
      SummariesSoFar.push_back(summariesForOtherUnits(Outcome));
    if (Settings.ShareSummaries)
      startSoonerTheDefinersOf(Outcome.UnknownCalleesDeclaredIn);
    Outcomes[I] = std::move(Outcome);
    if (Settings.ShowProgress)
      errs() << "[" << ++Finished << "/" << Jobs.size() << "] " << Outcomes[I].File << "\n";
  }

  // A unit asked of functions no summary told of yet, declared in these
  // files. The units waiting whose main file a declaring file names
  // (MainFilesByName: `hostallocator.h`, `hostallocator.cpp`, rather than a
  // test of the same name elsewhere) most likely define them: they start
  // next, so that the units after them know what those functions do and
  // fewer are analysed twice. The findings do not depend on the order.
  void startSoonerTheDefinersOf(const std::vector<std::string> &DeclaredIn) {
    if (DeclaredIn.empty())
      return;
    if (!JobsByName) {
      std::vector<std::string> JobPaths;
      for (const UnitJob &Job : Jobs) {
        StringRef Main = mainFileOf(Job);
        SmallString<256> File(sys::path::is_absolute(Main) ? "" : *Job.Directory);
        sys::path::append(File, Main);
        JobPaths.push_back(withoutExtension(File));
      }
      JobsByName.emplace(std::move(JobPaths));
    }
    std::set<size_t> Sooner;
    for (StringRef Header : DeclaredIn) {
      std::string Named = withoutExtension(Header);
      for (size_t Job : JobsByName->named(Named, Named))
        withItsCallees(Job, Sooner);
    }
    if (!Sooner.empty())
      std::stable_partition(Waiting.begin(), Waiting.end(),
                            [&](size_t Job) { return Sooner.count(Job); });
  }

  // `Job` and the jobs it starts after, and theirs, unless done:
  // `hostallocator.cpp` brings `pmalloc.cu`, whose header it includes.
  void withItsCallees(size_t Job, std::set<size_t> &Sooner) const {
    if (Done[Job] || !Sooner.insert(Job).second)
      return;
    for (size_t Callee : Jobs[Job].StartAfter)
      withItsCallees(Callee, Sooner);
  }

  const std::vector<UnitJob> &Jobs;
  const WorkerSettings &Settings;
  llvm::function_ref<bool()> Cancelled;
  StandbyWorker *Standby;
  bool WasCancelled = false;
  std::vector<UnitOutcome> Outcomes;
  std::vector<bool> Done; // the jobs finished
  std::vector<std::string> CacheKeys;
  std::vector<std::string> SummariesSoFar; // with Settings.ShareSummaries
  std::deque<size_t> Waiting;              // the jobs not started, next first
  // For startSoonerTheDefinersOf: the jobs' main files by name.
  std::optional<MainFilesByName> JobsByName;
  std::string Scratch, ScratchError;
  size_t Finished = 0;
};

} // namespace

// Asked once: whether personality(2) may turn randomisation off.
bool workerAddressesCanBeFixed() {
#ifdef __linux__
  static const bool Can = [] {
    int Current = ::personality(0xffffffff);
    if (Current == -1)
      return false;
    if (Current & ADDR_NO_RANDOMIZE)
      return true;
    if (::personality(Current | ADDR_NO_RANDOMIZE) == -1)
      return false;
    ::personality(Current);
    return true;
  }();
  return Can;
#else
  return false;
#endif
}

std::vector<UnitOutcome> analyzeInWorkers(const std::vector<UnitJob> &Jobs,
                                          const WorkerSettings &Settings) {
  return Pool(Jobs, Settings).run();
}

StandbyWorker::~StandbyWorker() {
  stop();
  if (!Directory.empty())
    sys::fs::remove_directories(Directory);
}

void StandbyWorker::stop() {
  if (!standing())
    return;
  ::kill(Process.Pid, SIGKILL);
  sys::Wait(Process, std::nullopt);
  Process = sys::ProcessInfo();
  removeFiles({RequestPipe, OutcomePath, ErrorPath});
}

bool StandbyWorker::ensureStarted(const WorkerSettings &Settings) {
  if (standing()) {
    // Still waiting, or died meanwhile (killed by hand, out of memory).
    if (::waitpid(Process.Pid, nullptr, WNOHANG) == 0)
      return true;
    Process = sys::ProcessInfo();
    removeFiles({RequestPipe, OutcomePath, ErrorPath});
  }
  if (Directory.empty()) {
    SmallString<256> Created;
    if (sys::fs::createUniqueDirectory("cudalint-standby", Created))
      return false;
    Directory = std::string(Created);
  }
  std::string Base = (Directory + "/worker-" + Twine(++Started)).str();
  RequestPipe = Base + ".request";
  OutcomePath = Base + ".outcome";
  ErrorPath = Base + ".stderr";
  if (::mkfifo(RequestPipe.c_str(), 0600) != 0)
    return false;
  std::string StartError;
  std::optional<sys::ProcessInfo> Spawned = spawnWorker(
      Settings, std::nullopt, RequestPipe, OutcomePath, StringRef(ErrorPath), StartError);
  if (!Spawned) {
    ::unlink(RequestPipe.c_str());
    return false;
  }
  Process = *Spawned;
  return true;
}

std::optional<StandbyWorker::Handover> StandbyWorker::take() {
  if (!standing())
    return std::nullopt;
  Handover Taken{Process, RequestPipe, OutcomePath, ErrorPath};
  Process = sys::ProcessInfo();
  return Taken;
}

std::optional<UnitOutcome> analyzeInCancellableWorker(const UnitJob &Job,
                                                      const WorkerSettings &Settings,
                                                      llvm::function_ref<bool()> Cancelled,
                                                      StandbyWorker *Standby) {
  std::vector<UnitJob> Jobs{Job};
  Pool Single(Jobs, Settings, Cancelled, Standby);
  std::vector<UnitOutcome> Outcomes = Single.run();
  if (Single.wasCancelled())
    return std::nullopt;
  return std::move(Outcomes.front());
}

int runAnalysisWorker(StringRef RequestPipe, int RunPid) {
  // A worker answers its run and nobody else: once the run is gone (a
  // cancelled CI job, Ctrl-C, a killed parent) nobody reads the answer, and
  // nobody enforces --unit-timeout, so the worker must not outlive it. The
  // pool spawns workers from the run's main thread, whose end is the run's.
#ifdef __linux__
  pid_t Run = RunPid > 0 ? RunPid : getppid();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Run) // the run ended before the signal was asked for
    return 2;
#endif
  std::string Message;
  {
    // A standby worker blocks here until its run hands it a unit.
    ErrorOr<std::unique_ptr<MemoryBuffer>> Input =
        RequestPipe.empty() ? MemoryBuffer::getSTDIN()
                            : MemoryBuffer::getFile(RequestPipe, /*IsText=*/false,
                                                    /*RequiresNullTerminator=*/false);
    if (!Input) {
      errs() << "cudalint " << AnalysisWorkerFlag
             << ": cannot read the request: " << Input.getError().message() << "\n";
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
