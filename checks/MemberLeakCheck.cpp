// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MemberLeakCheck.h"

#include "shared/MemberOwnership.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

void MemberLeakCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(translationUnitDecl().bind("unit"), this);
}

void MemberLeakCheck::check(const MatchFinder::MatchResult &Result) {
  for (const UnreleasedMember &Member : memberOwnership(*Result.Context, api()).Unreleased) {
    const RecordDecl *Record = Member.Field->getParent();
    std::string Field =
        "'" + Record->getNameAsString() + "::" + Member.Field->getNameAsString() + "'";
    std::string Releaser = "'" + releaserName(*Member.Releaser) + "'";
    diag(Member.Allocation->getBeginLoc(),
         (memoryFamilyName(Member.Api->Family) + " allocated by '" +
          documentedName(Member.Api->Name) + "' into " + Field + " is never released by " +
          Releaser + ", which releases the object's other memory; " +
          unreleasedMemoryFate(Member.Api->Family) + ", once for every object released")
             .str())
        .note(Member.Releaser->getLocation(), Releaser + " does not release " + Field);
  }
}

} // namespace cudalint
