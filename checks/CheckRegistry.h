// The one place checks are registered. The driver enumerates checks only
// through this list: --list-checks, SARIF rules and --checks globs all read it.
#ifndef CUDALINT_CHECKS_CHECKREGISTRY_H
#define CUDALINT_CHECKS_CHECKREGISTRY_H

#include "CudaCheck.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>

namespace cudalint {

struct CheckDescription {
  llvm::StringLiteral Id;
  // One sentence: what the check finds.
  llvm::StringLiteral Summary;
  // Why it matters on a GPU, for SARIF's help text.
  llvm::StringLiteral Help;
  std::function<std::unique_ptr<CudaCheck>(CheckContext &)> Create;
};

llvm::ArrayRef<CheckDescription> registeredChecks();

} // namespace cudalint

#endif
