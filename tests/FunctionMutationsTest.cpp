// The mutation analysis of one function (checks/FunctionMutations.h): it must
// answer as clang's ExprMutationAnalyzer answers over the whole unit, and
// leave the unit's traversal scope as it found it.
#include "FunctionMutations.h"

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
void other(int &k) { k = 1; }
int launch() {
  int grid = 4;
  int block = 256;
  int shared = 0;
  (void)sizeof(block++);
  decltype(shared = 1) alias = shared;
  other(grid);
  return grid + block + shared + alias;
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
  Result.Unit = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17", "-Wno-unevaluated-expression"});
  auto Found = match(functionDecl(hasName("launch")).bind("f"), Result.context());
  Result.Launch = Found.empty() ? nullptr : Found.front().getNodeAs<FunctionDecl>("f");
  return Result;
}

TEST(FunctionMutationsTest, AnswersAsTheAnalyzerOverTheWholeUnit) {
  Parsed Unit = parse();
  ASSERT_NE(Unit.Launch, nullptr);
  FunctionMutations Mutations(*Unit.Launch->getBody(), *Unit.Launch, Unit.context());
  ExprMutationAnalyzer WholeUnit(*Unit.Launch->getBody(), Unit.context());
  for (const char *Name : {"grid", "block", "shared", "alias"}) {
    const VarDecl *Variable = Unit.variable(Name);
    ASSERT_NE(Variable, nullptr) << Name;
    EXPECT_EQ(Mutations.isMutated(Variable), WholeUnit.isMutated(Variable)) << Name;
  }
  // The operands of sizeof and decltype are unevaluated: telling so needs
  // the ancestors of the references inside the function.
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("block")));
  EXPECT_FALSE(Mutations.isMutated(Unit.variable("shared")));
  EXPECT_TRUE(Mutations.isMutated(Unit.variable("grid")));
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
  EXPECT_EQ(match(varDecl(hasName("k"), hasAncestor(functionDecl(hasName("other")))), Context)
                .size(),
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
