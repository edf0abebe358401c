// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run: clang-tidy's check globs, a comma-separated list of `*`
// patterns, each optionally negated with `-`; the last pattern that matches
// decides.
#ifndef CUDALINT_DRIVER_GLOBLIST_H
#define CUDALINT_DRIVER_GLOBLIST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

#include <vector>

namespace cudalint {

class GlobList {
public:
  explicit GlobList(llvm::StringRef Globs);
  bool contains(llvm::StringRef Name) const;
  bool empty() const { return Items.empty(); }

private:
  struct Item {
    bool Positive;
    llvm::Regex Pattern;
  };
  std::vector<Item> Items;
};

} // namespace cudalint

#endif
