// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 4 of a run, last part: --export-fixes writes the reported findings'
// fix-its for clang-apply-replacements, and --fix applies them, file by file,
// then analyses the units concerned again to confirm each finding is gone.
#ifndef CUDALINT_DRIVER_FIXSTAGE_H
#define CUDALINT_DRIVER_FIXSTAGE_H

#include "report/Fixes.h"
#include "run/Analysis.h"
#include "run/UnitPlan.h"

#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

using FindingId = std::tuple<std::string, unsigned, unsigned, std::string, std::string>;

// What tells two findings apart, to follow one through the fixes.
FindingId idOf(const Finding &Found);

// A finding as one unit reported it, before findings of several units are
// merged: each unit's fix-its and build directory stay known.
struct UnitFinding {
  Finding Found;
  size_t Unit;
};

struct FixStageResult {
  std::set<FindingId> Fixed; // applied, and gone when the unit was analysed again
  bool Problem = false;      // a file could not be written or no longer parses
};

bool exportFixes(const std::string &Path, const std::vector<Finding> &Findings,
                 const std::vector<UnitFinding> &Shown, const std::vector<Unit> &Units,
                 SourceTexts &Texts);

// Analyses the units of these indices again; one outcome per unit of the run.
using Reanalysis = std::function<std::vector<UnitOutcome>(const std::vector<size_t> &)>;

FixStageResult applyFixes(const std::vector<Finding> &Reported,
                          const std::vector<UnitFinding> &Shown, const std::vector<Unit> &Units,
                          const std::vector<UnitOutcome> &Outcomes, SourceTexts &Texts,
                          Notices &Notes, const Reanalysis &AnalyzeAgain, bool Quiet);

} // namespace cudalint

#endif
