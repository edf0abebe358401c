// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/ProjectAnalysis.h"

#include "run/Preamble.h"
#include "run/UnitOrder.h"
#include "shared/ProjectFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <set>

using namespace llvm;

namespace cudalint {

// Whether one of the checks `Options` runs reported `Found`.
static bool foundByOneOf(const AnalysisOptions &Options, const Finding &Found) {
  return llvm::any_of(Options.Checks,
                      [&](const CheckDescription *Check) { return Check->Id == Found.CheckId; });
}

// Whether one of `Findings` rests on one of `NowReading` not reading the
// launch error (both lists sorted).
static bool anyRestsOn(const std::vector<Finding> &Findings,
                       const std::vector<std::string> &NowReading) {
  return llvm::any_of(Findings, [&](const Finding &Found) {
    auto Rests = Found.NonReadersAfter.begin(), Reads = NowReading.begin();
    while (Rests != Found.NonReadersAfter.end() && Reads != NowReading.end()) {
      if (*Rests == *Reads)
        return true;
      (*Rests < *Reads) ? ++Rests : ++Reads;
    }
    return false;
  });
}

ProjectAnalysis::ProjectAnalysis(const std::vector<Unit> &Units, WorkerSettings Workers,
                                 bool LastingPreambles, bool Verbose)
    : Units(Units), Workers(std::move(Workers)), LastingPreambles(LastingPreambles),
      Verbose(Verbose) {}

const AnalysisOptions *ProjectAnalysis::optionsOf(const Unit &U, SummaryRole Role,
                                                  bool LaunchFactReaders) {
  const AnalysisOptions &Configured = U.Settings->Analysis;
  auto [Entry, Inserted] = Made.try_emplace({&Configured, Role, LaunchFactReaders}, Configured);
  AnalysisOptions &Options = Entry->second;
  if (Inserted) {
    Options.Summaries = Role;
    if (Role == SummaryRole::Reads)
      Options.ProjectSummaries = ProjectSummaries;
    if (LaunchFactReaders)
      llvm::erase_if(Options.Checks,
                     [](const CheckDescription *Check) { return !Check->ReadsLaunchFacts; });
  }
  return &Options;
}

std::vector<UnitOutcome>
ProjectAnalysis::analyze(const std::vector<size_t> &Selected, OptionsFor Options, bool ShowProgress,
                         bool ShareSummaries,
                         const std::map<size_t, std::vector<size_t>> &Callees) {
  // Without a lasting preamble directory, a PCH of the CUDA headers pays
  // only for units whose commands differ in their file alone.
  std::map<std::string, unsigned> Alike;
  auto CommonPart = [&](size_t I) {
    std::string Common = Units[I].Command.Directory;
    for (const std::string &Argument : ArrayRef(Units[I].Translated.Arguments).drop_back())
      (Common += '\0') += Argument;
    return Common;
  };
  for (size_t I : Selected)
    ++Alike[CommonPart(I)];
  std::vector<UnitJob> Jobs;
  std::map<size_t, size_t> Position;
  for (size_t I : Selected) {
    Position[I] = Jobs.size();
    Jobs.push_back({&Units[I].Translated.Arguments, &Units[I].Command.Directory, Options(Units[I]),
                    LastingPreambles || Alike[CommonPart(I)] > 1});
  }
  for (const auto &[I, Called] : Callees)
    if (auto Job = Position.find(I); Job != Position.end())
      for (size_t Callee : Called)
        if (auto Before = Position.find(Callee); Before != Position.end())
          Jobs[Job->second].StartAfter.push_back(Before->second);
  WorkerSettings Settings = Workers;
  Settings.ShowProgress = ShowProgress;
  Settings.ShareSummaries = ShareSummaries;
  std::vector<UnitOutcome> Done = analyzeInWorkers(Jobs, Settings);
  analyzeAgainstOlderDeclarations(Selected, Options, Done, Settings);
  if (Settings.Environment.UnitPreambles)
    prunePreambles(Settings.Environment.PreambleDirectory);
  std::vector<UnitOutcome> Outcomes(Units.size());
  for (size_t Position = 0; Position < Selected.size(); ++Position)
    Outcomes[Selected[Position]] = std::move(Done[Position]);
  return Outcomes;
}

// A unit written for an older toolkit may use what the installed one no
// longer declares (Unit::OlderDeclarations); nvcc of
// its authors' toolkit compiled it. Where clang rejected its host code, the
// unit is parsed with each set of older declarations, no check running: the
// parse tells what host code it would lose. Only the set that loses least,
// and less than the toolkit's headers did, is analysed: a unit whose errors
// are its own (FasterTransformer's cutlass headers) costs its parses, not
// its analyses. Under -verify, a parse without the checks would miss their
// expectations, so each set is analysed.
void ProjectAnalysis::analyzeAgainstOlderDeclarations(const std::vector<size_t> &Selected,
                                                      OptionsFor Options,
                                                      std::vector<UnitOutcome> &Done,
                                                      const WorkerSettings &Settings) {
  using Candidate = std::pair<size_t, const OlderDeclarationsCommand *>; // position in Selected
  std::vector<Candidate> Probed, Analyzed;
  std::vector<UnitJob> Probes, Analyses;
  for (size_t Position = 0; Position < Selected.size(); ++Position) {
    const Unit &U = Units[Selected[Position]];
    const AnalysisOptions *Configured = Options(U);
    if (U.OlderDeclarations.empty() || !rejectedHostCode(Done[Position], Configured->Verify))
      continue;
    for (const OlderDeclarationsCommand &Older : U.OlderDeclarations) {
      bool Probe = !Configured->Verify;
      (Probe ? Probed : Analyzed).emplace_back(Position, &Older);
      (Probe ? Probes : Analyses)
          .push_back({&Older.Translated.Arguments, &U.Command.Directory,
                      Probe ? parseOnly(Configured) : Configured, /*SharesPreamble=*/false});
    }
  }
  if (Probes.empty() && Analyses.empty())
    return;
  WorkerSettings Quiet = Settings;
  Quiet.ShowProgress = false;
  std::vector<UnitOutcome> Parsed = analyzeInWorkers(Probes, Quiet);
  std::map<size_t, std::pair<size_t, const OlderDeclarationsCommand *>> Best; // lost, which
  for (size_t K = 0; K < Probed.size(); ++K) {
    auto [Position, Older] = Probed[K];
    UnitOutcome &First = Done[Position];
    First.Timing.add(Parsed[K].Timing);
    size_t Lost = hostCodeLost(Parsed[K]);
    auto Found = Best.find(Position);
    if (Lost < hostCodeLost(First) && (Found == Best.end() || Lost < Found->second.first))
      Best[Position] = {Lost, Older};
  }
  for (const auto &[Position, Chosen] : Best) {
    const Unit &U = Units[Selected[Position]];
    Analyzed.emplace_back(Position, Chosen.second);
    Analyses.push_back({&Chosen.second->Translated.Arguments, &U.Command.Directory, Options(U),
                        /*SharesPreamble=*/false});
  }
  std::vector<UnitOutcome> Older = analyzeInWorkers(Analyses, Quiet);
  // In the order tried: a later one is kept only where it lost less still.
  for (size_t K = 0; K < Analyzed.size(); ++K)
    keepTheAnalysisThatLostLess(Done[Analyzed[K].first], std::move(Older[K]),
                                Analyzed[K].second->Declarations);
}

const AnalysisOptions *ProjectAnalysis::parseOnly(const AnalysisOptions *Configured) {
  auto [Entry, Inserted] = ParseOnly.try_emplace(Configured);
  if (Inserted)
    Entry->second.CheckOptions = Configured->CheckOptions;
  return &Entry->second;
}

std::vector<UnitOutcome> ProjectAnalysis::analyze(const std::vector<size_t> &Selected,
                                                  bool ShowProgress) {
  return analyze(Selected, [this](const Unit &U) { return optionsOf(U); }, ShowProgress);
}

// A second analysis is needed only where the whole database's summaries
// answer a question the first one asked (UnitOutcome::SummariesConsulted)
// otherwise: elsewhere it would find the same, and the first one's findings
// stand.
std::vector<UnitOutcome>
ProjectAnalysis::analyzeWithSummaries(const std::vector<size_t> &Candidates,
                                      const std::vector<size_t> &Selected, bool ShowProgress) {
  std::set<const Unit *> Reported;
  for (size_t I : Selected)
    Reported.insert(&Units[I]);
  auto Start = std::chrono::steady_clock::now();
  // Each unit is handed the summaries of those done before it starts; the
  // order decides how many are analysed twice (run/UnitOrder.h), and the
  // pool then starts sooner the units that likely define what a finished
  // unit asked of in vain.
  SummaryOrder Order = summaryOrder(Units, Candidates);
  std::vector<UnitOutcome> Outcomes = analyze(
      Order.Order,
      [&](const Unit &U) {
        return optionsOf(U, Reported.count(&U) ? SummaryRole::WritesAndReadsOwn
                                               : SummaryRole::WritesOnly);
      },
      ShowProgress, /*ShareSummaries=*/true, Order.Callees);
  std::vector<std::string> PerUnit;
  for (size_t I : Candidates)
    PerUnit.push_back(summariesForOtherUnits(Outcomes[I]));
  ProjectSummaries = mergeSummaries(PerUnit);
  ProjectFunctions Database;
  Database.read(ProjectSummaries);
  // Where only launch facts are answered otherwise, only the checks that
  // read them run again (a parse and AST matchers, not the Static Analyzer),
  // and the other checks' findings stand.
  // Where only more functions read the launch error than the first
  // analysis knew, those checks find at most what they found, and lose only
  // findings that rest on one of those functions not reading it: a unit
  // with no such finding is not analysed again (a discarded cublasStatus_t
  // rests on none; an unchecked launch on the functions of other units
  // called after it, in its function and in its callers).
  std::vector<size_t> Again;
  std::set<size_t> LaunchFactsOnly;
  size_t Spared = 0;
  for (size_t I : Selected) {
    const UnitOutcome &First = Outcomes[I];
    std::string Otherwise;
    ProjectFunctions::Differences Found =
        ProjectFunctions::compareAnswers(Database, First.SummariesConsulted, &Otherwise);
    const AnalysisOptions &Rerun = *optionsOf(Units[I], SummaryRole::Reads, true);
    if (Found == ProjectFunctions::Differences::MoreReadersOnly && !First.Failed &&
        !anyRestsOn(First.Findings,
                    ProjectFunctions::nowReading(Database, First.SummariesConsulted))) {
      ++Spared;
      continue;
    }
    switch (Found) {
    case ProjectFunctions::Differences::None:
      break;
    case ProjectFunctions::Differences::MoreReadersOnly:
    case ProjectFunctions::Differences::LaunchFactsOnly:
      if (!Rerun.Checks.empty()) {
        Again.push_back(I);
        LaunchFactsOnly.insert(I);
      }
      break;
    case ProjectFunctions::Differences::Summaries:
      Again.push_back(I);
      break;
    }
    if (Verbose && !Again.empty() && Again.back() == I) {
      auto [Usr, Asked] = StringRef(Otherwise).split('\t');
      errs() << "cudalint: summaries: analysing '" << First.File << "' again: the database "
             << "answers otherwise what it asked of " << Usr << " (" << Asked << ")\n";
    }
  }
  std::vector<UnitOutcome> Second = analyze(
      Again,
      [&](const Unit &U) {
        return optionsOf(U, SummaryRole::Reads, LaunchFactsOnly.count(&U - Units.data()));
      },
      ShowProgress);
  keepSecondAnalyses(Outcomes, std::move(Second), Again, LaunchFactsOnly);
  std::chrono::duration<double> Took = std::chrono::steady_clock::now() - Start;
  if (Verbose)
    errs() << "cudalint: summaries: " << StringRef(ProjectSummaries).count('\n') << " functions of "
           << Candidates.size() << " units; " << Again.size() << " of " << Selected.size()
           << " units analysed again with them (" << LaunchFactsOnly.size()
           << " for launch errors alone; " << Spared
           << " spared, where only more functions read the launch error and no finding "
           << "rested on their not reading it); "
           << "all in " << format("%.1f", Took.count()) << " s\n";
  return Outcomes;
}

// Each unit analysed again takes its second outcome, or where only launch
// facts were answered otherwise, the second outcome's findings of the checks
// that read them in place of the first's; both analyses are its cost.
void ProjectAnalysis::keepSecondAnalyses(std::vector<UnitOutcome> &Outcomes,
                                         std::vector<UnitOutcome> Second,
                                         const std::vector<size_t> &Again,
                                         const std::set<size_t> &LaunchFactsOnly) {
  for (size_t I : Again) {
    UnitOutcome &First = Outcomes[I], &Then = Second[I];
    Then.Timing.add(First.Timing);
    // A second analysis that failed where the first did not (it crashed,
    // ran out of time) is the unit's outcome, as any failed analysis is.
    if (LaunchFactsOnly.count(I) && Then.Failed == First.Failed) {
      const AnalysisOptions &Rerun = *optionsOf(Units[I], SummaryRole::Reads, true);
      llvm::erase_if(First.Findings,
                     [&](const Finding &Found) { return foundByOneOf(Rerun, Found); });
      llvm::append_range(First.Findings, Then.Findings);
      First.Timing = Then.Timing;
      continue;
    }
    Outcomes[I] = std::move(Then);
  }
}

bool summariesApply(const std::vector<Unit> &Units, const std::vector<size_t> &Candidates,
                    bool Asked, Notices &Notes) {
  // Files named on the command line select only their own units; a run that
  // asked for summaries and gets none must not look like one that had them.
  if (Candidates.size() < 2) {
    if (Asked)
      Notes.add("--cross-unit-summaries: no summaries, the run has a single unit; to "
                "report on some files with the summaries of the whole compile database, "
                "name them with --files-from rather than on the command line");
    return false;
  }
  return llvm::any_of(Candidates, [&](size_t I) {
    return llvm::any_of(Units[I].Settings->Analysis.Checks, [](const CheckDescription *Check) {
      return Check->usesProjectSummaries();
    });
  });
}

} // namespace cudalint
