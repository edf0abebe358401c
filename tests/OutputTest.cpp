// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/Output.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

SourcePoint point(std::string File, unsigned Line, unsigned Column, std::string LineText) {
  SourcePoint P;
  P.File = std::move(File);
  P.Line = Line;
  P.Column = Column;
  P.LineText = std::move(LineText);
  return P;
}

FixIt insertion(const SourcePoint &At, unsigned Offset, std::string Text) {
  FixIt Fix;
  Fix.File = At.File;
  Fix.Offset = Offset;
  Fix.Length = 0;
  Fix.Replacement = std::move(Text);
  Fix.Begin = At;
  Fix.End = At;
  return Fix;
}

FixIt replacement(const SourcePoint &Begin, unsigned Offset, unsigned Length, std::string Text) {
  FixIt Fix = insertion(Begin, Offset, std::move(Text));
  Fix.Length = Length;
  Fix.End = Begin;
  Fix.End.Column += Length;
  return Fix;
}

// The running example: a discarded cudaError_t, with a fix-it that wraps
// the call and a note at the allocation it concerns.
Finding uncheckedMalloc() {
  const std::string Line = "  cudaMalloc(&p, n);";
  Finding F;
  F.CheckId = "cuda-unchecked-error";
  F.Where = point("/src/kernel.cu", 12, 3, Line);
  F.Message = "the cudaError_t returned by cudaMalloc is discarded";
  F.Notes.push_back(
      {point("/src/kernel.cu", 10, 9, "  float *p = nullptr;"), "the allocation is used here"});
  F.Fixes.push_back(insertion(F.Where, 240, "CUDA_CHECK("));
  F.Fixes.push_back(insertion(point("/src/kernel.cu", 12, 20, Line), 257, ")"));
  return F;
}

std::string text(const RunReport &Report, bool Color = false) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OutputOptions Options;
  Options.Color = Color;
  writeText(OS, Report, Options);
  return Out;
}

std::string text(const Finding &F, bool Color = false) {
  RunReport Report;
  Report.Findings.push_back(F);
  return text(Report, Color);
}

TEST(OutputTextTest, FindingWithFixItAndNote) {
  EXPECT_EQ(text(uncheckedMalloc()), "/src/kernel.cu:12:3: warning: the cudaError_t returned by "
                                     "cudaMalloc is discarded [cuda-unchecked-error]\n"
                                     "   12 |   cudaMalloc(&p, n);\n"
                                     "      |   ^                \n"
                                     "      |   CUDA_CHECK(      )\n"
                                     "/src/kernel.cu:10:9: note: the allocation is used here\n"
                                     "   10 |   float *p = nullptr;\n"
                                     "      |         ^\n");
}

// The next two expectations are clang-tidy 22's own output for
// readability-implicit-bool-conversion on the same lines.
TEST(OutputTextTest, TwoInsertionsMatchClangTidy) {
  const std::string Line = "  bool b = x + 1;";
  Finding F;
  F.CheckId = "readability-implicit-bool-conversion";
  F.Where = point("/tmp/ref/b.cpp", 2, 12, Line);
  F.Message = "implicit conversion 'int' -> 'bool'";
  F.Fixes.push_back(insertion(F.Where, 26, "("));
  F.Fixes.push_back(insertion(point(F.Where.File, 2, 17, Line), 31, ") != 0"));
  EXPECT_EQ(text(F), "/tmp/ref/b.cpp:2:12: warning: implicit conversion 'int' "
                     "-> 'bool' [readability-implicit-bool-conversion]\n"
                     "    2 |   bool b = x + 1;\n"
                     "      |            ^    \n"
                     "      |            (    ) != 0\n");
}

TEST(OutputTextTest, OverlappingInsertionsMoveApartLikeClang) {
  const std::string Line = "  return b;";
  Finding F;
  F.CheckId = "readability-implicit-bool-conversion";
  F.Where = point("/tmp/ref/b.cpp", 3, 10, Line);
  F.Message = "implicit conversion 'bool' -> 'int'";
  F.Fixes.push_back(insertion(F.Where, 41, "static_cast<int>("));
  F.Fixes.push_back(insertion(point(F.Where.File, 3, 11, Line), 42, ")"));
  EXPECT_EQ(text(F), "/tmp/ref/b.cpp:3:10: warning: implicit conversion "
                     "'bool' -> 'int' [readability-implicit-bool-conversion]\n"
                     "    3 |   return b;\n"
                     "      |          ^\n"
                     "      |          static_cast<int>( )\n");
}

TEST(OutputTextTest, FixItOnTheNextLineShowsBothLinesLikeClangTidy) {
  Finding F;
  F.CheckId = "readability-implicit-bool-conversion";
  F.Where = point("/tmp/ref/d.cpp", 2, 12, "  bool b = x");
  F.Message = "implicit conversion 'int' -> 'bool'";
  F.Fixes.push_back(insertion(F.Where, 26, "("));
  F.Fixes.push_back(insertion(point(F.Where.File, 3, 10, "      + 1;"), 36, ") != 0"));
  EXPECT_EQ(text(F), "/tmp/ref/d.cpp:2:12: warning: implicit conversion 'int' "
                     "-> 'bool' [readability-implicit-bool-conversion]\n"
                     "    2 |   bool b = x\n"
                     "      |            ^\n"
                     "      |            (\n"
                     "    3 |       + 1;\n"
                     "      |          \n"
                     "      |          ) != 0\n");
}

TEST(OutputTextTest, FixItFarAwayShowsTheCaretLineOnly) {
  // Lines between the two are unknown; clang would show them all.
  Finding F = uncheckedMalloc();
  F.Notes.clear();
  F.Fixes[1].Begin.Line = F.Fixes[1].End.Line = 14;
  EXPECT_EQ(text(F), "/src/kernel.cu:12:3: warning: the cudaError_t returned by "
                     "cudaMalloc is discarded [cuda-unchecked-error]\n"
                     "   12 |   cudaMalloc(&p, n);\n"
                     "      |   ^\n"
                     "      |   CUDA_CHECK(\n");
}

TEST(OutputTextTest, ReplacementIsUnderlined) {
  const std::string Line = "  int *q = NULL;";
  Finding F;
  F.CheckId = "modernize-use-nullptr";
  F.Where = point("/src/a.cpp", 5, 12, Line);
  F.Message = "use nullptr";
  F.Fixes.push_back(replacement(F.Where, 70, 4, "nullptr"));
  EXPECT_EQ(text(F), "/src/a.cpp:5:12: warning: use nullptr "
                     "[modernize-use-nullptr]\n"
                     "    5 |   int *q = NULL;\n"
                     "      |            ^~~~\n"
                     "      |            nullptr\n");
}

TEST(OutputTextTest, NativeErrorsAreNotMarkedAsPromoted) {
  Finding F = uncheckedMalloc();
  F.CheckId = "cudalint-nolint";
  F.Level = Severity::Error;
  F.Notes.clear();
  F.Fixes.clear();
  EXPECT_EQ(text(F), "/src/kernel.cu:12:3: error: the cudaError_t returned by "
                     "cudaMalloc is discarded [cudalint-nolint]\n"
                     "   12 |   cudaMalloc(&p, n);\n"
                     "      |   ^\n");
}

TEST(OutputTextTest, WarningsAsErrors) {
  Finding F = uncheckedMalloc();
  F.Level = Severity::Error;
  F.PromotedToError = true;
  F.Notes.clear();
  F.Fixes.clear();
  EXPECT_EQ(text(F), "/src/kernel.cu:12:3: error: the cudaError_t returned by "
                     "cudaMalloc is discarded "
                     "[cuda-unchecked-error,-warnings-as-errors]\n"
                     "   12 |   cudaMalloc(&p, n);\n"
                     "      |   ^\n");
}

TEST(OutputTextTest, TabsAreKeptAndMirrored) {
  const std::string Line = "\tif (x)\tcudaFree(p);";
  Finding F;
  F.CheckId = "cuda-unchecked-error";
  F.Where = point("/src/a.cu", 7, 9, Line);
  F.Message = "m";
  F.Fixes.push_back(insertion(F.Where, 100, "CUDA_CHECK("));
  EXPECT_EQ(text(F), "/src/a.cu:7:9: warning: m [cuda-unchecked-error]\n"
                     "    7 | \tif (x)\tcudaFree(p);\n"
                     "      | \t      \t^\n"
                     "      | \t      \tCUDA_CHECK(\n");
}

TEST(OutputTextTest, NoteWithoutLocation) {
  Finding F = uncheckedMalloc();
  F.Fixes.clear();
  F.Notes = {{SourcePoint(), "cudaMalloc is declared in a system header"}};
  EXPECT_EQ(text(F), "/src/kernel.cu:12:3: warning: the cudaError_t returned "
                     "by cudaMalloc is discarded [cuda-unchecked-error]\n"
                     "   12 |   cudaMalloc(&p, n);\n"
                     "      |   ^\n"
                     "note: cudaMalloc is declared in a system header\n");
}

TEST(OutputTextTest, SnippetShownOncePerLocation) {
  // As clang does: a note (or a second warning) at the location just shown
  // does not repeat the snippet.
  Finding F = uncheckedMalloc();
  F.Fixes.clear();
  F.Notes = {{F.Where, "wrap the call in CUDA_CHECK"}};
  Finding Second = F;
  Second.CheckId = "cuda-other";
  Second.Notes.clear();
  RunReport Report;
  Report.Findings = {F, Second};
  EXPECT_EQ(text(Report), "/src/kernel.cu:12:3: warning: the cudaError_t returned by "
                          "cudaMalloc is discarded [cuda-unchecked-error]\n"
                          "   12 |   cudaMalloc(&p, n);\n"
                          "      |   ^\n"
                          "/src/kernel.cu:12:3: note: wrap the call in CUDA_CHECK\n"
                          "/src/kernel.cu:12:3: warning: the cudaError_t returned by "
                          "cudaMalloc is discarded [cuda-other]\n"
                          "   12 |   cudaMalloc(&p, n);\n"
                          "      |   ^\n");
}

TEST(OutputTextTest, GutterGrowsForLargeLineNumbers) {
  Finding F = uncheckedMalloc();
  F.Notes.clear();
  F.Fixes.clear();
  F.Where.Line = 9990;
  EXPECT_EQ(text(F), "/src/kernel.cu:9990:3: warning: the cudaError_t "
                     "returned by cudaMalloc is discarded "
                     "[cuda-unchecked-error]\n"
                     "  9990 |   cudaMalloc(&p, n);\n"
                     "       |   ^\n");
}

TEST(OutputTextTest, UnprintableCharactersAreSpelledOut) {
  Finding F;
  F.CheckId = "c";
  F.Where = point("/a.cu", 1, 3,
                  "\x01\xff"
                  "x");
  F.Message = "m";
  EXPECT_EQ(text(F), "/a.cu:1:3: warning: m [c]\n"
                     "    1 | <U+0001><FF>x\n"
                     "      |             ^\n");
}

TEST(OutputTextTest, NoFindingsPrintNothing) {
  RunReport Report;
  Report.Problems.push_back({"/src/a.cu", "could not parse"});
  EXPECT_EQ(text(Report), "");
}

// Byte for byte what clang-tidy 22 --use-color prints for an error with a
// fix-it, and for a note.
TEST(OutputTextTest, ColorsMatchClangTidy) {
  Finding F;
  F.CheckId = "modernize-use-nullptr";
  F.Level = Severity::Error;
  F.PromotedToError = true;
  F.Where = point("/tmp/ref/a.cpp", 5, 12, "  int *q = 0;");
  F.Message = "use nullptr";
  F.Fixes.push_back(replacement(F.Where, 50, 1, "nullptr"));
  F.Notes.push_back({point("/tmp/ref/a.cpp", 4, 8, "  if (x = 1) {}"),
                     "if it should be an assignment, move it out"});
  EXPECT_EQ(text(F, /*Color=*/true), "\033[1m/tmp/ref/a.cpp:5:12: \033[0m\033[0;1;31merror: "
                                     "\033[0m\033[1muse nullptr "
                                     "[modernize-use-nullptr,-warnings-as-errors]\033[0m\n"
                                     "    5 |   int *q = 0;\033[0m\n"
                                     "      | \033[0;1;32m           ^\n"
                                     "\033[0m      | \033[0;32m           nullptr\n"
                                     "\033[0m\033[1m/tmp/ref/a.cpp:4:8: \033[0m\033[0;1;36mnote: "
                                     "\033[0mif it should be an assignment, move it out\033[0m\n"
                                     "    4 |   if (x = 1) {}\033[0m\n"
                                     "      | \033[0;1;32m       ^\n"
                                     "\033[0m");
}

TEST(OutputTextTest, WarningColor) {
  Finding F = uncheckedMalloc();
  F.Notes = {{SourcePoint(), "n"}};
  F.Fixes.clear();
  std::string Out = text(F, /*Color=*/true);
  EXPECT_EQ(Out.substr(0, Out.find('\n') + 1),
            "\033[1m/src/kernel.cu:12:3: \033[0m\033[0;1;35mwarning: "
            "\033[0m\033[1mthe cudaError_t returned by cudaMalloc is "
            "discarded [cuda-unchecked-error]\033[0m\n");
  EXPECT_NE(Out.find("\033[0m\033[0;1;36mnote: \033[0mn\033[0m\n"), std::string::npos);
}

RunReport exampleReport() {
  RunReport Report;
  Report.ToolVersion = "0.1.0";
  Report.Findings.push_back(uncheckedMalloc());
  Finding Second;
  Second.CheckId = "cuda-alloc-pointer-arg";
  Second.Level = Severity::Error;
  Second.Where = point("/src/sub dir/b.cu", 3, 14, "  cudaMalloc(p, 16);");
  Second.Message = "cudaMalloc needs the address of the pointer";
  Report.Findings.push_back(Second);
  Report.Problems.push_back({"/src/c.cu", "error: unknown type name 'foo'"});
  Report.Problems.push_back({"", "no compile command for /src/d.cu"});
  Report.Units = {"/src/kernel.cu", "/src/sub dir/b.cu", "/src/c.cu"};
  return Report;
}

TEST(OutputJsonTest, ExactDocument) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeJson(OS, exampleReport(), OutputOptions());
  const char *Expected = R"json({
  "version": 1,
  "tool": {
    "name": "cudalint",
    "version": "0.1.0"
  },
  "findings": [
    {
      "check": "cuda-unchecked-error",
      "severity": "warning",
      "file": "/src/kernel.cu",
      "line": 12,
      "column": 3,
      "message": "the cudaError_t returned by cudaMalloc is discarded",
      "instances": 1,
      "notes": [
        {
          "file": "/src/kernel.cu",
          "line": 10,
          "column": 9,
          "message": "the allocation is used here",
          "step": false
        }
      ],
      "fixes": [
        {
          "file": "/src/kernel.cu",
          "offset": 240,
          "length": 0,
          "replacement": "CUDA_CHECK(",
          "line": 12,
          "column": 3
        },
        {
          "file": "/src/kernel.cu",
          "offset": 257,
          "length": 0,
          "replacement": ")",
          "line": 12,
          "column": 20
        }
      ]
    },
    {
      "check": "cuda-alloc-pointer-arg",
      "severity": "error",
      "file": "/src/sub dir/b.cu",
      "line": 3,
      "column": 14,
      "message": "cudaMalloc needs the address of the pointer",
      "instances": 1,
      "notes": [],
      "fixes": []
    }
  ],
  "problems": [
    {
      "file": "/src/c.cu",
      "message": "error: unknown type name 'foo'"
    },
    {
      "file": null,
      "message": "no compile command for /src/d.cu"
    }
  ],
  "units": [
    "/src/kernel.cu",
    "/src/sub dir/b.cu",
    "/src/c.cu"
  ],
  "analysis": []
}
)json";
  EXPECT_EQ(Out, Expected);
}

// How a unit was analysed: its clang command and where the analyzer gave
// up, always; timings only when the run asked for them.
TEST(OutputJsonTest, UnitRunsCarryCommandsAndLimits) {
  RunReport Report;
  UnitRun Run;
  Run.File = "/src/a.cu";
  Run.Directory = "/build";
  Run.Command = {"clang++", "-x", "cuda", "/src/a.cu"};
  AnalysisLimit Limit;
  Limit.Function = "ns::heavy";
  Limit.Where.File = "/src/a.cu";
  Limit.Where.Line = 7;
  Limit.Where.Column = 5;
  Limit.Reason = "node budget (2000 nodes) exhausted";
  Limit.Fallback = "no callee was followed";
  Run.Limits.push_back(Limit);
  Run.FunctionsExplored = 12;
  Run.HostCudaCalls = 40;
  Report.Runs.push_back(Run);
  std::string Quiet;
  llvm::raw_string_ostream QuietOS(Quiet);
  writeJson(QuietOS, Report, OutputOptions());
  EXPECT_NE(Quiet.find(R"("command": [
        "clang++",)"),
            std::string::npos)
      << Quiet;
  EXPECT_NE(Quiet.find(R"("function": "ns::heavy")"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("reason": "node budget (2000 nodes) exhausted")"), std::string::npos);
  EXPECT_NE(Quiet.find(R"("fallback": "no callee was followed")"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("functionsExplored": 12)"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("hostCudaCalls": 40)"), std::string::npos) << Quiet;
  EXPECT_EQ(Quiet.find("parseSeconds"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("errorsSetAside": [])"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("codeSkipped": [])"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("includesNotFound": [])"), std::string::npos) << Quiet;
  EXPECT_NE(Quiet.find(R"("checksNotRun": [])"), std::string::npos) << Quiet;
  Report.Runs.front().HasTiming = true;
  Report.Runs.front().ParseSeconds = 0.5;
  std::string Timed;
  llvm::raw_string_ostream TimedOS(Timed);
  writeJson(TimedOS, Report, OutputOptions());
  EXPECT_NE(Timed.find(R"("parseSeconds": 0.5)"), std::string::npos) << Timed;
}

TEST(OutputJsonTest, EmptyReportAndUnknownLocations) {
  RunReport Report;
  Report.ToolVersion = "0.1.0";
  Finding F;
  F.CheckId = "c";
  F.Message = "m";
  F.Notes.push_back({SourcePoint(), "n"});
  Report.Findings.push_back(F);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeJson(OS, Report, OutputOptions());
  auto Parsed = llvm::json::parse(Out);
  ASSERT_TRUE(bool(Parsed)) << llvm::toString(Parsed.takeError());
  const llvm::json::Object &Finding =
      *(*Parsed->getAsObject()->getArray("findings"))[0].getAsObject();
  EXPECT_EQ(Finding.get("file")->kind(), llvm::json::Value::Null);
  EXPECT_EQ(Finding.get("line")->kind(), llvm::json::Value::Null);
  const llvm::json::Object &Note = *(*Finding.getArray("notes"))[0].getAsObject();
  EXPECT_EQ(Note.get("column")->kind(), llvm::json::Value::Null);
  EXPECT_EQ(Parsed->getAsObject()->getArray("units")->size(), 0u);
}

const CheckDescription UncheckedRule{
    "cuda-unchecked-error", "Finds CUDA runtime calls whose error is ignored.",
    "A failed __global__ launch or cudaMalloc goes unnoticed.", nullptr};
const CheckDescription AllocRule{"cuda-alloc-pointer-arg",
                                 "Finds cudaMalloc given a pointer, not its "
                                 "address.",
                                 "", nullptr};

llvm::json::Value sarif(const RunReport &Report, llvm::StringRef Root) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OutputOptions Options;
  Options.SourceRoot = Root.str();
  Options.Rules = {&AllocRule, &UncheckedRule};
  writeSarif(OS, Report, Options);
  auto Parsed = llvm::json::parse(Out);
  if (!Parsed) {
    ADD_FAILURE() << llvm::toString(Parsed.takeError()) << "\n" << Out;
    return nullptr;
  }
  return std::move(*Parsed);
}

// `Path` is a slash-separated walk; numbers index arrays.
const llvm::json::Value *at(const llvm::json::Value &Root, llvm::StringRef Path) {
  const llvm::json::Value *Current = &Root;
  while (!Path.empty() && Current) {
    auto [Step, Rest] = Path.split('/');
    Path = Rest;
    unsigned Index;
    if (!Step.getAsInteger(10, Index) && Current->getAsArray()) {
      const llvm::json::Array &Array = *Current->getAsArray();
      Current = Index < Array.size() ? &Array[Index] : nullptr;
    } else if (const llvm::json::Object *Object = Current->getAsObject()) {
      Current = Object->get(Step);
    } else {
      Current = nullptr;
    }
  }
  return Current;
}

std::string str(const llvm::json::Value &Root, llvm::StringRef Path) {
  const llvm::json::Value *V = at(Root, Path);
  if (!V || !V->getAsString())
    return "<missing " + Path.str() + ">";
  return V->getAsString()->str();
}

int64_t num(const llvm::json::Value &Root, llvm::StringRef Path) {
  const llvm::json::Value *V = at(Root, Path);
  return V && V->getAsInteger() ? *V->getAsInteger() : -1;
}

TEST(OutputSarifTest, LogAndTool) {
  llvm::json::Value Log = sarif(exampleReport(), "/src");
  EXPECT_EQ(str(Log, "$schema"), "https://json.schemastore.org/sarif-2.1.0.json");
  EXPECT_EQ(str(Log, "version"), "2.1.0");
  EXPECT_EQ(at(Log, "runs")->getAsArray()->size(), 1u);
  EXPECT_EQ(str(Log, "runs/0/tool/driver/name"), "cudalint");
  EXPECT_EQ(str(Log, "runs/0/tool/driver/version"), "0.1.0");
  EXPECT_EQ(str(Log, "runs/0/tool/driver/semanticVersion"), "0.1.0");
  EXPECT_EQ(at(Log, "runs/0/tool/driver/informationUri"), nullptr);
  EXPECT_EQ(str(Log, "runs/0/columnKind"), "utf16CodeUnits");
}

TEST(OutputSarifTest, Rules) {
  llvm::json::Value Log = sarif(exampleReport(), "/src");
  const llvm::json::Value &Rules = *at(Log, "runs/0/tool/driver/rules");
  ASSERT_EQ(Rules.getAsArray()->size(), 2u);
  EXPECT_EQ(str(Rules, "1/id"), "cuda-unchecked-error");
  EXPECT_EQ(str(Rules, "1/name"), "CudaUncheckedError");
  EXPECT_EQ(str(Rules, "1/shortDescription/text"),
            "Finds CUDA runtime calls whose error is ignored.");
  EXPECT_EQ(str(Rules, "1/fullDescription/text"),
            "Finds CUDA runtime calls whose error is ignored. A failed "
            "__global__ launch or cudaMalloc goes unnoticed.");
  EXPECT_EQ(str(Rules, "1/help/text"), "A failed __global__ launch or cudaMalloc goes unnoticed.");
  EXPECT_EQ(str(Rules, "1/help/markdown"),
            "A failed \\_\\_global\\_\\_ launch or cudaMalloc goes unnoticed.");
  EXPECT_EQ(str(Rules, "1/defaultConfiguration/level"), "warning");
  EXPECT_EQ(str(Rules, "1/properties/tags/0"), "cuda");
  EXPECT_EQ(str(Rules, "1/properties/tags/1"), "correctness");
  EXPECT_EQ(str(Rules, "0/name"), "CudaAllocPointerArg");
  EXPECT_EQ(at(Rules, "0/help"), nullptr); // no help text to give
}

TEST(OutputSarifTest, ResultWithNoteAndFix) {
  llvm::json::Value Log = sarif(exampleReport(), "/src");
  const llvm::json::Value &Result = *at(Log, "runs/0/results/0");
  EXPECT_EQ(str(Result, "ruleId"), "cuda-unchecked-error");
  EXPECT_EQ(num(Result, "ruleIndex"), 1);
  EXPECT_EQ(str(Result, "level"), "warning");
  EXPECT_EQ(str(Result, "message/text"), "the cudaError_t returned by cudaMalloc is discarded");
  const llvm::json::Value &Where = *at(Result, "locations/0/physicalLocation");
  EXPECT_EQ(str(Where, "artifactLocation/uri"), "kernel.cu");
  EXPECT_EQ(str(Where, "artifactLocation/uriBaseId"), "SRCROOT");
  EXPECT_EQ(num(Where, "artifactLocation/index"), 1);
  EXPECT_EQ(num(Where, "region/startLine"), 12);
  EXPECT_EQ(num(Where, "region/startColumn"), 3);
  EXPECT_EQ(str(Where, "region/snippet/text"), "cudaMalloc(&p, n);");
  EXPECT_EQ(str(Where, "contextRegion/snippet/text"), "  cudaMalloc(&p, n);");

  EXPECT_EQ(num(Result, "relatedLocations/0/id"), 0);
  EXPECT_EQ(str(Result, "relatedLocations/0/message/text"), "the allocation is used here");
  EXPECT_EQ(num(Result, "relatedLocations/0/physicalLocation/region/startLine"), 10);

  const llvm::json::Value &Change = *at(Result, "fixes/0/artifactChanges/0");
  EXPECT_EQ(str(Change, "artifactLocation/uri"), "kernel.cu");
  EXPECT_EQ(num(Change, "replacements/0/deletedRegion/byteOffset"), 240);
  EXPECT_EQ(num(Change, "replacements/0/deletedRegion/byteLength"), 0);
  EXPECT_EQ(str(Change, "replacements/0/insertedContent/text"), "CUDA_CHECK(");
  EXPECT_EQ(str(Change, "replacements/1/insertedContent/text"), ")");
  EXPECT_EQ(at(Result, "codeFlows"), nullptr);

  const llvm::json::Value &Error = *at(Log, "runs/0/results/1");
  EXPECT_EQ(str(Error, "level"), "error");
  EXPECT_EQ(num(Error, "ruleIndex"), 0);
  EXPECT_EQ(str(Error, "locations/0/physicalLocation/artifactLocation/uri"), "sub%20dir/b.cu");
  EXPECT_EQ(at(Error, "relatedLocations"), nullptr);
  EXPECT_EQ(at(Error, "fixes"), nullptr);
}

// A path-sensitive finding: its steps are a SARIF code flow in order, its
// other notes related locations; JSON marks the steps.
TEST(OutputSarifTest, PathStepsAreACodeFlow) {
  RunReport Report;
  Report.ToolVersion = "0.1.0";
  Finding F;
  F.CheckId = "cuda-memory-leak";
  F.Where = point("/src/a.cu", 4, 3, "  cudaMalloc(&d, n);");
  F.Message = "device memory allocated by 'cudaMalloc' is not released";
  F.Notes.push_back({point("/src/a.cu", 4, 3, "  cudaMalloc(&d, n);"),
                     "device memory is allocated here by 'cudaMalloc'", true});
  F.Notes.push_back(
      {point("/src/a.cu", 1, 1, "#include <cuda_runtime.h>"), "a note that is not a step", false});
  F.Notes.push_back(
      {point("/src/a.cu", 7, 1, "}"), "'f' returns here without releasing the memory", true});
  Report.Findings.push_back(F);
  llvm::json::Value Log = sarif(Report, "/src");
  const llvm::json::Value &Result = *at(Log, "runs/0/results/0");
  const llvm::json::Value &Steps = *at(Result, "codeFlows/0/threadFlows/0/locations");
  ASSERT_EQ(Steps.getAsArray()->size(), 2u);
  EXPECT_EQ(str(Steps, "0/location/message/text"),
            "device memory is allocated here by 'cudaMalloc'");
  EXPECT_EQ(num(Steps, "0/location/physicalLocation/region/startLine"), 4);
  EXPECT_EQ(str(Steps, "1/location/message/text"), "'f' returns here without releasing the memory");
  EXPECT_EQ(num(Steps, "1/location/physicalLocation/region/startLine"), 7);
  ASSERT_EQ(at(Result, "relatedLocations")->getAsArray()->size(), 1u);
  EXPECT_EQ(num(Result, "relatedLocations/0/id"), 0);
  EXPECT_EQ(str(Result, "relatedLocations/0/message/text"), "a note that is not a step");

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeJson(OS, Report, OutputOptions());
  llvm::json::Value Json = llvm::json::parse(Out).get();
  EXPECT_EQ(at(Json, "findings/0/notes/0/step")->getAsBoolean(), true);
  EXPECT_EQ(at(Json, "findings/0/notes/1/step")->getAsBoolean(), false);
}

TEST(OutputSarifTest, ArtifactsAndBase) {
  llvm::json::Value Log = sarif(exampleReport(), "/src/");
  EXPECT_EQ(str(Log, "runs/0/originalUriBaseIds/SRCROOT/uri"), "file:///src/");
  const llvm::json::Array &Artifacts = *at(Log, "runs/0/artifacts")->getAsArray();
  ASSERT_EQ(Artifacts.size(), 3u);
  EXPECT_EQ(str(Artifacts[0], "location/uri"), "c.cu");
  EXPECT_EQ(str(Artifacts[1], "location/uri"), "kernel.cu");
  EXPECT_EQ(str(Artifacts[2], "location/uri"), "sub%20dir/b.cu");
  EXPECT_EQ(str(Artifacts[2], "location/uriBaseId"), "SRCROOT");
  EXPECT_EQ(str(Artifacts[0], "roles/0"), "analysisTarget");
  EXPECT_EQ(at(Artifacts[0], "roles/1"), nullptr);
  EXPECT_EQ(str(Artifacts[1], "roles/1"), "resultFile");
}

TEST(OutputSarifTest, FilesOutsideTheRootAreAbsolute) {
  llvm::json::Value Log = sarif(exampleReport(), "/elsewhere");
  EXPECT_EQ(str(Log, "runs/0/results/1/locations/0/physicalLocation/"
                     "artifactLocation/uri"),
            "file:///src/sub%20dir/b.cu");
  EXPECT_EQ(at(Log, "runs/0/results/1/locations/0/physicalLocation/"
                    "artifactLocation/uriBaseId"),
            nullptr);
  // "/srcfoo" is not under "/src".
  RunReport Report = exampleReport();
  Report.Findings[0].Where.File = "/srcfoo/a.cu";
  llvm::json::Value Prefix = sarif(Report, "/src");
  EXPECT_EQ(str(Prefix, "runs/0/results/0/locations/0/physicalLocation/"
                        "artifactLocation/uri"),
            "file:///srcfoo/a.cu");
}

TEST(OutputSarifTest, NoRootMeansNoBaseIds) {
  llvm::json::Value Log = sarif(exampleReport(), "");
  EXPECT_EQ(at(Log, "runs/0/originalUriBaseIds"), nullptr);
  EXPECT_EQ(str(Log, "runs/0/artifacts/1/location/uri"), "file:///src/kernel.cu");
}

TEST(OutputSarifTest, InvocationReportsProblems) {
  llvm::json::Value Log = sarif(exampleReport(), "/src");
  const llvm::json::Value &Invocation = *at(Log, "runs/0/invocations/0");
  EXPECT_EQ(at(Invocation, "executionSuccessful")->getAsBoolean(), false);
  EXPECT_EQ(str(Invocation, "toolExecutionNotifications/0/level"), "error");
  EXPECT_EQ(str(Invocation, "toolExecutionNotifications/0/message/text"),
            "error: unknown type name 'foo'");
  EXPECT_EQ(str(Invocation, "toolExecutionNotifications/0/locations/0/"
                            "physicalLocation/artifactLocation/uri"),
            "c.cu");
  EXPECT_EQ(at(Invocation, "toolExecutionNotifications/1/locations"), nullptr);

  RunReport Clean = exampleReport();
  Clean.Problems.clear();
  llvm::json::Value CleanLog = sarif(Clean, "/src");
  EXPECT_EQ(at(CleanLog, "runs/0/invocations/0/executionSuccessful")->getAsBoolean(), true);
  EXPECT_EQ(at(CleanLog, "runs/0/invocations/0/toolExecutionNotifications"), nullptr);
}

// A unit analysed without the device code clang rejected is a note: the run
// still succeeded.
TEST(OutputSarifTest, ErrorsSetAsideAreANote) {
  RunReport Report = exampleReport();
  Report.Problems.clear();
  UnitRun Run;
  Run.File = "/src/kernel.cu";
  Run.SetAside.Errors = {"/src/kernel.cu:4:5: error: no matching function for call to '__stcs'"};
  Report.Runs.push_back(Run);
  llvm::json::Value Log = sarif(Report, "/src");
  const llvm::json::Value &Invocation = *at(Log, "runs/0/invocations/0");
  EXPECT_EQ(at(Invocation, "executionSuccessful")->getAsBoolean(), true);
  EXPECT_EQ(str(Invocation, "toolExecutionNotifications/0/level"), "note");
  EXPECT_NE(str(Invocation, "toolExecutionNotifications/0/message/text")
                .find("\n  /src/kernel.cu:4:5: error: no matching function for call to '__stcs'"),
            std::string::npos);
  EXPECT_EQ(str(Invocation, "toolExecutionNotifications/0/locations/0/"
                            "physicalLocation/artifactLocation/uri"),
            "kernel.cu");
  EXPECT_EQ(str(Log, "runs/0/properties/cudalintUnits/0/errorsSetAside/0"), Run.SetAside.Errors[0]);
}

TEST(OutputTextTest, SetAsideNoticeShowsTheFirstThree) {
  std::string One = setAsideNotice("/src/a.cu", {{"/src/a.cu:3:1: error: e1"}, {}, {}});
  EXPECT_NE(One.find("'/src/a.cu'"), std::string::npos) << One;
  EXPECT_NE(
      One.find(
          ": 1 error in device code or in declarations nvcc accepts\n  /src/a.cu:3:1: error: e1"),
      std::string::npos)
      << One;
  std::string Five = setAsideNotice("/src/a.cu", {{"e1", "e2", "e3", "e4", "e5"}, {}, {}});
  EXPECT_NE(Five.find("5 errors in device code or in declarations nvcc accepts\n  e1\n  e2\n  e3\n "
                      " and 2 more"),
            std::string::npos)
      << Five;
  EXPECT_EQ(Five.find("e4"), std::string::npos) << Five;
}

// Host code set aside makes the unit partly analysed, and the notice names
// what was skipped and how many headers were read as empty.
TEST(OutputTextTest, SetAsideNoticeNamesTheHostCodeSkipped) {
  std::string Partly = setAsideNotice(
      "/src/a.cu", {{"/src/a.cu:1:10: error: 'x.h' file not found", "e2", "e3", "e4"},
                    {"f (/src/a.cu:3)", "g (/src/a.cu:5)", "h (/src/a.cu:7)", "k (/src/a.cu:9)"},
                    {"/src/a.cu:1:10: error: 'x.h' file not found"}});
  EXPECT_EQ(Partly, "partially analysed '/src/a.cu' without the code clang rejects (nvcc may "
                    "accept it; cudalint does not analyse it): 4 errors; 4 skipped by the "
                    "path-sensitive checks (the AST checks report on what parsed): f "
                    "(/src/a.cu:3), g (/src/a.cu:5), h (/src/a.cu:7) and 1 more; 1 header not "
                    "found, read as empty\n  /src/a.cu:1:10: error: 'x.h' file not found\n  e2\n  "
                    "e3\n  and 1 more");
}

TEST(OutputSarifTest, EmptyRunStillHasResults) {
  RunReport Report;
  Report.ToolVersion = "0.1.0-dev+abc";
  llvm::json::Value Log = sarif(Report, "/src");
  ASSERT_NE(at(Log, "runs/0/results"), nullptr);
  EXPECT_EQ(at(Log, "runs/0/results")->getAsArray()->size(), 0u);
  EXPECT_EQ(str(Log, "runs/0/tool/driver/semanticVersion"), "0.1.0-dev+abc");

  Report.ToolVersion = "git-1234";
  EXPECT_EQ(at(sarif(Report, "/src"), "runs/0/tool/driver/semanticVersion"), nullptr);
}

TEST(OutputSarifTest, ColumnsAreUtf16) {
  RunReport Report;
  Finding F;
  F.CheckId = "cuda-unchecked-error";
  // "é" is 2 bytes and 1 UTF-16 unit; U+1F600 is 4 bytes and 2 units.
  F.Where = point("/src/a.cu", 1, 1 + 2 + 4 + 1, "\xc3\xa9\xf0\x9f\x98\x80 x");
  F.Message = "m";
  Report.Findings.push_back(F);
  EXPECT_EQ(num(sarif(Report, "/src"), "runs/0/results/0/locations/0/physicalLocation/region/"
                                       "startColumn"),
            1 + 1 + 2 + 1);
}

TEST(OutputSarifTest, FingerprintSurvivesLineMovesAndCountsRepeats) {
  RunReport Report;
  Finding F = uncheckedMalloc();
  Report.Findings.push_back(F);
  Finding Moved = F;
  Moved.Where.Line = 40;
  Moved.Where.LineText = "\t" + F.Where.LineText + "  ";
  Report.Findings.push_back(Moved);
  Finding Other = F;
  Other.Where.Line = 50;
  Other.Where.LineText = "  cudaMalloc(&q, n);";
  Report.Findings.push_back(Other);
  llvm::json::Value Log = sarif(Report, "/src");
  std::string First = str(Log, "runs/0/results/0/partialFingerprints/primaryLocationLineHash");
  std::string Second = str(Log, "runs/0/results/1/partialFingerprints/primaryLocationLineHash");
  std::string Third = str(Log, "runs/0/results/2/partialFingerprints/primaryLocationLineHash");
  ASSERT_EQ(First.size(), 16u + 2u);
  EXPECT_EQ(First.substr(16), ":1");
  EXPECT_EQ(Second, First.substr(0, 16) + ":2");
  EXPECT_NE(Third.substr(0, 16), First.substr(0, 16));

  // The same finding alone, on another line: the same fingerprint.
  RunReport Alone;
  Alone.Findings.push_back(Moved);
  EXPECT_EQ(
      str(sarif(Alone, "/src"), "runs/0/results/0/partialFingerprints/primaryLocationLineHash"),
      First);
}

} // namespace
} // namespace cudalint
