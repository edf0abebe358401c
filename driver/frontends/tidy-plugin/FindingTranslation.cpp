// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "FindingTranslation.h"

#include "clang/Basic/FileManager.h"

using namespace clang;

namespace cudalint::tidy {

FileID FindingTranslation::file(llvm::StringRef Path) {
  auto Known = Files.find(Path);
  if (Known != Files.end())
    return Known->second;
  FileID Found;
  // The path is the absolute form of a file this unit opened, so the file
  // manager finds the same entry (it identifies files by inode, not by name).
  if (OptionalFileEntryRef Entry = SM.getFileManager().getOptionalFileRef(Path))
    Found = SM.translateFile(*Entry);
  Files[Path] = Found;
  return Found;
}

SourceLocation FindingTranslation::location(const SourcePoint &Point) {
  if (!Point.valid())
    return {};
  FileID File = file(Point.File);
  if (File.isInvalid())
    return {};
  return SM.translateLineCol(File, Point.Line, Point.Column);
}

std::optional<FixItHint> FindingTranslation::fixIt(const FixIt &Fix) {
  FileID File = file(Fix.File);
  if (File.isInvalid())
    return std::nullopt;
  // The offsets were taken from this very buffer; a mismatch means the
  // finding came from elsewhere, and a wrong edit is worse than none.
  std::optional<llvm::StringRef> Buffer = SM.getBufferDataOrNone(File);
  if (!Buffer || Fix.Offset + Fix.Length > Buffer->size())
    return std::nullopt;
  SourceLocation Begin = SM.getLocForStartOfFile(File).getLocWithOffset(Fix.Offset);
  CharSourceRange Range = CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(Fix.Length));
  return FixItHint::CreateReplacement(Range, Fix.Replacement);
}

} // namespace cudalint::tidy
