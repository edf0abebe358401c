// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/ReportStage.h"

#include "report/ReportMerge.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {
namespace {

bool isShownFile(const Finding &Found, const CompileCommand &Unit, const StringSet<> &MainFiles,
                 const Regex &Headers) {
  if (!Unit.ShownHeader.empty())
    return Found.Where.File == Unit.ShownHeader;
  return MainFiles.contains(Found.Where.File) || Headers.match(Found.Where.File);
}

UnitRun unitRun(const Unit &U, const UnitOutcome &Outcome, bool Verbose) {
  UnitRun Run;
  Run.File = U.Command.File;
  Run.Directory = U.Command.Directory;
  const OlderDeclarationsCommand *Older = U.olderDeclarations(Outcome.OlderDeclarations);
  Run.Command = Older ? Older->Translated.Arguments : U.Translated.Arguments;
  Run.OlderDeclarations = Outcome.OlderDeclarations;
  Run.ErrorWithToolkit = Outcome.ErrorWithToolkit;
  Run.Limits = Outcome.Limits;
  Run.FunctionsExplored = Outcome.FunctionsExplored;
  Run.HostCudaCalls = Outcome.HostCudaCalls;
  Run.SetAside = Outcome.SetAside;
  if (Outcome.Failed)
    for (const CheckDescription *Check : U.Settings->Analysis.Checks)
      if (Check->isPathSensitive())
        Run.ChecksNotRun.push_back(Check->Id.str());
  Run.HasTiming = Verbose;
  Run.ParseSeconds = Outcome.Timing.ParseSeconds;
  Run.AnalysisSeconds = Outcome.Timing.AnalysisSeconds;
  Run.PreambleUsed = Outcome.Timing.PreambleUsed;
  Run.FromCache = Outcome.Timing.FromCache;
  Run.PeakMemoryKiB = Outcome.Timing.PeakMemoryKiB;
  return Run;
}

// An argument as a POSIX shell reads it back.
std::string shellQuoted(StringRef Argument) {
  if (!Argument.empty() && Argument.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                      "0123456789_-+=/.,:@%") == StringRef::npos)
    return Argument.str();
  std::string Quoted = "'";
  for (char C : Argument)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

// --verbose: what became of a unit, enough to reproduce its parse with clang.
void describeUnit(const UnitRun &Run) {
  raw_ostream &OS = errs();
  OS << "cudalint: unit '" << Run.File << "'\n  clang command: cd " << shellQuoted(Run.Directory)
     << " &&";
  for (const std::string &Argument : Run.Command)
    OS << ' ' << shellQuoted(Argument);
  OS << "\n  ";
  if (Run.FromCache) {
    OS << "findings from the result cache";
  } else {
    OS << describeTiming(Run.ParseSeconds, Run.AnalysisSeconds, Run.PreambleUsed);
    if (Run.PeakMemoryKiB)
      OS << format(", peak memory %.0f MiB", Run.PeakMemoryKiB / 1024.0);
  }
  OS << "\n";
  for (const AnalysisLimit &Limit : Run.Limits)
    OS << "  the analyzer gave up in '" << Limit.Function << "' (" << Limit.Where.File << ":"
       << Limit.Where.Line << "): " << Limit.Reason
       << (Limit.Fallback.empty() ? "" : "; finished in a cheaper mode: " + Limit.Fallback) << "\n";
}

// "; of 812 functions explored, 9 went over the node budget: 8 finished in a
// cheaper mode, 1 did not"; nothing when none went over it.
std::string overBudgetSummary(const std::vector<UnitRun> &Runs) {
  size_t Explored = 0, Over = 0, Finished = 0;
  for (const UnitRun &Run : Runs) {
    Explored += Run.FunctionsExplored;
    for (const AnalysisLimit &Limit : Run.Limits)
      if (Limit.overBudget()) {
        ++Over;
        Finished += !Limit.Fallback.empty();
      }
  }
  if (!Over)
    return "";
  return "; of " + std::to_string(Explored) + " function" + (Explored == 1 ? "" : "s") +
         " explored, " + std::to_string(Over) +
         " went over the node budget: " + std::to_string(Finished) +
         " finished in a cheaper mode, " + std::to_string(Over - Finished) + " did not";
}

} // namespace

std::string olderDeclarationsNotice(const Unit &U, const UnitOutcome &Outcome) {
  const OlderDeclarationsCommand &Older = *U.olderDeclarations(Outcome.OlderDeclarations);
  std::string Notice = "analysed '" + U.Command.File + "' against " + Older.Declarations +
                       ", since the headers of " + Older.Toolkit + " reject its host code";
  if (!Outcome.ErrorWithToolkit.empty())
    Notice += " (" + Outcome.ErrorWithToolkit + ")";
  if (!Older.Evidence.empty())
    Notice += "; it was written for an older toolkit: " + Older.Evidence;
  return Notice;
}

size_t collectReport(const std::vector<Unit> &Units, const std::vector<size_t> &ToAnalyze,
                     std::vector<UnitOutcome> &Outcomes, RunReport &Report,
                     std::vector<UnitFinding> &Shown, Notices &Notes, bool Verbose) {
  StringSet<> MainFiles;
  for (const Unit &U : Units)
    MainFiles.insert(U.Command.File);
  size_t FailedUnits = 0;
  for (size_t I : ToAnalyze) {
    UnitOutcome &Outcome = Outcomes[I];
    const UnitSettings &Settings = *Units[I].Settings;
    Report.Units.push_back(Units[I].Command.File);
    Report.Runs.push_back(unitRun(Units[I], Outcome, Verbose));
    if (Verbose)
      describeUnit(Report.Runs.back());
    if (Outcome.Failed) {
      ++FailedUnits;
      std::string Message = "could not analyse '" + Units[I].Command.File + "'";
      for (const std::string &Error : Outcome.Errors)
        Message += "\n  " + Error;
      if (!Report.Runs.back().ChecksNotRun.empty())
        Message += "\n  the path-sensitive checks did not run on it (" +
                   join(Report.Runs.back().ChecksNotRun, ", ") +
                   "); the AST checks report on what clang parsed";
      Report.Problems.push_back({Units[I].Command.File, Message});
      WithColor::error(errs(), "cudalint") << Message << "\n";
    }
    if (Units[I].olderDeclarations(Outcome.OlderDeclarations))
      Notes.add(olderDeclarationsNotice(Units[I], Outcome));
    if (!Report.Runs.back().SetAside.empty())
      Notes.add(setAsideNotice(Units[I].Command.File, Report.Runs.back().SetAside));
    for (Finding &Found : Outcome.Findings) {
      if (!isShownFile(Found, Units[I].Command, MainFiles, Settings.HeaderFilter))
        continue;
      Settings.applyWarningsAsErrors(Found);
      Shown.push_back({std::move(Found), I});
    }
  }
  for (const UnitFinding &Found : Shown)
    Report.Findings.push_back(Found.Found);
  sortReport(Report);

  return FailedUnits;
}

bool writeReport(const RunReport &Report, const ReportDestination &Destination, size_t FailedUnits,
                 size_t Analyzed) {
  const std::string &OutputFile = Destination.OutputFile;
  OutputOptions Output;
  Output.Rules = Destination.Rules;
  Output.SourceRoot = Destination.SourceRoot;
  std::error_code Error;
  std::unique_ptr<ToolOutputFile> File;
  if (!OutputFile.empty()) {
    File = std::make_unique<ToolOutputFile>(OutputFile, Error, sys::fs::OF_Text);
    if (Error) {
      WithColor::error(errs(), "cudalint")
          << "cannot write '" << OutputFile << "': " << Error.message() << "\n";
      return false;
    }
  }
  raw_ostream &OS = File ? File->os() : outs();
  Output.Color = Destination.Color.value_or(!File && sys::Process::StandardOutIsDisplayed());
  if (!Destination.Verify) {
    switch (Destination.Format) {
    case ReportFormat::Text:
      writeText(OS, Report, Output);
      break;
    case ReportFormat::Sarif:
      writeSarif(OS, Report, Output);
      break;
    case ReportFormat::Json:
      writeJson(OS, Report, Output);
      break;
    }
  }
  if (File)
    File->keep();
  OS.flush(); // the summary on stderr must follow the report on a terminal

  size_t Warnings = llvm::count_if(Report.Findings,
                                   [](const Finding &F) { return F.Level == Severity::Warning; });
  size_t Errors = Report.Findings.size() - Warnings;
  size_t Partly =
      llvm::count_if(Report.Runs, [](const UnitRun &Run) { return Run.SetAside.partial(); });
  if (!Destination.Quiet && !Destination.Verify)
    errs() << Warnings << " warning" << (Warnings == 1 ? "" : "s") << " and " << Errors << " error"
           << (Errors == 1 ? "" : "s") << " in " << Analyzed << " unit"
           << (Analyzed == 1 ? "" : "s")
           << (Partly ? (", " + std::to_string(Partly) + " partly analysed") : "")
           << (FailedUnits ? (", " + std::to_string(FailedUnits) + " not analysed") : "")
           << overBudgetSummary(Report.Runs) << ".\n";

  return true;
}

} // namespace cudalint
