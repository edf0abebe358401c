// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/CudaToolkit.h"

#include "support/GpuProbe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

namespace cudalint {

namespace {

constexpr llvm::StringLiteral BundledDescription = "the CUDA headers bundled with cudalint";

std::string absoluteWithoutDots(llvm::StringRef Path) {
  llvm::SmallString<256> Result(Path);
  llvm::sys::fs::make_absolute(Result);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

void addEnvironmentCandidate(std::vector<CudaToolkitCandidate> &Candidates, const char *Variable) {
  std::optional<std::string> Value = llvm::sys::Process::GetEnv(Variable);
  if (Value && !Value->empty())
    Candidates.push_back({*Value, Variable});
}

// Debian installs nvcc as /usr/bin/nvcc, a link into its real toolkit
// directory; clang follows the link, so both places are tried.
void addNvccCandidates(std::vector<CudaToolkitCandidate> &Candidates) {
  llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc");
  if (!Nvcc)
    return;
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(*Nvcc, Real) && Real != *Nvcc)
    Candidates.push_back({toolkitAroundProgram(Real), "nvcc on PATH"});
  Candidates.push_back({toolkitAroundProgram(*Nvcc), "nvcc on PATH"});
}

CudaToolkitChoice toolkitAt(llvm::StringRef Path, llvm::StringRef Origin) {
  return {absoluteWithoutDots(Path),
          "CUDA Toolkit at " + absoluteWithoutDots(Path) + " (from " + Origin.str() + ")"};
}

// Only places the user named are worth a word when they hold no toolkit.
bool isUserSetting(const CudaToolkitCandidate &Candidate) {
  return Candidate.Origin == "CUDA_PATH" || Candidate.Origin == "CUDA_HOME";
}

std::string ignoredSettings(const std::vector<CudaToolkitCandidate> &Candidates, size_t Until) {
  std::string Text;
  for (size_t I = 0; I < Until; ++I)
    if (isUserSetting(Candidates[I]))
      Text += "; " + Candidates[I].Origin + "=" + Candidates[I].Path +
              " holds no include/cuda_runtime.h";
  return Text;
}

std::optional<std::string> readTextFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

std::string joinPath(llvm::StringRef Directory, llvm::StringRef A, llvm::StringRef B = "") {
  llvm::SmallString<256> Path(Directory);
  llvm::sys::path::append(Path, A);
  if (!B.empty())
    llvm::sys::path::append(Path, B);
  return std::string(Path);
}

// "13.0.48" → 13000.
std::optional<int> versionNumberOf(llvm::StringRef Text) {
  auto [Major, Rest] = Text.trim().split('.');
  return cudaVersionNumber((Major + "." + Rest.split('.').first).str());
}

std::optional<ToolkitVersion> versionFromJson(llvm::StringRef Path) {
  std::optional<std::string> Text = readTextFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(*Text);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Object *Cuda = Root ? Root->getObject("cuda") : nullptr;
  std::optional<llvm::StringRef> Version = Cuda ? Cuda->getString("version") : std::nullopt;
  if (!Version)
    return std::nullopt;
  std::optional<int> Number = versionNumberOf(*Version);
  if (!Number)
    return std::nullopt;
  return ToolkitVersion{*Number, Version->str(), Path.str()};
}

// "CUDA Version 10.2.89", the file toolkits before 11.1 carry.
std::optional<ToolkitVersion> versionFromText(llvm::StringRef Path) {
  std::optional<std::string> Text = readTextFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::StringRef Line = llvm::StringRef(*Text).trim();
  if (!Line.consume_front("CUDA Version"))
    return std::nullopt;
  llvm::StringRef Version = Line.trim().split('\n').first.trim();
  std::optional<int> Number = versionNumberOf(Version);
  if (!Number)
    return std::nullopt;
  return ToolkitVersion{*Number, Version.str(), Path.str()};
}

// `#define CUDA_VERSION 13000` in a header.
std::optional<ToolkitVersion> versionFromHeader(llvm::StringRef Path, llvm::StringRef Macro) {
  std::optional<std::string> Text = readTextFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(*Text).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("define"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front(Macro) || Line.empty() || !llvm::isSpace(Line.front()))
      continue;
    int Number = 0;
    if (Line.trim().getAsInteger(10, Number) || Number < 1000)
      continue;
    return ToolkitVersion{Number, cudaVersionText(Number), Path.str()};
  }
  return std::nullopt;
}

} // namespace

std::string toolkitAroundProgram(llvm::StringRef Program) {
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Program)).str();
}

bool holdsCudaToolkit(llvm::StringRef Path) {
  llvm::SmallString<256> Header(Path);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::is_regular_file(Header);
}

std::vector<CudaToolkitCandidate> defaultCudaToolkitCandidates() {
  std::vector<CudaToolkitCandidate> Candidates;
  addEnvironmentCandidate(Candidates, "CUDA_PATH");
  addEnvironmentCandidate(Candidates, "CUDA_HOME");
  Candidates.push_back({"/usr/local/cuda", "the default location"});
  Candidates.push_back({"/usr/lib/cuda", "the default location"});
  addNvccCandidates(Candidates);
  return Candidates;
}

CudaToolkitChoice chooseCudaToolkitFrom(llvm::StringRef Requested,
                                        const std::vector<CudaToolkitCandidate> &Candidates,
                                        std::string &Error) {
  if (Requested == "none")
    return {std::nullopt, BundledDescription.str() + " (--cuda-path=none)"};
  if (!Requested.empty()) {
    if (holdsCudaToolkit(Requested))
      return toolkitAt(Requested, "--cuda-path");
    Error = "--cuda-path=" + Requested.str() +
            ": no include/cuda_runtime.h there; give the root of a CUDA "
            "Toolkit, or --cuda-path=none for the bundled headers";
    return {std::nullopt, ""};
  }
  for (size_t I = 0; I < Candidates.size(); ++I) {
    if (!holdsCudaToolkit(Candidates[I].Path))
      continue;
    CudaToolkitChoice Choice = toolkitAt(Candidates[I].Path, Candidates[I].Origin);
    Choice.Description += ignoredSettings(Candidates, I);
    return Choice;
  }
  return {std::nullopt, BundledDescription.str() +
                            " (no CUDA Toolkit in CUDA_PATH, CUDA_HOME, /usr/local/cuda, "
                            "/usr/lib/cuda or around nvcc on PATH)" +
                            ignoredSettings(Candidates, Candidates.size())};
}

CudaToolkitChoice chooseCudaToolkit(llvm::StringRef Requested, std::string &Error) {
  if (!Requested.empty())
    return chooseCudaToolkitFrom(Requested, {}, Error);
  return chooseCudaToolkitFrom(Requested, defaultCudaToolkitCandidates(), Error);
}

std::string bundledCudaIncludeDir(const char *Argv0, void *MainAddress) {
  return bundledCudaIncludeDirBeside(llvm::sys::fs::getMainExecutable(Argv0, MainAddress));
}

std::string bundledCudaIncludeDirBeside(llvm::StringRef Executable) {
  if (Executable.empty())
    return {};
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(Executable));
  llvm::sys::path::append(Installed, "..", "share", "cudalint", "cuda-include");
  llvm::sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
  // The build tree links share/cudalint/ to the sources: findings name the
  // header where it is edited.
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Installed, Real))
    return std::string(Real);
  return std::string(Installed);
}

std::optional<ToolkitVersion> readToolkitVersion(llvm::StringRef ToolkitRoot) {
  if (std::optional<ToolkitVersion> Version =
          versionFromJson(joinPath(ToolkitRoot, "version.json")))
    return Version;
  if (std::optional<ToolkitVersion> Version = versionFromText(joinPath(ToolkitRoot, "version.txt")))
    return Version;
  if (std::optional<ToolkitVersion> Version =
          versionFromHeader(joinPath(ToolkitRoot, "include", "cuda.h"), "CUDA_VERSION"))
    return Version;
  return versionFromHeader(joinPath(ToolkitRoot, "include", "cuda_runtime_api.h"),
                           "CUDART_VERSION");
}

std::optional<ToolkitVersion> readHeadersVersion(llvm::StringRef IncludeDir) {
  return versionFromHeader(joinPath(IncludeDir, "cuda.h"), "CUDA_VERSION");
}

std::string hostCompilerOpenMpInclude(llvm::StringRef ResourceDir) {
  if (llvm::sys::fs::exists(joinPath(ResourceDir, "include", "omp.h")))
    return {};
  llvm::ErrorOr<std::string> Gcc = llvm::sys::findProgramByName("gcc");
  if (!Gcc)
    return {};
  ProgramRun Printed = runProgram(*Gcc, {"-print-file-name=include"}, /*TimeoutSeconds=*/10);
  if (!Printed.Ran)
    return {};
  std::string Include = llvm::StringRef(Printed.Output).trim().str();
  if (!llvm::sys::path::is_absolute(Include) || !llvm::sys::fs::exists(joinPath(Include, "omp.h")))
    return {};
  return Include;
}

int minimumCppStandardOfToolkit(int CudaVersion) {
  if (CudaVersion >= 13000)
    return 17;
  if (CudaVersion >= 12000)
    return 14;
  return 0;
}

int oldestGpuArchitectureOfToolkit(int CudaVersion) {
  if (CudaVersion >= 13000)
    return 75;
  if (CudaVersion >= 12000)
    return 50;
  if (CudaVersion >= 11000)
    return 35;
  if (CudaVersion >= 9000)
    return 30;
  return 0;
}

namespace {

std::string compatHeader(llvm::StringRef BundledCudaInclude, llvm::StringRef Name) {
  if (BundledCudaInclude.empty())
    return {};
  llvm::SmallString<256> Header(llvm::sys::path::parent_path(BundledCudaInclude));
  llvm::sys::path::append(Header, "nvcc-compat", Name);
  return llvm::sys::fs::exists(Header) ? std::string(Header) : std::string();
}

} // namespace

std::string nvccCompatHeader(llvm::StringRef BundledCudaInclude) {
  return compatHeader(BundledCudaInclude, "cudalint_nvcc_host_math.h");
}

std::string cccl2CompatHeader(llvm::StringRef BundledCudaInclude) {
  return compatHeader(BundledCudaInclude, "cudalint_cccl2_compat.h");
}

} // namespace cudalint
