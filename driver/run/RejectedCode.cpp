// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/RejectedCode.h"

#include "CudaCheck.h"
#include "shared/CudaApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SetVector.h"
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

// The declaration outside any function body, past namespaces and linkage
// specifications, whose text holds `Where`; null where none does (the error
// lies between declarations).
const Decl *declarationHolding(const SourceManager &SM, const DeclContext &Context,
                               FilePosition Where) {
  for (const Decl *D : Context.decls()) {
    if (D->isImplicit())
      continue;
    std::optional<FileSpan> Span = spanOf(SM, D->getSourceRange());
    if (!Span || !Span->holds(Where))
      continue;
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D))
      return declarationHolding(SM, *cast<DeclContext>(D), Where);
    return D;
  }
  return nullptr;
}

bool isIncludeNotFound(const UnitError &Error) { return Error.Id == diag::err_pp_file_not_found; }

// Whether one function's declaration (signature and body) uses code clang
// rejected: an expression clang could not build (it reported the error
// once, where a declaration the expression names is), a declaration clang
// marked invalid, or one that lies in a rejected declaration.
class RejectedUse : public RecursiveASTVisitor<RejectedUse> {
public:
  RejectedUse(const SourceManager &SM, llvm::ArrayRef<FileSpan> Declarations)
      : SM(SM), Declarations(Declarations) {}

  bool in(FunctionDecl &Function) {
    Found = false;
    TraverseDecl(&Function);
    return Found;
  }

  // A lambda that holds an error is skipped on its own; calls to it are
  // evaluated as calls into another unit.
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    return isRejected(*Lambda->getCallOperator()) ||
           RecursiveASTVisitor::TraverseLambdaExpr(Lambda);
  }
  bool VisitDecl(Decl *D) { return !(Found |= D->isInvalidDecl()); }
  bool VisitExpr(Expr *E) { return !(Found |= E->containsErrors()); }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return uses(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return uses(E->getMemberDecl()); }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) { return uses(E->getConstructor()); }
  bool VisitTypeLoc(TypeLoc Type) {
    if (const auto *Typedef = Type.getType()->getAs<TypedefType>())
      return uses(Typedef->getDecl());
    return uses(Type.getType()->getAsTagDecl());
  }

private:
  bool uses(const Decl *D) {
    if (!D)
      return true;
    Found |= D->isInvalidDecl();
    if (std::optional<FilePosition> Where = positionOf(SM, D->getLocation()))
      Found |= llvm::any_of(Declarations, [&](const FileSpan &Span) { return Span.holds(*Where); });
    return !Found;
  }

  const SourceManager &SM;
  llvm::ArrayRef<FileSpan> Declarations;
  bool Found = false;
};

// The host functions defined outside system headers, templates as written.
class HostFunctions : public RecursiveASTVisitor<HostFunctions> {
public:
  explicit HostFunctions(const SourceManager &SM) : SM(SM) {}

  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->doesThisDeclarationHaveABody() && !runsOnlyOnDevice(Function) &&
        !SM.isInSystemHeader(SM.getExpansionLoc(Function->getLocation())))
      Found.push_back(Function);
    return true;
  }

  std::vector<FunctionDecl *> Found;

private:
  const SourceManager &SM;
};

} // namespace

std::optional<RejectedCode> setAsideRejectedCode(ASTContext &Context,
                                                 llvm::ArrayRef<UnitError> Errors) {
  const SourceManager &SM = Context.getSourceManager();
  RejectedCode Rejected;
  llvm::SetVector<const FunctionDecl *> HoldErrors; // in the order of the errors
  std::vector<FileSpan> Declarations;
  bool OnlyDevice = true;
  for (const UnitError &Error : Errors) {
    if (isDeclarationNvccAccepts(Error))
      continue;
    if (!Error.Fatal && isIncludeNotFound(Error)) {
      Rejected.IncludesNotFound.push_back(Error.Text);
      OnlyDevice = false;
      continue;
    }
    std::optional<FilePosition> Where = positionOf(SM, Error.Where);
    if (Error.Fatal || !Where)
      return std::nullopt;
    BodyFinder Finder(SM, *Where);
    Finder.TraverseDecl(Context.getTranslationUnitDecl());
    for (const auto &[Function, Body] : Finder.Innermost) {
      (runsOnlyOnDevice(Function) ? Rejected.DeviceBodies : Rejected.HostCode).push_back(Body);
      if (!runsOnlyOnDevice(Function)) {
        HoldErrors.insert(Function);
        OnlyDevice = false;
      }
    }
    if (!Finder.Innermost.empty())
      continue;
    const Decl *Holder = declarationHolding(SM, *Context.getTranslationUnitDecl(), *Where);
    std::optional<FileSpan> Span = Holder ? spanOf(SM, Holder->getSourceRange()) : std::nullopt;
    if (!Span)
      return std::nullopt;
    OnlyDevice = false;
    // A declaration may hold many errors (every member of a class of a
    // header not found).
    if (llvm::is_contained(Rejected.Skipped, Holder))
      continue;
    Rejected.HostCode.push_back(Holder->getSourceRange());
    Declarations.push_back(*Span);
    Rejected.Skipped.push_back(Holder);
  }
  // Errors in device code alone leave every host function as clang built
  // it.
  if (OnlyDevice)
    return Rejected;

  // A function may hold errors in its signature and in its body; it is
  // named once.
  for (const FunctionDecl *Function : HoldErrors) {
    markRejected(Context, *const_cast<FunctionDecl *>(Function));
    if (!llvm::is_contained(Rejected.Skipped, Function))
      Rejected.Skipped.push_back(Function);
  }
  HostFunctions Host(SM);
  Host.TraverseDecl(Context.getTranslationUnitDecl());
  RejectedUse Uses(SM, Declarations);
  size_t InMainFile = 0, AnalysedInMainFile = 0;
  for (FunctionDecl *Function : Host.Found) {
    bool Main = SM.isInMainFile(SM.getExpansionLoc(Function->getLocation()));
    InMainFile += Main;
    if (HoldErrors.contains(Function))
      continue;
    std::optional<FilePosition> Where = positionOf(SM, Function->getLocation());
    bool Rejects = Where && llvm::any_of(Declarations,
                                         [&](const FileSpan &Span) { return Span.holds(*Where); });
    if (!Rejects && !Uses.in(*Function)) {
      AnalysedInMainFile += Main;
      continue;
    }
    markRejected(Context, *Function);
    // A function whose signature holds the error is named already.
    if (llvm::is_contained(Rejected.Skipped, Function))
      continue;
    Rejected.HostCode.push_back(Function->getSourceRange());
    Rejected.Skipped.push_back(Function);
  }
  if (InMainFile && !AnalysedInMainFile)
    return std::nullopt;
  return Rejected;
}

bool isDeclarationNvccAccepts(const UnitError &Error) {
  return !Error.Fatal && Error.Id == diag::err_function_template_partial_spec;
}

bool rangeHolds(const SourceManager &SM, SourceRange Range, SourceLocation Where) {
  std::optional<FileSpan> Span = spanOf(SM, Range);
  std::optional<FilePosition> Position = positionOf(SM, Where);
  return Span && Position && Span->holds(*Position);
}

} // namespace cudalint
