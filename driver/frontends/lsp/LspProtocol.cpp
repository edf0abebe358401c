// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/LspProtocol.h"

#include "report/Utf16Columns.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <tuple>

namespace cudalint {

namespace {

bool isUnreserved(char C) {
  return llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/';
}

bool isIdentifierChar(char C) { return llvm::isAlnum(C) || C == '_'; }

std::tuple<int64_t, int64_t> positionOf(const llvm::json::Object *Position) {
  if (!Position)
    return {-1, -1};
  return {Position->getInteger("line").value_or(-1),
          Position->getInteger("character").value_or(-1)};
}

std::string describeEdit(const FixIt &Edit) {
  if (Edit.Length == 0)
    return "insert '" + Edit.Replacement + "'";
  if (Edit.Replacement.empty())
    return "remove " + std::to_string(Edit.Length) + " characters";
  return "replace with '" + Edit.Replacement + "'";
}

} // namespace

std::string pathToUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (char C : Path) {
    if (isUnreserved(C)) {
      Uri.push_back(C);
    } else {
      Uri.push_back('%');
      Uri.push_back(llvm::hexdigit(static_cast<unsigned char>(C) >> 4));
      Uri.push_back(llvm::hexdigit(static_cast<unsigned char>(C) & 15));
    }
  }
  return Uri;
}

std::optional<std::string> uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  // An authority other than this machine names a file elsewhere.
  if (!Uri.consume_front("localhost") && !Uri.starts_with("/"))
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size() && llvm::isHexDigit(Uri[I + 1]) &&
        llvm::isHexDigit(Uri[I + 2])) {
      Path.push_back(static_cast<char>(llvm::hexFromNibbles(Uri[I + 1], Uri[I + 2])));
      I += 2;
    } else {
      Path.push_back(Uri[I]);
    }
  }
  if (Path.empty() || Path.front() != '/')
    return std::nullopt;
  return Path;
}

unsigned utf16Column(llvm::StringRef LineText, unsigned Column) {
  // A column past the text (the end of a line the analysis saw differently)
  // still lands after the line's last character.
  return utf16Units(LineText, Column ? Column - 1 : 0);
}

llvm::json::Object lspPosition(const SourcePoint &Point) {
  return llvm::json::Object{
      {"line", Point.Line ? Point.Line - 1 : 0},
      {"character", utf16Column(Point.LineText, Point.Column)},
  };
}

llvm::json::Object lspRange(const SourcePoint &Point) {
  SourcePoint End = Point;
  llvm::StringRef Line = Point.LineText;
  size_t Byte = Point.Column ? Point.Column - 1 : 0;
  size_t Last = Byte;
  while (Last < Line.size() && isIdentifierChar(Line[Last]))
    ++Last;
  if (Last == Byte && Byte < Line.size()) {
    ++Last; // one character, with its UTF-8 continuation bytes
    while (Last < Line.size() && (static_cast<unsigned char>(Line[Last]) & 0xC0) == 0x80)
      ++Last;
  }
  End.Column = Last + 1;
  return llvm::json::Object{{"start", lspPosition(Point)}, {"end", lspPosition(End)}};
}

llvm::json::Object lspDiagnostic(const Finding &Found) {
  llvm::json::Array Related;
  for (const FindingNote &Note : Found.Notes) {
    if (!Note.Where.valid())
      continue;
    Related.push_back(llvm::json::Object{
        {"location",
         llvm::json::Object{{"uri", pathToUri(Note.Where.File)}, {"range", lspRange(Note.Where)}}},
        {"message", Note.Message},
    });
  }
  llvm::json::Object Diagnostic{
      {"range", lspRange(Found.Where)}, {"severity", Found.Level == Severity::Error ? 1 : 2},
      {"source", "cudalint"},           {"code", Found.CheckId},
      {"message", Found.Message},
  };
  if (!Related.empty())
    Diagnostic["relatedInformation"] = std::move(Related);
  return Diagnostic;
}

std::optional<llvm::json::Object> lspQuickFix(const Finding &Found) {
  if (Found.Fixes.empty())
    return std::nullopt;
  llvm::json::Object Changes;
  std::string Title = "Fix [" + Found.CheckId + "]: ";
  for (size_t I = 0; I < Found.Fixes.size(); ++I) {
    const FixIt &Edit = Found.Fixes[I];
    std::string Uri = pathToUri(Edit.File);
    if (!Changes.getArray(Uri))
      Changes[Uri] = llvm::json::Array();
    Changes.getArray(Uri)->push_back(llvm::json::Object{
        {"range",
         llvm::json::Object{{"start", lspPosition(Edit.Begin)}, {"end", lspPosition(Edit.End)}}},
        {"newText", Edit.Replacement},
    });
    Title += (I ? ", " : "") + describeEdit(Edit);
  }
  return llvm::json::Object{
      {"title", Title},
      {"kind", "quickfix"},
      {"isPreferred", true},
      {"diagnostics", llvm::json::Array{lspDiagnostic(Found)}},
      {"edit", llvm::json::Object{{"changes", std::move(Changes)}}},
  };
}

bool lspRangesTouch(const llvm::json::Object &A, const llvm::json::Object &B) {
  auto Start = [](const llvm::json::Object &Range) { return positionOf(Range.getObject("start")); };
  auto End = [](const llvm::json::Object &Range) { return positionOf(Range.getObject("end")); };
  return !(End(A) < Start(B) || End(B) < Start(A));
}

} // namespace cudalint
