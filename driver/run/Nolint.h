// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: clang-tidy's suppression comments, read the way clang-tidy
// reads them: `// NOLINT`, `// NOLINTNEXTLINE`, `// NOLINTBEGIN` ...
// `// NOLINTEND`, each optionally followed by `(check-glob, ...)`.
#ifndef CUDALINT_DRIVER_NOLINT_H
#define CUDALINT_DRIVER_NOLINT_H

#include "config/GlobList.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
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
  // A NOLINT or NOLINTNEXTLINE: it covers one line.
  struct LineDirective {
    unsigned Line; // the line it covers
    std::shared_ptr<const GlobList> Checks;
  };
  // A matched NOLINTBEGIN ... NOLINTEND pair. clang-tidy covers the bytes
  // strictly between the two keywords; a finding is known here only by its
  // line, so each end line counts as covered where its code lies inside.
  struct Block {
    unsigned BeginLine;
    bool BeginLineCovered; // code follows the NOLINTBEGIN on its line
    unsigned EndLine;
    bool EndLineCovered; // code precedes the NOLINTEND on its line
    std::shared_ptr<const GlobList> Checks;
  };

  std::vector<std::string> Problems;
  std::vector<LineDirective> LineDirectives;
  std::vector<Block> Blocks;
};

} // namespace cudalint

#endif
