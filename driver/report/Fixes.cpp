// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/Fixes.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

#include <map>

using namespace llvm;

namespace cudalint {

namespace {

unsigned endOf(const FixIt &Edit) { return Edit.Offset + Edit.Length; }

bool sameEdit(const FixIt &A, const FixIt &B) {
  return A.File == B.File && A.Offset == B.Offset && A.Length == B.Length &&
         A.Replacement == B.Replacement;
}

// By offset; at one offset an insertion goes before the replacement that
// starts there.
bool editOrder(const FixIt &A, const FixIt &B) {
  return std::make_tuple(A.Offset, A.Length, A.Replacement) <
         std::make_tuple(B.Offset, B.Length, B.Replacement);
}

// The file on disk is no longer the text cudalint read.
class FileChangedError : public ErrorInfo<FileChangedError> {
public:
  static char ID;
  void log(raw_ostream &OS) const override { OS << "it changed after cudalint read it"; }
  std::error_code convertToErrorCode() const override { return inconvertibleErrorCode(); }
};
char FileChangedError::ID;

ErrorOr<std::string> readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return Buffer.getError();
  return (*Buffer)->getBuffer().str();
}

StringRef lineAt(StringRef Text, unsigned Line) {
  std::optional<unsigned> Begin = offsetOf(Text, Line, 1);
  if (!Begin)
    return "";
  StringRef Rest = Text.drop_front(*Begin);
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

clang::tooling::DiagnosticMessage message(StringRef Text, const SourcePoint &Where,
                                          SourceTexts &Texts) {
  clang::tooling::DiagnosticMessage Message(Text);
  if (!Where.valid())
    return Message;
  Message.FilePath = Where.File;
  Message.FileOffset = 0;
  if (const std::string *Source = Texts.text(Where.File))
    Message.FileOffset = offsetOf(*Source, Where.Line, Where.Column).value_or(0);
  return Message;
}

} // namespace

const std::string *SourceTexts::text(StringRef Path) {
  auto [It, Inserted] = Texts.try_emplace(Path);
  if (Inserted) {
    ErrorOr<std::string> Read = readFile(Path);
    if (Read)
      It->second = std::move(*Read);
  }
  return It->second ? &*It->second : nullptr;
}

std::optional<unsigned> offsetOf(StringRef Text, unsigned Line, unsigned Column) {
  if (Line == 0 || Column == 0)
    return std::nullopt;
  size_t Offset = 0;
  for (unsigned Current = 1; Current < Line; ++Current) {
    Offset = Text.find('\n', Offset);
    if (Offset == StringRef::npos)
      return std::nullopt;
    ++Offset;
  }
  if (Offset + Column - 1 > Text.size())
    return std::nullopt;
  return static_cast<unsigned>(Offset + Column - 1);
}

unsigned lineOf(StringRef Text, unsigned Offset) { return Text.take_front(Offset).count('\n') + 1; }

void writeExportedFixes(raw_ostream &OS, StringRef MainSourceFile,
                        ArrayRef<ExportedFinding> Findings, SourceTexts &Texts) {
  clang::tooling::TranslationUnitDiagnostics Document;
  Document.MainSourceFile = MainSourceFile.str();
  for (const ExportedFinding &Exported : Findings) {
    const Finding &Found = *Exported.Found;
    clang::tooling::DiagnosticMessage Main = message(Found.Message, Found.Where, Texts);
    for (const FixIt &Edit : Found.Fixes) {
      clang::tooling::Replacement Replacement(Edit.File, Edit.Offset, Edit.Length,
                                              Edit.Replacement);
      // A finding's own edits never conflict; an error here would mean two
      // of them do, and the rest of its fix is still exported.
      consumeError(Main.Fix[Edit.File].add(Replacement));
    }
    SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
    for (const FindingNote &Note : Found.Notes)
      Notes.push_back(message(Note.Message, Note.Where, Texts));
    Document.Diagnostics.emplace_back(Found.CheckId, Main, Notes,
                                      Found.Level == Severity::Error
                                          ? clang::tooling::Diagnostic::Error
                                          : clang::tooling::Diagnostic::Warning,
                                      Exported.BuildDirectory);
  }
  yaml::Output YAML(OS);
  YAML << Document;
}

bool editsOverlap(const FixIt &A, const FixIt &B) {
  if (A.File != B.File || sameEdit(A, B))
    return false;
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset;
  if (A.Length == 0)
    return B.Offset < A.Offset && A.Offset < endOf(B);
  if (B.Length == 0)
    return A.Offset < B.Offset && B.Offset < endOf(A);
  return std::max(A.Offset, B.Offset) < std::min(endOf(A), endOf(B));
}

FixPlan planFixes(ArrayRef<FixCandidate> Candidates) {
  FixPlan Plan;
  std::map<std::string, FilePlan> Files;
  for (size_t I = 0; I < Candidates.size(); ++I) {
    const std::vector<FixIt> &Edits = Candidates[I].Edits;
    if (Edits.empty())
      continue;
    bool Conflicts = false;
    for (size_t E = 0; E < Edits.size() && !Conflicts; ++E) {
      for (size_t Other = E + 1; Other < Edits.size() && !Conflicts; ++Other)
        Conflicts = editsOverlap(Edits[E], Edits[Other]);
      auto It = Files.find(Edits[E].File);
      if (It != Files.end())
        Conflicts = Conflicts || llvm::any_of(It->second.Edits, [&](const FixIt &Accepted) {
                      return editsOverlap(Edits[E], Accepted);
                    });
    }
    if (Conflicts) {
      Plan.Conflicting.push_back(I);
      continue;
    }
    Plan.Accepted.push_back(I);
    for (const FixIt &Edit : Edits) {
      FilePlan &File = Files[Edit.File];
      File.File = Edit.File;
      if (File.Candidates.empty() || File.Candidates.back() != I)
        File.Candidates.push_back(I);
      if (llvm::none_of(File.Edits, [&](const FixIt &Present) { return sameEdit(Present, Edit); }))
        File.Edits.push_back(Edit);
    }
  }
  for (auto &[Path, File] : Files) {
    llvm::stable_sort(File.Edits, editOrder);
    Plan.Files.push_back(std::move(File));
  }
  return Plan;
}

std::optional<std::string> editedText(StringRef Text, ArrayRef<FixIt> Edits) {
  std::string Result;
  size_t Copied = 0;
  for (const FixIt &Edit : Edits) {
    if (Edit.Offset < Copied || endOf(Edit) > Text.size())
      return std::nullopt;
    Result += Text.slice(Copied, Edit.Offset);
    Result += Edit.Replacement;
    Copied = endOf(Edit);
  }
  Result += Text.drop_front(Copied);
  return Result;
}

bool editsMatchText(StringRef Text, ArrayRef<FixIt> Edits, std::string &Why) {
  for (const FixIt &Edit : Edits) {
    if (endOf(Edit) > Text.size()) {
      Why = "an edit at byte " + std::to_string(Edit.Offset) + " lies beyond the end of the file";
      return false;
    }
    if (!Edit.Begin.valid())
      continue;
    std::optional<unsigned> Offset = offsetOf(Text, Edit.Begin.Line, Edit.Begin.Column);
    if (Offset != Edit.Offset || lineAt(Text, Edit.Begin.Line) != Edit.Begin.LineText) {
      Why = "line " + std::to_string(Edit.Begin.Line) + " is not the text the analysis read";
      return false;
    }
  }
  return true;
}

unsigned offsetAfterEdits(unsigned Offset, ArrayRef<FixIt> Edits) {
  long Shift = 0;
  for (const FixIt &Edit : Edits) {
    if (Edit.Length == 0 ? Edit.Offset > Offset : endOf(Edit) > Offset) {
      // An edit that covers the offset moves it to the edit's start.
      if (Edit.Offset < Offset)
        return Edit.Offset + Shift;
      break;
    }
    Shift += static_cast<long>(Edit.Replacement.size()) - static_cast<long>(Edit.Length);
  }
  return static_cast<unsigned>(Offset + Shift);
}

Error replaceFileContents(StringRef Path, StringRef ExpectedText, StringRef NewText) {
  auto Failure = [&](const Twine &Message) {
    return createStringError(inconvertibleErrorCode(), Message);
  };
  // Write next to the real file, so that the rename neither crosses file
  // systems nor replaces a symbolic link with a copy.
  SmallString<256> RealPath;
  if (std::error_code Error = sys::fs::real_path(Path, RealPath))
    return Failure("cannot resolve the path: " + Error.message());
  // Renaming over a read-only file would succeed; editing it should not.
  if (sys::fs::access(RealPath, sys::fs::AccessMode::Write))
    return Failure("it is not writable");
  ErrorOr<sys::fs::perms> Permissions = sys::fs::getPermissions(RealPath);
  if (!Permissions)
    return Failure("cannot read its permissions: " + Permissions.getError().message());

  SmallString<256> Model(sys::path::parent_path(RealPath));
  sys::path::append(Model, "." + sys::path::filename(RealPath) + ".cudalint-%%%%%%%%");
  int Descriptor = -1;
  SmallString<256> Temporary;
  if (std::error_code Error = sys::fs::createUniqueFile(Model, Descriptor, Temporary))
    return Failure("cannot create a temporary file next to it: " + Error.message());
  auto Discard = [&](const Twine &Message) {
    sys::fs::remove(Temporary);
    return Failure(Message);
  };
  {
    raw_fd_ostream OS(Descriptor, /*shouldClose=*/true);
    OS << NewText;
    OS.close();
    if (OS.has_error()) {
      std::string Message = OS.error().message();
      OS.clear_error();
      return Discard("cannot write the temporary file: " + Message);
    }
  }
  if (std::error_code Error = sys::fs::setPermissions(Temporary, *Permissions))
    return Discard("cannot copy the file's permissions: " + Error.message());
  ErrorOr<std::string> Current = readFile(RealPath);
  if (!Current)
    return Discard("cannot read it again: " + Current.getError().message());
  if (*Current != ExpectedText) {
    sys::fs::remove(Temporary);
    return make_error<FileChangedError>();
  }
  if (std::error_code Error = sys::fs::rename(Temporary, RealPath))
    return Discard("cannot rename the temporary file over it: " + Error.message());
  return Error::success();
}

FileFixResult applyFileFixes(StringRef Path, StringRef ReadText, ArrayRef<FixIt> Edits) {
  FileFixResult Result;
  ErrorOr<std::string> Current = readFile(Path);
  if (!Current) {
    Result.Message = "cannot read it: " + Current.getError().message();
    return Result;
  }
  if (*Current != ReadText) {
    Result.Outcome = FixOutcome::ChangedSinceRead;
    Result.Message = toString(make_error<FileChangedError>());
    return Result;
  }
  std::string Why;
  std::optional<std::string> NewText;
  if (editsMatchText(ReadText, Edits, Why))
    NewText = editedText(ReadText, Edits);
  if (!NewText) {
    Result.Outcome = FixOutcome::Stale;
    Result.Message = "the fix-its do not match its text (" +
                     (Why.empty() ? std::string("an edit lies outside it") : Why) +
                     "); was it edited during the analysis?";
    return Result;
  }
  if (Error Failed = replaceFileContents(Path, ReadText, *NewText)) {
    Result.Outcome =
        Failed.isA<FileChangedError>() ? FixOutcome::ChangedSinceRead : FixOutcome::Failed;
    Result.Message = toString(std::move(Failed));
    return Result;
  }
  Result.Outcome = FixOutcome::Applied;
  Result.NewText = std::move(*NewText);
  return Result;
}

} // namespace cudalint
