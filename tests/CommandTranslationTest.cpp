// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/CommandTranslation.h"
#include "database/CompileDatabase.h"
#include "database/CudaToolkit.h"

#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Options/OptionUtils.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace cudalint;

namespace {

using Strings = std::vector<std::string>;

constexpr const char *Directory = "/work/src";
constexpr const char *Source = "/work/src/a.cu";

ToolchainSetup toolkitSetup() { return {"/resource", std::string("/usr/local/cuda"), "/bundled"}; }

ToolchainSetup bundledSetup() { return {"/resource", std::nullopt, "/bundled"}; }

Strings tokens(llvm::StringRef CommandLine) {
  llvm::BumpPtrAllocator Allocator;
  llvm::StringSaver Saver(Allocator);
  llvm::SmallVector<const char *, 32> Pieces;
  llvm::cl::TokenizeGNUCommandLine(CommandLine, Saver, Pieces);
  return Strings(Pieces.begin(), Pieces.end());
}

CompileCommand command(llvm::StringRef CommandLine, llvm::StringRef File = Source) {
  return {Directory, File.str(), tokens(CommandLine)};
}

TranslatedCommand translate(llvm::StringRef CommandLine,
                            const ToolchainSetup &Toolchain = toolkitSetup(),
                            llvm::StringRef File = Source) {
  return translateCompileCommand(command(CommandLine, File), Toolchain);
}

std::string joined(const Strings &Items) {
  std::string Result;
  for (const std::string &Item : Items)
    Result += "\n  " + Item;
  return Result;
}

std::string shown(const TranslatedCommand &Translated) {
  return "arguments:" + joined(Translated.Arguments) + "\nnotices:" + joined(Translated.Notices);
}

bool has(const Strings &Items, llvm::StringRef Item) { return llvm::is_contained(Items, Item); }

size_t count(const Strings &Items, llvm::StringRef Item) { return llvm::count(Items, Item); }

bool hasSequence(const Strings &Items, const Strings &Sequence) {
  return std::search(Items.begin(), Items.end(), Sequence.begin(), Sequence.end()) != Items.end();
}

bool hasPrefix(const Strings &Items, llvm::StringRef Prefix) {
  return llvm::any_of(Items, [&](llvm::StringRef Item) { return Item.starts_with(Prefix); });
}

// How many notices name `Text`.
size_t noticesNaming(const TranslatedCommand &Translated, llvm::StringRef Text) {
  return llvm::count_if(Translated.Notices,
                        [&](llvm::StringRef Notice) { return Notice.contains(Text); });
}

Strings gpuArchs(const TranslatedCommand &Translated) {
  Strings Archs;
  for (llvm::StringRef Argument : Translated.Arguments)
    if (Argument.consume_front("--cuda-gpu-arch="))
      Archs.push_back(Argument.str());
  return Archs;
}

// The flags between "clang++" and what cudalint always adds.
// The command's own flags: after what comes before them for clang's CUDA
// wrapper (PointsTheWrappersQuotedIncludesAtTheToolkit), before -fsyntax-only.
Strings commandFlags(const TranslatedCommand &Translated) {
  Strings Result;
  size_t First = 1;
  if (Translated.Arguments.size() > 2 && Translated.Arguments[1] == "-iquote")
    First = 3;
  for (size_t I = First; I < Translated.Arguments.size(); ++I) {
    if (Translated.Arguments[I] == "-fsyntax-only")
      break;
    Result.push_back(Translated.Arguments[I]);
  }
  return Result;
}

// --- The shape of every translation ---------------------------------------

TEST(CommandTranslationTest, ProducesASyntaxOnlyHostParseForTheClangDriver) {
  TranslatedCommand Translated = translate("nvcc -c a.cu");

  const Strings &Args = Translated.Arguments;
  ASSERT_GE(Args.size(), 4u) << shown(Translated);
  EXPECT_EQ(Args.front(), "clang++");
  EXPECT_EQ(Args.back(), Source);
  EXPECT_EQ(Args[Args.size() - 3], "-x");
  EXPECT_EQ(Args[Args.size() - 2], "cuda");
  EXPECT_TRUE(has(Args, "-fsyntax-only")) << shown(Translated);
  EXPECT_TRUE(has(Args, "--cuda-host-only")) << shown(Translated);
  EXPECT_TRUE(has(Args, "-resource-dir=/resource")) << shown(Translated);
  EXPECT_TRUE(has(Args, "-Wno-unknown-cuda-version")) << shown(Translated);
  EXPECT_TRUE(has(Args, "--cuda-path=/usr/local/cuda")) << shown(Translated);
  EXPECT_FALSE(has(Args, "-nocudainc")) << shown(Translated);
  EXPECT_EQ(count(Args, Source), 1u) << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, TranslatesACMakeNvccCommand) {
  TranslatedCommand Translated =
      translate("/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -I/x "
                "--generate-code=arch=compute_90,code=[compute_90,sm_90] -std=c++17 "
                "-x cu -c /work/src/a.cu -o CMakeFiles/va.dir/a.cu.o");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-I/x", "-std=c++17", "-x", "cuda", "--cuda-gpu-arch=sm_90"}))
      << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, TranslatesTheCommandCMake325Writes) {
  // Verbatim from CMake 3.25 with CUDA_ARCHITECTURES "80;90",
  // CUDA_SEPARABLE_COMPILATION and position-independent code.
  TranslatedCommand Translated =
      translate("/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                "-DGREETING=\"\\\"hi there\\\"\" -DWITH_COMMA=1 -I/work/include "
                "-isystem=/usr/local/cuda/include -O3 -DNDEBUG "
                "--generate-code=arch=compute_80,code=[compute_80,sm_80] "
                "--generate-code=arch=compute_90,code=[compute_90,sm_90] -Xcompiler=-fPIC "
                "--expt-relaxed-constexpr -Xcompiler=-fno-gnu-unique,-Wall -std=c++17 "
                "-x cu -rdc=true -c /work/src/a.cu -o CMakeFiles/va.dir/src/a.cu.o");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-DGREETING=\"hi there\"", "-DWITH_COMMA=1", "-I/work/include", "-isystem",
                     "/usr/local/cuda/include", "-O3", "-DNDEBUG", "-fPIC",
                     "-D__CUDACC_RELAXED_CONSTEXPR__", "-Wall", "-std=c++17", "-x", "cuda",
                     "-fgpu-rdc", "--cuda-gpu-arch=sm_80", "--cuda-gpu-arch=sm_90"}))
      << shown(Translated);
  EXPECT_EQ(Translated.Notices,
            Strings({"dropped flag '-fno-gnu-unique' that clang does not know"}));
}

// --- nvcc: GPU architectures ------------------------------------------------

TEST(CommandTranslationTest, ReadsEverySpellingOfAnArchitecture) {
  const char *Spellings[] = {
      "-arch=sm_90",
      "-arch sm_90",
      "--gpu-architecture=sm_90",
      "--gpu-architecture sm_90",
      "-arch=compute_90",
      "-code=sm_90",
      "--gpu-code sm_90",
      "-gencode arch=compute_90,code=sm_90",
      "-gencode=arch=compute_90,code=\\\"sm_90,compute_90\\\"",
      "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
      "--generate-code arch=compute_90,code=compute_90",
      "-arch=sm_90 -code=sm_90,compute_90",
  };
  for (const char *Spelling : Spellings) {
    SCOPED_TRACE(Spelling);
    TranslatedCommand Translated = translate(std::string("nvcc ") + Spelling + " -c a.cu");
    EXPECT_EQ(gpuArchs(Translated), Strings({"sm_90"})) << shown(Translated);
    EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
    EXPECT_EQ(Translated.Arguments.back(), Source);
  }
}

TEST(CommandTranslationTest, KeepsEveryArchitectureOnce) {
  TranslatedCommand Translated =
      translate("nvcc -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90a,"
                "code=[sm_90a,compute_90a] -gencode arch=compute_80,code=compute_80 a.cu");

  EXPECT_EQ(gpuArchs(Translated), Strings({"sm_80", "sm_90a"})) << shown(Translated);
}

// With a code= list, arch= names only the virtual architecture the codes are
// compiled from: no sm_80 code is built here.
TEST(CommandTranslationTest, BuildsTheCodesOfAGencodeNotItsVirtualArchitecture) {
  TranslatedCommand Translated = translate("nvcc -gencode arch=compute_80,code=sm_86 -c a.cu");
  EXPECT_EQ(gpuArchs(Translated), Strings({"sm_86"})) << shown(Translated);
  std::vector<GpuTarget> Targets = gpuTargetsOf(Translated.Arguments);
  ASSERT_EQ(Targets.size(), 1u) << shown(Translated);
  EXPECT_EQ(Targets[0].Arch, "sm_86");
  EXPECT_FALSE(Targets[0].EmbedsPtx);
}

// Which architectures carry PTX decides which GPUs run the code, and so how
// much shared memory a launch may ask for.
TEST(CommandTranslationTest, MarksArchitecturesBuiltWithoutPtx) {
  struct Case {
    const char *Flags;
    Strings WithoutPtx;
  } Cases[] = {
      {"-arch=sm_86", {}},
      {"-arch=compute_86", {}},
      {"-gencode arch=compute_86,code=sm_86", {"sm_86"}},
      {"-gencode arch=compute_86,code=[sm_86,compute_86]", {}},
      {"-gencode=arch=compute_75,code=\\\"sm_75,compute_75\\\" -gencode arch=compute_86,code=sm_86",
       {"sm_86"}},
      {"-arch=compute_80 -code=sm_80,sm_86", {"sm_80", "sm_86"}},
      {"-arch=sm_90a -code=sm_90a", {"sm_90a"}},
      {"-arch=native", {}},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Flags);
    TranslatedCommand Translated = translate(std::string("nvcc ") + C.Flags + " -c a.cu");
    Strings WithoutPtx;
    for (llvm::StringRef Argument : Translated.Arguments)
      if (Argument.consume_front("--no-cuda-include-ptx="))
        WithoutPtx.push_back(Argument.str());
    EXPECT_EQ(WithoutPtx, C.WithoutPtx) << shown(Translated);
    EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
  }
}

TEST(CommandTranslationTest, DropsArchitectureNamesThatNameNone) {
  for (const char *Spelling : {"-arch=native", "-arch=all", "-arch=all-major", "-arch native"}) {
    SCOPED_TRACE(Spelling);
    TranslatedCommand Translated = translate(std::string("nvcc ") + Spelling + " a.cu");
    EXPECT_TRUE(gpuArchs(Translated).empty()) << shown(Translated);
    EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
  }
}

TEST(CommandTranslationTest, DropsArchitecturesClangDoesNotKnow) {
  TranslatedCommand Translated =
      translate("nvcc -arch=sm_999 -gencode arch=compute_80,code=sm_80 a.cu");

  EXPECT_EQ(gpuArchs(Translated), Strings({"sm_80"})) << shown(Translated);
  EXPECT_EQ(noticesNaming(Translated, "'sm_999'"), 1u) << shown(Translated);
}

// --- nvcc: host compiler flags --------------------------------------------

TEST(CommandTranslationTest, PassesHostCompilerOptionsInEveryForm) {
  TranslatedCommand Translated = translate("nvcc -Xcompiler=-fPIC,-Wall -Xcompiler -fopenmp "
                                           "--compiler-options \"-Wextra -Wshadow\" "
                                           "--compiler-options=-pthread a.cu");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-fPIC", "-Wall", "-fopenmp", "-Wextra", "-Wshadow", "-pthread"}))
      << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, DropsHostFlagsClangDoesNotKnow) {
  TranslatedCommand Translated = translate("nvcc -Xcompiler -fno-gnu-unique,-fPIC a.cu");

  EXPECT_FALSE(has(Translated.Arguments, "-fno-gnu-unique"));
  EXPECT_TRUE(has(Translated.Arguments, "-fPIC"));
  EXPECT_EQ(Translated.Notices,
            Strings({"dropped flag '-fno-gnu-unique' that clang does not know"}));
}

TEST(CommandTranslationTest, ForwardsUnknownFlagsToTheHostWhenAsked) {
  TranslatedCommand Translated = translate("nvcc -Wall -fno-strict-aliasing -fno-gnu-unique "
                                           "-forward-unknown-to-host-compiler -march=native a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-Wall", "-fno-strict-aliasing", "-march=native"}))
      << shown(Translated);
  EXPECT_EQ(Translated.Notices,
            Strings({"dropped flag '-fno-gnu-unique' that clang does not know"}));
}

TEST(CommandTranslationTest, DropsUnknownNvccFlagsWithOneNoticeEach) {
  TranslatedCommand Translated = translate("nvcc -Wall --made-up=1 --made-up=2 -fPIC a.cu");

  EXPECT_TRUE(commandFlags(Translated).empty()) << shown(Translated);
  EXPECT_EQ(Translated.Notices,
            Strings({"dropped nvcc flag '-Wall' that cudalint does not know",
                     "dropped nvcc flag '--made-up' that cudalint does not know",
                     "dropped nvcc flag '-fPIC' that cudalint does not know"}));
}

// --- nvcc: flags that take values -----------------------------------------

TEST(CommandTranslationTest, ConsumesTheValuesOfDroppedFlags) {
  TranslatedCommand Translated =
      translate("nvcc -ccbin /usr/bin/g++-12 --compiler-bindir=/usr/bin/g++ "
                "-Xptxas -v -Xptxas=-O3 --ptxas-options=-v -Xnvlink --verbose "
                "-Xcudafe --diag_suppress=20012 -maxrregcount=64 -maxrregcount 32 "
                "--maxrregcount 16 -Xlinker -rpath -l cublas -lcurand -L /opt/lib "
                "-o out.o --output-file out2.o --output-file=out3.o -odir objs "
                "-MD -MT target.o -MF deps.d -MMD -M -MP --dependency-output=d2.d "
                "--threads 4 -t 2 -ftz=true --prec-div false --fmad=true "
                "--diag-suppress 177 -cudart shared --machine 64 -m64 a.cu");

  EXPECT_TRUE(commandFlags(Translated).empty()) << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, DropsDeviceOnlyFlags) {
  TranslatedCommand Translated =
      translate("nvcc -G -lineinfo --use_fast_math -use_fast_math "
                "-res-usage --resource-usage -src-in-ptx -keep -dlto "
                "-Wno-deprecated-gpu-targets -allow-unsupported-compiler -c --compile "
                "a.cu");

  EXPECT_TRUE(commandFlags(Translated).empty()) << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

// clang accepts the language extensions without being asked; the macro nvcc
// defines for each is code's to read (the toolkit's cuda_runtime.h includes
// <functional> for extended lambdas).
TEST(CommandTranslationTest, LanguageExtensionFlagsDefineNvccsMacros) {
  TranslatedCommand Translated =
      translate("nvcc --expt-relaxed-constexpr -expt-relaxed-constexpr --extended-lambda "
                "--expt-extended-lambda a.cu");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-D__CUDACC_RELAXED_CONSTEXPR__", "-D__CUDACC_RELAXED_CONSTEXPR__",
                     "-D__CUDACC_EXTENDED_LAMBDA__", "-D__CUDACC_EXTENDED_LAMBDA__"}))
      << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

// nvcc defines __NVCC__ and its version for every file it compiles, before
// the command's own -D and -U; clang and gcc commands get none.
TEST(CommandTranslationTest, NvccCommandsGetNvccsPredefinedMacros) {
  ToolchainSetup Toolchain = toolkitSetup();
  Toolchain.NvccVersion = "13.0.48";
  Strings Nvcc = {"-D__NVCC__=1", "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0",
                  "-D__CUDACC_VER_BUILD__=48"};
  TranslatedCommand Translated = translate("nvcc -U__NVCC__ a.cu", Toolchain);
  EXPECT_TRUE(hasSequence(Translated.Arguments, Nvcc)) << shown(Translated);
  EXPECT_GT(llvm::find(Translated.Arguments, "-U__NVCC__") - Translated.Arguments.begin(),
            llvm::find(Translated.Arguments, "-D__NVCC__=1") - Translated.Arguments.begin());
  EXPECT_TRUE(
      hasSequence(translate("nvcc -c host.cpp", Toolchain, "/work/src/host.cpp").Arguments, Nvcc));
  Toolchain.NvccVersion = "12.9";
  EXPECT_TRUE(hasSequence(translate("nvcc a.cu", Toolchain).Arguments,
                          {"-D__NVCC__=1", "-D__CUDACC_VER_MAJOR__=12", "-D__CUDACC_VER_MINOR__=9",
                           "-D__CUDACC_VER_BUILD__=0"}));
  for (const char *Other : {"clang++ -x cuda a.cu", "g++ -c host.cpp"})
    EXPECT_FALSE(hasPrefix(translate(Other, Toolchain).Arguments, "-D__NVCC__")) << Other;
  Toolchain.NvccVersion.clear();
  EXPECT_FALSE(hasPrefix(translate("nvcc a.cu", Toolchain).Arguments, "-D__NVCC__"));
}

TEST(CommandTranslationTest, DropsNvccWerrorInEveryForm) {
  TranslatedCommand Translated =
      translate("nvcc -Werror all-warnings -Werror=cross-execution-space-call "
                "--Werror reorder,default-stream-launch -Werror -DAFTER a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-DAFTER"})) << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, ABareWerrorDoesNotEatTheSourceFile) {
  TranslatedCommand Translated = translate("nvcc -Werror /work/src/a.cu");

  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, ReadsIncludePathsInEveryForm) {
  TranslatedCommand Translated =
      translate("nvcc -I/a -I /b -I=/c --include-path=/d --include-path /e -I/f,/g "
                "-isystem /h -isystem=/i -isystem/j --system-include=/k "
                "--system-include /l a.cu");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-I/a", "-I/b", "-I/c", "-I/d", "-I/e", "-I/f", "-I/g", "-isystem", "/h",
                     "-isystem", "/i", "-isystem", "/j", "-isystem", "/k", "-isystem", "/l"}))
      << shown(Translated);
}

TEST(CommandTranslationTest, ReadsMacrosAndPreIncludesInEveryForm) {
  TranslatedCommand Translated =
      translate("nvcc -DA -D B=1 --define-macro=C --define-macro D=2 -DE,F -UG -U H "
                "--undefine-macro=I -include pre.h --pre-include=pre2.h a.cu");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-DA", "-DB=1", "-DC", "-DD=2", "-DE", "-DF", "-UG", "-UH", "-UI", "-include",
                     "pre.h", "-include", "pre2.h"}))
      << shown(Translated);
}

TEST(CommandTranslationTest, ReadsStandardOptimisationAndDebugFlags) {
  for (const char *Spelling : {"-std=c++17", "-std c++17", "--std=c++17", "--std c++17"}) {
    SCOPED_TRACE(Spelling);
    TranslatedCommand Translated = translate(std::string("nvcc ") + Spelling + " a.cu");
    EXPECT_EQ(commandFlags(Translated), Strings({"-std=c++17"})) << shown(Translated);
  }
  TranslatedCommand Translated = translate("nvcc -O3 -g -G --optimize 2 --debug -w a.cu");
  EXPECT_EQ(commandFlags(Translated), Strings({"-O3", "-g", "-O2", "-g", "-w"}))
      << shown(Translated);
}

TEST(CommandTranslationTest, TurnsRelocatableDeviceCodeIntoGpuRdc) {
  for (const char *Spelling :
       {"-rdc=true", "-rdc true", "-rdc=TRUE", "--relocatable-device-code=true", "-dc"}) {
    SCOPED_TRACE(Spelling);
    TranslatedCommand Translated = translate(std::string("nvcc ") + Spelling + " a.cu");
    EXPECT_EQ(commandFlags(Translated), Strings({"-fgpu-rdc"})) << shown(Translated);
  }
  TranslatedCommand Translated = translate("nvcc -rdc=false a.cu");
  EXPECT_TRUE(commandFlags(Translated).empty()) << shown(Translated);
}

TEST(CommandTranslationTest, TranslatesThePerThreadDefaultStream) {
  for (const char *Spelling : {"--default-stream per-thread", "--default-stream=per-thread",
                               "-default-stream per-thread"}) {
    SCOPED_TRACE(Spelling);
    TranslatedCommand Translated = translate(std::string("nvcc ") + Spelling + " a.cu");
    EXPECT_EQ(commandFlags(Translated), Strings({"-fgpu-default-stream=per-thread",
                                                 "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"}))
        << shown(Translated);
  }
  TranslatedCommand Legacy = translate("nvcc --default-stream legacy a.cu");
  EXPECT_EQ(commandFlags(Legacy), Strings({"-fgpu-default-stream=legacy"}));
}

TEST(CommandTranslationTest, NoticesAFlagThatLacksItsValue) {
  TranslatedCommand Translated = translate("nvcc /work/src/a.cu -o");

  EXPECT_EQ(Translated.Arguments.back(), Source);
  EXPECT_EQ(noticesNaming(Translated, "'-o' that lacks its value"), 1u) << shown(Translated);
}

// --- Every compiler: what the analysis replaces ---------------------------

TEST(CommandTranslationTest, SeesTheCompilerBehindALauncher) {
  TranslatedCommand Translated =
      translate("/usr/bin/ccache /usr/local/cuda/bin/nvcc -arch=sm_80 -c a.cu");

  EXPECT_EQ(gpuArchs(Translated), Strings({"sm_80"})) << shown(Translated);
  EXPECT_FALSE(hasPrefix(Translated.Arguments, "/usr/bin/ccache"));
  EXPECT_FALSE(hasPrefix(Translated.Arguments, "/usr/local/cuda/bin/nvcc"));
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, RemovesOutputsAndDependencyFilesOfGcc) {
  TranslatedCommand Translated =
      translate("/usr/bin/g++-12 -MD -MT x.o -MF x.o.d -MMD -MQ q -MP -MJ j.json "
                "-O2 -c /work/src/a.cpp -o x.o -E -S",
                toolkitSetup(), "/work/src/a.cpp");

  EXPECT_EQ(commandFlags(Translated), Strings({"-O2"})) << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, DropsGccFlagsClangDoesNotKnow) {
  TranslatedCommand Translated =
      translate("g++ -fno-gnu-unique -fPIC -Wall -fconcepts-diagnostics-depth=3 "
                "-c a.cpp",
                toolkitSetup(), "/work/src/a.cpp");

  EXPECT_EQ(commandFlags(Translated), Strings({"-fPIC", "-Wall"})) << shown(Translated);
  EXPECT_EQ(noticesNaming(Translated, "'-fno-gnu-unique'"), 1u);
  EXPECT_EQ(noticesNaming(Translated, "'-fconcepts-diagnostics-depth=3'"), 1u);
}

TEST(CommandTranslationTest, KeepsAClangCudaCommandButChoosesTheToolkit) {
  TranslatedCommand Translated =
      translate("clang++ -x cuda --cuda-gpu-arch=sm_80 --offload-arch=sm_90,"
                "sm_75 --cuda-path=/opt/cuda-11.8 --cuda-device-only -fgpu-rdc "
                "-c a.cu -o a.o");

  EXPECT_EQ(commandFlags(Translated),
            Strings({"-x", "cuda", "--cuda-gpu-arch=sm_80", "--cuda-gpu-arch=sm_90",
                     "--cuda-gpu-arch=sm_75", "-fgpu-rdc"}))
      << shown(Translated);
  EXPECT_FALSE(has(Translated.Arguments, "--cuda-path=/opt/cuda-11.8"));
  EXPECT_TRUE(has(Translated.Arguments, "--cuda-path=/usr/local/cuda"));
}

TEST(CommandTranslationTest, NeverLoadsPluginsNamedByADatabase) {
  TranslatedCommand Translated =
      translate("clang++ -Xclang -load -Xclang /tmp/evil.so -fplugin=/tmp/p.so "
                "-fpass-plugin=/tmp/q.so -Xclang -add-plugin -Xclang evil "
                "-fplugin-arg-evil-x -Xclang=-fpass-plugin=/tmp/r.so "
                "--config=/tmp/c.cfg --config /tmp/d.cfg -Xclang -fno-color-diagnostics "
                "-c a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-Xclang", "-fno-color-diagnostics"}))
      << shown(Translated);
  for (const char *Named : {"/tmp/evil.so", "/tmp/p.so", "/tmp/q.so", "-add-plugin -Xclang evil",
                            "-fplugin-arg-evil-x", "/tmp/r.so", "/tmp/c.cfg", "/tmp/d.cfg"})
    EXPECT_EQ(noticesNaming(Translated, Named), 1u) << Named << shown(Translated);
}

TEST(CommandTranslationTest, RemovesPluginsPassedThroughOtherFlags) {
  TranslatedCommand Translated =
      translate("clang++ -Xarch_host -fplugin=/tmp/h.so -Xclang -plugin-arg-x "
                "-Xclang y -Xarch_device -O2 -c a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-Xarch_device", "-O2"})) << shown(Translated);
  EXPECT_EQ(noticesNaming(Translated, "/tmp/h.so"), 1u) << shown(Translated);
  EXPECT_EQ(noticesNaming(Translated, "-plugin-arg-x -Xclang y"), 1u) << shown(Translated);
}

TEST(CommandTranslationTest, WritesNoFileADatabaseNames) {
  TranslatedCommand Translated =
      translate("clang++ -ftime-trace=/tmp/trace.json -fcrash-diagnostics-dir=/tmp/crash "
                "-fmodules -fmodules-cache-path=/tmp/modules -fproc-stat-report=/tmp/stats "
                "-Xclang -dependency-file -Xclang /tmp/a.d -Xclang -o -Xclang /tmp/a.o "
                "-Xclang -stats-file=/tmp/s -Xclang -fno-color-diagnostics -DKEPT -c a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-Xclang", "-fno-color-diagnostics", "-DKEPT"}))
      << shown(Translated);
  for (const char *Named :
       {"/tmp/trace.json", "/tmp/crash", "'-fmodules'", "/tmp/modules", "/tmp/stats",
        "-dependency-file -Xclang /tmp/a.d", "-o -Xclang /tmp/a.o", "-stats-file=/tmp/s'"})
    EXPECT_EQ(noticesNaming(Translated, Named), 1u) << Named << shown(Translated);
}

TEST(CommandTranslationTest, RemovesDependencyOutputPassedToThePreprocessor) {
  TranslatedCommand Translated = translate("gcc -Wp,-MD,.a.o.d -Wp,-DKEPT -c a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-Wp,-DKEPT"})) << shown(Translated);
}

TEST(CommandTranslationTest, RemovesPluginsHiddenInNvccHostFlags) {
  TranslatedCommand Translated = translate("nvcc -Xcompiler -fplugin=/tmp/p.so,-fPIC a.cu");

  EXPECT_EQ(commandFlags(Translated), Strings({"-fPIC"})) << shown(Translated);
  EXPECT_EQ(noticesNaming(Translated, "-fplugin=/tmp/p.so"), 1u) << shown(Translated);
}

TEST(CommandTranslationTest, KeepsOnlyTheUnitsOwnFileAsInput) {
  TranslatedCommand Translated = translate("nvcc -c ../src/./a.cu other.cu -DX", toolkitSetup());

  EXPECT_EQ(commandFlags(Translated), Strings({"-DX"})) << shown(Translated);
  EXPECT_EQ(Translated.Notices, Strings({"dropped extra input 'other.cu'"}));
  EXPECT_EQ(Translated.Arguments.back(), Source);
}

TEST(CommandTranslationTest, NoticesAnUnrecognisedCompilerOnce) {
  TranslatedCommand Translated =
      translate("/opt/intel/bin/icpx -fPIC -c a.cpp", toolkitSetup(), "/work/src/a.cpp");

  EXPECT_EQ(commandFlags(Translated), Strings({"-fPIC"})) << shown(Translated);
  EXPECT_EQ(noticesNaming(Translated, "'icpx'"), 1u) << shown(Translated);
}

// --- CUDA or not, toolkit or bundled headers ------------------------------

TEST(CommandTranslationTest, ParsesAHeaderGivenAsAUnitAsCuda) {
  TranslatedCommand Translated =
      translate("clang++ -c ../src/kernels.cuh", toolkitSetup(), "/work/src/kernels.cuh");

  EXPECT_TRUE(hasSequence(Translated.Arguments, {"-x", "cuda", "/work/src/kernels.cuh"}))
      << shown(Translated);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

TEST(CommandTranslationTest, LeavesAPlainCxxUnitAlone) {
  TranslatedCommand Translated = translate("g++ -c main.cpp", toolkitSetup(), "/work/src/main.cpp");

  EXPECT_FALSE(has(Translated.Arguments, "cuda")) << shown(Translated);
  EXPECT_FALSE(has(Translated.Arguments, "--cuda-host-only"));
  EXPECT_FALSE(hasPrefix(Translated.Arguments, "--cuda-path"));
  EXPECT_TRUE(has(Translated.Arguments, "-fsyntax-only"));
  EXPECT_EQ(Translated.Arguments.back(), "/work/src/main.cpp");
}

// clang++ takes a .c file for C++; a C unit keeps the C driver, so the
// unit's -std=c11 and C-only code (`int new;`) parse as its compiler's do.
TEST(CommandTranslationTest, ParsesACUnitAsC) {
  TranslatedCommand Gcc = translate("gcc -std=c11 -I/usr/local/cuda/include -c cuda.c",
                                    toolkitSetup(), "/work/src/cuda.c");
  TranslatedCommand Gxx = translate("g++ -c cuda.c", toolkitSetup(), "/work/src/cuda.c");
  TranslatedCommand Fallback = translateCompileCommand(
      commandFromFallbackFlags("/work/src/cuda.c", {"-std=c11"}), toolkitSetup());

  EXPECT_EQ(Gcc.Arguments.front(), "clang") << shown(Gcc);
  EXPECT_TRUE(has(Gcc.Arguments, "-std=c11")) << shown(Gcc);
  EXPECT_FALSE(has(Gcc.Arguments, "--cuda-host-only")) << shown(Gcc);
  EXPECT_FALSE(has(Gcc.Arguments, "cuda")) << shown(Gcc);
  EXPECT_EQ(Gxx.Arguments.front(), "clang++") << shown(Gxx);
  EXPECT_EQ(Fallback.Arguments.front(), "clang") << shown(Fallback);
}

TEST(CommandTranslationTest, UsesTheBundledHeadersWithoutAToolkit) {
  TranslatedCommand Translated =
      translate("nvcc -include first.h --cuda-path=/opt/cuda -c a.cu", bundledSetup());

  const Strings &Args = Translated.Arguments;
  EXPECT_TRUE(hasSequence(Args, {"-nocudainc", "-nocudalib", "--cuda-path=/nonexistent-cudalint",
                                 "-isystem", "/bundled", "-include", "cuda_runtime.h", "-include",
                                 "first.h"}))
      << shown(Translated);
  EXPECT_EQ(count(Args, "--cuda-path=/nonexistent-cudalint"), 1u);
  EXPECT_FALSE(hasPrefix(Args, "--cuda-path=/usr")) << shown(Translated);
  EXPECT_TRUE(has(Args, "--cuda-host-only"));
}

// A clang command that brings its own CUDA headers (cudalint's bundled set,
// as the bear-over-make e2e project does without a toolkit) must not get
// the toolkit's additions: nvcc's host min/max clash with the bundled ones.
TEST(CommandTranslationTest, AddsNothingOfTheToolkitToACommandWithNocudainc) {
  ToolchainSetup Toolchain = toolkitSetup();
  Toolchain.NvccCompatHeader = "/compat/cudalint_nvcc_host_math.h";
  TranslatedCommand Own =
      translate("clang++ -x cuda -nocudainc -nocudalib -isystem /bundled -include "
                "cuda_runtime.h -c a.cu",
                Toolchain);
  TranslatedCommand Toolkit = translate("clang++ -x cuda -c a.cu", Toolchain);

  EXPECT_FALSE(has(Own.Arguments, Toolchain.NvccCompatHeader)) << shown(Own);
  EXPECT_FALSE(hasPrefix(Own.Arguments, "--cuda-path=")) << shown(Own);
  EXPECT_TRUE(has(Own.Arguments, "--cuda-host-only")) << shown(Own);
  EXPECT_TRUE(has(Toolkit.Arguments, Toolchain.NvccCompatHeader)) << shown(Toolkit);
}

TEST(CommandTranslationTest, GivesAPlainCxxUnitTheBundledIncludeDirectory) {
  TranslatedCommand Translated = translate("g++ -c main.cpp", bundledSetup(), "/work/src/main.cpp");

  EXPECT_TRUE(hasSequence(Translated.Arguments, {"-isystem", "/bundled"}));
  EXPECT_FALSE(has(Translated.Arguments, "cuda_runtime.h"));
  EXPECT_FALSE(has(Translated.Arguments, "-nocudainc"));
}

TEST(CommandTranslationTest, BuildsACommandFromFallbackFlags) {
  CompileCommand Command = commandFromFallbackFlags("k.cu", {"-DFALLBACK", "-I", "include"});

  llvm::SmallString<256> Here;
  ASSERT_FALSE(llvm::sys::fs::current_path(Here));
  llvm::SmallString<256> Expected(Here);
  llvm::sys::path::append(Expected, "k.cu");
  EXPECT_EQ(Command.Directory, std::string(Here));
  EXPECT_EQ(Command.File, std::string(Expected));
  EXPECT_EQ(Command.Arguments, Strings({"clang++", "-DFALLBACK", "-I", "include", Command.File}));

  TranslatedCommand Translated = translateCompileCommand(Command, toolkitSetup());
  EXPECT_EQ(commandFlags(Translated), Strings({"-DFALLBACK", "-I", "include"}));
  EXPECT_EQ(Translated.Arguments.back(), Command.File);
  EXPECT_TRUE(Translated.Notices.empty()) << shown(Translated);
}

// --- Choosing the toolkit ---------------------------------------------------

class TempDir {
public:
  TempDir() {
    llvm::SmallString<256> Created;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-tr", Created));
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

TEST(CudaToolkitTest, TakesTheRequestedToolkit) {
  TempDir Dir;
  Dir.write("cuda/include/cuda_runtime.h", "");
  Dir.write("cuda/bin/nvcc", "");
  std::string Error;

  CudaToolkitChoice Choice = chooseCudaToolkit(Dir.path("cuda/bin/.."), Error);

  EXPECT_EQ(Error, "");
  EXPECT_EQ(Choice.Path, Dir.path("cuda"));
  EXPECT_EQ(Choice.Description, "CUDA Toolkit at " + Dir.path("cuda") + " (from --cuda-path)");
}

TEST(CudaToolkitTest, RejectsARequestedDirectoryWithoutHeaders) {
  TempDir Dir;
  std::string Error;

  CudaToolkitChoice Choice = chooseCudaToolkit(Dir.Root, Error);

  EXPECT_FALSE(Choice.Path);
  EXPECT_NE(Error.find("--cuda-path=" + Dir.Root), std::string::npos) << Error;
  EXPECT_NE(Error.find("include/cuda_runtime.h"), std::string::npos) << Error;
}

TEST(CudaToolkitTest, NoneMeansTheBundledHeaders) {
  std::string Error;
  CudaToolkitChoice Choice = chooseCudaToolkit("none", Error);

  EXPECT_EQ(Error, "");
  EXPECT_FALSE(Choice.Path);
  EXPECT_NE(Choice.Description.find("bundled"), std::string::npos);
  EXPECT_NE(Choice.Description.find("--cuda-path=none"), std::string::npos);
}

TEST(CudaToolkitTest, TakesTheFirstCandidateHoldingAToolkitAndSaysWhy) {
  TempDir Dir;
  Dir.write("second/include/cuda_runtime.h", "");
  Dir.write("third/include/cuda_runtime.h", "");
  std::string Error;

  CudaToolkitChoice Choice = chooseCudaToolkitFrom("",
                                                   {{Dir.path("first"), "CUDA_PATH"},
                                                    {Dir.path("second"), "CUDA_HOME"},
                                                    {Dir.path("third"), "the default location"}},
                                                   Error);

  EXPECT_EQ(Error, "");
  EXPECT_EQ(Choice.Path, Dir.path("second"));
  EXPECT_EQ(Choice.Description, "CUDA Toolkit at " + Dir.path("second") +
                                    " (from CUDA_HOME); CUDA_PATH=" + Dir.path("first") +
                                    " holds no include/cuda_runtime.h");
}

TEST(CudaToolkitTest, FallsBackToTheBundledHeaders) {
  TempDir Dir;
  std::string Error;

  CudaToolkitChoice Choice =
      chooseCudaToolkitFrom("", {{Dir.path("nothing"), "the default location"}}, Error);

  EXPECT_EQ(Error, "");
  EXPECT_FALSE(Choice.Path);
  EXPECT_NE(Choice.Description.find("bundled"), std::string::npos) << Choice.Description;
}

TEST(CudaToolkitTest, SearchesCudaPathFirst) {
  TempDir Dir;
  Dir.write("env-cuda/include/cuda_runtime.h", "");
  const char *Saved = std::getenv("CUDA_PATH");
  std::string SavedValue = Saved ? Saved : "";
  setenv("CUDA_PATH", Dir.path("env-cuda").c_str(), 1);

  std::vector<CudaToolkitCandidate> Candidates = defaultCudaToolkitCandidates();
  std::string Error;
  CudaToolkitChoice Choice = chooseCudaToolkit("", Error);

  if (Saved)
    setenv("CUDA_PATH", SavedValue.c_str(), 1);
  else
    unsetenv("CUDA_PATH");
  ASSERT_FALSE(Candidates.empty());
  EXPECT_EQ(Candidates[0].Origin, "CUDA_PATH");
  EXPECT_EQ(Choice.Path, Dir.path("env-cuda"));
  EXPECT_EQ(Choice.Description, "CUDA Toolkit at " + Dir.path("env-cuda") + " (from CUDA_PATH)");
}

TEST(CudaToolkitTest, FindsTheBundledHeadersRelativeToTheExecutable) {
  std::string Bundled =
      bundledCudaIncludeDir("cudalint_unittests", reinterpret_cast<void *>(&bundledSetup));

  EXPECT_TRUE(llvm::StringRef(Bundled).ends_with("cuda-include")) << Bundled;
  EXPECT_TRUE(llvm::sys::fs::is_directory(Bundled)) << Bundled;
}

// --- The translation parses with clang --------------------------------------

std::string clangResourceDir() {
  for (const char *Name : {"clang-22", "clang++-22"})
    if (llvm::ErrorOr<std::string> Clang = llvm::sys::findProgramByName(Name)) {
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(*Clang, Real))
        return clang::GetResourcesPath(Real);
    }
  return clang::GetResourcesPath("/usr/lib/llvm-22/bin/clang");
}

struct ParseResult {
  bool Succeeded = false;
  std::string Errors;
  std::string Warnings;
};

// Runs clang on the translated command the way a tool does, from the unit's
// directory.
ParseResult parseWithClang(const TranslatedCommand &Translated, llvm::StringRef WorkingDirectory) {
  auto FileSystem = llvm::vfs::createPhysicalFileSystem();
  FileSystem->setCurrentWorkingDirectory(WorkingDirectory);
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files(new clang::FileManager(
      clang::FileSystemOptions(),
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(FileSystem.release())));
  clang::tooling::ToolInvocation Invocation(
      Translated.Arguments, std::make_unique<clang::SyntaxOnlyAction>(), Files.get());
  clang::TextDiagnosticBuffer Diagnostics;
  Invocation.setDiagnosticConsumer(&Diagnostics);
  ParseResult Result;
  Result.Succeeded = Invocation.run();
  for (auto It = Diagnostics.err_begin(); It != Diagnostics.err_end(); ++It)
    Result.Errors += "\n  error: " + It->second;
  for (auto It = Diagnostics.warn_begin(); It != Diagnostics.warn_end(); ++It)
    Result.Warnings += "\n  warning: " + It->second;
  return Result;
}

// A CMake 3.29 project: includes in a response file, the architecture from
// CUDA_ARCHITECTURES, host flags clang does not know.
class TranslatedParseTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir.write("include/answer.h", "#pragma once\n#define ANSWER 42.0f\n");
    Dir.write("build/CMakeFiles/va.dir/includes_CUDA.rsp", "-I../include -DFROM_RSP=1\n");
    Dir.write("src/va.cu", R"(#include "answer.h"
#ifndef FROM_RSP
#error "the response file's flags are missing"
#endif
#if __CUDA_ARCH_LIST__ != 900
#error "the architecture of --generate-code is missing"
#endif
__global__ void scale(float *Data) { Data[threadIdx.x] *= ANSWER; }
int launch() {
  float *Device = nullptr;
  cudaMalloc(&Device, 32 * sizeof(float));
  scale<<<1, 32>>>(Device);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
)");
    Dir.write("build/compile_commands.json", "[{\"directory\": \"" + Dir.path("build") +
                                                 "\", \"file\": \"" + Dir.path("src/va.cu") +
                                                 "\", \"command\": \"" + nvccCommand() + "\"}]");
  }

  std::string nvccCommand() const {
    return "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
           "--options-file CMakeFiles/va.dir/includes_CUDA.rsp -O3 -DNDEBUG "
           "--generate-code=arch=compute_90,code=[compute_90,sm_90] "
           "-Xcompiler=-fPIC,-fno-gnu-unique -Wall --expt-relaxed-constexpr "
           "-std=c++17 -x cu -MD -MT CMakeFiles/va.dir/src/va.cu.o -MF "
           "CMakeFiles/va.dir/src/va.cu.o.d -c " +
           Dir.path("src/va.cu") + " -o CMakeFiles/va.dir/src/va.cu.o";
  }

  CompileCommand loadedCommand() {
    CompileDatabase Database = loadCompileDatabase(Dir.path("build/compile_commands.json"));
    EXPECT_TRUE(Database.Problems.empty()) << joined(Database.Problems);
    EXPECT_EQ(Database.Commands.size(), 1u);
    return Database.Commands.empty() ? CompileCommand() : Database.Commands[0];
  }

  TempDir Dir;
};

TEST_F(TranslatedParseTest, ParsesWithTheInstalledToolkit) {
  if (!holdsCudaToolkit("/usr/local/cuda"))
    GTEST_SKIP() << "no CUDA Toolkit at /usr/local/cuda";
  CompileCommand Command = loadedCommand();
  TranslatedCommand Translated =
      translateCompileCommand(Command, {clangResourceDir(), std::string("/usr/local/cuda"), ""});

  ParseResult Parse = parseWithClang(Translated, Command.Directory);

  EXPECT_TRUE(Parse.Succeeded) << Parse.Errors << "\n" << shown(Translated);
  EXPECT_EQ(Parse.Errors, "");
  EXPECT_EQ(Parse.Warnings, "");
}

TEST_F(TranslatedParseTest, ParsesWithTheBundledHeaders) {
  std::string Bundled =
      bundledCudaIncludeDir("cudalint_unittests", reinterpret_cast<void *>(&bundledSetup));
  if (!llvm::sys::fs::exists(Bundled + "/cuda_runtime.h"))
    GTEST_SKIP() << "the bundled headers are not written yet: no " << Bundled << "/cuda_runtime.h";
  CompileCommand Command = loadedCommand();
  TranslatedCommand Translated =
      translateCompileCommand(Command, {clangResourceDir(), std::nullopt, Bundled});

  ParseResult Parse = parseWithClang(Translated, Command.Directory);

  EXPECT_TRUE(Parse.Succeeded) << Parse.Errors << "\n" << shown(Translated);
  EXPECT_EQ(Parse.Errors, "");
  EXPECT_EQ(Parse.Warnings, "");
}

TEST_F(TranslatedParseTest, ParsesTheCommandCMake325Writes) {
  if (!holdsCudaToolkit("/usr/local/cuda"))
    GTEST_SKIP() << "no CUDA Toolkit at /usr/local/cuda";
  Dir.write("src/greeting.cu", R"(#include <cstring>
static_assert(sizeof(GREETING) == sizeof("hi there"), "GREETING is a string");
#if !defined(WITH_COMMA) || !defined(NDEBUG)
#error "a definition is missing"
#endif
__global__ void noop() {}
size_t greetingLength() { noop<<<1, 1>>>(); return std::strlen(GREETING); }
)");
  CompileCommand Command{Dir.path("build"), Dir.path("src/greeting.cu"),
                         tokens("/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                                "-DGREETING=\"\\\"hi there\\\"\" -DWITH_COMMA=1 -I" +
                                Dir.path("include") +
                                " -isystem=/usr/local/cuda/include -O3 -DNDEBUG "
                                "--generate-code=arch=compute_80,code=[compute_80,sm_80] "
                                "--generate-code=arch=compute_90,code=[compute_90,sm_90] "
                                "-Xcompiler=-fPIC --expt-relaxed-constexpr "
                                "-Xcompiler=-fno-gnu-unique,-Wall -std=c++17 -x cu -rdc=true -c " +
                                Dir.path("src/greeting.cu") +
                                " -o CMakeFiles/va.dir/src/greeting.cu.o")};
  TranslatedCommand Translated =
      translateCompileCommand(Command, {clangResourceDir(), std::string("/usr/local/cuda"), ""});

  ParseResult Parse = parseWithClang(Translated, Command.Directory);

  EXPECT_TRUE(Parse.Succeeded) << Parse.Errors << "\n" << shown(Translated);
  EXPECT_EQ(Parse.Errors, "");
  EXPECT_EQ(Parse.Warnings, "");
}

// The harness above must be able to fail: a lost definition is an error.
TEST_F(TranslatedParseTest, FailsWhenTheResponseFileIsLost) {
  if (!holdsCudaToolkit("/usr/local/cuda"))
    GTEST_SKIP() << "no CUDA Toolkit at /usr/local/cuda";
  CompileCommand Command = loadedCommand();
  llvm::erase_if(Command.Arguments,
                 [](llvm::StringRef Argument) { return Argument.starts_with("-DFROM_RSP"); });
  TranslatedCommand Translated =
      translateCompileCommand(Command, {clangResourceDir(), std::string("/usr/local/cuda"), ""});

  ParseResult Parse = parseWithClang(Translated, Command.Directory);

  EXPECT_FALSE(Parse.Succeeded);
  EXPECT_NE(Parse.Errors.find("the response file's flags are missing"), std::string::npos)
      << Parse.Errors;
}

} // namespace

// FasterTransformer builds as C++14 with its CUDA 11; CUDA 13's Thrust, CUB
// and libcu++ stop with an #error below C++17, as its nvcc would.
TEST(CommandTranslationTest, RaisesAnOlderStandardToWhatTheToolkitsHeadersNeed) {
  ToolchainSetup Cuda13 = toolkitSetup();
  Cuda13.CudaVersion = 13000;
  TranslatedCommand Raised =
      translate("/usr/local/cuda/bin/nvcc -std=c++14 -Xcompiler=-Wall -c a.cu", Cuda13);
  EXPECT_TRUE(has(Raised.Arguments, "-std=c++17")) << shown(Raised);
  EXPECT_FALSE(has(Raised.Arguments, "-std=c++14")) << shown(Raised);
  EXPECT_TRUE(has(Raised.Arguments, "-Wno-register")) << shown(Raised);
  ASSERT_EQ(Raised.Notices.size(), 1u) << shown(Raised);
  EXPECT_EQ(Raised.Notices[0],
            "parsed as c++17, not the c++14 the command asks for: the C++ headers of CUDA "
            "13.0 need C++17 (the unit was written for an older toolkit)");

  TranslatedCommand Gnu = translate("clang++ -x cuda --std gnu++11 -c a.cu", Cuda13);
  EXPECT_TRUE(has(Gnu.Arguments, "-std=gnu++17")) << shown(Gnu);
  EXPECT_FALSE(has(Gnu.Arguments, "gnu++11")) << shown(Gnu);

  ToolchainSetup Cuda12 = toolkitSetup();
  Cuda12.CudaVersion = 12040;
  EXPECT_TRUE(has(translate("nvcc -std=c++11 -c a.cu", Cuda12).Arguments, "-std=c++14"));
  TranslatedCommand Kept12 = translate("nvcc -std=c++14 -c a.cu", Cuda12);
  EXPECT_TRUE(has(Kept12.Arguments, "-std=c++14")) << shown(Kept12);
  EXPECT_TRUE(Kept12.Notices.empty()) << shown(Kept12);
}

TEST(CommandTranslationTest, KeepsAStandardTheToolkitAccepts) {
  ToolchainSetup Cuda13 = toolkitSetup();
  Cuda13.CudaVersion = 13000;
  for (llvm::StringRef Line :
       {"nvcc -std=c++17 -c a.cu", "nvcc -std=c++20 -c a.cu", "nvcc -c a.cu"}) {
    TranslatedCommand Kept = translate(Line, Cuda13);
    EXPECT_FALSE(hasPrefix(Kept.Arguments, "-Wno-register")) << shown(Kept);
    EXPECT_TRUE(Kept.Notices.empty()) << shown(Kept);
  }
  // A C unit, the bundled headers, an unknown toolkit version: nothing to raise.
  TranslatedCommand C = translate("gcc -std=c99 -c a.c", Cuda13, "/work/src/a.c");
  EXPECT_TRUE(has(C.Arguments, "-std=c99")) << shown(C);
  ToolchainSetup Bundled = bundledSetup();
  Bundled.CudaVersion = 13000;
  EXPECT_TRUE(has(translate("nvcc -std=c++14 -c a.cu", Bundled).Arguments, "-std=c++14"));
  EXPECT_TRUE(has(translate("nvcc -std=c++14 -c a.cu").Arguments, "-std=c++14"));
}

// HeCBench's benchmarks, written for CUDA 12, call cudaMemPrefetchAsync with
// an int device and read cudaDeviceProp::clockRate, which CUDA 13 removed.
TEST(CommandTranslationTest, ParsesAgainstTheBundledDeclarationsWithTheToolkitsOtherHeadersAfter) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cuda-13", Root));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Root + "/include/cccl"));
  ToolchainSetup Cuda13 = {"/resource", std::string(Root), "/bundled"};
  Cuda13.CudaVersion = 13000;
  Cuda13.NvccVersion = "13.0";
  Cuda13.BundledCudaVersion = 12090;
  Cuda13.BundledVersionText = "12.9";
  std::optional<ToolchainSetup> Older = olderDeclarationsToolchain(Cuda13);
  ASSERT_TRUE(Older.has_value());
  TranslatedCommand Translated = translate("nvcc -std=c++14 -arch=sm_60 -Isrc -c a.cu", *Older);
  const Strings &Args = Translated.Arguments;
  auto At = [&](llvm::StringRef Argument) {
    return std::find(Args.begin(), Args.end(), Argument) - Args.begin();
  };
  EXPECT_TRUE(has(Args, "-nocudainc")) << shown(Translated);
  EXPECT_EQ(Args[At("/bundled") - 1], "-isystem") << shown(Translated);
  EXPECT_EQ(Args[At((Root + "/include").str()) - 1], "-idirafter") << shown(Translated);
  EXPECT_EQ(Args[At((Root + "/include/cccl").str()) - 1], "-idirafter") << shown(Translated);
  EXPECT_FALSE(hasPrefix(Args, "--cuda-path=" + Root.str().str())) << shown(Translated);
  // The toolkit's CCCL still needs C++17; the command's nvcc is CUDA 12's.
  EXPECT_TRUE(has(Args, "-std=c++17")) << shown(Translated);
  EXPECT_TRUE(has(Args, "-D__CUDACC_VER_MAJOR__=12")) << shown(Translated);
  EXPECT_TRUE(has(Args, "-D__CUDACC_VER_MINOR__=9")) << shown(Translated);

  EXPECT_EQ(olderToolkitEvidence(command("nvcc -arch=sm_60 -c a.cu"),
                                 translate("nvcc -arch=sm_60 -c a.cu", Cuda13).Arguments, Cuda13),
            "it builds for sm_60, which CUDA 13.0 does not compile for");
  EXPECT_EQ(olderToolkitEvidence(
                command("/opt/cuda-11.0/bin/nvcc -arch=sm_80 -c a.cu"),
                translate("/opt/cuda-11.0/bin/nvcc -arch=sm_80 -c a.cu", Cuda13).Arguments, Cuda13),
            "its compiler is /opt/cuda-11.0/bin/nvcc");
  EXPECT_EQ(olderToolkitEvidence(command("nvcc -arch=sm_90 -c a.cu"),
                                 translate("nvcc -arch=sm_90 -c a.cu", Cuda13).Arguments, Cuda13),
            "");
  // CCCL 2's names: the toolkit's own headers, with them declared after the
  // nvcc compatibility header; only where the bundled data has the header.
  EXPECT_FALSE(olderCcclToolchain(Cuda13).has_value());
  ToolchainSetup Installed = Cuda13;
  Installed.BundledCudaInclude = (Root + "/share/cuda-include").str();
  Installed.NvccCompatHeader = (Root + "/share/nvcc-compat/cudalint_nvcc_host_math.h").str();
  std::string Cccl2 = (Root + "/share/nvcc-compat/cudalint_cccl2_compat.h").str();
  ASSERT_FALSE(llvm::sys::fs::create_directories(Root + "/share/nvcc-compat"));
  {
    std::error_code Error;
    llvm::raw_fd_ostream(Cccl2, Error) << "\n";
    ASSERT_FALSE(Error);
  }
  std::optional<ToolchainSetup> Cccl = olderCcclToolchain(Installed);
  ASSERT_TRUE(Cccl.has_value());
  TranslatedCommand WithCccl2 = translate("nvcc -std=c++14 -c a.cu", *Cccl);
  EXPECT_TRUE(
      hasSequence(WithCccl2.Arguments, {"-include", Installed.NvccCompatHeader, "-include", Cccl2}))
      << shown(WithCccl2);
  EXPECT_TRUE(hasPrefix(WithCccl2.Arguments, "--cuda-path=" + Root.str().str()))
      << shown(WithCccl2);
  Installed.CudaVersion = 12040;
  EXPECT_FALSE(olderCcclToolchain(Installed).has_value());

  // The command's own nvcc, where its toolkit is installed and older.
  std::string Cuda124 = (Root + "/cuda-12.4").str();
  ASSERT_FALSE(llvm::sys::fs::create_directories(Cuda124 + "/include"));
  for (auto [Name, Text] :
       {std::pair{"cuda_runtime.h", ""}, std::pair{"cuda.h", "#define CUDA_VERSION 12040\n"}}) {
    std::error_code Error;
    llvm::raw_fd_ostream(Cuda124 + "/include/" + Name, Error) << Text;
    ASSERT_FALSE(Error);
  }
  std::optional<ToolchainSetup> Own =
      commandToolkitToolchain(command(Cuda124 + "/bin/nvcc -c a.cu"), Cuda13);
  ASSERT_TRUE(Own.has_value());
  EXPECT_EQ(Own->CudaPath, Cuda124);
  EXPECT_EQ(Own->CudaVersion, 12040);
  TranslatedCommand OwnTranslated = translate(Cuda124 + "/bin/nvcc -c a.cu", *Own);
  EXPECT_TRUE(has(OwnTranslated.Arguments, "--cuda-path=" + Cuda124)) << shown(OwnTranslated);
  EXPECT_TRUE(has(OwnTranslated.Arguments, "-D__CUDACC_VER_MAJOR__=12")) << shown(OwnTranslated);
  // A bare nvcc, the chosen toolkit's own, one not installed: none.
  EXPECT_FALSE(commandToolkitToolchain(command("nvcc -c a.cu"), Cuda13).has_value());
  EXPECT_FALSE(
      commandToolkitToolchain(command(Root.str().str() + "/bin/nvcc -c a.cu"), Cuda13).has_value());
  EXPECT_FALSE(
      commandToolkitToolchain(command("/opt/cuda-11.0/bin/nvcc -c a.cu"), Cuda13).has_value());
  llvm::sys::fs::remove_directories(Root);

  // Nothing older to use: the bundled headers are the toolkit's age or newer,
  // or there is no toolkit.
  ToolchainSetup Cuda12 = Cuda13;
  Cuda12.CudaVersion = 12040;
  EXPECT_FALSE(olderDeclarationsToolchain(Cuda12).has_value());
  ToolchainSetup Bundled = bundledSetup();
  Bundled.BundledCudaVersion = 12090;
  EXPECT_FALSE(olderDeclarationsToolchain(Bundled).has_value());
}

// darknet's src/cuda.h, found through -Isrc, stood in for the toolkit's
// cuda.h that clang's CUDA wrapper includes by quoted name.
TEST(CommandTranslationTest, PointsTheWrappersQuotedIncludesAtTheToolkit) {
  TranslatedCommand Translated = translate("nvcc -Isrc -iquote src -c a.cu");
  const Strings &Args = Translated.Arguments;
  auto Toolkit = std::find(Args.begin(), Args.end(), "/usr/local/cuda/include");
  ASSERT_NE(Toolkit, Args.end()) << shown(Translated);
  EXPECT_EQ(*std::prev(Toolkit), "-iquote");
  EXPECT_LT(Toolkit - Args.begin(), std::find(Args.begin(), Args.end(), "src") - Args.begin())
      << shown(Translated);
  EXPECT_FALSE(has(translate("nvcc -c a.cu", bundledSetup()).Arguments, "-iquote"));
}

// What GCC before 14 compiles with a warning, clang rejects in C by default
// (darknet's `cudaHostAlloc(&floats, ...)`); C++ rejects it everywhere.
TEST(CommandTranslationTest, KeepsWhatOlderGccWarnsAboutAWarningInC) {
  TranslatedCommand C = translate("gcc -Wfatal-errors -c a.c", toolkitSetup(), "/work/src/a.c");
  EXPECT_TRUE(has(C.Arguments, "-Wno-error=incompatible-pointer-types")) << shown(C);
  EXPECT_TRUE(has(C.Arguments, "-Wno-error=implicit-function-declaration")) << shown(C);
  EXPECT_GT(
      std::find(C.Arguments.begin(), C.Arguments.end(), "-Wno-error=incompatible-pointer-types"),
      std::find(C.Arguments.begin(), C.Arguments.end(), "-Wfatal-errors"))
      << shown(C);
  TranslatedCommand Cxx = translate("g++ -c a.cpp", toolkitSetup(), "/work/src/a.cpp");
  EXPECT_FALSE(hasPrefix(Cxx.Arguments, "-Wno-error=")) << shown(Cxx);
}

// GCC's include directory answers what clang's resource directory lacks
// (<omp.h> where clang's OpenMP package is not installed): after the rest.
TEST(CommandTranslationTest, SearchesTheHostCompilersIncludesLast) {
  ToolchainSetup Toolchain = toolkitSetup();
  Toolchain.HostCompilerInclude = "/usr/lib/gcc/x86_64-linux-gnu/12/include";
  TranslatedCommand Translated = translate("nvcc -Xcompiler -fopenmp -Isrc -c a.cu", Toolchain);
  EXPECT_TRUE(
      hasSequence(Translated.Arguments, {"-idirafter", "/usr/lib/gcc/x86_64-linux-gnu/12/include"}))
      << shown(Translated);
  EXPECT_FALSE(has(translate("nvcc -c a.cu").Arguments, "-idirafter"));
}
