// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// analyzeUnit keeps no state of its own in the process: everything a unit's
// analysis needs (its CUDA API table with the status types its configuration
// adds, the other units' summaries) travels with that analysis. Two analyses
// on two threads at once, each with its own configuration, find exactly what
// each finds alone.
#include "run/Analysis.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace cudalint {
namespace {

// A kernel writes managed memory; before the device is synchronised the host
// passes the memory to a function of another library. Unless the function
// returns a status type (then it is an API call, modelled, not a read), the
// call is taken to read the memory while the kernel may still write it.
const std::string Unit = R"(typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" cudaError_t cudaMallocManaged(void **devPtr, unsigned long size, unsigned flags = 1);
extern "C" cudaError_t cudaDeviceSynchronize();
extern "C" cudaError_t cudaFree(void *devPtr);
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, unsigned long shared = 0,
                                                void *stream = 0);
typedef int appStatus_t;
appStatus_t inspect(float *values);

__attribute__((global)) void fill(float *values) { values[0] = 1.0f; }

int run() {
  float *values = nullptr;
  if (cudaMallocManaged((void **)&values, 64) != cudaSuccess)
    return 1;
  fill<<<1, 1>>>(values);
  appStatus_t status = inspect(values);
  (void)cudaDeviceSynchronize();
  (void)cudaFree(values);
  return status;
}
)";

std::vector<std::string> findingsOf(bool StatusTypeConfigured) {
  const std::string Path = "/concurrent-analysis/unit.cu";
  AnalysisOptions Options;
  for (const CheckDescription &Check : registeredChecks())
    if (Check.Id == "cuda-unsynchronized-host-read")
      Options.Checks.push_back(&Check);
  if (StatusTypeConfigured)
    Options.CheckOptions["cuda-unchecked-error.StatusTypes"] = "appStatus_t";
  UnitOutcome Outcome = analyzeUnit({"clang++", "-x", "cuda", "--cuda-host-only", "-nocudainc",
                                     "-nocudalib", "-fsyntax-only", Path},
                                    "/", Options, {{Path, Unit}});
  std::vector<std::string> Found;
  for (const Finding &F : Outcome.Findings)
    Found.push_back(std::to_string(F.Where.Line) + ": " + F.CheckId + ": " + F.Message);
  if (Outcome.Failed)
    for (const std::string &Error : Outcome.Errors)
      Found.push_back("the unit did not parse: " + Error);
  return Found;
}

TEST(ConcurrentAnalysisTest, EachAnalysisSeesItsOwnConfiguration) {
  std::vector<std::string> Configured = findingsOf(true);
  std::vector<std::string> Unconfigured = findingsOf(false);
  // The test means something only if the configuration changes the findings.
  ASSERT_TRUE(Configured.empty()) << ::testing::PrintToString(Configured);
  ASSERT_EQ(Unconfigured.size(), 1u) << ::testing::PrintToString(Unconfigured);
  EXPECT_NE(Unconfigured.front().find("21: cuda-unsynchronized-host-read"), std::string::npos)
      << Unconfigured.front();

  for (int Round = 0; Round < 4; ++Round) {
    std::vector<std::string> WithType, WithoutType;
    std::thread First([&] { WithType = findingsOf(true); });
    std::thread Second([&] { WithoutType = findingsOf(false); });
    First.join();
    Second.join();
    EXPECT_EQ(WithType, Configured) << "round " << Round;
    EXPECT_EQ(WithoutType, Unconfigured) << "round " << Round;
  }
}

} // namespace
} // namespace cudalint
