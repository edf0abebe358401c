#include "AnalysisScope.h"

#include "CudaApi.h"
#include "MemoryModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/AnalysisManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ExprEngine.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdlib>
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <vector>

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

// The destructor that runs when an object of `Type` (or each element of an
// array of it) dies.
const FunctionDecl *destructorOf(QualType Type) {
  if (Type.isNull())
    return nullptr;
  const CXXRecordDecl *Record =
      Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->hasTrivialDestructor())
    return nullptr;
  return Record->getDestructor();
}

// Every function definition of the unit, wherever it comes from: template
// instantiations, implicit special members, lambdas' call operators and the
// methods of local classes are entry points of the analyzer too.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  explicit DefinitionCollector(std::vector<const FunctionDecl *> &Found)
      : Found(Found) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->doesThisDeclarationHaveABody() &&
        !Function->isDependentContext())
      Found.push_back(Function->getCanonicalDecl());
    return true;
  }

private:
  std::vector<const FunctionDecl *> &Found;
};

// One function's code as the analyzer runs it: the functions it may enter
// (called directly or as operators, constructed or destroyed through, named
// as a callback, lambdas it creates) and whether it uses the CUDA API itself.
// Over-approximates: naming a function counts as calling it, and a lambda's
// or a local class's code counts as the enclosing function's as well.
class CodeScanner : public RecursiveASTVisitor<CodeScanner> {
public:
  using Enter = llvm::function_ref<void(const FunctionDecl *)>;
  using UseCuda = llvm::function_ref<void()>;

  CodeScanner(Enter Entered, UseCuda UsedCuda)
      : Entered(Entered), UsedCuda(UsedCuda) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  bool VisitDeclRefExpr(DeclRefExpr *Reference) {
    if (const auto *Function = dyn_cast<FunctionDecl>(Reference->getDecl()))
      Entered(Function);
    else if (const auto *Variable = dyn_cast<VarDecl>(Reference->getDecl());
             Variable && Variable->hasGlobalStorage() &&
             CudaApi::staticStorageFamily(*Variable) !=
                 MemoryFamily::PageableHost)
      UsedCuda();
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
    Entered(New->getOperatorNew());
    Entered(New->getOperatorDelete());
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
    Entered(Delete->getOperatorDelete());
    Entered(destructorOf(Delete->getDestroyedType()));
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    if (const FunctionTemplateDecl *Generic =
            Lambda->getDependentCallOperator()) {
      for (const FunctionDecl *Instance : Generic->specializations())
        Entered(Instance);
    } else {
      Entered(Lambda->getCallOperator());
    }
    return true;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    UsedCuda();
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
  UseCuda UsedCuda;
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
    DefinitionCollector(Pending).TraverseAST(Context);
    std::vector<const FunctionDecl *> UsingCuda;
    llvm::DenseSet<const FunctionDecl *> Entered;
    while (!Pending.empty()) {
      const FunctionDecl *Function = Pending.back();
      Pending.pop_back();
      if (!Scanned.insert(Function).second)
        continue;
      bool Uses = false;
      Entered.clear();
      scan(
          Function,
          [&](const FunctionDecl *Callee) {
            if (!Callee || !Entered.insert(Callee = Callee->getCanonicalDecl())
                                .second)
              return;
            Uses |= isApiCall(Callee);
            Callers[Callee].push_back(Function);
            if (!Scanned.contains(Callee))
              Pending.push_back(Callee);
          },
          [&] { Uses = true; });
      if (Uses)
        UsingCuda.push_back(Function);
    }
    // Backwards from the functions that use CUDA to everything that enters
    // them.
    Reaching.insert(UsingCuda.begin(), UsingCuda.end());
    while (!UsingCuda.empty()) {
      const FunctionDecl *Function = UsingCuda.back();
      UsingCuda.pop_back();
      auto It = Callers.find(Function);
      if (It == Callers.end())
        continue;
      for (const FunctionDecl *Caller : It->second)
        if (Reaching.insert(Caller).second)
          UsingCuda.push_back(Caller);
    }
  }

  // An entry point not seen here (an Objective-C method, a block) is
  // explored: nothing says it cannot reach CUDA.
  bool reachesCuda(const Decl *Entry) const {
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Entry);
    if (!Function)
      return true;
    Function = Function->getCanonicalDecl();
    return Reaching.contains(Function) || !Scanned.contains(Function);
  }

private:
  void scan(const FunctionDecl *Function, CodeScanner::Enter Entered,
            CodeScanner::UseCuda UsedCuda) {
    const FunctionDecl *Definition = Function->getDefinition();
    if (!Definition || Definition->isDependentContext())
      return;
    CodeScanner Scanner(Entered, UsedCuda);
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

  void addOverridden(const CXXMethodDecl *Method, const FunctionDecl *Override) {
    for (const CXXMethodDecl *Overridden : Method->overridden_methods()) {
      Callers[Override].push_back(Overridden->getCanonicalDecl());
      addOverridden(Overridden, Override);
    }
  }

  bool isApiCall(const FunctionDecl *Callee) {
    auto [It, Inserted] = ApiCalls.try_emplace(Callee, false);
    if (Inserted)
      It->second = Api.isCudaApiCall(Callee);
    return It->second;
  }

  const CudaApi &Api;
  llvm::DenseSet<const FunctionDecl *> Scanned;  // canonical declarations
  llvm::DenseSet<const FunctionDecl *> Reaching; // canonical declarations
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<const FunctionDecl *, 4>>
      Callers; // canonical callee -> its callers
  llvm::DenseMap<const FunctionDecl *, bool> ApiCalls;
};

class AnalysisScope
    : public Checker<check::BeginFunction, check::EndAnalysis> {
public:
  void checkBeginFunction(CheckerContext &C) const;
  void checkEndAnalysis(ExplodedGraph &Graph, BugReporter &Reporter,
                        ExprEngine &Engine) const;

private:
  mutable std::unique_ptr<CudaReach> Reach;
};

// Why a sink at the entry, not a filter of the declarations the analyzer is
// given: it is given a namespace or a class as one declaration and
// instantiates templates later, and it orders its entry points by a call
// graph of what it is given, so a filter would change which callees are
// inlined where, and with that the findings. A sink keeps the order and the
// inlining; it costs each skipped function's CFG, which measured nothing
// worth a change: ggml-cuda.cu with every function skipped takes 5.8 s of
// CPU, the AST checks alone 5.6 s.
void AnalysisScope::checkBeginFunction(CheckerContext &C) const {
  if (!C.inTopFrame())
    return;
  const Decl *Entry = C.getLocationContext()->getDecl();
  if (!Reach)
    Reach = std::make_unique<CudaReach>(C.getASTContext(), memory::api());
  if ((Entry && isDeviceOnly(*Entry)) || !Reach->reachesCuda(Entry))
    C.generateSink(C.getState(), C.getPredecessor());
}

// Work left on the worklist when the exploration ends: the analyzer stopped
// at its node budget (max-nodes), not at the end of every path.
void AnalysisScope::checkEndAnalysis(ExplodedGraph &Graph, BugReporter &Reporter,
                                     ExprEngine &Engine) const {
  if (Engine.hasEmptyWorkList() || !Graph.getRoot())
    return;
  const Decl *Entry = Engine.getRootLocationContext()->getDecl();
  const SourceManager &SM = Reporter.getSourceManager();
  if (!Entry || SM.isInSystemHeader(SM.getFileLoc(Entry->getLocation())))
    return;
  unsigned Budget =
      Engine.getAnalysisManager().options.MaxNodesPerTopLevelFunction;
  Reporter.EmitBasicReport(
      Entry, this, "analysis stopped short", "cudalint",
      ("node budget (" + llvm::Twine(Budget) + " nodes) exhausted").str(),
      PathDiagnosticLocation::createBegin(Entry, SM));
}

} // namespace

void registerAnalysisScope(CheckerRegistry &Registry) {
  Registry.addChecker<AnalysisScope>(
      AnalysisScopeCheckerName,
      "Skips functions that cannot reach the CUDA API; reports functions "
      "whose exploration stopped at the node budget",
      "", /*IsHidden=*/true);
}

} // namespace cudalint
