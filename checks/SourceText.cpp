#include "SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalint {

std::string shortSourceText(const Expr &E, const SourceManager &SM,
                            const LangOptions &LangOpts) {
  constexpr size_t LongestQuoted = 40;
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E.getSourceRange()), SM, LangOpts);
  if (Range.isInvalid())
    return {};
  llvm::StringRef Text = Lexer::getSourceText(Range, SM, LangOpts);
  if (Text.empty() || Text.size() > LongestQuoted || Text.contains('\n'))
    return {};
  return Text.str();
}

} // namespace cudalint
