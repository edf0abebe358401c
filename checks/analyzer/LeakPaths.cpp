// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LeakPaths.h"

#include "ReportCrosscheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

// The throw whose operand `S` is part of, or `S` itself.
const CXXThrowExpr *enclosingThrow(const Stmt *S, const ParentMap &Parents) {
  for (; S; S = Parents.getParent(S))
    if (const auto *Throw = dyn_cast<CXXThrowExpr>(S))
      return Throw;
  return nullptr;
}

bool isProcessExit(const Stmt *S, const CudaApi &Api) {
  const auto *Call = dyn_cast_or_null<CallExpr>(S);
  return Call && Api.exitsProcess(Call->getDirectCallee());
}

// Ends the path where the memory is lost: at the return statement or the
// closing brace the function leaves through, or else at the statement after
// which no pointer to the memory is used again (it is overwritten, goes out of
// scope, or is simply never used again: the analyzer's liveness decides).
class LostHere final : public BugReporterVisitor {
public:
  explicit LostHere(bool OfHandle)
      : Releasing(OfHandle ? "destroying the handle" : "releasing the memory"),
        Unused(OfHandle ? "the handle is not destroyed, and it is not used after this point"
                        : "the memory is not released, and no pointer to it is used after this "
                          "point") {}

  void Profile(llvm::FoldingSetNodeID &ID) const override {
    static int Tag;
    ID.AddPointer(&Tag);
    ID.AddString(Releasing);
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
        (Function ? "'" + Function->getNameAsString() + "'" : std::string("the function")) +
        " returns here without " + Releasing.str();
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
                                                              "' without " + Releasing.str());
    }
    if (isProcessExit(S, memory::api(End->getState())))
      return std::make_shared<PathDiagnosticEventPiece>(PathDiagnosticLocation(S, SM, Frame),
                                                        "the program exits here without " +
                                                            Releasing.str());
    if (!S || S == Frame->getDecl()->getBody())
      return std::make_shared<PathDiagnosticEventPiece>(
          PathDiagnosticLocation::createDeclEnd(Frame, SM), Returns);
    return std::make_shared<PathDiagnosticEventPiece>(PathDiagnosticLocation(S, SM, Frame), Unused);
  }

private:
  llvm::StringRef Releasing;
  llvm::StringRef Unused;
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

} // namespace

bool releasedByProgramExit(const memory::Allocation &Memory, const memory::MemoryLost &Lost) {
  if (Lost.HeldByStatic)
    return true;
  const StackFrameContext *Frame = Lost.Node->getStackFrame();
  while (Frame->getParent())
    Frame = Frame->getParent()->getStackFrame();
  if (!Lost.ProgramEnds) {
    // A variable of main that still holds it dies after its last use, which
    // may be in a function main calls (`check(cudaStreamSynchronize(s))`):
    // main holds it to the end all the same.
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Frame->getDecl());
    if (!Function || !Function->isMain() ||
        memory::holdingFrame(Lost.Node->getState(), Lost.Sym) != Frame ||
        !memory::stillHeld(Lost.Node->getState(), Lost.Sym, Lost.Node->getStmtForDiagnostics()))
      return false;
  }
  const Stmt *InMain = statementInFrame(Memory, Frame);
  return !InMain ||
         !isInLoop(InMain, Frame->getParentMap(), Frame->getAnalysisDeclContext()->getASTContext());
}

std::unique_ptr<BugReporterVisitor> lostHereNotes(const memory::Allocation &Lost) {
  return std::make_unique<LostHere>(Lost.family() == MemoryFamily::Handle);
}

bool lostWhileGivingUp(const memory::MemoryLost &Lost) {
  const CFGBlock *Block = Lost.PathLeaves ? nullptr : Lost.Node->getCFGBlock();
  return Block && Block->isInevitablySinking();
}

void reportLeak(const BugType &Type, std::string Message, const memory::Allocation &Memory,
                const memory::MemoryLost &Lost) {
  CheckerContext &C = *Lost.Context;
  PathDiagnosticLocation Site =
      PathDiagnosticLocation::createBegin(Memory.site(), C.getSourceManager(), Memory.siteFrame());
  auto Report = std::make_unique<PathSensitiveBugReport>(Type, Message, Lost.Node, Site,
                                                         Memory.siteFrame()->getDecl());
  Report->markInteresting(Lost.Sym);
  Report->addVisitor(memory::historyNotes(Lost.Sym));
  Report->addVisitor(lostHereNotes(Memory));
  emitCrosschecked(C, std::move(Report));
}

} // namespace cudalint
