// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run, --cache-dir: the findings of each unit on disk, so that a
// tree that did not change re-lints without parsing.
//
// An entry is found by the unit's key: a digest of cudalint's version and
// executable, clang's version, the unit's translated command and directory,
// the include-path environment variables, and the enabled checks with their
// options. It holds every file the analysis read with a digest of its bytes,
// and the unit's outcome. It is used only when every one of those files still
// has the recorded digest, so an edited header, a changed flag or a new
// cudalint all mean a fresh analysis. Units that could not be analysed are
// never stored (their missing header may appear).
//
// Entries are written to a temporary file and renamed into place; an entry
// that does not read back whole (truncated, wrong magic, bad checksum) is
// ignored and replaced.
#ifndef CUDALINT_DRIVER_RESULTCACHE_H
#define CUDALINT_DRIVER_RESULTCACHE_H

#include "run/Analysis.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

class ResultCache {
public:
  explicit ResultCache(std::string Directory);

  // The entry's name for a unit.
  std::string keyOf(const std::vector<std::string> &ClangArguments, const std::string &Directory,
                    const AnalysisOptions &Options) const;

  // The stored outcome, whether or not the files it read changed since;
  // nullopt when there is none or it does not read back whole.
  std::optional<UnitOutcome> read(const std::string &Key);
  // Whether every file the stored outcome read still has its digest.
  bool unchanged(const UnitOutcome &Stored);
  // read, when unchanged.
  std::optional<UnitOutcome> lookup(const std::string &Key);
  // Writes the outcome unless the unit failed; false when it could not.
  bool store(const std::string &Key, const UnitOutcome &Outcome);

  // The digest of a file as it is now; nullopt when it cannot be read.
  std::optional<std::string> currentDigest(const std::string &Path);

  const std::string &directory() const { return Root; }
  unsigned corrupt() const { return Corrupt; }
  unsigned writeFailures() const { return WriteFailures; }

private:
  std::string entryPath(const std::string &Key) const;

  std::string Root;
  std::string ToolDigest; // cudalint's executable and versions
  using FileIdentity = std::tuple<llvm::sys::fs::UniqueID, uint64_t, llvm::sys::TimePoint<>>;
  std::mutex DigestsMutex;
  llvm::StringMap<std::pair<FileIdentity, std::optional<std::string>>> Digests;
  std::atomic<unsigned> Corrupt{0}, WriteFailures{0};
};

} // namespace cudalint

#endif
