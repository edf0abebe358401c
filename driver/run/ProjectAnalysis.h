// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: the planned units analysed in worker processes
// (run/WorkerPool), each with the options its configuration gives it; with
// summaries, calls from one unit into a function another defines are
// modelled from what that function does (checks/shared/ProjectFunctions), and a
// unit is analysed a second time only where the whole database's summaries
// answer one of its questions otherwise than they were answered the first
// time.
#ifndef CUDALINT_DRIVER_PROJECTANALYSIS_H
#define CUDALINT_DRIVER_PROJECTANALYSIS_H

#include "run/Analysis.h"
#include "run/UnitPlan.h"
#include "run/WorkerPool.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

class ProjectAnalysis {
public:
  // `Workers`: what every worker is told besides its unit (the result cache
  // included); `LastingPreambles`: the preamble directory outlives the run,
  // so every unit's own precompiled headers pay; `Verbose`: say what the
  // summaries cost.
  ProjectAnalysis(const std::vector<Unit> &Units, WorkerSettings Workers, bool LastingPreambles,
                  bool Verbose);

  // A unit's configured options for a pass with `Role`, with only the checks
  // that read launch facts where `LaunchFactReaders`. Those of a pass that
  // reads summaries carry the database's, so they are first asked for once
  // analyzeWithSummaries has merged them (or when the run has none). The
  // options live as long as this object: the result cache keys by them.
  const AnalysisOptions *optionsOf(const Unit &U, SummaryRole Role = SummaryRole::Reads,
                                   bool LaunchFactReaders = false);

  using OptionsFor = llvm::function_ref<const AnalysisOptions *(const Unit &)>;

  // The units of `Selected` analysed, started in that order (a unit after
  // its `Callees` where another can start instead), each with the options
  // `Options` gives it; one outcome per unit of the run, in the units'
  // order. `ShareSummaries`: WorkerSettings::ShareSummaries.
  std::vector<UnitOutcome> analyze(const std::vector<size_t> &Selected, OptionsFor Options,
                                   bool ShowProgress, bool ShareSummaries = false,
                                   const std::map<size_t, std::vector<size_t>> &Callees = {});
  // With each unit's configured options.
  std::vector<UnitOutcome> analyze(const std::vector<size_t> &Selected, bool ShowProgress);

  // Every unit a whole-database run could analyse (`Candidates`: a shard's
  // or a diff-mode run's other units too, since a changed unit calls
  // wrappers that did not change) is parsed once; the `Selected` ones are
  // summarised and analysed, the others only summarised.
  std::vector<UnitOutcome> analyzeWithSummaries(const std::vector<size_t> &Candidates,
                                                const std::vector<size_t> &Selected,
                                                bool ShowProgress);

private:
  // `Configured` without its checks, summaries or -verify: what a unit's
  // parse alone tells (kept as long as this object, as the result cache
  // keys by the options).
  const AnalysisOptions *parseOnly(const AnalysisOptions *Configured);
  void analyzeAgainstOlderDeclarations(const std::vector<size_t> &Selected, OptionsFor Options,
                                       std::vector<UnitOutcome> &Done,
                                       const WorkerSettings &Settings);
  void keepSecondAnalyses(std::vector<UnitOutcome> &Outcomes, std::vector<UnitOutcome> Second,
                          const std::vector<size_t> &Again,
                          const std::set<size_t> &LaunchFactsOnly);

  const std::vector<Unit> &Units;
  WorkerSettings Workers;
  bool LastingPreambles;
  bool Verbose;
  // What the functions of the candidate units do, merged; empty until
  // analyzeWithSummaries has them.
  std::string ProjectSummaries;
  std::map<std::tuple<const AnalysisOptions *, SummaryRole, bool>, AnalysisOptions> Made;
  std::map<const AnalysisOptions *, AnalysisOptions> ParseOnly;
};

// Whether calls from one unit into a function another defines are modelled
// from summaries in this run: more than one unit could be analysed, and a
// check of theirs uses summaries (CheckDescription::usesProjectSummaries).
// `Asked`: the command line asked for them, so that a run of one unit says
// it has none.
bool summariesApply(const std::vector<Unit> &Units, const std::vector<size_t> &Candidates,
                    bool Asked, Notices &Notes);

} // namespace cudalint

#endif
