// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/Baseline.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

Finding finding(const std::string &File, unsigned Line, const std::string &Code,
                const std::string &Check = "cuda-unchecked-error",
                const std::string &Message = "the status is discarded") {
  Finding Found;
  Found.CheckId = Check;
  Found.Message = Message;
  Found.Where.File = File;
  Found.Where.Line = Line;
  Found.Where.Column = 3;
  Found.Where.LineText = Code;
  return Found;
}

std::set<Fingerprint> baselineOf(const std::vector<Finding> &Findings) {
  std::vector<Fingerprint> Prints = fingerprints(Findings, "/project");
  return {Prints.begin(), Prints.end()};
}

TEST(BaselineTest, RelativePaths) {
  EXPECT_EQ(relativePath("/project/src/a.cu", "/project"), "src/a.cu");
  EXPECT_EQ(relativePath("/project/a.cu", "/project/ci"), "../a.cu");
  EXPECT_EQ(relativePath("/other/b.cu", "/project/ci"), "../../other/b.cu");
  EXPECT_EQ(relativePath("/project/a.cu", "/project/"), "a.cu");
}

TEST(BaselineTest, FingerprintHasNoLineNumberAndATrimmedLine) {
  std::vector<Fingerprint> Prints =
      fingerprints({finding("/project/src/a.cu", 12, "    cudaFree(p);  ")}, "/project");
  ASSERT_EQ(Prints.size(), 1u);
  EXPECT_EQ(Prints[0].File, "src/a.cu");
  EXPECT_EQ(Prints[0].Code, "cudaFree(p);");
  EXPECT_EQ(Prints[0].Occurrence, 0u);
  // The same finding forty lines further down has the same fingerprint.
  EXPECT_EQ(fingerprints({finding("/project/src/a.cu", 52, "cudaFree(p);")}, "/project"), Prints);
}

TEST(BaselineTest, IdenticalLinesAreCountedPerFile) {
  std::vector<Fingerprint> Prints = fingerprints(
      {finding("/project/a.cu", 3, "cudaFree(p);"), finding("/project/a.cu", 9, "cudaFree(q);"),
       finding("/project/a.cu", 20, "cudaFree(p);"), finding("/project/b.cu", 4, "cudaFree(p);")},
      "/project");
  EXPECT_EQ(Prints[0].Occurrence, 0u);
  EXPECT_EQ(Prints[1].Occurrence, 0u);
  EXPECT_EQ(Prints[2].Occurrence, 1u);
  EXPECT_EQ(Prints[3].Occurrence, 0u);
}

TEST(BaselineTest, MovedFindingsAreKnownChangedOnesAreNew) {
  std::set<Fingerprint> Baseline = baselineOf(
      {finding("/project/a.cu", 3, "cudaFree(p);"), finding("/project/a.cu", 8, "cudaFree(p);"),
       finding("/project/a.cu", 9, "cudaMemset(p, 0, n);", "cuda-unchecked-error",
               "memset discarded")});

  // Ten lines inserted above everything: nothing is new.
  std::vector<Finding> Moved = {finding("/project/a.cu", 13, "cudaFree(p);"),
                                finding("/project/a.cu", 18, "cudaFree(p);"),
                                finding("/project/a.cu", 19, "cudaMemset(p, 0, n);",
                                        "cuda-unchecked-error", "memset discarded")};
  EXPECT_EQ(removeBaselined(Moved, Baseline, "/project"), 3u);
  EXPECT_TRUE(Moved.empty());

  // The buggy line itself changed, and a third identical line appeared.
  std::vector<Finding> Changed = {finding("/project/a.cu", 3, "cudaFree(p);"),
                                  finding("/project/a.cu", 8, "cudaFree(p);"),
                                  finding("/project/a.cu", 9, "cudaMemset(q, 0, n);",
                                          "cuda-unchecked-error", "memset discarded"),
                                  finding("/project/a.cu", 30, "cudaFree(p);")};
  EXPECT_EQ(removeBaselined(Changed, Baseline, "/project"), 2u);
  ASSERT_EQ(Changed.size(), 2u);
  EXPECT_EQ(Changed[0].Where.Line, 9u);
  EXPECT_EQ(Changed[1].Where.Line, 30u);

  // Another check or message on the same line is new too.
  std::vector<Finding> Other = {
      finding("/project/a.cu", 3, "cudaFree(p);", "cuda-alloc-pointer-arg")};
  EXPECT_EQ(removeBaselined(Other, Baseline, "/project"), 0u);
}

TEST(BaselineTest, WrittenSortedAndReadBack) {
  std::vector<Fingerprint> Prints = fingerprints({finding("/project/z.cu", 1, "cudaFree(z);"),
                                                  finding("/project/a.cu", 5, "say \"hi\";"),
                                                  finding("/project/a.cu", 2, "cudaFree(a);")},
                                                 "/project");
  std::string First, Second;
  llvm::raw_string_ostream FirstOS(First), SecondOS(Second);
  writeBaseline(FirstOS, Prints);
  std::reverse(Prints.begin(), Prints.end());
  writeBaseline(SecondOS, Prints);
  EXPECT_EQ(First, Second);
  EXPECT_LT(First.find("\"a.cu\""), First.find("\"z.cu\""));
  EXPECT_EQ(First.find("/project"), std::string::npos) << First;
  EXPECT_EQ(First.find("\"line\""), std::string::npos) << First;

  llvm::Expected<std::set<Fingerprint>> Read = parseBaseline(First);
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(*Read, std::set<Fingerprint>(Prints.begin(), Prints.end()));
}

TEST(BaselineTest, MalformedFilesAreErrors) {
  auto Error = [](llvm::StringRef Text) {
    llvm::Expected<std::set<Fingerprint>> Read = parseBaseline(Text);
    return Read ? std::string() : llvm::toString(Read.takeError());
  };
  EXPECT_NE(Error("not json"), "");
  EXPECT_NE(Error("[]"), "");
  EXPECT_NE(Error(R"({"version": 2, "findings": []})"), "");
  EXPECT_EQ(Error(R"({"version": 1, "findings": [{"check": "c"}]})"),
            "finding 1 lacks one of \"check\", \"file\", \"message\", \"code\", \"occurrence\"");
  EXPECT_EQ(Error(R"({"version": 1, "findings": []})"), "");
}

} // namespace
} // namespace cudalint
