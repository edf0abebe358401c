// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cudalint {

std::string shortSourceText(const Expr &E, const SourceManager &SM, const LangOptions &LangOpts) {
  constexpr size_t LongestQuoted = 40;
  CharSourceRange Range =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E.getSourceRange()), SM, LangOpts);
  if (Range.isInvalid())
    return {};
  llvm::StringRef Text = Lexer::getSourceText(Range, SM, LangOpts);
  if (Text.empty() || Text.size() > LongestQuoted || Text.contains('\n'))
    return {};
  return Text.str();
}

namespace {

// Whether the tokens of an assertion's condition say false whatever runs:
// operands joined by `&&`, each a string literal (the message) or a false
// constant, at least one of them false. Parentheses are ignored.
bool conditionIsFalse(llvm::ArrayRef<Token> Condition) {
  llvm::SmallVector<llvm::SmallVector<Token, 2>, 2> Operands(1);
  for (const Token &T : Condition) {
    if (T.isOneOf(tok::l_paren, tok::r_paren))
      continue;
    if (T.is(tok::ampamp))
      Operands.emplace_back();
    else
      Operands.back().push_back(T);
  }
  auto IsMessage = [](llvm::ArrayRef<Token> Operand) {
    return Operand.size() == 1 && tok::isStringLiteral(Operand[0].getKind());
  };
  auto IsFalse = [](llvm::ArrayRef<Token> Operand) {
    if (Operand.size() == 1)
      return Operand[0].is(tok::kw_false) ||
             (Operand[0].is(tok::numeric_constant) &&
              llvm::StringRef(Operand[0].getLiteralData(), Operand[0].getLength()) == "0");
    return Operand.size() == 2 && Operand[0].is(tok::exclaim) &&
           (tok::isStringLiteral(Operand[1].getKind()) || Operand[1].is(tok::kw_true));
  };
  return llvm::all_of(
             Operands,
             [&](const auto &Operand) { return IsMessage(Operand) || IsFalse(Operand); }) &&
         llvm::any_of(Operands, [&](const auto &Operand) { return IsFalse(Operand); });
}

} // namespace

bool isAssertionOfFalse(const Stmt &S, const SourceManager &SM, const LangOptions &LangOpts) {
  for (SourceLocation Loc = S.getBeginLoc(); Loc.isMacroID();
       Loc = SM.getImmediateMacroCallerLoc(Loc)) {
    if (Lexer::getImmediateMacroName(Loc, SM, LangOpts) != "assert")
      continue;
    // The invocation as written in a file: `assert ( condition )`, lexed
    // raw. One written inside another macro's body is not looked into.
    CharSourceRange Invocation =
        Lexer::makeFileCharRange(SM.getImmediateExpansionRange(Loc), SM, LangOpts);
    bool Invalid = Invocation.isInvalid();
    llvm::StringRef Text =
        Invalid ? llvm::StringRef() : Lexer::getSourceText(Invocation, SM, LangOpts, &Invalid);
    if (Invalid || Text.empty())
      return false;
    Lexer Raw(Invocation.getBegin(), LangOpts, Text.begin(), Text.begin(), Text.end());
    llvm::SmallVector<Token, 8> Tokens;
    Token T;
    for (bool AtEnd = false; !AtEnd;) {
      AtEnd = Raw.LexFromRawLexer(T); // true with the buffer's last token
      if (T.is(tok::eof))
        break;
      if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "false")
        T.setKind(tok::kw_false);
      else if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "true")
        T.setKind(tok::kw_true);
      Tokens.push_back(T);
    }
    if (Tokens.size() < 4 || Tokens[1].isNot(tok::l_paren) || Tokens.back().isNot(tok::r_paren))
      return false;
    return conditionIsFalse(llvm::ArrayRef(Tokens).slice(2, Tokens.size() - 3));
  }
  return false;
}

} // namespace cudalint
