// Stage 3 of the driver: parse one unit with clang and run the enabled checks
// on it. Each call is independent, so units run in parallel.
#ifndef CUDALINT_DRIVER_ANALYSIS_H
#define CUDALINT_DRIVER_ANALYSIS_H

#include "CheckRegistry.h"
#include "FilesRead.h"
#include "Finding.h"

#include <string>
#include <vector>

namespace cudalint {

struct AnalysisOptions {
  std::vector<const CheckDescription *> Checks;
  CheckOptionMap CheckOptions;
  // Clang's -verify: the unit's `expected-warning {{...}}` comments must match
  // the findings exactly; used by the annotated testdata.
  bool Verify = false;
};

struct UnitOutcome {
  std::string File;
  std::vector<Finding> Findings; // NOLINT already applied
  // Clang's errors ("a.cu:3:1: error: unknown type name 'foo'"); a unit with
  // errors could not be analysed cleanly.
  std::vector<std::string> Errors;
  bool Failed = false;
  // Every file clang read for the unit, with a digest of the bytes it
  // parsed: what the result cache keys the findings by.
  std::vector<FileRead> FilesRead;
};

// A file's text as an editor holds it, not yet saved: the analysis reads it
// instead of the file on disk.
struct UnsavedFile {
  std::string Path; // absolute
  std::string Text;
};

// `ClangArguments` is a clang driver argv ("clang++", flags..., file) as
// translateCompileCommand produces it; `Directory` the unit's working dir.
UnitOutcome analyzeUnit(const std::vector<std::string> &ClangArguments,
                        const std::string &Directory,
                        const AnalysisOptions &Options,
                        const std::vector<UnsavedFile> &Unsaved = {});

} // namespace cudalint

#endif
