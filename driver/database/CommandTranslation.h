// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run: turn a unit's compile command, as nvcc, clang or gcc was
// given it, into the clang driver arguments of a host-side syntax-only CUDA
// parse. Flags clang would reject are dropped with a notice.
#ifndef CUDALINT_DRIVER_COMMANDTRANSLATION_H
#define CUDALINT_DRIVER_COMMANDTRANSLATION_H

#include "CheckInputs.h"
#include "database/CompileDatabase.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct ToolchainSetup {
  std::string ResourceDir; // clang's -resource-dir
  // The CUDA Toolkit root to parse against; std::nullopt means no toolkit:
  // parse with the CUDA headers bundled with cudalint instead.
  std::optional<std::string> CudaPath;
  std::string BundledCudaInclude; // directory holding cuda_runtime.h etc.
  // A header force-included when parsing against a real toolkit, giving host
  // code the min/max overloads nvcc provides and clang's wrapper does not.
  std::string NvccCompatHeader;
  // The toolkit's CUDA_VERSION (13000), 0 where unknown or none: a command
  // asking for an older C++ standard than its headers need is raised to it.
  int CudaVersion = 0;
  // The version of the CUDA headers the units are parsed against, the
  // toolkit's ("13.0.48") or the bundled headers' ("12.9"): that of the nvcc
  // a command's nvcc stands for. Empty where unknown.
  std::string NvccVersion;
  // Searched after every other include directory: GCC's own, for the headers
  // clang's resource directory lacks (hostCompilerOpenMpInclude).
  std::string HostCompilerInclude;
  // The CUDA_VERSION of the bundled headers (12090) and its text ("12.9").
  int BundledCudaVersion = 0;
  std::string BundledVersionText;
  // With the bundled headers: a toolkit root whose include directories are
  // searched after them, for the headers the bundled set does not have
  // (Thrust, CUB, cuDNN); see olderDeclarationsToolchain.
  std::string ToolkitAfterBundled;
  // With a toolkit: a header force-included after the nvcc compatibility
  // header, declaring what CCCL 3 removed (olderCcclToolchain).
  std::string Cccl2CompatHeader;
};

// Code written for an older toolkit than the installed one may call what the
// installed toolkit no longer declares (CUDA 13.0 took cudaDeviceProp's
// clockRate, cudaMemPrefetchAsync's int device and the 3-argument
// cuCtxCreate away). Its authors' toolkit compiled it. This toolchain parses
// such a unit against the bundled CUDA 12.x declarations, keeping the
// installed toolkit's other headers after them, and its C++ standard as the
// toolkit's CCCL needs it; nullopt where no toolkit is used or its major
// version is not newer than the bundled headers'. The two header sets do not
// mix where CCCL is included (CUB's cuda_fp8.h needs the toolkit's own
// cuda_fp16.h), so code written for CCCL 2 gets the next toolchain instead.
std::optional<ToolchainSetup> olderDeclarationsToolchain(const ToolchainSetup &Toolchain);

// The toolkit of the command's own nvcc, where its path names one that is
// installed here and older than the chosen toolkit (a database written by
// CMake with /usr/local/cuda-12.4/bin/nvcc): the declarations the code was
// written for, whole. nullopt otherwise.
std::optional<ToolchainSetup> commandToolkitToolchain(const CompileCommand &Command,
                                                      const ToolchainSetup &Toolchain);

// Code written for CUDA 12's CCCL 2 may use what CCCL 3 (CUDA 13) removed:
// thrust::unary_function, thrust::identity, cub::Sum, CUB_MAX. This
// toolchain is the installed toolkit's with those names declared
// (nvcc-compat/cudalint_cccl2_compat.h); nullopt before CUDA 13, or without
// that header.
std::optional<ToolchainSetup> olderCcclToolchain(const ToolchainSetup &Toolchain);

// What in a unit's command says it was written for an older toolkit than
// the installed one: a GPU architecture the toolkit no longer compiles for
// ("it builds for sm_60, which CUDA 13.0 does not compile for"), or its
// compiler's path naming an older toolkit ("its compiler is
// /opt/cuda-11.0/bin/nvcc"); empty where nothing does.
std::string olderToolkitEvidence(const CompileCommand &Command,
                                 const std::vector<std::string> &ClangArguments,
                                 const ToolchainSetup &Toolchain);

// The macros nvcc predefines for every file it compiles, in the order their
// values are given: __NVCC__ (1), then its version's major, minor and build
// numbers. An nvcc command's translation defines them; the analysis hides
// them from system headers (run/NvccMacros.h).
inline constexpr std::array<llvm::StringLiteral, 4> NvccPredefinedMacros = {
    "__NVCC__", "__CUDACC_VER_MAJOR__", "__CUDACC_VER_MINOR__", "__CUDACC_VER_BUILD__"};

struct TranslatedCommand {
  // argv for clang's driver: "clang++" ("clang" for a C unit), flags...,
  // the source file last.
  std::vector<std::string> Arguments;
  // Human-readable notices ("dropped nvcc flag '--foo' that clang does not
  // know"); the driver prints each distinct one once per run.
  std::vector<std::string> Notices;
};

TranslatedCommand translateCompileCommand(const CompileCommand &Command,
                                          const ToolchainSetup &Toolchain);

// Arguments for a file given without a database: `cudalint a.cu -- -DX`.
CompileCommand commandFromFallbackFlags(llvm::StringRef File,
                                        const std::vector<std::string> &Flags);

// The GPU architectures a clang command builds for. The host-side parse
// never sees them (the clang driver hands them to device compilations only),
// so checks that depend on them, and `cudalint doctor`, read them off the
// command, with clang's rule for PTX: included for every architecture unless
// --no-cuda-include-ptx names it or "all", the last such flag deciding.
std::vector<GpuTarget> gpuTargetsOf(const std::vector<std::string> &ClangArguments);

} // namespace cudalint

#endif
