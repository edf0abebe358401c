// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Incremental sync: an editor's range edits applied to the buffer cudalint
// analyses, with positions in UTF-16 code units.
#include "frontends/lsp/TextEdits.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

TextChange replace(unsigned StartLine, unsigned StartCharacter, unsigned EndLine,
                   unsigned EndCharacter, std::string Text) {
  return TextChange{
      std::make_pair(TextPosition{StartLine, StartCharacter}, TextPosition{EndLine, EndCharacter}),
      std::move(Text)};
}

TEST(TextEditsTest, WholeTextReplacesTheBuffer) {
  std::string Text = "old\n";
  EXPECT_TRUE(applyTextChange(Text, TextChange{std::nullopt, "new\ntext\n"}));
  EXPECT_EQ(Text, "new\ntext\n");
}

TEST(TextEditsTest, InsertsDeletesAndReplacesWithinAndAcrossLines) {
  std::string Text = "cudaMalloc(d, n);\nkernel<<<1, 1>>>();\n";
  EXPECT_TRUE(applyTextChange(Text, replace(0, 11, 0, 11, "&")));
  EXPECT_EQ(Text, "cudaMalloc(&d, n);\nkernel<<<1, 1>>>();\n");
  EXPECT_TRUE(applyTextChange(Text, replace(0, 18, 1, 0, "\nint x;\n")));
  EXPECT_EQ(Text, "cudaMalloc(&d, n);\nint x;\nkernel<<<1, 1>>>();\n");
  EXPECT_TRUE(applyTextChange(Text, replace(1, 0, 2, 0, "")));
  EXPECT_EQ(Text, "cudaMalloc(&d, n);\nkernel<<<1, 1>>>();\n");
}

TEST(TextEditsTest, AppendsAfterTheLastNewline) {
  std::string Text = "a\n";
  EXPECT_TRUE(applyTextChange(Text, replace(1, 0, 1, 0, "b\n")));
  EXPECT_EQ(Text, "a\nb\n");
}

TEST(TextEditsTest, CountsUtf16CodeUnits) {
  // 'π' is one UTF-16 unit (two UTF-8 bytes), '𝜋' two (four bytes).
  std::string Text = "/* π𝜋 */ x\n";
  EXPECT_EQ(byteOffsetOf(Text, {0, 4}), 5u); // after "/* π"
  EXPECT_EQ(byteOffsetOf(Text, {0, 6}), 9u); // after "/* π𝜋"
  EXPECT_TRUE(applyTextChange(Text, replace(0, 10, 0, 11, "y")));
  EXPECT_EQ(Text, "/* π𝜋 */ y\n");
}

TEST(TextEditsTest, ACharacterPastTheLineEndMeansTheLineEnd) {
  std::string Text = "ab\ncd\n";
  EXPECT_EQ(byteOffsetOf(Text, {0, 99}), 2u);
  EXPECT_TRUE(applyTextChange(Text, replace(0, 99, 0, 99, "!")));
  EXPECT_EQ(Text, "ab!\ncd\n");
}

TEST(TextEditsTest, RangesOutsideTheTextChangeNothing) {
  std::string Text = "ab\ncd\n";
  EXPECT_EQ(byteOffsetOf(Text, {3, 0}), std::nullopt);
  EXPECT_FALSE(applyTextChange(Text, replace(5, 0, 5, 1, "x")));
  EXPECT_FALSE(applyTextChange(Text, replace(1, 1, 0, 1, "x"))); // ends before it starts
  EXPECT_EQ(Text, "ab\ncd\n");
}

} // namespace
} // namespace cudalint
