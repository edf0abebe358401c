// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The CI features' pieces: the shard split, reading reports back for
// --merge, and the result cache's entries.
#include "database/Shard.h"
#include "report/ReportMerge.h"
#include "run/ResultCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

namespace cudalint {
namespace {

// ------------------------------------------------------------------ shards

TEST(ShardTest, ParsesOneBasedIndexOfCount) {
  llvm::Expected<Shard> Part = parseShard("2/3");
  ASSERT_TRUE(bool(Part));
  EXPECT_EQ(Part->Index, 2u);
  EXPECT_EQ(Part->Count, 3u);
  for (const char *Bad : {"0/3", "4/3", "1/0", "3", "a/b", "1/2/3", "", "/", "-1/2"}) {
    llvm::Expected<Shard> Rejected = parseShard(Bad);
    ASSERT_FALSE(bool(Rejected)) << Bad;
    EXPECT_NE(llvm::toString(Rejected.takeError()).find("--shard expects <i>/<N>"),
              std::string::npos);
  }
}

std::set<std::string> filesOfShard(const std::vector<std::string> &Files, unsigned Index,
                                   unsigned Count) {
  std::set<std::string> Chosen;
  for (size_t Position : unitsOfShard(Files, {Index, Count}))
    Chosen.insert(Files[Position]);
  return Chosen;
}

TEST(ShardTest, SplitDependsOnPathsNotOrder) {
  std::vector<std::string> Files = {"/p/e.cu", "/p/a.cu", "/p/c.cu", "/p/a.cu",
                                    "/p/d.cu", "/p/b.cu", "/p/f.cu"};
  std::vector<std::string> Reversed(Files.rbegin(), Files.rend());
  std::set<std::string> Seen;
  size_t Units = 0;
  for (unsigned Index = 1; Index <= 3; ++Index) {
    std::set<std::string> Chosen = filesOfShard(Files, Index, 3);
    EXPECT_EQ(Chosen, filesOfShard(Reversed, Index, 3)) << "shard " << Index;
    for (const std::string &File : Chosen)
      EXPECT_TRUE(Seen.insert(File).second) << File << " in two shards";
    Units += unitsOfShard(Files, {Index, 3}).size();
  }
  EXPECT_EQ(Seen.size(), 6u);
  EXPECT_EQ(Units, Files.size()); // both configurations of a.cu, in one shard
  // Sorted a..f: a, d to shard 1; b, e to 2; c, f to 3.
  EXPECT_EQ(filesOfShard(Files, 1, 3), (std::set<std::string>{"/p/a.cu", "/p/d.cu"}));
  EXPECT_EQ(unitsOfShard(Files, {1, 3}), (std::vector<size_t>{1, 3, 4}));
}

// ----------------------------------------------------------- reading back

// Findings that exercise what SARIF changes on the way: a UTF-8 line (UTF-16
// columns), the first column (no context region), notes and path steps,
// fix-its, a problem, paths in and outside the source root.
RunReport sampleReport() {
  RunReport Report;
  Report.ToolVersion = CUDALINT_VERSION;
  Finding Wide;
  Wide.CheckId = "cuda-unchecked-error";
  const std::string Line = "  /* \xC3\xA9\xF0\x9D\x84\x9E */ cudaFree(p);";
  Wide.Where = SourcePoint{"/src/dir/a b.cu", 7, 16, Line};
  Wide.Message = "the cudaError_t returned by 'cudaFree' is discarded";
  Wide.Notes.push_back({SourcePoint{"/src/dir/a b.cu", 3, 9, "  void *p;"}, "declared here"});
  FixIt Fix;
  Fix.File = "/src/dir/a b.cu";
  Fix.Offset = 120;
  Fix.Replacement = "(void)";
  Wide.Fixes.push_back(Fix);
  Report.Findings.push_back(Wide);

  Finding First;
  First.CheckId = "cudalint-nolint";
  First.Level = Severity::Error;
  First.Where = SourcePoint{"/src/dir/a b.cu", 2, 1, "// NOLINTBEGIN"};
  First.Message = "unmatched 'NOLINTBEGIN'";
  Report.Findings.push_back(First);

  Finding Leak;
  Leak.CheckId = "cuda-memory-leak";
  Leak.Where = SourcePoint{"/elsewhere/inc.cuh", 40, 3, "  return;"};
  Leak.Message = "memory allocated by cudaMalloc is never released";
  Leak.Notes.push_back({SourcePoint{"/elsewhere/inc.cuh", 30, 3, "  cudaMalloc(&d, n);"},
                        "allocated here", /*PathStep=*/true});
  Leak.Notes.push_back({SourcePoint{"/elsewhere/inc.cuh", 35, 7, "  if (n) {"},
                        "taking the true branch", /*PathStep=*/true});
  Report.Findings.push_back(Leak);
  std::sort(Report.Findings.begin(), Report.Findings.end());

  Report.Problems.push_back({"/src/dir/broken.cu", "could not analyse '/src/dir/broken.cu'"});
  Report.Units = {"/src/dir/a b.cu", "/src/dir/broken.cu"};
  return Report;
}

OutputOptions sampleOptions() {
  OutputOptions Options;
  Options.SourceRoot = "/src";
  for (const CheckDescription &Check : registeredChecks())
    Options.Rules.push_back(&Check);
  return Options;
}

std::string written(const RunReport &Report, const OutputOptions &Options, ReportFormat Format) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (Format == ReportFormat::Sarif)
    writeSarif(OS, Report, Options);
  else
    writeJson(OS, Report, Options);
  return Out;
}

TEST(ReportMergeTest, SarifReadsBackToTheSameBytes) {
  OutputOptions Options = sampleOptions();
  std::string Original = written(sampleReport(), Options, ReportFormat::Sarif);
  llvm::Expected<ReadReport> Read = readReport(Original);
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(Read->Format, ReportFormat::Sarif);
  EXPECT_EQ(Read->SourceRoot, "/src/");
  EXPECT_EQ(Read->Report.Units, sampleReport().Units);
  ASSERT_EQ(Read->Report.Findings.size(), 3u);
  // Byte column 16 was written as UTF-16 column 13, and is byte 16 again.
  EXPECT_NE(Original.find("\"startColumn\": 13"), std::string::npos);
  EXPECT_EQ(Read->Report.Findings[2].Where.Column, 16u);
  // From the first column the snippet is the whole line: no context region
  // (SARIF1008), and the line is read from the region's snippet.
  size_t Contexts = 0;
  for (size_t At = Original.find("contextRegion"); At != std::string::npos;
       At = Original.find("contextRegion", At + 1))
    ++Contexts;
  EXPECT_EQ(Contexts, 2u);
  OutputOptions Again;
  Again.SourceRoot = Read->SourceRoot;
  for (const CheckDescription &Check : registeredChecks())
    if (std::count(Read->RuleIds.begin(), Read->RuleIds.end(), Check.Id.str()))
      Again.Rules.push_back(&Check);
  EXPECT_EQ(written(Read->Report, Again, ReportFormat::Sarif), Original);
}

TEST(ReportMergeTest, JsonReadsBackToTheSameBytes) {
  OutputOptions Options = sampleOptions();
  std::string Original = written(sampleReport(), Options, ReportFormat::Json);
  llvm::Expected<ReadReport> Read = readReport(Original);
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(Read->Format, ReportFormat::Json);
  EXPECT_EQ(written(Read->Report, Options, ReportFormat::Json), Original);
}

TEST(ReportMergeTest, RejectsWhatCudalintDidNotWrite) {
  for (const char *Text : {"", "[1]", "{\"runs\": []}", "{\"version\": 2, \"findings\": []}",
                           "{\"runs\": [{\"tool\": {\"driver\": {\"name\": \"other\"}}}]}"}) {
    llvm::Expected<ReadReport> Read = readReport(Text);
    ASSERT_FALSE(bool(Read)) << Text;
    EXPECT_NE(llvm::toString(Read.takeError()).find("not a report cudalint wrote"),
              std::string::npos);
  }
}

TEST(ReportMergeTest, ProblemsSortStablyByFileWithoutRepeats) {
  std::vector<RunProblem> Problems = {{"/db.json", "entry 3: no 'file'"},
                                      {"/b.cu", "could not analyse b"},
                                      {"/db.json", "entry 10: no 'file'"},
                                      {"/a.cu", "could not analyse a"},
                                      {"/db.json", "entry 3: no 'file'"}};
  sortProblems(Problems);
  ASSERT_EQ(Problems.size(), 4u);
  EXPECT_EQ(Problems[0].File, "/a.cu");
  EXPECT_EQ(Problems[1].File, "/b.cu");
  EXPECT_EQ(Problems[2].Message, "entry 3: no 'file'");
  EXPECT_EQ(Problems[3].Message, "entry 10: no 'file'");
}

// ------------------------------------------------------------ result cache

class ResultCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-cache-test", Root));
    Header = (Root + "/kernel.cuh").str();
    write(Header, "#pragma once\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  static void write(const std::string &Path, const std::string &Text) {
    std::ofstream(Path, std::ios::binary) << Text;
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> Found;
    std::error_code Error;
    for (llvm::sys::fs::recursive_directory_iterator It((Root + "/cache").str(), Error), End;
         It != End && !Error; It.increment(Error))
      if (It->type() == llvm::sys::fs::file_type::regular_file)
        Found.push_back(It->path());
    return Found;
  }
  UnitOutcome outcome() const {
    UnitOutcome Outcome;
    Outcome.File = "/src/a.cu";
    Outcome.FilesRead = {{Header, contentDigest("#pragma once\n")}};
    RunReport Report = sampleReport();
    Outcome.Findings = Report.Findings;
    Outcome.Findings[0].Fixes.push_back({});
    return Outcome;
  }

  llvm::SmallString<256> Root;
  std::string Header;
  AnalysisOptions Options;
  std::vector<std::string> Arguments = {"clang++", "-x", "cuda", "/src/a.cu"};
};

std::string asJson(const UnitOutcome &Outcome) {
  RunReport Report;
  Report.Findings = Outcome.Findings;
  return written(Report, OutputOptions(), ReportFormat::Json);
}

TEST_F(ResultCacheTest, StoredOutcomeComesBackWhileFilesAreUnchanged) {
  ResultCache Cache((Root + "/cache").str());
  std::string Key = Cache.keyOf(Arguments, "/src", Options);
  EXPECT_FALSE(Cache.lookup(Key));
  ASSERT_TRUE(Cache.store(Key, outcome()));
  std::vector<std::string> Stored = entries();
  ASSERT_EQ(Stored.size(), 1u); // no temporary file left beside it
  std::optional<UnitOutcome> Found = Cache.lookup(Key);
  ASSERT_TRUE(Found);
  EXPECT_EQ(asJson(*Found), asJson(outcome()));
  EXPECT_EQ(Found->Findings[0].Where.LineText, outcome().Findings[0].Where.LineText);
  EXPECT_EQ(Found->FilesRead.size(), 1u);

  write(Header, "#pragma once\n#define CHANGED\n");
  EXPECT_FALSE(Cache.lookup(Key));
  EXPECT_TRUE(Cache.read(Key)); // still there, for diff mode's file list
}

TEST_F(ResultCacheTest, KeyCoversCommandDirectoryAndOptions) {
  ResultCache Cache((Root + "/cache").str());
  std::string Key = Cache.keyOf(Arguments, "/src", Options);
  EXPECT_EQ(Key, ResultCache((Root + "/cache").str()).keyOf(Arguments, "/src", Options));
  std::vector<std::string> Flagged = Arguments;
  Flagged.insert(Flagged.begin() + 1, "-DX=1");
  EXPECT_NE(Key, Cache.keyOf(Flagged, "/src", Options));
  EXPECT_NE(Key, Cache.keyOf(Arguments, "/elsewhere", Options));
  AnalysisOptions Optioned;
  Optioned.CheckOptions["cuda-unchecked-error.CheckMacro"] = "CHECK";
  EXPECT_NE(Key, Cache.keyOf(Arguments, "/src", Optioned));
  AnalysisOptions OneCheck;
  OneCheck.Checks.push_back(&registeredChecks().front());
  EXPECT_NE(Key, Cache.keyOf(Arguments, "/src", OneCheck));
}

TEST_F(ResultCacheTest, CorruptEntriesAreIgnored) {
  ResultCache Cache((Root + "/cache").str());
  std::string Key = Cache.keyOf(Arguments, "/src", Options);
  ASSERT_TRUE(Cache.store(Key, outcome()));
  std::string Entry = entries().front();
  std::string Whole = llvm::MemoryBuffer::getFile(Entry).get()->getBuffer().str();
  // Truncated anywhere, or one byte flipped anywhere: never read back.
  for (size_t Size = 0; Size < Whole.size(); Size += 7) {
    write(Entry, Whole.substr(0, Size));
    EXPECT_FALSE(Cache.lookup(Key)) << "truncated to " << Size;
  }
  for (size_t At = 0; At < Whole.size(); At += 5) {
    std::string Flipped = Whole;
    Flipped[At] ^= 0x20;
    write(Entry, Flipped);
    EXPECT_FALSE(Cache.lookup(Key)) << "byte " << At << " flipped";
  }
  EXPECT_GT(Cache.corrupt(), 0u);
  write(Entry, Whole);
  EXPECT_TRUE(Cache.lookup(Key));
}

TEST_F(ResultCacheTest, FailedUnitsAreNotStored) {
  ResultCache Cache((Root + "/cache").str());
  std::string Key = Cache.keyOf(Arguments, "/src", Options);
  UnitOutcome Failed = outcome();
  Failed.Failed = true;
  Failed.Errors = {"a.cu:1:10: fatal error: 'missing.h' file not found"};
  EXPECT_TRUE(Cache.store(Key, Failed));
  EXPECT_TRUE(entries().empty());
}

} // namespace
} // namespace cudalint
