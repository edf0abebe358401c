// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run, diff mode: --files-from and --changed-since name the files
// that changed; only the units that are one of them, or that read one of them
// (a header), are analysed.
//
// Which files a unit reads comes from its result-cache entry when there is
// one: if every file the entry recorded is unchanged, the unit reads the same
// files now, and it is affected only if one of them is in the list; if a
// recorded file that is in the list changed, it is affected. Otherwise (no
// cache, no entry, or an entry changed by files not in the list) clang's
// preprocessor runs over the unit with its own command: exact, at the cost of
// preprocessing, a fraction of a full analysis. A unit that does not
// preprocess is analysed, so that its error is reported.
#ifndef CUDALINT_DRIVER_CHANGEDFILES_H
#define CUDALINT_DRIVER_CHANGEDFILES_H

#include "run/Analysis.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalint {

class ResultCache;

// One path a line; blank lines are skipped, relative paths are taken relative
// to `BaseDirectory`. "-" reads standard input.
llvm::Expected<std::set<std::string>> readFileList(llvm::StringRef ListPath,
                                                   llvm::StringRef BaseDirectory);

// `git diff --name-only <Revision>` in the repository holding `Directory`
// (committed and uncommitted changes, deleted files included), plus the
// untracked files that are not ignored.
llvm::Expected<std::set<std::string>> gitChangedFiles(llvm::StringRef Revision,
                                                      llvm::StringRef Directory);

// Every file the unit's preprocessing reads (main file included); nullopt
// when it does not preprocess.
std::optional<std::vector<std::string>>
preprocessedFiles(const std::vector<std::string> &ClangArguments, const std::string &Directory);

struct UnitInputs {
  std::string File;
  const std::vector<std::string> *ClangArguments = nullptr;
  const std::string *Directory = nullptr;
  const AnalysisOptions *Options = nullptr;
};

struct AffectedUnits {
  std::vector<char> Affected; // one per unit; not vector<bool>: set in parallel
  unsigned Preprocessed = 0;  // units whose files came from the preprocessor
};

AffectedUnits affectedUnits(const std::vector<UnitInputs> &Units,
                            const std::set<std::string> &Changed, ResultCache *Cache,
                            unsigned Threads);

} // namespace cudalint

#endif
