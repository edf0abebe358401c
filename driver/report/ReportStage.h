// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 4 of a run, first half: the units' outcomes become one report (the
// findings of the files shown, sorted and de-duplicated by sortReport, each
// unit that failed a problem), and the report is written in the chosen
// format with the summary line on stderr. The baseline (report/Baseline) and
// the fixes (report/FixStage) follow.
#ifndef CUDALINT_DRIVER_REPORTSTAGE_H
#define CUDALINT_DRIVER_REPORTSTAGE_H

#include "report/FixStage.h"
#include "report/Output.h"
#include "run/Analysis.h"
#include "run/UnitPlan.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

// Never silent: "analysed 'a.cu' against the CUDA 12.9 declarations bundled
// with cudalint, since the headers of CUDA 13.0 reject its host code (a.cu:9:3:
// error: ...); it was written for an older toolkit: it builds for sm_60, ..."
// for a unit whose outcome was kept from one of its Unit::OlderDeclarations.
std::string olderDeclarationsNotice(const Unit &U, const UnitOutcome &Outcome);

// Adds each selected unit's outcome to `Report`: its run properties, its
// problem when it failed (also printed), a notice for the code it set aside,
// and the findings in files it shows (its main file, the headers the header
// filter names). `Shown` keeps which unit reported each finding, for the
// fixes. `Verbose` prints what became of each unit and keeps the timings in
// the report. Returns how many units failed.
size_t collectReport(const std::vector<Unit> &Units, const std::vector<size_t> &ToAnalyze,
                     std::vector<UnitOutcome> &Outcomes, RunReport &Report,
                     std::vector<UnitFinding> &Shown, Notices &Notes, bool Verbose);

struct ReportDestination {
  std::string OutputFile; // empty: stdout
  ReportFormat Format = ReportFormat::Text;
  std::optional<bool> Color; // unset: when stdout is a terminal
  std::string SourceRoot;    // absolute: what SARIF's URIs are relative to
  // Rules: the checks some unit runs (SARIF lists them).
  std::vector<const CheckDescription *> Rules;
  bool Verify = false; // the expectations are the report: none is written
  bool Quiet = false;  // no summary line
};

// The report in the chosen format, then "N warnings and M errors in K
// units" on stderr; false when the output file cannot be written (said).
bool writeReport(const RunReport &Report, const ReportDestination &Destination, size_t FailedUnits,
                 size_t Analyzed);

} // namespace cudalint

#endif
