// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// After stage 4 of sharded runs, --merge: the reports of the shards of one run
// (--shard=i/N), read back and written as the one report an unsharded run
// writes, byte for byte. SARIF and cudalint's JSON merge; text does not (it is
// for people).
//
// A report is read back into the findings, problems and units it was written
// from, and written again by the same writer: findings sorted and
// de-duplicated as a run does (a header's finding reported by units of
// several shards is kept once), SARIF's fingerprint occurrences and artifact
// indices numbered over the whole run, rules in the registry's order.
#ifndef CUDALINT_DRIVER_REPORTMERGE_H
#define CUDALINT_DRIVER_REPORTMERGE_H

#include "report/Output.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

struct ReadReport {
  ReportFormat Format = ReportFormat::Json;
  RunReport Report;
  std::vector<std::string> RuleIds; // SARIF: the rules the run declared
  std::string SourceRoot;           // SARIF: SRCROOT as a path, or empty
};

// Parses one report as writeSarif or writeJson wrote it.
llvm::Expected<ReadReport> readReport(llvm::StringRef Text);

// The problems of a run in a fixed order: stably by file (absolute), the
// first of identical ones kept. A run and a merge both write them so.
void sortProblems(std::vector<RunProblem> &Problems);

// A report's findings, problems and units in the one order every report is
// written in: findings sorted, the first of those with one key kept;
// problems as sortProblems puts them; units sorted, each once. A run and a
// merge both call it, so that merged shards equal the unsharded report.
void sortReport(RunReport &Report);

struct MergeRequest {
  std::vector<std::string> Inputs;
  std::string Output;          // empty: stdout
  std::string RequestedFormat; // --format when given: must match the inputs
  std::string ToolVersion;     // this cudalint's; the inputs must carry it
  bool Quiet = false;
};

// Writes the merged report; returns the exit code a run with those findings
// and problems returns (0, 1, or 2).
int mergeReports(const MergeRequest &Request);

} // namespace cudalint

#endif
