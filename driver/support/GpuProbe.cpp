// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "support/GpuProbe.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

namespace cudalint {

namespace {

// The driver API as cuda.h declares it, spelled out so that cudalint builds
// on machines without a CUDA Toolkit.
using CUresult = int;
using CUdevice = int;
constexpr CUresult CudaSuccess = 0;
constexpr int ComputeCapabilityMajorAttribute = 75; // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
constexpr int ComputeCapabilityMinorAttribute = 76; // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
using CuInit = CUresult (*)(unsigned Flags);
using CuDriverGetVersion = CUresult (*)(int *Version);
using CuDeviceGetCount = CUresult (*)(int *Count);
using CuDeviceGet = CUresult (*)(CUdevice *Device, int Ordinal);
using CuDeviceGetName = CUresult (*)(char *Name, int Length, CUdevice Device);
using CuDeviceGetAttribute = CUresult (*)(int *Value, int Attribute, CUdevice Device);
using CuGetErrorName = CUresult (*)(CUresult Error, const char **Name);
using CuGetErrorString = CUresult (*)(CUresult Error, const char **Text);

constexpr llvm::StringLiteral DriverLibrary = "libcuda.so.1";
constexpr unsigned NvidiaSmiTimeoutSeconds = 10;

struct LibcudaProbe {
  bool Loaded = false;
  std::optional<int> CudaVersion;
  std::vector<DetectedGpu> Gpus;
  std::string Problem;
};

template <typename Function> Function lookUp(llvm::sys::DynamicLibrary &Library, const char *Name) {
  return reinterpret_cast<Function>(Library.getAddressOfSymbol(Name));
}

// "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)", or the bare
// number from a driver too old to name its errors.
std::string describeCudaError(llvm::sys::DynamicLibrary &Library, CUresult Error) {
  const char *Name = nullptr, *Text = nullptr;
  if (auto GetName = lookUp<CuGetErrorName>(Library, "cuGetErrorName"))
    GetName(Error, &Name);
  if (auto GetText = lookUp<CuGetErrorString>(Library, "cuGetErrorString"))
    GetText(Error, &Text);
  std::string Result = Name ? Name : "CUresult " + std::to_string(Error);
  if (Text)
    Result += std::string(" (") + Text + ")";
  return Result;
}

LibcudaProbe probeLibcuda() {
  LibcudaProbe Probe;
  std::string LoadError;
  // Never unloaded: a driver library torn down and loaded again within one
  // process is not something NVIDIA supports, and the probe runs once.
  llvm::sys::DynamicLibrary Library =
      llvm::sys::DynamicLibrary::getLibrary(DriverLibrary.str().c_str(), &LoadError);
  if (!Library.isValid()) {
    Probe.Problem = DriverLibrary.str() + " cannot be loaded (" + LoadError + ")";
    return Probe;
  }
  Probe.Loaded = true;
  auto Init = lookUp<CuInit>(Library, "cuInit");
  auto DriverGetVersion = lookUp<CuDriverGetVersion>(Library, "cuDriverGetVersion");
  auto DeviceGetCount = lookUp<CuDeviceGetCount>(Library, "cuDeviceGetCount");
  auto DeviceGet = lookUp<CuDeviceGet>(Library, "cuDeviceGet");
  auto DeviceGetName = lookUp<CuDeviceGetName>(Library, "cuDeviceGetName");
  auto DeviceGetAttribute = lookUp<CuDeviceGetAttribute>(Library, "cuDeviceGetAttribute");
  if (!Init || !DriverGetVersion || !DeviceGetCount || !DeviceGet || !DeviceGetName ||
      !DeviceGetAttribute) {
    Probe.Problem = DriverLibrary.str() + " lacks the driver API's device queries";
    return Probe;
  }
  // The driver version needs no cuInit, so it is known even where the
  // devices cannot be opened.
  if (int Version = 0; DriverGetVersion(&Version) == CudaSuccess && Version > 0)
    Probe.CudaVersion = Version;
  if (CUresult Error = Init(0); Error != CudaSuccess) {
    Probe.Problem = "cuInit failed: " + describeCudaError(Library, Error);
    return Probe;
  }
  int Count = 0;
  if (CUresult Error = DeviceGetCount(&Count); Error != CudaSuccess) {
    Probe.Problem = "cuDeviceGetCount failed: " + describeCudaError(Library, Error);
    return Probe;
  }
  for (int Ordinal = 0; Ordinal < Count; ++Ordinal) {
    CUdevice Device = 0;
    char Name[256] = {};
    int Major = 0, Minor = 0;
    if (DeviceGet(&Device, Ordinal) != CudaSuccess ||
        DeviceGetName(Name, sizeof(Name) - 1, Device) != CudaSuccess ||
        DeviceGetAttribute(&Major, ComputeCapabilityMajorAttribute, Device) != CudaSuccess ||
        DeviceGetAttribute(&Minor, ComputeCapabilityMinorAttribute, Device) != CudaSuccess)
      continue;
    GpuArchitecture Capability;
    Capability.Major = Major;
    Capability.Minor = Minor;
    Probe.Gpus.push_back({static_cast<unsigned>(Ordinal), Name, Capability});
  }
  if (Probe.Gpus.empty())
    Probe.Problem = "the driver reports no CUDA GPU";
  return Probe;
}

std::optional<std::string> readTextFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFileAsStream(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

bool looksLikeDriverVersion(llvm::StringRef Word) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Word.split(Parts, '.');
  return Parts.size() >= 2 && llvm::all_of(Parts, [](llvm::StringRef Part) {
           return !Part.empty() && llvm::all_of(Part, llvm::isDigit);
         });
}

} // namespace

std::optional<int> cudaVersionNumber(llvm::StringRef MajorDotMinor) {
  auto [MajorText, MinorText] = MajorDotMinor.trim().split('.');
  unsigned Major = 0, Minor = 0;
  if (MajorText.getAsInteger(10, Major) ||
      (!MinorText.empty() && MinorText.getAsInteger(10, Minor)) || Major == 0 || Minor > 99)
    return std::nullopt;
  return static_cast<int>(Major * 1000 + Minor * 10);
}

std::string cudaVersionText(int Version) {
  return std::to_string(Version / 1000) + "." + std::to_string(Version % 1000 / 10);
}

NvidiaSmiGpus parseNvidiaSmiGpuQuery(llvm::StringRef Output) {
  NvidiaSmiGpus Result;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Output.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    // A GPU's name may hold commas of its own; the version and the
    // capability never do.
    auto [Version, Rest] = Line.trim().split(',');
    auto [Name, CapabilityText] = Rest.rsplit(',');
    std::optional<GpuArchitecture> Capability = GpuArchitecture::parse(CapabilityText.trim());
    if (!looksLikeDriverVersion(Version.trim()) || Name.trim().empty() || !Capability)
      continue;
    if (Result.DriverVersion.empty())
      Result.DriverVersion = Version.trim().str();
    Result.Gpus.push_back(
        {static_cast<unsigned>(Result.Gpus.size()), Name.trim().str(), *Capability});
  }
  return Result;
}

std::optional<int> parseNvidiaSmiCudaVersion(llvm::StringRef Output) {
  size_t At = Output.find("CUDA Version:");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest = Output.substr(At + strlen("CUDA Version:")).ltrim();
  return cudaVersionNumber(Rest.take_while([](char C) { return llvm::isDigit(C) || C == '.'; }));
}

std::optional<std::string> parseProcDriverVersion(llvm::StringRef Text) {
  llvm::StringRef Line = Text.split('\n').first;
  if (!Line.starts_with("NVRM version:"))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 16> Words;
  Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Word : Words)
    if (looksLikeDriverVersion(Word))
      return Word.str();
  return std::nullopt;
}

ProgramRun runProgram(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Arguments,
                      unsigned TimeoutSeconds) {
  ProgramRun Run;
  llvm::SmallString<128> OutputPath, ErrorPath;
  if (llvm::sys::fs::createTemporaryFile("cudalint-doctor", "out", OutputPath) ||
      llvm::sys::fs::createTemporaryFile("cudalint-doctor", "err", ErrorPath)) {
    if (!OutputPath.empty())
      llvm::sys::fs::remove(OutputPath);
    Run.Error = "cannot create a temporary file for its output";
    return Run;
  }
  std::vector<llvm::StringRef> Argv{Program};
  llvm::append_range(Argv, Arguments);
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), OutputPath.str(),
                                                ErrorPath.str()};
  std::string ExecError;
  bool ExecutionFailed = false;
  int Status = llvm::sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects, TimeoutSeconds, 0,
                                         &ExecError, &ExecutionFailed);
  Run.Output = readTextFile(OutputPath).value_or("");
  std::string Errors = readTextFile(ErrorPath).value_or("");
  llvm::sys::fs::remove(OutputPath);
  llvm::sys::fs::remove(ErrorPath);
  Run.Ran = !ExecutionFailed && Status == 0;
  if (Run.Ran)
    return Run;
  // A failing tool often explains itself on stdout (nvidia-smi does).
  llvm::StringRef Explanation = llvm::StringRef(Errors).trim();
  if (Explanation.empty())
    Explanation = llvm::StringRef(Run.Output).trim();
  if (ExecutionFailed)
    Run.Error = "cannot run it: " + ExecError;
  else if (Status == -2 && ExecError.find("timed out") != std::string::npos)
    Run.Error = "it did not finish within " + std::to_string(TimeoutSeconds) + " s";
  else if (!Explanation.empty())
    Run.Error = Explanation.split('\n').first.trim().str();
  else
    Run.Error = ExecError.empty() ? "it exited with status " + std::to_string(Status) : ExecError;
  return Run;
}

DriverProbe probeDriver() {
  DriverProbe Probe;
  LibcudaProbe Libcuda = probeLibcuda();
  llvm::ErrorOr<std::string> NvidiaSmi = llvm::sys::findProgramByName("nvidia-smi");
  NvidiaSmiGpus SmiGpus;
  std::string SmiProblem;
  if (NvidiaSmi) {
    ProgramRun Query = runProgram(
        *NvidiaSmi, {"--query-gpu=driver_version,name,compute_cap", "--format=csv,noheader"},
        NvidiaSmiTimeoutSeconds);
    if (Query.Ran)
      SmiGpus = parseNvidiaSmiGpuQuery(Query.Output);
    else
      SmiProblem = "nvidia-smi failed: " + Query.Error;
  } else {
    SmiProblem = "nvidia-smi is not on PATH";
  }

  if (Libcuda.Loaded) {
    // The driver library is what CUDA programs use: its view of the GPUs is
    // the one that counts. It has no call for the driver's own version.
    Probe.Source = DriverLibrary.str();
    Probe.CudaVersion = Libcuda.CudaVersion;
    Probe.Gpus = std::move(Libcuda.Gpus);
    Probe.DriverVersion = SmiGpus.DriverVersion;
    if (Probe.DriverVersion.empty())
      if (std::optional<std::string> Text = readTextFile("/proc/driver/nvidia/version"))
        Probe.DriverVersion = parseProcDriverVersion(*Text).value_or("");
    Probe.Problem = Libcuda.Problem;
    return Probe;
  }
  if (!NvidiaSmi || !SmiProblem.empty()) {
    Probe.Problem = "no NVIDIA driver found: " + Libcuda.Problem + " and " + SmiProblem;
    return Probe;
  }
  Probe.Source = "nvidia-smi";
  Probe.DriverVersion = SmiGpus.DriverVersion;
  Probe.Gpus = std::move(SmiGpus.Gpus);
  ProgramRun Banner = runProgram(*NvidiaSmi, {}, NvidiaSmiTimeoutSeconds);
  if (Banner.Ran)
    Probe.CudaVersion = parseNvidiaSmiCudaVersion(Banner.Output);
  // nvidia-smi sees the GPUs, but CUDA programs load the driver library: a
  // container started without it, say, runs none of them.
  Probe.Problem = Libcuda.Problem + ", so CUDA programs cannot use the GPUs nvidia-smi lists";
  return Probe;
}

} // namespace cudalint
