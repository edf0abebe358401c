// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The engine of cudalint's path-sensitive checks: the Clang Static Analyzer,
// run inside cudalint's own unit analysis as clang-tidy runs it. Only
// cudalint's checkers and the core modelling they rely on are enabled; the
// analyzer's own reports are never shown. Each PathDiagnostic becomes a
// Finding whose notes are the path's steps, in order. Functions that cannot
// reach the CUDA API are not explored, and functions whose exploration ran
// out of the node budget become AnalysisLimits (AnalysisScope.h).
#ifndef CUDALINT_CHECKS_ANALYZER_ANALYZERENGINE_H
#define CUDALINT_CHECKS_ANALYZER_ANALYZERENGINE_H

#include "CheckRegistry.h"

#include "clang/AST/ASTConsumer.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace cudalint {

// The analyzer configuration entry that carries the unit's GPU targets
// (CheckContext::gpuTargets) to the checkers that judge against them, as
// "sm_80,sm_90+ptx". A key without a checker's prefix, which the analyzer
// does not validate.
inline constexpr llvm::StringLiteral GpuTargetsConfigKey = "cudalint-gpu-targets";

// The consumer that runs the path-sensitive checks among `Checks` on the unit
// `Compiler` parses, adding their findings to `Context` when the unit ends.
// Add it before the consumer that collects the unit's findings.
std::unique_ptr<clang::ASTConsumer>
createPathSensitiveConsumer(clang::CompilerInstance &Compiler, CheckContext &Context,
                            llvm::ArrayRef<const CheckDescription *> Checks);

} // namespace cudalint

#endif
