// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The code that holds a unit's errors is set aside and the rest of the unit
// is analysed (run/RejectedCode.h); an error where nothing can be set aside
// fails the unit as before. Each case puts one error ("cannot initialize
// ... 'int' with ... 'const char'") in one place of a unit whose host
// function `leaks` leaks: the leak is reported exactly when `leaks` is
// analysed.
#include "run/Analysis.h"

#include <gtest/gtest.h>

#include <string>

namespace cudalint {
namespace {

constexpr const char *Prelude = R"(#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" __host__ cudaError_t cudaMalloc(void **devPtr, unsigned long size);
extern "C" __host__ cudaError_t cudaFree(void *devPtr);
__host__ void leaks() {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
}
)";
constexpr const char *Unit = "/rejected-code/unit.cu";

UnitOutcome analyze(const std::string &Code) {
  AnalysisOptions Options;
  for (const CheckDescription &Check : registeredChecks())
    if (Check.Id == "cuda-memory-leak")
      Options.Checks.push_back(&Check);
  return analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                      "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Unit},
                     "/", Options, {{Unit, Prelude + Code}});
}

// The leaks' lines, in order.
std::vector<unsigned> leakLines(const UnitOutcome &Outcome) {
  std::vector<unsigned> Lines;
  for (const Finding &Found : Outcome.Findings)
    if (Found.CheckId == "cuda-memory-leak")
      Lines.push_back(Found.Where.Line);
  return Lines;
}

constexpr unsigned LeaksLine = 9;  // the cudaMalloc of the prelude's leaks()
constexpr unsigned FirstLine = 11; // the first line of a case's code

void expectSetAside(const std::string &Code, size_t Errors = 1,
                    std::vector<std::string> Skipped = {},
                    std::vector<unsigned> Leaks = {LeaksLine}) {
  SCOPED_TRACE(Code);
  UnitOutcome Outcome = analyze(Code);
  EXPECT_FALSE(Outcome.Failed);
  EXPECT_TRUE(Outcome.Errors.empty());
  ASSERT_EQ(Outcome.SetAside.Errors.size(), Errors);
  EXPECT_NE(Outcome.SetAside.Errors[0].find("/rejected-code/unit.cu:"), std::string::npos);
  EXPECT_EQ(Outcome.SetAside.Skipped, Skipped);
  EXPECT_EQ(leakLines(Outcome), Leaks);
}

void expectFailure(const std::string &Code) {
  SCOPED_TRACE(Code);
  UnitOutcome Outcome = analyze(Code);
  EXPECT_TRUE(Outcome.Failed);
  EXPECT_FALSE(Outcome.Errors.empty());
  EXPECT_TRUE(Outcome.SetAside.Errors.empty());
  EXPECT_TRUE(Outcome.SetAside.Skipped.empty());
  EXPECT_TRUE(Outcome.Findings.empty());
}

std::string at(unsigned Line) { return std::string(Unit) + ":" + std::to_string(Line); }

TEST(RejectedCodeTest, CleanUnitIsAnalyzed) {
  UnitOutcome Outcome = analyze("");
  EXPECT_FALSE(Outcome.Failed);
  EXPECT_TRUE(Outcome.SetAside.Errors.empty());
  EXPECT_EQ(leakLines(Outcome), std::vector<unsigned>{LeaksLine});
}

TEST(RejectedCodeTest, ErrorsInDeviceOnlyBodiesAreSetAside) {
  expectSetAside(R"(__global__ void kernel() { int x = "bad"; })");
  expectSetAside(R"(__device__ int helper() { int x = "bad"; return x; })");
  // A lambda without target attributes runs where its function runs.
  expectSetAside(R"(__global__ void kernel() { auto f = [] { int x = "bad"; }; f(); })");
  // An error of an instantiation is reported in the device template.
  expectSetAside(R"(template <typename T> __device__ void store(T v) { int x = v; }
__global__ void kernel() { store("bad"); })");
  // A kernel a macro defines holds its error where the macro is used.
  expectSetAside(R"(#define KERNEL(name) __global__ void name() { int x = "bad"; }
KERNEL(first))");
  expectSetAside(R"(__global__ void a() { int x = "bad"; }
__device__ void b() { int y = "bad"; })",
                 2);
}

TEST(RejectedCodeTest, HostFunctionsWithErrorsAreSkipped) {
  expectSetAside(R"(void host() { int x = "bad"; })", 1, {"host (" + at(FirstLine) + ")"});
  expectSetAside(R"(__host__ __device__ void both() { int x = "bad"; })", 1,
                 {"both (" + at(FirstLine) + ")"});
  expectSetAside(R"(void host() { auto f = [] { int x = "bad"; }; f(); })", 1,
                 {"a lambda in host (" + at(FirstLine) + ")"});
  // Implicitly __host__ __device__.
  expectSetAside(R"(constexpr int folded() { int x = "bad"; return 0; })", 1,
                 {"folded (" + at(FirstLine) + ")"});
  // One host error and device errors.
  expectSetAside(R"(__global__ void kernel() { int x = "bad"; }
void host() { int y = "bad"; })",
                 2, {"host (" + at(FirstLine + 1) + ")"});
  // A leak in the skipped function is not reported; one beside it is.
  expectSetAside(R"(void skipped() {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
  int x = "bad";
}
void analysed() {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
})",
                 1, {"skipped (" + at(FirstLine) + ")"}, {LeaksLine, FirstLine + 7});
}

// A function clang rejected is not followed: the release it holds may be
// what clang dropped, and its caller's buffer is not reported as leaked.
TEST(RejectedCodeTest, CallsIntoSkippedFunctionsForgetWhatTheyAreHanded) {
  expectSetAside(R"(void release(float *d) {
  int x = "bad";
}
void caller() {
  float *d;
  if (cudaMalloc((void **)&d, 64) != cudaSuccess)
    return;
  release(d);
})",
                 1, {"release (" + at(FirstLine) + ")"});
}

// A declaration that holds an error is set aside with every function that
// uses it; one that does not use it is analysed.
TEST(RejectedCodeTest, DeclarationsWithErrorsAndTheirUsersAreSkipped) {
  expectSetAside(
      R"(int global = "bad";
void user() {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
  global = 1;
})",
      1,
      {"the declaration of 'global' (" + at(FirstLine) + ")", "user (" + at(FirstLine + 1) + ")"});
  expectSetAside(
      R"(struct Broken { unknown_type member; };
void user(Broken &b) {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
})",
      1,
      {"the declaration of 'Broken' (" + at(FirstLine) + ")", "user (" + at(FirstLine + 1) + ")"});
  // One declaration with two errors is named once.
  expectSetAside(
      R"(struct Broken { unknown_type first; unknown_type second; };
void user(Broken &b) {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
})",
      2,
      {"the declaration of 'Broken' (" + at(FirstLine) + ")", "user (" + at(FirstLine + 1) + ")"});
  // A host function whose signature holds the error is skipped, named once,
  // and so is its caller.
  expectSetAside(R"(int convert(unknown_type value) { return 0; }
void caller() { convert(0); })",
                 1, {"convert (" + at(FirstLine) + ")", "caller (" + at(FirstLine + 1) + ")"});
  // Errors in the signature and in the body.
  expectSetAside(R"(int convert(unknown_type value) { int x = "bad"; return 0; }
void caller() { convert(0); })",
                 2, {"convert (" + at(FirstLine) + ")", "caller (" + at(FirstLine + 1) + ")"});
  // A kernel's signature is seen by the host code that launches it.
  expectSetAside(R"(__global__ void kernel(int x = "bad") {})", 1,
                 {"kernel (" + at(FirstLine) + ")"});
}

// The AST checks report on what clang parsed of a skipped function, as on a
// unit that could not be analysed.
TEST(RejectedCodeTest, ASTChecksStillReportInSkippedFunctions) {
  AnalysisOptions Options;
  for (const CheckDescription &Check : registeredChecks())
    if (Check.Id == "cuda-memory-leak" || Check.Id == "cuda-unchecked-error")
      Options.Checks.push_back(&Check);
  std::string Code = std::string(Prelude) + R"(int global = "bad";
void user() {
  float *d;
  cudaMalloc((void **)&d, 64);
  global = 1;
})";
  UnitOutcome Outcome =
      analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                   "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Unit},
                  "/", Options, {{Unit, Code}});
  EXPECT_FALSE(Outcome.Failed);
  std::vector<std::pair<std::string, unsigned>> Found;
  for (const Finding &F : Outcome.Findings)
    Found.emplace_back(F.CheckId, F.Where.Line);
  llvm::sort(Found);
  EXPECT_EQ(Found, (std::vector<std::pair<std::string, unsigned>>{
                       {"cuda-memory-leak", LeaksLine}, {"cuda-unchecked-error", FirstLine + 3}}));
}

// Nor do they read a skipped function's body: a status handed to it is not
// "never read" because clang dropped the statement that reads it.
TEST(RejectedCodeTest, ASTChecksDoNotReadSkippedBodies) {
  AnalysisOptions Options;
  for (const CheckDescription &Check : registeredChecks())
    if (Check.Id == "cuda-unchecked-error")
      Options.Checks.push_back(&Check);
  std::string Code = std::string(Prelude) + R"(void report(cudaError_t status) {
  int x = "bad";
}
void caller(float **d) { report(cudaMalloc((void **)d, 64)); })";
  UnitOutcome Outcome =
      analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                   "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Unit},
                  "/", Options, {{Unit, Code}});
  EXPECT_FALSE(Outcome.Failed);
  EXPECT_EQ(Outcome.SetAside.Skipped, std::vector<std::string>{"report (" + at(FirstLine) + ")"});
  for (const Finding &F : Outcome.Findings)
    EXPECT_NE(F.Where.Line, FirstLine + 3) << F.Message;
}

TEST(RejectedCodeTest, AMissingHeaderIsReadAsEmpty) {
  UnitOutcome Outcome = analyze(R"(#include "not-there.h"
void user() {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
  not_there(d);
})");
  EXPECT_FALSE(Outcome.Failed);
  ASSERT_EQ(Outcome.SetAside.Includes.size(), 1u);
  EXPECT_NE(Outcome.SetAside.Includes[0].find(at(FirstLine) + ":10: error: 'not-there.h' file not "
                                                              "found"),
            std::string::npos)
      << Outcome.SetAside.Includes[0];
  EXPECT_EQ(Outcome.SetAside.Errors.size(), 2u);
  EXPECT_EQ(Outcome.SetAside.Skipped, std::vector<std::string>{"user (" + at(FirstLine + 1) + ")"});
  EXPECT_EQ(leakLines(Outcome), std::vector<unsigned>{LeaksLine});
}

TEST(RejectedCodeTest, ErrorsWhereNothingCanBeSetAsideFailTheUnit) {
  // Between declarations.
  expectFailure(R"(int ok = 1;;; )
void later() {})");
}

// A unit whose every host function of the main file is skipped has nothing
// left to analyse.
TEST(RejectedCodeTest, AUnitWithNoHostFunctionLeftFails) {
  AnalysisOptions Options;
  UnitOutcome Outcome = analyzeUnit(
      {"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
       "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Unit},
      "/", Options,
      {{Unit, "void host() { int x = \"bad\"; }\nint g = \"bad\";\nvoid user() { g = 1; }\n"}});
  EXPECT_TRUE(Outcome.Failed);
  EXPECT_EQ(Outcome.Errors.size(), 2u);
  EXPECT_TRUE(Outcome.SetAside.Skipped.empty());
}

} // namespace
} // namespace cudalint
