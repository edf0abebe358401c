// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/Fixes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fstream>

#include <unistd.h>

namespace cudalint {
namespace {

FixIt edit(unsigned Offset, unsigned Length, const std::string &Text,
           const std::string &File = "/a.cu") {
  FixIt Edit;
  Edit.File = File;
  Edit.Offset = Offset;
  Edit.Length = Length;
  Edit.Replacement = Text;
  return Edit;
}

// An edit as a check makes it: with the line and column the analysis saw.
FixIt editAt(llvm::StringRef Text, unsigned Line, unsigned Column, unsigned Length,
             const std::string &Replacement, const std::string &File) {
  FixIt Edit = edit(*offsetOf(Text, Line, Column), Length, Replacement, File);
  Edit.Begin.File = File;
  Edit.Begin.Line = Line;
  Edit.Begin.Column = Column;
  llvm::StringRef Rest = Text.drop_front(*offsetOf(Text, Line, 1));
  Edit.Begin.LineText = Rest.take_until([](char C) { return C == '\n'; }).str();
  return Edit;
}

TEST(FixesTest, Overlaps) {
  EXPECT_FALSE(editsOverlap(edit(5, 0, "&"), edit(5, 0, "&"))); // the same edit
  EXPECT_TRUE(editsOverlap(edit(5, 0, "&"), edit(5, 0, "*")));  // order unknown
  EXPECT_FALSE(editsOverlap(edit(5, 0, "&"), edit(6, 0, "&")));
  EXPECT_TRUE(editsOverlap(edit(5, 0, "&"), edit(3, 4, "x")));  // inside
  EXPECT_FALSE(editsOverlap(edit(3, 0, "&"), edit(3, 4, "x"))); // at its start
  EXPECT_FALSE(editsOverlap(edit(7, 0, "&"), edit(3, 4, "x"))); // at its end
  EXPECT_TRUE(editsOverlap(edit(3, 4, "x"), edit(6, 2, "y")));
  EXPECT_FALSE(editsOverlap(edit(3, 4, "x"), edit(7, 2, "y")));
  EXPECT_FALSE(editsOverlap(edit(5, 0, "&", "/a.cu"), edit(5, 0, "*", "/b.cu")));
}

TEST(FixesTest, PlanRefusesOverlappingCandidatesAsAWhole) {
  std::vector<FixCandidate> Candidates = {
      {nullptr, {edit(10, 0, "CHECK("), edit(20, 0, ")")}},
      {nullptr, {edit(15, 0, "&")}},                        // between: fine
      {nullptr, {edit(10, 0, "OTHER("), edit(20, 0, ")")}}, // conflicts at 10
      {nullptr, {edit(15, 0, "&")}},                        // same as accepted
      {nullptr, {edit(30, 0, "&"), edit(40, 0, "&", "/b.cu")}},
      {nullptr, {edit(50, 2, "x"), edit(51, 0, "y")}}, // overlaps itself
      {nullptr, {}},
  };
  FixPlan Plan = planFixes(Candidates);
  EXPECT_EQ(Plan.Accepted, (std::vector<size_t>{0, 1, 3, 4}));
  EXPECT_EQ(Plan.Conflicting, (std::vector<size_t>{2, 5}));
  ASSERT_EQ(Plan.Files.size(), 2u);
  EXPECT_EQ(Plan.Files[0].File, "/a.cu");
  std::vector<unsigned> Offsets;
  for (const FixIt &Edit : Plan.Files[0].Edits)
    Offsets.push_back(Edit.Offset);
  EXPECT_EQ(Offsets, (std::vector<unsigned>{10, 15, 20, 30}));
  EXPECT_EQ(Plan.Files[0].Candidates, (std::vector<size_t>{0, 1, 3, 4}));
  EXPECT_EQ(Plan.Files[1].File, "/b.cu");
  EXPECT_EQ(Plan.Files[1].Candidates, (std::vector<size_t>{4}));
}

TEST(FixesTest, EditedTextAndOffsets) {
  std::string Text = "int a;\n  cudaFree(p);\n";
  std::vector<FixIt> Edits = {edit(9, 0, "CHECK("), edit(20, 0, ")")};
  EXPECT_EQ(editedText(Text, Edits), "int a;\n  CHECK(cudaFree(p));\n");
  EXPECT_EQ(editedText(Text, {edit(40, 0, "x")}), std::nullopt);
  EXPECT_EQ(offsetOf(Text, 2, 3), 9u);
  EXPECT_EQ(offsetOf(Text, 1, 1), 0u);
  EXPECT_EQ(offsetOf(Text, 9, 1), std::nullopt);
  EXPECT_EQ(lineOf(Text, 9), 2u);
  EXPECT_EQ(offsetAfterEdits(9, Edits), 15u); // the call moved behind CHECK(
  EXPECT_EQ(offsetAfterEdits(3, Edits), 3u);
  EXPECT_EQ(offsetAfterEdits(21, Edits), 28u);
  EXPECT_EQ(offsetAfterEdits(12, {edit(10, 5, "")}), 10u); // inside a removal
}

// A scratch directory, removed when the test ends.
class FixFilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-fixes-test", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name);
    std::ofstream(std::string(Path), std::ios::binary) << Text.str();
    return std::string(Path);
  }
  static std::string read(llvm::StringRef Path) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
  }
  std::vector<std::string> entries() {
    std::vector<std::string> Names;
    std::error_code Error;
    for (llvm::sys::fs::directory_iterator It(Dir, Error), End; It != End && !Error;
         It.increment(Error))
      Names.push_back(llvm::sys::path::filename(It->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }

  llvm::SmallString<256> Dir;
};

const char *const Source = "void f(void *p) {\n  cudaFree(p);\n}\n";

TEST_F(FixFilesTest, AppliesByRenamingAndKeepsPermissions) {
  std::string Path = write("a.cu", Source);
  ASSERT_FALSE(llvm::sys::fs::setPermissions(
      Path, llvm::sys::fs::owner_read | llvm::sys::fs::owner_write | llvm::sys::fs::group_read));
  llvm::sys::fs::UniqueID Before;
  ASSERT_FALSE(llvm::sys::fs::getUniqueID(Path, Before));
  std::vector<FixIt> Edits = {editAt(Source, 2, 3, 0, "CHECK(", Path),
                              editAt(Source, 2, 14, 0, ")", Path)};
  FileFixResult Result = applyFileFixes(Path, Source, Edits);
  ASSERT_EQ(Result.Outcome, FixOutcome::Applied) << Result.Message;
  EXPECT_EQ(read(Path), "void f(void *p) {\n  CHECK(cudaFree(p));\n}\n");
  EXPECT_EQ(Result.NewText, read(Path));
  // A new file took the old one's name: readers never see half a file.
  llvm::sys::fs::UniqueID After;
  ASSERT_FALSE(llvm::sys::fs::getUniqueID(Path, After));
  EXPECT_NE(Before, After);
  EXPECT_EQ(*llvm::sys::fs::getPermissions(Path),
            llvm::sys::fs::owner_read | llvm::sys::fs::owner_write | llvm::sys::fs::group_read);
  EXPECT_EQ(entries(), (std::vector<std::string>{"a.cu"})); // no temporary left
}

TEST_F(FixFilesTest, RefusesAFileThatChangedSinceItWasRead) {
  std::string Path = write("a.cu", Source);
  std::vector<FixIt> Edits = {editAt(Source, 2, 3, 0, "CHECK(", Path),
                              editAt(Source, 2, 14, 0, ")", Path)};
  // Someone saves the file after cudalint read it.
  std::string Edited = std::string("// a new first line\n") + Source;
  write("a.cu", Edited);
  FileFixResult Result = applyFileFixes(Path, Source, Edits);
  EXPECT_EQ(Result.Outcome, FixOutcome::ChangedSinceRead);
  EXPECT_EQ(Result.Message, "it changed after cudalint read it");
  EXPECT_EQ(read(Path), Edited);

  // The same guard holds at the last moment, just before the rename.
  llvm::Error Late = replaceFileContents(Path, Source, "replaced");
  ASSERT_TRUE(bool(Late));
  EXPECT_EQ(llvm::toString(std::move(Late)), "it changed after cudalint read it");
  EXPECT_EQ(read(Path), Edited);
  EXPECT_EQ(entries(), (std::vector<std::string>{"a.cu"}));
}

TEST_F(FixFilesTest, RefusesEditsThatDoNotMatchTheTextRead) {
  // The analysis saw another text than the one read for fixing (the file
  // was saved while clang parsed it): the recorded line differs.
  std::string Path = write("a.cu", Source);
  std::string Other = "void f(void *p) {\n  cudaFree(q);\n}\n";
  std::vector<FixIt> Edits = {editAt(Other, 2, 3, 0, "CHECK(", Path)};
  Edits[0].Begin.LineText = "  cudaFree(q);";
  FileFixResult Result = applyFileFixes(Path, Source, Edits);
  EXPECT_EQ(Result.Outcome, FixOutcome::Stale);
  EXPECT_EQ(read(Path), Source);
  std::string Why;
  EXPECT_FALSE(editsMatchText(Source, Edits, Why));
  EXPECT_EQ(Why, "line 2 is not the text the analysis read");
  EXPECT_FALSE(editsMatchText(Source, {edit(200, 0, "x", Path)}, Why));
}

TEST_F(FixFilesTest, LeavesAReadOnlyFileAlone) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "root may write any file";
  std::string Path = write("a.cu", Source);
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Path, llvm::sys::fs::owner_read));
  FileFixResult Result = applyFileFixes(Path, Source, {editAt(Source, 2, 3, 0, "CHECK(", Path)});
  EXPECT_EQ(Result.Outcome, FixOutcome::Failed);
  EXPECT_EQ(Result.Message, "it is not writable");
  EXPECT_EQ(read(Path), Source);
}

TEST_F(FixFilesTest, WritesThroughASymbolicLink) {
  std::string Target = write("real.cu", Source);
  llvm::SmallString<256> Link(Dir);
  llvm::sys::path::append(Link, "link.cu");
  ASSERT_FALSE(llvm::sys::fs::create_link(Target, Link));
  std::vector<FixIt> Edits = {editAt(Source, 2, 3, 0, "CHECK(", std::string(Link)),
                              editAt(Source, 2, 14, 0, ")", std::string(Link))};
  FileFixResult Result = applyFileFixes(Link, Source, Edits);
  ASSERT_EQ(Result.Outcome, FixOutcome::Applied) << Result.Message;
  EXPECT_TRUE(llvm::sys::fs::is_symlink_file(Link));
  EXPECT_EQ(read(Target), "void f(void *p) {\n  CHECK(cudaFree(p));\n}\n");
}

TEST_F(FixFilesTest, SourceTextsKeepTheFirstRead) {
  std::string Path = write("a.cu", Source);
  SourceTexts Texts;
  ASSERT_TRUE(Texts.text(Path));
  write("a.cu", "changed");
  EXPECT_EQ(*Texts.text(Path), Source);
  EXPECT_EQ(Texts.text(Path + ".missing"), nullptr);
}

TEST_F(FixFilesTest, ExportsClangTidyYaml) {
  std::string Path = write("a.cu", Source);
  Finding Found;
  Found.CheckId = "cuda-unchecked-error";
  Found.Message = "it's discarded";
  Found.Where = {Path, 2, 3, "  cudaFree(p);"};
  Found.Notes.push_back({{Path, 2, 3, "  cudaFree(p);"}, "a note"});
  Found.Fixes = {editAt(Source, 2, 3, 0, "CHECK(", Path), editAt(Source, 2, 14, 0, ")", Path)};
  SourceTexts Texts;
  std::string Yaml;
  llvm::raw_string_ostream OS(Yaml);
  std::vector<ExportedFinding> Exported = {{&Found, "/build"}};
  writeExportedFixes(OS, Path, Exported, Texts);
  for (const std::string &Needle :
       {"MainSourceFile:  '" + Path + "'", std::string("DiagnosticName:  cuda-unchecked-error"),
        std::string("Message:         'it''s discarded'"), std::string("FileOffset:      20"),
        std::string("Offset:          20"), std::string("ReplacementText: 'CHECK('"),
        std::string("Offset:          31"), std::string("Level:           Warning"),
        std::string("BuildDirectory:  '/build'"), std::string("Message:         a note")})
    EXPECT_NE(Yaml.find(Needle), std::string::npos) << Needle << "\n" << Yaml;
}

} // namespace
} // namespace cudalint
