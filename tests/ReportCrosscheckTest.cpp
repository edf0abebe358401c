// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The crosscheck of a report's path (checks/analyzer/ReportCrosscheck.h): it
// must decide as Z3 decides on the whole problem, and decide a path through
// a division that can happen without the whole problem's circuits.
#include "analyzer/ReportCrosscheck.h"

#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/BasicValueFactory.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/MemRegion.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SymbolManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <memory>

namespace cudalint {
namespace {

using namespace clang;
using namespace clang::ento;

constexpr uint64_t Largest = std::numeric_limits<uint64_t>::max();

class ReportCrosscheckTest : public ::testing::Test {
protected:
  // The symbols are the values of `size_t` globals, as a path reads them.
  SymbolRef valueOf(llvm::StringRef Name) {
    for (Decl *Global : Context.getTranslationUnitDecl()->decls())
      if (auto *Variable = dyn_cast<VarDecl>(Global); Variable && Variable->getName() == Name)
        return Symbols.acquire<SymbolRegionValue>(Regions.getVarRegion(Variable, nullptr));
    ADD_FAILURE() << "no global " << Name.str();
    return nullptr;
  }

  SymbolRef apply(SymbolRef Left, BinaryOperator::Opcode Op, SymbolRef Right) {
    return Symbols.acquire<SymSymExpr>(Left, Op, Right, Left->getType());
  }

  // The path allows `Constrained` only within [From, To].
  void allow(SymbolRef Constrained, uint64_t From, uint64_t To) {
    QualType Type = Constrained->getType();
    Constraints =
        Maps.add(Constraints, Constrained,
                 Ranges.getRangeSet(Values.getValue(From, Type), Values.getValue(To, Type)));
  }

  PathFeasibility crosscheck() { return crosscheckPath(Context, Constraints); }

  std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCode(
      "typedef unsigned long size_t; size_t count, width, threads; long offset, stride, limit;");
  ASTContext &Context = Unit->getASTContext();
  llvm::BumpPtrAllocator Memory;
  BasicValueFactory Values{Context, Memory};
  SymbolManager Symbols{Context, Values, Memory};
  MemRegionManager Regions{Context, Memory};
  RangeSet::Factory Ranges{Values};
  ConstraintMap::Factory Maps;
  ConstraintMap Constraints = Maps.getEmptyMap();
};

#if LLVM_WITH_Z3
TEST_F(ReportCrosscheckTest, APathThroughARemainderIsFeasibleWithoutItsCircuit) {
  allow(valueOf("width"), 1, Largest);
  allow(apply(valueOf("count"), BO_Rem, valueOf("width")), 0, 0);
  PathFeasibility Decided = crosscheck();
  EXPECT_TRUE(Decided.Feasible);
  EXPECT_TRUE(Decided.SolvedPinned);
  EXPECT_FALSE(Decided.SolvedWhole);
}

TEST_F(ReportCrosscheckTest, APathNoDivisionAllowsIsInfeasible) {
  // count == 1 and count / threads >= 65535 with threads >= 1: the pinned
  // guess fails, and the whole problem proves that no value fits.
  allow(valueOf("count"), 1, 1);
  allow(valueOf("threads"), 1, Largest);
  allow(apply(valueOf("count"), BO_Div, valueOf("threads")), 65535, Largest);
  PathFeasibility Decided = crosscheck();
  EXPECT_FALSE(Decided.Feasible);
  EXPECT_TRUE(Decided.SolvedWhole);
}

TEST_F(ReportCrosscheckTest, AGuessThatFailsFallsBackToTheWholeProblem) {
  // The constraints without the division leave `count` free, pinned to 1,
  // and 1 / threads == 3 has no solution: yet count == 3, threads == 1 has.
  allow(valueOf("threads"), 1, Largest);
  allow(apply(valueOf("count"), BO_Div, valueOf("threads")), 3, 3);
  PathFeasibility Decided = crosscheck();
  EXPECT_TRUE(Decided.Feasible);
  EXPECT_TRUE(Decided.SolvedPinned);
  EXPECT_TRUE(Decided.SolvedWhole);
}

TEST_F(ReportCrosscheckTest, ASymbolLeftFreeIsGuessedZeroToo) {
  // !(limit <= offset / stride), nothing else known: 1 > 1 / 1 fails, and
  // 0 > 0 / 0 holds, since a quotient by 0 is free (for Z3 on the whole
  // problem too).
  SymbolRef Quotient = apply(valueOf("offset"), BO_Div, valueOf("stride"));
  allow(Symbols.acquire<SymSymExpr>(valueOf("limit"), BO_LE, Quotient, Context.IntTy), 0, 0);
  PathFeasibility Decided = crosscheck();
  EXPECT_TRUE(Decided.Feasible);
  EXPECT_TRUE(Decided.SolvedPinned);
  EXPECT_FALSE(Decided.SolvedWhole);
}

TEST_F(ReportCrosscheckTest, ConstraintsWithoutTheDivisionCanRefuteAlone) {
  // 1 - width wraps around: it is 5 only for a width far above 20.
  allow(valueOf("count"), 1, 1);
  allow(valueOf("width"), 10, 20);
  allow(apply(valueOf("count"), BO_Sub, valueOf("width")), 5, 5);
  allow(apply(valueOf("threads"), BO_Rem, valueOf("width")), 0, 0);
  PathFeasibility Decided = crosscheck();
  EXPECT_FALSE(Decided.Feasible);
  EXPECT_TRUE(Decided.SolvedWithoutDivisions);
  EXPECT_FALSE(Decided.SolvedPinned);
  EXPECT_FALSE(Decided.SolvedWhole);
}

TEST_F(ReportCrosscheckTest, APathWithoutDivisionsIsSolvedWhole) {
  allow(valueOf("count"), 3, 3);
  allow(apply(valueOf("count"), BO_Add, valueOf("width")), 0, 0);
  PathFeasibility Decided = crosscheck();
  EXPECT_TRUE(Decided.Feasible); // width wraps around to -3
  EXPECT_FALSE(Decided.SolvedWithoutDivisions);
  EXPECT_TRUE(Decided.SolvedWhole);

  allow(valueOf("width"), 0, 10);
  EXPECT_FALSE(crosscheck().Feasible);
}
#else
TEST_F(ReportCrosscheckTest, WithoutZ3EveryPathIsFeasible) {
  allow(valueOf("count"), 1, 1);
  allow(apply(valueOf("count"), BO_Add, valueOf("width")), 0, 0);
  allow(valueOf("width"), 0, 10);
  EXPECT_TRUE(crosscheck().Feasible);
}
#endif

} // namespace
} // namespace cudalint
