// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "config/GlobList.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

TEST(GlobListTest, EmptyListMatchesNothing) {
  GlobList Globs("");
  EXPECT_TRUE(Globs.empty());
  EXPECT_FALSE(Globs.contains("cuda-unchecked-error"));
  EXPECT_TRUE(GlobList(" , ,").empty());
}

TEST(GlobListTest, StarMatchesEverything) {
  GlobList Globs("*");
  EXPECT_FALSE(Globs.empty());
  EXPECT_TRUE(Globs.contains("cuda-unchecked-error"));
  EXPECT_TRUE(Globs.contains("x"));
}

TEST(GlobListTest, WildcardInTheMiddle) {
  GlobList Globs("cuda-*-error");
  EXPECT_TRUE(Globs.contains("cuda-unchecked-error"));
  EXPECT_TRUE(Globs.contains("cuda--error"));
  EXPECT_FALSE(Globs.contains("cuda-unchecked-errors"));
  EXPECT_FALSE(Globs.contains("xcuda-a-error"));
}

TEST(GlobListTest, LastMatchWins) {
  GlobList DisableOne("cuda-*,-cuda-alloc-pointer-arg");
  EXPECT_TRUE(DisableOne.contains("cuda-unchecked-error"));
  EXPECT_FALSE(DisableOne.contains("cuda-alloc-pointer-arg"));

  GlobList ReEnable("-cuda-alloc-pointer-arg,cuda-*");
  EXPECT_TRUE(ReEnable.contains("cuda-alloc-pointer-arg"));

  GlobList OnlyOne("-*,cuda-unchecked-error");
  EXPECT_TRUE(OnlyOne.contains("cuda-unchecked-error"));
  EXPECT_FALSE(OnlyOne.contains("cuda-alloc-pointer-arg"));
}

TEST(GlobListTest, NothingMatchingMeansNotContained) {
  GlobList Globs("cuda-a,cuda-b");
  EXPECT_FALSE(Globs.contains("cuda-c"));
  EXPECT_FALSE(GlobList("-cuda-a").contains("cuda-b"));
}

TEST(GlobListTest, WhitespaceAroundGlobsAndMinusIsIgnored) {
  GlobList Globs("  cuda-* ,  - cuda-b  ");
  EXPECT_TRUE(Globs.contains("cuda-a"));
  EXPECT_FALSE(Globs.contains("cuda-b"));
}

TEST(GlobListTest, NewlinesSeparateLikeCommas) {
  GlobList Globs("-*\ncuda-a\n");
  EXPECT_TRUE(Globs.contains("cuda-a"));
  EXPECT_FALSE(Globs.contains("cuda-b"));
}

TEST(GlobListTest, TrailingAndRepeatedCommasAreHarmless) {
  GlobList Globs("-*,cuda-a,,");
  EXPECT_TRUE(Globs.contains("cuda-a"));
  EXPECT_FALSE(Globs.contains("cuda-b"));
  // A lone '-' negates an empty glob, which matches no check.
  EXPECT_TRUE(GlobList("cuda-a,-").contains("cuda-a"));
}

TEST(GlobListTest, RegexCharactersAreLiteral) {
  EXPECT_FALSE(GlobList("cuda.a").contains("cudaXa"));
  EXPECT_TRUE(GlobList("cuda.a").contains("cuda.a"));
  EXPECT_TRUE(GlobList("a+b(c)[d]{e}|^$?\\").contains("a+b(c)[d]{e}|^$?\\"));
  EXPECT_FALSE(GlobList("a+b").contains("aab"));
}

TEST(GlobListTest, MatchIsWholeName) {
  EXPECT_FALSE(GlobList("cuda").contains("cuda-a"));
  EXPECT_FALSE(GlobList("a").contains("cuda-a"));
  EXPECT_TRUE(GlobList("*a").contains("cuda-a"));
}

} // namespace
} // namespace cudalint
