// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Errors in device-only code are set aside and the host code is analysed
// (run/DeviceErrors.h); an error anywhere else fails the unit as before. Each
// case puts one error ("cannot initialize ... 'int' with ... 'const char'")
// in one place of a unit whose host function leaks: the leak is reported
// exactly when the unit is analysed.
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
__host__ void leaks() {
  float *d;
  (void)cudaMalloc((void **)&d, 64);
}
)";

UnitOutcome analyze(const std::string &Code) {
  const std::string Path = "/device-errors/unit.cu";
  AnalysisOptions Options;
  for (const CheckDescription &Check : registeredChecks())
    if (Check.Id == "cuda-memory-leak")
      Options.Checks.push_back(&Check);
  return analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                      "--no-cuda-version-check", "-std=c++17", "-fsyntax-only", Path},
                     "/", Options, {{Path, Prelude + Code}});
}

bool reportsTheLeak(const UnitOutcome &Outcome) {
  return Outcome.Findings.size() == 1 && Outcome.Findings[0].CheckId == "cuda-memory-leak";
}

void expectSetAside(const std::string &Code, size_t Errors = 1) {
  SCOPED_TRACE(Code);
  UnitOutcome Outcome = analyze(Code);
  EXPECT_FALSE(Outcome.Failed);
  EXPECT_TRUE(Outcome.Errors.empty());
  ASSERT_EQ(Outcome.DeviceErrorsSkipped.size(), Errors);
  EXPECT_NE(Outcome.DeviceErrorsSkipped[0].find("/device-errors/unit.cu:"), std::string::npos);
  EXPECT_NE(Outcome.DeviceErrorsSkipped[0].find("error: cannot initialize"), std::string::npos);
  EXPECT_TRUE(reportsTheLeak(Outcome));
}

void expectFailure(const std::string &Code) {
  SCOPED_TRACE(Code);
  UnitOutcome Outcome = analyze(Code);
  EXPECT_TRUE(Outcome.Failed);
  EXPECT_FALSE(Outcome.Errors.empty());
  EXPECT_TRUE(Outcome.DeviceErrorsSkipped.empty());
  EXPECT_TRUE(Outcome.Findings.empty());
}

TEST(DeviceErrorsTest, CleanUnitIsAnalyzed) {
  UnitOutcome Outcome = analyze("");
  EXPECT_FALSE(Outcome.Failed);
  EXPECT_TRUE(Outcome.DeviceErrorsSkipped.empty());
  EXPECT_TRUE(reportsTheLeak(Outcome));
}

TEST(DeviceErrorsTest, ErrorsInDeviceOnlyBodiesAreSetAside) {
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

TEST(DeviceErrorsTest, ErrorsElsewhereFailTheUnit) {
  expectFailure(R"(void host() { int x = "bad"; })");
  expectFailure(R"(__host__ __device__ void both() { int x = "bad"; })");
  expectFailure(R"(void host() { auto f = [] { int x = "bad"; }; f(); })");
  // Implicitly __host__ __device__.
  expectFailure(R"(constexpr int folded() { int x = "bad"; return 0; })");
  expectFailure(R"(int global = "bad";)");
  // A kernel's signature is seen by the host code that launches it.
  expectFailure(R"(__global__ void kernel(int x = "bad") {})");
  // One host error fails the unit, whatever the device errors.
  expectFailure(R"(__global__ void kernel() { int x = "bad"; }
void host() { int y = "bad"; })");
}

} // namespace
} // namespace cudalint
