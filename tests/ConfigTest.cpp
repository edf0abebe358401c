// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "config/Config.h"
#include "config/UnitConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <fstream>

namespace cudalint {
namespace {

using Strings = std::vector<std::string>;

std::vector<std::string> messages(const std::vector<ConfigDiagnostic> &Diagnostics) {
  std::vector<std::string> Result;
  for (const ConfigDiagnostic &Diagnostic : Diagnostics)
    Result.push_back(Diagnostic.str());
  return Result;
}

std::vector<std::pair<std::string, std::string>> options(const ConfigFile &File) {
  std::vector<std::pair<std::string, std::string>> Result;
  for (const auto &[Key, Value] : File.CheckOptions)
    Result.push_back({Key.Text, Value});
  return Result;
}

TEST(ConfigParseTest, ReadsEveryKey) {
  ConfigFile File = parseConfigFile(R"(
Checks: '-*,cuda-unchecked-error'
WarningsAsErrors: 'cuda-*'
HeaderFilterRegex: 'include/.*'
ExtraArgs: ['-DX=1', -Wall]
ExtraArgsBefore:
  - -DBEFORE
InheritParentConfig: true
CheckOptions:
  cuda-unchecked-error.CheckMacro: CUDA_CHECK
)",
                                    "/p/.cudalint.yaml");
  EXPECT_TRUE(File.Errors.empty()) << messages(File.Errors).front();
  EXPECT_TRUE(File.UnknownKeys.empty());
  EXPECT_EQ(File.Checks, "-*,cuda-unchecked-error");
  EXPECT_EQ(File.WarningsAsErrors, "cuda-*");
  ASSERT_TRUE(File.HeaderFilterRegex);
  EXPECT_EQ(File.HeaderFilterRegex->Text, "include/.*");
  EXPECT_EQ(File.ExtraArgs, (std::vector<std::string>{"-DX=1", "-Wall"}));
  EXPECT_EQ(File.ExtraArgsBefore, (std::vector<std::string>{"-DBEFORE"}));
  EXPECT_TRUE(File.InheritParentConfig);
  ASSERT_EQ(options(File).size(), 1u);
  EXPECT_EQ(options(File)[0].first, "cuda-unchecked-error.CheckMacro");
  EXPECT_EQ(options(File)[0].second, "CUDA_CHECK");
}

TEST(ConfigParseTest, CheckOptionsAsListOrMapAreTheSame) {
  ConfigFile List = parseConfigFile(R"(CheckOptions:
  - key: cuda-unchecked-error.CheckMacro
    value: CUDA_CHECK
  - {key: cuda-unchecked-error.StatusTypes, value: 'a;b'}
)",
                                    "list.yaml");
  ConfigFile Map = parseConfigFile(R"(CheckOptions:
  cuda-unchecked-error.CheckMacro: CUDA_CHECK
  cuda-unchecked-error.StatusTypes: 'a;b'
)",
                                   "map.yaml");
  EXPECT_TRUE(List.Errors.empty());
  EXPECT_TRUE(Map.Errors.empty());
  EXPECT_EQ(options(List), options(Map));
  EXPECT_EQ(options(List).size(), 2u);
  // Each key keeps where it was written, for --verify-config.
  EXPECT_EQ(List.CheckOptions[0].first.Line, 2u);
  EXPECT_EQ(List.CheckOptions[0].first.Column, 10u);
  EXPECT_EQ(Map.CheckOptions[1].first.Line, 3u);
  EXPECT_EQ(Map.CheckOptions[1].first.Column, 3u);
}

TEST(ConfigParseTest, ChecksAsStringListOrBlockWithGlobPlaces) {
  ConfigFile List = parseConfigFile("Checks:\n  - '-*'\n  - cuda-alloc-pointer-arg\n", "l.yaml");
  EXPECT_EQ(List.Checks, "-*,cuda-alloc-pointer-arg");
  ASSERT_EQ(List.CheckGlobs.size(), 2u);
  EXPECT_EQ(List.CheckGlobs[1].Text, "cuda-alloc-pointer-arg");
  EXPECT_EQ(List.CheckGlobs[1].Line, 3u);
  EXPECT_EQ(List.CheckGlobs[1].Column, 5u);

  ConfigFile Block = parseConfigFile("Checks: >\n  -*,\n  cuda-unchecked-error\n", "b.yaml");
  EXPECT_TRUE(Block.Errors.empty());
  ASSERT_EQ(Block.CheckGlobs.size(), 2u);
  EXPECT_EQ(Block.CheckGlobs[0].Text, "-*");
  EXPECT_EQ(Block.CheckGlobs[1].Text, "cuda-unchecked-error");
  EXPECT_EQ(Block.CheckGlobs[1].Line, 3u);
  EXPECT_EQ(Block.CheckGlobs[1].Column, 3u);

  ConfigFile Inline = parseConfigFile("Checks: '-*, cuda-nope'\n", "i.yaml");
  ASSERT_EQ(Inline.CheckGlobs.size(), 2u);
  EXPECT_EQ(Inline.CheckGlobs[1].Line, 1u);
  EXPECT_EQ(Inline.CheckGlobs[1].Column, 14u);
}

TEST(ConfigParseTest, UnknownKeysAreWarningsWithPlaceAndSuggestion) {
  ConfigFile File =
      parseConfigFile("Checks: 'cuda-*'\nChekcs: '-*'\nFormatStyle: file\n", "/p/.cudalint.yaml");
  EXPECT_TRUE(File.Errors.empty());
  EXPECT_EQ(File.Checks, "cuda-*");
  EXPECT_EQ(messages(File.UnknownKeys),
            (Strings{"/p/.cudalint.yaml:2:1: unknown key 'Chekcs'; did you mean "
                     "'Checks'? (ignored)",
                     "/p/.cudalint.yaml:3:1: unknown key 'FormatStyle' (ignored)"}));
}

TEST(ConfigParseTest, SyntaxErrorsHaveLineAndColumn) {
  ConfigFile File = parseConfigFile("Checks: 'cuda-*'\nCheckOptions: [unclosed\n", "bad.yaml");
  ASSERT_FALSE(File.Errors.empty());
  EXPECT_EQ(File.Errors.front().File, "bad.yaml");
  // The flow sequence is found unclosed where the file ends.
  EXPECT_EQ(File.Errors.front().Line, 2u);
  EXPECT_GE(File.Errors.front().Column, 1u);
}

TEST(ConfigParseTest, WrongShapesAreErrors) {
  EXPECT_EQ(messages(parseConfigFile("ExtraArgs: -DX\n", "f").Errors),
            (Strings{"f:1:12: 'ExtraArgs' must be a list of strings"}));
  EXPECT_EQ(messages(parseConfigFile("Checks: {a: b}\n", "f").Errors),
            (Strings{"f:1:10: 'Checks' must be a string"}));
  EXPECT_EQ(messages(parseConfigFile("InheritParentConfig: maybe\n", "f").Errors),
            (Strings{"f:1:22: 'InheritParentConfig' must be true or false, not 'maybe'"}));
  EXPECT_EQ(messages(parseConfigFile("CheckOptions:\n  - value: x\n", "f").Errors),
            (Strings{"f:2:5: a 'CheckOptions' item lacks its 'key'"}));
  EXPECT_EQ(messages(parseConfigFile("Checks: a\nChecks: b\n", "f").Errors),
            (Strings{"f:2:1: duplicated key 'Checks'"}));
  EXPECT_EQ(messages(parseConfigFile("- a\n- b\n", "f").Errors),
            (Strings{"f:1:1: a configuration file must be a mapping of keys to values"}));
}

TEST(ConfigParseTest, EmptyFileIsAnEmptyConfiguration) {
  for (const char *Text : {"", "# only a comment\n", "---\n"}) {
    ConfigFile File = parseConfigFile(Text, "e");
    EXPECT_TRUE(File.Errors.empty()) << Text;
    EXPECT_FALSE(File.Checks) << Text;
    EXPECT_TRUE(File.CheckOptions.empty()) << Text;
  }
}

TEST(ConfigParseTest, ReadsWhichDatabaseUnitsRun) {
  ConfigFile Cuda = parseConfigFile("Units: cuda\n", "/p/.cudalint.yaml");
  ConfigFile CudaApi = parseConfigFile("Units: 'cuda-api'\n", "/p/.cudalint.yaml");
  ConfigFile Unset = parseConfigFile("Checks: 'cuda-*'\n", "/p/.cudalint.yaml");
  ConfigFile Wrong = parseConfigFile("Checks: 'cuda-*'\nUnits:  all\n", "/p/.cudalint.yaml");

  EXPECT_TRUE(Cuda.Errors.empty());
  EXPECT_EQ(Cuda.Units, DatabaseUnits::Cuda);
  EXPECT_EQ(CudaApi.Units, DatabaseUnits::CudaApi);
  EXPECT_FALSE(Unset.Units);
  EXPECT_FALSE(Wrong.Units);
  EXPECT_EQ(messages(Wrong.Errors),
            Strings{"/p/.cudalint.yaml:2:9: 'Units' must be 'cuda' or 'cuda-api', not 'all'"});
  EXPECT_EQ(messages(verifyConfigFile(Wrong, registeredChecks())), messages(Wrong.Errors));

  Configuration Merged;
  EXPECT_EQ(Merged.Units, DatabaseUnits::CudaApi);
  mergeConfigFile(Merged, Cuda);
  mergeConfigFile(Merged, Unset);
  EXPECT_EQ(Merged.Units, DatabaseUnits::Cuda);
  ConfigOverrides CommandLine;
  CommandLine.Units = DatabaseUnits::CudaApi;
  mergeOverrides(Merged, CommandLine);
  EXPECT_EQ(Merged.Units, DatabaseUnits::CudaApi);
  EXPECT_EQ(parseDatabaseUnits(databaseUnitsName(DatabaseUnits::Cuda)), DatabaseUnits::Cuda);
  EXPECT_FALSE(parseDatabaseUnits("CUDA"));
}

// CudaVersion says which toolkit the code is written for: read as
// CUDA_VERSION counts it, replaced by a nearer file, and written back by
// --dump-config.
TEST(ConfigParseTest, ReadsTheCudaVersionTheCodeIsWrittenFor) {
  ConfigFile Major = parseConfigFile("CudaVersion: 12\n", "/p/.cudalint.yaml");
  ConfigFile Minor = parseConfigFile("CudaVersion: '12.4'\n", "/p/.cudalint.yaml");
  ConfigFile Wrong = parseConfigFile("CudaVersion: twelve\n", "/p/.cudalint.yaml");
  EXPECT_TRUE(Major.Errors.empty());
  EXPECT_EQ(Major.CudaVersion, 12000);
  EXPECT_EQ(Minor.CudaVersion, 12040);
  EXPECT_FALSE(Wrong.CudaVersion);
  EXPECT_EQ(messages(Wrong.Errors),
            Strings{"/p/.cudalint.yaml:1:14: 'CudaVersion' must be a CUDA version such as 12 or "
                    "12.4, not 'twelve'"});
  Configuration Merged;
  mergeConfigFile(Merged, Major);
  mergeConfigFile(Merged, Minor);
  EXPECT_EQ(Merged.CudaVersion, 12040);
  std::string Dumped;
  llvm::raw_string_ostream OS(Dumped);
  writeConfiguration(OS, Merged, {});
  EXPECT_NE(Dumped.find("CudaVersion: '12.4'\n"), std::string::npos) << Dumped;
}

// TargetGpus names the GPUs cuda-arch-coverage checks the build against: a
// file's list, replaced by a nearer file or --target-gpu, and the machine's
// own GPUs only where nothing names any.
TEST(ConfigParseTest, ReadsTheTargetGpus) {
  ConfigFile List = parseConfigFile("TargetGpus: [sm_90, '12.0']\n", "/p/.cudalint.yaml");
  ConfigFile Text = parseConfigFile("TargetGpus: sm_80, sm_90a\n", "/p/.cudalint.yaml");
  ConfigFile Wrong = parseConfigFile("TargetGpus: [sm_90, hopper]\n", "/p/.cudalint.yaml");

  EXPECT_TRUE(List.Errors.empty());
  EXPECT_EQ(List.TargetGpus, Strings({"sm_90", "12.0"}));
  EXPECT_EQ(Text.TargetGpus, Strings({"sm_80", "sm_90a"}));
  EXPECT_FALSE(Wrong.TargetGpus);
  EXPECT_EQ(messages(Wrong.Errors),
            Strings{"/p/.cudalint.yaml:1:21: 'TargetGpus' names 'hopper', which is no GPU "
                    "architecture (write sm_90, sm_90a or 9.0)"});

  Configuration Merged;
  ConfigOverrides Machine;
  int Probes = 0;
  Machine.DetectGpus = [&] {
    ++Probes;
    return Strings{"sm_100"};
  };
  Configuration Alone = Merged;
  mergeOverrides(Alone, Machine);
  EXPECT_EQ(Alone.TargetGpus, Strings({"sm_100"}));
  // Without cuda-arch-coverage the machine's GPUs are never asked for.
  Configuration Without;
  Without.Checks = "cuda-*,-cuda-arch-coverage";
  mergeOverrides(Without, Machine);
  EXPECT_TRUE(Without.TargetGpus.empty());
  EXPECT_EQ(Probes, 1);
  mergeConfigFile(Merged, List);
  mergeConfigFile(Merged, Text);
  mergeOverrides(Merged, Machine);
  EXPECT_EQ(Merged.TargetGpus, Strings({"sm_80", "sm_90a"}));
  ConfigOverrides CommandLine;
  CommandLine.TargetGpus = Strings{"sm_120"};
  mergeOverrides(Merged, CommandLine);
  EXPECT_EQ(Merged.TargetGpus, Strings({"sm_120"}));

  UnitSettings Settings(Merged, false);
  EXPECT_EQ(Settings.Analysis.CheckOptions.at("cuda-arch-coverage.TargetGpus"), "sm_120");
}

TEST(ConfigMergeTest, LaterLayersOverride) {
  ConfigFile Parent = parseConfigFile(R"(Checks: '-cuda-alloc-pointer-arg'
WarningsAsErrors: 'cuda-alloc-pointer-arg'
HeaderFilterRegex: 'parent'
ExtraArgs: [-DPARENT]
CheckOptions: {cuda-unchecked-error.CheckMacro: PARENT_CHECK,
               cuda-unchecked-error.StatusTypes: parent_t}
)",
                                      "/a/.cudalint.yaml");
  ConfigFile Child = parseConfigFile(R"(Checks: 'cuda-alloc-pointer-arg'
HeaderFilterRegex: 'child'
ExtraArgs: [-DCHILD]
CheckOptions: {cuda-unchecked-error.CheckMacro: CHILD_CHECK}
)",
                                     "/a/b/.cudalint.yaml");
  Configuration Merged;
  mergeConfigFile(Merged, Parent);
  mergeConfigFile(Merged, Child);
  EXPECT_EQ(Merged.Checks, "cuda-*,-cuda-alloc-pointer-arg,cuda-alloc-pointer-arg");
  EXPECT_EQ(Merged.WarningsAsErrors, "cuda-alloc-pointer-arg");
  EXPECT_EQ(Merged.HeaderFilterRegex, "child");
  EXPECT_EQ(Merged.ExtraArgs, (std::vector<std::string>{"-DPARENT", "-DCHILD"}));
  EXPECT_EQ(Merged.CheckOptions["cuda-unchecked-error.CheckMacro"], "CHILD_CHECK");
  EXPECT_EQ(Merged.CheckOptions["cuda-unchecked-error.StatusTypes"], "parent_t");
  EXPECT_EQ(Merged.Files, (std::vector<std::string>{"/a/.cudalint.yaml", "/a/b/.cudalint.yaml"}));

  ConfigOverrides CommandLine;
  CommandLine.Checks = "-*,cuda-unchecked-error";
  CommandLine.HeaderFilterRegex = "cli";
  CommandLine.CheckOptions["cuda-unchecked-error.CheckMacro"] = "CLI_CHECK";
  CommandLine.ExtraArgs = {"-DCLI"};
  mergeOverrides(Merged, CommandLine);
  EXPECT_EQ(Merged.HeaderFilterRegex, "cli");
  EXPECT_EQ(Merged.CheckOptions["cuda-unchecked-error.CheckMacro"], "CLI_CHECK");
  EXPECT_EQ(Merged.ExtraArgs.back(), "-DCLI");
  UnitSettings Settings(Merged, /*Verify=*/false);
  ASSERT_EQ(Settings.Analysis.Checks.size(), 1u);
  EXPECT_EQ(Settings.Analysis.Checks.front()->Id, "cuda-unchecked-error");
}

// A directory tree on disk, removed when the test ends.
class ConfigTreeTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-config-test", Root));
    llvm::SmallString<256> Real;
    ASSERT_FALSE(llvm::sys::fs::real_path(Root, Real));
    Root = Real;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Relative) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, Relative);
    return std::string(Path);
  }
  void write(llvm::StringRef Relative, llvm::StringRef Text) {
    std::string Path = path(Relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    std::ofstream(Path) << Text.str();
  }
  std::vector<std::string> chain(ConfigFinder &Finder, llvm::StringRef Source) {
    std::vector<std::string> Paths;
    for (const ConfigFile *File : Finder.filesFor(path(Source)))
      Paths.push_back(File->Path);
    return Paths;
  }

  llvm::SmallString<256> Root;
};

TEST_F(ConfigTreeTest, NearestFileWins) {
  write(".cudalint.yaml", "Checks: '-*,cuda-alloc-pointer-arg'\n");
  write("sub/.cudalint.yaml", "Checks: '-*,cuda-unchecked-error'\n");
  ConfigFinder Finder;
  EXPECT_EQ(chain(Finder, "sub/deeper/a.cu"),
            (std::vector<std::string>{path("sub/.cudalint.yaml")}));
  EXPECT_EQ(chain(Finder, "other/b.cu"), (std::vector<std::string>{path(".cudalint.yaml")}));
  EXPECT_EQ(chain(Finder, "c.cu"), (std::vector<std::string>{path(".cudalint.yaml")}));
}

TEST_F(ConfigTreeTest, InheritParentConfigMergesOverTheNextFileUp) {
  write(".cudalint.yaml", "Checks: '-*,cuda-alloc-pointer-arg'\n"
                          "CheckOptions: {cuda-unchecked-error.StatusTypes: root_t}\n");
  write("a/.cudalint.yaml", "InheritParentConfig: true\nChecks: 'cuda-unchecked-error'\n");
  write("a/b/c/.cudalint.yaml", "InheritParentConfig: true\n"
                                "CheckOptions: {cuda-unchecked-error.CheckMacro: C}\n");
  write("x/.cudalint.yaml", "Checks: '-*,cuda-unchecked-error'\n");
  ConfigFinder Finder;
  EXPECT_EQ(chain(Finder, "a/b/c/d/k.cu"),
            (std::vector<std::string>{path(".cudalint.yaml"), path("a/.cudalint.yaml"),
                                      path("a/b/c/.cudalint.yaml")}));
  EXPECT_EQ(chain(Finder, "x/k.cu"), (std::vector<std::string>{path("x/.cudalint.yaml")}));

  UnitConfigs Configs({}, std::nullopt, false,
                      [](const ConfigDiagnostic &, bool) { ADD_FAILURE(); });
  const UnitSettings *Settings = Configs.forFile(path("a/b/c/k.cu"));
  ASSERT_TRUE(Settings);
  EXPECT_EQ(Settings->Analysis.Checks.size(), 2u);
  EXPECT_EQ(Settings->Config.CheckOptions.at("cuda-unchecked-error.StatusTypes"), "root_t");
  EXPECT_EQ(Settings->Config.CheckOptions.at("cuda-unchecked-error.CheckMacro"), "C");
  // Files with the same configuration share their settings.
  EXPECT_EQ(Configs.forFile(path("a/b/c/other.cu")), Settings);
  EXPECT_NE(Configs.forFile(path("x/k.cu")), Settings);
}

TEST_F(ConfigTreeTest, BrokenFileIsReportedOnceAndStopsItsUnits) {
  write(".cudalint.yaml", "Checks: [\n");
  write("ok/.cudalint.yaml", "Checks: 'cuda-*'\nCheckOption: x\n");
  std::vector<std::string> Errors, Warnings;
  UnitConfigs Configs({}, std::nullopt, false, [&](const ConfigDiagnostic &Problem, bool IsError) {
    (IsError ? Errors : Warnings).push_back(Problem.str());
  });
  EXPECT_EQ(Configs.forFile(path("a.cu")), nullptr);
  EXPECT_EQ(Configs.forFile(path("b.cu")), nullptr);
  EXPECT_EQ(Errors.size(), 1u);
  EXPECT_NE(Configs.forFile(path("ok/a.cu")), nullptr);
  EXPECT_NE(Configs.forFile(path("ok/b.cu")), nullptr);
  EXPECT_EQ(Warnings, (Strings{path("ok/.cudalint.yaml") +
                               ":2:1: unknown key 'CheckOption'; did you mean 'CheckOptions'? "
                               "(ignored)"}));
}

TEST_F(ConfigTreeTest, ForcedFileAppliesEverywhere) {
  write(".cudalint.yaml", "Checks: '-*,cuda-alloc-pointer-arg'\n");
  write("elsewhere/forced.yaml", "Checks: '-*,cuda-unchecked-error'\n");
  UnitConfigs Configs({}, readConfigFile(path("elsewhere/forced.yaml")), false,
                      [](const ConfigDiagnostic &, bool) { ADD_FAILURE(); });
  const UnitSettings *Settings = Configs.forFile(path("a.cu"));
  ASSERT_TRUE(Settings);
  ASSERT_EQ(Settings->Analysis.Checks.size(), 1u);
  EXPECT_EQ(Settings->Analysis.Checks.front()->Id, "cuda-unchecked-error");
}

TEST(ConfigVerifyTest, ReportsUnknownChecksGlobsAndOptionsWithPlaces) {
  ConfigFile File = parseConfigFile(R"(Checks: '-*,cuda-unchecked-eror,clang-analyzer-*,cuda-*'
WarningsAsErrors: 'cuda-alloc-pointer-arg'
CheckOptions:
  cuda-unchecked-error.CheckMacro: CUDA_CHECK
  cuda-unchecked-error.CheckMacr: CUDA_CHECK
  cuda-nothing.Option: 1
  NoDot: 1
Unknown: 1
)",
                                    "c.yaml");
  EXPECT_EQ(messages(verifyConfigFile(File, registeredChecks())),
            (Strings{"c.yaml:1:13: unknown check 'cuda-unchecked-eror' in Checks; did you "
                     "mean 'cuda-unchecked-error'?",
                     "c.yaml:1:33: check glob 'clang-analyzer-*' in Checks matches no check",
                     "c.yaml:5:3: unknown option 'CheckMacr' of check 'cuda-unchecked-error'; "
                     "did you mean 'CheckMacro'?",
                     "c.yaml:6:3: unknown check 'cuda-nothing' in check option "
                     "'cuda-nothing.Option'",
                     "c.yaml:7:3: check option 'NoDot' names no check; option keys are "
                     "<check-id>.<Option>",
                     "c.yaml:8:1: unknown key 'Unknown' (ignored)"}));
  EXPECT_TRUE(
      verifyConfigFile(parseConfigFile("Checks: '-*,cuda-*'\n", "ok.yaml"), registeredChecks())
          .empty());
  Strings Invalid = messages(
      verifyConfigFile(parseConfigFile("HeaderFilterRegex: '('\n", "r"), registeredChecks()));
  ASSERT_EQ(Invalid.size(), 1u);
  EXPECT_EQ(Invalid.front().rfind("r:1:20: invalid HeaderFilterRegex: ", 0), 0u) << Invalid.front();
}

TEST(ConfigVerifyTest, CommandLineValues) {
  ConfigOverrides CommandLine;
  CommandLine.Checks = "-*,cuda-unchecked-error,misc-*";
  CommandLine.CheckOptions["cuda-alloc-pointer-arg.Foo"] = "1";
  // The path-sensitive checks' options are known as well as the AST ones.
  CommandLine.CheckOptions["cuda-memory-leak.ReportAtMainReturn"] = "true";
  CommandLine.CheckOptions["cuda-memory-leak.ReportAtMainReturns"] = "true";
  EXPECT_EQ(messages(verifyOverrides(CommandLine, registeredChecks())),
            (Strings{"--checks: check glob 'misc-*' in --checks matches no check",
                     "--check-option: check 'cuda-alloc-pointer-arg' has no options; "
                     "'cuda-alloc-pointer-arg.Foo' is ignored",
                     "--check-option: unknown option 'ReportAtMainReturns' of check "
                     "'cuda-memory-leak'; did you mean 'ReportAtMainReturn'?"}));
}

TEST(ConfigDumpTest, EffectiveOptionsAndRoundTrip) {
  Configuration Config;
  Config.Checks = "cuda-*,\n-cuda-alloc-pointer-arg";
  Config.CheckOptions["cuda-unchecked-error.CheckMacro"] = "MY_CHECK";
  Config.CheckOptions["other-check.Option"] = "it's";
  Config.ExtraArgs = {"-DA=1"};
  Config.Units = DatabaseUnits::Cuda;
  UnitSettings Settings(Config, false);
  CheckOptionMap Effective = effectiveCheckOptions(Settings.Analysis.Checks, Config.CheckOptions);
  EXPECT_EQ(Effective.at("cuda-unchecked-error.CheckMacro"), "MY_CHECK");
  EXPECT_EQ(Effective.at("cuda-unchecked-error.CheckKernelLaunches"), "true");
  EXPECT_EQ(Effective.at("other-check.Option"), "it's");

  std::string Dumped;
  llvm::raw_string_ostream OS(Dumped);
  writeConfiguration(OS, Config, Effective);
  EXPECT_NE(Dumped.find("Checks: 'cuda-*,-cuda-alloc-pointer-arg'\n"), std::string::npos) << Dumped;
  ConfigFile Reread = parseConfigFile(Dumped, "dumped.yaml");
  EXPECT_TRUE(Reread.Errors.empty()) << Dumped;
  EXPECT_TRUE(Reread.UnknownKeys.empty()) << Dumped;
  Configuration Again;
  Again.Checks.clear();
  mergeConfigFile(Again, Reread);
  EXPECT_EQ(Again.Checks, "cuda-*,-cuda-alloc-pointer-arg");
  EXPECT_EQ(Again.CheckOptions, Effective);
  EXPECT_EQ(Again.ExtraArgs, Config.ExtraArgs);
  EXPECT_NE(Dumped.find("Units: 'cuda'\n"), std::string::npos) << Dumped;
  EXPECT_EQ(Again.Units, DatabaseUnits::Cuda);
}

} // namespace
} // namespace cudalint
