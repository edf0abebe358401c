// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// `cudalint doctor`'s pure pieces: reading nvidia-smi's and cuobjdump's
// output, the toolkit's version, and where built code runs.
#include "frontends/doctor/Doctor.h"
#include "support/GpuProbe.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

GpuArchitecture arch(llvm::StringRef Name) {
  std::optional<GpuArchitecture> Parsed = GpuArchitecture::parse(Name);
  EXPECT_TRUE(Parsed) << Name.str();
  return Parsed.value_or(GpuArchitecture{});
}

BuiltCode machineCodeOnly(llvm::StringRef Name) { return {{arch(Name)}, {}}; }

// A scratch directory, removed with everything in it when the test ends.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<256> Created;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-doctor", Created));
    Root = std::string(Created);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Root); }

  std::string write(llvm::StringRef Relative, llvm::StringRef Content) const {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, Relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    std::error_code Error;
    llvm::raw_fd_ostream Out(Path, Error);
    EXPECT_FALSE(Error) << Path.str().str() << ": " << Error.message();
    Out << Content;
    return std::string(Path);
  }

  std::string Root;
};

// --- nvidia-smi -----------------------------------------------------------

TEST(NvidiaSmiTest, ReadsEveryGpuOfTheQuery) {
  NvidiaSmiGpus Read = parseNvidiaSmiGpuQuery("580.159.04, NVIDIA H200, 9.0\n"
                                              "580.159.04, NVIDIA GeForce RTX 5090, 12.0\n");
  EXPECT_EQ(Read.DriverVersion, "580.159.04");
  ASSERT_EQ(Read.Gpus.size(), 2u);
  EXPECT_EQ(Read.Gpus[0].Index, 0u);
  EXPECT_EQ(Read.Gpus[0].Name, "NVIDIA H200");
  EXPECT_EQ(Read.Gpus[0].Capability, arch("sm_90"));
  EXPECT_EQ(Read.Gpus[1].Index, 1u);
  EXPECT_EQ(Read.Gpus[1].Name, "NVIDIA GeForce RTX 5090");
  EXPECT_EQ(Read.Gpus[1].Capability, arch("sm_120"));
}

TEST(NvidiaSmiTest, KeepsCommasInAGpuName) {
  NvidiaSmiGpus Read = parseNvidiaSmiGpuQuery("535.54.03, Tesla V100-SXM2-16GB, rev 2, 7.0\r\n");
  ASSERT_EQ(Read.Gpus.size(), 1u);
  EXPECT_EQ(Read.Gpus[0].Name, "Tesla V100-SXM2-16GB, rev 2");
  EXPECT_EQ(Read.Gpus[0].Capability, arch("sm_70"));
}

TEST(NvidiaSmiTest, SkipsWhatIsNoGpuLine) {
  // What an old driver prints for a field it does not know, and a blank line.
  NvidiaSmiGpus Read =
      parseNvidiaSmiGpuQuery("Field \"compute_cap\" is not a valid field to query.\n\n"
                             "[N/A], NVIDIA A100, [N/A]\n");
  EXPECT_TRUE(Read.Gpus.empty());
  EXPECT_TRUE(Read.DriverVersion.empty());
}

TEST(NvidiaSmiTest, ReadsTheBannersCudaVersion) {
  EXPECT_EQ(parseNvidiaSmiCudaVersion(
                "| NVIDIA-SMI 580.159.04    Driver Version: 580.159.04    CUDA Version: 13.0  |"),
            13000);
  EXPECT_EQ(parseNvidiaSmiCudaVersion("CUDA Version: 12.4"), 12040);
  EXPECT_EQ(parseNvidiaSmiCudaVersion("No devices were found"), std::nullopt);
}

TEST(NvidiaSmiTest, ReadsTheKernelModulesVersion) {
  EXPECT_EQ(parseProcDriverVersion("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                                   "580.65.06  Release Build  (dvs-builder@U16)  Sun Jul 27\n"
                                   "GCC version:  gcc version 12.2.0\n"),
            "580.65.06");
  EXPECT_EQ(parseProcDriverVersion("GCC version: 12.2.0"), std::nullopt);
}

TEST(NvidiaSmiTest, CountsCudaVersionsAsTheDriverApiDoes) {
  EXPECT_EQ(cudaVersionNumber("13.0"), 13000);
  EXPECT_EQ(cudaVersionNumber("12.9"), 12090);
  EXPECT_EQ(cudaVersionNumber("twelve"), std::nullopt);
  EXPECT_EQ(cudaVersionText(12040), "12.4");
  EXPECT_EQ(cudaVersionText(13000), "13.0");
}

// --- cuobjdump ------------------------------------------------------------

TEST(CuobjdumpTest, ReadsMachineCodeAndPtx) {
  BuiltCode Code = parseCuobjdumpListing("ELF file    1: prog.1.sm_90.cubin\n"
                                         "ELF file    2: prog.2.sm_80.cubin\n"
                                         "PTX file    1: prog.1.sm_80.ptx\n");
  EXPECT_EQ(Code.describe(), "sm_80, sm_90 + PTX compute_80");
  EXPECT_EQ(Code.cmakeArchitectures(), "80;90-real");
}

// What cuobjdump 13.0 prints for an object built with -gencode
// arch=compute_80,code=sm_80 -gencode arch=compute_90a,code=[sm_90a,compute_90a].
TEST(CuobjdumpTest, ReadsWhatCuobjdumpPrintsForAnNvccObject) {
  BuiltCode Code = parseCuobjdumpListing("ELF file    1: k.1.sm_80.cubin\n"
                                         "ELF file    2: k.2.sm_90a.cubin\n"
                                         "PTX file    1: k.1.sm_90a.ptx\n");
  EXPECT_EQ(Code.describe(), "sm_80, sm_90a + PTX compute_90a");
  EXPECT_EQ(Code.cmakeArchitectures(), "80-real;90a");
  EXPECT_FALSE(coverageOn(Code, {arch("8.6"), arch("9.0")}).fails());
  EXPECT_TRUE(coverageOn(Code, {arch("10.0")}).fails());
}

TEST(CuobjdumpTest, KeepsArchitectureSuffixesAndDotsInNames) {
  BuiltCode Code = parseCuobjdumpListing("ELF file    1: my.kernels.1.sm_90a.cubin\n"
                                         "ELF file    2: my.kernels.2.sm_100f.cubin\n");
  ASSERT_EQ(Code.MachineCode.size(), 2u);
  EXPECT_EQ(Code.MachineCode[0], arch("sm_90a"));
  EXPECT_EQ(Code.MachineCode[1], arch("sm_100f"));
  EXPECT_TRUE(Code.Ptx.empty());
}

TEST(CuobjdumpTest, IgnoresOtherLines) {
  BuiltCode Code =
      parseCuobjdumpListing("cuobjdump info    : File 'host.o' does not contain device code\n");
  EXPECT_TRUE(Code.empty());
}

// --- the toolkit's version ------------------------------------------------

TEST(ToolkitVersionTest, PrefersVersionJson) {
  TempDir Toolkit;
  Toolkit.write("version.json",
                R"({"cuda": {"name": "CUDA SDK", "version": "13.0.48"}, "cuda_cudart": {}})");
  Toolkit.write("include/cuda.h", "#define CUDA_VERSION 12040\n");
  std::optional<ToolkitVersion> Version = readToolkitVersion(Toolkit.Root);
  ASSERT_TRUE(Version);
  EXPECT_EQ(Version->Number, 13000);
  EXPECT_EQ(Version->Text, "13.0.48");
  EXPECT_EQ(llvm::sys::path::filename(Version->ReadFrom), "version.json");
}

TEST(ToolkitVersionTest, FallsBackToCudaH) {
  TempDir Toolkit;
  Toolkit.write("version.json", "not json");
  Toolkit.write("include/cuda.h", "#ifndef __cuda_cuda_h__\n"
                                  "#define CUDA_VERSION_MAJOR_ONLY 13\n"
                                  "#  define CUDA_VERSION 12060\n");
  std::optional<ToolkitVersion> Version = readToolkitVersion(Toolkit.Root);
  ASSERT_TRUE(Version);
  EXPECT_EQ(Version->Number, 12060);
  EXPECT_EQ(Version->Text, "12.6");
  EXPECT_EQ(llvm::sys::path::filename(Version->ReadFrom), "cuda.h");
}

TEST(ToolkitVersionTest, FallsBackToTheRuntimeHeader) {
  TempDir Toolkit;
  Toolkit.write("include/cuda_runtime_api.h", "#define CUDART_VERSION  13000\n");
  std::optional<ToolkitVersion> Version = readToolkitVersion(Toolkit.Root);
  ASSERT_TRUE(Version);
  EXPECT_EQ(Version->Number, 13000);
}

TEST(ToolkitVersionTest, ReadsOldVersionTxt) {
  TempDir Toolkit;
  Toolkit.write("version.txt", "CUDA Version 10.2.89\n");
  std::optional<ToolkitVersion> Version = readToolkitVersion(Toolkit.Root);
  ASSERT_TRUE(Version);
  EXPECT_EQ(Version->Number, 10020);
  EXPECT_EQ(Version->Text, "10.2.89");
}

TEST(ToolkitVersionTest, NoVersionAnywhere) {
  TempDir Toolkit;
  Toolkit.write("include/cuda_runtime.h", "// no version here\n");
  EXPECT_FALSE(readToolkitVersion(Toolkit.Root));
}

TEST(ClangSupportTest, ByClangsOwnTable) {
  EXPECT_EQ(clangSupportFor(11080), ClangCudaSupport::Full);
  EXPECT_EQ(clangSupportFor(*cudaVersionNumber(clangFullySupportedCuda())), ClangCudaSupport::Full);
  // A version far beyond any clang knows.
  EXPECT_EQ(clangSupportFor(99000), ClangCudaSupport::UnknownToClang);
  EXPECT_EQ(clangSupportFor(6050), ClangCudaSupport::OlderThanSupported);
}

// --- the driver and the toolkit --------------------------------------------

TEST(DriverToolkitTest, ComparesVersions) {
  EXPECT_EQ(compareDriverAndToolkit(13000, 13000), DriverToolkitMatch::Compatible);
  EXPECT_EQ(compareDriverAndToolkit(13010, 12080), DriverToolkitMatch::Compatible);
  EXPECT_EQ(compareDriverAndToolkit(12080, 13000), DriverToolkitMatch::MajorTooOld);
  EXPECT_EQ(compareDriverAndToolkit(13000, 13010), DriverToolkitMatch::MinorTooOld);
  EXPECT_EQ(compareDriverAndToolkit(std::nullopt, 13000), DriverToolkitMatch::NotCompared);
  EXPECT_EQ(compareDriverAndToolkit(13000, std::nullopt), DriverToolkitMatch::NotCompared);
}

// --- coverage -------------------------------------------------------------

TEST(CoverageTest, MachineCodeForAnOlderMajorLeavesTheGpuWithoutAKernel) {
  Coverage Result = coverageOn(machineCodeOnly("sm_80"), {arch("9.0")});
  ASSERT_EQ(Result.Verdicts.size(), 1u);
  EXPECT_EQ(Result.Verdicts[0].How, RunsAs::NoKernelImage);
  ASSERT_TRUE(Result.fails());
  EXPECT_EQ(Result.Fix->Nvcc, std::vector<std::string>{"-gencode arch=compute_90,code=sm_90"});
  EXPECT_EQ(Result.Fix->Clang, std::vector<std::string>{"--offload-arch=sm_90"});
  EXPECT_EQ(Result.Fix->CmakeArchitectures, "80-real;90");
}

TEST(CoverageTest, PtxIsJitCompiledForLaterGpus) {
  BuiltCode Code{{}, {arch("compute_80")}};
  Coverage Result = coverageOn(Code, {arch("9.0")});
  EXPECT_FALSE(Result.fails());
  ASSERT_EQ(Result.Verdicts.size(), 1u);
  EXPECT_EQ(Result.Verdicts[0].How, RunsAs::JitCompiledPtx);
  EXPECT_EQ(Result.Verdicts[0].From, arch("compute_80"));
}

TEST(CoverageTest, MachineCodeIsPreferredOverPtx) {
  BuiltCode Code = builtCodeOf({{"sm_80", true}, {"sm_86", false}});
  GpuVerdict Verdict = verdictFor(Code, arch("8.9"));
  EXPECT_EQ(Verdict.How, RunsAs::MachineCode);
  EXPECT_EQ(Verdict.From, arch("sm_86"));
}

TEST(CoverageTest, ArchitectureSpecificCodeRunsOnItsGpuAlone) {
  BuiltCode Code = machineCodeOnly("sm_90a");
  EXPECT_FALSE(coverageOn(Code, {arch("9.0")}).fails());
  Coverage OnBlackwell = coverageOn(Code, {arch("10.0")});
  ASSERT_TRUE(OnBlackwell.fails());
  EXPECT_EQ(OnBlackwell.Fix->Nvcc,
            std::vector<std::string>{"-gencode arch=compute_100,code=sm_100"});
  EXPECT_EQ(OnBlackwell.Fix->CmakeArchitectures, "90a-real;100");
}

TEST(CoverageTest, FamilyCodeRunsOnLaterGpusOfItsFamily) {
  Coverage Result = coverageOn(machineCodeOnly("sm_100f"), {arch("10.3")});
  EXPECT_FALSE(Result.fails());
  EXPECT_EQ(Result.Verdicts[0].How, RunsAs::MachineCode);
  EXPECT_TRUE(coverageOn(machineCodeOnly("sm_100f"), {arch("12.0")}).fails());
}

TEST(CoverageTest, EveryMissingGpuIsInOneFix) {
  Coverage Result =
      coverageOn(builtCodeOf({{"sm_80", false}}), {arch("8.6"), arch("9.0"), arch("12.0")});
  ASSERT_TRUE(Result.fails());
  EXPECT_EQ(Result.Verdicts[0].How, RunsAs::MachineCode);
  EXPECT_EQ(Result.Fix->Nvcc, (std::vector<std::string>{"-gencode arch=compute_90,code=sm_90",
                                                        "-gencode arch=compute_120,code=sm_120"}));
  EXPECT_EQ(Result.Fix->CmakeArchitectures, "80-real;90;120");
}

TEST(CoverageTest, NoArchitectureIsTheCompilersDefaultAndNoFailure) {
  Coverage Result = coverageOn(builtCodeOf({}), {arch("9.0")});
  EXPECT_TRUE(Result.CompilerDefault);
  EXPECT_FALSE(Result.fails());
  EXPECT_TRUE(Result.Verdicts.empty());
}

TEST(CoverageTest, NoTargetGpuNoVerdict) {
  Coverage Result = coverageOn(machineCodeOnly("sm_80"), {});
  EXPECT_FALSE(Result.fails());
  EXPECT_TRUE(Result.Verdicts.empty());
}

TEST(ReportTest, ExitCodes) {
  DoctorReport Report;
  EXPECT_EQ(Report.exitCode(), 0);
  Report.UnitGroups.push_back({{"/src/a.cu"}, coverageOn(machineCodeOnly("sm_80"), {arch("9.0")})});
  EXPECT_EQ(Report.runTimeFailures(), 1u);
  EXPECT_EQ(Report.exitCode(), 1);
  Report.DriverVsToolkit = DriverToolkitMatch::MajorTooOld;
  EXPECT_EQ(Report.runTimeFailures(), 2u);
  Report.Errors.push_back("cannot read 'app': No such file or directory");
  EXPECT_EQ(Report.exitCode(), 2);
}

} // namespace
