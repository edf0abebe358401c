// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The NVIDIA driver and the GPUs of this machine, as a CUDA program would see
// them: through the driver library (libcuda.so.1) when it loads, else
// through nvidia-smi. Neither needs a CUDA Toolkit, whose headers cudalint
// must build without; a machine with no driver and no GPU (a CI runner) is a
// normal state, described by DriverProbe::Problem.
#ifndef CUDALINT_DRIVER_SUPPORT_GPUPROBE_H
#define CUDALINT_DRIVER_SUPPORT_GPUPROBE_H

#include "shared/CudaApi.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct DetectedGpu {
  unsigned Index;
  std::string Name;
  GpuArchitecture Capability;
};

struct DriverProbe {
  std::string DriverVersion;      // "580.159.04"; empty when unknown
  std::optional<int> CudaVersion; // the highest CUDA runtime the driver supports, 13000
  std::vector<DetectedGpu> Gpus;
  std::string Source;  // "libcuda.so.1", "nvidia-smi", or "" when none found
  std::string Problem; // why nothing was found, for messages; empty when fine
};

DriverProbe probeDriver();

// What `nvidia-smi --query-gpu=driver_version,name,compute_cap
// --format=csv,noheader` prints, one GPU a line: "580.159.04, NVIDIA H200, 9.0".
// Lines that do not read so are skipped.
struct NvidiaSmiGpus {
  std::string DriverVersion;
  std::vector<DetectedGpu> Gpus;
};
NvidiaSmiGpus parseNvidiaSmiGpuQuery(llvm::StringRef Output);

// The "CUDA Version: 13.0" of nvidia-smi's banner, as 13000.
std::optional<int> parseNvidiaSmiCudaVersion(llvm::StringRef Output);

// The driver version in /proc/driver/nvidia/version's first line: "NVRM
// version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Release Build ...".
std::optional<std::string> parseProcDriverVersion(llvm::StringRef Text);

// A CUDA version as the driver API counts it: "13.0" → 13000, "12.4" → 12040.
std::optional<int> cudaVersionNumber(llvm::StringRef MajorDotMinor);
// 13000 → "13.0".
std::string cudaVersionText(int Version);

// A program run to its end or for `TimeoutSeconds`, whichever comes first.
struct ProgramRun {
  bool Ran = false;   // it started and exited with status 0
  std::string Output; // its stdout
  std::string Error;  // why it did not run, or the first line of its stderr
};
ProgramRun runProgram(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Arguments,
                      unsigned TimeoutSeconds);

} // namespace cudalint

#endif
