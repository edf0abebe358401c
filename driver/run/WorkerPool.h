// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: the units are analysed in worker processes, cudalint
// started again (`--analysis-worker`) without address randomisation, or
// copies of the run's process (fork) where that is refused, at most -j at a
// time, as run-clang-tidy runs one clang-tidy per unit. A process per unit
// means analysis scales with cores, and a unit that crashes clang, exhausts
// memory or hangs costs that unit alone: it is reported as a problem naming
// the file and the reason, and every other unit's findings are still
// written.
#ifndef CUDALINT_DRIVER_WORKERPOOL_H
#define CUDALINT_DRIVER_WORKERPOOL_H

#include "run/Analysis.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class ResultCache;

struct UnitJob {
  const std::vector<std::string> *ClangArguments = nullptr;
  const std::string *Directory = nullptr;
  const AnalysisOptions *Options = nullptr;
  // Whether the unit uses the preamble directory of the settings: a PCH pays
  // only where more than one unit, or a later run, loads it.
  bool SharesPreamble = true;
  // Editor buffers read instead of the files on disk (the language server's);
  // null: the files as saved.
  const std::vector<UnsavedFile> *Unsaved = nullptr;
  // Jobs of the same run (positions) this one is started after, once they
  // are done, unless none waiting is ready to start: they likely define
  // what it calls (SummaryOrder::Callees).
  std::vector<size_t> StartAfter;
};

struct WorkerSettings {
  std::string Executable; // cudalint itself
  unsigned Jobs = 1;
  unsigned UnitTimeoutSeconds = 0; // 0: no limit
  unsigned UnitMemoryLimitMiB = 0; // 0: no limit
  AnalysisEnvironment Environment;
  ResultCache *Cache = nullptr; // consulted before a worker starts
  bool ShowProgress = false;    // "[3/40] file" on stderr as units finish
  // Each worker's own stderr (clang's crash report, say) is copied to ours.
  bool Verbose = false;
  // Whether a unit analysed with SummaryRole::WritesAndReadsOwn is handed
  // the summaries of the units whose outcomes arrived before it started
  // (AnalysisOptions::SummariesSoFar): the more it knows, the less often the
  // run must analyse it again with the whole database's.
  bool ShareSummaries = false;
  // Whether a worker may start as a copy of this process (fork) instead of
  // cudalint started again: only where nothing but the pool runs in it, and
  // only where workers cannot run without address-space randomisation (a
  // copy has the run's addresses and whatever the run allocated so far).
  bool CopyProcess = false;
};

// Whether the workers this process starts run without address-space
// randomisation, so that a unit's exploration is the same in every run
// (AnalysisThread.h): false where the system refuses it (personality(2)
// under Docker's default seccomp profile).
bool workerAddressesCanBeFixed();

// One outcome per job, in the jobs' order, whatever the order they finish in.
std::vector<UnitOutcome> analyzeInWorkers(const std::vector<UnitJob> &Jobs,
                                          const WorkerSettings &Settings);

// A worker process started before its unit is known, waiting for its
// request on a named pipe. The language servers start one while a buffer
// rests after a keystroke, so that the process's start (loading LLVM's and
// clang's libraries, some 70 ms) overlaps that pause instead of adding to
// the time until the findings. Killed when destroyed unused.
class StandbyWorker {
public:
  StandbyWorker() = default;
  StandbyWorker(const StandbyWorker &) = delete;
  StandbyWorker &operator=(const StandbyWorker &) = delete;
  ~StandbyWorker();

  // Starts one unless one stands by already; false when none could start
  // (an analysis then starts its own worker, as it would without).
  bool ensureStarted(const WorkerSettings &Settings);
  bool standing() const { return Process.Pid != llvm::sys::ProcessInfo::InvalidPid; }

  // The process and the files it talks through, handed to the analysis
  // that uses it; the standby is then empty.
  struct Handover {
    llvm::sys::ProcessInfo Process;
    std::string RequestPipe, OutcomePath, ErrorPath;
  };
  std::optional<Handover> take();

private:
  void stop();

  std::string Directory; // created with the first standby, removed with this
  unsigned Started = 0;
  llvm::sys::ProcessInfo Process;
  std::string RequestPipe, OutcomePath, ErrorPath;
};

// One unit in one worker process that the caller may stop: the language
// servers' way to analyse a buffer, so that a newer edit stops an analysis in
// flight (the worker is killed at once, clang's parse has no other way out)
// and a crash costs that analysis, not the editor's server. `Cancelled` is
// asked every few milliseconds; std::nullopt when it said yes. A standing
// `Standby` is used, and so emptied, instead of starting a worker.
std::optional<UnitOutcome> analyzeInCancellableWorker(const UnitJob &Job,
                                                      const WorkerSettings &Settings,
                                                      llvm::function_ref<bool()> Cancelled,
                                                      StandbyWorker *Standby = nullptr);

// The worker's side: reads one request on stdin, or from `RequestPipe` (a
// standby worker's), analyses the unit, writes its outcome on stdout.
// `RunPid` is the run that started the worker (0: unknown); a worker whose
// run has already ended does nothing. Returns the process's exit status.
int runAnalysisWorker(llvm::StringRef RequestPipe = "", int RunPid = 0);

// The hidden flags that make cudalint a worker, and tell it its run.
constexpr llvm::StringLiteral AnalysisWorkerFlag = "--analysis-worker";
constexpr llvm::StringLiteral WorkerRunPidFlag = "--run-pid";

} // namespace cudalint

#endif
