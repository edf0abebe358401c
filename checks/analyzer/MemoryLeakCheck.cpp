// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MemoryLeakCheck.h"

#include "MemberLeakCheck.h"
#include "MemoryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/BugReporter/CommonBugCategories.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

std::string warning(const memory::Allocation &Memory) {
  return (memoryFamilyName(Memory.family()) + " allocated by '" +
          documentedName(Memory.allocator()) + "' is not released on every path; " +
          unreleasedMemoryFate(Memory.family()))
      .str();
}

// Memory main still holds when the program ends. The process exit releases
// it, but the same code leaks as soon as it moves into a function that is
// called more than once, and leak checkers (compute-sanitizer --leak-check
// full, valgrind, LeakSanitizer) report it, burying the leaks that matter.
std::string warningAtProgramEnd(const memory::Allocation &Memory) {
  return (memoryFamilyName(Memory.family()) + " allocated by '" +
          documentedName(Memory.allocator()) +
          "' is still allocated when the program ends; the process exit releases it, but leak "
          "checkers such as "
          "compute-sanitizer's report it, and the code leaks once it moves "
          "out of 'main'")
      .str();
}

// The throw whose operand `S` is part of, or `S` itself.
const CXXThrowExpr *enclosingThrow(const Stmt *S, const ParentMap &Parents) {
  for (; S; S = Parents.getParent(S))
    if (const auto *Throw = dyn_cast<CXXThrowExpr>(S))
      return Throw;
  return nullptr;
}

bool isProcessExit(const Stmt *S) {
  const auto *Call = dyn_cast_or_null<CallExpr>(S);
  return Call && memory::api().exitsProcess(Call->getDirectCallee());
}

// Ends the path where the memory is lost: at the return statement or the
// closing brace the function leaves through, or else at the statement after
// which no pointer to the memory is used again (it is overwritten, goes out of
// scope, or is simply never used again: the analyzer's liveness decides).
class LostHere final : public BugReporterVisitor {
public:
  void Profile(llvm::FoldingSetNodeID &ID) const override {
    static int Tag;
    ID.AddPointer(&Tag);
  }

  PathDiagnosticPieceRef VisitNode(const ExplodedNode *, BugReporterContext &,
                                   PathSensitiveBugReport &) override {
    return nullptr;
  }

  PathDiagnosticPieceRef getEndPath(BugReporterContext &BRC, const ExplodedNode *End,
                                    PathSensitiveBugReport &) override {
    const LocationContext *Frame = End->getLocationContext();
    const SourceManager &SM = BRC.getSourceManager();
    const Stmt *S = End->getStmtForDiagnostics();
    const Stmt *Return = S;
    while (Return && !isa<ReturnStmt>(Return))
      Return = Frame->getParentMap().getParent(Return);
    const auto *Function = dyn_cast_or_null<NamedDecl>(Frame->getDecl());
    std::string Returns =
        Function ? "'" + Function->getNameAsString() + "' returns here without releasing the memory"
                 : "the function returns here without releasing the memory";
    if (Return)
      return std::make_shared<PathDiagnosticEventPiece>(PathDiagnosticLocation(Return, SM, Frame),
                                                        Returns);
    if (const CXXThrowExpr *Throw = enclosingThrow(S, Frame->getParentMap())) {
      llvm::SmallVector<const StackFrameContext *, 4> Left = memory::framesUnwound(Throw, Frame);
      const auto *Outermost =
          Left.empty() ? nullptr : dyn_cast_or_null<NamedDecl>(Left.back()->getDecl());
      if (Outermost)
        return std::make_shared<PathDiagnosticEventPiece>(PathDiagnosticLocation(Throw, SM, Frame),
                                                          "the exception thrown here leaves '" +
                                                              Outermost->getNameAsString() +
                                                              "' without releasing the memory");
    }
    if (isProcessExit(S))
      return std::make_shared<PathDiagnosticEventPiece>(
          PathDiagnosticLocation(S, SM, Frame),
          "the program exits here without releasing the memory");
    if (!S || S == Frame->getDecl()->getBody())
      return std::make_shared<PathDiagnosticEventPiece>(
          PathDiagnosticLocation::createDeclEnd(Frame, SM), Returns);
    return std::make_shared<PathDiagnosticEventPiece>(
        PathDiagnosticLocation(S, SM, Frame),
        "the memory is not released, and no pointer to it is used after this "
        "point");
  }
};

// The statement of `main` that led to the allocation: the allocation itself,
// or the call in main through which a helper allocated.
const Stmt *statementInFrame(const memory::Allocation &Memory, const StackFrameContext *Frame) {
  const StackFrameContext *Current = Memory.siteFrame();
  const Stmt *S = Memory.site();
  while (Current && Current != Frame) {
    S = Current->getCallSite();
    const LocationContext *Parent = Current->getParent();
    Current = Parent ? Parent->getStackFrame() : nullptr;
  }
  return Current ? S : nullptr;
}

// A loop that can run its body more than once: not the `do { ... } while (0)`
// of a checking macro.
bool isRepeatingLoop(const Stmt *S, ASTContext &Context) {
  const Expr *Condition = nullptr;
  if (const auto *Do = dyn_cast<DoStmt>(S))
    Condition = Do->getCond();
  else if (const auto *While = dyn_cast<WhileStmt>(S))
    Condition = While->getCond();
  else if (const auto *For = dyn_cast<ForStmt>(S))
    Condition = For->getCond();
  else
    return isa<CXXForRangeStmt>(S);
  bool Repeats = true;
  if (Condition && Condition->EvaluateAsBooleanCondition(Repeats, Context))
    return Repeats;
  return true;
}

bool isInLoop(const Stmt *S, const ParentMap &Parents, ASTContext &Context) {
  for (; S; S = Parents.getParent(S))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) && isRepeatingLoop(S, Context))
      return true;
  return false;
}

// Memory main or a static still holds when main returns, released by the
// process exit. Memory main loses earlier (the pointer is overwritten or
// truncated) or allocates in a loop into the same local (every iteration
// takes more) is an ordinary leak.
bool releasedByProgramExit(const memory::Allocation &Memory, const memory::MemoryLost &Lost) {
  if (Lost.HeldByStatic)
    return true;
  const StackFrameContext *Frame = Lost.Node->getStackFrame();
  if (Lost.ProgramEnds) {
    while (Frame->getParent())
      Frame = Frame->getParent()->getStackFrame();
  } else {
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Frame->getDecl());
    if (Frame->getParent() || !Function || !Function->isMain() ||
        !memory::stillHeld(Lost.Node->getState(), Lost.Sym, Lost.Node->getStmtForDiagnostics()))
      return false;
  }
  const Stmt *InMain = statementInFrame(Memory, Frame);
  return !InMain ||
         !isInLoop(InMain, Frame->getParentMap(), Frame->getAnalysisDeclContext()->getASTContext());
}

class MemoryLeakChecker : public Checker<check::Event<memory::MemoryLost>> {
public:
  void checkEvent(const memory::MemoryLost &Lost) const;

  bool ReportAtMainReturn = true;

private:
  bool reportedByClassLevelHalf(const Stmt *Site, ASTContext &Context) const;

  // Where the allocations of members the class-level half (MemberLeakCheck)
  // reports in the unit being analysed are written: one place for all the
  // instantiations of a class template.
  mutable const ASTContext *MemberSitesOf = nullptr;
  mutable llvm::DenseSet<SourceLocation> MemberSites;

  // Not the analyzer's suppress-on-sink, which drops a report when every
  // path on from it ends in a sink: it takes the sinks where the analyzer
  // itself gave up (a loop visited too often, exit(0)) for the program
  // giving up, and so dropped memory a helper loses whenever the rest of the
  // program was too long to walk to its end. checkEvent says which losses
  // are not worth a report.
  BugType Leak{this, "CUDA memory leak", categories::MemoryError,
               /*SuppressOnSink=*/false};
};

// A member that a constructor allocates and the destructor never releases
// leaks along every path that destroys the object; the class-level half
// reports it once, at the allocation, with the destructor as its note.
bool MemoryLeakChecker::reportedByClassLevelHalf(const Stmt *Site, ASTContext &Context) const {
  if (MemberSitesOf != &Context) {
    MemberSitesOf = &Context;
    MemberSites.clear();
    for (const MemberLeakCheck::UnreleasedMember &Member :
         MemberLeakCheck::unreleasedMembers(Context, memory::api()))
      MemberSites.insert(Member.Allocation->getBeginLoc());
  }
  return MemberSites.contains(Site->getBeginLoc());
}

void MemoryLeakChecker::checkEvent(const memory::MemoryLost &Lost) const {
  CheckerContext &C = *Lost.Context;
  const memory::Allocation *Memory = memory::find(Lost.Node->getState(), Lost.Sym);
  if (!Memory || !Memory->site() || !Memory->siteFrame() || !isCudaAllocated(Memory->family()))
    return;
  // Memory lost where the program is giving up on an error (every way on
  // from here ends in abort(), exit(EXIT_FAILURE) or another noreturn
  // call) is not worth reporting: the process is about to release
  // everything.
  if (!Lost.PathLeaves)
    if (const CFGBlock *Block = Lost.Node->getCFGBlock(); Block && Block->isInevitablySinking())
      return;
  bool AtProgramEnd = releasedByProgramExit(*Memory, Lost);
  if (AtProgramEnd && !ReportAtMainReturn)
    return;
  if (reportedByClassLevelHalf(Memory->site(), C.getASTContext()))
    return;
  // One finding per allocation site, whichever path leaks it first.
  PathDiagnosticLocation Site = PathDiagnosticLocation::createBegin(
      Memory->site(), C.getSourceManager(), Memory->siteFrame());
  auto Report = std::make_unique<PathSensitiveBugReport>(
      Leak, AtProgramEnd ? warningAtProgramEnd(*Memory) : warning(*Memory), Lost.Node, Site,
      Memory->siteFrame()->getDecl());
  Report->markInteresting(Lost.Sym);
  Report->addVisitor(memory::historyNotes(Lost.Sym));
  Report->addVisitor(std::make_unique<LostHere>());
  C.emitReport(std::move(Report));
}

constexpr llvm::StringLiteral ReportAtMainReturnOption = "ReportAtMainReturn";

void registerLeakChecker(CheckerManager &Manager) {
  auto *Checker = Manager.registerChecker<MemoryLeakChecker>();
  Checker->ReportAtMainReturn = Manager.getAnalyzerOptions().getCheckerBooleanOption(
      Manager.getCurrentCheckerName(), ReportAtMainReturnOption);
}

bool shouldRegisterLeakChecker(const CheckerManager &) { return true; }

} // namespace

void MemoryLeakCheck::storeOptions(const std::map<std::string, std::string> &Given,
                                   std::map<std::string, std::string> &Effective) {
  std::string Key = (Id + "." + ReportAtMainReturnOption).str();
  auto It = Given.find(Key);
  Effective[Key] = It == Given.end() ? "true" : It->second;
}

void MemoryLeakCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker(registerLeakChecker, shouldRegisterLeakChecker, AnalyzerName, Summary);
  Registry.addCheckerOption("bool", AnalyzerName, ReportAtMainReturnOption, "true",
                            "Report memory still allocated when main returns or calls exit(0).",
                            "released");
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
