// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: parse one unit with clang and run the enabled checks on
// it. An analysis keeps nothing in the process: all it needs travels with it,
// so analyses on several threads do not meet. A run still analyses each unit
// in a worker process of its own (run/WorkerPool.h), so that a unit that
// crashes clang, exhausts memory or hangs costs that unit alone.
#ifndef CUDALINT_DRIVER_ANALYSIS_H
#define CUDALINT_DRIVER_ANALYSIS_H

#include "CheckRegistry.h"
#include "Finding.h"
#include "run/FilesRead.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace cudalint {

// What a unit's analysis does with the summaries of the project's functions
// (checks/shared/ProjectFunctions.h) in a run over a compile database.
enum class SummaryRole : uint8_t {
  // Analysed with AnalysisOptions::ProjectSummaries (none in a run of one
  // unit).
  Reads,
  // Its functions summarised (UnitOutcome::Summaries) for the other units;
  // no check runs: a unit that a shard or a diff-mode run reports nothing of.
  WritesOnly,
  // Its functions summarised, then the unit analysed with its own summaries
  // and AnalysisOptions::SummariesSoFar, noting what it asked of them and
  // the answers (UnitOutcome::SummariesConsulted): where the whole
  // database's summaries answer the same, these are the unit's findings, and
  // it is analysed once.
  WritesAndReadsOwn,
};

struct AnalysisOptions {
  std::vector<const CheckDescription *> Checks;
  CheckOptionMap CheckOptions;
  // Clang's -verify: the unit's `expected-warning {{...}}` comments must match
  // the findings exactly; used by the annotated testdata.
  bool Verify = false;
  SummaryRole Summaries = SummaryRole::Reads;
  // What the functions of the other units do (mergeSummaries' text,
  // checks/shared/ProjectFunctions.h): calls into them are modelled from it.
  std::string ProjectSummaries;
  // For SummaryRole::WritesAndReadsOwn: the summaries of other units known
  // when the unit's analysis starts (each a unit's text), read with its own.
  // They change no finding of the run, only how often a unit is analysed
  // twice; the result cache does not key by them, since the answers they
  // gave are kept with the findings.
  std::vector<std::string> SummariesSoFar;
};

// How long a unit took, for --verbose and the reports' run properties; never
// part of a comparison.
struct UnitTiming {
  double ParseSeconds = 0;    // preprocessing, parsing and Sema
  double AnalysisSeconds = 0; // the checks: AST matchers and the Static Analyzer
  bool PreambleUsed = false;  // the CUDA headers came precompiled
  bool FromCache = false;     // the result cache answered; nothing ran
  uint64_t PeakMemoryKiB = 0; // of the worker process, when one ran

  // The cost of another analysis of the same unit, counted with this one's.
  void add(const UnitTiming &Other) {
    ParseSeconds += Other.ParseSeconds;
    AnalysisSeconds += Other.AnalysisSeconds;
    FromCache = FromCache && Other.FromCache;
    PeakMemoryKiB = std::max(PeakMemoryKiB, Other.PeakMemoryKiB);
  }
};

// How a unit is analysed, beyond what it finds: nothing here changes a
// finding.
struct AnalysisEnvironment {
  // Where precompiled forms of the CUDA headers every unit starts with are
  // kept and reused (run/Preamble.h); empty: every unit parses them.
  std::string PreambleDirectory;
  // Whether a unit also keeps a PCH of its own headers there: only where it
  // is analysed again later (a lasting directory, the language server).
  bool UnitPreambles = false;
};

struct UnitOutcome {
  std::string File;
  std::vector<Finding> Findings; // NOLINT already applied
  // Clang's errors ("a.cu:3:1: error: unknown type name 'foo'"); a unit with
  // errors could not be analysed cleanly.
  std::vector<std::string> Errors;
  bool Failed = false;
  // The code that holds clang's errors, when it was set aside and the rest
  // of the unit analysed (run/RejectedCode.h): the unit did not fail, and
  // Errors is empty. Code nvcc may accept, which cudalint does not analyse.
  CodeSetAside SetAside;
  // Every file clang read for the unit, with a digest of the bytes it
  // parsed: what the result cache keys the findings by.
  std::vector<FileRead> FilesRead;
  // Functions the Static Analyzer did not finish, sorted.
  std::vector<AnalysisLimit> Limits;
  // How many functions the path-sensitive checks explored.
  unsigned FunctionsExplored = 0;
  // How many calls of the CUDA API and launches the main file's host code
  // makes (the benchmarks' measure of a unit's weight).
  unsigned HostCudaCalls = 0;
  // What the unit's functions do, as writeSummaries writes it (for
  // SummaryRole::WritesOnly and WritesAndReadsOwn).
  std::string Summaries;
  // What the analysis asked of the summaries, with the answers (for
  // SummaryRole::WritesAndReadsOwn; ProjectFunctions::consulted), sorted.
  std::vector<std::string> SummariesConsulted;
  // With them: the files that declare the callees no summary told of yet
  // (ProjectFunctions::unknownCalleesDeclaredIn). A run analyses the units
  // that likely define them sooner; they change no finding.
  std::vector<std::string> UnknownCalleesDeclaredIn;
  UnitTiming Timing;
  // Set where the installed toolkit's headers rejected host code of the unit
  // and it was analysed against older CUDA declarations instead
  // (ProjectAnalysis): which ones ("the CUDA 12.9 declarations bundled with
  // cudalint"), and the first error the toolkit's headers gave.
  std::string OlderDeclarations;
  std::string ErrorWithToolkit;
};

// How much of a unit's host code its analysis lost to clang's errors: all of
// it (SIZE_MAX), or the functions skipped and the headers read as empty.
size_t hostCodeLost(const UnitOutcome &Outcome);

// Whether clang rejected host code of the unit: a function skipped, or the
// whole unit failed on errors in its code (not a crash or a timeout), and no
// header was missing; under -verify (`Verify`), the verifier's errors count.
bool rejectedHostCode(const UnitOutcome &Outcome, bool Verify);

// A unit written for an older toolkit may use what the installed one no
// longer declares (olderDeclarationsToolchain, database/CommandTranslation.h).
// `First` is its analysis against the toolkit's headers, which rejected host
// code of it; `Older` the one against `OlderDeclarations`. The second is kept,
// and says so, where it lost less of the host code: then the toolkit's errors
// came from its declarations, the one thing the two parses do not share.
// Either way `First` ends up with both analyses' cost.
void keepTheAnalysisThatLostLess(UnitOutcome &First, UnitOutcome Older,
                                 const std::string &OlderDeclarations);

// A file's text as an editor holds it, not yet saved: the analysis reads it
// instead of the file on disk.
struct UnsavedFile {
  std::string Path; // absolute
  std::string Text;
};

// What a unit's outcome tells the other units of its functions: its
// summaries, or for a unit that does not parse only which functions of
// other units it calls (callsOfUnitWithErrors); its own analysis reports it.
std::string summariesForOtherUnits(const UnitOutcome &Outcome);

// `ClangArguments` is a clang driver argv ("clang++", flags..., file) as
// translateCompileCommand produces it; `Directory` the unit's working dir.
UnitOutcome analyzeUnit(const std::vector<std::string> &ClangArguments,
                        const std::string &Directory, const AnalysisOptions &Options,
                        const std::vector<UnsavedFile> &Unsaved = {},
                        const AnalysisEnvironment &Environment = {});

// "parse 1.20 s, analysis 3.40 s (CUDA headers precompiled)": where a unit's
// time went, as --verbose and the editor's log say it.
std::string describeTiming(double ParseSeconds, double AnalysisSeconds, bool PreambleUsed);

} // namespace cudalint

#endif
