// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The language servers' standby worker (run/WorkerPool.h): a cudalint worker
// started before its unit is known, which waits on a named pipe. It must
// analyse exactly as a worker started for the unit, step aside for a fresh
// one when it died before its request, and leave neither a process nor a
// file behind.
#include "CheckRegistry.h"
#include "run/WorkerPool.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <gtest/gtest.h>

#include <csignal>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cudalint {
namespace {

constexpr const char *LeakingUnit = R"(typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" cudaError_t cudaMalloc(void **devPtr, unsigned long size);

void upload() {
  float *d = nullptr;
  if (cudaMalloc((void **)&d, 64) != cudaSuccess)
    return;
}
)";

struct Unit {
  std::string Path = "/standby-worker/unit.cpp";
  std::vector<std::string> Arguments{"clang++", "-std=c++17", "-fsyntax-only", Path};
  std::string Directory = "/";
  std::vector<UnsavedFile> Buffers{{Path, LeakingUnit}};
  AnalysisOptions Options;

  Unit() {
    for (const CheckDescription &Check : registeredChecks())
      if (Check.Id == "cuda-memory-leak")
        Options.Checks.push_back(&Check);
  }
  UnitJob job() const {
    UnitJob Job;
    Job.ClangArguments = &Arguments;
    Job.Directory = &Directory;
    Job.Options = &Options;
    Job.Unsaved = &Buffers;
    return Job;
  }
};

WorkerSettings workers() {
  WorkerSettings Settings;
  Settings.Executable = CUDALINT_TEST_EXECUTABLE;
  return Settings;
}

// This process's children that are standby workers (a zombie's command
// line is empty: it no longer runs).
std::vector<pid_t> standbyProcesses() {
  std::vector<pid_t> Found;
  DIR *Processes = opendir("/proc");
  while (dirent *Entry = readdir(Processes)) {
    pid_t Pid = std::atoi(Entry->d_name);
    if (Pid <= 0)
      continue;
    std::string Proc = "/proc/" + std::string(Entry->d_name);
    std::ifstream Status(Proc + "/status");
    std::string Line;
    pid_t Parent = 0;
    while (std::getline(Status, Line))
      if (Line.rfind("PPid:", 0) == 0)
        Parent = std::atoi(Line.c_str() + 5);
    if (Parent != getpid())
      continue;
    std::ifstream CommandLine(Proc + "/cmdline");
    std::string Text((std::istreambuf_iterator<char>(CommandLine)),
                     std::istreambuf_iterator<char>());
    if (Text.find("--analysis-worker") != std::string::npos &&
        Text.find("cudalint-standby") != std::string::npos)
      Found.push_back(Pid);
  }
  closedir(Processes);
  return Found;
}

// Once it has exec'd cudalint: until then its command line is this test's.
std::vector<pid_t> startedStandbyProcesses() {
  std::vector<pid_t> Found;
  for (int Tries = 0; Tries < 500 && (Found = standbyProcesses()).empty(); ++Tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return Found;
}

// Whether the child `Pid` has ended, waiting up to five seconds; it stays a
// zombie for its parent's own waitpid.
bool hasExited(pid_t Pid) {
  for (int Tries = 0; Tries < 500; ++Tries) {
    siginfo_t Info{};
    if (::waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT) == 0 && Info.si_pid == Pid)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

bool reportsTheLeak(const std::optional<UnitOutcome> &Outcome) {
  return Outcome && !Outcome->Failed && Outcome->Findings.size() == 1 &&
         Outcome->Findings.front().CheckId == "cuda-memory-leak" &&
         Outcome->Findings.front().Where.Line == 6;
}

TEST(StandbyWorkerTest, AnalysesAsAWorkerStartedForTheUnit) {
  Unit Leaking;
  WorkerSettings Settings = workers();
  std::optional<UnitOutcome> Fresh =
      analyzeInCancellableWorker(Leaking.job(), Settings, [] { return false; });
  ASSERT_TRUE(reportsTheLeak(Fresh));

  StandbyWorker Standby;
  ASSERT_TRUE(Standby.ensureStarted(Settings));
  EXPECT_EQ(startedStandbyProcesses().size(), 1u);
  std::optional<UnitOutcome> OnStandby =
      analyzeInCancellableWorker(Leaking.job(), Settings, [] { return false; }, &Standby);
  EXPECT_FALSE(Standby.standing()); // used up
  EXPECT_TRUE(standbyProcesses().empty());
  ASSERT_TRUE(reportsTheLeak(OnStandby));
  EXPECT_EQ(OnStandby->Findings.front().Message, Fresh->Findings.front().Message);
}

TEST(StandbyWorkerTest, ADeadStandbyStepsAsideForAFreshWorker) {
  Unit Leaking;
  WorkerSettings Settings = workers();
  StandbyWorker Standby;
  ASSERT_TRUE(Standby.ensureStarted(Settings));
  std::vector<pid_t> Started = startedStandbyProcesses();
  ASSERT_EQ(Started.size(), 1u);
  ::kill(Started.front(), SIGKILL);
  std::optional<UnitOutcome> Outcome =
      analyzeInCancellableWorker(Leaking.job(), Settings, [] { return false; }, &Standby);
  EXPECT_TRUE(reportsTheLeak(Outcome));
}

// A standby killed once the request is in its pipe, before it reads it (a
// SIGKILL sent while it waits lands there when the system is loaded): a
// stand-in for cudalint that, as a standby, opens its pipe, lets the run
// write, and kills itself; started for a unit, it is cudalint. The unit is
// analysed by a fresh worker, not reported as killed for lack of memory.
TEST(StandbyWorkerTest, AStandbyKilledWithTheRequestInItsPipeStepsAside) {
  llvm::SmallString<128> Directory;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("standby-killed-test", Directory));
  std::string StandIn = (Directory + "/cudalint").str();
  {
    std::ofstream Script(StandIn);
    Script << "#!/bin/sh\n"
           << "case \"$3\" in */cudalint-standby*)\n"
           << "  exec 3<\"$3\"; sleep 0.3; kill -9 $$ ;;\n"
           << "esac\n"
           << "exec '" << CUDALINT_TEST_EXECUTABLE << "' \"$@\"\n";
  }
  ASSERT_EQ(::chmod(StandIn.c_str(), 0755), 0);
  Unit Leaking;
  WorkerSettings Settings = workers();
  Settings.Executable = StandIn;
  std::optional<UnitOutcome> Outcome;
  {
    StandbyWorker Standby;
    ASSERT_TRUE(Standby.ensureStarted(Settings));
    Outcome = analyzeInCancellableWorker(Leaking.job(), Settings, [] { return false; }, &Standby);
  }
  llvm::sys::fs::remove_directories(Directory);
  EXPECT_TRUE(reportsTheLeak(Outcome))
      << (Outcome && !Outcome->Errors.empty() ? Outcome->Errors.front() : "");
}

TEST(StandbyWorkerTest, ADeadStandbyIsReplacedBeforeUse) {
  WorkerSettings Settings = workers();
  StandbyWorker Standby;
  ASSERT_TRUE(Standby.ensureStarted(Settings));
  std::vector<pid_t> First = startedStandbyProcesses();
  ASSERT_EQ(First.size(), 1u);
  ::kill(First.front(), SIGKILL);
  // Its command line empties while it exits, before waitpid can see it
  // dead: wait for the latter, without reaping it (the standby must).
  ASSERT_TRUE(hasExited(First.front()));
  ASSERT_TRUE(Standby.ensureStarted(Settings));
  std::vector<pid_t> Second = startedStandbyProcesses();
  ASSERT_EQ(Second.size(), 1u);
  EXPECT_NE(Second.front(), First.front());
}

TEST(StandbyWorkerTest, AnUnusedStandbyLeavesNothingBehind) {
  // Its pipe and files go in a directory of their own under $TMPDIR.
  llvm::SmallString<128> Temporary;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("standby-worker-test", Temporary));
  std::optional<std::string> Before = llvm::sys::Process::GetEnv("TMPDIR");
  ::setenv("TMPDIR", Temporary.c_str(), 1);
  {
    StandbyWorker Standby;
    ASSERT_TRUE(Standby.ensureStarted(workers()));
    ASSERT_EQ(startedStandbyProcesses().size(), 1u);
  }
  if (Before)
    ::setenv("TMPDIR", Before->c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  EXPECT_TRUE(standbyProcesses().empty());
  std::error_code Error;
  EXPECT_TRUE(llvm::sys::fs::directory_iterator(Temporary, Error) ==
              llvm::sys::fs::directory_iterator())
      << "left in " << Temporary.str().str();
  llvm::sys::fs::remove_directories(Temporary);
}

// Workers run without address-space randomisation (run/AnalysisThread.h):
// the Static Analyzer's exploration follows the addresses of its regions
// and symbols. The run itself, and what else it starts, keep theirs.
TEST(StandbyWorkerTest, StartsWithoutAddressRandomisation) {
  if (!workerAddressesCanBeFixed())
    GTEST_SKIP() << "personality(2) may not turn address randomisation off here";
  auto Personality = [](const std::string &Process) {
    std::ifstream File("/proc/" + Process + "/personality");
    unsigned long Value = 0;
    File >> std::hex >> Value;
    return Value;
  };
  unsigned long Own = Personality("self");
  StandbyWorker Standby;
  ASSERT_TRUE(Standby.ensureStarted(workers()));
  std::vector<pid_t> Started = startedStandbyProcesses();
  ASSERT_EQ(Started.size(), 1u);
  EXPECT_TRUE(Personality(std::to_string(Started.front())) & ADDR_NO_RANDOMIZE);
  EXPECT_EQ(Personality("self"), Own);
}

} // namespace
} // namespace cudalint
