// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The base of every cudalint check, in clang-tidy's shape: a check registers
// AST matchers once per unit and reports from `check`. Findings go to the
// unit's sink as plain data; the driver sorts, filters and prints them.
#ifndef CUDALINT_CHECKS_CUDACHECK_H
#define CUDALINT_CHECKS_CUDACHECK_H

#include "CheckInputs.h"
#include "Finding.h"
#include "shared/CudaApi.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>
#include <vector>

namespace cudalint {

// Code clang rejected in a unit that is analysed anyway (driver's
// run/RejectedCode.h): a function whose body holds an error, or that uses a
// declaration that does. Its body is not what nvcc compiles, so no check
// reads it: the path-sensitive checks neither explore it nor follow calls
// into it, and the AST checks take it for a function another unit defines.
// `Function` is a definition; a template as written stands for its
// instances.
void markRejected(clang::ASTContext &Context, clang::FunctionDecl &Function);
// Whether `D` is a function markRejected marked, or an instance of one.
bool isRejected(const clang::Decl &D);

// Everything a check may ask about the unit it runs on.
class CheckContext {
public:
  CheckContext(const CudaApi &Api, const CheckOptionMap &Options) : Api(Api), Options(Options) {}

  const CudaApi &api() const { return Api; }
  const CheckOptionMap &options() const { return Options; }

  void setSourceManager(const clang::SourceManager *SM) { this->SM = SM; }
  const clang::SourceManager *sourceManager() const { return SM; }
  void setLangOptions(const clang::LangOptions *Options) { LangOpts = Options; }
  const clang::LangOptions &langOptions() const { return LangOpts ? *LangOpts : DefaultLangOpts; }

  // The GPU architectures the unit is built for, from its --cuda-gpu-arch
  // and --[no-]cuda-include-ptx flags; empty where the command names none.
  void setGpuTargets(std::vector<GpuTarget> Targets) { GpuTargets = std::move(Targets); }
  const std::vector<GpuTarget> &gpuTargets() const { return GpuTargets; }

  std::vector<Finding> &findings() { return Findings; }
  std::vector<AnalysisLimit> &analysisLimits() { return AnalysisLimits; }
  // How many of the unit's functions the path-sensitive checks explored.
  void setFunctionsExplored(unsigned Count) { FunctionsExplored = Count; }
  unsigned functionsExplored() const { return FunctionsExplored; }

  SourcePoint point(clang::SourceLocation Loc) const;

private:
  const CudaApi &Api;
  const CheckOptionMap &Options;
  const clang::SourceManager *SM = nullptr;
  const clang::LangOptions *LangOpts = nullptr;
  clang::LangOptions DefaultLangOpts;
  std::vector<GpuTarget> GpuTargets;
  std::vector<Finding> Findings;
  std::vector<AnalysisLimit> AnalysisLimits;
  unsigned FunctionsExplored = 0;
};

// Adds notes and fix-its to a finding. A finding whose location lies in a
// system header is dropped at birth: the builder then ignores everything.
class FindingBuilder {
public:
  FindingBuilder(Finding *Target, const CheckContext &Context) : Target(Target), Context(Context) {}

  FindingBuilder &note(clang::SourceLocation Loc, llvm::StringRef Message);
  FindingBuilder &fixIt(const clang::FixItHint &Hint);
  FindingBuilder &restsOnNonReaders(std::vector<std::string> NonReadersAfter);
  explicit operator bool() const { return Target != nullptr; }

private:
  Finding *Target;
  const CheckContext &Context;
};

class CudaCheck : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  CudaCheck(llvm::StringRef Id, CheckContext &Context) : Id(Id.str()), Context(Context) {}

  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;
  virtual void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) = 0;
  // Writes every option with its effective value, for --dump-config.
  virtual void storeOptions(CheckOptionMap &Options) const {}

  llvm::StringRef id() const { return Id; }
  llvm::StringRef getID() const override { return Id; }

protected:
  FindingBuilder diag(clang::SourceLocation Loc, llvm::StringRef Message);
  const CudaApi &api() const { return Context.api(); }

  std::string stringOption(llvm::StringRef Name, llvm::StringRef Default) const;
  bool boolOption(llvm::StringRef Name, bool Default) const;
  void storeOption(CheckOptionMap &Options, llvm::StringRef Name, llvm::StringRef Value) const;

private:
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) final;

  std::string Id;
  CheckContext &Context;
};

} // namespace cudalint

#endif
