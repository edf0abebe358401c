// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/CompileDatabase.h"
#include "database/UnitSelection.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

template <typename... Texts> std::vector<std::string> strings(Texts &&...Items) {
  return {std::string(Items)...};
}

std::string joined(const std::vector<std::string> &Items) {
  std::string Result;
  for (const std::string &Item : Items)
    Result += "\n  " + Item;
  return Result;
}

std::string files(const std::vector<CompileCommand> &Commands) {
  std::string Result;
  for (const CompileCommand &Command : Commands)
    Result += "\n  " + Command.File;
  return Result;
}

bool mentions(const std::string &Text, std::vector<std::string> Parts) {
  for (const std::string &Part : Parts)
    if (Text.find(Part) == std::string::npos)
      return false;
  return true;
}

// A scratch directory, removed with everything in it when the test ends.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<256> Created;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-db", Created));
    // Resolve /tmp links so that paths compare equal to loaded ones.
    llvm::SmallString<256> Real;
    EXPECT_FALSE(llvm::sys::fs::real_path(Created, Real));
    Root = std::string(Real);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Relative) const {
    llvm::SmallString<256> Result(Root);
    llvm::sys::path::append(Result, Relative);
    return std::string(Result);
  }

  std::string write(llvm::StringRef Relative, llvm::StringRef Content) const {
    std::string Path = path(Relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    std::error_code Error;
    llvm::raw_fd_ostream Out(Path, Error);
    EXPECT_FALSE(Error) << Path << ": " << Error.message();
    Out << Content;
    return Path;
  }

  std::string Root;
};

std::string jsonString(llvm::StringRef Text) {
  std::string Result = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Result += '\\';
    Result += C;
  }
  return Result + "\"";
}

std::string commandEntry(llvm::StringRef Directory, llvm::StringRef File, llvm::StringRef Command) {
  return "{\"directory\": " + jsonString(Directory) + ", \"file\": " + jsonString(File) +
         ", \"command\": " + jsonString(Command) + "}";
}

CompileCommand commandFor(llvm::StringRef File, std::vector<std::string> Arguments) {
  CompileCommand Command;
  Command.Directory = "/work/build";
  Command.File = File.str();
  Command.Arguments = std::move(Arguments);
  return Command;
}

// --- Reading entries -------------------------------------------------------

TEST(CompileDatabaseTest, ReadsCommandStringsAsAShellWould) {
  TempDir Dir;
  std::string Json =
      Dir.write("build/compile_commands.json",
                "[" +
                    commandEntry(Dir.path("build"), Dir.path("src/va.cu"),
                                 "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                                 "-DGREETING=\"\\\"hi there\\\"\" -D'SINGLE=a b' "
                                 "-I/x --generate-code=arch=compute_90,code=[compute_90,sm_90] "
                                 "-std=c++17 -x cu -c " +
                                     Dir.path("src/va.cu") + " -o CMakeFiles/va.dir/va.cu.o") +
                    "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_TRUE(Database.Loaded);
  EXPECT_TRUE(Database.Problems.empty()) << joined(Database.Problems);
  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  const CompileCommand &Command = Database.Commands[0];
  EXPECT_EQ(Command.Directory, Dir.path("build"));
  EXPECT_EQ(Command.File, Dir.path("src/va.cu"));
  EXPECT_EQ(Command.Arguments,
            strings("/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
                    "-DGREETING=\"hi there\"", "-DSINGLE=a b", "-I/x",
                    "--generate-code=arch=compute_90,code=[compute_90,sm_90]", "-std=c++17", "-x",
                    "cu", "-c", Dir.path("src/va.cu"), "-o", "CMakeFiles/va.dir/va.cu.o"));
}

TEST(CompileDatabaseTest, ReadsArgumentArraysVerbatim) {
  TempDir Dir;
  std::string Json =
      Dir.write("compile_commands.json", "[{\"directory\": \"" + Dir.Root +
                                             "\", \"file\": \"a.cu\", \"arguments\": [\"clang++\", "
                                             "\"-DQ=\\\"x y\\\"\", \"-c\", \"a.cu\"]}]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments, strings("clang++", "-DQ=\"x y\"", "-c", "a.cu"));
}

TEST(CompileDatabaseTest, PrefersArgumentsOverCommandLikeClang) {
  TempDir Dir;
  std::string Json =
      Dir.write("compile_commands.json",
                "[{\"directory\": \"/b\", \"file\": \"a.cu\", \"command\": \"nvcc a.cu\", "
                "\"arguments\": [\"clang++\", \"a.cu\"]}]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments, strings("clang++", "a.cu"));
}

TEST(CompileDatabaseTest, ResolvesRelativeDirectoryAgainstTheDatabaseFolder) {
  TempDir Dir;
  std::string Json =
      Dir.write("build/compile_commands.json",
                "[" + commandEntry("./out/../obj", "../src/./k.cu", "nvcc -c k.cu") + "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Directory, Dir.path("build/obj"));
  EXPECT_EQ(Database.Commands[0].File, Dir.path("build/src/k.cu"));
  EXPECT_EQ(Database.Path, Json);
}

TEST(CompileDatabaseTest, RemovesDotsFromAbsolutePaths) {
  TempDir Dir;
  std::string Json = Dir.write(
      "compile_commands.json",
      "[" + commandEntry("/work/./build/../build", "/work/src/../src/./a.cu", "nvcc -c a.cu") +
          "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Directory, "/work/build");
  EXPECT_EQ(Database.Commands[0].File, "/work/src/a.cu");
}

TEST(CompileDatabaseTest, SplitsADriveLetterCommandTheWindowsWay) {
  TempDir Dir;
  std::string Json = Dir.write(
      "compile_commands.json",
      "[" + commandEntry("/b", "a.cu", "C:\\CUDA\\bin\\nvcc.exe -IC:\\src\\include -c a.cu") + "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments,
            strings("C:\\CUDA\\bin\\nvcc.exe", "-IC:\\src\\include", "-c", "a.cu"));
}

// --- Problems --------------------------------------------------------------

TEST(CompileDatabaseTest, ReportsAndSkipsMalformedEntriesButLoadsTheRest) {
  TempDir Dir;
  std::string Json = Dir.write("compile_commands.json", R"([
    "not an object",
    {"directory": "/b", "command": "nvcc -c a.cu"},
    {"directory": "/b", "file": 3, "command": "nvcc -c a.cu"},
    {"directory": "/b", "file": "a.cu"},
    {"directory": "/b", "file": "a.cu", "arguments": "nvcc -c a.cu"},
    {"directory": "/b", "file": "a.cu", "arguments": ["nvcc", 7]},
    {"file": "a.cu", "command": "nvcc -c a.cu"},
    {"directory": "/b", "file": "a.cu", "command": ""},
    {"directory": "/b", "file": "good.cu", "command": "nvcc -c good.cu"}
  ])");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_TRUE(Database.Loaded);
  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].File, "/b/good.cu");
  EXPECT_EQ(Database.Problems,
            strings(Json + ": entry 0: not a JSON object; skipped",
                    Json + ": entry 1: no 'file' field; skipped",
                    Json + ": entry 2: 'file' is not a string; skipped",
                    Json + ": entry 3: neither 'arguments' nor 'command' field; skipped",
                    Json + ": entry 4: 'arguments' is not an array; skipped",
                    Json + ": entry 5: 'arguments' element 1 is not a string; skipped",
                    Json + ": entry 6: no 'directory' field; skipped",
                    Json + ": entry 7: 'command' is empty; skipped"));
}

// A header is linted through the first unit whose main file includes it by
// a path that ends at one of its path components.
TEST(CompileDatabaseTest, FindsTheFirstUnitThatIncludesAHeader) {
  TempDir Dir;
  std::string Header = Dir.path("src/solver/cg_solve.cuh");
  CompileDatabase Database;
  Database.Commands = {
      commandFor(Dir.write("src/other.cu", "#include \"solve.cuh\"\n#include <cg_solve.cuh.in>\n"),
                 {"nvcc"}),
      commandFor(Dir.write("src/main.cu", "int x;\n  #  include <solver/cg_solve.cuh>\n"),
                 {"nvcc"}),
      commandFor(Dir.write("src/later.cu", "#include \"./solver/../solver/cg_solve.cuh\"\n"),
                 {"nvcc"})};
  const CompileCommand *Including = includingCommand(Database, Header);
  ASSERT_NE(Including, nullptr);
  EXPECT_EQ(Including->File, Dir.path("src/main.cu"));
  EXPECT_EQ(includingCommand(Database, Dir.path("src/solver/unused.cuh")), nullptr);
  // A unit does not include itself.
  EXPECT_EQ(includingCommand(Database, Dir.path("src/other.cu")), nullptr);
}

TEST(CompileDatabaseTest, AMissingFileIsNotLoaded) {
  TempDir Dir;
  CompileDatabase Database = loadCompileDatabase(Dir.path("compile_commands.json"));

  EXPECT_FALSE(Database.Loaded);
  EXPECT_TRUE(Database.Commands.empty()) << files(Database.Commands);
  ASSERT_EQ(Database.Problems.size(), 1u) << joined(Database.Problems);
  EXPECT_TRUE(mentions(Database.Problems[0],
                       {"cannot read compile database", Dir.path("compile_commands.json")}))
      << Database.Problems[0];
}

TEST(CompileDatabaseTest, TextThatIsNotJsonIsNotLoaded) {
  TempDir Dir;
  std::string Json = Dir.write("compile_commands.json", "[{\"directory\": ");

  CompileDatabase Database = loadCompileDatabase(Json);

  EXPECT_FALSE(Database.Loaded);
  ASSERT_EQ(Database.Problems.size(), 1u) << joined(Database.Problems);
  EXPECT_TRUE(mentions(Database.Problems[0], {Json + ": not valid JSON: "}))
      << Database.Problems[0];
}

TEST(CompileDatabaseTest, JsonThatIsNotAnArrayIsNotLoaded) {
  TempDir Dir;
  std::string Json = Dir.write("compile_commands.json", "{\"directory\": \"/b\"}");

  CompileDatabase Database = loadCompileDatabase(Json);

  EXPECT_FALSE(Database.Loaded);
  EXPECT_EQ(Database.Problems, strings(Json + ": not a JSON array of compile commands"));
}

TEST(CompileDatabaseTest, AnEmptyArrayLoadsNoCommands) {
  TempDir Dir;
  CompileDatabase Database = loadCompileDatabase(Dir.write("compile_commands.json", "[]"));

  EXPECT_TRUE(Database.Loaded);
  EXPECT_TRUE(Database.Commands.empty()) << files(Database.Commands);
  EXPECT_TRUE(Database.Problems.empty()) << joined(Database.Problems);
}

// --- Response files --------------------------------------------------------

TEST(CompileDatabaseTest, ExpandsCMakeIncludesResponseFileForNvcc) {
  TempDir Dir;
  // CMake >= 3.29 with Ninja writes a CUDA unit's include flags this way.
  Dir.write("build/CMakeFiles/va.dir/includes_CUDA.rsp",
            "-I" + Dir.path("include") +
                " \"-I/path with space\" -isystem=/usr/local/cuda/include\n");
  std::string Json =
      Dir.write("build/compile_commands.json",
                "[" +
                    commandEntry(Dir.path("build"), Dir.path("src/va.cu"),
                                 "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                                 "-DX=1 --options-file CMakeFiles/va.dir/includes_CUDA.rsp "
                                 "-O3 -x cu -c " +
                                     Dir.path("src/va.cu") + " -o CMakeFiles/va.dir/va.cu.o") +
                    "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  EXPECT_TRUE(Database.Problems.empty()) << joined(Database.Problems);
  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments,
            strings("/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DX=1",
                    "-I" + Dir.path("include"), "-I/path with space",
                    "-isystem=/usr/local/cuda/include", "-O3", "-x", "cu", "-c",
                    Dir.path("src/va.cu"), "-o", "CMakeFiles/va.dir/va.cu.o"));
}

TEST(CompileDatabaseTest, ExpandsEveryResponseFileSpelling) {
  TempDir Dir;
  Dir.write("b/one.rsp", "-DONE");
  Dir.write("b/two.rsp", "-DTWO");
  Dir.write("b/three.rsp", "-DTHREE");
  Dir.write("b/four.rsp", "-DFOUR");
  Dir.write("b/five.rsp", "-DFIVE");
  std::string Json =
      Dir.write("compile_commands.json",
                "[{\"directory\": \"b\", \"file\": \"a.cu\", \"arguments\": [\"nvcc\", "
                "\"@one.rsp\", \"--options-file=two.rsp\", \"-optf\", \"three.rsp\", "
                "\"-optf=four.rsp,five.rsp\", \"a.cu\"]}]");

  CompileDatabase Database = loadCompileDatabase(Json);

  EXPECT_TRUE(Database.Problems.empty()) << joined(Database.Problems);
  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments,
            strings("nvcc", "-DONE", "-DTWO", "-DTHREE", "-DFOUR", "-DFIVE", "a.cu"));
}

TEST(CompileDatabaseTest, ExpandsNestedResponseFilesRelativeToTheDirectory) {
  TempDir Dir;
  Dir.write("build/outer.rsp", "-DOUTER @rsp/inner.rsp -DAFTER");
  Dir.write("build/rsp/inner.rsp", "'-DINNER=a b' --options-file rsp/last.rsp");
  Dir.write("build/rsp/last.rsp", "-DLAST");
  std::string Json =
      Dir.write("compile_commands.json",
                "[" + commandEntry(Dir.path("build"), "a.cu", "g++ @outer.rsp -c a.cu") + "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  EXPECT_TRUE(Database.Problems.empty()) << joined(Database.Problems);
  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments,
            strings("g++", "-DOUTER", "-DINNER=a b", "-DLAST", "-DAFTER", "-c", "a.cu"));
}

TEST(CompileDatabaseTest, AMissingResponseFileIsAProblemOfThatUnitOnly) {
  TempDir Dir;
  std::string Json = Dir.write(
      "compile_commands.json",
      "[" +
          commandEntry(Dir.Root, "a.cu", "nvcc --options-file CMakeFiles/gone.rsp -DKEPT -c a.cu") +
          "," + commandEntry(Dir.Root, "b.cu", "nvcc -c b.cu") + "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 2u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments, strings("nvcc", "-DKEPT", "-c", "a.cu"));
  ASSERT_EQ(Database.Problems.size(), 1u) << joined(Database.Problems);
  EXPECT_TRUE(mentions(Database.Problems[0],
                       {Json + ": entry 0 (" + Dir.path("a.cu") + ")",
                        "cannot read response file '" + Dir.path("CMakeFiles/gone.rsp") + "'"}))
      << Database.Problems[0];
}

TEST(CompileDatabaseTest, AResponseFileThatIncludesItselfStops) {
  TempDir Dir;
  Dir.write("loop.rsp", "-DLOOP @loop.rsp");
  std::string Json =
      Dir.write("compile_commands.json",
                "[" + commandEntry(Dir.Root, "a.cu", "clang++ @loop.rsp a.cu") + "]");

  CompileDatabase Database = loadCompileDatabase(Json);

  ASSERT_EQ(Database.Commands.size(), 1u) << files(Database.Commands);
  EXPECT_EQ(Database.Commands[0].Arguments, strings("clang++", "-DLOOP", "a.cu"));
  ASSERT_EQ(Database.Problems.size(), 1u);
  EXPECT_TRUE(mentions(Database.Problems[0], {"includes itself"})) << Database.Problems[0];
}

// --- Finding databases and commands ---------------------------------------

TEST(CompileDatabaseTest, FindsTheNearestDatabaseAboveASource) {
  TempDir Dir;
  Dir.write("project/compile_commands.json", "[]");
  Dir.write("project/sub/compile_commands.json", "[]");
  Dir.write("project/src/deep/k.cu", "");

  EXPECT_EQ(findCompileDatabaseAbove(Dir.path("project/src/deep/k.cu")),
            Dir.path("project/compile_commands.json"));
  EXPECT_EQ(findCompileDatabaseAbove(Dir.path("project/sub/k.cu")),
            Dir.path("project/sub/compile_commands.json"));
  EXPECT_EQ(findCompileDatabaseAbove(Dir.path("project/src/../sub/x/y.cu")),
            Dir.path("project/sub/compile_commands.json"));
}

TEST(CompileDatabaseTest, FindsNoDatabaseWhereThereIsNone) {
  TempDir Dir;
  Dir.write("lonely/k.cu", "");

  std::optional<std::string> Found = findCompileDatabaseAbove(Dir.path("lonely/k.cu"));

  // A database above the temporary directory is outside this test's control.
  if (Found)
    EXPECT_FALSE(llvm::StringRef(*Found).starts_with(Dir.Root)) << *Found;
}

TEST(CompileDatabaseTest, ReturnsEveryConfigurationOfAFile) {
  CompileDatabase Database;
  Database.Commands = {commandFor("/src/a.cu", strings("nvcc", "-DDEBUG", "a.cu")),
                       commandFor("/src/b.cu", strings("nvcc", "b.cu")),
                       commandFor("/src/a.cu", strings("nvcc", "-DNDEBUG", "a.cu"))};

  std::vector<const CompileCommand *> Found = commandsForFile(Database, "/src/./x/../a.cu");

  ASSERT_EQ(Found.size(), 2u);
  EXPECT_EQ(Found[0]->Arguments[1], "-DDEBUG");
  EXPECT_EQ(Found[1]->Arguments[1], "-DNDEBUG");
  EXPECT_TRUE(commandsForFile(Database, "/src/c.cu").empty());
}

// --- Recognising compilers and CUDA units ---------------------------------

TEST(CompileDatabaseTest, RecognisesCompilersByName) {
  EXPECT_EQ(compilerKind("/usr/local/cuda/bin/nvcc"), CompilerKind::Nvcc);
  EXPECT_EQ(compilerKind("C:\\CUDA\\bin\\nvcc.exe"), CompilerKind::Nvcc);
  EXPECT_EQ(compilerKind("nvcc-12.4"), CompilerKind::Nvcc);
  EXPECT_EQ(compilerKind("/usr/bin/clang++-22"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("clang"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("x86_64-pc-linux-gnu-clang++"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("/usr/bin/g++-12"), CompilerKind::Gcc);
  EXPECT_EQ(compilerKind("aarch64-linux-gnu-gcc"), CompilerKind::Gcc);
  EXPECT_EQ(compilerKind("/usr/bin/c++"), CompilerKind::Gcc);
  EXPECT_EQ(compilerKind("cc"), CompilerKind::Gcc);
  EXPECT_EQ(compilerKind("clang-cl"), CompilerKind::Unknown);
  EXPECT_EQ(compilerKind("icc"), CompilerKind::Unknown);
  EXPECT_EQ(compilerKind("/opt/intel/bin/icpx"), CompilerKind::Unknown);
}

TEST(CompileDatabaseTest, SkipsLaunchersToFindTheCompiler) {
  EXPECT_EQ(compilerIndex(strings("nvcc", "a.cu")), 0u);
  EXPECT_EQ(compilerIndex(strings("/usr/bin/ccache", "nvcc", "a.cu")), 1u);
  EXPECT_EQ(compilerIndex(strings("sccache", "clang++", "a.cu")), 1u);
  EXPECT_EQ(compilerIndex(strings("distcc", "g++", "a.cu")), 1u);
  EXPECT_EQ(compilerIndex(strings("ccache", "CCACHE_SLOPPINESS=time_macros", "nvcc")), 2u);
  EXPECT_EQ(compilerIndex(strings("ccache")), 1u);
}

TEST(CompileDatabaseTest, RecognisesCudaUnits) {
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cu", strings("clang++", "-c", "a.cu"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cuh", strings("clang++", "a.cuh"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cpp", strings("/usr/local/cuda/bin/nvcc", "a.cpp"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cpp", strings("ccache", "nvcc", "a.cpp"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cpp", strings("g++", "-x", "cu", "a.cpp"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cpp", strings("clang++", "-x", "cuda", "a.cpp"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cpp", strings("clang++", "-xcuda", "a.cpp"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cpp", strings("nvcc", "--x=cu", "a.cpp"))));
  EXPECT_FALSE(isCudaUnit(commandFor("/s/a.cpp", strings("clang++", "-c", "a.cpp"))));
  EXPECT_FALSE(isCudaUnit(commandFor("/s/a.cpp", strings("ccache", "g++", "a.cpp"))));
  EXPECT_FALSE(isCudaUnit(commandFor("/s/a.cu", strings("nvcc", "-x", "c++", "a.cu"))));
  EXPECT_TRUE(isCudaUnit(commandFor("/s/a.cu", strings("g++", "-x", "c++", "-x", "none", "a.cu"))));
}

TEST(CompileDatabaseTest, TellsTheLanguageOfAUnitAsItsCompilerDoes) {
  EXPECT_EQ(unitLanguage(commandFor("/s/a.cu", strings("clang++", "-c", "a.cu"))),
            UnitLanguage::Cuda);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("nvcc", "-c", "a.c"))), UnitLanguage::Cuda);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("gcc", "-c", "a.c"))), UnitLanguage::C);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("ccache", "cc", "a.c"))), UnitLanguage::C);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("/usr/bin/clang-22", "a.c"))),
            UnitLanguage::C);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("x86_64-linux-gnu-g++-12", "a.c"))),
            UnitLanguage::Cxx);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("clang++", "a.c"))), UnitLanguage::Cxx);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.cpp", strings("gcc", "-x", "c", "a.cpp"))),
            UnitLanguage::C);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("gcc", "-x", "c++", "a.c"))),
            UnitLanguage::Cxx);
  for (const char *File : {"/s/a.cpp", "/s/a.cc", "/s/a.cxx", "/s/a.C", "/s/a.c++"})
    EXPECT_EQ(unitLanguage(commandFor(File, strings("gcc", "-c", File))), UnitLanguage::Cxx)
        << File;
  EXPECT_EQ(unitLanguage(commandFor("/s/a.S", strings("gcc", "-c", "a.S"))), UnitLanguage::Other);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.m", strings("clang", "-c", "a.m"))), UnitLanguage::Other);
  EXPECT_EQ(unitLanguage(commandFor("/s/a.c", strings("gcc", "-x", "assembler", "a.c"))),
            UnitLanguage::Other);
}

} // namespace
