// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: the code clang rejected, set aside so that the rest of a
// unit is analysed anyway.
//
// The Static Analyzer analyses nothing of a unit with an error
// (AnalysisConsumer::HandleTranslationUnit returns when the
// DiagnosticsEngine has seen one), so one error used to cost every finding of
// its unit. Real units that nvcc compiles meet clang errors of three kinds:
// constructs nvcc accepts in kernels and __device__ functions (intrinsic
// overloads clang's headers lack, `__stcs` on a float4), code that only
// compiles in another configuration or with another library version (a
// member a template never instantiated names, a standard header another
// library included transitively), and headers that are not installed where
// cudalint runs (a solver library, nvjpeg.h). Each error is attributed to
// the code that holds it:
//   - the body of a function that runs only on the GPU: nothing the host
//     runs is wrong, and the body is set aside;
//   - the body of any other function: that function is not analysed (it is
//     named), and calls into it are evaluated as calls into another unit;
//   - a declaration outside any body (a global, a class, a function's
//     signature): the declaration is set aside, and so is every function
//     that uses it;
//   - `#include` of a file that is not there: clang goes on as if the file
//     were empty (the notice names it); what used its declarations fails
//     with errors of the kinds above;
//   - a declaration nvcc's front end accepts and clang drops
//     (isDeclarationNvccAccepts): nothing is set aside.
// A function whose body holds an expression clang could not build, or that
// names a declaration clang marked invalid, is not analysed either: clang
// reports such an error once, where the declaration is, not at each use. An
// error anywhere else (between declarations, fatal) fails the unit as
// before, and so does a unit whose main file keeps no host function to
// analyse.
#ifndef CUDALINT_DRIVER_REJECTEDCODE_H
#define CUDALINT_DRIVER_REJECTEDCODE_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
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

// What of a unit is set aside because of its errors.
struct RejectedCode {
  // The bodies of device-only functions that hold an error: nothing is
  // reported in them.
  std::vector<clang::SourceRange> DeviceBodies;
  // The host functions and declarations skipped: the path-sensitive checks
  // report nothing in them; the AST checks report on what clang parsed, as
  // they do on a unit that could not be analysed.
  std::vector<clang::SourceRange> HostCode;
  // What is not analysed, in the order of the errors and then of the
  // unit: the declarations that hold an error outside any body, and the
  // host functions (templates as written) that hold one or use what does.
  std::vector<const clang::Decl *> Skipped;
  // "a.cu:3:10: error: 'nvjpeg.h' file not found", read as empty.
  std::vector<std::string> IncludesNotFound;
};

// The code that holds every one of `Errors`, marked for the checks
// (markRejected in checks/analyzer/AnalysisScope.h); nullopt when some error
// lies where nothing can be set aside, and the unit fails.
std::optional<RejectedCode> setAsideRejectedCode(clang::ASTContext &Context,
                                                 llvm::ArrayRef<UnitError> Errors);

// Whether `Where` lies in `Range`, one of RejectedCode's.
bool rangeHolds(const clang::SourceManager &SM, clang::SourceRange Range,
                clang::SourceLocation Where);

} // namespace cudalint

#endif
