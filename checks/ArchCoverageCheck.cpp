// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ArchCoverageCheck.h"

#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

std::vector<GpuArchitecture> parseGpuList(llvm::StringRef List) {
  std::vector<GpuArchitecture> Gpus;
  llvm::SmallVector<llvm::StringRef, 4> Names;
  llvm::SplitString(List, Names, ",; \t[]");
  for (llvm::StringRef Name : Names)
    if (std::optional<GpuArchitecture> Gpu = GpuArchitecture::parse(Name))
      if (!llvm::is_contained(Gpus, *Gpu))
        Gpus.push_back(*Gpu);
  return Gpus;
}

// "sm_80 machine code and sm_86 machine code with PTX"
std::string describeBuild(const std::vector<GpuTarget> &Built) {
  std::vector<std::string> Parts;
  for (const GpuTarget &Target : Built)
    Parts.push_back(Target.Arch + (Target.EmbedsPtx ? " machine code with PTX" : " machine code"));
  if (Parts.size() == 1)
    return Parts.front();
  std::string Last = Parts.back();
  Parts.pop_back();
  return llvm::join(Parts, ", ") + " and " + Last;
}

} // namespace

bool ArchCoverageCheck::hasKernelImageFor(const std::vector<GpuTarget> &Built,
                                          const GpuArchitecture &Gpu) {
  for (const GpuTarget &Target : Built) {
    std::optional<GpuArchitecture> Arch = GpuArchitecture::parse(Target.Arch);
    if (Arch && (CudaApi::machineCodeRunsOn(*Arch, Gpu) ||
                 (Target.EmbedsPtx && CudaApi::ptxRunsOn(*Arch, Gpu))))
      return true;
  }
  return false;
}

ArchCoverageCheck::ArchCoverageCheck(CheckContext &Context)
    : CudaCheck(Id, Context), Built(Context.gpuTargets()),
      TargetGpusValue(stringOption(TargetGpusOption, "")),
      TargetGpus(parseGpuList(TargetGpusValue)) {}

void ArchCoverageCheck::storeOptions(CheckOptionMap &Options) const {
  storeOption(Options, TargetGpusOption, TargetGpusValue);
}

void ArchCoverageCheck::registerMatchers(MatchFinder &Finder) {
  if (Built.empty() || TargetGpus.empty())
    return;
  Finder.addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"), this);
}

void ArchCoverageCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  const SourceManager &SM = *Result.SourceManager;
  if (!Kernel || Kernel->isDependentContext())
    return;
  // One finding a unit, at its first kernel in the main file (the unit's own
  // code), else at the first in a header of the user's.
  SourceLocation Where = SM.getFileLoc(Kernel->getLocation());
  if (SM.isInSystemHeader(Where))
    return;
  bool InMainFile = SM.isInMainFile(Where);
  bool Earlier = !First || (InMainFile && !FirstInMainFile) ||
                 (InMainFile == FirstInMainFile &&
                  SM.isBeforeInTranslationUnit(Where, SM.getFileLoc(First->getLocation())));
  if (!Earlier)
    return;
  First = Kernel;
  FirstInMainFile = InMainFile;
}

void ArchCoverageCheck::onEndOfTranslationUnit() {
  if (!First)
    return;
  std::vector<GpuArchitecture> Missing;
  for (const GpuArchitecture &Gpu : TargetGpus)
    if (!hasKernelImageFor(Built, Gpu))
      Missing.push_back(Gpu);
  if (Missing.empty())
    return;
  std::vector<std::string> Gpus, Gencodes, CmakeArchitectures;
  for (const GpuArchitecture &Gpu : Missing) {
    Gpus.push_back(Gpu.smName() + " (compute capability " + Gpu.capability() + ")");
    Gencodes.push_back(CudaApi::gencodeFor(Gpu));
    CmakeArchitectures.push_back(CudaApi::cmakeArchitectureFor(Gpu));
  }
  bool One = Missing.size() == 1;
  std::string Message = "no kernel image for " + llvm::join(Gpus, " and ") +
                        ": the unit is built as " + describeBuild(Built) + ", which " +
                        (One ? "that GPU" : "those GPUs") + " cannot run; every launch of '" +
                        First->getNameAsString() +
                        "' and the unit's other kernels there fails with "
                        "cudaErrorNoKernelImageForDevice while the calls after it succeed; add " +
                        llvm::join(Gencodes, " ") + " (" + llvm::join(CmakeArchitectures, ";") +
                        " in CMAKE_CUDA_ARCHITECTURES)";
  diag(First->getLocation(), Message);
  First = nullptr;
}

} // namespace cudalint
