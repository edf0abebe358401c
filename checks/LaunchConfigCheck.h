// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-launch-config: a kernel launch whose configuration the GPU refuses.
//
// A block of more than 1024 threads, a block dimension over (1024, 1024, 64),
// a grid dimension over (2^31-1, 65535, 65535), a dimension of zero, more
// dynamic shared memory than the kernel may have, or more threads per block
// than the kernel's __launch_bounds__: the launch returns an error, the kernel
// never runs, and the next cudaDeviceSynchronize() returns cudaSuccess. Code
// that does not check the launch itself carries on with whatever the output
// buffer held.
//
// How: the configuration of every <<<>>> launch and every launch through the
// API (cudaLaunchKernel, cudaLaunchKernelEx, cuLaunchKernel ...) is evaluated
// where the source fixes it (LaunchValues, in the .cpp). What the source
// leaves open, the path-sensitive half (analyzer/LaunchConfigOnPath.cpp)
// takes from what the Static Analyzer proves on each path: a launch size
// handed down as a constant by a caller. A value neither knows is never
// reported. The limits come from CudaApi; the most shared
// memory a block may have, from the architectures the unit is built for
// (all GPUs when it embeds PTX a later GPU compiles).
// Dynamic shared memory over the default 48 KiB is reported only when nothing
// in the unit raises that kernel's limit (cudaFuncSetAttribute with
// cudaFuncAttributeMaxDynamicSharedMemorySize) far enough, so the decision
// waits for the end of the unit.
#ifndef CUDALINT_CHECKS_LAUNCHCONFIGCHECK_H
#define CUDALINT_CHECKS_LAUNCHCONFIGCHECK_H

#include "CudaCheck.h"
#include "shared/FunctionMutations.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::ento {
class CheckerRegistry;
} // namespace clang::ento

namespace cudalint {

class LaunchConfigCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = "cuda-launch-config";
  static constexpr llvm::StringLiteral Summary =
      "A kernel launch whose grid, block or dynamic shared memory the GPU "
      "refuses: over 1024 threads per block, a dimension over its limit or "
      "zero, more shared memory than the kernel may have, more threads than "
      "its __launch_bounds__.";
  static constexpr llvm::StringLiteral Help =
      "A launch over the device's limits returns cudaErrorInvalidValue and the "
      "kernel never runs; the next cudaDeviceSynchronize() still returns "
      "cudaSuccess, so code that checks only the synchronisation carries on "
      "with results that were never computed. No GPU runs more than 1024 "
      "threads per block, a block dimension over (1024, 1024, 64) or a grid "
      "dimension over (2^31-1, 65535, 65535). A kernel gets at most 48 KiB of "
      "dynamic shared memory unless cudaFuncSetAttribute(kernel, "
      "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) raises its limit, "
      "and never more than its architecture allows a block (227 KiB on "
      "sm_90). A kernel declared with __launch_bounds__(N) cannot start with "
      "more than N threads per block.";

  // The path-sensitive half, which reports under the same id.
  static constexpr llvm::StringLiteral AnalyzerName = "cudalint.cuda-launch-config";
  static void registerChecker(clang::ento::CheckerRegistry &Registry);

  explicit LaunchConfigCheck(CheckContext &Context);

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

  // A grid or block: each dimension where the source fixes it.
  using Dimensions = std::array<std::optional<uint64_t>, 3>;

  struct Configuration {
    clang::SourceLocation Launch;
    clang::SourceLocation GridAt, BlockAt, SharedMemoryAt;
    Dimensions Grid, Block;
    std::optional<uint64_t> SharedMemory;
    // The kernel's declaration where the launch names a function; null for a
    // driver-API handle or a function pointer.
    const clang::FunctionDecl *Kernel = nullptr;
    bool ThroughDriverApi = false;
  };

  enum Aspect : unsigned { GridAspect, BlockAspect, SharedMemoryAspect };

  // One thing wrong with a launch, worded alike by both halves.
  struct Problem {
    Aspect Of;
    clang::SourceLocation At;
    std::string Message;
    clang::SourceLocation NoteAt;
    std::string Note;
  };

  // What the source alone fixes of `Launch` (a <<<>>> launch or a call of
  // CudaApi's launch table) in `Function`. `Mutations` is the function's
  // mutation analysis, made on first use and kept by the caller.
  static std::optional<Configuration>
  configurationInSource(const clang::Expr &Launch, const clang::FunctionDecl &Function,
                        clang::ASTContext &Context, const CudaApi &Api,
                        std::unique_ptr<FunctionMutations> &Mutations);

  // Every limit `Launch` breaks, at most one per aspect, on the GPUs of
  // `Targets` (every GPU when empty). Dynamic shared memory over the default
  // is not among them: that depends on the raises of the whole unit
  // (LimitRaises).
  static std::vector<Problem> problemsOf(const Configuration &Launch,
                                         llvm::ArrayRef<GpuTarget> Targets,
                                         clang::ASTContext &Context);

  static bool asksOverDefaultSharedMemory(const Configuration &Launch);

  // The raises of kernels' dynamic shared memory limits in one unit
  // (cudaFuncSetAttribute with cudaFuncAttributeMaxDynamicSharedMemorySize
  // and the driver API's twin), and what they leave over the limit.
  class LimitRaises {
  public:
    void record(const clang::CallExpr &Call, const FunctionAttributeApi &Api,
                const clang::FunctionDecl &Function, clang::ASTContext &Context,
                const CudaApi &Table, std::unique_ptr<FunctionMutations> &Mutations);
    // The problem of a launch asking for more than the default dynamic
    // shared memory, once every raise of the unit is recorded; none when
    // some raise may cover it.
    std::optional<Problem> overDefault(const Configuration &Launch) const;

  private:
    // Per kernel (canonical declaration, or the template it instantiates):
    // the largest limit a raise sets, std::nullopt when some raise sets a
    // value the source does not fix.
    llvm::DenseMap<const clang::Decl *, std::optional<uint64_t>> RaisedLimits;
    // A raise for a kernel the source does not name (a function pointer, a
    // CUfunction handle): any kernel may have been raised.
    bool SomeLimitRaisedUnknowingly = false;
    bool SomeDriverLimitRaised = false;
  };

  static std::string kernelName(const Configuration &Launch);
  static std::string failure(const Configuration &Launch);

private:
  // A launch (or, with `Raise`, a raise of a kernel's limit) made in
  // `Function`.
  void checkSite(const clang::CallExpr &Site, bool Raise, const clang::FunctionDecl &Function,
                 clang::ASTContext &Context);
  bool reportOnce(const Configuration &Launch, unsigned Aspect);
  void report(const Problem &Found);

  // What the unit is built for.
  std::vector<GpuTarget> Targets;

  // Launches asking for more than the default dynamic shared memory, decided
  // at the end of the unit, when every raise of a kernel's limit is known.
  std::vector<Configuration> OverDefaultSharedMemory;
  LimitRaises Raises;

  // Per function with a launch: which of its variables it modifies.
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionMutations>> MutationAnalyses;

  // A launch inside a template is seen once per instantiation, and inside a
  // lambda once for the lambda and once for its enclosing function.
  std::set<std::pair<unsigned, unsigned>> Reported;
};

} // namespace cudalint

#endif
