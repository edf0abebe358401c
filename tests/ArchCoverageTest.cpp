// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which GPUs run which builds: NVIDIA's compatibility rules as CudaApi and
// cuda-arch-coverage apply them, case by case (the annotated testdata shows
// the finding itself, one unit at a time).
#include "ArchCoverageCheck.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

GpuArchitecture gpu(const char *Name) {
  std::optional<GpuArchitecture> Parsed = GpuArchitecture::parse(Name);
  EXPECT_TRUE(Parsed) << Name;
  return Parsed.value_or(GpuArchitecture{});
}

TEST(ArchCoverageTest, ParsesTheNamesCompilersAndNvidiaSmiUse) {
  EXPECT_EQ(gpu("sm_90").smName(), "sm_90");
  EXPECT_EQ(gpu("compute_80").smName(), "sm_80");
  EXPECT_EQ(gpu("9.0").smName(), "sm_90");
  EXPECT_EQ(gpu("12.0").smName(), "sm_120");
  EXPECT_EQ(gpu("90").smName(), "sm_90");
  EXPECT_EQ(gpu("sm_90a").smName(), "sm_90a");
  EXPECT_EQ(gpu("compute_100f").computeName(), "compute_100f");
  EXPECT_EQ(gpu("sm_103").capability(), "10.3");
  for (const char *Bad : {"", "sm_", "sm_9", "9.10", "native", "all", "sm_90x", "9.0a", "gfx90a"})
    EXPECT_FALSE(GpuArchitecture::parse(Bad)) << Bad;
}

TEST(ArchCoverageTest, DecidesWhetherABuildHasAKernelImageForAGpu) {
  struct Case {
    std::vector<GpuTarget> Built;
    const char *Gpu;
    bool Runs;
  } Cases[] = {
      // Machine code runs on its own major version, same or later minor.
      {{{"sm_80", false}}, "8.0", true},
      {{{"sm_80", false}}, "8.6", true},
      {{{"sm_80", false}}, "8.9", true},
      {{{"sm_86", false}}, "8.0", false},
      {{{"sm_80", false}}, "9.0", false},
      {{{"sm_90", false}}, "10.0", false},
      {{{"sm_100", false}}, "9.0", false},
      {{{"sm_100", false}}, "10.3", true},
      {{{"sm_120", false}}, "12.1", true},
      // PTX is compiled for any later GPU, never an earlier one.
      {{{"sm_80", true}}, "9.0", true},
      {{{"sm_80", true}}, "12.0", true},
      {{{"sm_52", true}}, "9.0", true},
      {{{"sm_100", true}}, "9.0", false},
      {{{"sm_90", true}}, "8.9", false},
      // 'a' code, machine code or PTX, runs on its own GPU alone.
      {{{"sm_90a", false}}, "9.0", true},
      {{{"sm_90a", true}}, "9.0", true},
      {{{"sm_90a", true}}, "10.0", false},
      {{{"sm_100a", false}}, "10.3", false},
      // 'f' code runs on the later GPUs of its family.
      {{{"sm_100f", false}}, "10.3", true},
      {{{"sm_100f", true}}, "12.0", false},
      {{{"sm_120f", false}}, "12.1", true},
      // Several architectures: any one that runs is enough.
      {{{"sm_75", false}, {"sm_86", false}}, "8.9", true},
      {{{"sm_75", false}, {"sm_86", false}}, "9.0", false},
      {{{"sm_75", false}, {"sm_86", false}, {"sm_90", false}}, "9.0", true},
      {{{"sm_70", false}, {"sm_80", true}}, "12.0", true},
      {{{"sm_90a", false}, {"sm_80", true}}, "10.0", true},
      {{}, "9.0", false},
  };
  for (const Case &C : Cases) {
    std::string Name;
    for (const GpuTarget &Target : C.Built)
      Name += Target.Arch + (Target.EmbedsPtx ? "+ptx " : " ");
    SCOPED_TRACE(Name + "on " + C.Gpu);
    EXPECT_EQ(ArchCoverageCheck::hasKernelImageFor(C.Built, gpu(C.Gpu)), C.Runs);
  }
}

TEST(ArchCoverageTest, NamesTheFix) {
  EXPECT_EQ(CudaApi::gencodeFor(gpu("9.0")), "-gencode arch=compute_90,code=sm_90");
  EXPECT_EQ(CudaApi::cmakeArchitectureFor(gpu("9.0")), "90");
  EXPECT_EQ(CudaApi::cmakeArchitectureFor(gpu("sm_90a")), "90a");
}

} // namespace
} // namespace cudalint
