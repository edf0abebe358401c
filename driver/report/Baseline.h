// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 4 of a run, baselines: the findings a project has today, recorded so
// that later runs report only new ones. A finding is recorded by a fingerprint
// that survives edits elsewhere in its file: no line numbers, but the check,
// the file (relative to the baseline's directory), the message, the trimmed
// source line and which of the identical fingerprints in that file it is (so
// two identical buggy lines are two entries, and a third is new).
#ifndef CUDALINT_DRIVER_BASELINE_H
#define CUDALINT_DRIVER_BASELINE_H

#include "Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

struct Fingerprint {
  std::string Check;
  std::string File; // relative to the baseline's directory, '/'-separated
  std::string Message;
  std::string Code; // the finding's source line, trimmed
  unsigned Occurrence = 0;

  auto key() const { return std::tie(File, Check, Message, Code, Occurrence); }
  friend bool operator<(const Fingerprint &A, const Fingerprint &B) { return A.key() < B.key(); }
  friend bool operator==(const Fingerprint &A, const Fingerprint &B) { return A.key() == B.key(); }
};

// `Path` relative to `Directory` (both absolute), with `..` where it lies
// outside, '/'-separated.
std::string relativePath(llvm::StringRef Path, llvm::StringRef Directory);

// One fingerprint per finding, in the findings' order. Occurrences are
// numbered in that order, so pass the findings sorted by location.
std::vector<Fingerprint> fingerprints(llvm::ArrayRef<Finding> Findings,
                                      llvm::StringRef BaselineDirectory);

// The baseline file: JSON, entries sorted, no absolute paths and no line
// numbers, so it changes only when findings do.
void writeBaseline(llvm::raw_ostream &OS, std::vector<Fingerprint> Entries);
llvm::Expected<std::set<Fingerprint>> parseBaseline(llvm::StringRef Text);

// Drops the findings `Baseline` records; returns how many it dropped.
size_t removeBaselined(std::vector<Finding> &Findings, const std::set<Fingerprint> &Baseline,
                       llvm::StringRef BaselineDirectory);

// The files behind --baseline and --write-baseline; problems are reported on
// stderr, naming the file.
std::optional<std::set<Fingerprint>> readBaselineFile(const std::string &Path);
bool writeBaselineFile(const std::string &Path, const std::vector<Finding> &Findings);
// The directory a baseline's paths are relative to: the file's own.
std::string baselineDirectory(llvm::StringRef BaselinePath);

} // namespace cudalint

#endif
