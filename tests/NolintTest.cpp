// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/Nolint.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

constexpr llvm::StringLiteral CheckA = "cuda-unchecked-error";
constexpr llvm::StringLiteral CheckB = "cuda-alloc-pointer-arg";

TEST(NolintTest, NoDirectivesSuppressNothing) {
  NolintDirectives Directives("int main() {\n  return 0;\n}\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.problems().empty());
}

TEST(NolintTest, NolintCoversItsOwnLineOnly) {
  NolintDirectives Directives("a();\n"
                              "b(); // NOLINT\n"
                              "c();\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckB));
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
}

TEST(NolintTest, NolintWithChecks) {
  NolintDirectives Directives("a(); // NOLINT(cuda-unchecked-error)\n"
                              "b(); // NOLINT(cuda-alloc-*)\n"
                              "c(); // NOLINT( cuda-x , cuda-unchecked-error )\n"
                              "d(); // NOLINT(*)\n");
  EXPECT_TRUE(Directives.suppresses(1, CheckA));
  EXPECT_FALSE(Directives.suppresses(1, CheckB));
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckB));
  EXPECT_TRUE(Directives.suppresses(3, CheckA));
  EXPECT_FALSE(Directives.suppresses(3, CheckB));
  EXPECT_TRUE(Directives.suppresses(4, CheckA));
  EXPECT_TRUE(Directives.suppresses(4, CheckB));
}

TEST(NolintTest, EmptyCheckListSuppressesNothing) {
  NolintDirectives Directives("a(); // NOLINT()\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
}

TEST(NolintTest, NegativeGlobsAreDropped) {
  // clang-tidy ignores negative globs in a NOLINT list rather than turning
  // them into "everything but".
  NolintDirectives Directives("a(); // NOLINT(-cuda-unchecked-error)\n"
                              "b(); // NOLINT(*, -cuda-unchecked-error)\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_FALSE(Directives.suppresses(1, CheckB));
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckB));
}

TEST(NolintTest, UnclosedParenthesisMeansEveryCheck) {
  NolintDirectives Directives("a(); // NOLINT(cuda-x\n"
                              "b();\n");
  EXPECT_TRUE(Directives.suppresses(1, CheckA));
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
}

TEST(NolintTest, NextLineCoversTheFollowingLineOnly) {
  NolintDirectives Directives("// NOLINTNEXTLINE(cuda-unchecked-error)\n"
                              "a();\n"
                              "b();\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_FALSE(Directives.suppresses(2, CheckB));
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
}

TEST(NolintTest, NextLineDoesNotCoverItsOwnLine) {
  NolintDirectives Directives("a(); // NOLINTNEXTLINE\n"
                              "b();\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
}

TEST(NolintTest, WindowsLineEndings) {
  NolintDirectives Directives("// NOLINTNEXTLINE(cuda-unchecked-error)\r\n"
                              "a();\r\n"
                              "b(); // NOLINT(cuda-alloc-pointer-arg)\r\n"
                              "c();\r\n");
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.suppresses(3, CheckB));
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
  EXPECT_FALSE(Directives.suppresses(4, CheckB));
}

TEST(NolintTest, BlockCommentsAndNoSpaceCount) {
  NolintDirectives Directives("a(); /* NOLINT */\n"
                              "b(); //NOLINT\n"
                              "/* NOLINTNEXTLINE(cuda-unchecked-error) */\n"
                              "c();\n");
  EXPECT_TRUE(Directives.suppresses(1, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.suppresses(4, CheckA));
}

TEST(NolintTest, OnlyCommentsHoldDirectives) {
  NolintDirectives Directives("puts(\"NOLINT\");\n"
                              "puts(\"// NOLINT\");\n"
                              "puts(R\"x(// NOLINT\n"
                              ")x\");\n"
                              "char c = '\"'; a(); // NOLINT(cuda-alloc-pointer-arg)\n"
                              "int n = 1'000; // NOLINT(cuda-unchecked-error)\n"
                              "NOLINT();\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
  EXPECT_TRUE(Directives.suppresses(5, CheckB));
  EXPECT_FALSE(Directives.suppresses(5, CheckA));
  EXPECT_TRUE(Directives.suppresses(6, CheckA));
  EXPECT_FALSE(Directives.suppresses(7, CheckA));
}

TEST(NolintTest, KeywordMustBeAWholeWord) {
  NolintDirectives Directives("a(); // NOLINTX\n"
                              "b(); // NOLINT_GUARD\n"
                              "c(); // NOLINT2\n"
                              "// NOLINTNEXTLINEX\n"
                              "d();\n"
                              "e(); // NOLINT: reviewed\n"
                              "f(); // see XNOLINT.\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
  EXPECT_FALSE(Directives.suppresses(5, CheckA));
  EXPECT_TRUE(Directives.suppresses(6, CheckA));
  // As in clang-tidy, what precedes the keyword does not matter.
  EXPECT_TRUE(Directives.suppresses(7, CheckA));
}

TEST(NolintTest, DirectiveAfterLineSplice) {
  NolintDirectives Directives("a(); // a comment that goes on \\\n"
                              "b(); NOLINT\n"
                              "c();\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
}

TEST(NolintTest, BeginEndRegion) {
  NolintDirectives Directives("a();\n"
                              "// NOLINTBEGIN\n"
                              "b();\n"
                              "c();\n"
                              "// NOLINTEND\n"
                              "d();\n");
  EXPECT_FALSE(Directives.suppresses(1, CheckA));
  EXPECT_TRUE(Directives.suppresses(3, CheckA));
  EXPECT_TRUE(Directives.suppresses(4, CheckB));
  EXPECT_FALSE(Directives.suppresses(6, CheckA));
  EXPECT_TRUE(Directives.problems().empty());
}

TEST(NolintTest, BeginEndRegionWithChecks) {
  NolintDirectives Directives("// NOLINTBEGIN(cuda-unchecked-error, cuda-x)\n"
                              "a();\n"
                              "// NOLINTEND(cuda-unchecked-error,cuda-x)\n");
  EXPECT_TRUE(Directives.suppresses(2, CheckA));
  EXPECT_FALSE(Directives.suppresses(2, CheckB));
  EXPECT_TRUE(Directives.problems().empty());
}

TEST(NolintTest, RegionEndLines) {
  // clang-tidy covers the bytes between the two keywords: code after a
  // NOLINTBEGIN on its line is inside, code before a NOLINTEND too.
  NolintDirectives Inside("/* NOLINTBEGIN */ a();\n"
                          "b(); // NOLINTEND\n");
  EXPECT_TRUE(Inside.suppresses(1, CheckA));
  EXPECT_TRUE(Inside.suppresses(2, CheckA));

  NolintDirectives Outside("a(); // NOLINTBEGIN\n"
                           "b();\n"
                           "/* NOLINTEND */ c();\n");
  EXPECT_FALSE(Outside.suppresses(1, CheckA));
  EXPECT_TRUE(Outside.suppresses(2, CheckA));
  EXPECT_FALSE(Outside.suppresses(3, CheckA));
}

TEST(NolintTest, NestedRegions) {
  NolintDirectives Directives("// NOLINTBEGIN(cuda-alloc-pointer-arg)\n"
                              "a();\n"
                              "// NOLINTBEGIN(cuda-unchecked-error)\n"
                              "b();\n"
                              "// NOLINTEND(cuda-unchecked-error)\n"
                              "c();\n"
                              "// NOLINTEND(cuda-alloc-pointer-arg)\n");
  EXPECT_TRUE(Directives.suppresses(2, CheckB));
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  EXPECT_TRUE(Directives.suppresses(4, CheckA));
  EXPECT_TRUE(Directives.suppresses(4, CheckB));
  EXPECT_FALSE(Directives.suppresses(6, CheckA));
  EXPECT_TRUE(Directives.suppresses(6, CheckB));
  EXPECT_TRUE(Directives.problems().empty());
}

TEST(NolintTest, UnmatchedBeginIsAProblem) {
  NolintDirectives Directives("a();\n"
                              "// NOLINTBEGIN\n"
                              "b();\n");
  EXPECT_FALSE(Directives.suppresses(3, CheckA));
  ASSERT_EQ(Directives.problems().size(), 1u);
  EXPECT_EQ(Directives.problems()[0],
            "line 2: unmatched 'NOLINTBEGIN' comment without a subsequent "
            "'NOLINTEND' comment");
}

TEST(NolintTest, UnmatchedEndIsAProblem) {
  NolintDirectives Directives("a(); // NOLINTEND\n");
  ASSERT_EQ(Directives.problems().size(), 1u);
  EXPECT_EQ(Directives.problems()[0], "line 1: unmatched 'NOLINTEND' comment without a previous "
                                      "'NOLINTBEGIN' comment");
}

TEST(NolintTest, EndMustNameTheSameChecksAsBegin) {
  NolintDirectives Directives("// NOLINTBEGIN(cuda-unchecked-error)\n"
                              "a();\n"
                              "// NOLINTEND(cuda-alloc-pointer-arg)\n"
                              "// NOLINTEND\n");
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  ASSERT_EQ(Directives.problems().size(), 3u);
  EXPECT_EQ(Directives.problems()[0],
            "line 1: unmatched 'NOLINTBEGIN' comment without a subsequent "
            "'NOLINTEND' comment");
  EXPECT_EQ(Directives.problems()[1], "line 3: unmatched 'NOLINTEND' comment without a previous "
                                      "'NOLINTBEGIN' comment");
  EXPECT_EQ(Directives.problems()[2], "line 4: unmatched 'NOLINTEND' comment without a previous "
                                      "'NOLINTBEGIN' comment");
}

TEST(NolintTest, BeginWithoutChecksIsNotClosedByEndStar) {
  NolintDirectives Directives("// NOLINTBEGIN\n"
                              "a();\n"
                              "// NOLINTEND(*)\n");
  EXPECT_FALSE(Directives.suppresses(2, CheckA));
  EXPECT_EQ(Directives.problems().size(), 2u);
}

TEST(NolintTest, DirectivesAfterTheLastNewline) {
  NolintDirectives Directives("a(); // NOLINT");
  EXPECT_TRUE(Directives.suppresses(1, CheckA));
  NolintDirectives Unterminated("a(); /* NOLINT");
  EXPECT_TRUE(Unterminated.suppresses(1, CheckA));
}

} // namespace
} // namespace cudalint
