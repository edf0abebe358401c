// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 4 of a run: fix-its leave cudalint two ways: exported in clang-tidy's
// YAML for clang-apply-replacements (--export-fixes), or applied by cudalint
// itself (--fix). Applying is careful: a file is rewritten only when it still
// holds the text the analysis saw, edits that overlap are refused, and the new
// text replaces the old by renaming a finished temporary file over it.
#ifndef CUDALINT_DRIVER_FIXES_H
#define CUDALINT_DRIVER_FIXES_H

#include "Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

// Files as cudalint first read them. --fix reads every unit's main file before
// the analysis starts, so a file edited while cudalint runs is noticed.
class SourceTexts {
public:
  // The file's bytes as first read; nullptr when it cannot be read.
  const std::string *text(llvm::StringRef Path);

private:
  llvm::StringMap<std::optional<std::string>> Texts;
};

// The byte offset of 1-based `Line`:`Column` in `Text`.
std::optional<unsigned> offsetOf(llvm::StringRef Text, unsigned Line, unsigned Column);
// The 1-based line holding byte `Offset`.
unsigned lineOf(llvm::StringRef Text, unsigned Offset);

struct ExportedFinding {
  const Finding *Found;
  std::string BuildDirectory; // the directory of the unit that reported it
};

// clang-tidy's --export-fixes YAML (clang::tooling::TranslationUnitDiagnostics):
// every finding with its message, place, notes and replacements.
void writeExportedFixes(llvm::raw_ostream &OS, llvm::StringRef MainSourceFile,
                        llvm::ArrayRef<ExportedFinding> Findings, SourceTexts &Texts);

// The fix-its of one finding, applied together or not at all.
struct FixCandidate {
  const Finding *Found;
  std::vector<FixIt> Edits;
};

struct FilePlan {
  std::string File;
  std::vector<FixIt> Edits;       // by offset, no overlaps, no duplicates
  std::vector<size_t> Candidates; // indices of the candidates with edits here
};

struct FixPlan {
  std::vector<FilePlan> Files;     // by path
  std::vector<size_t> Accepted;    // candidate indices, in order
  std::vector<size_t> Conflicting; // refused: an edit overlaps an accepted one
};

// Whether two edits of one file touch the same bytes, or insert at the same
// place (their order would be a guess). Identical edits do not overlap: two
// findings asking for the same edit get it once.
bool editsOverlap(const FixIt &A, const FixIt &B);

// Accepts candidates in order; one whose edits overlap an accepted edit (or
// each other) is refused as a whole.
FixPlan planFixes(llvm::ArrayRef<FixCandidate> Candidates);

// `Text` with `Edits` (sorted, non-overlapping) applied; std::nullopt when an
// edit lies outside the text.
std::optional<std::string> editedText(llvm::StringRef Text, llvm::ArrayRef<FixIt> Edits);

// Whether every edit lies where the analysis saw it in `Text`: its recorded
// line and column give its offset, and its recorded line reads the same.
// Otherwise `Why` says what differs.
bool editsMatchText(llvm::StringRef Text, llvm::ArrayRef<FixIt> Edits, std::string &Why);

// Where byte `Offset` of the old text lies after `Edits` (sorted).
unsigned offsetAfterEdits(unsigned Offset, llvm::ArrayRef<FixIt> Edits);

// Replaces `Path` with `NewText` if it still holds `ExpectedText`: the new
// text is written to a temporary file in the same directory, given the old
// file's permissions, and renamed over it. The file is compared with
// `ExpectedText` again just before the rename.
llvm::Error replaceFileContents(llvm::StringRef Path, llvm::StringRef ExpectedText,
                                llvm::StringRef NewText);

enum class FixOutcome {
  Applied,
  ChangedSinceRead, // the file on disk is not the text the analysis read
  Stale,            // the edits do not match the text (changed during analysis)
  Failed,           // unreadable, unwritable
};

struct FileFixResult {
  FixOutcome Outcome = FixOutcome::Failed;
  std::string Message; // why it was not applied
  std::string NewText; // when applied
};

// Applies `Edits` to `Path`, whose text the analysis saw is `ReadText`.
FileFixResult applyFileFixes(llvm::StringRef Path, llvm::StringRef ReadText,
                             llvm::ArrayRef<FixIt> Edits);

} // namespace cudalint

#endif
