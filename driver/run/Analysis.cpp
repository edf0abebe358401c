// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/Analysis.h"
#include "database/CommandTranslation.h"

#include "UncheckedErrorCheck.h"
#include "analyzer/AnalyzerEngine.h"
#include "run/AnalysisThread.h"
#include "run/Nolint.h"
#include "run/NvccMacros.h"
#include "run/NvccSpellings.h"
#include "run/Preamble.h"
#include "run/RejectedCode.h"
#include "shared/ProjectFunctions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <memory>
#include <optional>

using namespace clang;

namespace cudalint {

namespace {

// The findings of suppression comments that do not pair up, as clang-tidy
// reports them: as errors of their own pseudo-check.
constexpr llvm::StringLiteral NolintCheckId = "cudalint-nolint";
constexpr unsigned MaxErrorsPerUnit = 10;

// Keeps clang's errors as text; warnings of the compiler itself are not ours
// to report.
class ErrorCollector : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || Errors.size() >= MaxErrorsPerUnit)
      return;
    Errors.push_back(errorText(Level, Info));
  }

  std::vector<std::string> Errors;
};

// What became of the unit's errors, kept past the compiler that reported
// them.
struct ErrorTriage {
  size_t Reported = 0; // by the end of the unit
  size_t SetAside = 0; // with the code that holds them, before the checks ran
  // That code (RejectedCode); valid while the unit's compiler lives.
  std::vector<SourceRange> DeviceBodies, HostCode;
};

// "ns::scale (a.cu:12)"; a lambda is named by the function it is in; any
// other declaration is "the declaration of 'table' (a.cu:3)".
std::string describeSkipped(const Decl &Skipped, const SourceManager &SM) {
  std::string Name;
  const auto *Named = dyn_cast<FunctionDecl>(&Skipped);
  while (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Named)) {
    if (!Method->getParent()->isLambda())
      break;
    const auto *Enclosing = dyn_cast<FunctionDecl>(Method->getParent()->getDeclContext());
    if (!Enclosing)
      break;
    Name += "a lambda in ";
    Named = Enclosing;
  }
  if (Named)
    Name += Named->getQualifiedNameAsString();
  else if (const auto *Declaration = dyn_cast<NamedDecl>(&Skipped);
           Declaration && !Declaration->getDeclName().isEmpty())
    Name += "the declaration of '" + Declaration->getQualifiedNameAsString() + "'";
  else
    Name += "a declaration";
  PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Skipped.getLocation()));
  if (Where.isValid())
    Name += " (" + std::string(Where.getFilename()) + ":" + std::to_string(Where.getLine()) + ")";
  return Name;
}

// First of the unit's consumers, before the Static Analyzer's: the code that
// holds the unit's errors is set aside (run/RejectedCode.h), and the
// DiagnosticsEngine forgets that it saw them, so that the analyzer, which
// analyses nothing of a unit with errors, runs. A soft Reset clears the error
// counts and flags and keeps the diagnostic mappings (#pragma clang
// diagnostic, the ignored warnings).
class RejectedCodeTriage : public ASTConsumer {
public:
  RejectedCodeTriage(DiagnosticsEngine &Diagnostics, const ErrorRecorder &Recorder,
                     ErrorTriage &Triage, UnitOutcome &Outcome)
      : Diagnostics(Diagnostics), Recorder(Recorder), Triage(Triage), Outcome(Outcome) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    const std::vector<UnitError> &Errors = Recorder.errors();
    // An error reported before the recorder was in place is not known here.
    if (Errors.empty() || Diagnostics.getNumErrors() != Errors.size())
      return;
    std::optional<RejectedCode> Rejected = setAsideRejectedCode(Context, Errors);
    if (!Rejected)
      return;
    Diagnostics.Reset(/*soft=*/true);
    Triage.SetAside = Errors.size();
    Triage.DeviceBodies = std::move(Rejected->DeviceBodies);
    Triage.HostCode = std::move(Rejected->HostCode);
    for (const UnitError &Error : Errors)
      Outcome.SetAside.Errors.push_back(Error.Text);
    for (const Decl *Skipped : Rejected->Skipped)
      Outcome.SetAside.Skipped.push_back(describeSkipped(*Skipped, Context.getSourceManager()));
    Outcome.SetAside.Includes = std::move(Rejected->IncludesNotFound);
  }

private:
  DiagnosticsEngine &Diagnostics;
  const ErrorRecorder &Recorder;
  ErrorTriage &Triage;
  UnitOutcome &Outcome;
};

class FileTexts {
public:
  explicit FileTexts(SourceManager &SM) : SM(SM) {}

  std::optional<FileID> fileId(llvm::StringRef Path) {
    OptionalFileEntryRef Entry = SM.getFileManager().getOptionalFileRef(Path);
    if (!Entry)
      return std::nullopt;
    FileID Id = SM.translateFile(*Entry);
    if (Id.isInvalid())
      return std::nullopt;
    return Id;
  }

  const NolintDirectives *directives(llvm::StringRef Path) {
    auto It = Cache.find(Path);
    if (It == Cache.end()) {
      std::optional<FileID> Id = fileId(Path);
      std::optional<NolintDirectives> Parsed;
      if (Id)
        Parsed.emplace(SM.getBufferData(*Id));
      It = Cache.try_emplace(Path, std::move(Parsed)).first;
    }
    return It->second ? &*It->second : nullptr;
  }

  SourceLocation location(const SourcePoint &Point) {
    std::optional<FileID> Id = fileId(Point.File);
    if (!Id)
      return {};
    return SM.translateLineCol(*Id, Point.Line, Point.Column);
  }

private:
  SourceManager &SM;
  llvm::StringMap<std::optional<NolintDirectives>> Cache;
};

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point From, Clock::time_point To) {
  return std::chrono::duration<double>(To - From).count();
}

// First of the unit's consumers: the parse is over when it is called.
class ParseEndMarker : public ASTConsumer {
public:
  explicit ParseEndMarker(Clock::time_point &ParseEnd) : ParseEnd(ParseEnd) {}
  void HandleTranslationUnit(ASTContext &) override { ParseEnd = Clock::now(); }

private:
  Clock::time_point &ParseEnd;
};

// How much host CUDA code the unit's main file holds: its calls of the CUDA
// API and its launches, outside device code, in the code it instantiates
// too. What the benchmarks pick the heaviest units by (a unit's parse time
// says more about its headers than about the work of the checks). The
// parser hands over the main file's declarations as it goes, so nothing of a
// precompiled preamble is read back to count.
class HostCudaCallCounter : public ASTConsumer, public RecursiveASTVisitor<HostCudaCallCounter> {
public:
  HostCudaCallCounter(const CudaApi &Api, unsigned &Count) : Api(Api), Count(Count) {}

  bool HandleTopLevelDecl(DeclGroupRef Declarations) override {
    for (Decl *D : Declarations)
      if (D->getASTContext().getSourceManager().isInMainFile(D->getLocation()))
        MainFile.push_back(D);
    return true;
  }
  void HandleTranslationUnit(ASTContext &) override {
    Count = 0;
    for (Decl *D : MainFile)
      TraverseDecl(D);
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool TraverseFunctionDecl(FunctionDecl *Function) {
    return isDeviceOnly(*Function) || RecursiveASTVisitor::TraverseFunctionDecl(Function);
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    Count += isa<CUDAKernelCallExpr>(Call) || (Callee && Api.isCudaApiCall(Callee));
    return true;
  }

private:
  const CudaApi &Api;
  unsigned &Count;
  std::vector<Decl *> MainFile;
};

// How many instantiations the unit made of the template code at a place. A
// check reports a problem in a function template (or a member of a class
// template) once, in the template or in one instantiation; the finding
// stands for every instantiation, and says how many there are.
class TemplateInstances : public RecursiveASTVisitor<TemplateInstances> {
public:
  explicit TemplateInstances(ASTContext &Context) : SM(Context.getSourceManager()) {
    TraverseAST(Context);
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Declarations only: the instantiations' bodies, which are most of a
  // template-heavy unit, hold nothing to count (a lambda's instantiations
  // are its enclosing template's).
  bool TraverseStmt(Stmt *) { return true; }
  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->isTemplateInstantiation() && Function->doesThisDeclarationHaveABody())
      if (const FunctionDecl *Pattern = Function->getTemplateInstantiationPattern())
        ++Instances[Pattern->getCanonicalDecl()];
    return true;
  }
  // Those of the innermost template whose definition holds `Where`; 1 where
  // none does.
  unsigned at(SourceLocation Where) const {
    unsigned Found = 1;
    SourceLocation InnermostBegin;
    for (const auto &[Pattern, Count] : Instances) {
      const FunctionDecl *Definition = nullptr;
      if (!Pattern->hasBody(Definition))
        continue;
      SourceLocation Begin = SM.getExpansionLoc(Definition->getBeginLoc());
      SourceLocation End = SM.getExpansionLoc(Definition->getEndLoc());
      if (!SM.isPointWithin(Where, Begin, End))
        continue;
      if (InnermostBegin.isInvalid() || SM.isBeforeInTranslationUnit(InnermostBegin, Begin)) {
        InnermostBegin = Begin;
        Found = Count;
      }
    }
    return Found;
  }

private:
  const SourceManager &SM;
  llvm::MapVector<const FunctionDecl *, unsigned> Instances;
};

// Runs after the match finder: applies NOLINT comments, and in verify mode
// hands the findings to clang's VerifyDiagnosticConsumer as diagnostics.
class FindingCollector : public ASTConsumer {
public:
  FindingCollector(CheckContext &Context, CompilerInstance &Compiler, UnitOutcome &Outcome,
                   const ErrorTriage &Triage, bool Verify)
      : Context(Context), Compiler(Compiler), Outcome(Outcome), Triage(Triage), Verify(Verify) {}

  void HandleTranslationUnit(ASTContext &AST) override {
    FileTexts Texts(Compiler.getSourceManager());
    std::optional<TemplateInstances> Instances;
    for (Finding &Found : Context.findings()) {
      if (inRejectedCode(Texts, Found))
        continue;
      const NolintDirectives *Directives = Texts.directives(Found.Where.File);
      if (Directives && Directives->suppresses(Found.Where.Line, Found.CheckId))
        continue;
      if (!Instances)
        Instances.emplace(AST);
      if (SourceLocation Where = Texts.location(Found.Where); Where.isValid())
        Found.Instances = Instances->at(Where);
      Outcome.Findings.push_back(std::move(Found));
    }
    reportUnpairedSuppressions(Texts);
    if (Verify)
      emitAsDiagnostics(Texts);
    Outcome.Limits = std::move(Context.analysisLimits());
    Outcome.FunctionsExplored = Context.functionsExplored();
    llvm::sort(Outcome.Limits);
    Outcome.Limits.erase(std::unique(Outcome.Limits.begin(), Outcome.Limits.end(),
                                     [](const AnalysisLimit &A, const AnalysisLimit &B) {
                                       return !(A < B) && !(B < A);
                                     }),
                         Outcome.Limits.end());
  }

private:
  // Code clang rejected is not analysed: nothing is reported in device code
  // set aside, and no path-sensitive finding in host code skipped. The AST
  // checks report on what clang parsed of the latter, as they do on a unit
  // that could not be analysed; a finding names its check, not its half, so
  // a check with a path-sensitive half reports nothing there.
  bool inRejectedCode(FileTexts &Texts, const Finding &Found) {
    if (Triage.DeviceBodies.empty() && Triage.HostCode.empty())
      return false;
    SourceLocation Where = Texts.location(Found.Where);
    auto Holds = [&](SourceRange Range) {
      return rangeHolds(Compiler.getSourceManager(), Range, Where);
    };
    if (llvm::any_of(Triage.DeviceBodies, Holds))
      return true;
    const CheckDescription *Check = findCheck(Found.CheckId);
    return Check && Check->isPathSensitive() && llvm::any_of(Triage.HostCode, Holds);
  }

  void reportUnpairedSuppressions(FileTexts &Texts) {
    SourceManager &SM = Compiler.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (!Main)
      return;
    llvm::SmallString<256> Path(Main->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    const NolintDirectives *Directives = Texts.directives(Path);
    if (!Directives)
      return;
    for (const std::string &Problem : Directives->problems()) {
      llvm::StringRef Rest(Problem);
      unsigned Line = 1;
      if (Rest.consume_front("line ")) {
        auto [Number, Message] = Rest.split(": ");
        Number.getAsInteger(10, Line);
        Rest = Message;
      }
      Finding Unpaired;
      Unpaired.CheckId = NolintCheckId.str();
      Unpaired.Level = Severity::Error;
      Unpaired.Where = Context.point(SM.translateLineCol(SM.getMainFileID(), Line, 1));
      Unpaired.Message = Rest.str();
      Outcome.Findings.push_back(std::move(Unpaired));
    }
  }

  void emitAsDiagnostics(FileTexts &Texts) {
    DiagnosticsEngine &Diags = Compiler.getDiagnostics();
    Diags.setIgnoreAllWarnings(false);
    unsigned WarningId = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
    unsigned NoteId = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    for (const Finding &Found : Outcome.Findings) {
      Diags.Report(Texts.location(Found.Where), WarningId)
          << (Found.Message + " [" + Found.CheckId + "]");
      for (const FindingNote &Note : Found.Notes)
        Diags.Report(Texts.location(Note.Where), NoteId) << Note.Message;
    }
  }

  CheckContext &Context;
  CompilerInstance &Compiler;
  UnitOutcome &Outcome;
  const ErrorTriage &Triage;
  bool Verify;
};

// Checks report nothing in system headers, so the matchers never walk them:
// the CUDA and C++ standard headers are most of every unit.
ast_matchers::MatchFinder::MatchFinderOptions systemHeadersSkipped() {
  ast_matchers::MatchFinder::MatchFinderOptions Options;
  Options.IgnoreSystemHeaders = true;
  return Options;
}

// What the unit's functions do, for the other units, summarised before any
// check runs. A unit summarised alone (SummaryRole::WritesOnly: a shard's
// other units) is parsed whole, as one also analysed is, and the checks
// read the AST without changing it: both write the same summaries, so a
// shard reports what the whole run reports. (Skipping the bodies a summary
// does not read, the system headers' and device code's, made that parse a
// third faster, but what clang instantiates then differs.) When the unit is
// analysed with its own summaries, they are read into `Own` here with those
// of the units done before it, ahead of the checks that ask it.
class SummaryCollector : public ASTConsumer {
public:
  SummaryCollector(const CudaApi &Api, UnitOutcome &Outcome, ProjectFunctions *Own,
                   const std::vector<std::string> &SoFar)
      : Api(Api), Outcome(Outcome), Own(Own), SoFar(SoFar) {}
  void HandleTranslationUnit(ASTContext &Context) override {
    Outcome.Summaries = writeSummaries(summariseUnit(Context, Api)) +
                        writeLaunchFacts(summariseLaunches(Context, Api));
    // The summaries of the units done before this one depend on when it
    // ran, not on what it is (AnalysisThread.h).
    if (Own)
      apartFromAnalysisMemory([&] {
        std::vector<std::string> Known = SoFar;
        Known.push_back(Outcome.Summaries);
        Own->readKnownSoFar(mergeSummaries(Known));
      });
  }

private:
  const CudaApi &Api;
  UnitOutcome &Outcome;
  ProjectFunctions *Own;
  const std::vector<std::string> &SoFar;
};

class CheckAction : public ASTFrontendAction {
public:
  CheckAction(const AnalysisOptions &Options, UnitOutcome &Outcome, ErrorTriage &Triage,
              Clock::time_point &ParseEnd, std::vector<GpuTarget> GpuTargets,
              ProjectFunctions *Project)
      : Options(Options), Outcome(Outcome), Triage(Triage), ParseEnd(ParseEnd), Project(Project),
        Api(UncheckedErrorCheck::configuredStatusTypes(Options.CheckOptions), Project),
        Context(Api, Options.CheckOptions) {
    Context.setGpuTargets(std::move(GpuTargets));
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 llvm::StringRef) override {
    // In verify mode the compiler's own warnings would be unexpected
    // diagnostics; ours are emitted after parsing, with warnings re-enabled.
    // Outside verify mode clang's own warnings are never shown, and its
    // "N errors generated" line would interleave with cudalint's report.
    Compiler.getDiagnostics().setIgnoreAllWarnings(true);
    if (!Options.Verify)
      Compiler.getDiagnosticOpts().ShowCarets = false;
    Context.setSourceManager(&Compiler.getSourceManager());
    for (const CheckDescription *Description : Options.Checks) {
      if (!Description->Create)
        continue;
      Checks.push_back(Description->Create(Context));
      Checks.back()->registerMatchers(Finder);
    }
    Recorder = &ErrorRecorder::installOn(Compiler.getDiagnostics());
    Compiler.getPreprocessor().addPPCallbacks(nvccMacrosInUserCode(Compiler.getPreprocessor()));
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<ParseEndMarker>(ParseEnd));
    Consumers.push_back(std::make_unique<RejectedCodeTriage>(Compiler.getDiagnostics(), *Recorder,
                                                             Triage, Outcome));
    // Past the error limit, or a fatal error (a header not found), clang
    // parses on but instantiates no more templates. A header that is not
    // there is read as empty instead, and every error is seen, so that the
    // code that holds them is set aside and the rest is analysed whole; in
    // the summary pass, so that a unit with errors (reported by its own
    // analysis, not there) does not hide the calls its template code makes
    // into other units.
    Compiler.getDiagnostics().setErrorLimit(0);
    Compiler.getDiagnostics().setFatalsAsError(true);
    if (Options.Summaries != SummaryRole::Reads) {
      bool Analyses = Options.Summaries == SummaryRole::WritesAndReadsOwn;
      Consumers.push_back(std::make_unique<SummaryCollector>(
          Api, Outcome, Analyses ? Project : nullptr, Options.SummariesSoFar));
      if (!Analyses)
        return std::make_unique<MultiplexConsumer>(std::move(Consumers));
    }
    Consumers.push_back(Finder.newASTConsumer());
    Consumers.push_back(std::make_unique<HostCudaCallCounter>(Api, Outcome.HostCudaCalls));
    // Path-sensitive checks run on the Static Analyzer; its findings arrive
    // when it finishes the unit, before the collector below runs.
    if (std::unique_ptr<ASTConsumer> PathSensitive =
            createPathSensitiveConsumer(Compiler, Context, Options.Checks))
      Consumers.push_back(std::move(PathSensitive));
    Consumers.push_back(
        std::make_unique<FindingCollector>(Context, Compiler, Outcome, Triage, Options.Verify));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  // After the diagnostic consumer's EndSourceFile: every error is counted.
  void EndSourceFileAction() override {
    Outcome.FilesRead = filesRead(getCompilerInstance().getSourceManager());
    if (Recorder)
      Triage.Reported = Recorder->errors().size();
  }

private:
  const AnalysisOptions &Options;
  UnitOutcome &Outcome;
  ErrorTriage &Triage;
  ErrorRecorder *Recorder = nullptr; // owned by the compiler's DiagnosticsEngine
  Clock::time_point &ParseEnd;
  ProjectFunctions *Project;
  CudaApi Api;
  CheckContext Context;
  ast_matchers::MatchFinder Finder{systemHeadersSkipped()};
  std::vector<std::unique_ptr<CudaCheck>> Checks;
};

// Creates the unit's CheckAction; on the way, swaps the unit's forced CUDA
// headers for their precompiled form when a preamble directory is set.
class CheckActionFactory : public tooling::FrontendActionFactory {
public:
  CheckActionFactory(const AnalysisOptions &Options, const AnalysisEnvironment &Environment,
                     llvm::StringRef WorkingDirectory,
                     llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                     bool HeadersAsSaved, UnitOutcome &Outcome, Clock::time_point &ParseEnd)
      : Options(Options), Environment(Environment), WorkingDirectory(WorkingDirectory),
        FileSystem(std::move(FileSystem)), HeadersAsSaved(HeadersAsSaved), Outcome(Outcome),
        ParseEnd(ParseEnd) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CheckAction>(Options, Outcome, Triage, ParseEnd, GpuTargets, Project);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHOperations,
                     DiagnosticConsumer *Diagnostics) override {
    // A PCH is checked against the files on disk: none of an editor's
    // unsaved headers may go into one. -verify reads expectations in
    // comments, which a PCH does not keep.
    if (Environment.UnitPreambles && HeadersAsSaved && !Options.Verify)
      Preamble = unitPreambleFor(*Invocation, WorkingDirectory, Environment.PreambleDirectory,
                                 FileSystem, PCHOperations);
    if (!Preamble && !Environment.PreambleDirectory.empty())
      Preamble = preambleFor(*Invocation, WorkingDirectory, Environment.PreambleDirectory,
                             FileSystem, PCHOperations);
    if (Preamble)
      usePreamble(*Invocation, *Preamble);
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCHOperations), Diagnostics);
  }

  // The PCH the unit used, if any.
  std::optional<PreambleUse> Preamble;
  std::vector<GpuTarget> GpuTargets;
  ProjectFunctions *Project = nullptr; // what the other units define
  ErrorTriage Triage;

private:
  const AnalysisOptions &Options;
  const AnalysisEnvironment &Environment;
  llvm::StringRef WorkingDirectory;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
  bool HeadersAsSaved;
  UnitOutcome &Outcome;
  Clock::time_point &ParseEnd;
};

// Whether every buffer an editor holds unsaved, but the unit's main file,
// reads as the file on disk.
bool headersAsSaved(const std::vector<UnsavedFile> &Unsaved, llvm::StringRef MainFile,
                    llvm::StringRef Directory) {
  auto Absolute = [&](llvm::StringRef Path) {
    llvm::SmallString<256> Full(Path);
    if (llvm::sys::path::is_relative(Full))
      llvm::sys::path::make_absolute(Directory, Full);
    llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
    return std::string(Full);
  };
  std::string Main = Absolute(MainFile);
  return llvm::all_of(Unsaved, [&](const UnsavedFile &File) {
    if (Absolute(File.Path) == Main)
      return true;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Saved =
        llvm::MemoryBuffer::getFile(File.Path, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    return Saved && (*Saved)->getBuffer() == File.Text;
  });
}

} // namespace

std::string summariesForOtherUnits(const UnitOutcome &Outcome) {
  return Outcome.Failed ? callsOfUnitWithErrors(Outcome.Summaries) : Outcome.Summaries;
}

UnitOutcome analyzeUnit(const std::vector<std::string> &ClangArguments,
                        const std::string &Directory, const AnalysisOptions &Options,
                        const std::vector<UnsavedFile> &Unsaved,
                        const AnalysisEnvironment &Environment) {
  Clock::time_point Start = Clock::now(), ParseEnd = Start;
  UnitOutcome Outcome;
  Outcome.File = ClangArguments.empty() ? "" : ClangArguments.back();

  // Each unit gets its own view of the file system with its own working
  // directory: the process-wide one cannot serve parallel units.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem =
      llvm::vfs::createPhysicalFileSystem();
  if (!Unsaved.empty()) {
    auto Buffers = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    for (const UnsavedFile &File : Unsaved)
      Buffers->addFile(File.Path, /*ModificationTime=*/0,
                       llvm::MemoryBuffer::getMemBufferCopy(File.Text, File.Path));
    auto Layers = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FileSystem);
    Layers->pushOverlay(Buffers);
    FileSystem = Layers;
  }
  FileSystem = readingAsNvcc(std::move(FileSystem));
  if (std::error_code Error = FileSystem->setCurrentWorkingDirectory(Directory)) {
    Outcome.Failed = true;
    Outcome.Errors.push_back("cannot enter the unit's directory '" + Directory +
                             "': " + Error.message());
    return Outcome;
  }
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FileSystem);

  // Calls into the other units of the database, modelled from their
  // summaries while this unit is analysed.
  // A unit analysed with its own summaries reads them once it is parsed.
  ProjectFunctions Project;
  bool HasProject = Options.Summaries == SummaryRole::WritesAndReadsOwn ||
                    (Project.read(Options.ProjectSummaries) && !Project.empty());

  CheckActionFactory Factory(Options, Environment, Directory, FileSystem,
                             headersAsSaved(Unsaved, Outcome.File, Directory), Outcome, ParseEnd);
  Factory.GpuTargets = gpuTargetsOf(ClangArguments);
  Factory.Project = HasProject ? &Project : nullptr;
  ErrorCollector Errors;
  DiagnosticOptions PrinterOptions;
  TextDiagnosticPrinter Printer(llvm::errs(), PrinterOptions);
  tooling::ToolInvocation Invocation(ClangArguments, &Factory, Files.get(),
                                     std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(Options.Verify ? static_cast<DiagnosticConsumer *>(&Printer)
                                                  : &Errors);
  bool Succeeded = Invocation.run();
  if (Options.Summaries == SummaryRole::WritesAndReadsOwn) {
    Outcome.SummariesConsulted = Project.consulted();
    Outcome.UnknownCalleesDeclaredIn = Project.unknownCalleesDeclaredIn();
  }
  Outcome.Errors = std::move(Errors.Errors);
  Outcome.Failed = !Succeeded || !Outcome.Errors.empty();
  // Errors set aside fail the compile, not the analysis; -verify's success
  // is its expectations'.
  const ErrorTriage &Triage = Factory.Triage;
  if (Triage.SetAside && Triage.SetAside == Triage.Reported) {
    Outcome.Errors.clear();
    Outcome.Failed = Options.Verify && !Succeeded;
  } else {
    Outcome.SetAside = {};
  }
  if (Outcome.Failed && Outcome.Errors.empty() && !Options.Verify)
    Outcome.Errors.push_back("clang could not process the unit");
  if (Factory.Preamble) {
    Outcome.Timing.PreambleUsed = true;
    llvm::append_range(Outcome.FilesRead, Factory.Preamble->FilesRead);
    sortFilesRead(Outcome.FilesRead);
  }
  Clock::time_point End = Clock::now();
  if (ParseEnd == Start) // never parsed through: all of it was the parse
    ParseEnd = End;
  Outcome.Timing.ParseSeconds = secondsBetween(Start, ParseEnd);
  Outcome.Timing.AnalysisSeconds = secondsBetween(ParseEnd, End);
  return Outcome;
}

size_t hostCodeLost(const UnitOutcome &Outcome) {
  if (Outcome.Failed)
    return SIZE_MAX;
  return Outcome.SetAside.Skipped.size() + Outcome.SetAside.Includes.size();
}

namespace {

// "a.cu:3:5: error: no member named 'clockRate' ...", not a worker's own
// failure ("the analysis crashed ...").
bool isErrorInCode(llvm::StringRef Error) { return Error.contains(": error: "); }

} // namespace

bool rejectedHostCode(const UnitOutcome &Outcome, bool Verify) {
  // Where a header is missing, older declarations cannot bring it back, and
  // the errors that follow from it are most of what was lost.
  auto NotFound = [](llvm::StringRef Error) { return Error.ends_with("file not found"); };
  if (!Outcome.SetAside.Includes.empty() || llvm::any_of(Outcome.Errors, NotFound))
    return false;
  return !Outcome.SetAside.Skipped.empty() ||
         (Outcome.Failed && (Verify || llvm::any_of(Outcome.Errors, isErrorInCode)));
}

void keepTheAnalysisThatLostLess(UnitOutcome &First, UnitOutcome Older,
                                 const std::string &OlderDeclarations) {
  if (hostCodeLost(Older) >= hostCodeLost(First)) {
    First.Timing.add(Older.Timing);
    return;
  }
  const std::vector<std::string> &Errors = First.Failed ? First.Errors : First.SetAside.Errors;
  Older.ErrorWithToolkit = Errors.empty() ? "" : Errors.front();
  Older.OlderDeclarations = OlderDeclarations;
  Older.Timing.add(First.Timing);
  First = std::move(Older);
}

std::string describeTiming(double ParseSeconds, double AnalysisSeconds, bool PreambleUsed) {
  std::string Text;
  llvm::raw_string_ostream(Text) << llvm::format("parse %.2f s, analysis %.2f s", ParseSeconds,
                                                 AnalysisSeconds)
                                 << (PreambleUsed ? " (CUDA headers precompiled)" : "");
  return Text;
}

} // namespace cudalint
