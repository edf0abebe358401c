// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AnalyzerEngine.h"

#include "AnalysisScope.h"
#include "CudaCheck.h"
#include "MemoryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/PathDiagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/StaticAnalyzer/Core/AnalyzerOptions.h"
#include "clang/StaticAnalyzer/Frontend/AnalysisConsumer.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"

#include <deque>
#include <map>
#include <mutex>
#include <optional>

using namespace clang;

namespace cudalint {

namespace {

// The analyzer's checkers that model without reporting: calls to noreturn
// functions (exit, abort, a failed assert) end the path, and builtins such as
// __builtin_expect are evaluated.
constexpr llvm::StringLiteral CoreModeling = "core.builtin";
// Records the dynamic type of an object (`new StopWatchLinux`), so that a
// virtual call on it goes to the one method it can reach. Without it the
// analyzer splits every virtual call on an object of unknown type in two,
// once into the method and once without: the samples' timers
// (sdkStartTimer, sdkStopTimer) made bisect_large.cu's
// computeEigenvaluesLargeMatrix use up 75,000 nodes (clang with it: 16 ms).
constexpr llvm::StringLiteral DynamicTypeModeling = "core.DynamicTypePropagation";

// Clang's notes start with a capital ("Taking true branch"); cudalint's do not.
std::string asNote(llvm::StringRef Text) {
  std::string Note = Text.str();
  if (!Note.empty())
    Note[0] = llvm::toLower(Note[0]);
  return Note;
}

// The path's steps, flattened, ending where the bug happens. Clang 22 puts
// the end-of-path piece first in some paths through main (seen with a leak in
// a loop of main); it belongs last.
ento::PathPieces inOrder(const ento::PathDiagnostic &Diagnostic) {
  ento::PathPieces Steps = Diagnostic.path.flatten(/*ShouldFlattenMacros=*/true);
  SourceLocation End = Diagnostic.getLocation().asLocation();
  if (Steps.size() > 1 && Steps.front()->getLocation().asLocation() == End &&
      Steps.back()->getLocation().asLocation() != End) {
    Steps.push_back(Steps.front());
    Steps.pop_front();
  }
  return Steps;
}

// Where a function the analyzer explored is reported: its declaration,
// under the name users write; nothing for one in a system header.
std::optional<AnalysisLimit> limitIn(const Decl *Explored, std::string Reason,
                                     CheckContext &Context) {
  const auto *Function = dyn_cast_or_null<NamedDecl>(Explored);
  const SourceManager *SM = Context.sourceManager();
  if (!Function || !SM)
    return std::nullopt;
  SourceLocation Where = SM->getFileLoc(Function->getLocation());
  if (Where.isInvalid() || SM->isInSystemHeader(Where))
    return std::nullopt;
  AnalysisLimit Limit;
  Limit.Function = Function->getQualifiedNameAsString();
  Limit.Where = Context.point(Where);
  Limit.Reason = std::move(Reason);
  return Limit;
}

// It also carries the unit's CUDA API table and the exploration round to the
// checkers (memory::api, explorationRound). A round that explores functions
// again adds only the findings the ones before it did not make: the same
// bug on another path is the same finding.
class FindingPathConsumer : public memory::UnitApiCarrier {
public:
  FindingPathConsumer(CheckContext &Context, llvm::StringMap<std::string> CheckIds,
                      ExplorationRound &Round)
      : UnitApiCarrier(Context.api(), Round), Context(Context), CheckIds(std::move(CheckIds)) {}

  void FlushDiagnosticsImpl(std::vector<const ento::PathDiagnostic *> &Diagnostics,
                            FilesMade *) override {
    for (const ento::PathDiagnostic *Diagnostic : Diagnostics) {
      if (Diagnostic->getCheckerName() == AnalysisScopeCheckerName)
        addLimit(*Diagnostic);
      else
        addFinding(*Diagnostic);
    }
    std::vector<AnalysisLimit> &Limits = Context.analysisLimits();
    llvm::sort(Limits);
    Limits.erase(std::unique(Limits.begin(), Limits.end(),
                             [](const AnalysisLimit &A, const AnalysisLimit &B) {
                               return !(A < B) && !(B < A);
                             }),
                 Limits.end());
  }

  bool supportsLogicalOpControlFlow() const override { return true; }
  bool supportsCrossFileDiagnostics() const override { return true; }

private:
  void addFinding(const ento::PathDiagnostic &Diagnostic) {
    auto Id = CheckIds.find(Diagnostic.getCheckerName());
    const SourceManager *SM = Context.sourceManager();
    if (Id == CheckIds.end() || !SM)
      return;
    // A leak belongs where the memory was allocated: that is the location
    // its report is uniqued by; the path ends where it is lost.
    SourceLocation Where = Diagnostic.getUniqueingLoc().isValid()
                               ? Diagnostic.getUniqueingLoc().asLocation()
                               : Diagnostic.getLocation().asLocation();
    if (Where.isInvalid() || SM->isInSystemHeader(SM->getFileLoc(Where)))
      return;
    Finding Found;
    Found.CheckId = Id->second;
    Found.Where = Context.point(Where);
    Found.Message = Diagnostic.getShortDescription().str();
    for (const ento::PathDiagnosticPieceRef &Piece : inOrder(Diagnostic)) {
      if (Piece->getString().empty())
        continue;
      FindingNote Note;
      Note.Where = Context.point(Piece->getLocation().asLocation());
      Note.Message = asNote(Piece->getString());
      Note.PathStep = Piece->getKind() != ento::PathDiagnosticPiece::Note;
      Found.Notes.push_back(std::move(Note));
    }
    // A report's fix-its travel on the last piece of its path.
    FindingBuilder Fixes(&Found, Context);
    if (!Diagnostic.path.empty())
      for (const FixItHint &Hint : Diagnostic.path.back()->getFixits())
        Fixes.fixIt(Hint);
    if (round().Mode != Exploration::Full &&
        llvm::any_of(Context.findings(), [&](const Finding &Made) {
          return Made.CheckId == Found.CheckId && Made.Where == Found.Where &&
                 Made.Message == Found.Message;
        }))
      return;
    Context.findings().push_back(std::move(Found));
  }

  // The function whose exploration stopped short, reported at its
  // declaration by the scope checker.
  void addLimit(const ento::PathDiagnostic &Diagnostic) {
    if (std::optional<AnalysisLimit> Limit =
            limitIn(Diagnostic.getDeclWithIssue(), Diagnostic.getShortDescription().str(), Context))
      Context.analysisLimits().push_back(std::move(*Limit));
  }

  CheckContext &Context;
  llvm::StringMap<std::string> CheckIds; // analyzer checker name -> check id
};

constexpr unsigned ClangDeepModeNodeBudget = 225'000;
constexpr unsigned NodeBudget = 75'000;

void configure(AnalyzerOptions &Options, llvm::ArrayRef<const CheckDescription *> Checks,
               const CheckContext &Context) {
  const CheckOptionMap &CheckOptions = Context.options();
  Options.CheckersAndPackages.clear();
  Options.CheckersAndPackages.emplace_back(CoreModeling.str(), true);
  Options.CheckersAndPackages.emplace_back(DynamicTypeModeling.str(), true);
  Options.CheckersAndPackages.emplace_back(AnalysisScopeCheckerName.str(), true);
  for (const CheckDescription *Check : Checks) {
    Options.CheckersAndPackages.emplace_back(Check->AnalyzerName.str(), true);
    // `cuda-memory-leak.Option=value` is the analyzer's
    // `cudalint.cuda-memory-leak:Option=value`. The analyzer refuses a unit
    // over an option its checker does not have; cudalint ignores unknown
    // options as the AST checks do (--verify-config names them).
    CheckOptionMap Known;
    storeCheckOptions(*Check, {}, Known);
    for (const auto &[Key, Value] : CheckOptions) {
      llvm::StringRef Name(Key);
      if (Known.count(Key) && Name.consume_front(Check->Id) && Name.consume_front("."))
        Options.Config[(Check->AnalyzerName + ":" + Name).str()] =
            llvm::StringRef(Value).trim().lower();
    }
  }
  std::string Targets;
  for (const GpuTarget &Target : Context.gpuTargets())
    Targets += (Targets.empty() ? "" : ",") + Target.Arch + (Target.EmbedsPtx ? "+ptx" : "");
  Options.Config[GpuTargetsConfigKey] = Targets;
  Options.AnalysisDiagOpt = PD_NONE;
  Options.ShouldAddPopUpNotes = false;
  Options.AnalyzerDisplayProgress = false;
  // The analyzer gives up a path on the fifth visit of a block
  // (maxBlockVisitOnPath 4): a loop with a larger known bound, such as
  // `for (i = 0; i < n; ++i)` after `n = 50000`, ends every path in it, and
  // what such a path would reach later is never seen. Loops with a literal
  // bound of up to 128 iterations are unrolled instead; any other loop is
  // widened after its third iteration (what it may change becomes unknown)
  // and analysis goes on after it. Measured on cuda-samples (134 units): 11
  // leaks without either, 14 with both, all true, in about the same time
  // (162 s and 176 s, -j2).
  Options.ShouldUnrollLoops = true;
  Options.ShouldWidenLoops = true;
  // The node budget of each explored function: clang's 75,000 of its
  // shallow mode, not the 225,000 of its default deep mode, unless the
  // command asks for another (-analyzer-config max-nodes=N). The cost of a
  // node grows with the state a path carries: with 225,000, ggml's
  // binbcast.cu (template launchers) ran past the 600 s unit timeout and
  // was not analysed at all, and nbody.cpp's long `main`, `display` and
  // `key` took 12.0 s and 290 MiB (clang parses it in 140 MiB); with
  // 75,000, binbcast.cu takes 26 s and nbody.cpp 4.5 s and 204 MiB. Over
  // the whole projects that found one launch more on ggml and one leak less
  // on cuda-samples (a buffer in the `main` of matrixMulCUBLAS, which used
  // the budget up). The functions that use it up are named in every report.
  if (Options.MaxNodesPerTopLevelFunction == ClangDeepModeNodeBudget)
    Options.MaxNodesPerTopLevelFunction = NodeBudget;
  // Each path report is checked once more with Z3 by the checks themselves
  // (ReportCrosscheck.h), at a fraction of the memory clang's crosscheck
  // costs on a path through a division.
  Options.ShouldCrosscheckWithZ3 = false;
}

// clang's Static Analyzer keeps process-wide statistics (the registry of
// EntryPointStat, ExprEngine's counters) that its engine writes without a
// lock: two path-sensitive analyses at once in one process corrupted the
// heap (tests/ConcurrentAnalysisTest.cpp crashed in about one run in three;
// helgrind names EntryPointStat::takeSnapshot and ExprEngine::removeDead).
// So the engine's creation and its run over a unit go one at a time: units
// still parse side by side. The lock guards clang's state, not cudalint's.
std::mutex &engineStatistics() {
  static std::mutex Statistics;
  return Statistics;
}

// How far a round follows callees and loops: clang's own inlining limits,
// which hold for constructors and destructors too, and its loop limits.
// The scope checker keeps the callees of the first fallback out itself
// (AnalysisScope.cpp, callsUnanalysable).
void applyMode(AnalyzerOptions &Options, Exploration Mode) {
  if (Mode >= Exploration::NoCallees) {
    // Any stack depth is over 0, and no callee is too small to count.
    Options.InlineMaxStackDepth = 0;
    Options.AlwaysInlineSize = 0;
  }
  if (Mode >= Exploration::FewerLoopPasses) {
    Options.ShouldUnrollLoops = false;
    Options.maxBlockVisitOnPath = 2;
  }
}

// Whether a block of `Function`'s own body may be entered twice on a path:
// it holds a loop or a goto (a lambda's body is a function of its own).
bool mayRepeatBlocks(const Decl *Function) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitStmt(Stmt *S) {
      Found =
          Found || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, GotoStmt, IndirectGotoStmt>(S);
      return !Found;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } Find;
  Find.TraverseStmt(Function->getBody());
  return Find.Found;
}

// Whether exploring `Function` in `Mode` would only repeat its last
// exploration, in `Last`: the mode gives up nothing that exploration used.
bool repeats(Exploration Mode, const Decl *Function, const ExplorationRound &Last) {
  switch (Mode) {
  case Exploration::Full:
    return false;
  case Exploration::CudaCalleesOnly:
    return !Last.EnteredCalleesWithoutCuda.contains(Function);
  case Exploration::NoCallees:
    return !Last.EnteredCallees.contains(Function);
  case Exploration::FewerLoopPasses:
    return !Last.EnteredCallees.contains(Function) && !mayRepeatBlocks(Function);
  }
  llvm_unreachable("every mode is judged");
}

// The analyzer run over a unit, in rounds. The first explores every function
// that can reach the CUDA API; each later one explores again, in the next
// cheaper mode, the functions the one before left over the node budget.
// The analyzer takes its entry points from the declarations the parser hands
// it, so they are kept for the later rounds.
class ExplorationRounds : public MultiplexConsumer {
public:
  ExplorationRounds(CompilerInstance &Compiler, CheckContext &Context,
                    std::vector<const CheckDescription *> Checks,
                    llvm::StringMap<std::string> CheckIds)
      : MultiplexConsumer(std::vector<std::unique_ptr<ASTConsumer>>()), Compiler(Compiler),
        Context(Context), Checks(std::move(Checks)), CheckIds(std::move(CheckIds)) {
    // The first round's engine needs the round, a member, so it joins the
    // consumers here; it gives the multiplexer no listener to set up.
    std::lock_guard<std::mutex> Lock(engineStatistics()); // its construction registers some
    Consumers.push_back(newEngine(Rounds.front()));
  }

  bool HandleTopLevelDecl(DeclGroupRef Declarations) override {
    TopLevel.push_back(Declarations);
    return MultiplexConsumer::HandleTopLevelDecl(Declarations);
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    std::lock_guard<std::mutex> Lock(engineStatistics());
    MultiplexConsumer::HandleTranslationUnit(AST);
    AnalyzerOptions &Options = Compiler.getAnalyzerOpts();
    const AnalyzerOptions Configured = Options;
    std::vector<const Decl *> Pending = Rounds.front().OverBudget;
    llvm::DenseMap<const Decl *, Exploration> FinishedIn;
    // The round that last explored each function.
    llvm::DenseMap<const Decl *, const ExplorationRound *> Last;
    for (const Decl *Function : Pending)
      Last[Function] = &Rounds.front();
    for (Exploration Mode :
         {Exploration::CudaCalleesOnly, Exploration::NoCallees, Exploration::FewerLoopPasses}) {
      std::vector<const Decl *> Explored, Repeated;
      for (const Decl *Function : Pending)
        (repeats(Mode, Function, *Last[Function]) ? Repeated : Explored).push_back(Function);
      if (Explored.empty()) {
        Pending = std::move(Repeated);
        continue;
      }
      Pending = std::move(Explored);
      ExplorationRound &Round = Rounds.emplace_back();
      Round.Mode = Mode;
      for (const Decl *Function : Pending) {
        Round.Entries.insert(Function->getCanonicalDecl());
        Last[Function] = &Round;
      }
      applyMode(Options, Mode);
      std::unique_ptr<ento::AnalysisASTConsumer> Engine = newEngine(Round);
      Engine->Initialize(AST);
      for (DeclGroupRef Declarations : TopLevel)
        Engine->HandleTopLevelDecl(Declarations);
      Engine->HandleTranslationUnit(AST);
      llvm::DenseSet<const Decl *> Over(Round.OverBudget.begin(), Round.OverBudget.end());
      for (const Decl *Function : Pending)
        if (!Over.contains(Function))
          FinishedIn[Function] = Mode;
      Pending = Round.OverBudget;
      Pending.insert(Pending.end(), Repeated.begin(), Repeated.end());
    }
    Options = Configured;
    reportOverBudget(FinishedIn);
  }

private:
  std::unique_ptr<ento::AnalysisASTConsumer> newEngine(ExplorationRound &Round) {
    std::unique_ptr<ento::AnalysisASTConsumer> Engine = ento::CreateAnalysisConsumer(Compiler);
    Engine->AddCheckerRegistrationFn([Checks = Checks](ento::CheckerRegistry &Registry) {
      registerAnalysisScope(Registry);
      memory::registerMemoryModeling(Registry);
      for (const CheckDescription *Check : Checks)
        Check->RegisterAnalyzerChecker(Registry);
    });
    Engine->AddDiagnosticConsumer(std::make_unique<FindingPathConsumer>(Context, CheckIds, Round));
    return Engine;
  }

  // Each function the first round left over the budget, with the mode that
  // finished it, if one did. The instances of a template are one function
  // to the user (gtest's typed tests are one TestBody each), reported once,
  // under the first one's name, with what the least finished gave up.
  void reportOverBudget(const llvm::DenseMap<const Decl *, Exploration> &FinishedIn) {
    const unsigned Budget = Compiler.getAnalyzerOpts().MaxNodesPerTopLevelFunction;
    std::string Reason = ("node budget (" + llvm::Twine(Budget) + " nodes) exhausted").str();
    // By place: the cheapest mode that finished it, none if one instance
    // was never finished.
    std::map<SourcePoint, std::optional<Exploration>> Worst;
    std::vector<AnalysisLimit> OverBudget;
    for (const Decl *Function : Rounds.front().OverBudget) {
      std::optional<AnalysisLimit> Limit = limitIn(Function, Reason, Context);
      if (!Limit)
        continue;
      auto Finished = FinishedIn.find(Function);
      std::optional<Exploration> Mode;
      if (Finished != FinishedIn.end())
        Mode = Finished->second;
      auto [Known, Inserted] = Worst.try_emplace(Limit->Where, Mode);
      if (Inserted)
        OverBudget.push_back(std::move(*Limit));
      else if (Known->second && (!Mode || *Mode > *Known->second))
        Known->second = Mode;
    }
    for (AnalysisLimit &Limit : OverBudget) {
      if (std::optional<Exploration> Mode = Worst[Limit.Where])
        Limit.Fallback = describeFallback(*Mode).str();
      else
        Limit.Reason += ", in every cheaper mode too";
      Context.analysisLimits().push_back(std::move(Limit));
    }
    Context.setFunctionsExplored(Rounds.front().Walked.size());
  }

  CompilerInstance &Compiler;
  CheckContext &Context;
  std::vector<const CheckDescription *> Checks;
  llvm::StringMap<std::string> CheckIds;
  std::deque<ExplorationRound> Rounds{1}; // the first explores everything
  std::vector<DeclGroupRef> TopLevel;
};

} // namespace

std::unique_ptr<ASTConsumer>
createPathSensitiveConsumer(CompilerInstance &Compiler, CheckContext &Context,
                            llvm::ArrayRef<const CheckDescription *> Checks) {
  std::vector<const CheckDescription *> PathSensitive;
  llvm::StringMap<std::string> CheckIds;
  for (const CheckDescription *Check : Checks)
    if (Check->isPathSensitive()) {
      PathSensitive.push_back(Check);
      CheckIds[Check->AnalyzerName] = Check->Id.str();
    }
  if (PathSensitive.empty())
    return nullptr;
  configure(Compiler.getAnalyzerOpts(), PathSensitive, Context);
  // Fix-its are measured in tokens of the unit's language.
  Context.setLangOptions(&Compiler.getLangOpts());
  // Everything the checkers need of the unit reaches them through this
  // analysis (the API table and the round through FindingPathConsumer, the
  // GPU targets through the analyzer's configuration): analyses on several
  // threads at once do not meet (tests/ConcurrentAnalysisTest.cpp), but for
  // clang's own statistics (engineStatistics).
  return std::make_unique<ExplorationRounds>(Compiler, Context, std::move(PathSensitive),
                                             std::move(CheckIds));
}

} // namespace cudalint
