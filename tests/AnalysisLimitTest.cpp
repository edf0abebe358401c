// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The functions where the Static Analyzer gave up: a unit analysed with a
// small node budget (-analyzer-config max-nodes=N) reports each function
// whose exploration used the budget up, and no other; each is explored again
// in cheaper modes, and the one that finished it is named.
#include "run/Analysis.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cudalint {
namespace {

// The CUDA calls the units need, and sixteen independent branches on
// `flags`: 65536 paths, far over a 2000-node budget.
const std::string CudaAndBranches = R"(typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" cudaError_t cudaMalloc(void **devPtr, unsigned long size);
extern "C" cudaError_t cudaFree(void *devPtr);

#define BRANCH(i) if (flags[i]) sum += i;
#define SIXTEEN_BRANCHES                                                   \
  BRANCH(0) BRANCH(1) BRANCH(2) BRANCH(3) BRANCH(4) BRANCH(5) BRANCH(6)     \
  BRANCH(7) BRANCH(8) BRANCH(9) BRANCH(10) BRANCH(11) BRANCH(12) BRANCH(13) \
  BRANCH(14) BRANCH(15)
)";

const std::string ExplodingUnit = CudaAndBranches + R"(
namespace staging {
int manyPaths(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  (void)cudaFree(d);
  return sum;
}
} // namespace staging

void fewPaths() {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  (void)cudaFree(d);
}

int hostOnly(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  return sum;
}

struct Uploader {
  void upload(const int *flags);
};

void Uploader::upload(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  (void)cudaFree(nullptr);
}
)";

// Budget 0: the command asks for none, and cudalint's own applies.
UnitOutcome analyzeWithNodeBudget(const std::string &Source, unsigned Budget) {
  const std::string Path = "/analysis-limit/unit.cpp";
  AnalysisOptions Options;
  for (const CheckDescription &Check : registeredChecks())
    if (Check.isPathSensitive())
      Options.Checks.push_back(&Check);
  std::vector<std::string> Command{"clang++", "-std=c++17", "-fsyntax-only"};
  if (Budget)
    Command.insert(Command.end(), {"-Xclang", "-analyzer-config", "-Xclang",
                                   "max-nodes=" + std::to_string(Budget)});
  Command.push_back(Path);
  return analyzeUnit(Command, "/", Options, {{Path, Source}});
}

TEST(AnalysisLimitTest, FunctionsOverTheNodeBudgetAreReportedInOrder) {
  UnitOutcome Outcome = analyzeWithNodeBudget(ExplodingUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  ASSERT_EQ(Outcome.Limits.size(), 2u);

  EXPECT_EQ(Outcome.Limits[0].Function, "staging::manyPaths");
  EXPECT_EQ(Outcome.Limits[0].Where.File, "/analysis-limit/unit.cpp");
  EXPECT_EQ(Outcome.Limits[0].Where.Line, 12u);
  EXPECT_EQ(Outcome.Limits[0].Where.Column, 5u);
  // Its own sixteen branches: no cheaper mode has fewer paths.
  EXPECT_EQ(Outcome.Limits[0].Reason,
            "node budget (2000 nodes) exhausted, in every cheaper mode too");
  EXPECT_EQ(Outcome.Limits[0].Fallback, "");

  // Reported at its definition, by the name users write.
  EXPECT_EQ(Outcome.Limits[1].Function, "Uploader::upload");
  EXPECT_EQ(Outcome.Limits[1].Where.Line, 38u);
  EXPECT_EQ(Outcome.Limits[1].Where.Column, 16u);
  EXPECT_TRUE(Outcome.Limits[1].overBudget());

  // manyPaths, fewPaths and Uploader::upload; hostOnly reaches no CUDA.
  EXPECT_EQ(Outcome.FunctionsExplored, 3u);
}

// clang's shallow-mode budget, not its deep-mode 225,000: the node budget
// of every function cudalint explores unless the command names another.
TEST(AnalysisLimitTest, TheDefaultBudgetIsSeventyFiveThousandNodes) {
  UnitOutcome Outcome = analyzeWithNodeBudget(ExplodingUnit, 0);
  ASSERT_FALSE(Outcome.Failed);
  ASSERT_FALSE(Outcome.Limits.empty());
  EXPECT_EQ(Outcome.Limits[0].Reason,
            "node budget (75000 nodes) exhausted, in every cheaper mode too");
}

// hostOnly never reaches the CUDA API, so it is not explored at all and
// cannot run out of budget; fewPaths ends well within it.
TEST(AnalysisLimitTest, UnexploredAndFinishedFunctionsAreNotReported) {
  UnitOutcome Outcome = analyzeWithNodeBudget(ExplodingUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  for (const AnalysisLimit &Limit : Outcome.Limits) {
    EXPECT_NE(Limit.Function, "hostOnly");
    EXPECT_NE(Limit.Function, "fewPaths");
  }
}

// A helper that reaches neither the CUDA API nor memory the checks track,
// and is handed nothing that may point to such memory (a C string), is
// evaluated without its body: its paths do not multiply those of the
// function that calls it. The same helper over an int array (which may be
// device or pinned memory) is followed, and its caller runs out of budget.
const std::string HelperUnit = CudaAndBranches + R"(
int countOptions(const char *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  return sum;
}

int countNonZero(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  return sum;
}

void uploadWithOptions(const char *options) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  if (countOptions(options) > 3)
    (void)cudaFree(nullptr);
  (void)cudaFree(d);
}

void uploadCounted(const int *flags) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  if (countNonZero(flags) > 3)
    (void)cudaFree(nullptr);
  (void)cudaFree(d);
}
)";

TEST(AnalysisLimitTest, HelpersThatCannotChangeAFindingAreNotWalked) {
  UnitOutcome Outcome = analyzeWithNodeBudget(HelperUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  ASSERT_EQ(Outcome.Limits.size(), 1u);
  EXPECT_EQ(Outcome.Limits[0].Function, "uploadCounted");
  EXPECT_EQ(Outcome.Limits[0].Fallback, "callees that do not reach the CUDA API were not followed");
}

// Each cheaper mode finishes a function the one before it could not, and
// checks its CUDA calls on every path:
//   - leakOnOneSum's helper multiplies its paths by 65536, and only one of
//     them returns 120, where the buffer leaks. The full exploration runs
//     out before it meets that path (cudalint before the fallbacks reported
//     nothing here); without following the helper, whose result is then
//     unknown, both branches are seen.
//   - freeAfterBranches' helper reaches the CUDA API, so the first fallback
//     still follows it; the next follows no callee.
//   - widenedLoop's own loop branches twice a pass: over three passes that is
//     too many paths, whatever the callees; over one it is not.
const std::string FallbackUnit = CudaAndBranches + R"(
int sumOfFlags(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  return sum;
}

void leakOnOneSum(const int *flags) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  if (sumOfFlags(flags) == 120)
    return;
  (void)cudaFree(d);
}

int sumThenRelease(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  (void)cudaFree(nullptr);
  return sum;
}

void freeAfterBranches(const int *flags) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  if (sumThenRelease(flags) == 120)
    return;
  (void)cudaFree(d);
}

int widenedLoop(const int *flags, int n) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    if (flags[2 * i]) ++sum;
    if (flags[2 * i + 1]) ++sum;
  }
  if (sum == 0)
    return 0;
  (void)cudaFree(d);
  return sum;
}
)";

const AnalysisLimit *limitOf(const UnitOutcome &Outcome, const std::string &Function) {
  for (const AnalysisLimit &Limit : Outcome.Limits)
    if (Limit.Function == Function && Limit.overBudget())
      return &Limit;
  return nullptr;
}

bool leaksAt(const UnitOutcome &Outcome, unsigned Line) {
  for (const Finding &Found : Outcome.Findings)
    if (Found.CheckId == "cuda-memory-leak" && Found.Where.Line == Line)
      return true;
  return false;
}

TEST(AnalysisLimitTest, CheaperModesFinishWhatTheBudgetCutShort) {
  UnitOutcome Outcome = analyzeWithNodeBudget(FallbackUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  const AnalysisLimit *OneSum = limitOf(Outcome, "leakOnOneSum");
  ASSERT_NE(OneSum, nullptr);
  EXPECT_EQ(OneSum->Reason, "node budget (2000 nodes) exhausted");
  EXPECT_EQ(OneSum->Fallback, "callees that do not reach the CUDA API were not followed");
  EXPECT_TRUE(leaksAt(Outcome, 19u)) << "the leak past the helper";

  const AnalysisLimit *Branches = limitOf(Outcome, "freeAfterBranches");
  ASSERT_NE(Branches, nullptr);
  EXPECT_EQ(Branches->Fallback, "no callee was followed");
  EXPECT_TRUE(leaksAt(Outcome, 34u));

  const AnalysisLimit *Loop = limitOf(Outcome, "widenedLoop");
  ASSERT_NE(Loop, nullptr);
  EXPECT_EQ(Loop->Fallback, "no callee was followed, and loops were left after one pass");
  EXPECT_TRUE(leaksAt(Outcome, 42u));

  // The three entry points, and the helpers the first exploration walked
  // inside them (sumOfFlags, sumThenRelease).
  EXPECT_EQ(Outcome.FunctionsExplored, 5u);
}

// The first cheaper mode gives up a helper that cannot reach the CUDA API
// whatever it returns: an object it returns is built, unknown, where the
// caller keeps it. ggml's device description helpers spend their nodes in
// std::to_string and std::operator+, which return strings; following them,
// that mode did not finish ggml_backend_cuda_device_get_host_buffer_type,
// and the next, which follows no callee at all, had to.
const std::string ObjectHelperUnit = CudaAndBranches + R"(
struct Tally { int sum; };

Tally tallyOfFlags(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  return Tally{sum};
}

void leakOnOneTally(const int *flags) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  if (tallyOfFlags(flags).sum == 120)
    return;
  (void)cudaFree(d);
}
)";

TEST(AnalysisLimitTest, TheFirstCheaperModeGivesUpHelpersThatReturnObjects) {
  UnitOutcome Outcome = analyzeWithNodeBudget(ObjectHelperUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  const AnalysisLimit *Tally = limitOf(Outcome, "leakOnOneTally");
  ASSERT_NE(Tally, nullptr);
  EXPECT_EQ(Tally->Fallback, "callees that do not reach the CUDA API were not followed");
  EXPECT_TRUE(leaksAt(Outcome, 21u));
}

// A callee whose every path ends in abort() is not entered, in any mode:
// the path ends at the call, as it would inside. ggml's CUDA_CHECK calls
// ggml_cuda_error on every failed status; it asks for the current device (a
// CUDA call, so the analyzer followed it) and aborts. A callee that ends in
// exit() is still followed: the leak checks judge what main holds there.
const std::string FailureHandlerUnit = CudaAndBranches + R"(
extern "C" void abort(void) __attribute__((noreturn));
extern "C" void exit(int) __attribute__((noreturn));
extern "C" cudaError_t cudaGetLastError(void);

[[noreturn]] void failAndAbort(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  (void)cudaGetLastError();
  abort();
}

[[noreturn]] void failAndExit(const int *flags) {
  int sum = 0;
  SIXTEEN_BRANCHES
  (void)cudaGetLastError();
  exit(sum);
}

void uploadOrAbort(const int *flags) {
  float *d = nullptr;
  if (cudaMalloc((void **)&d, 64) != cudaSuccess)
    failAndAbort(flags);
  (void)cudaFree(d);
}

void uploadOrExit(const int *flags) {
  float *d = nullptr;
  if (cudaMalloc((void **)&d, 64) != cudaSuccess)
    failAndExit(flags);
  (void)cudaFree(d);
}
)";

TEST(AnalysisLimitTest, ACalleeThatAbortsIsNotEntered) {
  UnitOutcome Outcome = analyzeWithNodeBudget(FailureHandlerUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  EXPECT_EQ(limitOf(Outcome, "uploadOrAbort"), nullptr);
  const AnalysisLimit *Exiting = limitOf(Outcome, "uploadOrExit");
  ASSERT_NE(Exiting, nullptr);
  EXPECT_EQ(Exiting->Reason, "node budget (2000 nodes) exhausted");
}

// A function whose only CUDA is waits and questions about the device
// (cudaGetDeviceCount, cudaSetDevice, cudaDeviceSynchronize,
// cudaGetLastError) starts with nothing queued and queues nothing: no check
// can find a bug in it, and it is not explored (cuda-samples' deviceQuery
// `main` used up every mode's budget). A function that also allocates is.
const std::string DeviceQueriesUnit = CudaAndBranches + R"(
extern "C" cudaError_t cudaGetDeviceCount(int *count);
extern "C" cudaError_t cudaSetDevice(int device);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" cudaError_t cudaGetLastError(void);

int pickDevice(const int *flags) {
  int count = 1, sum = 0;
  (void)cudaGetDeviceCount(&count);
  SIXTEEN_BRANCHES
  (void)cudaSetDevice(sum % count);
  (void)cudaDeviceSynchronize();
  return cudaGetLastError() == cudaSuccess ? sum : -1;
}

void allocateOnADevice(const int *flags) {
  int count = 1, sum = 0;
  (void)cudaGetDeviceCount(&count);
  SIXTEEN_BRANCHES
  (void)cudaSetDevice(sum % count);
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  (void)cudaFree(d);
}
)";

TEST(AnalysisLimitTest, FunctionsThatOnlyWaitOrAskAreNotExplored) {
  UnitOutcome Outcome = analyzeWithNodeBudget(DeviceQueriesUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  EXPECT_EQ(limitOf(Outcome, "pickDevice"), nullptr);
  EXPECT_NE(limitOf(Outcome, "allocateOnADevice"), nullptr);
  EXPECT_EQ(Outcome.FunctionsExplored, 1u);
}

// What a cheaper mode gives up must not make findings up (GROMACS and
// cuda-samples shapes; each function runs out of the full budget in a
// helper of its own, as the analyzer does not inline again a callee that
// used up a budget, and is finished without following callees that cannot
// reach the CUDA API):
//   - a helper that never returns (an assertion's lambda around a
//     [[noreturn]] handler) still ends the path;
//   - a helper whose result depends on its arguments alone answers the same
//     twice: the buffer freed is the one allocated again;
//   - a helper that returns a pointer may allocate: two calls, two buffers.
const std::string ModeArtefactsUnit = CudaAndBranches + R"(
extern "C" void free(void *);
extern "C" void *malloc(unsigned long);
extern "C" cudaError_t cudaMemset(void *devPtr, int value, unsigned long count);
[[noreturn]] void assertHandler(const char *message);
#define RELEASE_ASSERT(c) ((void)((c) ? (void)0 : [&]() { assertHandler(#c); }()))

#define SUM_OF_FLAGS(name) \
  int name(const int *flags) { int sum = 0; SIXTEEN_BRANCHES return sum; }
SUM_OF_FLAGS(refillSize)
SUM_OF_FLAGS(reallocationSize)
SUM_OF_FLAGS(deviceSize)

void refill(float **buffer, const int *flags, bool symmetric) {
  RELEASE_ASSERT(!symmetric);
  (void)cudaFree(*buffer);
  if (symmetric)
    return;
  (void)cudaMalloc((void **)buffer, 64 + refillSize(flags));
}

enum class Kind { Combined, Typed };
bool combined(Kind kind) {
  if (kind != Kind::Combined && kind != Kind::Typed)
    throw 0;
  return kind == Kind::Combined;
}

void reallocateOne(float **pair, Kind kind, const int *flags) {
  if (combined(kind))
    (void)cudaFree(pair[0]);
  else
    (void)cudaFree(pair[1]);
  int extra = reallocationSize(flags);
  if (combined(kind))
    (void)cudaMalloc((void **)&pair[0], 64 + extra);
  else
    (void)cudaMalloc((void **)&pair[1], 64 + extra);
  (void)cudaMemset(pair[0], 0, 64);
  (void)cudaMemset(pair[1], 0, 64);
}

void *checkedMalloc(unsigned long bytes) {
  void *p = malloc(bytes);
  if (!p)
    assertHandler("out of memory");
  return p;
}

void twoHostBuffers(const int *flags) {
  float *in = (float *)checkedMalloc(64);
  float *out = (float *)checkedMalloc(64);
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64 + deviceSize(flags));
  (void)cudaFree(d);
  free(in);
  free(out);
}
)";

TEST(AnalysisLimitTest, CheaperModesMakeNothingUp) {
  UnitOutcome Outcome = analyzeWithNodeBudget(ModeArtefactsUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  for (const char *Function : {"refill", "reallocateOne", "twoHostBuffers"}) {
    const AnalysisLimit *Limit = limitOf(Outcome, Function);
    ASSERT_NE(Limit, nullptr) << Function;
    EXPECT_FALSE(Limit->Fallback.empty()) << Function;
  }
  for (const Finding &Found : Outcome.Findings)
    ADD_FAILURE() << Found.CheckId << " at line " << Found.Where.Line << ": " << Found.Message;
}

// Virtual calls on an object whose type the path knows (it made it with
// `new`) go to that type's method, as cuda-samples' timers do on every path
// of their `main`s. An analyzer that does not record the dynamic type splits
// each call in two (inlined and not), and sixteen of them use up the budget.
const std::string VirtualCallUnit = CudaAndBranches + R"(
struct Timer {
  virtual ~Timer() {}
  virtual void start() = 0;
  virtual void stop() = 0;
};

struct WallTimer : Timer {
  void start() override { running = true; }
  void stop() override { running = false; }
  bool running = false;
};

void createTimer(Timer **timer) { *timer = new WallTimer(); }

#define TIMED(i) timer->start(); timer->stop();
void timedUploads() {
  Timer *timer = nullptr;
  createTimer(&timer);
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  TIMED(0) TIMED(1) TIMED(2) TIMED(3) TIMED(4) TIMED(5) TIMED(6) TIMED(7)
  (void)cudaFree(d);
  delete timer;
}
)";

TEST(AnalysisLimitTest, AVirtualCallGoesToTheMethodOfTheTypeThePathMade) {
  UnitOutcome Outcome = analyzeWithNodeBudget(VirtualCallUnit, 2000);
  ASSERT_FALSE(Outcome.Failed);
  EXPECT_TRUE(Outcome.Limits.empty());
}

// A loop nest whose inner loop has a known bound too large to unroll: the
// analyzer leaves the inner loop only after its third visit, and counts
// visits per path, so on the outer loop's second pass no path leaves it and
// nothing after the nest is analysed. A counted `for` is entered with its
// counter unknown, and left at every visit; a `while` over a counter is
// not. Reported, with the loop and the first line lost; loops that some
// path leaves are not.
const std::string LoopNestUnit = CudaAndBranches + R"(
void printsThenAllocates(float *h) {
  for (int k = 0; k < 2; ++k) {
    int j = 0;
    while (j < 200)
      h[j++] += k;
  }
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
}

void countedNest(float *h) {
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 200; ++j)
      h[j] += k;
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  (void)cudaFree(d);
}

void oneLongLoop(float *h) {
  for (int j = 0; j < 200; ++j)
    h[j] += 1;
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  (void)cudaFree(d);
}

void unknownBound(float *h, int n) {
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < n; ++j)
      h[j] += k;
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  (void)cudaFree(d);
}
)";

TEST(AnalysisLimitTest, CodeNoPathReachesPastALoopIsReported) {
  UnitOutcome Outcome = analyzeWithNodeBudget(LoopNestUnit, 0);
  ASSERT_FALSE(Outcome.Failed);
  ASSERT_EQ(Outcome.Limits.size(), 1u);
  EXPECT_EQ(Outcome.Limits[0].Function, "printsThenAllocates");
  EXPECT_EQ(Outcome.Limits[0].Where.Line, 11u);
  EXPECT_EQ(Outcome.Limits[0].Reason,
            "no path left the loop at line 12 (the analyzer enters a block at most 4 times on "
            "one path): nothing from line 17 on was analysed");
}

// Paths the engine ends where the program goes on. A `typeid` in the
// function itself ends them there; one in a helper it calls does not, as
// the helper is evaluated without its body. A throw the function catches
// leaves its catch handler unanalysed; exit() and a throw it does not catch
// end the program or leave the function, and are not limits.
const std::string PathsEndedUnit = R"(typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" cudaError_t cudaMalloc(void **devPtr, unsigned long size);
extern "C" cudaError_t cudaFree(void *devPtr);
extern "C" void exit(int) __attribute__((noreturn));
namespace std { class type_info; }
struct Error { virtual ~Error(); };
void record(const std::type_info &);

void namesItsType(const Error *e) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  record(typeid(*e));
  (void)cudaFree(d);
}

struct Recorder {
  template <class T> void note() { record(typeid(T)); }
};

void leaksPastAHelper(int n, Recorder &recorder) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  recorder.note<int>();
  if (n > 3)
    return;
  (void)cudaFree(d);
}

void catches(int n) {
  float *d = nullptr;
  (void)cudaMalloc((void **)&d, 64);
  try {
    if (n > 3)
      throw n;
  } catch (int) {
    (void)cudaFree(d);
    return;
  }
  (void)cudaFree(d);
}

void exitsOrThrows(int n) {
  float *d = nullptr;
  if (cudaMalloc((void **)&d, 64) != cudaSuccess)
    exit(1);
  if (n > 3)
    throw n;
  (void)cudaFree(d);
}
)";

TEST(AnalysisLimitTest, PathsEndedWhereTheProgramGoesOnAreReported) {
  UnitOutcome Outcome = analyzeWithNodeBudget(PathsEndedUnit, 0);
  ASSERT_FALSE(Outcome.Failed);
  ASSERT_EQ(Outcome.Limits.size(), 2u);
  EXPECT_EQ(Outcome.Limits[0].Function, "namesItsType");
  EXPECT_EQ(Outcome.Limits[0].Reason,
            "the analyzer does not evaluate 'typeid' (line 12): 1 path ends there, and nothing "
            "after it on them was analysed");
  EXPECT_EQ(Outcome.Limits[1].Function, "catches");
  EXPECT_EQ(Outcome.Limits[1].Reason,
            "the analyzer does not follow exceptions: 1 path ends at a throw (first at line 34), "
            "and the catch handler at line 35 was not analysed");
  // The helper's typeid did not end leaksPastAHelper's path: its leak is
  // found after the call.
  bool LeakFound = false;
  for (const Finding &F : Outcome.Findings)
    LeakFound = LeakFound || (F.CheckId == "cuda-memory-leak" && F.Where.Line == 22);
  EXPECT_TRUE(LeakFound);
}

} // namespace
} // namespace cudalint
