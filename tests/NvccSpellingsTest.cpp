// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/NvccSpellings.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

std::string joined(llvm::StringRef Text) {
  return joinSpacedLaunchChevrons(Text).value_or("<unchanged>");
}

TEST(NvccSpellingsTest, JoinsTheSpacedChevronsOfALaunch) {
  EXPECT_EQ(joined("k << <grid, block, 0, stream >> >(x, n);"),
            "k <<< grid, block, 0, stream >>> (x, n);");
  // darknet's spelling, with arguments that hold brackets and shifts.
  EXPECT_EQ(joined("f << <cuda_gridsize(n), BLOCK >> >(n, a[i >> 1], (n >> 2));"),
            "f <<< cuda_gridsize(n), BLOCK >>> (n, a[i >> 1], (n >> 2));");
  EXPECT_EQ(joined("k<T> <<\n  <g, b >>\n  >(x);"), "k<T> <<<\n  g, b >>>\n  (x);");
  // A launch whose closing chevrons are already joined.
  EXPECT_EQ(joined("k << <g, b>>>(x);"), "k <<< g, b>>>(x);");
}

TEST(NvccSpellingsTest, KeepsEveryLineAndLength) {
  std::string Text = "void f() {\n  k << <1,   1 >>   >();\n}\n";
  std::string Joined = joined(Text);
  EXPECT_EQ(Joined.size(), Text.size());
  EXPECT_EQ(llvm::count(Joined, '\n'), llvm::count(Text, '\n'));
  EXPECT_EQ(Joined, "void f() {\n  k <<< 1,   1 >>>   ();\n}\n");
}

TEST(NvccSpellingsTest, LeavesWhatIsNotALaunchAlone) {
  // A specialisation of operator<<, a friend declaration's usual spelling.
  EXPECT_FALSE(joinSpacedLaunchChevrons(
      "friend std::ostream &operator<< <T>(std::ostream &, const Box<T> &);"));
  // Templates closed with spaces; shifts; joined launches; comments and strings.
  EXPECT_FALSE(joinSpacedLaunchChevrons("std::vector<std::vector<int>> > v; x = a << b;"));
  EXPECT_FALSE(joinSpacedLaunchChevrons("k<<<g, b>>>(x); y = n << 2 < m;"));
  EXPECT_FALSE(joinSpacedLaunchChevrons("// k << <g, b >> >(x);\nconst char *s = \"<< <\";"));
  // No closing chevrons before the statement ends: not nvcc's launch either.
  EXPECT_FALSE(joinSpacedLaunchChevrons("a << <b;"));
}

TEST(NvccSpellingsTest, FilesAreReadJoined) {
  auto Files = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Files->addFile("/p/k.cu", 0, llvm::MemoryBuffer::getMemBuffer("k << <1, 1 >> >();\n"));
  Files->addFile("/p/plain.cu", 0, llvm::MemoryBuffer::getMemBuffer("k<<<1, 1>>>();\n"));
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Nvcc = readingAsNvcc(Files);

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Launch = Nvcc->getBufferForFile("/p/k.cu");
  ASSERT_TRUE(Launch);
  EXPECT_EQ((*Launch)->getBuffer(), "k <<< 1, 1 >>> ();\n");
  EXPECT_EQ((*Launch)->getBufferIdentifier(), "/p/k.cu");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Plain = Nvcc->getBufferForFile("/p/plain.cu");
  ASSERT_TRUE(Plain);
  EXPECT_EQ((*Plain)->getBuffer(), "k<<<1, 1>>>();\n");
  EXPECT_EQ(Nvcc->status("/p/k.cu")->getSize(), 19u);
}

} // namespace
