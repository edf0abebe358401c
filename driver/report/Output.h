// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 4 of a run: print the run's findings in clang's text format, SARIF
// 2.1.0 or JSON. Findings arrive sorted and de-duplicated, so every format is
// byte-identical whatever -j was.
#ifndef CUDALINT_DRIVER_OUTPUT_H
#define CUDALINT_DRIVER_OUTPUT_H

#include "CheckRegistry.h"
#include "Finding.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

// The formats a report is written in (and --merge reads: SARIF and JSON).
enum class ReportFormat { Text, Sarif, Json };

// A unit that could not be analysed, or a problem with the input.
struct RunProblem {
  std::string File;    // the unit or database concerned; may be empty
  std::string Message; // already phrased for the user
};

// How one unit was analysed, carried by the reports as run properties so
// that "no finding" is never silently "not analysed".
struct UnitRun {
  std::string File;
  std::string Directory;
  std::vector<std::string> Command;  // the clang driver command it became
  std::vector<AnalysisLimit> Limits; // functions the analyzer did not finish
  unsigned FunctionsExplored = 0;    // by the path-sensitive checks
  unsigned HostCudaCalls = 0;        // UnitOutcome::HostCudaCalls
  // The code clang rejected, set aside so that the rest of the unit was
  // analysed (UnitOutcome::ErrorsSetAside and kin).
  CodeSetAside SetAside;
  // The enabled checks that did not run on a unit clang rejected: the
  // path-sensitive ones (the Static Analyzer analyses nothing of a unit with
  // errors), while the AST checks report on what did parse.
  std::vector<std::string> ChecksNotRun;
  // Where the installed toolkit's headers rejected its host code and the
  // unit was analysed against older CUDA declarations (UnitOutcome's).
  std::string OlderDeclarations;
  std::string ErrorWithToolkit;
  // Timings differ from run to run: only --verbose reports them.
  bool HasTiming = false;
  double ParseSeconds = 0;
  double AnalysisSeconds = 0;
  bool PreambleUsed = false;
  bool FromCache = false;
  uint64_t PeakMemoryKiB = 0;

  auto key() const { return std::tie(File, Directory, Command); }
};

struct RunReport {
  std::vector<Finding> Findings; // sorted, de-duplicated
  std::vector<RunProblem> Problems;
  std::vector<std::string> Units; // absolute paths of the units analysed
  std::vector<UnitRun> Runs;      // sorted by key()
  std::string ToolVersion;
};

struct OutputOptions {
  bool Color = false;
  // SARIF artifact URIs are made relative to this directory when they lie
  // under it (uriBaseId "SRCROOT"); absolute file:// URIs otherwise.
  std::string SourceRoot;
  // The checks that ran, for SARIF's rules array.
  std::vector<const CheckDescription *> Rules;
};

// The notice of a unit analysed without the code clang rejected: how many
// errors were set aside, and the first few; where host code was set aside,
// the functions skipped and the headers read as empty.
std::string setAsideNotice(llvm::StringRef Unit, const CodeSetAside &SetAside);

// clang-tidy's text: findings, their snippets, fix-its and notes; nothing
// else (no summary line, no problems).
void writeText(llvm::raw_ostream &OS, const RunReport &Report, const OutputOptions &Options);
// cudalint's own JSON for scripts; its keys are documented in OutputJson.cpp.
void writeJson(llvm::raw_ostream &OS, const RunReport &Report, const OutputOptions &Options);
// One UnitRun as the JSON report and SARIF's run properties write it.
void writeUnitRun(llvm::json::OStream &J, const UnitRun &Run);
// SARIF 2.1.0 for GitHub code scanning; choices documented in
// OutputSarif.cpp.
void writeSarif(llvm::raw_ostream &OS, const RunReport &Report, const OutputOptions &Options);

} // namespace cudalint

#endif
