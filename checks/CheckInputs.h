// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a check is given besides the unit's AST: its options and the GPU
// architectures the unit is built for. Plain data, free of clang's headers,
// so that the driver's configuration, command translation and report code
// do not parse the AST's declarations to name them.
#ifndef CUDALINT_CHECKS_CHECKINPUTS_H
#define CUDALINT_CHECKS_CHECKINPUTS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace cudalint {

// `check-id.OptionName` → value, as given with --check-option (and later by
// configuration files). Every check reads all its options in its constructor.
using CheckOptionMap = std::map<std::string, std::string>;

// An architecture a unit is built for: "sm_90", "sm_90a". With its PTX
// embedded, the driver compiles it for any later GPU too.
struct GpuTarget {
  std::string Arch;
  bool EmbedsPtx;
};

// The check that compares those architectures with the GPUs a project runs
// on, and its option naming the GPUs, comma-separated: .cudalint.yaml's
// TargetGpus key, --target-gpu and the machine's own GPUs set it.
inline constexpr llvm::StringLiteral ArchCoverageCheckId = "cuda-arch-coverage";
inline constexpr llvm::StringLiteral TargetGpusOption = "TargetGpus";

} // namespace cudalint

#endif
