// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Findings the way clang-tidy 22 prints them (clang's TextDiagnostic with
// its default options): the location line, the source line under a
// line-number gutter, the caret line with fix-it ranges underlined, the
// fix-it insertion line, then the notes. One deliberate difference: clang
// expands tabs to spaces (tab stop 8); we keep the tab in the source line
// and put a tab at the same place in the caret and fix-it lines, so the
// caret stays aligned whatever the terminal's tab width.
#include "report/Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Locale.h"
#include "llvm/Support/Unicode.h"

#include <algorithm>
#include <map>
#include <optional>

namespace cudalint {

namespace {

// clang's DiagnosticOptions defaults.
constexpr unsigned TabStop = 8;
constexpr unsigned SnippetLineLimit = 16;
constexpr size_t MaxLineLengthToPrint = 4096;

// The escape sequences llvm::raw_ostream writes for clang's colours.
namespace ansi {
constexpr llvm::StringLiteral Bold = "\033[1m";
constexpr llvm::StringLiteral Reset = "\033[0m";
constexpr llvm::StringLiteral Warning = "\033[0;1;35m"; // bold magenta
constexpr llvm::StringLiteral Error = "\033[0;1;31m";   // bold red
constexpr llvm::StringLiteral Note = "\033[0;1;36m";    // bold cyan (clang 22)
constexpr llvm::StringLiteral Caret = "\033[0;1;32m";   // bold green
constexpr llvm::StringLiteral Fixit = "\033[0;32m";     // green
} // namespace ansi

enum class DiagLevel { Note, Warning, Error };

// One character of a source line as clang shows it: tabs, unprintable code
// points (<U+0001>) and invalid UTF-8 bytes (<FF>) take several columns.
struct DisplayChar {
  size_t Byte;
  unsigned Column;
  unsigned Width;
  std::string Text;
  bool IsTab;
};

// Upper-case hex, at least MinDigits digits.
std::string hex(uint32_t Value, size_t MinDigits) {
  std::string Digits = llvm::utohexstr(Value);
  if (Digits.size() < MinDigits)
    Digits.insert(0, MinDigits - Digits.size(), '0');
  return Digits;
}

class SourceColumns {
public:
  explicit SourceColumns(llvm::StringRef Line);

  llvm::ArrayRef<DisplayChar> chars() const { return Chars; }
  size_t bytes() const { return Bytes; }
  unsigned columns() const { return Columns; }
  // The column of the character that contains Byte; columns() at the end.
  unsigned containingColumn(size_t Byte) const;
  // The first byte of the character after (before) the one containing Byte.
  size_t nextCharStart(size_t Byte) const;
  size_t previousCharStart(size_t Byte) const;

private:
  const DisplayChar *containing(size_t Byte) const;

  std::vector<DisplayChar> Chars;
  size_t Bytes = 0;
  unsigned Columns = 0;
};

SourceColumns::SourceColumns(llvm::StringRef Line) : Bytes(Line.size()) {
  size_t I = 0;
  size_t BytesSinceTab = 0;
  while (I < Line.size()) {
    DisplayChar Char{I, Columns, 0, "", false};
    const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Line.data() + I);
    unsigned Size = llvm::getNumBytesForUTF8(*Begin);
    if (Line[I] == '\t') {
      // clang counts bytes, not columns, since the previous tab.
      Char.Width = TabStop - BytesSinceTab % TabStop;
      Char.Text.assign(Char.Width, ' ');
      Char.IsTab = true;
      Size = 1;
    } else if (*Begin < 0x80) {
      Size = 1;
      if (llvm::sys::unicode::isPrintable(*Begin))
        Char.Text = std::string(1, Line[I]);
      else
        Char.Text = "<U+" + hex(*Begin, 4) + ">";
    } else if (I + Size <= Line.size() && llvm::isLegalUTF8Sequence(Begin, Begin + Size)) {
      llvm::UTF32 CodePoint;
      llvm::UTF32 *Target = &CodePoint;
      const llvm::UTF8 *Source = Begin;
      llvm::ConvertUTF8toUTF32(&Source, Begin + Size, &Target, Target + 1, llvm::strictConversion);
      if (llvm::sys::unicode::isPrintable(CodePoint))
        Char.Text = Line.substr(I, Size).str();
      else
        Char.Text = "<U+" + hex(CodePoint, 4) + ">";
    } else {
      Size = 1;
      Char.Text = "<" + hex(*Begin, 2) + ">";
    }
    if (!Char.IsTab)
      Char.Width = std::max(0, llvm::sys::locale::columnWidth(Char.Text));
    BytesSinceTab = Char.IsTab ? 0 : BytesSinceTab + Size;
    Columns += Char.Width;
    Chars.push_back(std::move(Char));
    I += Size;
  }
}

const DisplayChar *SourceColumns::containing(size_t Byte) const {
  auto It =
      llvm::upper_bound(Chars, Byte, [](size_t B, const DisplayChar &C) { return B < C.Byte; });
  return It == Chars.begin() ? nullptr : &*std::prev(It);
}

unsigned SourceColumns::containingColumn(size_t Byte) const {
  if (Byte >= Bytes)
    return Columns;
  return containing(Byte)->Column;
}

size_t SourceColumns::nextCharStart(size_t Byte) const {
  if (Byte >= Bytes)
    return Bytes;
  const DisplayChar *Char = containing(Byte);
  size_t Index = Char - Chars.data();
  return Index + 1 < Chars.size() ? Chars[Index + 1].Byte : Bytes;
}

size_t SourceColumns::previousCharStart(size_t Byte) const {
  if (Byte == 0)
    return 0;
  return containing(Byte - 1)->Byte;
}

// [Begin, End) bytes of the caret line to underline with '~'.
struct ByteRange {
  size_t Begin;
  size_t End;
};

// clang's highlightRange: trim blanks at both ends, then underline.
void underline(const SourceColumns &Map, llvm::StringRef Line, ByteRange Range,
               std::string &CaretLine) {
  auto isBlank = [&](size_t Byte) { return Line[Byte] == ' ' || Line[Byte] == '\t'; };
  size_t Begin = Range.Begin;
  while (Begin < Map.bytes() && isBlank(Begin))
    Begin = Map.nextCharStart(Begin);
  size_t End = std::min(Range.End, Map.bytes());
  while (End != 0 && isBlank(End - 1))
    End = Map.previousCharStart(End);
  if (Begin > End)
    return;
  unsigned BeginColumn = Map.containingColumn(Begin);
  unsigned EndColumn = Map.containingColumn(End);
  if (CaretLine.size() < EndColumn)
    CaretLine.resize(EndColumn, ' ');
  std::fill(CaretLine.begin() + BeginColumn, CaretLine.begin() + EndColumn, '~');
}

// clang merges the fix-its of a diagnostic into one edit per run of
// adjacent edits, in file order, before it shows them.
std::vector<FixIt> mergedFixes(llvm::ArrayRef<FixIt> Fixes) {
  std::vector<FixIt> Sorted(Fixes.begin(), Fixes.end());
  llvm::stable_sort(Sorted, [](const FixIt &A, const FixIt &B) {
    return std::tie(A.File, A.Offset) < std::tie(B.File, B.Offset);
  });
  std::vector<FixIt> Merged;
  for (FixIt &Fix : Sorted) {
    if (!Merged.empty() && Merged.back().File == Fix.File &&
        Merged.back().Offset + Merged.back().Length == Fix.Offset) {
      Merged.back().Replacement += Fix.Replacement;
      Merged.back().Length += Fix.Length;
      Merged.back().End = Fix.End;
      continue;
    }
    Merged.push_back(std::move(Fix));
  }
  return Merged;
}

// The text to insert on line LineNo, placed under where it goes (clang's
// buildFixItInsertionLine); insertions that span lines are not shown.
std::string fixItInsertionLine(llvm::StringRef File, unsigned LineNo, const SourceColumns &Map,
                               llvm::ArrayRef<FixIt> Fixes) {
  std::string Line;
  unsigned PreviousEnd = 0;
  for (const FixIt &Fix : Fixes) {
    if (Fix.Replacement.empty() || Fix.File != File || Fix.Begin.Line != LineNo ||
        llvm::StringRef(Fix.Replacement).find_first_of("\n\r") != llvm::StringRef::npos)
      continue;
    unsigned Column = Map.containingColumn(Fix.Begin.Column - 1);
    // An insertion overlapping the previous one moves right, one space
    // apart, so that the two read as two.
    if (Column < PreviousEnd)
      Column = PreviousEnd + 1;
    Line.resize(Line.size() + (Column - PreviousEnd), ' ');
    Line += Fix.Replacement;
    PreviousEnd = Column + std::max(0, llvm::sys::locale::columnWidth(Fix.Replacement));
  }
  // Tabs in the inserted text itself are expanded, as clang does.
  std::string Expanded;
  for (char C : Line) {
    if (C == '\t')
      Expanded.append(TabStop - Expanded.size() % TabStop, ' ');
    else
      Expanded.push_back(C);
  }
  return Expanded;
}

// Where the source line has a tab and a helper line has only blanks, the
// helper line gets the tab too, so both advance to the same tab stop.
std::string mirrorTabs(const SourceColumns &Map, llvm::StringRef Helper) {
  std::string Result;
  size_t Column = 0;
  for (const DisplayChar &Char : Map.chars()) {
    if (Char.Column >= Helper.size())
      break;
    Result += Helper.slice(Column, Char.Column);
    Column = Char.Column;
    llvm::StringRef Span = Helper.substr(Column, Char.Width);
    if (Char.IsTab && Span.size() == Char.Width &&
        Span.find_first_not_of(' ') == llvm::StringRef::npos) {
      Result += '\t';
      Column += Char.Width;
    }
  }
  Result += Helper.substr(Column);
  return Result;
}

unsigned decimalWidth(unsigned N) {
  unsigned Width = 1;
  for (unsigned Limit = 10; N >= Limit && Width < 10; Limit *= 10)
    ++Width;
  return Width;
}

class TextPrinter {
public:
  TextPrinter(llvm::raw_ostream &OS, bool Color) : OS(OS), Color(Color) {}

  void print(const Finding &F);

private:
  void printMessage(const SourcePoint &Where, DiagLevel Kind, llvm::StringRef Message);
  void printSnippet(const SourcePoint &Where, llvm::ArrayRef<FixIt> Fixes);
  void paint(llvm::StringRef Escape) {
    if (Color)
      OS << Escape;
  }

  llvm::raw_ostream &OS;
  bool Color;
  // clang shows the snippet once when several diagnostics share a location.
  std::optional<SourcePoint> LastWhere;
  DiagLevel LastLevel = DiagLevel::Warning;
};

void TextPrinter::print(const Finding &F) {
  DiagLevel Kind = F.Level == Severity::Error ? DiagLevel::Error : DiagLevel::Warning;
  std::string Message = F.Message;
  if (F.Instances > 1)
    Message += " (in " + std::to_string(F.Instances) + " instantiations)";
  if (!F.CheckId.empty())
    Message += " [" + F.CheckId + (F.PromotedToError ? ",-warnings-as-errors]" : "]");
  std::vector<FixIt> Fixes = mergedFixes(F.Fixes);

  printMessage(F.Where, Kind, Message);
  // A fix-it shows the snippet even at a location shown just before.
  bool Repeated = LastWhere && F.Where.valid() && *LastWhere == F.Where && Fixes.empty() &&
                  (LastLevel != DiagLevel::Note || Kind == LastLevel);
  if (F.Where.valid() && !Repeated)
    printSnippet(F.Where, Fixes);
  LastWhere = F.Where.valid() ? std::optional<SourcePoint>(F.Where) : std::nullopt;
  LastLevel = Kind;

  for (const FindingNote &Note : F.Notes) {
    printMessage(Note.Where, DiagLevel::Note, Note.Message);
    bool NoteRepeated = LastWhere && Note.Where.valid() && *LastWhere == Note.Where;
    if (Note.Where.valid() && !NoteRepeated)
      printSnippet(Note.Where, {});
    LastWhere = Note.Where.valid() ? std::optional<SourcePoint>(Note.Where) : std::nullopt;
    LastLevel = DiagLevel::Note;
  }
}

void TextPrinter::printMessage(const SourcePoint &Where, DiagLevel Kind, llvm::StringRef Message) {
  if (Where.valid()) {
    paint(ansi::Bold);
    OS << Where.File << ':' << Where.Line << ':';
    if (Where.Column != 0)
      OS << Where.Column << ':';
    OS << ' ';
  }
  paint(ansi::Reset);
  switch (Kind) {
  case DiagLevel::Note:
    paint(ansi::Note);
    OS << "note: ";
    break;
  case DiagLevel::Warning:
    paint(ansi::Warning);
    OS << "warning: ";
    break;
  case DiagLevel::Error:
    paint(ansi::Error);
    OS << "error: ";
    break;
  }
  paint(ansi::Reset);
  // The primary message is bold, notes are not.
  if (Kind != DiagLevel::Note)
    paint(ansi::Bold);
  OS << Message;
  paint(ansi::Reset);
  OS << '\n';
}

// clang's maybeAddRange: grow the window of lines A towards B, to at most
// MaxLines lines, preferring to keep B's first line.
std::pair<unsigned, unsigned> addLines(std::pair<unsigned, unsigned> A,
                                       std::pair<unsigned, unsigned> B, unsigned MaxLines) {
  unsigned Slack = MaxLines - (A.second - A.first + 1);
  if (Slack == 0)
    return A;
  unsigned Min = std::min(A.first, B.first);
  unsigned Max = std::max(A.second, B.second);
  if (Max - Min + 1 <= MaxLines)
    return {Min, Max};
  if ((B.first > A.first && B.first - A.first + 1 > MaxLines) ||
      (B.second < A.second && A.second - B.second + 1 > MaxLines))
    return A;
  A.second = std::min(A.second + (Slack + 1) / 2, Max);
  Slack = MaxLines - (A.second - A.first + 1);
  A.first = std::max(Min + Slack, A.first) - Slack;
  A.second = std::min(A.first + MaxLines - 1, Max);
  return A;
}

// A point's line is known when its column lies on it: an empty LineText
// is an empty line only at column 1.
bool knowsLine(const SourcePoint &Point) {
  return Point.valid() && Point.Column != 0 && Point.Column - 1 <= Point.LineText.size();
}

llvm::StringRef withoutEol(llvm::StringRef Text) {
  return Text.substr(0, Text.find_first_of("\r\n"));
}

void TextPrinter::printSnippet(const SourcePoint &Where, llvm::ArrayRef<FixIt> Fixes) {
  if (!knowsLine(Where) || Where.Column - 1 > MaxLineLengthToPrint)
    return;

  // Like clang, show every line a fix-it touches within SnippetLineLimit
  // lines. A finding carries the text of the lines its points are on; when
  // the window needs a line between them, show the caret line alone.
  std::map<unsigned, llvm::StringRef> Texts{{Where.Line, withoutEol(Where.LineText)}};
  std::pair<unsigned, unsigned> Lines{Where.Line, Where.Line};
  std::vector<const FixIt *> SameFile;
  for (const FixIt &Fix : Fixes) {
    if (Fix.File != Where.File || !Fix.Begin.valid() || !Fix.End.valid() ||
        Fix.End.Line < Fix.Begin.Line)
      continue;
    SameFile.push_back(&Fix);
    Lines = addLines(Lines, {Fix.Begin.Line, Fix.End.Line}, SnippetLineLimit);
    for (const SourcePoint *End : {&Fix.Begin, &Fix.End})
      if (knowsLine(*End))
        Texts.try_emplace(End->Line, withoutEol(End->LineText));
  }
  for (unsigned Line = Lines.first; Line <= Lines.second; ++Line)
    if (!Texts.count(Line)) {
      Lines = {Where.Line, Where.Line};
      break;
    }

  unsigned GutterWidth = std::max(4u, decimalWidth(Lines.first + SnippetLineLimit));
  for (unsigned LineNo = Lines.first; LineNo <= Lines.second; ++LineNo) {
    llvm::StringRef Line = Texts[LineNo];
    if (Line.size() > MaxLineLengthToPrint)
      return;
    SourceColumns Map(Line);

    std::string CaretLine;
    for (const FixIt *Fix : SameFile) {
      if (Fix->Begin.Line > LineNo || Fix->End.Line < LineNo)
        continue;
      ByteRange Range{0, Line.size()};
      if (Fix->Begin.Line == LineNo)
        Range.Begin = Fix->Begin.Column - 1;
      if (Fix->End.Line == LineNo)
        Range.End = Fix->End.Column - 1;
      underline(Map, Line, Range, CaretLine);
    }
    if (LineNo == Where.Line) {
      size_t CaretByte = std::min<size_t>(Where.Column - 1, Line.size());
      unsigned CaretColumn = Map.containingColumn(CaretByte);
      CaretLine.resize(std::max<size_t>(CaretColumn + 1, CaretLine.size()), ' ');
      CaretLine[CaretColumn] = '^';
    }
    std::string FixItLine = fixItInsertionLine(Where.File, LineNo, Map, Fixes);

    OS.indent(GutterWidth - decimalWidth(LineNo) + 1) << LineNo << " | ";
    for (const DisplayChar &Char : Map.chars())
      OS << (Char.IsTab ? llvm::StringRef("\t") : llvm::StringRef(Char.Text));
    paint(ansi::Reset);
    OS << '\n';

    if (!CaretLine.empty()) {
      OS.indent(GutterWidth + 2) << "| ";
      paint(ansi::Caret);
      OS << mirrorTabs(Map, CaretLine) << '\n';
      paint(ansi::Reset);
    }
    if (!FixItLine.empty()) {
      OS.indent(GutterWidth + 2) << "| ";
      paint(ansi::Fixit);
      OS << mirrorTabs(Map, FixItLine) << '\n';
      paint(ansi::Reset);
    }
  }
}

} // namespace

namespace {

std::string counted(size_t Count, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(Count) + " " + (Count == 1 ? One : Many).str();
}

} // namespace

std::string setAsideNotice(llvm::StringRef Unit, const CodeSetAside &SetAside) {
  // The rest are in the JSON and SARIF reports.
  constexpr size_t Shown = 3;
  const std::vector<std::string> &Errors = SetAside.Errors;
  std::string Notice;
  if (!SetAside.partial()) {
    Notice = "analysed the host code of '" + Unit.str() + "' without the code " +
             "clang rejects (nvcc may accept it; cudalint does not analyse it): " +
             counted(Errors.size(), "error", "errors") +
             " in device code or in declarations nvcc accepts";
  } else {
    Notice = "partially analysed '" + Unit.str() + "' without the code clang rejects (nvcc " +
             "may accept it; cudalint does not analyse it): " +
             counted(Errors.size(), "error", "errors");
    if (!SetAside.Skipped.empty()) {
      Notice += "; " + std::to_string(SetAside.Skipped.size()) +
                " skipped by the path-sensitive checks (the AST checks report on what parsed): ";
      for (size_t I = 0; I < SetAside.Skipped.size() && I < Shown; ++I)
        Notice += (I ? ", " : "") + SetAside.Skipped[I];
      if (SetAside.Skipped.size() > Shown)
        Notice += " and " + std::to_string(SetAside.Skipped.size() - Shown) + " more";
    }
    if (!SetAside.Includes.empty())
      Notice += "; " + counted(SetAside.Includes.size(), "header", "headers") +
                " not found, read as empty";
  }
  for (size_t I = 0; I < Errors.size() && I < Shown; ++I)
    Notice += "\n  " + Errors[I];
  if (Errors.size() > Shown)
    Notice += "\n  and " + std::to_string(Errors.size() - Shown) + " more";
  return Notice;
}

void writeText(llvm::raw_ostream &OS, const RunReport &Report, const OutputOptions &Options) {
  TextPrinter Printer(OS, Options.Color);
  for (const Finding &F : Report.Findings)
    Printer.print(F);
}

} // namespace cudalint
