// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "AnalysisScope.h"

#include "CudaCheck.h"
#include "MemoryModel.h"
#include "shared/CountedLoop.h"
#include "shared/CudaApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/AnalysisManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ExprEngine.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

using namespace clang;
using namespace clang::ento;

// The results of calls a cheaper exploration gave up whose callee
// determines them from its arguments alone (AnalysisScope::returnsTheSameFor),
// by call: the same call again on the path gives the same value. Not in the
// full exploration: keeping the results alive keeps the paths after each
// test of them apart (on cuda-samples 37 more functions ran out of budget).
REGISTER_MAP_WITH_PROGRAMSTATE(GivenUpResults, const void *, SVal)

namespace cudalint {

namespace {

// The destructor that runs when an object of `Type` (or each element of an
// array of it) dies.
const FunctionDecl *destructorOf(QualType Type) {
  if (Type.isNull())
    return nullptr;
  const CXXRecordDecl *Record = Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->hasTrivialDestructor())
    return nullptr;
  return Record->getDestructor();
}

// Whether a value of `Type` can carry memory the checks track: anything but
// a number and a pointer or reference to read-only characters (a C string,
// argv), through which nothing is written. An object may hold pointers in
// its members; a `char *` may be a pinned or managed byte buffer.
bool mayCarryMemory(QualType Type) {
  Type = Type.getCanonicalType();
  if (Type->isVoidType() || Type->isArithmeticType() || Type->isEnumeralType() ||
      Type->isNullPtrType())
    return false;
  if (Type->isPointerType() || Type->isReferenceType()) {
    QualType Pointee = Type->getPointeeType();
    while (Pointee->isPointerType())
      Pointee = Pointee->getPointeeType();
    return !(Pointee->isAnyCharacterType() && Pointee.isConstQualified());
  }
  return true;
}

// Where the scan of the unit starts: every function definition outside the
// system headers, wherever it comes from (template instantiations, implicit
// special members, lambdas' call operators and the methods of local classes
// are entry points of the analyzer too), and the system headers' methods
// that override another, which a virtual call of the unit's code may run.
// The system headers' other functions are scanned when code scanned calls
// them, not before: the questions the analyzer asks are about the unit's own
// functions, and each answer depends only on what they may run. So of the
// system headers only namespaces and polymorphic classes are walked. Their
// functions are most of a CUDA unit's, and with a precompiled preamble each
// declaration walked is one read back from it: on ggml's set-rows.cu,
// walking them all took 0.13 s of the analysis with the preamble.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  DefinitionCollector(std::vector<const FunctionDecl *> &Found, const SourceManager &SM)
      : Found(Found), SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D) || !SM.isInSystemHeader(D->getLocation()))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (const auto *Method = dyn_cast<CXXMethodDecl>(D)) {
      if (Method->size_overridden_methods() > 0)
        record(Method);
      return true;
    }
    if (const auto *Record = dyn_cast<CXXRecordDecl>(D))
      return !Record->isThisDeclarationADefinition() || Record->isDependentContext() ||
             !Record->isPolymorphic() || RecursiveASTVisitor::TraverseDecl(D);
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl, ClassTemplateDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *Function) {
    record(Function);
    return true;
  }

private:
  void record(const FunctionDecl *Function) {
    if (Function->doesThisDeclarationHaveABody() && !Function->isDependentContext())
      Found.push_back(Function->getCanonicalDecl());
  }

  std::vector<const FunctionDecl *> &Found;
  const SourceManager &SM;
};

// One function's code as the analyzer runs it: the functions it may enter
// (called directly or as operators, constructed or destroyed through, named
// as a callback, lambdas it creates) and whether it uses the CUDA API itself.
// Over-approximates: naming a function counts as calling it, and a lambda's
// or a local class's code counts as the enclosing function's as well.
class CodeScanner : public RecursiveASTVisitor<CodeScanner> {
public:
  // What a function's own code does besides calling: use the CUDA API (a
  // launch, a __device__ or __managed__ variable), handle memory the checks
  // track (new, delete, a throw, a global that may hold a pointer), or
  // read or write a global of the program.
  enum class Use { Cuda, TrackedMemory, ProgramGlobal };
  using Enter = llvm::function_ref<void(const FunctionDecl *)>;
  using Note = llvm::function_ref<void(Use)>;

  CodeScanner(Enter Entered, Note Used) : Entered(Entered), Used(Used) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  bool VisitDeclRefExpr(DeclRefExpr *Reference) {
    if (const auto *Function = dyn_cast<FunctionDecl>(Reference->getDecl()))
      Entered(Function);
    else if (const auto *Variable = dyn_cast<VarDecl>(Reference->getDecl());
             Variable && Variable->hasGlobalStorage() &&
             CudaApi::staticStorageFamily(*Variable) != MemoryFamily::PageableHost)
      Used(Use::Cuda);
    else if (Variable && Variable->hasGlobalStorage() &&
             !Variable->getASTContext().getSourceManager().isInSystemHeader(
                 Variable->getLocation())) {
      // A function's static local of a plain type is its own business: its
      // callers see it only through what the function returns.
      if (mayCarryMemory(Variable->getType()))
        Used(Use::TrackedMemory);
      else if (!Variable->isStaticLocal())
        Used(Use::ProgramGlobal);
    }
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    if (const auto *Method = dyn_cast<FunctionDecl>(Member->getMemberDecl()))
      Entered(Method);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *Construction) {
    Entered(Construction->getConstructor());
    return true;
  }
  bool VisitCXXInheritedCtorInitExpr(CXXInheritedCtorInitExpr *Construction) {
    Entered(Construction->getConstructor());
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *New) {
    Used(Use::TrackedMemory);
    Entered(New->getOperatorNew());
    Entered(New->getOperatorDelete());
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
    Used(Use::TrackedMemory);
    Entered(Delete->getOperatorDelete());
    Entered(destructorOf(Delete->getDestroyedType()));
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    if (const FunctionTemplateDecl *Generic = Lambda->getDependentCallOperator()) {
      for (const FunctionDecl *Instance : Generic->specializations())
        Entered(Instance);
    } else {
      Entered(Lambda->getCallOperator());
    }
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *) {
    Used(Use::TrackedMemory);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    // Through a function pointer: what it reaches is not known here.
    if (!Call->getDirectCallee() && !isa<CUDAKernelCallExpr>(Call))
      Used(Use::ProgramGlobal);
    return true;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    Used(Use::Cuda);
    return true;
  }
  // Objects die where the analyzer runs their destructors: locals at the end
  // of their scope, temporaries at the end of their full-expression.
  bool VisitVarDecl(VarDecl *Variable) {
    Entered(destructorOf(Variable->getType()));
    return true;
  }
  bool VisitExpr(Expr *Value) {
    Entered(destructorOf(Value->getType()));
    return true;
  }

private:
  Enter Entered;
  Note Used;
};

// The functions of a unit from which the analyzer's exploration can reach the
// CUDA API: a fixpoint over a call graph of the unit's function bodies, built
// once per unit (0.06 to 0.17 s on ggml-cuda.cu). Not clang's CallGraph: it
// records calls and constructions, but not the destructors the analyzer runs
// at the end of a scope or a full-expression, nor the overrides a virtual
// call may reach.
class CudaReach {
public:
  CudaReach(ASTContext &Context, const CudaApi &Api) : Api(Api) {
    std::vector<const FunctionDecl *> Pending;
    const SourceManager &SM = Context.getSourceManager();
    DefinitionCollector(Pending, SM).TraverseAST(Context);
    std::vector<const FunctionDecl *> UsingCuda, OnlyWaiting, UsingMemory, UsingGlobals;
    llvm::DenseSet<const FunctionDecl *> Entered;
    while (!Pending.empty()) {
      const FunctionDecl *Function = Pending.back();
      Pending.pop_back();
      if (!Scanned.insert(Function).second)
        continue;
      bool UsesCuda = false, Waits = false, UsesMemory = false, UsesGlobals = false;
      Entered.clear();
      scan(
          Function,
          [&](const FunctionDecl *Callee) {
            if (!Callee || !Entered.insert(Callee = Callee->getCanonicalDecl()).second)
              return;
            CudaUse Use = cudaUse(Callee);
            UsesCuda |= Use == CudaUse::Beyond;
            Waits |= Use == CudaUse::WaitsOnly;
            UsesMemory |= isMemoryCall(Callee);
            // Code of another unit may change any global of the program.
            UsesGlobals |= !Callee->isDefined() && !SM.isInSystemHeader(Callee->getLocation());
            Callers[Callee].push_back(Function);
            if (!Scanned.contains(Callee))
              Pending.push_back(Callee);
          },
          [&](CodeScanner::Use Use) {
            UsesCuda |= Use == CodeScanner::Use::Cuda;
            UsesMemory |= Use == CodeScanner::Use::TrackedMemory;
            UsesGlobals |= Use == CodeScanner::Use::ProgramGlobal;
          });
      if (UsesCuda)
        UsingCuda.push_back(Function);
      else if (Waits)
        OnlyWaiting.push_back(Function);
      else if (UsesMemory)
        UsingMemory.push_back(Function);
      if (UsesGlobals)
        UsingGlobals.push_back(Function);
    }
    UsingMemory.insert(UsingMemory.end(), UsingCuda.begin(), UsingCuda.end());
    UsingMemory.insert(UsingMemory.end(), OnlyWaiting.begin(), OnlyWaiting.end());
    // Backwards from the functions that use CUDA, tracked memory or the
    // program's globals to everything that enters them.
    propagate(UsingCuda, ReachingBeyondWaits);
    OnlyWaiting.insert(OnlyWaiting.end(), UsingCuda.begin(), UsingCuda.end());
    propagate(std::move(OnlyWaiting), Reaching);
    propagate(std::move(UsingMemory), Followed);
    propagate(std::move(UsingGlobals), ChangingGlobals);
  }

  // Whether the analyzer must follow a call into `Callee`, defined in the
  // unit: it may reach the CUDA API or memory the checks track. A callee
  // that reaches neither is evaluated as a call into another unit.
  bool mustFollow(const FunctionDecl *Callee) {
    Callee = Callee->getCanonicalDecl();
    return Followed.contains(Callee) || !Scanned.contains(Callee) || isApiCall(Callee) ||
           isMemoryCall(Callee);
  }

  // Whether a call into `Callee` may change a global of the program: it, or
  // a function it reaches, names one or calls code of another unit.
  bool mayChangeGlobals(const FunctionDecl *Callee) const {
    return ChangingGlobals.contains(Callee->getCanonicalDecl());
  }

  bool reachesCuda(const Decl *Entry) const { return isIn(Reaching, Entry); }

  // Whether exploring `Entry` may meet more of CUDA than waits and questions
  // about the device's state (CudaApi::onlyWaits: cudaDeviceSynchronize,
  // cudaGetDeviceCount, functions of other units that only synchronise): a
  // wait shows no check a bug where nothing was queued, and whatever queues
  // device work is the CUDA API.
  // GROMACS' tests and setup code call findDevices() and
  // doDeviceTransfers(), which synchronise in other units: 112 of the 2,196
  // functions its summaries had the analyzer explore, and 4.8 s of
  // gpu_utils/tests/hostallocator.cpp's 5.1 s of analysis.
  bool reachesMoreThanWaits(const Decl *Entry) const { return isIn(ReachingBeyondWaits, Entry); }

private:
  void scan(const FunctionDecl *Function, CodeScanner::Enter Entered, CodeScanner::Note Used) {
    const FunctionDecl *Definition = Function->getDefinition();
    if (!Definition || Definition->isDependentContext())
      return;
    CodeScanner Scanner(Entered, Used);
    for (const ParmVarDecl *Parameter : Definition->parameters())
      Entered(destructorOf(Parameter->getType()));
    if (const auto *Constructor = dyn_cast<CXXConstructorDecl>(Definition))
      for (const CXXCtorInitializer *Initializer : Constructor->inits())
        Scanner.TraverseStmt(Initializer->getInit());
    // A destructor runs those of its class's members and bases after its
    // body.
    if (const auto *Destructor = dyn_cast<CXXDestructorDecl>(Definition)) {
      const CXXRecordDecl *Record = Destructor->getParent();
      for (const FieldDecl *Field : Record->fields())
        Entered(destructorOf(Field->getType()));
      for (const CXXBaseSpecifier &Base : Record->bases())
        Entered(destructorOf(Base.getType()));
      for (const CXXBaseSpecifier &Base : Record->vbases())
        Entered(destructorOf(Base.getType()));
    }
    // A call of a virtual method may run any override of it: each override
    // is entered from the methods it overrides.
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Definition))
      addOverridden(Method, Function);
    Scanner.TraverseStmt(Definition->getBody());
  }

  void propagate(std::vector<const FunctionDecl *> Work,
                 llvm::DenseSet<const FunctionDecl *> &Into) {
    Into.insert(Work.begin(), Work.end());
    while (!Work.empty()) {
      const FunctionDecl *Function = Work.back();
      Work.pop_back();
      auto It = Callers.find(Function);
      if (It == Callers.end())
        continue;
      for (const FunctionDecl *Caller : It->second)
        if (Into.insert(Caller).second)
          Work.push_back(Caller);
    }
  }

  void addOverridden(const CXXMethodDecl *Method, const FunctionDecl *Override) {
    for (const CXXMethodDecl *Overridden : Method->overridden_methods()) {
      Callers[Override].push_back(Overridden->getCanonicalDecl());
      addOverridden(Overridden, Override);
    }
  }

  enum class CudaUse { None, WaitsOnly, Beyond };
  CudaUse cudaUse(const FunctionDecl *Callee) {
    auto [It, Inserted] = ApiCalls.try_emplace(Callee, CudaUse::None);
    if (Inserted && Api.isCudaApiCall(Callee))
      It->second = Api.onlyWaits(Callee) ? CudaUse::WaitsOnly : CudaUse::Beyond;
    return It->second;
  }
  bool isApiCall(const FunctionDecl *Callee) { return cudaUse(Callee) != CudaUse::None; }

  // An entry point not seen here (an Objective-C method, a block) is
  // explored: nothing says it cannot reach CUDA.
  bool isIn(const llvm::DenseSet<const FunctionDecl *> &Reached, const Decl *Entry) const {
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Entry);
    if (!Function)
      return true;
    Function = Function->getCanonicalDecl();
    return Reached.contains(Function) || !Scanned.contains(Function);
  }

  // Memory the checks track: host allocations and releases, and calls that
  // hand memory out or keep what they are given.
  bool isMemoryCall(const FunctionDecl *Callee) const {
    return Api.hostAllocation(Callee) || Api.release(Callee) || Api.borrowedMemory(Callee) ||
           Api.keepsPointerArguments(Callee) || Api.exitsProcess(Callee) ||
           Callee->isReplaceableGlobalAllocationFunction();
  }

  const CudaApi &Api;
  llvm::DenseSet<const FunctionDecl *> Scanned;             // canonical declarations
  llvm::DenseSet<const FunctionDecl *> Reaching;            // canonical declarations
  llvm::DenseSet<const FunctionDecl *> ReachingBeyondWaits; // canonical declarations
  llvm::DenseSet<const FunctionDecl *> Followed;            // canonical declarations
  llvm::DenseSet<const FunctionDecl *> ChangingGlobals;     // canonical declarations
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const FunctionDecl *, 4>>
      Callers; // canonical callee -> its callers
  llvm::DenseMap<const FunctionDecl *, CudaUse> ApiCalls;
};

class AnalysisScope : public Checker<check::BeginFunction, check::Location,
                                     check::PostStmt<DeclStmt>, check::PostStmt<BinaryOperator>,
                                     check::EndAnalysis, check::LiveSymbols, eval::Call> {
public:
  void checkBeginFunction(CheckerContext &C) const;
  void checkLiveSymbols(ProgramStateRef State, SymbolReaper &Reaper) const {
    for (const auto &[Call, Result] : State->get<GivenUpResults>())
      if (SymbolRef Sym = Result.getAsSymbol())
        Reaper.markLive(Sym);
  }
  void checkPostStmt(const DeclStmt *Init, CheckerContext &C) const { enterCountedLoop(Init, C); }
  void checkPostStmt(const BinaryOperator *Init, CheckerContext &C) const {
    if (Init->getOpcode() == BO_Assign)
      enterCountedLoop(Init, C);
  }
  void checkLocation(SVal Location, bool IsLoad, const Stmt *Access, CheckerContext &C) const;
  bool evalCall(const CallEvent &Call, CheckerContext &C) const;
  void checkEndAnalysis(ExplodedGraph &Graph, BugReporter &Reporter, ExprEngine &Engine) const;

  bool evaluatesWithoutBody(const CallEvent &Call, const SourceManager &SM) const;
  // Whether the engine may follow a call into a body at all in this round.
  bool followsCallees() const { return !Round || Round->Mode < Exploration::NoCallees; }
  bool givesUp(const FunctionDecl &Definition) const {
    if (!Round || Round->Mode == Exploration::Full)
      return false;
    return Round->Mode >= Exploration::NoCallees || !Reach || !Reach->reachesCuda(&Definition);
  }

private:
  void enterCountedLoop(const Stmt *Init, CheckerContext &C) const;

  // A call evaluated as a call into another unit: one into a callee the
  // first cheaper mode gives up, whatever it returns (an object it returns
  // is built, unknown, where the caller keeps it; ggml's
  // ggml_backend_cuda_device_get_host_buffer_type spent its nodes in
  // std::to_string and std::operator+, which return strings); and, other
  // than one that makes an object (a constructor, a function returning a
  // class), a call into rejected code, or into a body the engine would end
  // every path in.
  bool callsUnanalysable(const CallEvent &Call) const {
    const Decl *Callee = Call.getDecl();
    if (!Callee || !isa<SimpleFunctionCall, CXXMemberCall, CXXMemberOperatorCall>(Call))
      return false;
    const auto *Function = dyn_cast<FunctionDecl>(Callee);
    const FunctionDecl *Definition = Function ? Function->getDefinition() : nullptr;
    bool HasBody = Definition && Definition->hasBody();
    if (HasBody && Round && Round->Mode == Exploration::CudaCalleesOnly && givesUp(*Definition))
      return true;
    if (Call.getResultType()->isRecordType())
      return false;
    if (isRejected(*Callee))
      return true;
    return HasBody && hasUnevaluatedStatement(*Definition);
  }
  bool hasUnevaluatedStatement(const FunctionDecl &Definition) const;
  bool abortsWithoutExit(const FunctionDecl &Definition, AnalysisManager &Manager) const;

  bool returnsTheSameFor(const FunctionDecl &Definition, const CallEvent &Call) const;
  const void *callKey(const FunctionDecl &Definition, const CallEvent &Call) const;
  void bindTheSameResult(const FunctionDecl &Definition, const CallEvent &Call,
                         CheckerContext &C) const;

  mutable std::unique_ptr<CudaReach> Reach;
  mutable ExplorationRound *Round = nullptr; // of the analysis this checker runs in
  mutable std::map<llvm::FoldingSetNodeID, std::unique_ptr<char>> CallKeys;
  mutable llvm::DenseMap<const FunctionDecl *, bool> Unevaluated;
  mutable llvm::DenseMap<const FunctionDecl *, bool> Aborting; // canonical declarations
};

// Why a sink at the entry, not a filter of the declarations the analyzer is
// given: it is given a namespace or a class as one declaration and
// instantiates templates later, and it orders its entry points by a call
// graph of what it is given, so a filter would change which callees are
// inlined where, and with that the findings. A sink keeps the order and the
// inlining; it costs each skipped function's CFG, which measured nothing
// worth a change: ggml-cuda.cu with every function skipped takes 5.8 s of
// CPU, the AST checks alone 5.6 s.
//
// A round that explores some functions again (ExplorationRound::Entries)
// ends every other one where it begins, for the same reason.
void AnalysisScope::checkBeginFunction(CheckerContext &C) const {
  auto Walk = [&](const Decl *Function) {
    const SourceManager &SM = C.getSourceManager();
    if (Round && Function && !SM.isInSystemHeader(SM.getExpansionLoc(Function->getLocation())))
      Round->Walked.insert(Function->getCanonicalDecl());
  };
  if (!C.inTopFrame()) {
    Walk(C.getLocationContext()->getDecl());
    if (Round) {
      const LocationContext *Top = C.getLocationContext();
      while (Top->getParent())
        Top = Top->getParent();
      Round->EnteredCallees.insert(Top->getDecl());
      if (Reach && !Reach->reachesCuda(C.getLocationContext()->getDecl()))
        Round->EnteredCalleesWithoutCuda.insert(Top->getDecl());
    }
    return;
  }
  const Decl *Entry = C.getLocationContext()->getDecl();
  if (!Reach) {
    Reach = std::make_unique<CudaReach>(C.getASTContext(), memory::api(C));
    Round = explorationRound(C.getAnalysisManager());
  }
  bool Explored = !(Entry && (isDeviceOnly(*Entry) || isRejected(*Entry))) &&
                  Reach->reachesMoreThanWaits(Entry) &&
                  (!Round || Round->Entries.empty() ||
                   (Entry && Round->Entries.contains(Entry->getCanonicalDecl())));
  if (!Explored)
    C.generateSink(C.getState(), C.getPredecessor());
  else
    Walk(Entry);
}

// A path on which the program dereferenced a pointer knows the pointer was
// not null, as clang's core.NullDereference records it (cudalint runs only
// its own checkers). Without it every later test of that pointer forks a
// path the program cannot take: ggml's stream cache (`if (streams[d][s] ==
// nullptr)`) and libstdc++'s hash-table walks made a function of three
// straight-line launches use up its 75,000 nodes (dsv4-hc.cu; clang's own
// analyzer with core.builtin alone takes 561 ms on it, 39 ms with
// core.NullDereference). A path that dereferences a pointer known to be
// null has crashed there, and ends there.
void AnalysisScope::checkLocation(SVal Location, bool, const Stmt *, CheckerContext &C) const {
  std::optional<Loc> Address = Location.getAs<Loc>();
  if (!Address)
    return;
  auto [NotNull, Null] = C.getState()->assume(*Address);
  if (!Null)
    return;
  if (!NotNull) {
    C.generateSink(Null, C.getPredecessor());
    return;
  }
  C.addTransition(NotNull);
}

// The passes of a counted loop the analyzer unrolls at most (clang's
// LoopUnrolling MAXIMUM_STEP_UNROLLED).
constexpr int64_t MostPassesUnrolled = 128;

// The value of a loop's bound at its entry, where the path knows it: a
// constant, a variable the path has set (`n` after `int n = 50000`), and
// casts and arithmetic of those (`(int)(width * height)`).
static std::optional<int64_t> knownBound(const Expr *Bound, ProgramStateRef State,
                                         const LocationContext *Frame, ASTContext &Context) {
  Bound = Bound->IgnoreParens();
  Expr::EvalResult Constant;
  if (!Bound->isValueDependent() && Bound->EvaluateAsInt(Constant, Context)) {
    const llvm::APSInt &Value = Constant.Val.getInt();
    if (Value.getSignificantBits() > 63)
      return std::nullopt;
    return Value.getExtValue();
  }
  if (const auto *Cast = dyn_cast<CastExpr>(Bound);
      Cast && Cast->getType()->isIntegerType() && Cast->getSubExpr()->getType()->isIntegerType())
    return knownBound(Cast->getSubExpr(), State, Frame, Context);
  if (const auto *Reference = dyn_cast<DeclRefExpr>(Bound)) {
    const auto *Variable = dyn_cast<VarDecl>(Reference->getDecl());
    if (!Variable || !Variable->getType()->isIntegerType())
      return std::nullopt;
    std::optional<nonloc::ConcreteInt> Value =
        State->getSVal(State->getLValue(Variable, Frame)).getAs<nonloc::ConcreteInt>();
    if (!Value || Value->getValue()->getSignificantBits() > 63)
      return std::nullopt;
    return Value->getValue()->getExtValue();
  }
  if (const auto *Arithmetic = dyn_cast<BinaryOperator>(Bound)) {
    std::optional<int64_t> Left = knownBound(Arithmetic->getLHS(), State, Frame, Context);
    std::optional<int64_t> Right = knownBound(Arithmetic->getRHS(), State, Frame, Context);
    if (!Left || !Right)
      return std::nullopt;
    int64_t Result;
    switch (Arithmetic->getOpcode()) {
    case BO_Add:
      return llvm::AddOverflow(*Left, *Right, Result) ? std::nullopt : std::optional(Result);
    case BO_Sub:
      return llvm::SubOverflow(*Left, *Right, Result) ? std::nullopt : std::optional(Result);
    case BO_Mul:
      return llvm::MulOverflow(*Left, *Right, Result) ? std::nullopt : std::optional(Result);
    case BO_Div:
      return *Right > 0 && *Left >= 0 ? std::optional(*Left / *Right) : std::nullopt;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// A counted loop inside another loop, with a known bound the analyzer does
// not unroll (`for (int j = 0; j < 200; ++j)` in a loop over `k < 2`, too
// many passes; `j < (int)(width * height)` after `width = height = 16`, not
// a constant expression), is entered with its counter unknown between its
// start and its bound. The analyzer counts the visits of a block per path
// and ends a path at the fourth: with the counter known, a path leaves such
// a loop only after widening at its third visit, so on the outer loop's
// second pass none does and nothing after the nest is analysed. With the
// counter unknown, a path leaves at each visit. A loop on its own loses
// nothing that way and keeps its known counter. `Init` is the loop's
// initialisation, which declares the counter or sets one declared before.
void AnalysisScope::enterCountedLoop(const Stmt *Init, CheckerContext &C) const {
  const ParentMap &Parents = C.getLocationContext()->getParentMap();
  const auto *Loop = dyn_cast_or_null<ForStmt>(Parents.getParent(Init));
  if (!Loop || Loop->getInit() != Init)
    return;
  std::optional<CountedLoop> Counted = countedLoop(*Loop);
  if (!Counted)
    return;
  const VarDecl *Counter = Counted->Counter;
  bool Nested = false;
  for (const Stmt *Outer = Parents.getParent(Loop); Outer && !Nested;
       Outer = Parents.getParent(Outer))
    Nested = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Outer);
  if (!Nested)
    return;
  ProgramStateRef State = C.getState();
  const LocationContext *Frame = C.getLocationContext();
  Loc Variable = State->getLValue(Counter, Frame);
  std::optional<nonloc::ConcreteInt> Start = State->getSVal(Variable).getAs<nonloc::ConcreteInt>();
  if (!Start || Start->getValue()->getSignificantBits() > 63)
    return;
  int64_t First = Start->getValue()->getExtValue();
  std::optional<int64_t> Bound = knownBound(Counted->Bound, State, Frame, C.getASTContext());
  // The analyzer unrolls a loop whose bound is a constant expression, up to
  // its limit; any other loop it only widens, nested in another too.
  Expr::EvalResult Constant;
  bool Unrolled = !Counted->Bound->isValueDependent() &&
                  Counted->Bound->EvaluateAsInt(Constant, C.getASTContext());
  if (!Bound || *Bound - First <= (Unrolled ? MostPassesUnrolled : 1))
    return;
  SValBuilder &Values = C.getSValBuilder();
  SVal Fresh = Values.conjureSymbolVal(this, C.getCFGElementRef(), Frame, Counter->getType(),
                                       C.blockCount());
  auto AtLeastStart = Values.evalBinOp(State, BO_GE, Fresh, *Start, C.getASTContext().BoolTy)
                          .getAs<DefinedOrUnknownSVal>();
  auto AtMostBound =
      Values
          .evalBinOp(State, BO_LE, Fresh, Values.makeIntVal(*Bound, Counter->getType()),
                     C.getASTContext().BoolTy)
          .getAs<DefinedOrUnknownSVal>();
  State = State->bindLoc(Variable, Fresh, Frame);
  if (AtLeastStart)
    State = State->assume(*AtLeastStart, true);
  if (State && AtMostBound)
    State = State->assume(*AtMostBound, true);
  if (State)
    C.addTransition(State);
}

// A call into a function that cannot reach the CUDA API nor memory the
// checks track, and is handed nothing but numbers and read-only strings, is
// evaluated without its body: it returns an unknown value, and the globals
// it may change are forgotten. Following it cannot change a finding, only
// multiply the paths the analyzer walks: cuda-samples' string and table
// helpers (checkCmdLineFlag, _ConvertSMVer2Cores) loop over characters and
// table rows in every `main`.
bool AnalysisScope::evaluatesWithoutBody(const CallEvent &Call, const SourceManager &SM) const {
  if (callsUnanalysable(Call))
    return true;
  if (!Reach || !isa<SimpleFunctionCall>(Call))
    return false;
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
  if (!Definition || !Definition->hasBody() || Reach->mustFollow(Definition) ||
      SM.isInSystemHeader(SM.getExpansionLoc(Definition->getLocation())) ||
      mayCarryMemory(Call.getResultType()))
    return false;
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (mayCarryMemory(Call.getArgExpr(I)->getType()))
      return false;
  return true;
}

// Statements the engine does not evaluate: it ends the path there. On the
// way to a throw, an error helper's `typeid` (GROMACS' GMX_THROW records the
// exception's extra information by typeid(ItemType)) ended 5,431 paths of
// GROMACS' GPU units in callees before their throw; an OpenMP loop in a
// helper ended 21. Evaluated without its body, as a call into another unit,
// such a helper loses what it does but not the path.
static bool isUnevaluated(const Stmt &S) {
  return isa<CXXTypeidExpr, CoroutineBodyStmt, CoreturnStmt, CoawaitExpr, CoyieldExpr,
             DependentCoawaitExpr, OMPExecutableDirective, CapturedStmt>(S);
}

bool AnalysisScope::hasUnevaluatedStatement(const FunctionDecl &Definition) const {
  auto [Known, Inserted] = Unevaluated.try_emplace(&Definition, false);
  if (!Inserted)
    return Known->second;
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitStmt(Stmt *S) {
      Found = Found || isUnevaluated(*S);
      return !Found;
    }
    // A lambda's body is its own function; typeid's operand is never
    // evaluated when it names a type, but the engine stops at it all the
    // same, so it is not skipped.
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } Find;
  Find.TraverseStmt(Definition.getBody());
  return Unevaluated[&Definition] = Find.Found;
}

// Whether no path through a function's body returns: each ends in a call
// that does not return (abort, exit, a [[noreturn]] handler) or loops
// forever. The edge from a block that ends in such a call to the exit is
// kept in clang's CFG, marked as one no path takes.
static bool neverReturns(const FunctionDecl &Definition, AnalysisManager &Manager) {
  const CFG *Graph = Manager.getAnalysisDeclContext(&Definition)->getCFG();
  if (!Graph)
    return false;
  for (const CFGBlock::AdjacentBlock &Before : Graph->getExit().preds())
    if (Before.isReachable() && !Before->hasNoReturnElement())
      return false;
  return true;
}

// Whether a callee's result depends on its arguments alone: it changes no
// global of the program (nor calls code that may), is handed numbers and
// enumerators only, is no method, and returns a number or an enumerator.
// Not a pointer: a helper that returns one may allocate (cuda-samples'
// xmalloc, called twice with the same size, would return one buffer twice);
// nor one handed a pointer, whose memory may change between two calls.
bool AnalysisScope::returnsTheSameFor(const FunctionDecl &Definition, const CallEvent &Call) const {
  if (!Reach || Reach->mayChangeGlobals(&Definition) || !Call.getOriginExpr() ||
      isa<CXXMethodDecl>(Definition))
    return false;
  auto IsNumber = [](QualType Type) { return Type->isArithmeticType() || Type->isEnumeralType(); };
  return IsNumber(Call.getResultType()) &&
         llvm::all_of(Definition.parameters(),
                      [&](const ParmVarDecl *Parameter) { return IsNumber(Parameter->getType()); });
}

// One key per callee and argument values.
const void *AnalysisScope::callKey(const FunctionDecl &Definition, const CallEvent &Call) const {
  llvm::FoldingSetNodeID Id;
  Id.AddPointer(Definition.getCanonicalDecl());
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    Call.getArgSVal(I).Profile(Id);
  std::unique_ptr<char> &Unique = CallKeys[Id];
  if (!Unique)
    Unique = std::make_unique<char>();
  return Unique.get();
}

// The result of a call whose callee returnsTheSameFor its arguments: the
// one an earlier call with the same arguments got on the path, else a new
// one, kept for the next.
void AnalysisScope::bindTheSameResult(const FunctionDecl &Definition, const CallEvent &Call,
                                      CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  const void *Key = callKey(Definition, Call);
  const SVal *Known = State->get<GivenUpResults>(Key);
  SVal Result =
      Known ? *Known
            : C.getSValBuilder().conjureSymbolVal(Call, Call.getResultType(), C.blockCount());
  if (!Known)
    State = State->set<GivenUpResults>(Key, Result);
  C.addTransition(State->BindExpr(Call.getOriginExpr(), C.getLocationContext(), Result));
}

// Whether every path through `Definition` ends the program without its
// normal end: in abort(), a failed assertion or a [[noreturn]] error
// handler that comes to one of those, never in exit() (which the leak
// checks judge at the end of main). Following such a callee can show the
// checks nothing: the path ends in it, and a path that ends in abort
// reports no leak. Yet the analyzer walks its body on every path that
// calls it: ggml's CUDA_CHECK calls ggml_cuda_error on every failed
// status, and its body was 35 % of the nodes of ggml_backend_cuda_free's
// exploration.
bool AnalysisScope::abortsWithoutExit(const FunctionDecl &Definition,
                                      AnalysisManager &Manager) const {
  auto [Known, Inserted] = Aborting.try_emplace(Definition.getCanonicalDecl(), false);
  if (!Inserted)
    return Known->second; // also a call back into itself: not known to abort
  const CFG *Graph = Manager.getAnalysisDeclContext(&Definition)->getCFG();
  if (!Graph)
    return false;
  const CudaApi &Api = memory::api(Manager);
  auto Aborts = [&](const CFGBlock &Ending) {
    if (!Ending.hasNoReturnElement())
      return false;
    for (const CFGElement &Element : Ending) {
      std::optional<CFGStmt> Statement = Element.getAs<CFGStmt>();
      const auto *Called = Statement ? dyn_cast<CallExpr>(Statement->getStmt()) : nullptr;
      const FunctionDecl *Callee = Called ? Called->getDirectCallee() : nullptr;
      if (!Callee || !Callee->isNoReturn())
        continue;
      if (Api.exitsProcess(Callee))
        return false;
      if (const FunctionDecl *Body = Callee->getDefinition();
          Body && Body->hasBody() && !abortsWithoutExit(*Body, Manager))
        return false;
    }
    return true;
  };
  bool Ends = false;
  for (const CFGBlock::AdjacentBlock &Before : Graph->getExit().preds()) {
    if (!Before.isReachable())
      continue;
    if (!Aborts(*Before))
      return false;
    Ends = true;
  }
  Aborting[Definition.getCanonicalDecl()] = Ends;
  return Ends;
}

bool AnalysisScope::evalCall(const CallEvent &Call, CheckerContext &C) const {
  if (const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getRuntimeDefinition().getDecl());
      Callee && Callee->hasBody() && abortsWithoutExit(*Callee, C.getAnalysisManager())) {
    C.generateSink(C.getState(), C.getPredecessor());
    return true;
  }
  // A callee a cheaper exploration does not follow:
  //   - one that never returns ends the path, as following it would
  //     (GROMACS' GMX_RELEASE_ASSERT calls its [[noreturn]] handler from a
  //     lambda it invokes at once);
  //   - one whose result depends on its arguments alone gives the same
  //     result for the same arguments on a path: GROMACS asks
  //     useLjCombRule(vdwType) before freeing one of two buffers and again
  //     before allocating one, and two unknown answers took a path that
  //     freed one buffer, allocated the other and copied into the first.
  if (Round && Round->Mode != Exploration::Full) {
    const auto *Definition = dyn_cast_or_null<FunctionDecl>(Call.getRuntimeDefinition().getDecl());
    if (Definition && Definition->hasBody() && givesUp(*Definition)) {
      if (neverReturns(*Definition, C.getAnalysisManager())) {
        C.generateSink(C.getState(), C.getPredecessor());
        return true;
      }
      if (returnsTheSameFor(*Definition, Call)) {
        bindTheSameResult(*Definition, Call, C);
        return true;
      }
    }
  }
  if (callsUnanalysable(Call)) {
    // As the engine evaluates a call it does not enter: an object the call
    // returns is built, unknown, where the caller keeps it.
    ProgramStateRef State = Call.invalidateRegions(C.blockCount(), C.getState());
    State =
        C.getStateManager().getOwningEngine().bindReturnValue(Call, C.getLocationContext(), State);
    C.addTransition(State);
    return true;
  }
  if (!evaluatesWithoutBody(Call, C.getSourceManager()))
    return false;
  // A helper that never returns (its every path ends in abort() or an
  // endless loop) ends the path, as following it would.
  const FunctionDecl *Definition = cast<FunctionDecl>(Call.getDecl())->getDefinition();
  if (neverReturns(*Definition, C.getAnalysisManager())) {
    C.generateSink(C.getState(), C.getPredecessor());
    return true;
  }
  // It writes nothing it is handed (numbers, read-only strings); what it may
  // write beyond them is the program's globals, forgotten as for a call into
  // another unit only where it may (forgetting them lets go of the memory
  // they hold).
  ProgramStateRef State = C.getState();
  if (Reach->mayChangeGlobals(Definition))
    State = Call.invalidateRegions(C.blockCount(), State);
  QualType Result = Call.getResultType();
  if (const Expr *Origin = Call.getOriginExpr()) {
    SVal Value = Result->isVoidType()
                     ? SVal(UnknownVal())
                     : C.getSValBuilder().conjureSymbolVal(Call, Result, C.blockCount());
    State = State->BindExpr(Origin, C.getLocationContext(), Value);
  }
  C.addTransition(State);
  return true;
}

namespace {

// The first line of code in `Block`, if it holds a statement.
std::optional<unsigned> firstLine(const CFGBlock &Block, const SourceManager &SM) {
  for (const CFGElement &Element : Block)
    if (auto Statement = Element.getAs<CFGStmt>())
      if (SourceLocation Where = SM.getFileLoc(Statement->getStmt()->getBeginLoc());
          Where.isValid())
        return SM.getSpellingLineNumber(Where);
  return std::nullopt;
}

// Where the paths of the function's own body ended at the analyzer's block
// visit limit (maxBlockVisitOnPath) with no path leaving a loop: the loop,
// and the first line after it, which no path reached. The nested loop is the
// usual case: an inner loop with a known bound too large to unroll is left
// only after its third visit, and the block count is kept per path, so on
// the outer loop's second pass no path leaves the inner one, nor the outer.
// A loop some path leaves (through an earlier visit, an unknown or widened
// bound, a break) loses nothing; code that no path reaches for another
// reason (an infeasible branch, a catch block) is not looked at.
std::optional<std::pair<unsigned, unsigned>> codeLostAtTheVisitLimit(const ExplodedGraph &Graph,
                                                                     const ExprEngine &Engine,
                                                                     const SourceManager &SM) {
  const CoreEngine &Core = Engine.getCoreEngine();
  if (!Core.wasBlocksExhausted())
    return std::nullopt;
  const StackFrameContext *Top = Engine.getRootLocationContext()->getStackFrame();
  llvm::DenseSet<unsigned> Entered;
  for (const ExplodedNode &Node : Graph.nodes())
    if (auto Entrance = Node.getLocation().getAs<BlockEntrance>())
      if (Node.getLocationContext()->getStackFrame() == Top)
        Entered.insert(Entrance->getBlock()->getBlockID());
  for (const auto &[Edge, Sink] : Core.exhausted_blocks()) {
    if (!Sink || Sink->getLocationContext()->getStackFrame() != Top)
      continue;
    // The loops at and after the block visited too often that some path
    // entered and none left.
    llvm::SmallVector<const CFGBlock *, 16> Work{Edge.getDst()};
    llvm::DenseSet<unsigned> Seen{Edge.getDst()->getBlockID()};
    while (!Work.empty()) {
      const CFGBlock *Block = Work.pop_back_val();
      const Stmt *Loop = Block->getTerminatorStmt();
      if (Loop && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Loop) &&
          Block->succ_size() == 2 && Entered.contains(Block->getBlockID())) {
        const CFGBlock *After = *std::next(Block->succ_begin());
        // The first statement after the loop, past empty blocks.
        while (After && !Entered.contains(After->getBlockID()) && !firstLine(*After, SM) &&
               After->succ_size() == 1)
          After = *After->succ_begin();
        if (After && !Entered.contains(After->getBlockID()))
          if (std::optional<unsigned> Line = firstLine(*After, SM))
            if (SourceLocation Start = SM.getFileLoc(Loop->getBeginLoc()); Start.isValid())
              return std::make_pair(SM.getSpellingLineNumber(Start), *Line);
      }
      for (const CFGBlock *Next : Block->succs())
        if (Next && Seen.insert(Next->getBlockID()).second)
          Work.push_back(Next);
    }
  }
  return std::nullopt;
}

// How a statement the analyzer does not evaluate is named in a limit.
std::string unevaluated(const Stmt &S) {
  if (isa<CXXTypeidExpr>(S))
    return "'typeid'";
  if (isa<CXXNoexceptExpr>(S))
    return "'noexcept'";
  if (isa<CXXFoldExpr>(S))
    return "a fold expression";
  if (isa<CoroutineBodyStmt, CoreturnStmt, CoawaitExpr, CoyieldExpr, DependentCoawaitExpr>(S))
    return "a coroutine";
  if (isa<OMPExecutableDirective>(S))
    return "an OpenMP directive";
  if (isa<CapturedStmt>(S))
    return "a captured statement";
  return ("a statement of class " + llvm::Twine(S.getStmtClassName())).str();
}

// The paths the engine ended where the program does not end, as limits of
// the function: "no finding" after them is not "no bug". A path ends
//   - at a call that never returns (exit, abort, a failed assert, a helper
//     that only aborts) or a dereference of a null pointer: the program
//     ends there, nothing is lost;
//   - at the block visit limit: codeLostAtTheVisitLimit says what no path
//     reached;
//   - at a statement the engine does not evaluate (typeid, a coroutine, an
//     OpenMP directive): what follows it on that path is lost;
//   - at a throw: the engine does not follow exceptions, so a catch handler
//     of the function is never analysed (a throw the function does not
//     catch leaves it, as a return would, and the memory model unwinds it);
//   - anywhere else the engine chose to: named by its statement.
std::vector<std::string> pathsEndedShort(const ExplodedGraph &Graph, const ExprEngine &Engine,
                                         const Decl &Entry, const SourceManager &SM) {
  const CoreEngine &Core = Engine.getCoreEngine();
  llvm::DenseSet<const ExplodedNode *> Judged;
  for (const auto &[Edge, Sink] : Core.exhausted_blocks())
    Judged.insert(Sink);
  // Where a statement is: its line in the function's file, or the file's
  // name and line in another (a throw in a header's helper).
  using Place = std::pair<std::string, unsigned>; // ("", line) in the function's file
  FileID Home = SM.getFileID(SM.getFileLoc(Entry.getLocation()));
  auto PlaceOf = [&](const Stmt *S) -> Place {
    SourceLocation Where = S ? SM.getFileLoc(S->getBeginLoc()) : SourceLocation();
    if (Where.isInvalid())
      return {"", 0};
    std::string File;
    if (SM.getFileID(Where) != Home)
      if (OptionalFileEntryRef Entry = SM.getFileEntryRefForID(SM.getFileID(Where)))
        File = llvm::sys::path::filename(Entry->getName()).str();
    return {File, SM.getSpellingLineNumber(Where)};
  };
  auto Spelled = [](const Place &Where) {
    return Where.first.empty() ? "line " + std::to_string(Where.second)
                               : Where.first + ":" + std::to_string(Where.second);
  };
  // What ended the paths, in the order of where it is, with how many.
  std::map<std::pair<Place, std::string>, unsigned> Unevaluated, Other;
  std::map<Place, unsigned> Throws;
  for (const auto &[Block, Sink] : Core.aborted_blocks()) {
    Judged.insert(Sink);
    if (const Stmt *S = Sink->getStmtForDiagnostics())
      ++Unevaluated[{PlaceOf(S), unevaluated(*S)}];
  }
  for (const ExplodedNode &Node : Graph.nodes()) {
    // A checker's sink is the program ending (core.builtin's noreturn
    // calls, the scope checker's null dereference and never-returning
    // helper) or a function the scope checker does not explore.
    if (!Node.isSink() || Judged.contains(&Node) || Node.getLocation().getTag())
      continue;
    const Stmt *S = Node.getStmtForDiagnostics();
    if (S && isa<CXXThrowExpr>(S))
      ++Throws[PlaceOf(S)];
    else if (S)
      ++Other[{PlaceOf(S), S->getStmtClassName()}];
  }
  std::vector<std::string> Limits;
  for (const auto &[Where, Count] : Unevaluated)
    Limits.push_back(("the analyzer does not evaluate " + Where.second + " (" +
                      Spelled(Where.first) + "): " + llvm::Twine(Count) +
                      (Count == 1 ? " path ends" : " paths end") +
                      " there, and nothing after it on them was analysed")
                         .str());
  if (!Throws.empty()) {
    // The function's own catch handlers, which no path enters; a macro
    // (gtest's EXPECT_THROW) may write several on one line.
    struct CatchFinder : RecursiveASTVisitor<CatchFinder> {
      std::vector<const CXXCatchStmt *> Found;
      bool VisitCXXCatchStmt(CXXCatchStmt *Catch) {
        Found.push_back(Catch);
        return true;
      }
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    } Find;
    Find.TraverseStmt(Entry.getBody());
    std::set<Place> Handlers;
    for (const CXXCatchStmt *Catch : Find.Found)
      Handlers.insert(PlaceOf(Catch));
    if (!Handlers.empty()) {
      unsigned Paths = 0;
      for (const auto &[Where, Count] : Throws)
        Paths += Count;
      std::string Places;
      for (const Place &Handler : Handlers)
        Places += (Places.empty() ? "" : ", ") + Spelled(Handler);
      Limits.push_back(("the analyzer does not follow exceptions: " + llvm::Twine(Paths) +
                        (Paths == 1 ? " path ends" : " paths end") + " at a throw (first at " +
                        Spelled(Throws.begin()->first) + "), and the catch handler" +
                        (Handlers.size() == 1 ? " at " : "s at ") + Places +
                        (Handlers.size() == 1 ? " was" : " were") + " not analysed")
                           .str());
    }
  }
  for (const auto &[Where, Count] : Other)
    Limits.push_back((llvm::Twine(Count) + (Count == 1 ? " path ended" : " paths ended") +
                      " at a " + Where.second + " (" + Spelled(Where.first) +
                      ") where the program goes on: nothing after it on them was analysed")
                         .str());
  return Limits;
}

} // namespace

// Work left on the worklist when the exploration ends: the analyzer stopped
// at its node budget (max-nodes), not at the end of every path. And code
// that no path reached because every path ended at the block visit limit.
void AnalysisScope::checkEndAnalysis(ExplodedGraph &Graph, BugReporter &Reporter,
                                     ExprEngine &Engine) const {
  if (!Graph.getRoot())
    return;
  const Decl *Entry = Engine.getRootLocationContext()->getDecl();
  const SourceManager &SM = Reporter.getSourceManager();
  if (!Entry || SM.isInSystemHeader(SM.getFileLoc(Entry->getLocation())))
    return;
  const AnalyzerOptions &Options = Engine.getAnalysisManager().options;
  // The engine explores it again in a cheaper mode, and reports it.
  if (!Engine.hasEmptyWorkList()) {
    if (ExplorationRound *Over = explorationRound(Engine.getAnalysisManager()))
      Over->OverBudget.push_back(Entry);
    return;
  }
  for (const std::string &Limit : pathsEndedShort(Graph, Engine, *Entry, SM))
    Reporter.EmitBasicReport(Entry, this, "analysis stopped short", "cudalint", Limit,
                             PathDiagnosticLocation::createBegin(Entry, SM));
  if (std::optional<std::pair<unsigned, unsigned>> Lost =
          codeLostAtTheVisitLimit(Graph, Engine, SM))
    Reporter.EmitBasicReport(
        Entry, this, "analysis stopped short", "cudalint",
        ("no path left the loop at line " + llvm::Twine(Lost->first) +
         " (the analyzer enters a block at most " + llvm::Twine(Options.maxBlockVisitOnPath) +
         " times on one path): nothing from line " + llvm::Twine(Lost->second) + " on was analysed")
            .str(),
        PathDiagnosticLocation::createBegin(Entry, SM));
}

} // namespace

bool followsIntoBody(const CallEvent &Call, CheckerContext &C) {
  const Decl *Definition = Call.getRuntimeDefinition().getDecl();
  if (!Definition || !Definition->hasBody())
    return false;
  const auto *Scope = C.getAnalysisManager().getCheckerManager()->getChecker<AnalysisScope>();
  return Scope->followsCallees() && !Scope->evaluatesWithoutBody(Call, C.getSourceManager());
}

bool givenUpByTheMode(const CallEvent &Call, CheckerContext &C) {
  const auto *Definition = dyn_cast_or_null<FunctionDecl>(Call.getRuntimeDefinition().getDecl());
  if (!Definition || !Definition->hasBody() || Call.isInSystemHeader())
    return false;
  const SourceManager &SM = C.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Definition->getLocation())))
    return false;
  const auto *Scope = C.getAnalysisManager().getCheckerManager()->getChecker<AnalysisScope>();
  return Scope->givesUp(*Definition);
}

llvm::StringRef describeFallback(Exploration Mode) {
  switch (Mode) {
  case Exploration::Full:
    return "";
  case Exploration::CudaCalleesOnly:
    return "callees that do not reach the CUDA API were not followed";
  case Exploration::NoCallees:
    return "no callee was followed";
  case Exploration::FewerLoopPasses:
    return "no callee was followed, and loops were left after one pass";
  }
  llvm_unreachable("every mode is described");
}

ExplorationRound *explorationRound(AnalysisManager &Manager) {
  for (const std::unique_ptr<PathDiagnosticConsumer> &Consumer :
       Manager.getPathDiagnosticConsumers())
    if (Consumer->getName() == memory::UnitApiCarrier::Name)
      return &static_cast<const memory::UnitApiCarrier &>(*Consumer).round();
  return nullptr;
}

void registerAnalysisScope(CheckerRegistry &Registry) {
  Registry.addChecker<AnalysisScope>(
      AnalysisScopeCheckerName,
      "Skips functions that cannot reach the CUDA API; reports functions "
      "whose exploration stopped at the node budget",
      "", /*IsHidden=*/true);
}

} // namespace cudalint
