// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// `cudalint doctor`: the environment checklist of a CUDA setup. Which toolkit
// cudalint finds and whether its clang knows that version; the driver and the
// GPUs of this machine and whether the driver runs what the toolkit builds;
// and whether the code a build makes (its compile database's units, or
// binaries read with cuobjdump) has a kernel image for each GPU it is meant to
// run on, with the flags that add one where it has none.
//
// Gathering (examine) fills a plain DoctorReport; the text and JSON writers
// only print it, and the pure pieces in between are tested on their own.
#ifndef CUDALINT_DRIVER_DOCTOR_DOCTOR_H
#define CUDALINT_DRIVER_DOCTOR_DOCTOR_H

#include "CheckInputs.h"
#include "database/CudaToolkit.h"
#include "support/GpuProbe.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

// How far the clang cudalint is built on supports a CUDA version, by clang's
// own table (clang/Basic/Cuda.h).
enum class ClangCudaSupport {
  Full,
  Partial,            // clang warns and proceeds
  NewerThanSupported, // clang knows the version but supports it no longer fully
  UnknownToClang,     // newer than any version clang knows
  OlderThanSupported, // before CUDA 7.0, which clang no longer reads
};
ClangCudaSupport clangSupportFor(int CudaVersion);
std::string clangFullySupportedCuda();     // "12.8"
std::string clangPartiallySupportedCuda(); // "12.9"

// The GPU code a unit or a binary holds: machine code (SASS), which runs on
// the GPUs CudaApi::machineCodeRunsOn allows, and PTX, which the driver
// compiles for later GPUs. Both sorted, without repeats.
struct BuiltCode {
  std::vector<GpuArchitecture> MachineCode;
  std::vector<GpuArchitecture> Ptx;

  bool empty() const { return MachineCode.empty() && Ptx.empty(); }
  // "sm_80, sm_90 + PTX compute_90"
  std::string describe() const;
  // The CUDA_ARCHITECTURES value that builds this code: "80-real;90".
  std::string cmakeArchitectures() const;
  bool operator<(const BuiltCode &Other) const {
    return std::tie(MachineCode, Ptx) < std::tie(Other.MachineCode, Other.Ptx);
  }
};

// A compile command's architectures, as gpuTargetsOf reads them.
BuiltCode builtCodeOf(const std::vector<GpuTarget> &Targets);

// The output of `cuobjdump --list-elf` and `--list-ptx` (either or both):
// "ELF file    1: prog.1.sm_90.cubin", "PTX file    1: prog.1.sm_80.ptx".
BuiltCode parseCuobjdumpListing(llvm::StringRef Output);

enum class RunsAs { MachineCode, JitCompiledPtx, NoKernelImage };

struct GpuVerdict {
  GpuArchitecture Gpu;
  RunsAs How = RunsAs::NoKernelImage;
  std::optional<GpuArchitecture> From; // the machine code or PTX it runs
};

// What the CUDA runtime does with `Code` on `Gpu`: the newest machine code
// that runs there, else the newest PTX it can JIT-compile, else nothing
// (cudaErrorNoKernelImageForDevice at the first launch).
GpuVerdict verdictFor(const BuiltCode &Code, const GpuArchitecture &Gpu);

// The flags that add machine code for GPUs with no kernel image, each way
// of building: nvcc's -gencode, clang's --offload-arch and CMake's
// CUDA_ARCHITECTURES (what the build has, with the GPUs appended).
struct CoverageFix {
  std::vector<std::string> Nvcc;
  std::vector<std::string> Clang;
  std::string CmakeArchitectures;
};
CoverageFix fixFor(const BuiltCode &Code, llvm::ArrayRef<GpuArchitecture> Missing);

// Where one unit group or binary runs.
struct Coverage {
  BuiltCode Code;
  // A unit naming no architecture builds for its compiler's default, which
  // cudalint does not know: nvcc's embeds PTX, so it is not counted as a
  // failure.
  bool CompilerDefault = false;
  std::vector<GpuVerdict> Verdicts; // one per target GPU
  std::optional<CoverageFix> Fix;   // when some target GPU has no kernel image

  bool fails() const { return Fix.has_value(); }
};
Coverage coverageOn(const BuiltCode &Code, llvm::ArrayRef<GpuArchitecture> Gpus);

// The CUDA units of a database that build the same code.
struct UnitGroup {
  std::vector<std::string> Files;
  Coverage Result;
};

struct BinaryCoverage {
  std::string File;
  std::string Problem; // why cuobjdump could not list it; empty when it did
  Coverage Result;     // Code empty: no device code
};

// A GPU the coverage is decided for: one the driver reports (with the names
// of the GPUs of that architecture), or one named by --target-gpu.
struct TargetGpu {
  GpuArchitecture Architecture;
  std::vector<std::string> Names;
};

// Whether the driver runs what the toolkit builds.
enum class DriverToolkitMatch {
  NotCompared, // no toolkit version or no driver version
  Compatible,
  MajorTooOld, // nothing runs: cudaErrorInsufficientDriver
  MinorTooOld, // the toolkit's PTX cannot be JIT-compiled: cudaErrorUnsupportedPtxVersion
};
DriverToolkitMatch compareDriverAndToolkit(std::optional<int> DriverCuda,
                                           std::optional<int> ToolkitCuda);

struct DoctorOptions {
  std::string CudaPath;  // --cuda-path, as the main command takes it
  std::string BuildPath; // -p: a build directory or compile_commands.json; empty: none
  std::vector<std::string> Binaries;
  std::vector<GpuArchitecture> TargetGpus; // --target-gpu; empty: the detected GPUs
  std::string BundledCudaInclude;
};

struct DoctorReport {
  std::string ToolVersion;  // cudalint's
  std::string ClangVersion; // "22.1.8"

  std::optional<std::string> ToolkitPath; // std::nullopt: the bundled headers
  std::string ToolkitDescription;         // chooseCudaToolkit's
  std::optional<ToolkitVersion> Toolkit;
  std::optional<ClangCudaSupport> ClangSupport; // with a toolkit version

  DriverProbe Driver;
  DriverToolkitMatch DriverVsToolkit = DriverToolkitMatch::NotCompared;

  std::vector<TargetGpu> Targets;
  bool TargetsFromCommandLine = false;

  std::string DatabasePath; // empty without -p
  std::vector<std::string> DatabaseProblems;
  size_t CudaUnits = 0;
  std::vector<UnitGroup> UnitGroups;

  std::string Cuobjdump; // the program found; empty when none
  std::vector<BinaryCoverage> Binaries;

  // What doctor was asked and could not do: an unreadable database, a
  // missing binary, no cuobjdump for binaries. Exit code 2.
  std::vector<std::string> Errors;

  // What would fail at run time: a driver too old for the toolkit, a unit
  // group or binary with no kernel image for a target GPU.
  size_t runTimeFailures() const;
  int exitCode() const; // 0 fine, 1 run-time failures, 2 errors
};

DoctorReport examine(const DoctorOptions &Options);

void writeDoctorText(llvm::raw_ostream &OS, const DoctorReport &Report);
void writeDoctorJson(llvm::raw_ostream &OS, const DoctorReport &Report);

// `cudalint doctor [options]`, with argv[1] "doctor": parses its own options
// and returns the exit code.
int runDoctor(int Argc, const char **Argv);

} // namespace cudalint

#endif
