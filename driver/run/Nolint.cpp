// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reads NOLINT directives the way clang-tidy 22's NoLintDirectiveHandler
// does, with one difference: clang-tidy searches the raw bytes, so a
// "NOLINT" inside a string literal or an identifier such as NOLINT_GUARD
// also suppresses. Here a directive counts only inside a comment and only as
// a whole word.
#include "run/Nolint.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace cudalint {

namespace {

enum class NolintKind { NoLint, NextLine, Begin, End };

struct NolintToken {
  NolintKind Kind;
  size_t Pos; // of the 'N'
  // std::nullopt: no parentheses, every check. "": `NOLINT()`, no check.
  std::optional<std::string> Checks;
};

// A comment: [Begin, End) of the source, delimiters included.
struct Comment {
  size_t Begin;
  size_t End;
};

bool isIdentifierChar(char C) {
  return llvm::isAlnum(C) || C == '_' || static_cast<unsigned char>(C) >= 0x80;
}

bool isIdentifierStart(char C) { return isIdentifierChar(C) && !llvm::isDigit(C); }

bool isHorizontalSpace(char C) { return C == ' ' || C == '\t' || C == '\v' || C == '\f'; }

// Where the comments are and which bytes are code (not comment, not space).
// A lexer light enough to run on any file: it knows comments, string and
// character literals (raw ones too), digit separators and line splices,
// which is all it takes to tell a comment from text that looks like one.
class SourceScan {
public:
  explicit SourceScan(llvm::StringRef Source);

  llvm::ArrayRef<Comment> comments() const { return Comments; }
  unsigned lineOf(size_t Pos) const {
    return std::upper_bound(LineStarts.begin(), LineStarts.end(), Pos) - LineStarts.begin();
  }
  bool codeBefore(size_t Pos) const {
    const LineCode &Line = Lines[lineOf(Pos) - 1];
    return Line.First != llvm::StringRef::npos && Line.First < Pos;
  }
  bool codeAfter(size_t Pos) const {
    const LineCode &Line = Lines[lineOf(Pos) - 1];
    return Line.Last != llvm::StringRef::npos && Line.Last > Pos;
  }

private:
  struct LineCode {
    size_t First = llvm::StringRef::npos;
    size_t Last = llvm::StringRef::npos;
  };

  size_t endOfLineComment(size_t Begin) const;
  size_t endOfQuoted(size_t Quote) const;
  size_t endOfRawString(size_t Quote) const;
  size_t endOfNumber(size_t Begin) const;
  void markCode(size_t Begin, size_t End);

  llvm::StringRef Source;
  std::vector<size_t> LineStarts;
  std::vector<LineCode> Lines;
  std::vector<Comment> Comments;
};

SourceScan::SourceScan(llvm::StringRef Source) : Source(Source) {
  LineStarts.push_back(0);
  for (size_t I = 0; I != Source.size(); ++I)
    if (Source[I] == '\n')
      LineStarts.push_back(I + 1);
  Lines.resize(LineStarts.size());

  const size_t Size = Source.size();
  size_t I = 0;
  while (I < Size) {
    char C = Source[I];
    char Next = I + 1 < Size ? Source[I + 1] : '\0';
    size_t End;
    if (C == '/' && Next == '/') {
      End = endOfLineComment(I);
      Comments.push_back({I, End});
    } else if (C == '/' && Next == '*') {
      End = Source.find("*/", I + 2);
      End = End == llvm::StringRef::npos ? Size : End + 2;
      Comments.push_back({I, End});
    } else if (C == '"' || C == '\'') {
      End = endOfQuoted(I);
      markCode(I, End);
    } else if (isIdentifierStart(C)) {
      End = I + 1;
      while (End < Size && isIdentifierChar(Source[End]))
        ++End;
      static constexpr llvm::StringLiteral RawPrefixes[] = {"R", "LR", "uR", "UR", "u8R"};
      bool RawPrefix = llvm::is_contained(RawPrefixes, Source.slice(I, End));
      if (RawPrefix && End < Size && Source[End] == '"')
        End = endOfRawString(End);
      markCode(I, End);
    } else if (llvm::isDigit(C) || (C == '.' && llvm::isDigit(Next))) {
      End = endOfNumber(I);
      markCode(I, End);
    } else {
      End = I + 1;
      if (!llvm::isSpace(C))
        markCode(I, End);
    }
    I = End;
  }
}

// A `//` comment runs to the end of the line, and on past it while the line
// ends in a backslash (spaces between the backslash and the newline count
// as a splice too, as clang accepts them).
size_t SourceScan::endOfLineComment(size_t Begin) const {
  size_t Pos = Begin;
  while (true) {
    size_t Newline = Source.find('\n', Pos);
    if (Newline == llvm::StringRef::npos)
      return Source.size();
    size_t Last = Newline;
    while (Last > Begin && (isHorizontalSpace(Source[Last - 1]) || Source[Last - 1] == '\r'))
      --Last;
    if (Last == Begin || Source[Last - 1] != '\\')
      return Newline;
    Pos = Newline + 1;
  }
}

// A string or character literal; an unterminated one ends with its line.
size_t SourceScan::endOfQuoted(size_t Quote) const {
  const char Close = Source[Quote];
  size_t Pos = Quote + 1;
  while (Pos < Source.size()) {
    char C = Source[Pos];
    if (C == '\\') {
      Pos += Source.substr(Pos + 1).starts_with("\r\n") ? 3 : 2;
      continue;
    }
    if (C == Close)
      return Pos + 1;
    if (C == '\n')
      return Pos;
    ++Pos;
  }
  return Source.size();
}

size_t SourceScan::endOfRawString(size_t Quote) const {
  size_t Paren = Source.find_first_of("( )\\\t\v\f\n\"", Quote + 1);
  bool ValidDelimiter =
      Paren != llvm::StringRef::npos && Source[Paren] == '(' && Paren - Quote - 1 <= 16;
  if (!ValidDelimiter)
    return endOfQuoted(Quote);
  std::string Terminator = (")" + Source.slice(Quote + 1, Paren) + "\"").str();
  size_t Close = Source.find(Terminator, Paren + 1);
  return Close == llvm::StringRef::npos ? Source.size() : Close + Terminator.size();
}

// A preprocessing number, so that the digit separator in 1'000 does not
// start a character literal.
size_t SourceScan::endOfNumber(size_t Begin) const {
  size_t Pos = Begin + 1;
  while (Pos < Source.size()) {
    char C = Source[Pos];
    char Previous = Source[Pos - 1];
    bool Exponent = (C == '+' || C == '-') && llvm::StringRef("eEpP").contains(Previous);
    bool Separator = C == '\'' && Pos + 1 < Source.size() && isIdentifierChar(Source[Pos + 1]);
    if (Exponent || isIdentifierChar(C) || C == '.')
      ++Pos;
    else if (Separator)
      Pos += 2;
    else
      break;
  }
  return Pos;
}

void SourceScan::markCode(size_t Begin, size_t End) {
  size_t Line = lineOf(Begin) - 1;
  for (size_t Pos = Begin; Pos < End; ++Pos) {
    if (Source[Pos] == '\n')
      ++Line;
    if (llvm::isSpace(Source[Pos]))
      continue;
    if (Lines[Line].First == llvm::StringRef::npos)
      Lines[Line].First = Pos;
    Lines[Line].Last = Pos;
  }
}

std::optional<NolintKind> nolintKind(llvm::StringRef Word) {
  return llvm::StringSwitch<std::optional<NolintKind>>(Word)
      .Case("NOLINT", NolintKind::NoLint)
      .Case("NOLINTNEXTLINE", NolintKind::NextLine)
      .Case("NOLINTBEGIN", NolintKind::Begin)
      .Case("NOLINTEND", NolintKind::End)
      .Default(std::nullopt);
}

// "NOLINT( a, b )" is the same list as "NOLINT(a,b)", also when a block's
// end is matched against its beginning.
std::string trimEachCheck(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef> Split;
  Checks.split(Split, ',');
  for (llvm::StringRef &Check : Split)
    Check = Check.trim();
  return llvm::join(Split, ",");
}

// clang-tidy drops the negative globs of a NOLINT list: "NOLINT(-foo)" must
// not turn into a suppression of everything but foo.
std::shared_ptr<const GlobList> suppressedChecks(const std::optional<std::string> &Checks) {
  if (!Checks)
    return std::make_shared<const GlobList>("*");
  llvm::SmallVector<llvm::StringRef> Positive;
  llvm::SmallVector<llvm::StringRef> Split;
  llvm::StringRef(*Checks).split(Split, ',');
  for (llvm::StringRef Glob : Split)
    if (!Glob.trim().starts_with("-"))
      Positive.push_back(Glob);
  return std::make_shared<const GlobList>(llvm::join(Positive, ","));
}

// clang-tidy's tokenizer, run on the text of one comment.
void readNolints(llvm::StringRef Source, Comment Range, std::vector<NolintToken> &Tokens) {
  static constexpr llvm::StringLiteral Keyword = "NOLINT";
  llvm::StringRef Text = Source.slice(Range.Begin, Range.End);
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t KeywordPos = Text.find(Keyword, Pos);
    if (KeywordPos == llvm::StringRef::npos)
      break;
    Pos = KeywordPos + Keyword.size();
    while (Pos < Text.size() && llvm::isAlpha(Text[Pos]))
      ++Pos;
    std::optional<NolintKind> Kind = nolintKind(Text.slice(KeywordPos, Pos));
    if (!Kind || (Pos < Text.size() && isIdentifierChar(Text[Pos])))
      continue;

    std::optional<std::string> Checks;
    if (Pos < Text.size() && Text[Pos] == '(') {
      // Without a ')' on the same line the '(' is ignored and the directive
      // covers every check, as in clang-tidy.
      size_t Close = Text.find_first_of("\n)", ++Pos);
      if (Close != llvm::StringRef::npos && Text[Close] == ')') {
        Checks = trimEachCheck(Text.slice(Pos, Close));
        Pos = Close + 1;
      }
    }
    Tokens.push_back({*Kind, Range.Begin + KeywordPos, std::move(Checks)});
  }
}

} // namespace

NolintDirectives::NolintDirectives(llvm::StringRef Source) {
  // Most files have no directive; they need no scan.
  if (!Source.contains("NOLINT"))
    return;
  SourceScan Scan(Source);
  std::vector<NolintToken> Tokens;
  for (Comment Range : Scan.comments())
    readNolints(Source, Range, Tokens);

  std::vector<std::pair<size_t, std::string>> Unmatched;
  auto reportUnmatched = [&](const NolintToken &Token) {
    llvm::StringRef Message = Token.Kind == NolintKind::Begin
                                  ? "unmatched 'NOLINTBEGIN' comment without a subsequent "
                                    "'NOLINTEND' comment"
                                  : "unmatched 'NOLINTEND' comment without a previous "
                                    "'NOLINTBEGIN' comment";
    std::string Problem = ("line " + llvm::Twine(Scan.lineOf(Token.Pos)) + ": " + Message).str();
    Unmatched.emplace_back(Token.Pos, std::move(Problem));
  };

  // Blocks nest: an end closes the innermost open beginning, and only if
  // their check lists are the same.
  std::vector<const NolintToken *> Open;
  for (const NolintToken &Token : Tokens) {
    unsigned Line = Scan.lineOf(Token.Pos);
    switch (Token.Kind) {
    case NolintKind::NoLint:
      LineDirectives.push_back({Line, suppressedChecks(Token.Checks)});
      break;
    case NolintKind::NextLine:
      LineDirectives.push_back({Line + 1, suppressedChecks(Token.Checks)});
      break;
    case NolintKind::Begin:
      Open.push_back(&Token);
      break;
    case NolintKind::End: {
      if (Open.empty() || Open.back()->Checks != Token.Checks) {
        reportUnmatched(Token);
        break;
      }
      const NolintToken &Begin = *Open.back();
      Open.pop_back();
      Blocks.push_back({Scan.lineOf(Begin.Pos), Scan.codeAfter(Begin.Pos), Line,
                        Scan.codeBefore(Token.Pos), suppressedChecks(Begin.Checks)});
      break;
    }
    }
  }
  for (const NolintToken *Begin : Open)
    reportUnmatched(*Begin);

  llvm::sort(Unmatched);
  for (auto &Problem : Unmatched)
    Problems.push_back(std::move(Problem.second));
}

bool NolintDirectives::suppresses(unsigned Line, llvm::StringRef CheckId) const {
  for (const LineDirective &Directive : LineDirectives)
    if (Directive.Line == Line && Directive.Checks->contains(CheckId))
      return true;
  for (const Block &Region : Blocks) {
    bool AfterBegin =
        Region.BeginLine < Line || (Region.BeginLine == Line && Region.BeginLineCovered);
    bool BeforeEnd = Line < Region.EndLine || (Region.EndLine == Line && Region.EndLineCovered);
    if (AfterBegin && BeforeEnd && Region.Checks->contains(CheckId))
      return true;
  }
  return false;
}

} // namespace cudalint
