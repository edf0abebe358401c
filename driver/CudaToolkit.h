// Where the CUDA headers come from: an installed toolkit found the way clang
// finds one, or the runtime API header set that ships with cudalint.
#ifndef CUDALINT_DRIVER_CUDATOOLKIT_H
#define CUDALINT_DRIVER_CUDATOOLKIT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

struct CudaToolkitChoice {
  std::optional<std::string> Path; // std::nullopt: use the bundled headers
  std::string Description;         // "CUDA Toolkit at /usr/local/cuda (from CUDA_HOME)"
};

// `Requested` is the value of --cuda-path: empty to search, "none" to force
// the bundled headers, otherwise a directory that must hold a toolkit.
CudaToolkitChoice chooseCudaToolkit(llvm::StringRef Requested,
                                    std::string &Error);

// The directory of the bundled CUDA headers, next to the executable once
// installed (../share/cudalint/cuda-include) or in the source tree.
std::string bundledCudaIncludeDir(const char *Argv0, void *MainAddress);

} // namespace cudalint

#endif
