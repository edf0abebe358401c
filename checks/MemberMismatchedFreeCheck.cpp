// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MemberMismatchedFreeCheck.h"

#include "shared/MemberOwnership.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

void MemberMismatchedFreeCheck::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(translationUnitDecl().bind("unit"), this);
}

void MemberMismatchedFreeCheck::check(const MatchFinder::MatchResult &Result) {
  for (const MismatchedMemberRelease &Member : memberOwnership(*Result.Context, api()).Mismatched) {
    MemoryFamily Family = CudaApi::allocatedFamily(*Member.Api, std::nullopt);
    std::string Field = "'" + Member.Field->getParent()->getNameAsString() +
                        "::" + Member.Field->getNameAsString() + "'";
    std::string Allocator = documentedName(Member.Api->Name).str();
    diag(Member.Release->getBeginLoc(),
         ("'" + Member.ReleaseName + "' in '" + releaserName(*Member.Releaser) +
          "' cannot release " + memoryFamilyName(Family) + " allocated by '" + Allocator +
          "' into " + Field + "; " +
          CudaApi::mismatchedReleaseFate(Member.ReleaseName, Member.ReleaseFamily, Family,
                                         /*Owned=*/true) +
          " (release it with '" + Member.Api->Release + "')")
             .str())
        .note(Member.Allocation->getBeginLoc(),
              Field + " is allocated here by '" + Allocator + "'");
  }
}

} // namespace cudalint
