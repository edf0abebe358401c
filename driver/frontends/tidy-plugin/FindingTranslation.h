// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Turns the places a cudalint Finding names as text (absolute file, line,
// column; file and byte offset for fix-its) back into SourceLocations of the
// unit that produced it, so clang-tidy can print, filter (NOLINT, header
// filter) and apply them like its own diagnostics.
#ifndef CUDALINT_TIDY_PLUGIN_FINDINGTRANSLATION_H
#define CUDALINT_TIDY_PLUGIN_FINDINGTRANSLATION_H

#include "Finding.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"

#include <optional>

namespace cudalint::tidy {

class FindingTranslation {
public:
  explicit FindingTranslation(const clang::SourceManager &SM) : SM(SM) {}

  // Invalid when the point names no file of this unit (a buffer such as
  // <command line>); clang-tidy then prints the message without a place.
  clang::SourceLocation location(const SourcePoint &Point);
  std::optional<clang::FixItHint> fixIt(const FixIt &Fix);

private:
  clang::FileID file(llvm::StringRef Path);

  const clang::SourceManager &SM;
  // SourceManager::translateFile walks every loaded file: ask once per path.
  llvm::StringMap<clang::FileID> Files;
};

} // namespace cudalint::tidy

#endif
