// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/FixStage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <map>

using namespace llvm;

namespace cudalint {

FindingId idOf(const Finding &Found) {
  return {Found.Where.File, Found.Where.Line, Found.Where.Column, Found.CheckId, Found.Message};
}

namespace {

std::string placeOf(const Finding &Found) {
  return Found.Where.File + ":" + std::to_string(Found.Where.Line) + ":" +
         std::to_string(Found.Where.Column);
}

} // namespace

bool exportFixes(const std::string &Path, const std::vector<Finding> &Findings,
                 const std::vector<UnitFinding> &Shown, const std::vector<Unit> &Units,
                 SourceTexts &Texts) {
  std::map<FindingId, size_t> FirstUnit;
  for (const UnitFinding &Found : Shown)
    FirstUnit.try_emplace(idOf(Found.Found), Found.Unit);
  std::vector<ExportedFinding> Exported;
  for (const Finding &Found : Findings) {
    auto It = FirstUnit.find(idOf(Found));
    Exported.push_back({&Found, It == FirstUnit.end() ? "" : Units[It->second].Command.Directory});
  }
  std::error_code Error;
  ToolOutputFile File(Path, Error, sys::fs::OF_Text);
  if (Error) {
    WithColor::error(errs(), "cudalint")
        << "cannot write '" << Path << "': " << Error.message() << "\n";
    return false;
  }
  writeExportedFixes(File.os(), Units.size() == 1 ? Units.front().Command.File : "", Exported,
                     Texts);
  File.keep();
  return true;
}

FixStageResult applyFixes(const std::vector<Finding> &Reported,
                          const std::vector<UnitFinding> &Shown, const std::vector<Unit> &Units,
                          const std::vector<UnitOutcome> &Outcomes, SourceTexts &Texts,
                          Notices &Notes, const Reanalysis &AnalyzeAgain, bool Quiet) {
  FixStageResult Result;
  std::set<FindingId> ReportedIds;
  for (const Finding &Found : Reported)
    ReportedIds.insert(idOf(Found));
  // In the report's order. A finding several units reported comes once per
  // unit: their fix-its may differ (each unit has its configuration), and
  // identical edits are applied once.
  std::vector<const UnitFinding *> WithFixes;
  for (const UnitFinding &Found : Shown) {
    if (Found.Found.Fixes.empty() || !ReportedIds.count(idOf(Found.Found)))
      continue;
    if (Outcomes[Found.Unit].Failed) {
      Notes.add("the fix-its of '" + Units[Found.Unit].Command.File +
                "' are not applied: it could not be analysed");
      continue;
    }
    WithFixes.push_back(&Found);
  }
  llvm::stable_sort(WithFixes,
                    [](const UnitFinding *A, const UnitFinding *B) { return A->Found < B->Found; });
  std::vector<FixCandidate> Candidates;
  for (const UnitFinding *Source : WithFixes)
    Candidates.push_back({&Source->Found, Source->Found.Fixes});

  FixPlan Plan = planFixes(Candidates);
  for (size_t Refused : Plan.Conflicting) {
    const Finding &Found = *Candidates[Refused].Found;
    WithColor::warning(errs(), placeOf(Found))
        << "the fix-it of this [" << Found.CheckId
        << "] finding overlaps another finding's fix-it; not applied\n";
  }

  struct EditedFile {
    std::string OldText;
    std::string NewText;
    std::vector<FixIt> Edits;
  };
  std::map<std::string, EditedFile> Edited;
  for (const FilePlan &File : Plan.Files) {
    const std::string *ReadText = Texts.text(File.File);
    FileFixResult Applied = ReadText ? applyFileFixes(File.File, *ReadText, File.Edits)
                                     : FileFixResult{FixOutcome::Failed, "cannot read it", ""};
    if (Applied.Outcome != FixOutcome::Applied) {
      WithColor::warning(errs(), "cudalint")
          << "not fixing '" << File.File << "': " << Applied.Message << "\n";
      if (Applied.Outcome == FixOutcome::Failed)
        Result.Problem = true;
      continue;
    }
    Edited[File.File] = {*ReadText, std::move(Applied.NewText), File.Edits};
  }

  // A finding is fixed when every file its fix-its touch was written.
  std::vector<size_t> Applied;
  std::set<size_t> UnitsToCheck;
  for (size_t Index : Plan.Accepted) {
    if (llvm::all_of(Candidates[Index].Edits,
                     [&](const FixIt &Edit) { return Edited.count(Edit.File); })) {
      Applied.push_back(Index);
      UnitsToCheck.insert(WithFixes[Index]->Unit);
    }
  }
  for (size_t I = 0; I < Units.size(); ++I)
    if (Edited.count(Units[I].Command.File))
      UnitsToCheck.insert(I);
  if (Applied.empty())
    return Result;

  std::vector<size_t> Rerun(UnitsToCheck.begin(), UnitsToCheck.end());
  std::vector<UnitOutcome> After = AnalyzeAgain(Rerun);
  for (size_t I : Rerun) {
    if (!After[I].Failed)
      continue;
    Result.Problem = true;
    std::string Message = "after the fix-its, '" + Units[I].Command.File + "' does not parse";
    for (const std::string &Error : After[I].Errors)
      Message += "\n  " + Error;
    WithColor::error(errs(), "cudalint") << Message << "\n";
  }
  for (size_t Index : Applied) {
    const Finding &Found = *Candidates[Index].Found;
    size_t UnitIndex = WithFixes[Index]->Unit;
    if (After[UnitIndex].Failed)
      continue;
    // Where the finding's line is now.
    unsigned Line = Found.Where.Line;
    auto EditedIt = Edited.find(Found.Where.File);
    if (EditedIt != Edited.end()) {
      const EditedFile &File = EditedIt->second;
      if (std::optional<unsigned> Offset =
              offsetOf(File.OldText, Found.Where.Line, Found.Where.Column))
        Line = lineOf(File.NewText, offsetAfterEdits(*Offset, File.Edits));
    }
    bool StillThere = llvm::any_of(After[UnitIndex].Findings, [&](const Finding &Now) {
      return Now.CheckId == Found.CheckId && Now.Message == Found.Message &&
             Now.Where.File == Found.Where.File && Now.Where.Line == Line;
    });
    if (StillThere)
      WithColor::warning(errs(), Found.Where.File + ":" + std::to_string(Line))
          << "the [" << Found.CheckId << "] finding is still reported after its fix-it\n";
    else
      Result.Fixed.insert(idOf(Found));
  }
  if (!Quiet)
    WithColor::note(errs(), "cudalint")
        << "applied the fix-its of " << Result.Fixed.size() << " finding"
        << (Result.Fixed.size() == 1 ? "" : "s") << " in " << Edited.size() << " file"
        << (Edited.size() == 1 ? "" : "s") << "\n";
  return Result;
}

} // namespace cudalint
