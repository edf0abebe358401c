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
};

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
