// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clang's errors inside device-only code, set aside so that a unit's host
// code is analysed anyway.
//
// nvcc accepts constructs in kernels and __device__ functions that clang
// rejects: intrinsic overloads clang's headers lack (__stcs on a float4),
// calls nvcc resolves and clang does not. cudalint finds host-side bugs,
// but the Static Analyzer analyses nothing of a unit with an error
// (AnalysisConsumer::HandleTranslationUnit returns when the
// DiagnosticsEngine has seen one), so one such error in a kernel used to
// cost every host finding of its unit. Where every error of a unit lies in
// the body of a function that runs only on the GPU, nothing the host runs is
// wrong: the unit is analysed and the errors are reported beside its
// findings. So is an error of a declaration nvcc's front end accepts and
// clang drops (isDeclarationNvccAccepts). Anywhere else (host code, a
// __host__ __device__ function, a declaration outside any function body, a
// class template) an error may change what host code means, and the unit
// fails as before.
#ifndef CUDALINT_DRIVER_DEVICEERRORS_H
#define CUDALINT_DRIVER_DEVICEERRORS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace cudalint {

// One error of clang's as the user reads it: "a.cu:3:5: error: ...".
std::string errorText(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info);

struct UnitError {
  clang::SourceLocation Where;
  std::string Text; // errorText
  bool Fatal = false;
  unsigned Id = 0; // clang's diagnostic ID
};

// Whether the error is clang's about a declaration nvcc's front end accepts,
// where clang drops that declaration and the rest of the unit means what nvcc
// compiles: `template <typename T> void f<T>(...) {...}`, which clang calls a
// partial specialisation of a function template and nvcc reads as the
// primary template's definition (FasterTransformer's xlnet kernels).
bool isDeclarationNvccAccepts(const UnitError &Error);

// Keeps every error of the unit, with its location, on its way to the
// consumer the unit already had (cudalint's own, or -verify's). It puts
// itself in that consumer's place, and the DiagnosticsEngine owns it.
class ErrorRecorder : public clang::DiagnosticConsumer {
public:
  static ErrorRecorder &installOn(clang::DiagnosticsEngine &Diagnostics);

  void BeginSourceFile(const clang::LangOptions &Language,
                       const clang::Preprocessor *Preprocessor) override;
  void EndSourceFile() override;
  void finish() override;
  void clear() override;
  bool IncludeInDiagnosticCounts() const override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  const std::vector<UnitError> &errors() const { return Errors; }

private:
  ErrorRecorder(clang::DiagnosticConsumer &Next, std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}
  // The compiler reads its error count from the consumer in place.
  void takeCounts();

  clang::DiagnosticConsumer &Next;
  std::unique_ptr<clang::DiagnosticConsumer> Owned; // Next, when it was owned
  std::vector<UnitError> Errors;
};

// The bodies of the device-only functions (kernels, __device__ functions,
// lambdas inside them) that hold every one of `Errors` but those of
// declarations nvcc accepts, in order; nullopt when some error lies anywhere
// else, or is fatal.
std::optional<std::vector<clang::SourceRange>>
deviceOnlyBodiesHolding(clang::ASTContext &Context, llvm::ArrayRef<UnitError> Errors);

// Whether `Where` lies in `Body`, a range deviceOnlyBodiesHolding returned.
bool bodyHolds(const clang::SourceManager &SM, clang::SourceRange Body,
               clang::SourceLocation Where);

} // namespace cudalint

#endif
