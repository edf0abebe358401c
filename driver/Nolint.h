// clang-tidy's suppression comments, read the way clang-tidy reads them:
// `// NOLINT`, `// NOLINTNEXTLINE`, `// NOLINTBEGIN` ... `// NOLINTEND`, each
// optionally followed by `(check-glob, ...)`.
#ifndef CUDALINT_DRIVER_NOLINT_H
#define CUDALINT_DRIVER_NOLINT_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudalint {

class NolintDirectives {
public:
  explicit NolintDirectives(llvm::StringRef Source);

  bool suppresses(unsigned Line, llvm::StringRef CheckId) const;

  // "line 12: NOLINTBEGIN without a matching NOLINTEND" and the like.
  const std::vector<std::string> &problems() const { return Problems; }

private:
  std::vector<std::string> Problems;
  // (filled in by the implementation)
};

} // namespace cudalint

#endif
