// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-arch-coverage: a unit whose kernels have no code a target GPU can run,
// the "no kernel image is available for execution on the device" error
// found before anything runs.
//
// A GPU runs machine code (SASS) built for its own major architecture at the
// same or an earlier minor one, and PTX built for an earlier architecture,
// which the driver compiles when the program loads. A unit built with
// `-gencode arch=compute_80,code=sm_80` carries sm_80 machine code only: on
// an H200 (compute capability 9.0) every launch of its kernels fails with
// cudaErrorNoKernelImageForDevice, while cudaDeviceSynchronize and the copies
// after it succeed and the output stays as it was. Code that checks only the
// synchronisation's status never sees it.
//
// How: the architectures come from the unit's command (nvcc's -arch, -code
// and -gencode, clang's --cuda-gpu-arch and --no-cuda-include-ptx, as
// CheckContext::gpuTargets reads them); the target GPUs from the TargetGpus
// option, which .cudalint.yaml's TargetGpus key, --target-gpu or the GPUs of
// the machine (nvidia-smi) fill. CudaApi decides what runs where, with
// NVIDIA's rules for the 'a' and 'f' variants. A unit that defines a kernel
// and has no code for some target GPU is reported once, at its first kernel,
// with the -gencode value that adds it. A unit that names no architecture
// builds for its compiler's default (nvcc's embeds PTX): not reported.
#ifndef CUDALINT_CHECKS_ARCHCOVERAGECHECK_H
#define CUDALINT_CHECKS_ARCHCOVERAGECHECK_H

#include "CudaCheck.h"

namespace cudalint {

class ArchCoverageCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = ArchCoverageCheckId;
  static constexpr llvm::StringLiteral Summary =
      "A unit whose kernels have neither machine code nor PTX that a target "
      "GPU can run: every launch fails with 'no kernel image is available for "
      "execution on the device'.";
  static constexpr llvm::StringLiteral Help =
      "A GPU runs machine code built for its own architecture (or an earlier "
      "minor version of it) and PTX built for an earlier architecture, which "
      "the driver compiles at load time. Code built only as sm_80 machine "
      "code does not run on an sm_90 GPU: each launch returns "
      "cudaErrorNoKernelImageForDevice and the kernel never runs, while the "
      "calls after it succeed. Add the GPU's architecture to the build "
      "(-gencode arch=compute_90,code=sm_90, or 90 in CMAKE_CUDA_ARCHITECTURES), "
      "or embed PTX (code=compute_80). Target GPUs come from TargetGpus in "
      ".cudalint.yaml, --target-gpu, or the GPUs nvidia-smi sees.";

  explicit ArchCoverageCheck(CheckContext &Context);

  // Whether code built for `Built` has a kernel image a `Gpu` runs: machine
  // code for it, or PTX the driver compiles for it.
  static bool hasKernelImageFor(const std::vector<GpuTarget> &Built, const GpuArchitecture &Gpu);

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(CheckOptionMap &Options) const override;

private:
  std::vector<GpuTarget> Built;
  std::string TargetGpusValue;
  std::vector<GpuArchitecture> TargetGpus;
  const clang::FunctionDecl *First = nullptr; // where the finding goes
  bool FirstInMainFile = false;
};

} // namespace cudalint

#endif
