// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The mutation analysis of one function (checks/shared/FunctionMutations.h): it must
// answer as clang's ExprMutationAnalyzer answers over the whole unit, with or
// without its walk for variables that are only read, and leave the unit's
// traversal scope as it found it.
#include "shared/FunctionMutations.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace cudalint {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

constexpr const char *Code = R"(
struct dim3 { unsigned x, y, z; };
void other(int &k) { k = 1; }
void byValue(dim3 d);
void byPointer(int *p);
struct Stealing {
  int *p;
  Stealing(int *q) : p(q) {}
  Stealing(Stealing &other) : p(other.p) { other.p = nullptr; }
};
int launch(int n) {
  int grid = 4;
  int block = 256;
  int shared = 0;
  (void)sizeof(block++);
  decltype(shared = 1) alias = shared;
  other(grid);
  dim3 copied{1, 1, 1};
  byValue(copied);
  unsigned width = copied.x;
  dim3 fieldWritten{1, 1, 1};
  fieldWritten.y = 2;
  int addressTaken = 0;
  byPointer(&addressTaken);
  int aliased = 0;
  int &reference = aliased;
  reference = 3;
  int compound = 1;
  compound += n;
  int byCopy = 5;
  auto readCopy = [byCopy] { return byCopy; };
  int byReference = 5;
  auto writeThrough = [&byReference] { byReference = 6; };
  writeThrough();
  int elvis = n;
  int chosen = elvis ?: 1;
  int onlyRead = n + 1;
  int indexed[2] = {0, 0};
  indexed[1] = n;
  Stealing owner(&n);
  Stealing thief(owner);
  dim3 target{1, 1, 1};
  dim3 *pointer = &target;
  pointer->x = 7;
  return grid + block + shared + alias + width + fieldWritten.y + aliased + compound +
         readCopy() + chosen + onlyRead;
}
)";

struct Parsed {
  std::unique_ptr<ASTUnit> Unit;
  const FunctionDecl *Launch = nullptr;

  ASTContext &context() { return Unit->getASTContext(); }
  const VarDecl *variable(const std::string &Name) {
    auto Found = match(varDecl(hasName(Name)).bind("v"), context());
    return Found.empty() ? nullptr : Found.front().getNodeAs<VarDecl>("v");
  }
};

Parsed parse() {
  Parsed Result;
  Result.Unit = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-Wno-unevaluated-expression", "-Wno-gnu-conditional-omitted-operand"});
  auto Found = match(functionDecl(hasName("launch")).bind("f"), Result.context());
  Result.Launch = Found.empty() ? nullptr : Found.front().getNodeAs<FunctionDecl>("f");
  return Result;
}

TEST(FunctionMutationsTest, AnswersAsTheAnalyzerOverTheWholeUnit) {
  Parsed Unit = parse();
  ASSERT_NE(Unit.Launch, nullptr);
  FunctionMutations Mutations(*Unit.Launch->getBody(), *Unit.Launch, Unit.context());
  ExprMutationAnalyzer WholeUnit(*Unit.Launch->getBody(), Unit.context());
  for (const char *Name : {"grid",     "block",        "shared",       "alias",   "copied",
                           "width",    "fieldWritten", "addressTaken", "aliased", "reference",
                           "compound", "byCopy",       "byReference",  "elvis",   "chosen",
                           "onlyRead", "indexed",      "owner",        "target",  "pointer"}) {
    const VarDecl *Variable = Unit.variable(Name);
    ASSERT_NE(Variable, nullptr) << Name;
    EXPECT_EQ(Mutations.isMutated(Variable), WholeUnit.isMutated(Variable)) << Name;
  }
  // The operands of sizeof and decltype are unevaluated: telling so needs
  // the ancestors of the references inside the function.
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("block")));
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("shared")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("grid")));
  // Read only: as a value, through a field, by copy.
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("copied")));
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("onlyRead")));
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("byCopy")));
  // What it points to is written, not the pointer.
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("pointer")));
  // Written: a field, through a pointer or a reference, in a lambda, an
  // element.
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("fieldWritten")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("addressTaken")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("aliased")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("compound")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("byReference")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("indexed")));
  // Copied by a constructor that takes a non-const reference and clears it.
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("owner")));
}

TEST(FunctionMutationsTest, LeavesTheTraversalScopeAsItWas) {
  Parsed Unit = parse();
  ASSERT_NE(Unit.Launch, nullptr);
  ASTContext &Context = Unit.context();
  FunctionMutations Mutations(*Unit.Launch->getBody(), *Unit.Launch, Context);
  Mutations.isMutated(Unit.variable("grid"));
  ASSERT_EQ(Context.getTraversalScope().size(), 1u);
  EXPECT_EQ(Context.getTraversalScope().front(), Context.getTranslationUnitDecl());
  // Matchers that ask for ancestors after the question still see the unit.
  EXPECT_EQ(
      match(varDecl(hasName("k"), hasAncestor(functionDecl(hasName("other")))), Context).size(),
      1u);

  // A scope narrowed by someone else (clangd narrows it to the main file) is
  // put back as it was.
  auto Other = match(functionDecl(hasName("other")).bind("f"), Context);
  ASSERT_EQ(Other.size(), 1u);
  auto *OtherFunction = const_cast<FunctionDecl *>(Other.front().getNodeAs<FunctionDecl>("f"));
  Context.setTraversalScope({OtherFunction});
  Mutations.isMutated(Unit.variable("block"));
  ASSERT_EQ(Context.getTraversalScope().size(), 1u);
  EXPECT_EQ(Context.getTraversalScope().front(), OtherFunction);
}

} // namespace
} // namespace cudalint
