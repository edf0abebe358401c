// Where the CUDA headers come from: an installed toolkit found the way clang
// finds one, or the runtime API header set that ships with cudalint.
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
CudaToolkitChoice chooseCudaToolkit(llvm::StringRef Requested,
                                    std::string &Error);

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
CudaToolkitChoice
chooseCudaToolkitFrom(llvm::StringRef Requested,
                      const std::vector<CudaToolkitCandidate> &Candidates,
                      std::string &Error);

// Whether `Path` holds include/cuda_runtime.h.
bool holdsCudaToolkit(llvm::StringRef Path);

// The directory of the bundled CUDA headers, next to the executable once
// installed (../share/cudalint/cuda-include) or in the source tree.
std::string bundledCudaIncludeDir(const char *Argv0, void *MainAddress);

// The header that gives host code nvcc's min/max overloads, beside the
// bundled headers (nvcc-compat/cudalint_nvcc_host_math.h); empty if absent.
std::string nvccCompatHeader(llvm::StringRef BundledCudaInclude);

} // namespace cudalint

#endif
