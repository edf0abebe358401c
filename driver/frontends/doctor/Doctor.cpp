// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/doctor/Doctor.h"

#include "database/CommandTranslation.h"
#include "database/CompileDatabase.h"
#include "database/CudaToolkit.h"
#include "database/UnitSelection.h"

#include "clang/Basic/Cuda.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <map>

namespace cudalint {

namespace {

constexpr int ExitFine = 0;
constexpr int ExitRunTimeFailure = 1;
constexpr int ExitError = 2;
constexpr unsigned CuobjdumpTimeoutSeconds = 60;

std::vector<GpuArchitecture> sortedUnique(std::vector<GpuArchitecture> Architectures) {
  llvm::sort(Architectures);
  Architectures.erase(std::unique(Architectures.begin(), Architectures.end()), Architectures.end());
  return Architectures;
}

template <typename Predicate>
std::optional<GpuArchitecture> newestThat(const std::vector<GpuArchitecture> &Built,
                                          Predicate Runs) {
  for (const GpuArchitecture &Arch : llvm::reverse(Built))
    if (Runs(Arch))
      return Arch;
  return std::nullopt;
}

} // namespace

ClangCudaSupport clangSupportFor(int CudaVersion) {
  clang::CudaVersion Known = clang::CudaStringToVersion(cudaVersionText(CudaVersion));
  if (Known == clang::CudaVersion::UNKNOWN)
    return CudaVersion < 7000 ? ClangCudaSupport::OlderThanSupported
                              : ClangCudaSupport::UnknownToClang;
  if (Known <= clang::CudaVersion::FULLY_SUPPORTED)
    return ClangCudaSupport::Full;
  if (Known <= clang::CudaVersion::PARTIALLY_SUPPORTED)
    return ClangCudaSupport::Partial;
  return ClangCudaSupport::NewerThanSupported;
}

std::string clangFullySupportedCuda() {
  return clang::CudaVersionToString(clang::CudaVersion::FULLY_SUPPORTED);
}

std::string clangPartiallySupportedCuda() {
  return clang::CudaVersionToString(clang::CudaVersion::PARTIALLY_SUPPORTED);
}

std::string BuiltCode::describe() const {
  std::vector<std::string> Parts;
  for (const GpuArchitecture &Arch : MachineCode)
    Parts.push_back(Arch.smName());
  std::string Result = llvm::join(Parts, ", ");
  Parts.clear();
  for (const GpuArchitecture &Arch : Ptx)
    Parts.push_back(Arch.computeName());
  if (!Parts.empty())
    Result += (Result.empty() ? "PTX " : " + PTX ") + llvm::join(Parts, ", ");
  return Result;
}

// CMake's spelling: "80" for machine code and PTX, "80-real" for machine
// code alone, "80-virtual" for PTX alone.
std::string BuiltCode::cmakeArchitectures() const {
  std::vector<GpuArchitecture> All = MachineCode;
  llvm::append_range(All, Ptx);
  std::vector<std::string> Entries;
  for (const GpuArchitecture &Arch : sortedUnique(All)) {
    bool Machine = llvm::is_contained(MachineCode, Arch), WithPtx = llvm::is_contained(Ptx, Arch);
    Entries.push_back(CudaApi::cmakeArchitectureFor(Arch) + (Machine && WithPtx ? ""
                                                             : Machine          ? "-real"
                                                                                : "-virtual"));
  }
  return llvm::join(Entries, ";");
}

BuiltCode builtCodeOf(const std::vector<GpuTarget> &Targets) {
  BuiltCode Code;
  for (const GpuTarget &Target : Targets) {
    std::optional<GpuArchitecture> Arch = GpuArchitecture::parse(Target.Arch);
    if (!Arch)
      continue;
    Code.MachineCode.push_back(*Arch);
    if (Target.EmbedsPtx)
      Code.Ptx.push_back(*Arch);
  }
  Code.MachineCode = sortedUnique(std::move(Code.MachineCode));
  Code.Ptx = sortedUnique(std::move(Code.Ptx));
  return Code;
}

BuiltCode parseCuobjdumpListing(llvm::StringRef Output) {
  BuiltCode Code;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Output.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    bool Elf = Line.starts_with("ELF file");
    if (!Elf && !Line.starts_with("PTX file"))
      continue;
    // "prog.1.sm_90a.cubin": the architecture is the name's last part
    // before the extension; the program's own name may hold dots too.
    llvm::StringRef Name = Line.split(':').second.trim();
    llvm::StringRef Stem = llvm::sys::path::stem(Name);
    llvm::StringRef Last = Stem.rsplit('.').second;
    std::optional<GpuArchitecture> Arch = GpuArchitecture::parse(Last.empty() ? Stem : Last);
    if (!Arch)
      continue;
    (Elf ? Code.MachineCode : Code.Ptx).push_back(*Arch);
  }
  Code.MachineCode = sortedUnique(std::move(Code.MachineCode));
  Code.Ptx = sortedUnique(std::move(Code.Ptx));
  return Code;
}

GpuVerdict verdictFor(const BuiltCode &Code, const GpuArchitecture &Gpu) {
  GpuVerdict Verdict;
  Verdict.Gpu = Gpu;
  // The runtime takes machine code that runs on the GPU over PTX.
  if ((Verdict.From = newestThat(Code.MachineCode, [&](const GpuArchitecture &Built) {
         return CudaApi::machineCodeRunsOn(Built, Gpu);
       }))) {
    Verdict.How = RunsAs::MachineCode;
  } else if ((Verdict.From = newestThat(Code.Ptx, [&](const GpuArchitecture &Built) {
                return CudaApi::ptxRunsOn(Built, Gpu);
              }))) {
    Verdict.How = RunsAs::JitCompiledPtx;
  }
  return Verdict;
}

CoverageFix fixFor(const BuiltCode &Code, llvm::ArrayRef<GpuArchitecture> Missing) {
  CoverageFix Fix;
  std::vector<std::string> Cmake;
  if (std::string Existing = Code.cmakeArchitectures(); !Existing.empty())
    Cmake.push_back(Existing);
  for (const GpuArchitecture &Gpu : Missing) {
    Fix.Nvcc.push_back(CudaApi::gencodeFor(Gpu));
    Fix.Clang.push_back("--offload-arch=" + Gpu.smName());
    Cmake.push_back(CudaApi::cmakeArchitectureFor(Gpu));
  }
  Fix.CmakeArchitectures = llvm::join(Cmake, ";");
  return Fix;
}

Coverage coverageOn(const BuiltCode &Code, llvm::ArrayRef<GpuArchitecture> Gpus) {
  Coverage Result;
  Result.Code = Code;
  // No architecture named: what runs is the compiler's business, and its
  // default is not in the command for cudalint to read.
  Result.CompilerDefault = Code.empty();
  if (Result.CompilerDefault)
    return Result;
  std::vector<GpuArchitecture> Missing;
  for (const GpuArchitecture &Gpu : Gpus) {
    Result.Verdicts.push_back(verdictFor(Code, Gpu));
    if (Result.Verdicts.back().How == RunsAs::NoKernelImage)
      Missing.push_back(Gpu);
  }
  if (!Missing.empty())
    Result.Fix = fixFor(Code, Missing);
  return Result;
}

DriverToolkitMatch compareDriverAndToolkit(std::optional<int> DriverCuda,
                                           std::optional<int> ToolkitCuda) {
  if (!DriverCuda || !ToolkitCuda)
    return DriverToolkitMatch::NotCompared;
  if (*ToolkitCuda / 1000 > *DriverCuda / 1000)
    return DriverToolkitMatch::MajorTooOld;
  if (*ToolkitCuda > *DriverCuda)
    return DriverToolkitMatch::MinorTooOld;
  return DriverToolkitMatch::Compatible;
}

size_t DoctorReport::runTimeFailures() const {
  size_t Failures = DriverVsToolkit == DriverToolkitMatch::MajorTooOld ||
                    DriverVsToolkit == DriverToolkitMatch::MinorTooOld;
  for (const UnitGroup &Group : UnitGroups)
    Failures += Group.Result.fails();
  for (const BinaryCoverage &Binary : Binaries)
    Failures += Binary.Result.fails();
  return Failures;
}

int DoctorReport::exitCode() const {
  if (!Errors.empty())
    return ExitError;
  return runTimeFailures() ? ExitRunTimeFailure : ExitFine;
}

// ---------------------------------------------------------------------------
// Gathering

namespace {

std::vector<TargetGpu> targetGpus(const DoctorOptions &Options, const DriverProbe &Driver) {
  std::map<GpuArchitecture, std::vector<std::string>> ByArchitecture;
  if (!Options.TargetGpus.empty()) {
    for (const GpuArchitecture &Gpu : Options.TargetGpus)
      ByArchitecture[Gpu];
  } else {
    for (const DetectedGpu &Gpu : Driver.Gpus)
      ByArchitecture[Gpu.Capability].push_back("GPU " + std::to_string(Gpu.Index) + ": " +
                                               Gpu.Name);
  }
  std::vector<TargetGpu> Targets;
  for (auto &[Architecture, Names] : ByArchitecture)
    Targets.push_back({Architecture, std::move(Names)});
  return Targets;
}

std::string databasePathFor(llvm::StringRef BuildPath) {
  llvm::SmallString<256> Path(BuildPath);
  if (llvm::sys::fs::is_directory(Path))
    llvm::sys::path::append(Path, "compile_commands.json");
  return absolutePath(Path);
}

void examineDatabase(const DoctorOptions &Options, const ToolchainSetup &Toolchain,
                     llvm::ArrayRef<GpuArchitecture> Gpus, DoctorReport &Report) {
  Report.DatabasePath = databasePathFor(Options.BuildPath);
  UnitRequest Request;
  Request.BuildPath = Options.BuildPath;
  UnitSelection Selection = selectUnits(Request);
  for (const RunProblem &Problem : Selection.Problems)
    (Selection.UsageError ? Report.Errors : Report.DatabaseProblems).push_back(Problem.Message);
  if (Selection.UsageError)
    return;
  std::map<BuiltCode, std::vector<std::string>> FilesByCode;
  for (const CompileCommand &Command : Selection.Commands) {
    if (!isCudaUnit(Command))
      continue;
    ++Report.CudaUnits;
    TranslatedCommand Translated = translateCompileCommand(Command, Toolchain);
    FilesByCode[builtCodeOf(gpuTargetsOf(Translated.Arguments))].push_back(Command.File);
  }
  for (auto &[Code, Files] : FilesByCode)
    Report.UnitGroups.push_back({std::move(Files), coverageOn(Code, Gpus)});
}

std::string findCuobjdump(const std::optional<std::string> &ToolkitPath) {
  if (llvm::ErrorOr<std::string> OnPath = llvm::sys::findProgramByName("cuobjdump"))
    return *OnPath;
  if (ToolkitPath) {
    llvm::SmallString<256> InToolkit(*ToolkitPath);
    llvm::sys::path::append(InToolkit, "bin", "cuobjdump");
    if (llvm::sys::fs::can_execute(InToolkit))
      return std::string(InToolkit);
  }
  return "";
}

void examineBinaries(const DoctorOptions &Options, llvm::ArrayRef<GpuArchitecture> Gpus,
                     DoctorReport &Report) {
  Report.Cuobjdump = findCuobjdump(Report.ToolkitPath);
  for (const std::string &File : Options.Binaries) {
    llvm::sys::fs::file_status Status;
    if (std::error_code Error = llvm::sys::fs::status(File, Status)) {
      Report.Errors.push_back("cannot read '" + File + "': " + Error.message());
      continue;
    }
    if (Status.type() != llvm::sys::fs::file_type::regular_file) {
      Report.Errors.push_back("'" + File + "' is not a file");
      continue;
    }
    if (Report.Cuobjdump.empty()) {
      Report.Errors.push_back(
          "cannot list the GPU code in '" + File + "': cuobjdump is not on PATH" +
          (Report.ToolkitPath ? " nor in " + *Report.ToolkitPath + "/bin" : std::string()) +
          " (it comes with the CUDA Toolkit; --cuda-path names one)");
      continue;
    }
    BinaryCoverage Binary;
    Binary.File = absolutePath(File);
    std::string Listing;
    for (llvm::StringRef Mode : {"--list-elf", "--list-ptx"}) {
      ProgramRun Run = runProgram(Report.Cuobjdump, {Mode, File}, CuobjdumpTimeoutSeconds);
      // cuobjdump fails on a file without device code: that file runs no
      // kernel, and has none to lack.
      if (!Run.Ran && Run.Error.find("does not contain device code") == std::string::npos) {
        Binary.Problem = "cuobjdump " + Mode.str() + " failed: " + Run.Error;
        break;
      }
      Listing += Run.Output;
    }
    if (!Binary.Problem.empty()) {
      Report.Errors.push_back("'" + File + "': " + Binary.Problem);
    } else {
      Binary.Result = coverageOn(parseCuobjdumpListing(Listing), Gpus);
      // Unlike a unit, a binary without device code has no default.
      Binary.Result.CompilerDefault = false;
    }
    Report.Binaries.push_back(std::move(Binary));
  }
}

} // namespace

DoctorReport examine(const DoctorOptions &Options) {
  DoctorReport Report;
  Report.ToolVersion = CUDALINT_VERSION;
  Report.ClangVersion = LLVM_VERSION_STRING;

  std::string ToolkitError;
  CudaToolkitChoice Toolkit = chooseCudaToolkit(Options.CudaPath, ToolkitError);
  if (!ToolkitError.empty())
    Report.Errors.push_back(ToolkitError);
  Report.ToolkitPath = Toolkit.Path;
  Report.ToolkitDescription = Toolkit.Description;
  if (Toolkit.Path)
    Report.Toolkit = readToolkitVersion(*Toolkit.Path);
  if (Report.Toolkit)
    Report.ClangSupport = clangSupportFor(Report.Toolkit->Number);

  Report.Driver = probeDriver();
  Report.DriverVsToolkit = compareDriverAndToolkit(
      Report.Driver.CudaVersion,
      Report.Toolkit ? std::optional<int>(Report.Toolkit->Number) : std::nullopt);

  Report.TargetsFromCommandLine = !Options.TargetGpus.empty();
  Report.Targets = targetGpus(Options, Report.Driver);
  std::vector<GpuArchitecture> Gpus;
  for (const TargetGpu &Target : Report.Targets)
    Gpus.push_back(Target.Architecture);

  if (!Options.BuildPath.empty()) {
    ToolchainSetup Toolchain;
    Toolchain.ResourceDir = CUDALINT_CLANG_RESOURCE_DIR;
    Toolchain.CudaPath = Toolkit.Path;
    Toolchain.CudaVersion = Report.Toolkit ? Report.Toolkit->Number : 0;
    Toolchain.BundledCudaInclude = Options.BundledCudaInclude;
    examineDatabase(Options, Toolchain, Gpus, Report);
  }
  if (!Options.Binaries.empty())
    examineBinaries(Options, Gpus, Report);
  return Report;
}

// ---------------------------------------------------------------------------
// Text

namespace {

enum class Level { Ok, Note, Warning, Failure };

class TextWriter {
public:
  explicit TextWriter(llvm::raw_ostream &OS) : OS(OS) {}

  void section(llvm::StringRef Title) { OS << "\n" << Title << "\n"; }
  void line(Level Kind, const llvm::Twine &Message) {
    static constexpr const char *Marks[] = {"[ok]  ", "[note]", "[warn]", "[FAIL]"};
    OS << "  " << Marks[static_cast<int>(Kind)] << "  " << Message << "\n";
  }
  // A continuation of the line above.
  void more(const llvm::Twine &Message, unsigned Depth = 0) {
    OS.indent(10 + 2 * Depth) << Message << "\n";
  }

private:
  llvm::raw_ostream &OS;
};

std::string cudaText(std::optional<int> Version) {
  return Version ? "CUDA " + cudaVersionText(*Version) : "an unknown CUDA version";
}

void writeToolkit(TextWriter &Out, const DoctorReport &Report) {
  Out.section("Toolkit");
  if (!Report.ToolkitPath) {
    Out.line(Level::Note, "no CUDA Toolkit: cudalint parses with " +
                              (Report.ToolkitDescription.empty()
                                   ? std::string("the CUDA headers bundled with it")
                                   : Report.ToolkitDescription));
    return;
  }
  if (!Report.Toolkit) {
    Out.line(Level::Warning, Report.ToolkitDescription + ": its version is unknown");
    Out.more("(no version.json or version.txt, and no CUDA_VERSION in include/cuda.h)");
    return;
  }
  Out.line(Level::Ok, "CUDA " + Report.Toolkit->Text + ": " + Report.ToolkitDescription);
  Out.more("version read from " + Report.Toolkit->ReadFrom);
}

void writeClang(TextWriter &Out, const DoctorReport &Report) {
  Out.section("Clang");
  std::string Clang = "clang " + Report.ClangVersion + " supports CUDA up to " +
                      clangFullySupportedCuda() + " (" + clangPartiallySupportedCuda() +
                      " partially)";
  if (!Report.ClangSupport) {
    Out.line(Level::Ok, Clang + "; no toolkit version to compare");
    return;
  }
  std::string Toolkit = "CUDA " + cudaVersionText(Report.Toolkit->Number);
  switch (*Report.ClangSupport) {
  case ClangCudaSupport::Full:
    Out.line(Level::Ok, Clang + ": " + Toolkit + " is fully supported");
    return;
  case ClangCudaSupport::Partial:
    Out.line(Level::Note, Clang + ": " + Toolkit + " is partially supported");
    break;
  case ClangCudaSupport::NewerThanSupported:
  case ClangCudaSupport::UnknownToClang:
    Out.line(Level::Note, Clang + ": " + Toolkit + " is newer" +
                              (*Report.ClangSupport == ClangCudaSupport::UnknownToClang
                                   ? " than any version it knows"
                                   : ""));
    break;
  case ClangCudaSupport::OlderThanSupported:
    Out.line(Level::Warning, Clang + ": " + Toolkit + " is older than any version it knows");
    Out.more("a unit whose headers clang cannot parse is reported as not analysed;");
    Out.more("--cuda-path=none parses with the CUDA headers bundled with cudalint");
    return;
  }
  // cudalint parses host code only and silences -Wunknown-cuda-version, so
  // a newer toolkit costs nothing until clang meets a header it cannot parse.
  Out.more("cudalint parses its headers anyway (host code only, without clang's warning);");
  Out.more("a unit whose headers clang cannot parse is reported as not analysed, and");
  Out.more("--cuda-path=none then parses with the CUDA headers bundled with cudalint");
}

void writeDriver(TextWriter &Out, const DoctorReport &Report) {
  const DriverProbe &Driver = Report.Driver;
  Out.section("Driver and GPUs");
  if (Driver.Source.empty()) {
    Out.line(Level::Note, Driver.Problem);
    Out.more("normal on a machine without a GPU, such as a CI runner; --target-gpu=sm_90,...");
    Out.more("checks the coverage for the GPUs you deploy to");
    return;
  }
  std::string Version = Driver.DriverVersion.empty() ? "NVIDIA driver (version unknown)"
                                                     : "NVIDIA driver " + Driver.DriverVersion;
  Out.line(Level::Ok, Version + ", supports " +
                          (Driver.CudaVersion ? "CUDA up to " + cudaVersionText(*Driver.CudaVersion)
                                              : std::string("an unknown CUDA version")) +
                          " (from " + Driver.Source + ")");
  for (const DetectedGpu &Gpu : Driver.Gpus)
    Out.line(Level::Ok, "GPU " + std::to_string(Gpu.Index) + ": " + Gpu.Name +
                            ", compute capability " + Gpu.Capability.capability() + " (" +
                            Gpu.Capability.smName() + ")");
  if (!Driver.Problem.empty())
    Out.line(Driver.Gpus.empty() ? Level::Note : Level::Warning, Driver.Problem);
}

void writeDriverVsToolkit(TextWriter &Out, const DoctorReport &Report) {
  Out.section("Driver and toolkit");
  std::optional<int> Toolkit =
      Report.Toolkit ? std::optional<int>(Report.Toolkit->Number) : std::nullopt;
  std::string Supports = "the driver supports up to " + cudaText(Report.Driver.CudaVersion) +
                         ", the toolkit is " + cudaText(Toolkit);
  switch (Report.DriverVsToolkit) {
  case DriverToolkitMatch::NotCompared:
    Out.line(Level::Note,
             std::string("not compared: ") + (!Toolkit ? "no toolkit version"
                                              : Report.Driver.Source.empty()
                                                  ? "no driver"
                                                  : "the driver's CUDA version is unknown"));
    return;
  case DriverToolkitMatch::Compatible:
    Out.line(Level::Ok, Supports + ": the driver runs what the toolkit builds");
    return;
  case DriverToolkitMatch::MajorTooOld:
    Out.line(Level::Failure, Supports + ": programs it builds fail at their first CUDA");
    Out.more("call with cudaErrorInsufficientDriver, and no kernel runs");
    Out.more("fix: install a driver for " + cudaText(Toolkit) +
             " or later (nvidia-smi's \"CUDA Version\"), or build with a CUDA " +
             std::to_string(*Report.Driver.CudaVersion / 1000) + " toolkit");
    return;
  case DriverToolkitMatch::MinorTooOld:
    Out.line(Level::Failure, Supports + ": its machine code runs (minor version");
    Out.more("compatibility), but the driver cannot JIT-compile its PTX: a GPU with no machine");
    Out.more("code of its own fails with cudaErrorUnsupportedPtxVersion");
    Out.more("fix: install a driver for " + cudaText(Toolkit) +
             " or later, or build machine code (code=sm_XX) for every GPU");
    return;
  }
}

std::string describeVerdict(const GpuVerdict &Verdict) {
  switch (Verdict.How) {
  case RunsAs::MachineCode:
    return "runs its machine code for " + Verdict.From->smName();
  case RunsAs::JitCompiledPtx:
    return "runs its PTX for " + Verdict.From->computeName() +
           ", JIT-compiled by the driver at startup";
  case RunsAs::NoKernelImage:
    break;
  }
  return "no kernel image: launches fail with cudaErrorNoKernelImageForDevice";
}

std::string targetLabel(const GpuArchitecture &Gpu, const DoctorReport &Report) {
  for (const TargetGpu &Target : Report.Targets)
    if (Target.Architecture == Gpu && !Target.Names.empty())
      return Gpu.smName() + " (" + llvm::join(Target.Names, ", ") + ")";
  return Gpu.smName();
}

void writeCoverage(TextWriter &Out, const DoctorReport &Report, const Coverage &Result,
                   llvm::StringRef What, llvm::ArrayRef<std::string> Files) {
  Level Kind = Result.fails()                                     ? Level::Failure
               : Result.CompilerDefault || Report.Targets.empty() ? Level::Note
                                                                  : Level::Ok;
  if (Result.CompilerDefault)
    Out.line(Kind, What + ": no GPU architecture named, built for the compiler's default");
  else if (Result.Code.empty())
    Out.line(Kind, What + ": no GPU code (it launches no kernel of its own)");
  else
    Out.line(Kind, What + ": " + Result.Code.describe());
  constexpr size_t FilesShown = 5;
  for (size_t I = 0; I < Files.size() && I < FilesShown; ++I)
    Out.more(Files[I], 1);
  if (Files.size() > FilesShown)
    Out.more("and " + std::to_string(Files.size() - FilesShown) + " more", 1);
  if (Result.CompilerDefault) {
    Out.more("(nvcc's default embeds PTX, which the driver JIT-compiles for later GPUs);");
    Out.more("name the GPUs with -arch or -gencode to be sure");
  }
  for (const GpuVerdict &Verdict : Result.Verdicts)
    Out.more("on " + targetLabel(Verdict.Gpu, Report) + ": " + describeVerdict(Verdict));
  if (Result.Fix) {
    Out.more("fix: nvcc:  " + llvm::join(Result.Fix->Nvcc, " "));
    Out.more("     clang: " + llvm::join(Result.Fix->Clang, " "));
    Out.more("     CMake: -DCMAKE_CUDA_ARCHITECTURES=\"" + Result.Fix->CmakeArchitectures + "\"");
  }
}

std::string unitCount(size_t Count) {
  return std::to_string(Count) + (Count == 1 ? " unit" : " units");
}

void writeTargets(TextWriter &Out, const DoctorReport &Report) {
  if (Report.Targets.empty()) {
    Out.line(Level::Note, "no GPU to check against: none detected, and no --target-gpu");
    return;
  }
  std::vector<std::string> Names;
  for (const TargetGpu &Target : Report.Targets)
    Names.push_back(Target.Architecture.smName());
  Out.line(Level::Note,
           "checked against " + llvm::join(Names, ", ") +
               (Report.TargetsFromCommandLine ? " (--target-gpu)" : " (the GPUs detected)"));
}

} // namespace

void writeDoctorText(llvm::raw_ostream &OS, const DoctorReport &Report) {
  TextWriter Out(OS);
  OS << "cudalint doctor: cudalint " << Report.ToolVersion << ", clang " << Report.ClangVersion
     << "\n";
  writeToolkit(Out, Report);
  writeClang(Out, Report);
  writeDriver(Out, Report);
  writeDriverVsToolkit(Out, Report);
  if (!Report.DatabasePath.empty()) {
    Out.section("Coverage of " + Report.DatabasePath);
    for (const std::string &Problem : Report.DatabaseProblems)
      Out.line(Level::Note, Problem);
    if (Report.UnitGroups.empty() && llvm::none_of(Report.Errors, [&](const std::string &Error) {
          return llvm::StringRef(Error).contains(Report.DatabasePath);
        }))
      Out.line(Level::Note, "the database lists no CUDA unit");
    if (!Report.UnitGroups.empty())
      writeTargets(Out, Report);
    for (const UnitGroup &Group : Report.UnitGroups)
      writeCoverage(Out, Report, Group.Result, unitCount(Group.Files.size()), Group.Files);
  }
  if (!Report.Binaries.empty()) {
    Out.section("Coverage of binaries (" + Report.Cuobjdump + ")");
    writeTargets(Out, Report);
    for (const BinaryCoverage &Binary : Report.Binaries)
      if (Binary.Problem.empty())
        writeCoverage(Out, Report, Binary.Result, Binary.File, {});
  }
  if (!Report.Errors.empty()) {
    Out.section("Not checked");
    for (const std::string &Error : Report.Errors)
      Out.line(Level::Failure, Error);
  }
  size_t Failures = Report.runTimeFailures();
  OS << "\n"
     << (Failures
             ? "Found " + std::to_string(Failures) +
                   (Failures == 1 ? " problem that fails" : " problems that fail") + " at run time"
             : std::string("Found nothing that fails at run time"))
     << (Report.Errors.empty() ? "" : "; some checks could not be made") << ".\n";
}

// ---------------------------------------------------------------------------
// JSON: every key always present (null where unknown), in a fixed order.

namespace {

llvm::StringRef clangSupportName(ClangCudaSupport Support) {
  switch (Support) {
  case ClangCudaSupport::Full:
    return "full";
  case ClangCudaSupport::Partial:
    return "partial";
  case ClangCudaSupport::NewerThanSupported:
    return "newer-than-supported";
  case ClangCudaSupport::UnknownToClang:
    return "unknown-to-clang";
  case ClangCudaSupport::OlderThanSupported:
    return "older-than-supported";
  }
  return "";
}

llvm::StringRef driverMatchName(DriverToolkitMatch Match) {
  switch (Match) {
  case DriverToolkitMatch::NotCompared:
    return "not-compared";
  case DriverToolkitMatch::Compatible:
    return "compatible";
  case DriverToolkitMatch::MajorTooOld:
    return "driver-too-old";
  case DriverToolkitMatch::MinorTooOld:
    return "driver-cannot-jit-toolkit-ptx";
  }
  return "";
}

llvm::StringRef runsAsName(RunsAs How) {
  switch (How) {
  case RunsAs::MachineCode:
    return "machine-code";
  case RunsAs::JitCompiledPtx:
    return "ptx-jit";
  case RunsAs::NoKernelImage:
    return "no-kernel-image";
  }
  return "";
}

template <typename Value> llvm::json::Value orNull(const std::optional<Value> &Optional) {
  return Optional ? llvm::json::Value(*Optional) : llvm::json::Value(nullptr);
}

llvm::json::Value orNull(const std::string &Text) {
  return Text.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(Text);
}

void writeArchitectures(llvm::json::OStream &J, const BuiltCode &Code) {
  J.attributeObject("architectures", [&] {
    J.attributeArray("machineCode", [&] {
      for (const GpuArchitecture &Arch : Code.MachineCode)
        J.value(Arch.smName());
    });
    J.attributeArray("ptx", [&] {
      for (const GpuArchitecture &Arch : Code.Ptx)
        J.value(Arch.computeName());
    });
    J.attribute("cmake", orNull(Code.cmakeArchitectures()));
  });
}

void writeCoverageJson(llvm::json::OStream &J, const Coverage &Result) {
  writeArchitectures(J, Result.Code);
  J.attribute("compilerDefault", Result.CompilerDefault);
  J.attribute("runs", !Result.fails());
  J.attributeArray("verdicts", [&] {
    for (const GpuVerdict &Verdict : Result.Verdicts)
      J.object([&] {
        J.attribute("gpu", Verdict.Gpu.smName());
        J.attribute("runsAs", runsAsName(Verdict.How));
        J.attribute("from", Verdict.From ? llvm::json::Value(Verdict.How == RunsAs::MachineCode
                                                                 ? Verdict.From->smName()
                                                                 : Verdict.From->computeName())
                                         : llvm::json::Value(nullptr));
      });
  });
  if (!Result.Fix) {
    J.attribute("fix", nullptr);
    return;
  }
  J.attributeObject("fix", [&] {
    J.attribute("nvcc", llvm::json::Array(Result.Fix->Nvcc));
    J.attribute("clang", llvm::json::Array(Result.Fix->Clang));
    J.attribute("cmakeArchitectures", Result.Fix->CmakeArchitectures);
  });
}

} // namespace

void writeDoctorJson(llvm::raw_ostream &OS, const DoctorReport &Report) {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("cudalint", Report.ToolVersion);
    J.attributeObject("toolkit", [&] {
      J.attribute("path", orNull(Report.ToolkitPath));
      J.attribute("description", Report.ToolkitDescription);
      J.attribute("version", Report.Toolkit ? llvm::json::Value(Report.Toolkit->Text)
                                            : llvm::json::Value(nullptr));
      J.attribute("cudaVersion", Report.Toolkit ? llvm::json::Value(Report.Toolkit->Number)
                                                : llvm::json::Value(nullptr));
      J.attribute("versionReadFrom", Report.Toolkit ? llvm::json::Value(Report.Toolkit->ReadFrom)
                                                    : llvm::json::Value(nullptr));
    });
    J.attributeObject("clang", [&] {
      J.attribute("version", Report.ClangVersion);
      J.attribute("fullySupportedCuda", clangFullySupportedCuda());
      J.attribute("partiallySupportedCuda", clangPartiallySupportedCuda());
      J.attribute("toolkitSupport", Report.ClangSupport
                                        ? llvm::json::Value(clangSupportName(*Report.ClangSupport))
                                        : llvm::json::Value(nullptr));
    });
    J.attributeObject("driver", [&] {
      const DriverProbe &Driver = Report.Driver;
      J.attribute("source", orNull(Driver.Source));
      J.attribute("version", orNull(Driver.DriverVersion));
      J.attribute("cudaVersion", orNull(Driver.CudaVersion));
      J.attribute("problem", orNull(Driver.Problem));
      J.attributeArray("gpus", [&] {
        for (const DetectedGpu &Gpu : Driver.Gpus)
          J.object([&] {
            J.attribute("index", Gpu.Index);
            J.attribute("name", Gpu.Name);
            J.attribute("computeCapability", Gpu.Capability.capability());
            J.attribute("architecture", Gpu.Capability.smName());
          });
      });
    });
    J.attribute("driverVsToolkit", driverMatchName(Report.DriverVsToolkit));
    J.attributeObject("targets", [&] {
      J.attribute("source", Report.TargetsFromCommandLine ? "--target-gpu" : "detected");
      J.attributeArray("gpus", [&] {
        for (const TargetGpu &Target : Report.Targets)
          J.object([&] {
            J.attribute("architecture", Target.Architecture.smName());
            J.attribute("computeCapability", Target.Architecture.capability());
            J.attribute("names", llvm::json::Array(Target.Names));
          });
      });
    });
    if (Report.DatabasePath.empty()) {
      J.attribute("database", nullptr);
    } else {
      J.attributeObject("database", [&] {
        J.attribute("path", Report.DatabasePath);
        J.attribute("problems", llvm::json::Array(Report.DatabaseProblems));
        J.attribute("cudaUnits", static_cast<int64_t>(Report.CudaUnits));
        J.attributeArray("groups", [&] {
          for (const UnitGroup &Group : Report.UnitGroups)
            J.object([&] {
              J.attribute("units", llvm::json::Array(Group.Files));
              writeCoverageJson(J, Group.Result);
            });
        });
      });
    }
    J.attribute("cuobjdump", orNull(Report.Cuobjdump));
    J.attributeArray("binaries", [&] {
      for (const BinaryCoverage &Binary : Report.Binaries)
        if (Binary.Problem.empty())
          J.object([&] {
            J.attribute("file", Binary.File);
            writeCoverageJson(J, Binary.Result);
          });
    });
    J.attribute("errors", llvm::json::Array(Report.Errors));
    J.attribute("runTimeFailures", static_cast<int64_t>(Report.runTimeFailures()));
    J.attribute("exitCode", Report.exitCode());
  });
  OS << "\n";
}

// ---------------------------------------------------------------------------
// Command line

int runDoctor(int Argc, const char **Argv) {
  namespace cl = llvm::cl;
  // The main command's options and help text are registered when cudalint
  // starts; doctor has none of them. Its own are constructed only when it
  // runs, so the main command stays exactly as it is.
  cl::ResetCommandLineParser();
  static cl::SubCommand Doctor("doctor", "Check the CUDA toolkit, driver, GPUs and the "
                                         "GPU architectures a build covers");
  static cl::OptionCategory Category("cudalint doctor options");
  static cl::list<std::string> Binaries(cl::Positional, cl::desc("<binary or object>..."),
                                        cl::sub(Doctor), cl::cat(Category));
  static cl::opt<std::string> BuildPath(
      "p",
      cl::desc("Build directory holding compile_commands.json (or the file itself): check "
               "that its CUDA units have a kernel image for each target GPU."),
      cl::value_desc("build-path"), cl::sub(Doctor), cl::cat(Category));
  static cl::list<std::string> TargetGpus(
      "target-gpu",
      cl::desc("GPUs to check the coverage for, instead of the GPUs detected: sm_90, 9.0 "
               "or 90, comma-separated."),
      cl::value_desc("arch,..."), cl::CommaSeparated, cl::sub(Doctor), cl::cat(Category));
  static cl::opt<std::string> CudaPath(
      "cuda-path",
      cl::desc("CUDA Toolkit to check, or 'none' for the CUDA headers bundled with "
               "cudalint. Default: found as the main command finds it."),
      cl::value_desc("dir|none"), cl::sub(Doctor), cl::cat(Category));
  enum class Format { Text, Json };
  static cl::opt<Format> OutputFormat(
      "format", cl::desc("Output format:"),
      cl::values(clEnumValN(Format::Text, "text", "a checklist (default)"),
                 clEnumValN(Format::Json, "json", "JSON, for scripts")),
      cl::init(Format::Text), cl::sub(Doctor), cl::cat(Category));
  static cl::extrahelp Exit(R"(
Exit codes:
  0  nothing found that fails at run time
  1  something fails at run time: a GPU with no kernel image for a unit or
     binary, or a driver too old for the toolkit
  2  usage error: an unreadable database, a missing binary, no cuobjdump
)");

  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "cudalint " << CUDALINT_VERSION << " (clang " << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "cudalint doctor: is this machine and this build set up to "
                                   "run CUDA code?\n",
                                   &llvm::errs()))
    return ExitError;

  DoctorOptions Options;
  Options.CudaPath = CudaPath;
  Options.BuildPath = BuildPath;
  Options.Binaries.assign(Binaries.begin(), Binaries.end());
  for (llvm::StringRef Name : TargetGpus) {
    std::optional<GpuArchitecture> Gpu = GpuArchitecture::parse(Name);
    if (!Gpu) {
      llvm::WithColor::error(llvm::errs(), "cudalint doctor")
          << "--target-gpu: '" << Name << "' is not a GPU architecture (sm_90, 9.0 or 90)\n";
      return ExitError;
    }
    Options.TargetGpus.push_back(*Gpu);
  }
  static int MainAddress;
  Options.BundledCudaInclude = bundledCudaIncludeDir(Argv[0], &MainAddress);

  DoctorReport Report = examine(Options);
  if (OutputFormat == Format::Json)
    writeDoctorJson(llvm::outs(), Report);
  else
    writeDoctorText(llvm::outs(), Report);
  llvm::outs().flush();
  for (const std::string &Error : Report.Errors)
    llvm::WithColor::error(llvm::errs(), "cudalint doctor") << Error << "\n";
  return Report.exitCode();
}

} // namespace cudalint
