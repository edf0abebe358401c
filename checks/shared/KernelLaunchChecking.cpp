// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/KernelLaunchChecking.h"

#include "CudaCheck.h"
#include "shared/FunctionMutations.h"
#include "shared/ProjectFunctions.h"
#include "shared/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

using namespace clang;

namespace cudalint {

namespace {

const FunctionDecl *definitionOf(const FunctionDecl *Function) {
  if (!Function)
    return nullptr;
  const FunctionDecl *Definition = nullptr;
  if (Function->hasBody(Definition) && !isRejected(*Definition))
    return Definition;
  return nullptr;
}

// The method a call reaches through virtual dispatch (`layer->forward()`,
// `invokeActivation()` in a base class), not one named with its class.
const CXXMethodDecl *virtualCallee(const CallExpr &Call) {
  const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call);
  const CXXMethodDecl *Method = Member ? Member->getMethodDecl() : nullptr;
  if (!Method || !Method->isVirtual())
    return nullptr;
  const auto *Callee = dyn_cast<MemberExpr>(Member->getCallee()->IgnoreParens());
  return Callee && !Callee->hasQualifier() ? Method : nullptr;
}

// The functions a call in a template's pattern may reach once instantiated,
// where it calls by a name that depends on the template's parameters
// (`print_abs_mean(buf, n)` with `buf` a `T*`): every function the name
// finds, and every specialisation the unit knows of every function template
// it finds, or the template itself where the unit knows none (its summary
// says what the specialisations another unit defines do). Empty for any
// other call.
llvm::SmallVector<const FunctionDecl *, 4> dependentCallees(const CallExpr &Call) {
  llvm::SmallVector<const FunctionDecl *, 4> Found;
  const auto *Name = dyn_cast<UnresolvedLookupExpr>(Call.getCallee()->IgnoreParenImpCasts());
  if (!Name)
    return Found;
  for (const NamedDecl *Declared : Name->decls()) {
    Declared = Declared->getUnderlyingDecl();
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(Declared)) {
      if (Template->specializations().empty())
        Found.push_back(Template->getTemplatedDecl());
      else
        llvm::append_range(Found, Template->specializations());
    } else if (const auto *Function = dyn_cast<FunctionDecl>(Declared)) {
      Found.push_back(Function);
    } else {
      return {};
    }
  }
  return Found;
}

std::string kernelName(const CUDAKernelCallExpr &Launch) {
  if (const FunctionDecl *Kernel = Launch.getDirectCallee())
    return Kernel->getNameAsString();
  return "kernel";
}

template <typename Visit> void forEachStmtElement(const CFG &Graph, Visit &&V) {
  for (const CFGBlock *Block : Graph)
    for (size_t I = 0; I < Block->size(); ++I)
      if (auto Element = (*Block)[I].getAs<CFGStmt>())
        V(*Block, I, Element->getStmt());
}

// Every call expression of the function's body and constructor initializers,
// default arguments included: all the calls its CFG can hold. Iterative, as
// real code nests expressions tens of thousands deep. `V` also learns whether
// the call is a statement of its own, its value thrown away without a cast.
template <typename Visit> void forEachCallIn(const FunctionDecl &Function, Visit &&V) {
  llvm::SmallVector<const Stmt *, 64> Work{Function.getBody()};
  if (const auto *Constructor = dyn_cast<CXXConstructorDecl>(&Function))
    for (const CXXCtorInitializer *Initializer : Constructor->inits())
      Work.push_back(Initializer->getInit());
  llvm::SmallPtrSet<const Stmt *, 8> Discarded;
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      V(*Call, Discarded.contains(Call));
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(S))
      Work.push_back(Default->getExpr());
    else if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(S))
      Work.push_back(Default->getExpr());
    // A `(void)` cast is a deliberate ignore, and not counted as discarded.
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Child : Block->body())
        if (const auto *Value = dyn_cast<Expr>(Child))
          Discarded.insert(Value->IgnoreImplicit()->IgnoreParens());
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
}

} // namespace

void forEachOverridden(const CXXMethodDecl *Method,
                       llvm::function_ref<void(const CXXMethodDecl *)> Visit) {
  for (const CXXMethodDecl *Base : Method->overridden_methods()) {
    Visit(Base->getCanonicalDecl());
    forEachOverridden(Base, Visit);
  }
}

void LaunchCheckingAnalysis::addFunction(const FunctionDecl &Function) {
  auto [Entry, New] = Added.insert({&Function, FunctionCalls{}});
  if (!New)
    return;
  FunctionCalls &Calls = Entry->second;
  forEachCallIn(Function, [&](const CallExpr &Call, bool Discarded) {
    Calls.Launches |= isa<CUDAKernelCallExpr>(Call);
    if (ErrorResets.contains(&Call) || (Discarded && Api.clearsLastError(Call.getDirectCallee())))
      ErrorResets.insert(&Call);
    else
      Calls.QueriesDirectly |= Api.isLastErrorQuery(Call.getDirectCallee());
    const FunctionDecl *Declared = Call.getDirectCallee();
    // A template's own body reads the error where every function its
    // dependent call may become does: a pattern nobody instantiates (a test
    // `main` never calls) is still analysed, as clang-tidy matches it.
    if (!Declared)
      for (const FunctionDecl *Candidate : dependentCallees(Call)) {
        if (const FunctionDecl *Callee = definitionOf(Candidate))
          Calls.Callees.push_back(Callee);
        Calls.QueriesDirectly |= Api.isLastErrorQuery(Candidate);
        Calls.MayQueryElsewhere.push_back(Candidate);
      }
    if (const CXXMethodDecl *Method = virtualCallee(Call)) {
      Calls.Virtual.push_back(Method->getCanonicalDecl());
      CalledVirtually.insert(Method->getCanonicalDecl());
    }
    if (const FunctionDecl *Callee = definitionOf(Declared)) {
      Calls.Callees.push_back(Callee);
    } else if (Declared) {
      NotDefined.insert(Declared->getCanonicalDecl());
      Calls.NotDefined.push_back(Declared->getCanonicalDecl());
      Calls.Launches |= isAssumedLauncher(Declared);
      Calls.Launches |= factElsewhere(Declared, LaunchFact::LeavesPending);
      Calls.MayQueryElsewhere.push_back(Declared);
    }
  });
}

namespace {

// Whether the block's noreturn call is the program's own end rather than a
// failure: `exit(0)`, `exit(EXIT_SUCCESS)`, or `exit(status)` with a status
// worked out at run time (cuda-samples' `exit(flag ? EXIT_SUCCESS :
// EXIT_FAILURE)` closing main). A launch error still pending there is lost
// as at a return.
bool endsTheProgram(const CFGBlock &Block, const ASTContext &Context) {
  for (const CFGElement &Element : llvm::reverse(Block)) {
    auto Statement = Element.getAs<CFGStmt>();
    const auto *Call = Statement ? dyn_cast<CallExpr>(Statement->getStmt()) : nullptr;
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !Callee->isNoReturn())
      continue;
    const IdentifierInfo *Name = Callee->getIdentifier();
    if (!Name || !llvm::is_contained({"exit", "_exit", "_Exit", "quick_exit"}, Name->getName()) ||
        Call->getNumArgs() != 1 || Call->getArg(0)->isValueDependent())
      return false;
    Expr::EvalResult Status;
    if (Call->getArg(0)->EvaluateAsInt(Status, Context))
      return Status.Val.getInt() == 0;
    return true;
  }
  return false;
}

// Whether the block ends its path without returning to the caller: a call of
// a noreturn function (`abort()`, `exit(1)`, a throwing `[[noreturn]]`
// helper) but the program's own end (endsTheProgram), a throw that leaves the
// function, or an assertion of false (`default: assert(false);`), which the
// programmer marked unreachable even where NDEBUG leaves it reachable. A
// caller's check after the call never runs on such a path, so it says
// nothing of whether the function launches.
bool blockEndsWithoutReturning(const CFGBlock &Block, const CFG &Graph, const ASTContext &Context) {
  if (Block.hasNoReturnElement())
    return !endsTheProgram(Block, Context);
  for (const CFGElement &Element : Block) {
    auto Statement = Element.getAs<CFGStmt>();
    if (!Statement)
      continue;
    const Stmt *S = Statement->getStmt();
    if (isa<CXXThrowExpr>(S))
      return llvm::all_of(Block.succs(),
                          [&](const CFGBlock *Next) { return !Next || Next == &Graph.getExit(); });
    if (isAssertionOfFalse(*S, Context.getSourceManager(), Context.getLangOpts()))
      return true;
  }
  return false;
}

// The body and the exit of the loop whose condition ends `Block`, if it is
// one (`for`, `while`, range `for`); nulls otherwise.
std::pair<const CFGBlock *, const CFGBlock *> loopOf(const CFGBlock &Block) {
  const Stmt *Loop = Block.getTerminatorStmt();
  if (!Loop || !isa<ForStmt, WhileStmt, CXXForRangeStmt>(Loop) || Block.succ_size() != 2)
    return {nullptr, nullptr};
  return {*Block.succ_begin(), *std::next(Block.succ_begin())};
}

// What a walk of the paths from a block makes of the block it reaches.
enum class PathStep { Stops, Fails, GoesOn };

// Whether every path from `From` reaches a block `Classify` says Stops at
// before it reaches the exit, one of `Ends`, or a block it Fails at.
template <typename ClassifyBlock>
bool everyPathStops(const CFG &Graph, const CFGBlock &From, llvm::ArrayRef<const CFGBlock *> Ends,
                    ClassifyBlock &&Classify) {
  std::deque<const CFGBlock *> Work{&From};
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen{&From};
  while (!Work.empty()) {
    const CFGBlock *Block = Work.front();
    Work.pop_front();
    if (Block == &Graph.getExit() || llvm::is_contained(Ends, Block))
      return false;
    PathStep Step = Classify(*Block);
    if (Step == PathStep::Fails)
      return false;
    if (Step == PathStep::Stops)
      continue;
    for (const CFGBlock *Next : Block->succs())
      if (Next && Seen.insert(Next).second)
        Work.push_back(Next);
  }
  return true;
}

} // namespace

// Asked of every block at every round of the solution: worked out once.
bool LaunchCheckingAnalysis::endsWithoutReturning(const FunctionFlow &Flow,
                                                  const CFGBlock &Block) const {
  std::vector<signed char> &Known = Flow.EndsWithoutReturning;
  if (Known.empty())
    Known.assign(Flow.Graph->getNumBlockIDs(), -1);
  signed char &Ends = Known[Block.getBlockID()];
  if (Ends < 0)
    Ends = blockEndsWithoutReturning(Block, *Flow.Graph, Flow.Function->getASTContext());
  return Ends;
}

bool LaunchCheckingAnalysis::launchesOnEveryPath(const FunctionDecl *Function) const {
  llvm::SmallPtrSet<const FunctionDecl *, 8> Visiting;
  return launchesOnEveryPath(Function, Visiting);
}

bool LaunchCheckingAnalysis::launchesOnEveryPathIf(
    const FunctionDecl *Function, const llvm::DenseSet<const FunctionDecl *> &Launchers) const {
  OnlyLaunchers = &Launchers;
  bool Every = launchesOnEveryPath(Function);
  OnlyLaunchers = nullptr;
  return Every;
}

// A launch, or a call of a function that launches on every path and leaves
// the error pending: not of a helper that launches only sometimes
// (`deviceMalloc(&p, n, /*randomInit=*/false)`).
bool LaunchCheckingAnalysis::alwaysLaunches(
    const Stmt *S, llvm::SmallPtrSetImpl<const FunctionDecl *> &Visiting) const {
  if (isa<CUDAKernelCallExpr>(S))
    return true;
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call || roleOf(Call) != ElementRole::Launch)
    return false;
  if (const FunctionDecl *Callee = definitionOf(Call->getDirectCallee()))
    return launchesOnEveryPath(Callee, Visiting);
  return true; // another unit's launcher: its summary says every path
}

bool LaunchCheckingAnalysis::launchesOnEveryPath(
    const FunctionDecl *Function, llvm::SmallPtrSetImpl<const FunctionDecl *> &Visiting) const {
  auto Flow = Flows.find(Function);
  if (Flow == Flows.end() || !Visiting.insert(Function).second)
    return false;
  const CFG &Graph = *Flow->second.Graph;
  bool Every = launchesBeforeReaching(Flow->second, Graph.getEntry(), {}, Visiting,
                                      /*LoopDepth=*/0);
  Visiting.erase(Function);
  return Every;
}

// Whether every path from `From` launches (or ends without returning) before
// it reaches the exit or one of `Ends`. A loop whose body launches on every
// pass counts as a launch: the path that skips it runs no iteration, and a
// loop over a model's layers or a batch's streams is not a launcher that
// launches only when asked (`if (randomInit)`).
bool LaunchCheckingAnalysis::launchesBeforeReaching(
    const FunctionFlow &Flow, const CFGBlock &From, llvm::ArrayRef<const CFGBlock *> Ends,
    llvm::SmallPtrSetImpl<const FunctionDecl *> &Visiting, unsigned LoopDepth) const {
  constexpr unsigned DeepestLoop = 4;
  return everyPathStops(*Flow.Graph, From, Ends, [&](const CFGBlock &Block) {
    for (size_t I = 0; I < Block.size(); ++I)
      if (auto Element = Block[I].getAs<CFGStmt>();
          Element && alwaysLaunches(Element->getStmt(), Visiting))
        return PathStep::Stops;
    if (endsWithoutReturning(Flow, Block))
      return PathStep::Stops;
    if (auto [Body, After] = loopOf(Block);
        Body && LoopDepth < DeepestLoop &&
        launchesBeforeReaching(Flow, *Body, {&Block, After}, Visiting, LoopDepth + 1))
      return PathStep::Stops;
    return PathStep::GoesOn;
  });
}

namespace {

// `nullptr`, `NULL`, `0`, `(int *)nullptr`.
bool isNullConstant(const Expr &Value, ASTContext &Context) {
  return !Value.isValueDependent() &&
         Value.IgnoreParenCasts()->isNullPointerConstant(
             Context, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
}

// Which successor of a two-way branch on `Condition` a path takes when
// `Parameter` is null (0 the true one, 1 the false one), where the condition
// is a plain null test of it: `p == nullptr`, `!p`, `p`, `NULL != p`.
std::optional<unsigned> branchWhenNull(const Expr *Condition, const ParmVarDecl &Parameter,
                                       ASTContext &Context) {
  if (!Condition)
    return std::nullopt;
  const Expr *Test = Condition->IgnoreParenImpCasts();
  bool Negated = false;
  while (const auto *Not = dyn_cast<UnaryOperator>(Test)) {
    if (Not->getOpcode() != UO_LNot)
      break;
    Negated = !Negated;
    Test = Not->getSubExpr()->IgnoreParenImpCasts();
  }
  auto IsParameter = [&](const Expr *Operand) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Operand->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == &Parameter;
  };
  auto IsNull = [&](const Expr *Operand) { return isNullConstant(*Operand, Context); };
  bool TrueWhenNull;
  if (IsParameter(Test))
    TrueWhenNull = false;
  else if (const auto *Compare = dyn_cast<BinaryOperator>(Test);
           Compare && Compare->isEqualityOp() &&
           ((IsParameter(Compare->getLHS()) && IsNull(Compare->getRHS())) ||
            (IsParameter(Compare->getRHS()) && IsNull(Compare->getLHS()))))
    TrueWhenNull = Compare->getOpcode() == BO_EQ;
  else
    return std::nullopt;
  return TrueWhenNull != Negated ? 0u : 1u;
}

} // namespace

bool LaunchCheckingAnalysis::mayLaunchAt(const Stmt *S) const {
  if (isa<CUDAKernelCallExpr>(S))
    return true;
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return false;
  if (virtualCallee(*Call))
    return true;
  const FunctionDecl *Declared = Call->getDirectCallee();
  if (const FunctionDecl *Callee = definitionOf(Declared))
    return MayLaunch.contains(Callee);
  if (isAssumedLauncher(Declared))
    return true;
  return factElsewhere(Declared, LaunchFact::LeavesPending) ||
         factElsewhere(Declared, LaunchFact::MayLeavePending);
}

LaunchStops LaunchCheckingAnalysis::parametersThatStopLaunches(const FunctionDecl *Function) const {
  LaunchStops Stops;
  auto Flow = Flows.find(Function);
  if (Flow == Flows.end() || !MayLaunch.contains(Function))
    return Stops;
  const CFG &Graph = *Flow->second.Graph;
  ASTContext &Context = Function->getASTContext();
  std::optional<FunctionMutations> Mutations;
  llvm::SetVector<const FunctionDecl *> Unless;
  for (unsigned Index = 0; Index < Function->getNumParams(); ++Index) {
    const ParmVarDecl &Parameter = *Function->getParamDecl(Index);
    if (!Parameter.getType()->isPointerType())
      continue;
    // Every path from the entry, taking at each null test of the parameter
    // the branch a null value takes, ends without a launch.
    std::deque<const CFGBlock *> Work{&Graph.getEntry()};
    llvm::SmallPtrSet<const CFGBlock *, 16> Seen{&Graph.getEntry()};
    llvm::SetVector<const FunctionDecl *> Called;
    bool Tested = false, Launches = false;
    while (!Work.empty() && !Launches) {
      const CFGBlock *Block = Work.front();
      Work.pop_front();
      for (const CFGElement &Element : *Block) {
        auto Statement = Element.getAs<CFGStmt>();
        if (!Statement)
          continue;
        Launches |= mayLaunchAt(Statement->getStmt());
        const auto *Call = dyn_cast<CallExpr>(Statement->getStmt());
        const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
        if (!Callee)
          continue;
        if (const FunctionDecl *Definition = definitionOf(Callee))
          Called.insert_range(calleesNotDefinedReachedFrom(Definition));
        else
          Called.insert(Callee->getCanonicalDecl());
      }
      std::optional<unsigned> Taken;
      if (Block->succ_size() == 2)
        Taken = branchWhenNull(dyn_cast_or_null<Expr>(Block->getTerminatorCondition()), Parameter,
                               Context);
      Tested |= Taken.has_value();
      unsigned Successor = 0;
      for (const CFGBlock *Next : Block->succs()) {
        if (Next && (!Taken || *Taken == Successor) && Seen.insert(Next).second)
          Work.push_back(Next);
        ++Successor;
      }
    }
    if (!Tested || Launches)
      continue;
    if (!Mutations)
      Mutations.emplace(*Function->getBody(), *Function, Context);
    if (Mutations->isMutated(&Parameter))
      continue;
    Stops.Parameters.push_back(Index);
    Unless.insert_range(Called);
  }
  Stops.Unless.assign(Unless.begin(), Unless.end());
  return Stops;
}

bool passesNullToAny(const CallExpr &Call, llvm::ArrayRef<unsigned> Parameters) {
  if (Parameters.empty())
    return false;
  return llvm::any_of(nullParameters(Call),
                      [&](unsigned Index) { return llvm::is_contained(Parameters, Index); });
}

std::vector<unsigned> nullParameters(const CallExpr &Call) {
  std::vector<unsigned> Null;
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee)
    return Null;
  unsigned First = firstArgumentOfParameters(Call);
  for (unsigned Argument = First; Argument < Call.getNumArgs(); ++Argument) {
    const Expr *Value = Call.getArg(Argument);
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Value))
      Value = Default->getExpr();
    if (Value->getType()->isPointerType() && isNullConstant(*Value, Callee->getASTContext()))
      Null.push_back(Argument - First);
  }
  return Null;
}

// The calls of the added functions among `From` and of those they call in
// the unit, however deep, each function's once.
void LaunchCheckingAnalysis::forEachReachedCalls(
    llvm::ArrayRef<const FunctionDecl *> From,
    llvm::function_ref<void(const FunctionCalls &)> Visit) const {
  llvm::SmallPtrSet<const FunctionDecl *, 16> Visited(llvm::from_range, From);
  llvm::SmallVector<const FunctionDecl *, 16> Work(From);
  while (!Work.empty()) {
    auto Calls = Added.find(Work.pop_back_val());
    if (Calls == Added.end())
      continue;
    Visit(Calls->second);
    for (const FunctionDecl *Callee : Calls->second.Callees)
      if (Visited.insert(Callee).second)
        Work.push_back(Callee);
  }
}

std::vector<const FunctionDecl *>
LaunchCheckingAnalysis::calleesNotDefinedReachedFrom(const FunctionDecl *Function) const {
  llvm::SetVector<const FunctionDecl *> Reached;
  forEachReachedCalls(Function,
                      [&](const FunctionCalls &Calls) { Reached.insert_range(Calls.NotDefined); });
  return {Reached.begin(), Reached.end()};
}

bool LaunchCheckingAnalysis::factElsewhere(const FunctionDecl *Callee, LaunchFact Fact) const {
  const ProjectFunctions *Project = Api.project();
  return Project && !definitionOf(Callee) && Project->launchFact(Callee, Fact);
}

bool LaunchCheckingAnalysis::fact(const FunctionDecl *Function, LaunchFact Fact) const {
  const ProjectFunctions *Project = Api.project();
  return Project && Project->launchFact(Function, Fact);
}

// A CFG for each function that may launch (a kernel, or a call that may) or
// may query the last error, in the order the functions were added. No other
// function can change a finding: its CFG's calls are among its walk's.
void LaunchCheckingAnalysis::buildFlows() {
  // A virtual call may run any override the unit defines: they are its
  // callees, and the call is one of their call sites.
  for (const auto &[Function, Calls] : Added)
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->isVirtual())
      forEachOverridden(Method, [&, Function = Function](const CXXMethodDecl *Base) {
        OverridesOf[Base].push_back(Function);
      });
  for (auto &[Function, Calls] : Added)
    for (const CXXMethodDecl *Method : Calls.Virtual)
      for (const FunctionDecl *Override : OverridesOf.lookup(Method))
        Calls.Callees.push_back(Override);
  ReadersMatter |= llvm::any_of(Added, [](const auto &Entry) { return Entry.second.Launches; });
  if (ReadersMatter)
    for (auto &[Function, Calls] : Added)
      for (const FunctionDecl *Callee : Calls.MayQueryElsewhere)
        Calls.QueriesDirectly |= factElsewhere(Callee, LaunchFact::Queries);
  llvm::DenseSet<const FunctionDecl *> MayQuery;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const auto &[Function, Calls] : Added) {
      auto Reaches = [&](const llvm::DenseSet<const FunctionDecl *> &Set) {
        return llvm::any_of(Calls.Callees,
                            [&](const FunctionDecl *Callee) { return Set.contains(Callee); });
      };
      if (!MayLaunch.contains(Function) && (Calls.Launches || Reaches(MayLaunch)))
        Changed |= MayLaunch.insert(Function).second;
      if (!MayQuery.contains(Function) && (Calls.QueriesDirectly || Reaches(MayQuery)))
        Changed |= MayQuery.insert(Function).second;
    }
  }
  for (const auto &[Function, Calls] : Added) {
    if (!MayLaunch.contains(Function) && !MayQuery.contains(Function))
      continue;
    // Every sub-expression becomes its own CFG element, in evaluation order,
    // so a launch and the query after it in one statement keep their order;
    // a constructor's initializers come before its body, as they run.
    CFG::BuildOptions Options;
    Options.setAllAlwaysAdd();
    Options.AddInitializers = true;
    std::unique_ptr<CFG> Graph =
        CFG::buildCFG(Function, Function->getBody(), &Function->getASTContext(), Options);
    if (!Graph)
      continue;
    forEachStmtElement(*Graph, [&](const CFGBlock &, size_t, const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      if (!Call)
        return;
      if (const FunctionDecl *Callee = definitionOf(Call->getDirectCallee()))
        CallSites[Callee].push_back({Function, Call});
      if (const CXXMethodDecl *Method = virtualCallee(*Call))
        for (const FunctionDecl *Override : OverridesOf.lookup(Method->getCanonicalDecl()))
          if (Override != definitionOf(Call->getDirectCallee()))
            CallSites[Override].push_back({Function, Call});
    });
    Flows.insert({Function, FunctionFlow{Function, std::move(Graph), {}}});
  }
}

bool LaunchCheckingAnalysis::isQueryingFunction(const FunctionDecl *Callee) const {
  if (!Callee)
    return false;
  if (Api.isLastErrorQuery(Callee))
    return true;
  if (ReadersMatter && factElsewhere(Callee, LaunchFact::Queries))
    return true;
  auto It = Querying.find(definitionOf(Callee));
  return It != Querying.end() && It->second;
}

// A helper that calls cudaGetLastError somewhere (`checkLaunch(__FILE__)`) is
// a check, however deep the call chain inside the unit.
void LaunchCheckingAnalysis::computeQueryingFunctions() {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto &[Function, Flow] : Flows) {
      if (Querying.lookup(Function))
        continue;
      bool Queries = false;
      forEachStmtElement(*Flow.Graph, [&](const CFGBlock &, size_t, const Stmt *S) {
        Queries |= roleOf(S) == ElementRole::Query;
      });
      if (Queries) {
        Querying[Function] = true;
        Changed = true;
      }
    }
  }
}

LaunchCheckingAnalysis::ElementRole LaunchCheckingAnalysis::roleOf(const Stmt *S) const {
  if (isa<CUDAKernelCallExpr>(S))
    return ElementRole::Launch;
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return ElementRole::Other;
  if (ErrorResets.contains(Call))
    return ElementRole::Reset;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (isQueryingFunction(Callee))
    return ElementRole::Query;
  if (!Callee)
    if (llvm::SmallVector<const FunctionDecl *, 4> Candidates = dependentCallees(*Call);
        !Candidates.empty() &&
        llvm::all_of(Candidates, [&](const FunctionDecl *C) { return isQueryingFunction(C); }))
      return ElementRole::Query;
  if (LeavesUnchecked.lookup(definitionOf(Callee)) || isAssumedLauncher(Callee))
    return ElementRole::Launch;
  if (factElsewhere(Callee, LaunchFact::LeavesPending))
    return ElementRole::Launch;
  return ElementRole::Other;
}

// The first query or error reset of the block from element `From` on, if any:
// what becomes of a launch error pending when the block reaches `From`.
LaunchCheckingAnalysis::Verdict LaunchCheckingAnalysis::firstVerdict(const CFGBlock &Block,
                                                                     size_t From) const {
  for (size_t I = From; I < Block.size(); ++I)
    if (auto Element = Block[I].getAs<CFGStmt>())
      if (ElementRole Role = roleOf(Element->getStmt());
          Role == ElementRole::Query || Role == ElementRole::Reset)
        return {Role, Element->getStmt()};
  return {};
}

// Whether every pass of the loop whose head is `Head` reads the launch error
// (a query before any reset) before it comes back to the head or leaves the
// loop: a model's loop over layers whose each forward() checks.
bool LaunchCheckingAnalysis::everyPassQueries(const FunctionFlow &Flow,
                                              const CFGBlock &Head) const {
  auto [Body, After] = loopOf(Head);
  return Body && everyPathStops(*Flow.Graph, *Body, {&Head, After}, [&](const CFGBlock &Block) {
           ElementRole Verdict = firstVerdict(Block, 0).Role;
           if (Verdict == ElementRole::Reset)
             return PathStep::Fails;
           return Verdict == ElementRole::Query || endsWithoutReturning(Flow, Block)
                      ? PathStep::Stops
                      : PathStep::GoesOn;
         });
}

// Least fixed point of: a block loses a pending launch error when its first
// verdict is a reset, or it has none and it is the exit or one of its
// successors loses it. The path that skips a loop whose every pass reads the
// error is not taken: the loop over a model's layers runs.
bool LaunchCheckingAnalysis::solveReachability(FunctionFlow &Flow) {
  const CFG &Graph = *Flow.Graph;
  // Queries and resets are settled before the rounds begin (only launches
  // grow), so the loops whose every pass reads the error are found once.
  std::vector<const CFGBlock *> &SkippedExit = Flow.SkippedLoopExits;
  if (SkippedExit.empty()) {
    SkippedExit.assign(Graph.getNumBlockIDs(), nullptr);
    for (const CFGBlock *Block : Graph)
      if (everyPassQueries(Flow, *Block))
        SkippedExit[Block->getBlockID()] = loopOf(*Block).second;
  }
  std::vector<bool> HasQuery(Graph.getNumBlockIDs(), false);
  std::vector<bool> Reaches(Graph.getNumBlockIDs(), false);
  for (const CFGBlock *Block : Graph) {
    ElementRole Verdict = firstVerdict(*Block, 0).Role;
    // A path that exits the program or throws out of the function does not
    // go on as if the launch had run: it stops the error from being lost as
    // a query would (a check macro's `exit(1)` branch before the real check).
    HasQuery[Block->getBlockID()] =
        Verdict == ElementRole::Query ||
        (Verdict == ElementRole::Other && endsWithoutReturning(Flow, *Block));
    Reaches[Block->getBlockID()] = Verdict == ElementRole::Reset;
  }
  Reaches[Graph.getExit().getBlockID()] = true;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const CFGBlock *Block : Graph) {
      unsigned Id = Block->getBlockID();
      if (Reaches[Id] || HasQuery[Id])
        continue;
      for (const CFGBlock *Next : Block->succs())
        if (Next && Next != SkippedExit[Id] && Reaches[Next->getBlockID()]) {
          Reaches[Id] = true;
          Changed = true;
          break;
        }
    }
  }
  bool Different = Flow.ReachesExitUnchecked != Reaches;
  Flow.ReachesExitUnchecked = std::move(Reaches);
  return Different;
}

bool LaunchCheckingAnalysis::uncheckedAfter(const FunctionFlow &Flow, const CFGBlock &Block,
                                            size_t Index) const {
  if (ElementRole Verdict = firstVerdict(Block, Index + 1).Role; Verdict != ElementRole::Other)
    return Verdict == ElementRole::Reset;
  if (endsWithoutReturning(Flow, Block))
    return false;
  for (const CFGBlock *Next : Block.succs())
    if (Next && Flow.ReachesExitUnchecked[Next->getBlockID()])
      return true;
  return false;
}

bool LaunchCheckingAnalysis::leavesLaunchUnchecked(const FunctionFlow &Flow) const {
  bool Leaves = false;
  forEachStmtElement(*Flow.Graph, [&](const CFGBlock &Block, size_t I, const Stmt *S) {
    if (!Leaves && roleOf(S) == ElementRole::Launch)
      Leaves = uncheckedAfter(Flow, Block, I);
  });
  return Leaves;
}

// Every call of it that runs calls this unit's definition: it has internal
// linkage, or it is inline and each unit that calls it has its own.
static bool isUnitLocal(const FunctionDecl &Function) {
  return !Function.isMain() && (Function.isInlined() || !Function.isExternallyVisible());
}

// Such a function the unit never uses (calls or takes the address of): a
// header's inline overload that the files calling it judge with their own
// copy, a static function nobody calls. Code that does not run here loses
// no error here.
static bool isDeadHere(const FunctionDecl &Function) {
  return isUnitLocal(Function) && !Function.isUsed() && !Function.isReferenced();
}

// The functions at the top of the unit's chains of callers of `Function`
// that leave its pending error unread after the call: those no function of
// the unit calls (`Function` itself, when none does). An unchecked launch in
// `Function` is lost in this unit if it is lost in any of them. Functions
// dead here are neither callers nor tops.
void LaunchCheckingAnalysis::topsOfUncheckedChains(
    const FunctionDecl *Function, llvm::SmallPtrSetImpl<const FunctionDecl *> &Visiting,
    FunctionSet &Tops, FunctionSet *NonReaders) {
  if (isDeadHere(*Function))
    return;
  auto Sites = CallSites.find(Function);
  if (Sites == CallSites.end() || Sites->second.empty()) {
    Tops.insert(Function);
    return;
  }
  // Called only from dead code: dead too, unless other units can call it.
  if (llvm::all_of(Sites->second, [](const auto &Site) { return isDeadHere(*Site.first); })) {
    if (!isUnitLocal(*Function))
      Tops.insert(Function);
    return;
  }
  if (!Visiting.insert(Function).second)
    return;
  // A copy: the calls below for the callers may grow the map.
  auto [Known, New] = StoppingParameters.try_emplace(Function);
  if (New)
    Known->second = parametersThatStopLaunches(Function).Parameters;
  std::vector<unsigned> Stopping = Known->second;
  for (const auto &[Caller, Call] : Sites->second) {
    auto Flow = Flows.find(Caller);
    if (Flow == Flows.end() || passesNullToAny(*Call, Stopping))
      continue;
    bool CallUnchecked = false;
    forEachStmtElement(*Flow->second.Graph, [&](const CFGBlock &Block, size_t I, const Stmt *S) {
      if (S != Call || !uncheckedAfter(Flow->second, Block, I))
        return;
      CallUnchecked = true;
      if (NonReaders)
        gatherCalledAfter(Flow->second, Block, I, *NonReaders);
    });
    if (CallUnchecked)
      topsOfUncheckedChains(Caller, Visiting, Tops, NonReaders);
  }
}

// Whether a launch error left pending at the return of `Top`, which no
// function of the unit calls, is lost: nobody can be seen to call it, or, by
// the summary pass, its callers elsewhere may not read it either.
bool LaunchCheckingAnalysis::lostAtTop(const FunctionDecl *Top) const {
  // Called in other units: a launcher's callers there, told by its summary
  // that it leaves the error to them, read it or are reported themselves.
  // One that launches on some paths only (FasterTransformer's
  // invokeMaskedSoftmax, whose last branch only asserts) loses nothing if
  // they all read it after their calls. A summary made before the other
  // units' were known may say neither (it calls a launcher of a third
  // unit): then the error is lost here, for all anyone knows.
  // mergeSummaries decides the same of the functions through which a unit's
  // calls leave the error.
  if (fact(Top, LaunchFact::CalledElsewhere))
    return !fact(Top, LaunchFact::LeavesPending) &&
           (!fact(Top, LaunchFact::MayLeavePending) || fact(Top, LaunchFact::CalledUnchecked));
  // An instance nobody calls of a template whose other instances are
  // called (`invokeKernel<half>`, instantiated for completeness beside the
  // `<float>` every model calls) is code that never runs: the template is
  // judged where its instances are called.
  return !((fact(Top, LaunchFact::LeavesPending) || fact(Top, LaunchFact::MayLeavePending)) &&
           isCalledTemplate(Top->getTemplateInstantiationPattern(), Top));
}

// Whether an unchecked launch inside `Function` stays unchecked for good;
// `NonReaders` gains the functions of other units the callers on the way
// call after their calls.
bool LaunchCheckingAnalysis::escapesUnchecked(const FunctionDecl *Function,
                                              FunctionSet &NonReaders) {
  llvm::SmallPtrSet<const FunctionDecl *, 8> Visiting;
  FunctionSet Tops;
  topsOfUncheckedChains(Function, Visiting, Tops, &NonReaders);
  return llvm::any_of(Tops, [&](const FunctionDecl *Top) { return lostAtTop(Top); });
}

// Every element the path may reach after the call, in its block and the
// blocks after (the call's own block again, round a loop), and the unit's
// functions those call, however deep: where a read of the error could be
// found. Only reads end such paths (a read outranks a launch, and resets do
// not come from other units), so a finding whose non-readers all stay so
// stays.
void LaunchCheckingAnalysis::gatherCalledAfter(const FunctionFlow &Flow, const CFGBlock &Block,
                                               size_t Index, FunctionSet &NotDefinedHere) const {
  llvm::SmallVector<const FunctionDecl *, 16> Called;
  auto MeetCallsIn = [&](const CFGBlock &Walked, size_t From) {
    for (size_t I = From; I < Walked.size(); ++I) {
      auto Element = Walked[I].getAs<CFGStmt>();
      const auto *Call = Element ? dyn_cast<CallExpr>(Element->getStmt()) : nullptr;
      if (!Call)
        continue;
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        Called.push_back(Callee);
      else
        llvm::append_range(Called, dependentCallees(*Call));
      if (const CXXMethodDecl *Method = virtualCallee(*Call))
        llvm::append_range(Called, OverridesOf.lookup(Method->getCanonicalDecl()));
    }
  };
  MeetCallsIn(Block, Index + 1);
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen;
  llvm::SmallVector<const CFGBlock *, 16> Blocks;
  auto Follow = [&](const CFGBlock &From) {
    for (const CFGBlock *Next : From.succs())
      if (Next && Seen.insert(Next).second)
        Blocks.push_back(Next);
  };
  Follow(Block);
  while (!Blocks.empty()) {
    const CFGBlock *Next = Blocks.pop_back_val();
    MeetCallsIn(*Next, 0);
    Follow(*Next);
  }
  gatherNotDefined(Called, NotDefinedHere);
}

// `Called`, and what the unit's functions among them call however deep: the
// functions the unit does not define (canonical), a dependent call's
// candidates among them, whose reads make the call one.
void LaunchCheckingAnalysis::gatherNotDefined(llvm::ArrayRef<const FunctionDecl *> Called,
                                              FunctionSet &NotDefinedHere) const {
  llvm::SmallVector<const FunctionDecl *, 16> Definitions;
  auto Meet = [&](const FunctionDecl *Callee) {
    if (const FunctionDecl *Definition = definitionOf(Callee))
      Definitions.push_back(Definition);
    else if (Callee)
      NotDefinedHere.insert(Callee->getCanonicalDecl());
  };
  llvm::for_each(Called, Meet);
  // A defined candidate is among the callees, walked there.
  forEachReachedCalls(Definitions, [&](const FunctionCalls &Calls) {
    for (const FunctionDecl *Callee : Calls.MayQueryElsewhere)
      if (!definitionOf(Callee))
        NotDefinedHere.insert(Callee->getCanonicalDecl());
  });
}

// Of those, the ones the summaries answered do not read the error: the
// answers that, turned, could remove the finding. Only where readers matter
// were they asked at all.
std::vector<std::string>
LaunchCheckingAnalysis::nonReaders(const FunctionSet &NotDefinedHere) const {
  const ProjectFunctions *Project = Api.project();
  if (!Project || !ReadersMatter)
    return {};
  return Project->nonReaders(NotDefinedHere.getArrayRef());
}

std::vector<std::string> LaunchCheckingAnalysis::nonReadersAfter(const CallExpr &Call) const {
  FunctionSet NotDefinedHere;
  auto Places = CallPlaces.find(Call.getBeginLoc().getRawEncoding());
  if (Places != CallPlaces.end()) {
    for (const CallPlace &Place : Places->second)
      gatherCalledAfter(*Place.Flow, *Place.Block, Place.Index, NotDefinedHere);
    return nonReaders(NotDefinedHere);
  }
  // A call in a function with no flow, which reads the error nowhere the
  // unit knows of: any function of another unit it calls, found to read,
  // would give it one. Each function whose body holds the call (a
  // template's instances, a lambda and the function around it).
  llvm::SmallVector<const FunctionDecl *, 4> Enclosing;
  for (const auto &[Function, Calls] : Added) {
    const SourceManager &SM = Function->getASTContext().getSourceManager();
    SourceLocation At = SM.getExpansionLoc(Call.getBeginLoc());
    SourceRange Body = Function->getBody()->getSourceRange();
    if (!SM.isBeforeInTranslationUnit(At, SM.getExpansionLoc(Body.getBegin())) &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Body.getEnd()), At))
      Enclosing.push_back(Function);
  }
  gatherNotDefined(Enclosing, NotDefinedHere);
  return nonReaders(NotDefinedHere);
}

// Whether a function of the unit other than `Except` instantiated from
// `Pattern` is called, in this unit or, by its summary, in another.
bool LaunchCheckingAnalysis::isCalledTemplate(const FunctionDecl *Pattern,
                                              const FunctionDecl *Except) const {
  if (!Pattern)
    return false;
  return llvm::any_of(Added, [&](const auto &Entry) {
    const FunctionDecl *Instance = Entry.first;
    if (Instance == Except || Instance->getTemplateInstantiationPattern() != Pattern)
      return false;
    if (auto Sites = CallSites.find(Instance); Sites != CallSites.end() && !Sites->second.empty())
      return true;
    return fact(Instance, LaunchFact::CalledElsewhere);
  });
}

// The error reset that is the block's first verdict from element `From` on.
const Stmt *LaunchCheckingAnalysis::resetIn(const CFGBlock &Block, size_t From) const {
  Verdict First = firstVerdict(Block, From);
  return First.Role == ElementRole::Reset ? First.At : nullptr;
}

std::pair<SourceLocation, std::string> LaunchCheckingAnalysis::exitNote(const FunctionFlow &Flow,
                                                                        const CFGBlock &Start,
                                                                        size_t Index) const {
  constexpr llvm::StringLiteral ResetNote =
      "cudaGetLastError() here resets the launch's error without reading it";
  if (const Stmt *Reset = resetIn(Start, Index + 1))
    return {Reset->getBeginLoc(), ResetNote.str()};
  // Breadth-first along the unchecked blocks to the first that loses the
  // error: a reset in it, its return statement, or the closing brace.
  const CFGBlock &Exit = Flow.Graph->getExit();
  std::deque<const CFGBlock *> Work{&Start};
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen{&Start};
  while (!Work.empty()) {
    const CFGBlock *Block = Work.front();
    Work.pop_front();
    for (const CFGBlock *Next : Block->succs()) {
      if (!Next)
        continue;
      if (Next == &Exit) {
        for (auto It = Block->rbegin(); It != Block->rend(); ++It)
          if (auto Element = It->getAs<CFGStmt>())
            if (isa<ReturnStmt>(Element->getStmt()))
              return {Element->getStmt()->getBeginLoc(),
                      "the function returns here without checking the launch"};
        return {Flow.Function->getBody()->getEndLoc(),
                "the function ends here without checking the launch"};
      }
      if (const Stmt *Reset = resetIn(*Next, 0))
        return {Reset->getBeginLoc(), ResetNote.str()};
      if (Flow.ReachesExitUnchecked[Next->getBlockID()] && Seen.insert(Next).second)
        Work.push_back(Next);
    }
  }
  return {Flow.Function->getBody()->getEndLoc(),
          "the function ends here without checking the launch"};
}

void LaunchCheckingAnalysis::solve() {
  if (Solved)
    return;
  Solved = true;
  buildFlows();
  computeQueryingFunctions();
  // Launches through helpers make callers launch sites too; iterate until the
  // set of helpers that leave a launch unchecked stops growing.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto &[Function, Flow] : Flows)
      solveReachability(Flow);
    for (auto &[Function, Flow] : Flows) {
      if (LeavesUnchecked.lookup(Function) || !leavesLaunchUnchecked(Flow))
        continue;
      LeavesUnchecked[Function] = true;
      Changed = true;
    }
  }
}

bool LaunchCheckingAnalysis::queriedAfter(const CallExpr &Call, const ValueDecl *Written) {
  solve();
  // A call in a template is found through its instances' calls, which have
  // the same location: it is read where every instance reads it.
  if (CallPlaces.empty())
    for (const auto &[Function, Flow] : Flows)
      forEachStmtElement(*Flow.Graph, [&](const CFGBlock &Block, size_t I, const Stmt *S) {
        if (isa<CallExpr>(S))
          CallPlaces[S->getBeginLoc().getRawEncoding()].push_back({&Flow, &Block, I});
      });
  auto Places = CallPlaces.find(Call.getBeginLoc().getRawEncoding());
  return Places != CallPlaces.end() && llvm::all_of(Places->second, [&](const CallPlace &Place) {
           return Written ? queriedBeforeUse(*Place.Flow, *Place.Block, Place.Index, *Written)
                          : !uncheckedAfter(*Place.Flow, *Place.Block, Place.Index);
         });
}

static bool mentions(const Stmt *S, const ValueDecl &Declaration) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == &Declaration)
    return true;
  if (const auto *Member = dyn_cast<MemberExpr>(S);
      Member && Member->getMemberDecl() == &Declaration)
    return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *Child) { return mentions(Child, Declaration); });
}

bool LaunchCheckingAnalysis::queriedBeforeUse(const FunctionFlow &Flow, const CFGBlock &Block,
                                              size_t Index, const ValueDecl &Written) const {
  auto StepFrom = [&](const CFGBlock &Reached, size_t From) {
    for (size_t I = From; I < Reached.size(); ++I)
      if (auto Element = Reached[I].getAs<CFGStmt>()) {
        if (mentions(Element->getStmt(), Written))
          return PathStep::Fails;
        ElementRole Role = roleOf(Element->getStmt());
        if (Role == ElementRole::Query)
          return PathStep::Stops;
        if (Role == ElementRole::Reset)
          return PathStep::Fails;
      }
    return endsWithoutReturning(Flow, Reached) ? PathStep::Stops : PathStep::GoesOn;
  };
  if (PathStep Step = StepFrom(Block, Index + 1); Step != PathStep::GoesOn)
    return Step == PathStep::Stops;
  return llvm::all_of(Block.succs(), [&](const CFGBlock *Next) {
    return !Next || everyPathStops(*Flow.Graph, *Next, {},
                                   [&](const CFGBlock &Reached) { return StepFrom(Reached, 0); });
  });
}

std::vector<UncheckedLaunch> LaunchCheckingAnalysis::uncheckedLaunches() {
  solve();
  std::vector<UncheckedLaunch> Unchecked;
  for (auto &[Function, Flow] : Flows) {
    // A template's pattern is added for the queries in it; its launches are
    // judged in its instances, where they run.
    if (!LeavesUnchecked.lookup(Function) || Function->isDependentContext())
      continue;
    FunctionSet CalledByCallers;
    if (!escapesUnchecked(Function, CalledByCallers))
      continue;
    forEachStmtElement(*Flow.Graph, [&](const CFGBlock &Block, size_t I, const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      if (!Call || roleOf(Call) != ElementRole::Launch || !uncheckedAfter(Flow, Block, I))
        return;
      auto NonReadersAfter = [&] {
        FunctionSet NotDefinedHere = CalledByCallers;
        gatherCalledAfter(Flow, Block, I, NotDefinedHere);
        return nonReaders(NotDefinedHere);
      };
      if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(Call)) {
        Unchecked.push_back(
            {Launch, kernelName(*Launch), nullptr, {exitNote(Flow, Block, I)}, NonReadersAfter()});
        return;
      }
      // A helper of this unit is reported at its own launch; one of another
      // unit, whose launch this unit cannot point at, at the call.
      if (factElsewhere(Call->getDirectCallee(), LaunchFact::LeavesPending))
        Unchecked.push_back(
            {Call, "", Call->getDirectCallee(), {exitNote(Flow, Block, I)}, NonReadersAfter()});
    });
  }
  return Unchecked;
}

std::vector<UnreadLauncherCalls> LaunchCheckingAnalysis::assumedLaunchersLeftUnread() {
  solve();
  llvm::MapVector<const FunctionDecl *, UnreadLauncherCalls> Unread;
  llvm::DenseMap<const FunctionDecl *, llvm::SetVector<const FunctionDecl *>> TopsOf;
  for (auto &[Function, Flow] : Flows)
    forEachStmtElement(*Flow.Graph, [&](const CFGBlock &Block, size_t I, const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      if (!isAssumedLauncher(Callee) || roleOf(Call) != ElementRole::Launch ||
          !uncheckedAfter(Flow, Block, I))
        return;
      auto [Found, First] = TopsOf.try_emplace(Function);
      if (First) {
        llvm::SmallPtrSet<const FunctionDecl *, 8> Visiting;
        topsOfUncheckedChains(Function, Visiting, Found->second);
      }
      const llvm::SetVector<const FunctionDecl *> &Tops = Found->second;
      if (Tops.empty())
        return;
      std::vector<unsigned> Null = nullParameters(*Call);
      auto [Known, New] = Unread.try_emplace(Callee->getCanonicalDecl());
      UnreadLauncherCalls &Calls = Known->second;
      if (New) {
        Calls.Callee = Callee->getCanonicalDecl();
        Calls.NullEverywhere = std::move(Null);
      } else {
        // Null at a position for every such call: the callee's summary
        // tells whether that stops its launches.
        llvm::erase_if(Calls.NullEverywhere,
                       [&](unsigned Index) { return !llvm::is_contained(Null, Index); });
      }
      for (const FunctionDecl *Top : Tops)
        if (!llvm::is_contained(Calls.Tops, Top))
          Calls.Tops.push_back(Top);
    });
  auto Taken = Unread.takeVector();
  std::vector<UnreadLauncherCalls> Result;
  for (auto &Entry : Taken)
    Result.push_back(std::move(Entry.second));
  return Result;
}

} // namespace cudalint
