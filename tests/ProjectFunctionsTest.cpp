// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The summary pass (checks/shared/ProjectFunctions.h): what a unit's functions do,
// read off their bodies, as the units that call them see it. Each case is a
// function of one in-memory unit and the summary it must get; the look-alikes
// must get none, or must keep the parameter an unknown call would keep.
#include "shared/ProjectFunctions.h"
#include "run/Analysis.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace cudalint {
namespace {

constexpr const char *Prelude = R"(#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
typedef unsigned long size_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToDevice = 1 };
extern "C" {
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaDeviceSynchronize(void);
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
const char *cudaGetErrorString(cudaError_t error);
int printf(const char *format, ...);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
void *malloc(size_t size);
void free(void *ptr);
}
void unknown(float *p);
)";

UnitOutcome summaryPass(const std::string &Code) {
  const std::string Path = "/project-functions/unit.cu";
  AnalysisOptions Options;
  Options.Summaries = SummaryRole::WritesOnly;
  return analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                      "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Path},
                     "/", Options, {{Path, Prelude + Code}});
}

std::map<std::string, FunctionSummary> summarise(const std::string &Code) {
  UnitOutcome Outcome = summaryPass(Code);
  EXPECT_FALSE(Outcome.Failed) << (Outcome.Errors.empty() ? "" : Outcome.Errors.front());
  std::optional<std::vector<FunctionSummary>> Read = readSummaries(Outcome.Summaries);
  EXPECT_TRUE(Read.has_value()) << Outcome.Summaries;
  std::map<std::string, FunctionSummary> ByName;
  for (FunctionSummary &Summary : Read.value_or(std::vector<FunctionSummary>{}))
    ByName[Summary.Name] = std::move(Summary);
  return ByName;
}

TEST(ProjectFunctionsTest, ReturnedMemory) {
  auto Summaries = summarise(R"(
float *makeArray(size_t n) {
  float *d;
  if (cudaMalloc((void **)&d, n) != cudaSuccess)
    return nullptr;
  return d;
}
float *makeHost(size_t n) { return (float *)malloc(n); }
float *makeThroughAnother(size_t n) { return makeArray(n); }
float *releasedFirst(size_t n) {
  float *d;
  (void)cudaMalloc((void **)&d, n);
  (void)cudaFree(d);
  return d;
}
float *eitherFamily(size_t n, bool pinned) {
  float *d;
  if (pinned) {
    (void)cudaMallocHost((void **)&d, n);
    return d;
  }
  return (float *)malloc(n);
}
)");
  ASSERT_TRUE(Summaries.count("makeArray"));
  ASSERT_TRUE(Summaries["makeArray"].Returns.has_value());
  EXPECT_EQ(Summaries["makeArray"].Returns->Family, MemoryFamily::Device);
  EXPECT_EQ(Summaries["makeArray"].Returns->Release, "cudaFree");
  EXPECT_EQ(Summaries["makeArray"].cudaEffect(), CudaEffect::OnMemory);
  ASSERT_TRUE(Summaries.count("makeHost") && Summaries["makeHost"].Returns);
  EXPECT_EQ(Summaries["makeHost"].Returns->Family, MemoryFamily::PageableHost);
  EXPECT_EQ(Summaries["makeHost"].cudaEffect(), CudaEffect::None);
  ASSERT_TRUE(Summaries.count("makeThroughAnother") && Summaries["makeThroughAnother"].Returns);
  EXPECT_EQ(Summaries["makeThroughAnother"].Returns->Family, MemoryFamily::Device);
  // cudaFree and cudaMallocHost synchronise the device, and that is all
  // these two say.
  EXPECT_FALSE(Summaries["releasedFirst"].Returns.has_value());
  EXPECT_FALSE(Summaries["eitherFamily"].Returns.has_value());
}

TEST(ProjectFunctionsTest, OutParameters) {
  auto Summaries = summarise(R"(
cudaError_t allocInto(float **out, size_t n) { return cudaMalloc((void **)out, n); }
void allocThroughLocal(float **out, size_t n) {
  float *d;
  if (cudaMalloc((void **)&d, n) == cudaSuccess)
    *out = d;
}
void allocIntoReference(float *&out, size_t n) {
  if (cudaMallocHost((void **)&out, n) != cudaSuccess)
    out = nullptr;
}
void readsTheOldValue(float **out, size_t n) {
  (void)cudaFree(*out);
  (void)cudaMalloc((void **)out, n);
}
)");
  for (const char *Name : {"allocInto", "allocThroughLocal"}) {
    SCOPED_TRACE(Name);
    ASSERT_TRUE(Summaries.count(Name));
    ASSERT_EQ(Summaries[Name].WritesAllocation.size(), 1u);
    EXPECT_EQ(Summaries[Name].WritesAllocation[0].first, 0u);
    EXPECT_EQ(Summaries[Name].WritesAllocation[0].second.Family, MemoryFamily::Device);
  }
  ASSERT_TRUE(Summaries.count("allocIntoReference"));
  ASSERT_EQ(Summaries["allocIntoReference"].WritesAllocation.size(), 1u);
  EXPECT_EQ(Summaries["allocIntoReference"].WritesAllocation[0].second.Family,
            MemoryFamily::PinnedHost);
  EXPECT_EQ(Summaries["allocIntoReference"].WritesAllocation[0].second.Release, "cudaFreeHost");
  EXPECT_TRUE(Summaries["readsTheOldValue"].WritesAllocation.empty());
  EXPECT_EQ(Summaries["readsTheOldValue"].Keeps, std::vector<unsigned>{0});
}

TEST(ProjectFunctionsTest, Releases) {
  auto Summaries = summarise(R"(
void deviceFree(float *d) {
  if (d)
    (void)cudaFree(d);
}
void freeThroughAnother(float *d) { deviceFree(d); }
void freeBoth(float *a, float *b) {
  (void)cudaFree(a);
  (void)cudaFree(b);
}
struct Buffer { float *data; int size; };
void destroy(Buffer *b) { (void)cudaFree(b->data); }
)");
  for (const char *Name : {"deviceFree", "freeThroughAnother"}) {
    SCOPED_TRACE(Name);
    ASSERT_TRUE(Summaries.count(Name) && Summaries[Name].Releases);
    EXPECT_EQ(Summaries[Name].Releases->first, 0u);
    EXPECT_EQ(Summaries[Name].Releases->second, MemoryFamily::Device);
    EXPECT_TRUE(Summaries[Name].Keeps.empty());
  }
  // Two releases in one call are more than the checks model; a pointer read
  // out of the caller's memory takes what the caller owns there along.
  EXPECT_FALSE(Summaries["freeBoth"].Releases.has_value());
  EXPECT_EQ(Summaries["freeBoth"].Keeps, (std::vector<unsigned>{0, 1}));
  EXPECT_FALSE(Summaries["destroy"].Releases.has_value());
  EXPECT_EQ(Summaries["destroy"].Keeps, std::vector<unsigned>{0});
}

TEST(ProjectFunctionsTest, UsedOrKept) {
  auto Summaries = summarise(R"(
float *Global;
void fill(float *h, size_t n) {
  for (size_t i = 0; i < n; ++i)
    h[i] = (float)i;
}
void upload(float *d, const float *h, size_t n) {
  (void)cudaMemcpy(d, h + 1, n, cudaMemcpyHostToDevice);
}
void storeGlobally(float *p) { Global = p; }
void handOn(float *p) { unknown(p); }
void copyLocally(float *p) {
  float *q = p;
  q[0] = 1;
}
void capture(float *p) {
  auto f = [p] { p[0] = 1; };
  f();
}
void fillThenKeep(float *p, float *q) {
  fill(p, 4);
  storeGlobally(q);
}
)");
  ASSERT_TRUE(Summaries.count("fill"));
  EXPECT_TRUE(Summaries["fill"].Keeps.empty());
  EXPECT_EQ(Summaries["fill"].cudaEffect(), CudaEffect::None);
  ASSERT_TRUE(Summaries.count("upload"));
  EXPECT_TRUE(Summaries["upload"].Keeps.empty());
  for (const char *Name : {"storeGlobally", "handOn", "copyLocally", "capture"})
    EXPECT_FALSE(Summaries.count(Name)) << Name;
  ASSERT_TRUE(Summaries.count("fillThenKeep"));
  EXPECT_EQ(Summaries["fillThenKeep"].Keeps, std::vector<unsigned>{1});
}

TEST(ProjectFunctionsTest, Synchronizes) {
  auto Summaries = summarise(R"(
void syncAll(float *unused) { (void)cudaDeviceSynchronize(); }
void syncSometimes(bool debug) {
  if (debug)
    syncAll(nullptr);
}
void noSync(int) {}
)");
  EXPECT_TRUE(Summaries["syncAll"].SynchronizesDevice);
  EXPECT_EQ(Summaries["syncAll"].cudaEffect(), CudaEffect::WaitsOnly);
  EXPECT_TRUE(Summaries["syncSometimes"].SynchronizesDevice);
  EXPECT_FALSE(Summaries.count("noSync"));
}

TEST(ProjectFunctionsTest, WaitsForAStreamOrEvent) {
  auto Summaries = summarise(R"(
void finish(int device, cudaStream_t stream) { (void)cudaStreamSynchronize(stream); }
void finishThrough(cudaStream_t s) { finish(0, s); }
void waitEvent(cudaEvent_t done) { (void)cudaEventSynchronize(done); }
static cudaStream_t own;
void waitsOwn(cudaStream_t stream) { (void)cudaStreamSynchronize(own); }
void waitsEither(cudaStream_t a, cudaStream_t b, bool first) {
  (void)cudaStreamSynchronize(first ? a : b);
}
void waitsBoth(cudaStream_t a, cudaStream_t b) {
  (void)cudaStreamSynchronize(a);
  (void)cudaStreamSynchronize(b);
}
)");
  ASSERT_TRUE(Summaries["finish"].WaitsFor.has_value());
  EXPECT_EQ(Summaries["finish"].WaitsFor->Scope, SyncScope::Stream);
  EXPECT_EQ(Summaries["finish"].WaitsFor->Parameter, 1u);
  EXPECT_EQ(Summaries["finish"].cudaEffect(), CudaEffect::WaitsOnly);
  ASSERT_TRUE(Summaries["finishThrough"].WaitsFor.has_value());
  EXPECT_EQ(Summaries["finishThrough"].WaitsFor->Parameter, 0u);
  ASSERT_TRUE(Summaries["waitEvent"].WaitsFor.has_value());
  EXPECT_EQ(Summaries["waitEvent"].WaitsFor->Scope, SyncScope::Event);
  // A stream the caller cannot name, a choice, two streams: no wait said.
  for (const char *Name : {"waitsOwn", "waitsEither", "waitsBoth"})
    EXPECT_FALSE(Summaries[Name].WaitsFor.has_value()) << Name;
}

TEST(ProjectFunctionsTest, StatusesNeverRead) {
  auto Summaries = summarise(R"(
void checkStub(cudaError_t status, const char *where) { (void)status; (void)where; }
void checkUnnamed(cudaError_t) {}
void checkThrough(int line, cudaError_t status) { checkStub(status, "here"); }
void checkReads(cudaError_t status) {
  if (status != cudaSuccess)
    printf("%s\n", cudaGetErrorString(status));
}
cudaError_t passOn(cudaError_t status) { return status; }
void checkLater(cudaError_t status) {
  auto later = [status] { return status == cudaSuccess; };
  (void)later;
}
void handOnUnknown(cudaError_t status);
void checkUnknown(cudaError_t status) { handOnUnknown(status); }
)");
  EXPECT_EQ(Summaries["checkStub"].IgnoresStatus, std::vector<unsigned>{0});
  EXPECT_EQ(Summaries["checkUnnamed"].IgnoresStatus, std::vector<unsigned>{0});
  EXPECT_EQ(Summaries["checkThrough"].IgnoresStatus, std::vector<unsigned>{1});
  EXPECT_EQ(Summaries["checkStub"].cudaEffect(), CudaEffect::None);
  for (const char *Name : {"checkReads", "passOn", "checkLater", "checkUnknown"})
    EXPECT_TRUE(Summaries[Name].IgnoresStatus.empty()) << Name;
}

// Device code clang rejects is set aside, as in any analysis: the host
// functions are still summarised.
TEST(ProjectFunctionsTest, RejectedDeviceCodeIsSetAside) {
  UnitOutcome Outcome = summaryPass(R"(
__device__ float twice(float x) { return undeclaredInDeviceCode(x); }
__global__ void scale(float *x) { x[0] = twice(x[0]) + alsoUndeclared; }
void deviceFree(float *d) { (void)cudaFree(d); }
)");
  EXPECT_FALSE(Outcome.Failed);
  EXPECT_TRUE(Outcome.Errors.empty());
  EXPECT_FALSE(Outcome.SetAside.Errors.empty());
  EXPECT_NE(Outcome.Summaries.find("deviceFree\treleases=0:device"), std::string::npos)
      << Outcome.Summaries;
}

// A unit analysed with its own summaries writes the summaries it writes when
// only summarised (a shard's other units are), and notes the functions it
// looked up, such as those it calls without defining them.
TEST(ProjectFunctionsTest, AnalysedWithItsOwnSummaries) {
  const std::string Code = R"(
void deviceFree(float *d);
__global__ void fill(float *x) { x[0] = 1.0f; }
void launchFill(float *x) { fill<<<1, 1>>>(x); }
void releaseTwice(float *d) {
  deviceFree(d);
  deviceFree(d);
}
)";
  UnitOutcome Summarised = summaryPass(Code);
  AnalysisOptions Options;
  Options.Checks = {findCheck("cuda-unchecked-error")};
  Options.Summaries = SummaryRole::WritesAndReadsOwn;
  const std::string Path = "/project-functions/unit.cu";
  UnitOutcome Analysed =
      analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                   "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Path},
                  "/", Options, {{Path, Prelude + Code}});
  EXPECT_FALSE(Analysed.Failed);
  EXPECT_EQ(Analysed.Summaries, Summarised.Summaries);
  EXPECT_TRUE(Summarised.SummariesConsulted.empty());
  EXPECT_TRUE(llvm::is_sorted(Analysed.SummariesConsulted));
  EXPECT_TRUE(llvm::is_contained(Analysed.SummariesConsulted, "c:@F@deviceFree#*f#\tpending\t0"))
      << llvm::join(Analysed.SummariesConsulted, " ");
  EXPECT_FALSE(Analysed.Summaries.empty());
}

// With the summaries of the units done so far, a function of the unit that
// nothing in it refers to is taken as called by a unit still to come, and
// the files declaring the callees no summary told of yet are named.
TEST(ProjectFunctionsTest, ExpectsTheUnitsStillToCome) {
  const std::string Code = R"(
#include "pool.h"
struct dim3 { unsigned x, y, z; dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {} };
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                void *stream = 0);
__global__ void fill(float *x) { x[0] = 1.0f; }
void launchFill(float *x) { fill<<<1, 1>>>(x); }
static float *shown;
void display() { fill<<<1, 1>>>(shown); }
void (*onExit)() = display;
template <typename T> void launchT(T *x);
template <> void launchT<float>(float *x) { fill<<<1, 1>>>(x); }
template <typename T> void launchU(T *x) { fill<<<1, 1>>>(x); }
template void launchU<float>(float *x);
void takeAndRelease() {
  float *p = poolTake(4);
  (void)cudaFree(p);
}
)";
  AnalysisOptions Options;
  Options.Checks = {findCheck("cuda-unchecked-error"), findCheck("cuda-memory-leak")};
  Options.Summaries = SummaryRole::WritesAndReadsOwn;
  const std::string Path = "/project-functions/unit.cu";
  const std::string Header = "/project-functions/pool.h";
  UnitOutcome Analysed =
      analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                   "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Path},
                  "/", Options, {{Path, Prelude + Code}, {Header, "float *poolTake(size_t n);\n"}});
  ASSERT_FALSE(Analysed.Failed) << (Analysed.Errors.empty() ? "" : Analysed.Errors.front());
  std::string Asked = llvm::join(Analysed.SummariesConsulted, " ");
  EXPECT_TRUE(llvm::is_contained(Analysed.SummariesConsulted, "c:@F@launchFill#*f#\tcalled\t1"))
      << Asked;
  EXPECT_TRUE(llvm::is_contained(Analysed.SummariesConsulted, "c:@F@display#\tcalled\t0")) << Asked;
  // An explicit specialisation is most often picked from a table of
  // function pointers; an explicit instantiation is there to be called.
  EXPECT_TRUE(llvm::is_contained(Analysed.SummariesConsulted, "c:@F@launchT<#f>#*f#\tcalled\t0"))
      << Asked;
  EXPECT_TRUE(llvm::is_contained(Analysed.SummariesConsulted, "c:@F@launchU<#f>#*f#\tcalled\t1"))
      << Asked;
  EXPECT_EQ(Analysed.UnknownCalleesDeclaredIn, std::vector<std::string>{Header});
  // The unchecked launches of the callback and of the specialisation are
  // lost; the launchers' are their callers' to read, as the whole database
  // will tell.
  ASSERT_EQ(Analysed.Findings.size(), 2u);
  unsigned First = llvm::StringRef(Prelude).count('\n');
  EXPECT_EQ(Analysed.Findings[0].CheckId, "cuda-unchecked-error");
  EXPECT_EQ(Analysed.Findings[0].Where.Line, First + 9);
  EXPECT_EQ(Analysed.Findings[1].CheckId, "cuda-unchecked-error");
  EXPECT_EQ(Analysed.Findings[1].Where.Line, First + 12);
}

// A question is asked again of the whole database, and compared with the
// answer the analysis got.
TEST(ProjectFunctionsTest, CompareAnswers) {
  ProjectFunctions Releases, Synchronizes, Nothing;
  ASSERT_TRUE(Releases.read("c:@F@a\ta\treleases=0:device\nlaunch\tc:@F@l\tpending,called\n"));
  ASSERT_TRUE(Synchronizes.read("c:@F@a\ta\tsynchronizes\nlaunch\tc:@F@l\tpending\n"));
  ASSERT_TRUE(Nothing.read(""));
  // The questions as an analysis with `By` notes them.
  auto AnsweredBy = [](const ProjectFunctions &By, std::vector<std::string> Questions) {
    for (std::string &Question : Questions) {
      auto [Usr, Asked] = llvm::StringRef(Question).split('\t');
      Question += "\t" + By.answer(Usr, Asked).value_or("?");
    }
    return Questions;
  };
  using P = ProjectFunctions;
  using D = ProjectFunctions::Differences;
  EXPECT_EQ(P::compareAnswers(Releases, AnsweredBy(Synchronizes, {"c:@F@a\tsummary"})),
            D::Summaries);
  // Both act on CUDA, but a caller whose only CUDA is a wait is not
  // explored, and one that releases may show a bug.
  EXPECT_EQ(P::compareAnswers(Releases, AnsweredBy(Synchronizes, {"c:@F@a\tacts"})), D::Summaries);
  EXPECT_EQ(P::compareAnswers(Releases, AnsweredBy(Releases, {"c:@F@a\tacts"})), D::None);
  EXPECT_EQ(P::compareAnswers(Releases, AnsweredBy(Nothing, {"c:@F@a\tacts"})), D::Summaries);
  EXPECT_EQ(
      P::compareAnswers(Releases, AnsweredBy(Synchronizes, {"c:@F@l\tpending", "c:@F@z\tsummary"})),
      D::None);
  EXPECT_EQ(
      P::compareAnswers(Releases, AnsweredBy(Synchronizes, {"c:@F@l\tcalled", "c:@F@l\tpending"})),
      D::LaunchFactsOnly);
  EXPECT_EQ(
      P::compareAnswers(Releases, AnsweredBy(Synchronizes, {"c:@F@a\tsummary", "c:@F@l\tcalled"})),
      D::Summaries);
  EXPECT_EQ(
      P::compareAnswers(Synchronizes, AnsweredBy(Nothing, {"c:@F@l\tqueries", "c:@F@l\tcalled"})),
      D::None);
  EXPECT_EQ(P::compareAnswers(Releases, AnsweredBy(Releases, {"c:@F@a\tsummary"})), D::None);
  // A function found to read the launch error, and nothing else: the
  // checks that read launch facts find at most what they found.
  ProjectFunctions Reads;
  ASSERT_TRUE(Reads.read("launch\tc:@F@q\tqueries\nlaunch\tc:@F@l\tpending\n"));
  EXPECT_EQ(P::compareAnswers(Reads, AnsweredBy(Synchronizes, {"c:@F@q\tqueries"})),
            D::MoreReadersOnly);
  EXPECT_EQ(P::compareAnswers(Synchronizes, AnsweredBy(Reads, {"c:@F@q\tqueries"})),
            D::LaunchFactsOnly);
  EXPECT_EQ(P::compareAnswers(Reads, AnsweredBy(Releases, {"c:@F@q\tqueries", "c:@F@l\tcalled"})),
            D::LaunchFactsOnly);
  // Which: the findings that rest on them are those that may go.
  EXPECT_EQ(P::nowReading(Reads, AnsweredBy(Synchronizes, {"c:@F@q\tqueries", "c:@F@l\tqueries",
                                                           "c:@F@l\tpending"})),
            std::vector<std::string>{"c:@F@q"});
  EXPECT_EQ(P::nowReading(Synchronizes, AnsweredBy(Reads, {"c:@F@q\tqueries"})),
            std::vector<std::string>{});
  // A question of another version, from a cached analysis.
  EXPECT_EQ(P::compareAnswers(Synchronizes, {"c:@F@l\tsomething new\t1"}), D::Summaries);
  EXPECT_EQ(P::compareAnswers(Releases, {}), D::None);
}

TEST(ProjectFunctionsTest, OnlyWhatAnotherUnitCalls) {
  auto Summaries = summarise(R"(
static void deviceFreeStatic(float *d) { (void)cudaFree(d); }
inline void deviceFreeInline(float *d) { (void)cudaFree(d); }
template <typename T> void deviceFreeTemplate(T *d) { (void)cudaFree(d); }
struct Holder {
  void release(float *d) { (void)cudaFree(d); }
  friend void releaseFriend(Holder &, float *d) { (void)cudaFree(d); }
};
namespace project { void deviceFree(float *d) { deviceFreeStatic(d); } }
extern "C" { void c_device_free(float *d) { (void)cudaFree(d); } }
extern "C++" { namespace project::nested { void free2(float *d) { (void)cudaFree(d); } } }
)");
  // A friend defined in its class is inline.
  ASSERT_EQ(Summaries.size(), 3u);
  ASSERT_TRUE(Summaries.count("project::deviceFree"));
  EXPECT_TRUE(Summaries["project::deviceFree"].Releases.has_value());
  EXPECT_TRUE(Summaries.count("c_device_free"));
  EXPECT_TRUE(Summaries.count("project::nested::free2"));
}

TEST(ProjectFunctionsTest, TextReadsBackAndMerges) {
  FunctionSummary Free;
  Free.Usr = "c:@F@deviceFree";
  Free.Name = "deviceFree";
  Free.Releases = {{0u, MemoryFamily::Device}};
  FunctionSummary Make;
  Make.Usr = "c:@F@make";
  Make.Name = "make";
  Make.Returns = MemoryHandedOut{MemoryFamily::Managed, "cudaFree"};
  Make.WritesAllocation.push_back({1u, {MemoryFamily::PinnedHost, "cudaFreeHost"}});
  Make.Keeps = {2u, 3u};
  Make.SynchronizesDevice = true;
  Make.WaitsFor = HandleWait{SyncScope::Event, 4u};
  Make.IgnoresStatus = {5u, 6u};
  std::string Text = writeSummaries({Free, Make});
  std::optional<std::vector<FunctionSummary>> Read = readSummaries(Text);
  ASSERT_TRUE(Read.has_value());
  ASSERT_EQ(Read->size(), 2u);
  EXPECT_TRUE((*Read)[0] == Free);
  EXPECT_TRUE((*Read)[1] == Make);
  EXPECT_FALSE(readSummaries("c:@F@x\tx\treturns=nowhere:free\n").has_value());
  EXPECT_FALSE(readSummaries("c:@F@x\tx\tkeeps=a\n").has_value());
  EXPECT_FALSE(readSummaries("no-tab\n").has_value());
  EXPECT_FALSE(readSummaries("c:@F@x\tx\twaits=device:0\n").has_value());
  EXPECT_FALSE(readSummaries("c:@F@x\tx\tignores-status=\n").has_value());

  // Two units that define `make` alike agree; one that defines it otherwise
  // (another program's helper of the same name) takes it out.
  FunctionSummary OtherMake = Make;
  OtherMake.Returns.reset();
  EXPECT_EQ(mergeSummaries({writeSummaries({Make}), writeSummaries({Free, Make})}), Text);
  EXPECT_EQ(
      mergeSummaries({writeSummaries({Make}), writeSummaries({Free}), writeSummaries({OtherMake})}),
      writeSummaries({Free}));
}

// Launch facts: which functions leave a launch's error to their caller or
// read it, methods and template instances included, and which functions the
// unit calls without defining them.
TEST(ProjectFunctionsTest, LaunchFacts) {
  UnitOutcome Outcome = summaryPass(R"(
struct dim3 { unsigned x, y, z; dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {} };
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                void *stream = 0);
cudaError_t cudaGetLastError(void);
__global__ void kernel(float *x) {}
void launcher(float *x) { kernel<<<1, 1>>>(x); }
template <typename T> void launcherT(T *x) { kernel<<<1, 1>>>(x); }
template void launcherT<float>(float *x);
struct Runner { void run(float *x); };
void Runner::run(float *x) { launcher(x); }
void checker() { if (cudaGetLastError() != cudaSuccess) printf("failed\n"); }
void checked(float *x) { kernel<<<1, 1>>>(x); checker(); }
static void hidden(float *x) { kernel<<<1, 1>>>(x); }
void callsHidden(float *x) { hidden(x); (void)cudaGetLastError(); }
void elsewhere(float *x);
void callsElsewhere(float *x) { elsewhere(x); }
static void throughAHelper(float *x) { elsewhere(x); }
void callsElsewhereThroughAHelper(float *x) { throughAHelper(x); }
void launchesSometimes(float *x, bool fill) { if (fill) kernel<<<1, 1>>>(x); }
void callsSometimesLauncher(float *x) { launchesSometimes(x, false); }
void elsewhereToo(float *x);
void dispatches(float *x, bool wide) { if (wide) elsewhere(x); else elsewhereToo(x); }
void dispatchesSometimes(float *x, bool wide) { if (wide) elsewhere(x); }
void dispatchesAndChecks(float *x) { elsewhere(x); checker(); }
void checksThenDispatches(float *x) { checker(); elsewhere(x); }
[[noreturn]] void fail(const char *why);
#define assert(condition) ((void)0)
void launchesUnlessItFails(float *x, bool ok) { if (!ok) fail("no"); kernel<<<1, 1>>>(x); }
void launchesUnlessItThrows(float *x, int wide) {
  switch (wide) { case 0: kernel<<<1, 1>>>(x); break; case 1: kernel<<<2, 1>>>(x); break; default: throw 1; }
}
void launchesOrAsserts(float *x, int wide) {
  switch (wide) { case 0: kernel<<<1, 1>>>(x); break; default: assert(0 && "unsupported"); }
}
void launchesOrAssertsSomething(float *x, int wide) {
  switch (wide) { case 0: kernel<<<1, 1>>>(x); break; default: assert(wide > 0); }
}
void launchesUnlessItCatches(float *x, int wide) {
  try { if (wide) throw 1; kernel<<<1, 1>>>(x); } catch (int) {}
}
void dispatchesOrAsserts(float *x, bool wide) { if (wide) elsewhere(x); else assert(!"unsupported"); }
void launchesPerLayer(float *x, int layers) { for (int i = 0; i < layers; ++i) kernel<<<1, 1>>>(x); }
void launchesSomeLayers(float *x, int layers) {
  for (int i = 0; i < layers; ++i) if (i % 2) kernel<<<1, 1>>>(x);
}
void launchesUntilBreak(float *x, int layers) {
  while (layers--) { if (layers == 3) break; kernel<<<1, 1>>>(x); }
}
void dispatchesPerLayer(float *x, int layers) { for (int i = 0; i < layers; ++i) elsewhere(x); }
void loadsElsewhere(float *x);
void loadsThenMayLaunch(float *x, bool quantized) { loadsElsewhere(x); if (quantized) elsewhere(x); }
struct Layer { virtual void forward(float *x); };
struct FusedLayer : Layer { void forward(float *x) override; };
void FusedLayer::forward(float *x) { kernel<<<1, 1>>>(x); }
void callsThroughTheBase(Layer *layer, float *x) { layer->forward(x); }
void checkedEverywhere(float *x);
void callsAndChecks(float *x) { checkedEverywhere(x); checker(); }
)");
  ASSERT_FALSE(Outcome.Failed) << (Outcome.Errors.empty() ? "" : Outcome.Errors.front());
  std::optional<std::map<std::string, LaunchFacts>> Read = readLaunchFacts(Outcome.Summaries);
  ASSERT_TRUE(Read.has_value()) << Outcome.Summaries;
  std::map<std::string, std::string> Facts;
  for (const auto &[Usr, Known] : *Read)
    Facts[Usr] = std::string(Known.LeavesPending ? "pending" : "") +
                 (Known.MayLeavePending ? "maybe" : "") + (Known.Queries ? "queries" : "");
  EXPECT_EQ(Facts, (std::map<std::string, std::string>{
                       {"c:@F@callsAndChecks#*f#", "queries"},
                       {"c:@F@callsHidden#*f#", "queries"},
                       // Launches on some paths only: judged at its launch
                       // unless every caller reads the error after it.
                       {"c:@F@callsSometimesLauncher#*f#", "maybe"},
                       // Also one that would if the other units' functions
                       // it calls launched.
                       {"c:@F@callsElsewhere#*f#", "maybe"},
                       {"c:@F@callsElsewhereThroughAHelper#*f#", "maybe"},
                       {"c:@F@callsThroughTheBase#*$@S@Layer#*f#", "maybe"},
                       {"c:@F@dispatches#*f#b#", "maybe"},
                       {"c:@F@dispatchesOrAsserts#*f#b#", "maybe"},
                       {"c:@F@dispatchesPerLayer#*f#I#", "maybe"},
                       {"c:@F@dispatchesSometimes#*f#b#", "maybe"},
                       {"c:@F@loadsThenMayLaunch#*f#b#", "maybe"},
                       {"c:@F@launchesOrAssertsSomething#*f#I#", "maybe"},
                       {"c:@F@launchesSomeLayers#*f#I#", "maybe"},
                       {"c:@F@launchesSometimes#*f#b#", "maybe"},
                       {"c:@F@launchesUnlessItCatches#*f#I#", "maybe"},
                       {"c:@F@launchesUntilBreak#*f#I#", "maybe"},
                       // Reads the error, then may leave another unit's
                       // launch pending: a model's block that checks after
                       // its attention and not after its last launches. A
                       // check helper that may then call another unit's
                       // function (printf here, a logger) is one too.
                       {"c:@F@checksThenDispatches#*f#", "maybequeries"},
                       {"c:@F@checker#", "maybequeries"},
                       {"c:@F@checked#*f#", "queries"},
                       {"c:@F@dispatchesAndChecks#*f#", "queries"},
                       {"c:@F@launcher#*f#", "pending"},
                       // A path that never returns is not a path without a
                       // launch: a noreturn call, a throw out of the
                       // function, an assertion of false (even compiled out).
                       {"c:@F@launchesOrAsserts#*f#I#", "pending"},
                       // A loop whose every pass launches: over layers, not
                       // a condition (the loop that may skip some is one).
                       {"c:@F@launchesPerLayer#*f#I#", "pending"},
                       {"c:@F@launchesUnlessItFails#*f#b#", "pending"},
                       {"c:@F@launchesUnlessItThrows#*f#I#", "pending"},
                       {"c:@S@FusedLayer@F@forward#*f#", "pending"},
                       {"c:@F@launcherT<#f>#*f#", "pending"},
                       {"c:@S@Runner@F@run#*f#", "pending"},
                   }))
      << Outcome.Summaries;
  EXPECT_NE(Outcome.Summaries.find("calls\tc:@F@elsewhere#*f#\n"), std::string::npos)
      << Outcome.Summaries;
  EXPECT_EQ(Outcome.Summaries.find("calls\tc:@F@kernel"), std::string::npos) << Outcome.Summaries;
  // A call of another unit's function that may leave a launch's error
  // unread, were it to launch; not one the caller checks after. The error
  // leaves the unit unread through functions other units call: it is lost
  // if they lose it.
  EXPECT_NE(Outcome.Summaries.find("unchecked\tc:@F@elsewhere#*f#\tvia\tc:@F@callsElsewhere#*f#"
                                   "\tc:@F@callsElsewhereThroughAHelper#*f#"
                                   "\tc:@F@checksThenDispatches#*f#\tc:@F@dispatches#*f#b#"),
            std::string::npos)
      << Outcome.Summaries;
  // A query is not a call that may launch.
  EXPECT_EQ(Outcome.Summaries.find("unchecked\tc:@F@cudaGetLastError"), std::string::npos)
      << Outcome.Summaries;
  EXPECT_EQ(Outcome.Summaries.find("unchecked\tc:@F@checkedEverywhere"), std::string::npos)
      << Outcome.Summaries;
  // Edges to the other units' functions, through the unit's own helpers too.
  EXPECT_NE(Outcome.Summaries.find("edge\tc:@F@callsElsewhere#*f#\tc:@F@elsewhere#*f#\n"),
            std::string::npos)
      << Outcome.Summaries;
  EXPECT_NE(
      Outcome.Summaries.find("edge\tc:@F@callsElsewhereThroughAHelper#*f#\tc:@F@elsewhere#*f#\n"),
      std::string::npos)
      << Outcome.Summaries;
  // What would leave pending the error of launches in other units: a
  // dispatcher whose every path calls one of them, not one that may call
  // none or checks after.
  // A dispatcher whose branches call different launchers needs them all.
  EXPECT_NE(Outcome.Summaries.find(
                "forward\tc:@F@dispatches#*f#b#\tc:@F@elsewhere#*f#\tc:@F@elsewhereToo#*f#\n"),
            std::string::npos)
      << Outcome.Summaries;
  // One that calls a helper on every path and a launcher on some is a
  // launcher only if the helper is: not because the other one launches.
  EXPECT_NE(
      Outcome.Summaries.find("forward\tc:@F@loadsThenMayLaunch#*f#b#\tc:@F@loadsElsewhere#*f#\n"),
      std::string::npos)
      << Outcome.Summaries;
  EXPECT_EQ(Outcome.Summaries.find("forward\tc:@F@loadsThenMayLaunch#*f#b#\tc:@F@elsewhere"),
            std::string::npos)
      << Outcome.Summaries;
  EXPECT_NE(Outcome.Summaries.find("forward\tc:@F@callsElsewhere#*f#\tc:@F@elsewhere#*f#\n"),
            std::string::npos)
      << Outcome.Summaries;
  EXPECT_EQ(Outcome.Summaries.find("forward\tc:@F@dispatchesSometimes"), std::string::npos)
      << Outcome.Summaries;
  EXPECT_EQ(Outcome.Summaries.find("forward\tc:@F@dispatchesAndChecks"), std::string::npos)
      << Outcome.Summaries;
  EXPECT_NE(Outcome.Summaries.find("forward\tc:@F@dispatchesOrAsserts#*f#b#\tc:@F@elsewhere#*f#\n"),
            std::string::npos)
      << Outcome.Summaries;
  EXPECT_NE(Outcome.Summaries.find("forward\tc:@F@dispatchesPerLayer#*f#I#\tc:@F@elsewhere#*f#\n"),
            std::string::npos)
      << Outcome.Summaries;
  // An override, and a call through the base class: the method it names is
  // called, whichever unit defines its overrides.
  EXPECT_NE(Outcome.Summaries.find(
                "overrides\tc:@S@FusedLayer@F@forward#*f#\tc:@S@Layer@F@forward#*f#\n"),
            std::string::npos)
      << Outcome.Summaries;
  EXPECT_NE(Outcome.Summaries.find("calls\tc:@S@Layer@F@forward#*f#\n"), std::string::npos)
      << Outcome.Summaries;
  EXPECT_TRUE(readSummaries(Outcome.Summaries).has_value());

  // A function another unit calls is known to be called elsewhere; facts two
  // units give differently are dropped.
  std::string Merged = mergeSummaries({"launch\tc:@F@a#\tpending\nlaunch\tc:@F@b#\tpending\n",
                                       "calls\tc:@F@a#\n", "launch\tc:@F@b#\tqueries\n"});
  EXPECT_EQ(Merged, "launch\tc:@F@a#\tpending,called\n");
  // A function that launches on some paths, called elsewhere, and whether
  // some caller may leave its error unread.
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@a#\tmaybe\nlaunch\tc:@F@b#\tmaybe\n",
                            "calls\tc:@F@a#\ncalls\tc:@F@b#\nunchecked\tc:@F@b#\n"}),
            "launch\tc:@F@a#\tmaybe,called\nlaunch\tc:@F@b#\tmaybe,called,unchecked\n");
  // A call whose error leaves its unit through a function other units call
  // is lost only if that one loses it: a block whose layer (another unit)
  // runs it and returns, under a model (a third unit) that reads the error,
  // or does not, or that nobody calls.
  const std::string BlockAndLayer = "launch\tc:@F@block#\tmaybe,queries\n"
                                    "launch\tc:@F@layer#\tmaybe\n"
                                    "calls\tc:@F@block#\n"
                                    "unchecked\tc:@F@block#\tvia\tc:@F@layer#\n";
  EXPECT_EQ(mergeSummaries({BlockAndLayer, "calls\tc:@F@layer#\n"}),
            "launch\tc:@F@block#\tmaybe,queries,called\n"
            "launch\tc:@F@layer#\tmaybe,called\n");
  EXPECT_EQ(mergeSummaries({BlockAndLayer, "calls\tc:@F@layer#\nunchecked\tc:@F@layer#\n"}),
            "launch\tc:@F@block#\tmaybe,queries,called,unchecked\n"
            "launch\tc:@F@layer#\tmaybe,called,unchecked\n");
  EXPECT_EQ(mergeSummaries({BlockAndLayer}), "launch\tc:@F@block#\tmaybe,queries,called,unchecked\n"
                                             "launch\tc:@F@layer#\tmaybe\n");
  // An instance nobody calls of a template whose other instance is called
  // is code that never runs: it loses nothing.
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@block<#f>#\tmaybe,queries\n"
                            "launch\tc:@F@block<#d>#\tmaybe,queries\n",
                            "launch\tc:@F@layer<#f>#\tmaybe\n"
                            "launch\tc:@F@layer<#d>#\tmaybe\n"
                            "calls\tc:@F@block<#f>#\ncalls\tc:@F@block<#d>#\n"
                            "unchecked\tc:@F@block<#f>#\tvia\tc:@F@layer<#f>#\n"
                            "unchecked\tc:@F@block<#d>#\tvia\tc:@F@layer<#d>#\n"
                            "instance\tc:@F@layer<#f>#\tc:@FT@>1#Tlayer#\n"
                            "instance\tc:@F@layer<#d>#\tc:@FT@>1#Tlayer#\n",
                            "calls\tc:@F@layer<#f>#\n"}),
            "launch\tc:@F@block<#d>#\tmaybe,queries,called\n"
            "launch\tc:@F@block<#f>#\tmaybe,queries,called\n"
            "launch\tc:@F@layer<#d>#\tmaybe\n"
            "launch\tc:@F@layer<#f>#\tmaybe,called\n");
  // A unit clang rejected says which functions it calls; not which it calls
  // unchecked, nor its own functions' facts (FasterTransformer's Wenet
  // layers, which miss a cutlass header, check after every call).
  EXPECT_EQ(callsOfUnitWithErrors("calls\tc:@F@a#\nunchecked\tc:@F@a#\nlaunch\tc:@F@b#\tpending\n"),
            "calls\tc:@F@a#\n");
  // A caller is a launcher once every callee of one of its sets is.
  EXPECT_EQ(mergeSummaries({"forward\tc:@F@dispatch#\tc:@F@a#\tc:@F@b#\n"
                            "launch\tc:@F@a#\tpending\n"}),
            "launch\tc:@F@a#\tpending\n");
  EXPECT_EQ(mergeSummaries({"forward\tc:@F@dispatch#\tc:@F@a#\tc:@F@b#\n"
                            "launch\tc:@F@a#\tpending\n",
                            "launch\tc:@F@b#\tpending\n"}),
            "launch\tc:@F@a#\tpending\n"
            "launch\tc:@F@b#\tpending\n"
            "launch\tc:@F@dispatch#\tpending\n");
  // An override is called where its base method is; the base method reads
  // the error where an override may, and so do its callers.
  EXPECT_EQ(mergeSummaries({"launch\tc:@S@Fused@F@f#\tpending\n"
                            "overrides\tc:@S@Fused@F@f#\tc:@S@Base@F@f#\n",
                            "calls\tc:@S@Base@F@f#\n"}),
            "launch\tc:@S@Fused@F@f#\tpending,called\n");
  EXPECT_EQ(mergeSummaries({"launch\tc:@S@Checked@F@f#\tqueries\n"
                            "overrides\tc:@S@Checked@F@f#\tc:@S@Base@F@f#\n",
                            "edge\tc:@F@model#\tc:@S@Base@F@f#\n"}),
            "launch\tc:@F@model#\tqueries\n"
            "launch\tc:@S@Base@F@f#\tqueries\n"
            "launch\tc:@S@Checked@F@f#\tqueries\n");
  // A function that calls a reader in another unit reads the error too,
  // however many units deep.
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@check#\tqueries\n", "edge\tc:@F@forward#\tc:@F@layer#\n",
                            "edge\tc:@F@layer#\tc:@F@check#\n"}),
            "launch\tc:@F@check#\tqueries\n"
            "launch\tc:@F@forward#\tqueries\n"
            "launch\tc:@F@layer#\tqueries\n");
  // A dispatcher of a launcher elsewhere leaves its error pending, however
  // many units deep, unless it reads the error through another unit.
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@launcher#\tpending\n",
                            "forward\tc:@F@dispatch#\tc:@F@launcher#\n"
                            "forward\tc:@F@api#\tc:@F@dispatch#\n"
                            "forward\tc:@F@unrelated#\tc:@F@logger#\n",
                            "launch\tc:@F@check#\tqueries\n"
                            "forward\tc:@F@checked#\tc:@F@launcher#\n"
                            "edge\tc:@F@checked#\tc:@F@check#\n"}),
            "launch\tc:@F@api#\tpending\n"
            "launch\tc:@F@check#\tqueries\n"
            "launch\tc:@F@checked#\tqueries\n"
            "launch\tc:@F@dispatch#\tpending\n"
            "launch\tc:@F@launcher#\tpending\n");
  EXPECT_FALSE(readLaunchFacts("launch\tc:@F@a#\tsometimes\n").has_value());
  EXPECT_FALSE(readLaunchFacts("launch\tc:@F@a#\tmaybe\tstops-if-null=x\n").has_value());

  // A size query: null there stops its launches, and calls that pass null
  // there leave nothing unread; a call that passes null elsewhere may.
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@query#\tmaybe\tstops-if-null=0\n",
                            "calls\tc:@F@query#\nunchecked\tc:@F@query#\tnull=0,2\n"}),
            "launch\tc:@F@query#\tmaybe,called\tstops-if-null=0\n");
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@query#\tmaybe\tstops-if-null=0\n",
                            "calls\tc:@F@query#\nunchecked\tc:@F@query#\tnull=0\n",
                            "calls\tc:@F@query#\nunchecked\tc:@F@query#\tnull=2\n"}),
            "launch\tc:@F@query#\tmaybe,called,unchecked\tstops-if-null=0\n");
  // Its null path calls a logger of another unit: the stop holds while the
  // logger launches nothing, not once it may.
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@query#\tmaybe\tstops-if-null=0\tc:@F@log#\n",
                            "calls\tc:@F@query#\nunchecked\tc:@F@query#\tnull=0\n"}),
            "launch\tc:@F@query#\tmaybe,called\tstops-if-null=0\n");
  EXPECT_EQ(mergeSummaries({"launch\tc:@F@query#\tmaybe\tstops-if-null=0\tc:@F@log#\n",
                            "launch\tc:@F@log#\tmaybe\n",
                            "calls\tc:@F@query#\nunchecked\tc:@F@query#\tnull=0\n"}),
            "launch\tc:@F@log#\tmaybe\n"
            "launch\tc:@F@query#\tmaybe,called,unchecked\n");
}

TEST(ProjectFunctionsTest, SizeQueries) {
  UnitOutcome Outcome = summaryPass(R"(
struct dim3 { unsigned x, y, z; dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {} };
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                void *stream = 0);
__global__ void kernel(float *x) {}
void log(const char *what);
void sized(void *workspace, size_t &size, float *x) {
  if (workspace == nullptr) { size = 4; return; }
  kernel<<<1, 1>>>(x);
}
void sizedAndLogged(void *workspace, size_t &size, float *x) {
  log("sizing");
  if (!workspace) { size = 4; return; }
  kernel<<<1, 1>>>(x);
}
void sizedButLaunches(void *workspace, size_t &size, float *x) {
  if (workspace == nullptr) size = 4;
  kernel<<<1, 1>>>(x);
}
void sizedThenWritten(void *workspace, size_t &size, float *x) {
  if (size == 0) workspace = x;
  if (workspace == nullptr) { size = 4; return; }
  kernel<<<1, 1>>>(x);
}
cudaError_t cudaGetLastError(void);
void tunedOrGeneral(void *workspace, size_t &size, float *x, int k) {
  if (!workspace) { size = 4; return; }
  if (k == 1) { kernel<<<1, 1>>>(x); if (cudaGetLastError() != cudaSuccess) throw 1; }
  else kernel<<<2, 1>>>(x);
}
void elsewhere(void *workspace, size_t &size, float *x);
#define NULL __null
void asksTheSize(size_t &size) { elsewhere(nullptr, size, 0); elsewhere(NULL, size, nullptr); }
void asksTheSizeAndFills(void *workspace, size_t &size) {
  elsewhere(nullptr, size, nullptr);
  elsewhere(workspace, size, nullptr);
}
)");
  ASSERT_FALSE(Outcome.Failed) << (Outcome.Errors.empty() ? "" : Outcome.Errors.front());
  auto Lines = [&](llvm::StringRef Key) {
    std::vector<std::string> Found;
    for (llvm::StringRef Line : llvm::split(Outcome.Summaries, '\n'))
      if (Line.starts_with(Key))
        Found.push_back(Line.str());
    return Found;
  };
  EXPECT_EQ(
      Lines("launch\t"),
      (std::vector<std::string>{
          "launch\tc:@F@asksTheSize#&l#\tmaybe", "launch\tc:@F@asksTheSizeAndFills#*v#&l#\tmaybe",
          "launch\tc:@F@sized#*v#&l#*f#\tmaybe\tstops-if-null=0",
          "launch\tc:@F@sizedAndLogged#*v#&l#*f#\tmaybe\tstops-if-null=0\tc:@F@log#*1C#",
          "launch\tc:@F@sizedButLaunches#*v#&l#*f#\tpending",
          "launch\tc:@F@sizedThenWritten#*v#&l#*f#\tmaybe",
          // Reads the error on one path, leaves it on another.
          "launch\tc:@F@tunedOrGeneral#*v#&l#*f#I#\tmaybe,queries\tstops-if-null=0"}))
      << Outcome.Summaries;
  // The first call asks the size; with the second, null where the launch
  // does not depend on it, a launch's error may go unread.
  EXPECT_EQ(Lines("unchecked\tc:@F@elsewhere"),
            (std::vector<std::string>{"unchecked\tc:@F@elsewhere#*v#&l#*f#\tnull=2\tvia\t"
                                      "c:@F@asksTheSize#&l#\tc:@F@asksTheSizeAndFills#*v#&l#"}))
      << Outcome.Summaries;
}

} // namespace
} // namespace cudalint
