// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ReportCrosscheck.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporterVisitors.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SMTConv.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/SMTAPI.h"

#include <optional>

namespace cudalint {

using namespace clang;
using namespace clang::ento;

namespace {

#if LLVM_WITH_Z3
// Z3's deterministic resource count, never a wall-clock timeout, so that the
// findings do not depend on the machine's load: ten times clang's suggested
// 400,000, about a second a query. clang's crosscheck needed a second
// attempt for one path of cuda-samples' conjugateGradientCudaGraphs.cu (a
// product and a quotient of the sample's sizes).
constexpr unsigned QueryResourceLimit = 4'000'000;

llvm::SMTSolverRef newSolver() {
  llvm::SMTSolverRef Solver = llvm::CreateZ3Solver();
  Solver->setUnsignedParam("rlimit", QueryResourceLimit);
  return Solver;
}

bool divides(SymbolRef Constrained) {
  for (SymbolRef Part : Constrained->symbols())
    if (const auto *Binary = dyn_cast<BinarySymExpr>(Part))
      if (Binary->getOpcode() == BO_Div || Binary->getOpcode() == BO_Rem)
        return true;
  return false;
}

// `Constrained` lies in one of `Allowed`'s ranges.
llvm::SMTExprRef inRanges(llvm::SMTSolverRef &Solver, ASTContext &Context, SymbolRef Constrained,
                          const RangeSet &Allowed) {
  auto Range = Allowed.begin();
  llvm::SMTExprRef Within =
      SMTConv::getRangeExpr(Solver, Context, Constrained, Range->From(), Range->To(), true);
  while (++Range != Allowed.end())
    Within = Solver->mkOr(Within, SMTConv::getRangeExpr(Solver, Context, Constrained, Range->From(),
                                                        Range->To(), true));
  return Within;
}

// Each of `Constraints` holds; those with a division only `WithDivisions`.
void assertConstraints(llvm::SMTSolverRef &Solver, ASTContext &Context,
                       const ConstraintMap &Constraints, bool WithDivisions) {
  for (const auto &[Constrained, Allowed] : Constraints)
    if (WithDivisions || !divides(Constrained))
      Solver->addConstraint(inRanges(Solver, Context, Constrained, Allowed));
}

// `Leaf` equals the value `Solved`'s solution gives it, or `Guess` where the
// solution leaves it free (`Guessed` then says so), stated for `Target`.
// Nothing for a floating value.
std::optional<llvm::SMTExprRef> pinnedToSolution(llvm::SMTSolverRef &Solved,
                                                 llvm::SMTSolverRef &Target, ASTContext &Context,
                                                 const SymbolData *Leaf, unsigned Guess,
                                                 bool &Guessed) {
  llvm::SMTExprRef InSolved = SMTConv::fromData(Solved, Context, Leaf);
  llvm::SMTExprRef InTarget = SMTConv::fromData(Target, Context, Leaf);
  llvm::SMTSortRef Sort = Solved->getSort(InSolved);
  unsigned Width = Sort->isBooleanSort()     ? 1
                   : Sort->isBitvectorSort() ? Sort->getBitvectorSortSize()
                                             : 0;
  if (Width == 0)
    return std::nullopt;
  llvm::APSInt Value(llvm::APInt(Width, 0), /*isUnsigned=*/true);
  if (!Solved->getInterpretation(InSolved, Value)) {
    Value = llvm::APSInt(llvm::APInt(Width, Guess), /*isUnsigned=*/true);
    Guessed = true;
  }
  if (Sort->isBooleanSort())
    return Target->mkEqual(InTarget, Target->mkBoolean(!Value.isZero()));
  return Target->mkEqual(InTarget, Target->mkBitvector(Value, Width));
}
#endif

constexpr const char *InfeasibleTag = "the path's constraints cannot all hold";

// Gathers the constraints along a report's path as clang's Z3 crosscheck
// does: each symbol keeps the ranges of the node nearest the report, and
// the symbols that died before it keep the last ranges they had.
class PathConstraints final : public BugReporterVisitor {
public:
  PathConstraints() : Constraints(Factory.getEmptyMap()) {}

  void Profile(llvm::FoldingSetNodeID &ID) const override {
    static int Tag = 0;
    ID.AddPointer(&Tag);
  }

  PathDiagnosticPieceRef VisitNode(const ExplodedNode *Node, BugReporterContext &,
                                   PathSensitiveBugReport &) override {
    add(Node, /*ReplaceKnown=*/false);
    return nullptr;
  }

  void finalizeVisitor(BugReporterContext &Context, const ExplodedNode *End,
                       PathSensitiveBugReport &Report) override {
    add(End, /*ReplaceKnown=*/true);
    if (!Report.isValid())
      return; // another visitor dropped it, or another path to the bug ran Z3 dry
    PathFeasibility Decided =
        crosscheckPath(Context.getASTContext(), Constraints,
                       Context.getAnalyzerOptions().Z3CrosscheckMaxAttemptsPerQuery);
    if (Decided.OutOfResources)
      for (BugReportEquivClass &Bug : Context.getBugReporter().equivalenceClasses())
        if (llvm::any_of(Bug.getReports(), [&](const auto &Path) { return Path.get() == &Report; }))
          for (const std::unique_ptr<BugReport> &Path : Bug.getReports())
            if (auto *PathReport = dyn_cast<PathSensitiveBugReport>(Path.get()))
              PathReport->markInvalid(InfeasibleTag, nullptr);
    if (!Decided.Feasible)
      Report.markInvalid(InfeasibleTag, nullptr);
  }

private:
  void add(const ExplodedNode *Node, bool ReplaceKnown) {
    for (const auto &[Constrained, Allowed] : getConstraintMap(Node->getState()))
      if (ReplaceKnown || !Constraints.contains(Constrained))
        Constraints = Factory.add(Constraints, Constrained, Allowed);
  }

  ConstraintMap::Factory Factory;
  ConstraintMap Constraints;
};

} // namespace

void emitCrosschecked(CheckerContext &C, std::unique_ptr<PathSensitiveBugReport> Report) {
  Report->addVisitor<PathConstraints>();
  C.emitReport(std::move(Report));
}

PathFeasibility crosscheckPath([[maybe_unused]] ASTContext &Context,
                               [[maybe_unused]] const ConstraintMap &Constraints,
                               [[maybe_unused]] unsigned Retries) {
  PathFeasibility Result;
#if LLVM_WITH_Z3
  if (llvm::any_of(Constraints, [](const auto &Entry) { return divides(Entry.first); })) {
    Result.SolvedWithoutDivisions = true;
    llvm::SMTSolverRef WithoutDivisions = newSolver();
    assertConstraints(WithoutDivisions, Context, Constraints, /*WithDivisions=*/false);
    std::optional<bool> Holds = WithoutDivisions->check();
    if (Holds == false) {
      Result.Feasible = false;
      return Result;
    }
    if (Holds == true) {
      Result.SolvedPinned = true;
      llvm::SetVector<const SymbolData *> Leaves;
      for (const auto &Entry : Constraints)
        for (SymbolRef Part : Entry.first->symbols())
          if (const auto *Leaf = dyn_cast<SymbolData>(Part))
            Leaves.insert(Leaf);
      // A symbol that solution leaves free is guessed 1, then 0: a divisor of
      // 0 leaves its quotient free, for Z3 on the whole problem too.
      bool Guessed = false;
      for (unsigned Guess : {1u, 0u}) {
        if (Guess == 0 && !Guessed)
          break;
        llvm::SMTSolverRef Pinned = newSolver();
        assertConstraints(Pinned, Context, Constraints, /*WithDivisions=*/true);
        for (const SymbolData *Leaf : Leaves)
          if (std::optional<llvm::SMTExprRef> Pin =
                  pinnedToSolution(WithoutDivisions, Pinned, Context, Leaf, Guess, Guessed))
            Pinned->addConstraint(*Pin);
        if (Pinned->check() == true)
          return Result;
      }
    }
  }
  Result.SolvedWhole = true;
  llvm::SMTSolverRef Whole = newSolver();
  assertConstraints(Whole, Context, Constraints, /*WithDivisions=*/true);
  // clang's rule, kept so that the findings stay what they were: a query Z3
  // leaves undecided is asked again on the same solver, which goes on from
  // where it stopped; undecided still, with its resources used up, it
  // drops its report and the other paths to the same bug.
  auto UsedResources = [&] { return Whole->getStatistics()->getUnsigned("rlimit count"); };
  std::optional<bool> Holds;
  for (unsigned Attempt = 0; !Holds && Attempt <= Retries; ++Attempt) {
    unsigned Before = UsedResources();
    Holds = Whole->check();
    Result.OutOfResources = !Holds && UsedResources() - Before >= QueryResourceLimit;
  }
  Result.Feasible = Holds == true;
#endif
  return Result;
}

} // namespace cudalint
