// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run, the toolchain: where the CUDA headers come from: an
// installed toolkit found the way clang finds one, or the runtime API header
// set that ships with cudalint.
#ifndef CUDALINT_DRIVER_CUDATOOLKIT_H
#define CUDALINT_DRIVER_CUDATOOLKIT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct CudaToolkitChoice {
  std::optional<std::string> Path; // std::nullopt: use the bundled headers
  std::string Description;         // "CUDA Toolkit at /usr/local/cuda (from CUDA_HOME)"
};

// `Requested` is the value of --cuda-path: empty to search, "none" to force
// the bundled headers, otherwise a directory that must hold a toolkit.
CudaToolkitChoice chooseCudaToolkit(llvm::StringRef Requested, std::string &Error);

// One place a toolkit may be, and why it is looked at: "CUDA_HOME",
// "the default location", "nvcc on PATH".
struct CudaToolkitCandidate {
  std::string Path;
  std::string Origin;
};

// CUDA_PATH, CUDA_HOME, /usr/local/cuda, /usr/lib/cuda, then the toolkit
// around the nvcc found on PATH, in that order.
std::vector<CudaToolkitCandidate> defaultCudaToolkitCandidates();

// chooseCudaToolkit with the places to search given.
CudaToolkitChoice chooseCudaToolkitFrom(llvm::StringRef Requested,
                                        const std::vector<CudaToolkitCandidate> &Candidates,
                                        std::string &Error);

// The toolkit root a program of its bin/ directory (nvcc) lies in.
std::string toolkitAroundProgram(llvm::StringRef Program);

// Whether `Path` holds include/cuda_runtime.h.
bool holdsCudaToolkit(llvm::StringRef Path);

// The toolkit's CUDA version and the file it was read from: version.json
// ("13.0.48"), version.txt of older toolkits, else the CUDA_VERSION of
// include/cuda.h or the CUDART_VERSION of include/cuda_runtime_api.h ("13.0").
struct ToolkitVersion {
  int Number = 0;   // 13000, as CUDA_VERSION counts
  std::string Text; // "13.0.48"
  std::string ReadFrom;
};
std::optional<ToolkitVersion> readToolkitVersion(llvm::StringRef ToolkitRoot);
// The version of a set of CUDA headers without a toolkit around them (the
// bundled ones): the CUDA_VERSION of IncludeDir/cuda.h ("12.9").
std::optional<ToolkitVersion> readHeadersVersion(llvm::StringRef IncludeDir);

// The oldest C++ standard the toolkit's own C++ headers (Thrust, CUB,
// libcu++, and the cuda_fp16/bf16 headers built on them) compile in, as its
// release notes state: C++17 from CUDA 13.0 (CCCL 3), C++14 from 12.0
// (CCCL 2); 0 where any standard clang parses will do. Its nvcc rejects an
// older -std just as clang does.
int minimumCppStandardOfToolkit(int CudaVersion);

// The oldest GPU architecture the toolkit's nvcc compiles for, as its
// release notes state (75 for sm_75): CUDA 13.0 dropped Maxwell, Pascal and
// Volta, 12.0 Kepler, 11.0 sm_30. 0 where unknown.
int oldestGpuArchitectureOfToolkit(int CudaVersion);

// GCC's own include directory when it holds the OpenMP header clang's
// resource directory lacks (Debian ships clang's omp.h apart, in libomp-dev):
// nvcc's host compiler finds <omp.h> there, and cuda-samples' OpenMP units
// include it. Empty when clang has one, or no gcc answers.
std::string hostCompilerOpenMpInclude(llvm::StringRef ResourceDir);

// The directory of the bundled CUDA headers, ../share/cudalint/cuda-include
// from the executable: installed, or in the build tree, which is laid out the
// same way (driver/CMakeLists.txt).
std::string bundledCudaIncludeDir(const char *Argv0, void *MainAddress);
// The same, for the cudalint executable at `Executable`.
std::string bundledCudaIncludeDirBeside(llvm::StringRef Executable);

// The header that gives host code nvcc's min/max overloads, beside the
// bundled headers (nvcc-compat/cudalint_nvcc_host_math.h); empty if absent.
std::string nvccCompatHeader(llvm::StringRef BundledCudaInclude);
// The header declaring what CCCL 3 removed from CCCL 2, beside it
// (nvcc-compat/cudalint_cccl2_compat.h); empty if absent.
std::string cccl2CompatHeader(llvm::StringRef BundledCudaInclude);

} // namespace cudalint

#endif
