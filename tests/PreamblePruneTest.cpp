// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The preamble directory's units' PCHs are pruned least recently used first,
// down to the budget, sparing the shared PCHs and any PCH used moments ago.
#include "run/Preamble.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

namespace cudalint {
namespace {

class PreamblePruneTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-prune", Directory));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Directory); }

  // A file of `Size` bytes last used `MinutesAgo` minutes ago.
  std::string write(llvm::StringRef Name, size_t Size, int MinutesAgo) {
    llvm::SmallString<256> Path(Directory);
    llvm::sys::path::append(Path, Name);
    std::error_code Error;
    {
      llvm::raw_fd_ostream OS(Path, Error);
      EXPECT_FALSE(Error);
      OS << std::string(Size, 'p');
    }
    int Descriptor;
    EXPECT_FALSE(llvm::sys::fs::openFileForWrite(Path, Descriptor, llvm::sys::fs::CD_OpenExisting,
                                                 llvm::sys::fs::OF_Append));
    auto When = std::chrono::system_clock::now() - std::chrono::minutes(MinutesAgo);
    EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
        Descriptor, std::chrono::time_point_cast<std::chrono::nanoseconds>(When)));
    llvm::sys::Process::SafelyCloseFileDescriptor(Descriptor);
    return std::string(Path);
  }

  llvm::SmallString<256> Directory;
};

TEST_F(PreamblePruneTest, LeastRecentlyUsedUnitPreamblesGoFirst) {
  std::string Oldest = write("a.unit.pch", 1000, 60);
  std::string OldestList = write("a.unit.pch.files", 10, 60);
  std::string Older = write("b.unit.pch", 1000, 30);
  std::string Newer = write("c.unit.pch", 1000, 20);
  std::string Shared = write("d.pch", 5000, 90);
  prunePreambles(Directory, 2500);
  EXPECT_FALSE(llvm::sys::fs::exists(Oldest));
  EXPECT_FALSE(llvm::sys::fs::exists(OldestList));
  EXPECT_TRUE(llvm::sys::fs::exists(Older)) << "within the budget once the oldest went";
  EXPECT_TRUE(llvm::sys::fs::exists(Newer));
  EXPECT_TRUE(llvm::sys::fs::exists(Shared)) << "a shared PCH is not a unit's";
}

TEST_F(PreamblePruneTest, WithinBudgetOrJustUsedStays) {
  std::string Old = write("a.unit.pch", 1000, 60);
  prunePreambles(Directory, 1000);
  EXPECT_TRUE(llvm::sys::fs::exists(Old)) << "within the budget";
  std::string JustUsed = write("b.unit.pch", 1000, 1);
  prunePreambles(Directory, 0);
  EXPECT_FALSE(llvm::sys::fs::exists(Old));
  EXPECT_TRUE(llvm::sys::fs::exists(JustUsed)) << "a worker may be about to load it";
}

} // namespace
} // namespace cudalint
