// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CudaTidyCheck.h"

#include "FindingTranslation.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <set>
#include <utility>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint::tidy {

CudaTidyCheck::CudaTidyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context,
                             const CheckDescription &Description)
    : ClangTidyCheck(Name, Context), Description(Description),
      CudaOptions(optionsFromConfiguration()), Unit(Api, CudaOptions),
      Check(Description.Create(Unit)) {}

// The cudalint check knows its options and their defaults, and writes them
// with storeOptions: a default-configured instance lists them, and each one
// clang-tidy's configuration sets (`cuda-unchecked-error.StatusTypes`)
// replaces its default.
CheckOptionMap CudaTidyCheck::optionsFromConfiguration() const {
  const CheckOptionMap NoOptions;
  CheckContext Defaults(Api, NoOptions);
  CheckOptionMap Effective;
  Description.Create(Defaults)->storeOptions(Effective);
  const std::string Prefix = (Description.Id + ".").str();
  for (auto &[Key, Value] : Effective) {
    llvm::StringRef LocalName = llvm::StringRef(Key);
    if (LocalName.consume_front(Prefix))
      Value = Options.get(LocalName, Value).str();
  }
  return Effective;
}

void CudaTidyCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  CheckOptionMap Effective;
  Check->storeOptions(Effective);
  const std::string Prefix = (Description.Id + ".").str();
  for (const auto &[Key, Value] : Effective) {
    llvm::StringRef LocalName = llvm::StringRef(Key);
    if (LocalName.consume_front(Prefix))
      Options.store(Opts, LocalName, Value);
  }
}

void CudaTidyCheck::registerMatchers(MatchFinder *Finder) {
  Check->registerMatchers(UnitFinder);
  // Matched once per unit: the signal to run the check over the whole AST.
  Finder->addMatcher(translationUnitDecl(), this);
}

void CudaTidyCheck::check(const MatchFinder::MatchResult &Result) {
  Unit.setSourceManager(Result.SourceManager);
  Unit.setLangOptions(&Result.Context->getLangOpts());
  UnitFinder.matchAST(*Result.Context);
  report(*Result.SourceManager);
}

void CudaTidyCheck::report(const SourceManager &SM) {
  FindingTranslation Places(SM);
  // cudalint reports a finding once even when a template instantiation or a
  // header seen twice produces it again; so does the plugin.
  std::set<decltype(std::declval<const Finding &>().key())> Reported;
  for (const Finding &Found : Unit.findings()) {
    if (!Reported.insert(Found.key()).second)
      continue;
    {
      DiagnosticBuilder Warning =
          diag(Places.location(Found.Where), "%0",
               Found.Level == Severity::Error ? DiagnosticIDs::Error : DiagnosticIDs::Warning)
          << Found.Message;
      for (const FixIt &Fix : Found.Fixes)
        if (std::optional<FixItHint> Hint = Places.fixIt(Fix))
          Warning << *Hint;
    } // The warning is emitted here, before its notes.
    for (const FindingNote &Note : Found.Notes)
      diag(Places.location(Note.Where), "%0", DiagnosticIDs::Note) << Note.Message;
  }
  Unit.findings().clear();
}

} // namespace cudalint::tidy
