// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/DeviceErrors.h"

#include "CudaApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cudalint {

std::string errorText(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  llvm::SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  if (Info.hasSourceManager() && Info.getLocation().isValid()) {
    PresumedLoc Where = Info.getSourceManager().getPresumedLoc(Info.getLocation());
    if (Where.isValid())
      OS << Where.getFilename() << ":" << Where.getLine() << ":" << Where.getColumn() << ": ";
  }
  OS << (Level == DiagnosticsEngine::Fatal ? "fatal error: " : "error: ") << Message;
  return Line;
}

ErrorRecorder &ErrorRecorder::installOn(DiagnosticsEngine &Diagnostics) {
  DiagnosticConsumer &Next = *Diagnostics.getClient();
  // Taken before setClient, which would destroy an owned consumer.
  std::unique_ptr<DiagnosticConsumer> Owned = Diagnostics.takeClient();
  auto *Recorder = new ErrorRecorder(Next, std::move(Owned));
  Recorder->takeCounts();
  Diagnostics.setClient(Recorder, /*ShouldOwnClient=*/true);
  return *Recorder;
}

void ErrorRecorder::BeginSourceFile(const LangOptions &Language, const Preprocessor *Preprocessor) {
  Next.BeginSourceFile(Language, Preprocessor);
}

// -verify counts its mismatches here.
void ErrorRecorder::EndSourceFile() {
  Next.EndSourceFile();
  takeCounts();
}

void ErrorRecorder::finish() {
  Next.finish();
  takeCounts();
}

void ErrorRecorder::clear() {
  Next.clear();
  takeCounts();
}

bool ErrorRecorder::IncludeInDiagnosticCounts() const { return Next.IncludeInDiagnosticCounts(); }

void ErrorRecorder::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  if (Level >= DiagnosticsEngine::Error)
    Errors.push_back({Info.getLocation(), errorText(Level, Info), Level == DiagnosticsEngine::Fatal,
                      Info.getID()});
  Next.HandleDiagnostic(Level, Info);
  takeCounts();
}

void ErrorRecorder::takeCounts() {
  NumErrors = Next.getNumErrors();
  NumWarnings = Next.getNumWarnings();
}

namespace {

// Where a location lies in the file it was written in; a location inside a
// macro expansion lies where the macro was used.
struct FilePosition {
  FileID File;
  unsigned Offset = 0;
};

std::optional<FilePosition> positionOf(const SourceManager &SM, SourceLocation Where) {
  if (Where.isInvalid())
    return std::nullopt;
  auto [File, Offset] = SM.getDecomposedExpansionLoc(Where);
  if (File.isInvalid())
    return std::nullopt;
  return FilePosition{File, Offset};
}

// A range of one file. A range that ends in another file than it begins
// (a body that includes a file) has none: what it holds is not known.
struct FileSpan {
  FileID File;
  unsigned Begin = 0, End = 0;

  bool holds(const FilePosition &Where) const {
    return Where.File == File && Begin <= Where.Offset && Where.Offset <= End;
  }
  bool within(const FileSpan &Other) const {
    return File == Other.File && Other.Begin <= Begin && End <= Other.End;
  }
};

std::optional<FileSpan> spanOf(const SourceManager &SM, SourceRange Range) {
  if (Range.isInvalid())
    return std::nullopt;
  CharSourceRange Expanded = SM.getExpansionRange(Range);
  std::optional<FilePosition> Begin = positionOf(SM, Expanded.getBegin());
  std::optional<FilePosition> End = positionOf(SM, Expanded.getEnd());
  if (!Begin || !End || Begin->File != End->File || End->Offset < Begin->Offset)
    return std::nullopt;
  return FileSpan{Begin->File, Begin->Offset, End->Offset};
}

bool hasWrittenTarget(const FunctionDecl &Function) {
  return llvm::any_of(Function.attrs(), [](const Attr *A) {
    return isa<CUDAGlobalAttr, CUDADeviceAttr, CUDAHostAttr>(A) && !A->isImplicit();
  });
}

// Whether the code of `Function`'s body runs only on the GPU. A function
// without target attributes is host code; but a lambda written without them,
// which clang makes __host__ __device__ implicitly, runs where the function
// that holds it runs.
bool runsOnlyOnDevice(const FunctionDecl *Function) {
  while (Function) {
    if (hasWrittenTarget(*Function))
      return isDeviceOnly(*Function);
    const auto *Method = dyn_cast<CXXMethodDecl>(Function);
    if (!Method || !Method->getParent()->isLambda())
      return false;
    Function = dyn_cast<FunctionDecl>(Method->getParent()->getDeclContext());
  }
  return false;
}

// The innermost function body, as written (templates' patterns, not their
// instantiations: an error in an instantiation is reported in the pattern),
// that holds one position. Only declarations around the position are
// entered.
class BodyFinder : public RecursiveASTVisitor<BodyFinder> {
public:
  BodyFinder(const SourceManager &SM, FilePosition Where) : SM(SM), Where(Where) {}

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D))
      if (std::optional<FileSpan> Span = spanOf(SM, D->getSourceRange());
          Span && !Span->holds(Where))
        return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->doesThisDeclarationHaveABody())
      consider(Function, Function->getBody());
    return true;
  }

  // A lambda's call operator is not among the declarations visited.
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    consider(Lambda->getCallOperator(), Lambda->getBody());
    return true;
  }

  // The functions whose body holds the position most closely: one, or
  // several written in one macro expansion.
  std::vector<std::pair<const FunctionDecl *, SourceRange>> Innermost;

private:
  void consider(const FunctionDecl *Function, const Stmt *Body) {
    if (!Body)
      return;
    std::optional<FileSpan> Span = spanOf(SM, Body->getSourceRange());
    if (!Span || !Span->holds(Where))
      return;
    if (!Innermost.empty()) {
      bool Inside = Span->within(Closest), Around = Closest.within(*Span);
      if (Around && !Inside)
        return;
      // Equal or overlapping spans (one macro expansion) are all kept.
      if (Inside && !Around)
        Innermost.clear();
    }
    if (Innermost.empty())
      Closest = *Span;
    Innermost.emplace_back(Function, Body->getSourceRange());
  }

  const SourceManager &SM;
  FilePosition Where;
  FileSpan Closest;
};

} // namespace

std::optional<std::vector<SourceRange>> deviceOnlyBodiesHolding(ASTContext &Context,
                                                                llvm::ArrayRef<UnitError> Errors) {
  const SourceManager &SM = Context.getSourceManager();
  std::vector<SourceRange> Bodies;
  for (const UnitError &Error : Errors) {
    if (isDeclarationNvccAccepts(Error))
      continue;
    std::optional<FilePosition> Where = positionOf(SM, Error.Where);
    if (Error.Fatal || !Where)
      return std::nullopt;
    BodyFinder Finder(SM, *Where);
    Finder.TraverseDecl(Context.getTranslationUnitDecl());
    if (Finder.Innermost.empty() || !llvm::all_of(Finder.Innermost, [](const auto &Found) {
          return runsOnlyOnDevice(Found.first);
        }))
      return std::nullopt;
    for (const auto &Found : Finder.Innermost)
      Bodies.push_back(Found.second);
  }
  return Bodies;
}

bool isDeclarationNvccAccepts(const UnitError &Error) {
  return !Error.Fatal && Error.Id == diag::err_function_template_partial_spec;
}

bool bodyHolds(const SourceManager &SM, SourceRange Body, SourceLocation Where) {
  std::optional<FileSpan> Span = spanOf(SM, Body);
  std::optional<FilePosition> Position = positionOf(SM, Where);
  return Span && Position && Span->holds(*Position);
}

} // namespace cudalint
