// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LaunchConfigCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/Support/FormatVariadic.h"

#include <memory>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

// The launches and the raises of kernels' limits in a function and in the
// code it holds (its lambdas, its local classes), in the order they appear.
// A plain walk, because ggml's template units define thousands of device
// functions: on mmq-instance-q4_0.cu the check took 92 ms with a
// forEachDescendant matcher over every function and 35 ms with this walk
// (matching and checking, as MatchFinder's profiling counts them).
class LaunchSites : public RecursiveASTVisitor<LaunchSites> {
public:
  explicit LaunchSites(const CudaApi &Api) : Api(Api) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CUDAKernelCallExpr>(Call)) {
      Sites.push_back({Call, /*Raise=*/false});
    } else if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      if (Api.launch(Callee))
        Sites.push_back({Call, /*Raise=*/false});
      else if (Api.functionAttribute(Callee))
        Sites.push_back({Call, /*Raise=*/true});
    }
    return true;
  }

  struct Site {
    const CallExpr *Call;
    bool Raise;
  };
  std::vector<Site> Sites;

private:
  const CudaApi &Api;
};

constexpr char DimensionNames[3] = {'x', 'y', 'z'};
constexpr unsigned DeepestEvaluation = 8;

// How a function uses a local cudaLaunchConfig_t: the references to it that
// are accounted for (a field assigned, a field read, its address handed to a
// launch), the assignments to each field that are whole statements of the
// function body, and the fields written any other way.
class ConfigUses : public RecursiveASTVisitor<ConfigUses> {
public:
  ConfigUses(const VarDecl &Config, const CudaApi &Api) : Config(Config), Api(Api) {}

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    References += Ref->getDecl() == &Config;
    return true;
  }

  // Assignments inside a lambda happen whenever it is called.
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    ++InLambda;
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(Lambda);
    --InLambda;
    return Result;
  }

  bool VisitBinaryOperator(BinaryOperator *Binary) {
    if (Binary->isAssignmentOp() || Binary->isCompoundAssignmentOp())
      assigned(*Binary, Binary->getLHS(), Binary->getRHS(), Binary->getOpcode() == BO_Assign);
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->isAssignmentOp() && Call->getNumArgs() == 2)
      assigned(*Call, Call->getArg(0), Call->getArg(1), Call->getOperator() == OO_Equal);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Unary) {
    if (Unary->isIncrementDecrementOp())
      if (const FieldDecl *Field = fieldOf(Unary->getSubExpr(), nullptr)) {
        Clobbered.insert(Field);
        ++Accounted;
      }
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue && fieldOf(Cast->getSubExpr(), nullptr))
      ++Accounted;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const LaunchApi *Launch = Api.launch(Call->getDirectCallee());
    if (!Launch || Launch->Shape != LaunchShape::ConfigStruct || Call->getNumArgs() <= Launch->Grid)
      return true;
    const auto *AddressOf =
        dyn_cast<UnaryOperator>(Call->getArg(Launch->Grid)->IgnoreParenImpCasts());
    if (AddressOf && AddressOf->getOpcode() == UO_AddrOf)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(AddressOf->getSubExpr()->IgnoreParens());
          Ref && Ref->getDecl() == &Config)
        ++Accounted;
    return true;
  }

  // The statement of the function body being walked.
  const Stmt *Outermost = nullptr;
  unsigned References = 0, Accounted = 0;
  llvm::DenseMap<const FieldDecl *, std::vector<std::pair<const Stmt *, const Expr *>>> Assignments;
  llvm::DenseSet<const FieldDecl *> Clobbered;

private:
  // The field of the configuration that `E` (config.blockDim, config.blockDim.x)
  // lies in; `Whole` tells whether E is the field itself.
  const FieldDecl *fieldOf(const Expr *E, bool *Whole) {
    const FieldDecl *Field = nullptr;
    bool IsWhole = true;
    E = E->IgnoreParenImpCasts();
    while (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Field)
        IsWhole = false;
      Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
      E = Member->getBase()->IgnoreParenImpCasts();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    if (!Field || !Ref || Ref->getDecl() != &Config)
      return nullptr;
    if (Whole)
      *Whole = IsWhole;
    return Field;
  }

  // Only an assignment that is a whole statement of the function body is
  // known to happen, once, before what follows it.
  void assigned(const Expr &Assignment, const Expr *Target, const Expr *Value, bool Plain) {
    bool Whole = false;
    const FieldDecl *Field = fieldOf(Target, &Whole);
    if (!Field)
      return;
    ++Accounted;
    const Stmt *Statement = Outermost;
    if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Statement))
      Statement = Cleanups->getSubExpr();
    if (Plain && Whole && InLambda == 0 && Statement == &Assignment)
      Assignments[Field].emplace_back(Outermost, Value);
    else
      Clobbered.insert(Field);
  }

  const VarDecl &Config;
  const CudaApi &Api;
  unsigned InLambda = 0;
};

// The values a launch configuration takes where the source fixes them:
// integer constant expressions (template arguments of the instantiation
// included), constexpr and const variables, local variables of the launching
// function that nothing modifies after their initialisation (clang's
// ExprMutationAnalyzer, as clang-tidy's const checks use it), arithmetic on
// those, and dim3 values and cudaLaunchConfig_t aggregates built from them.
// A value known here is the value at every launch, on every path.
class LaunchValues {
public:
  // `Mutations` is the function's mutation analysis, made on first use and
  // kept by the caller for the function's other launches.
  LaunchValues(const FunctionDecl &Function, ASTContext &Context, const CudaApi &Api,
               std::unique_ptr<FunctionMutations> &Mutations)
      : Function(Function), Context(Context), Api(Api), Mutations(Mutations) {}

  // The kernel a launch API's argument names (`kernel`, `(void *)kernel`,
  // `reinterpret_cast<const void *>(&kernel<float>)`), directly or through a
  // local that holds it and that nothing in the function modifies (`auto
  // kernel = scan<float, 256>; cudaLaunchCooperativeKernel((void *)kernel,
  // ...)`).
  const FunctionDecl *kernel(const Expr *E) {
    for (unsigned Depth = 0; E && Depth <= DeepestEvaluation; ++Depth) {
      E = E->IgnoreParenCasts();
      if (const auto *AddressOf = dyn_cast<UnaryOperator>(E);
          AddressOf && AddressOf->getOpcode() == UO_AddrOf)
        E = AddressOf->getSubExpr()->IgnoreParenCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(E);
      if (!Ref)
        return nullptr;
      if (const auto *Function = dyn_cast<FunctionDecl>(Ref->getDecl()))
        return Function;
      const VarDecl *Variable = fixedVariable(Ref);
      E = Variable ? Variable->getInit() : nullptr;
    }
    return nullptr;
  }

  std::optional<uint64_t> integer(const Expr *E, unsigned Depth = 0) {
    std::optional<llvm::APSInt> Value = evaluate(E, Depth);
    if (!Value || Value->isNegative())
      return std::nullopt;
    return Value->getLimitedValue();
  }

  LaunchConfigCheck::Dimensions dim3(const Expr *E, unsigned Depth = 0) {
    LaunchConfigCheck::Dimensions None;
    if (!E || Depth > DeepestEvaluation || E->isValueDependent() || E->isTypeDependent() ||
        E->containsErrors())
      return None;
    E = E->IgnoreParens();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      return dim3(Cleanups->getSubExpr(), Depth);
    if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
      return dim3(Temporary->getSubExpr(), Depth);
    if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      return dim3(Bind->getSubExpr(), Depth);
    if (const auto *Cast = dyn_cast<CastExpr>(E))
      if (Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_LValueToRValue ||
          Cast->getCastKind() == CK_ConstructorConversion)
        return dim3(Cast->getSubExpr(), Depth);
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      const CXXConstructorDecl *Constructor = Construct->getConstructor();
      if (Constructor->isCopyOrMoveConstructor() && Construct->getNumArgs() >= 1)
        return dim3(Construct->getArg(0), Depth + 1);
      LaunchConfigCheck::Dimensions Result;
      // dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1); dim3(uint3)
      // takes a vector, which stays unknown.
      if (Construct->getNumArgs() > 3)
        return None;
      for (unsigned I = 0; I < Construct->getNumArgs(); ++I) {
        if (!Construct->getArg(I)->getType()->isIntegerType())
          return None;
        Result[I] = integer(Construct->getArg(I), Depth + 1);
      }
      for (unsigned I = Construct->getNumArgs(); I < 3; ++I)
        Result[I] = 1;
      return Result;
    }
    if (const VarDecl *Variable = fixedVariable(E))
      return dim3(Variable->getInit(), Depth + 1);
    return None;
  }

  // A cudaLaunchConfig_t's grid, block and dynamic shared memory, from the
  // `&config` handed to cudaLaunchKernelEx: each field's value is the one
  // assigned to it once, in a statement of the function's own body before
  // the launch (`config.blockDim = 256;`), or else its initialiser's. Any
  // other use of the variable (its address kept, a field assigned twice or in
  // a branch) leaves the configuration unknown.
  void configStruct(const Expr *E, const CallExpr &Call, LaunchConfigCheck::Configuration &Launch) {
    const auto *AddressOf = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
    if (!AddressOf || AddressOf->getOpcode() != UO_AddrOf)
      return;
    const auto *Ref = dyn_cast<DeclRefExpr>(AddressOf->getSubExpr()->IgnoreParens());
    const auto *Config = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const RecordDecl *Record = Config ? Config->getType()->getAsRecordDecl() : nullptr;
    if (!Record || !Config->hasLocalStorage() || isa<ParmVarDecl>(Config) ||
        Config->getParentFunctionOrMethod() != &Function || !Function.getBody())
      return;
    ConfigUses Uses(*Config, Api);
    const auto *Body = dyn_cast<CompoundStmt>(Function.getBody());
    if (!Body)
      return;
    for (Stmt *Statement : Body->body()) {
      Uses.Outermost = Statement;
      Uses.TraverseStmt(Statement);
    }
    if (Uses.References != Uses.Accounted)
      return;
    const auto *Fields =
        Config->getInit() ? dyn_cast<InitListExpr>(Config->getInit()->IgnoreImplicit()) : nullptr;
    unsigned Index = 0;
    for (const FieldDecl *Field : Record->fields()) {
      const Expr *Value = nullptr;
      if (Fields && Index < Fields->getNumInits())
        Value = Fields->getInit(Index);
      ++Index;
      auto Assigned = Uses.Assignments.find(Field);
      if (Uses.Clobbered.contains(Field))
        continue;
      if (Assigned != Uses.Assignments.end()) {
        if (Assigned->second.size() != 1)
          continue;
        auto [Statement, Assignment] = Assigned->second.front();
        if (!Context.getSourceManager().isBeforeInTranslationUnit(Statement->getBeginLoc(),
                                                                  Call.getBeginLoc()))
          continue;
        Value = Assignment;
      }
      if (!Value)
        continue;
      if (Field->getName() == "gridDim") {
        Launch.Grid = dim3(Value);
        Launch.GridAt = Value->getExprLoc();
      } else if (Field->getName() == "blockDim") {
        Launch.Block = dim3(Value);
        Launch.BlockAt = Value->getExprLoc();
      } else if (Field->getName() == "dynamicSmemBytes") {
        Launch.SharedMemory = integer(Value);
        Launch.SharedMemoryAt = Value->getExprLoc();
      }
    }
  }

private:
  std::optional<llvm::APSInt> evaluate(const Expr *E, unsigned Depth) {
    if (!E || Depth > DeepestEvaluation || E->isValueDependent() || E->isTypeDependent() ||
        E->containsErrors() || !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Expr::EvalResult Result;
    if (E->EvaluateAsInt(Result, Context))
      return Result.Val.getInt();
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
      case CK_NoOp:
        return evaluate(Cast->getSubExpr(), Depth);
      case CK_IntegralCast:
        if (std::optional<llvm::APSInt> Value = evaluate(Cast->getSubExpr(), Depth))
          return convert(*Value, Cast->getType());
        return std::nullopt;
      default:
        return std::nullopt;
      }
    }
    if (const auto *Binary = dyn_cast<BinaryOperator>(E))
      return arithmetic(*Binary, Depth);
    if (const VarDecl *Variable = fixedVariable(E))
      return evaluate(Variable->getInit(), Depth + 1);
    return std::nullopt;
  }

  llvm::APSInt convert(const llvm::APSInt &Value, QualType Type) {
    llvm::APSInt Converted = Value.extOrTrunc(Context.getIntWidth(Type));
    Converted.setIsUnsigned(Type->isUnsignedIntegerOrEnumerationType());
    return Converted;
  }

  std::optional<llvm::APSInt> arithmetic(const BinaryOperator &Binary, unsigned Depth) {
    std::optional<llvm::APSInt> Left = evaluate(Binary.getLHS(), Depth + 1);
    std::optional<llvm::APSInt> Right = Left ? evaluate(Binary.getRHS(), Depth + 1) : std::nullopt;
    if (!Left || !Right)
      return std::nullopt;
    // In 128 bits, so that nothing a launch can name overflows.
    llvm::APSInt L = Left->extend(128), R = Right->extend(128);
    L.setIsSigned(true);
    R.setIsSigned(true);
    llvm::APSInt Value;
    switch (Binary.getOpcode()) {
    case BO_Add:
      Value = L + R;
      break;
    case BO_Sub:
      Value = L - R;
      break;
    case BO_Mul:
      Value = L * R;
      break;
    case BO_Div:
      if (R == 0)
        return std::nullopt;
      Value = L / R;
      break;
    case BO_Shl:
      if (R.isNegative() || R.getExtValue() >= 64)
        return std::nullopt;
      Value = L << static_cast<unsigned>(R.getExtValue());
      break;
    default:
      return std::nullopt;
    }
    return convert(Value, Binary.getType());
  }

  // A variable whose initialiser is its value wherever it is read: a local of
  // the launching function that nothing in it modifies, or a const variable
  // of any storage.
  const VarDecl *fixedVariable(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *Variable = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Variable || !Variable->getInit() || isa<ParmVarDecl>(Variable) ||
        Variable->getType().isVolatileQualified())
      return nullptr;
    if (Variable->getType().isConstQualified())
      return Variable;
    if (!Variable->hasLocalStorage() || Variable->getParentFunctionOrMethod() != &Function ||
        !Function.getBody())
      return nullptr;
    if (!Mutations)
      Mutations = std::make_unique<FunctionMutations>(*Function.getBody(), Function, Context);
    return Mutations->isMutated(Variable) ? nullptr : Variable;
  }

  const FunctionDecl &Function;
  ASTContext &Context;
  const CudaApi &Api;
  std::unique_ptr<FunctionMutations> &Mutations;
};

// Raises are looked up per kernel and per template: a raise for one
// instantiation is taken to cover the others.
const Decl *raiseKey(const FunctionDecl &Kernel) {
  if (const FunctionTemplateDecl *Template = Kernel.getPrimaryTemplate())
    return Template->getCanonicalDecl();
  return Kernel.getCanonicalDecl();
}

std::string kibibytes(uint64_t Bytes) {
  if (Bytes % 1024 == 0)
    return llvm::formatv("{0} bytes ({1} KiB)", Bytes, Bytes / 1024).str();
  return llvm::formatv("{0} bytes", Bytes).str();
}

} // namespace

LaunchConfigCheck::LaunchConfigCheck(CheckContext &Context)
    : CudaCheck(Id, Context), Targets(Context.gpuTargets()) {}

void LaunchConfigCheck::registerMatchers(MatchFinder &Finder) {
  // Each launch is judged with the function it is in, whose local variables
  // give its values: the function is matched and its code walked here
  // (LaunchSites), where a matcher on the calls would need a parent map of
  // the whole unit to find their function.
  Finder.addMatcher(
      functionDecl(isDefinition(), unless(isExpansionInSystemHeader())).bind("function"), this);
}

void LaunchConfigCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (!Function || Function->isDependentContext())
    return;
  LaunchSites Walk(api());
  Walk.TraverseDecl(const_cast<FunctionDecl *>(Function));
  for (const LaunchSites::Site &Site : Walk.Sites)
    checkSite(*Site.Call, Site.Raise, *Function, *Result.Context);
}

void LaunchConfigCheck::checkSite(const CallExpr &Site, bool Raise, const FunctionDecl &Function,
                                  ASTContext &Context) {
  if (Raise) {
    if (const FunctionAttributeApi *Api = api().functionAttribute(Site.getDirectCallee()))
      Raises.record(Site, *Api, Function, Context, api(), MutationAnalyses[&Function]);
    return;
  }
  std::optional<Configuration> Launch =
      configurationInSource(Site, Function, Context, api(), MutationAnalyses[&Function]);
  if (!Launch)
    return;
  bool SharedMemoryReported = false;
  for (const Problem &Found : problemsOf(*Launch, Targets, Context)) {
    SharedMemoryReported |= Found.Of == SharedMemoryAspect;
    if (reportOnce(*Launch, Found.Of))
      report(Found);
  }
  if (!SharedMemoryReported && asksOverDefaultSharedMemory(*Launch))
    OverDefaultSharedMemory.push_back(*Launch);
}

std::optional<LaunchConfigCheck::Configuration>
LaunchConfigCheck::configurationInSource(const Expr &LaunchExpr, const FunctionDecl &Function,
                                         ASTContext &Context, const CudaApi &Api,
                                         std::unique_ptr<FunctionMutations> &Mutations) {
  LaunchValues Values(Function, Context, Api, Mutations);
  Configuration Launch;
  if (const auto *Kernel = dyn_cast<CUDAKernelCallExpr>(&LaunchExpr)) {
    std::optional<CudaApi::KernelLaunchConfig> Config = CudaApi::launchConfig(Kernel);
    if (!Config)
      return std::nullopt;
    Launch.Launch = Kernel->getBeginLoc();
    Launch.Kernel = Kernel->getDirectCallee();
    Launch.Grid = Values.dim3(Config->Grid);
    Launch.GridAt = Config->Grid->getExprLoc();
    Launch.Block = Values.dim3(Config->Block);
    Launch.BlockAt = Config->Block->getExprLoc();
    if (Config->SharedMemory && !isa<CXXDefaultArgExpr>(Config->SharedMemory)) {
      Launch.SharedMemory = Values.integer(Config->SharedMemory);
      Launch.SharedMemoryAt = Config->SharedMemory->getExprLoc();
    }
    return Launch;
  }
  const auto *Call = dyn_cast<CallExpr>(&LaunchExpr);
  const LaunchApi *Launcher = Call ? Api.launch(Call->getDirectCallee()) : nullptr;
  if (!Launcher || Call->getNumArgs() <= std::max(Launcher->Grid, Launcher->Block))
    return std::nullopt;
  Launch.Launch = Call->getBeginLoc();
  if (Launcher->Kernel && *Launcher->Kernel < Call->getNumArgs())
    Launch.Kernel = Values.kernel(Call->getArg(*Launcher->Kernel));
  Launch.ThroughDriverApi = !Launcher->Kernel;
  switch (Launcher->Shape) {
  case LaunchShape::Dim3Arguments:
    Launch.Grid = Values.dim3(Call->getArg(Launcher->Grid));
    Launch.GridAt = Call->getArg(Launcher->Grid)->getExprLoc();
    Launch.Block = Values.dim3(Call->getArg(Launcher->Block));
    Launch.BlockAt = Call->getArg(Launcher->Block)->getExprLoc();
    break;
  case LaunchShape::IntegerArguments:
    if (Call->getNumArgs() <= std::max(Launcher->Grid, Launcher->Block) + 2)
      return std::nullopt;
    for (unsigned I = 0; I < 3; ++I) {
      Launch.Grid[I] = Values.integer(Call->getArg(Launcher->Grid + I));
      Launch.Block[I] = Values.integer(Call->getArg(Launcher->Block + I));
    }
    Launch.GridAt = Call->getArg(Launcher->Grid)->getExprLoc();
    Launch.BlockAt = Call->getArg(Launcher->Block)->getExprLoc();
    break;
  case LaunchShape::ConfigStruct:
    Values.configStruct(Call->getArg(Launcher->Grid), *Call, Launch);
    break;
  }
  if (Launcher->SharedMemory && *Launcher->SharedMemory < Call->getNumArgs()) {
    Launch.SharedMemory = Values.integer(Call->getArg(*Launcher->SharedMemory));
    Launch.SharedMemoryAt = Call->getArg(*Launcher->SharedMemory)->getExprLoc();
  }
  return Launch;
}

namespace {

std::optional<LaunchConfigCheck::Problem>
gridProblem(const LaunchConfigCheck::Configuration &Launch) {
  const LaunchLimits &Limits = CudaApi::launchLimits();
  for (unsigned I = 0; I < 3; ++I) {
    if (!Launch.Grid[I])
      continue;
    uint64_t Value = *Launch.Grid[I];
    if (Value != 0 && Value <= Limits.MaxGridDimensions[I])
      continue;
    std::string Problem = Value == 0
                              ? llvm::formatv("a grid of 0 blocks in {0}", DimensionNames[I]).str()
                              : llvm::formatv("a grid of {0} blocks in {1}, over the limit of {2}",
                                              Value, DimensionNames[I], Limits.MaxGridDimensions[I])
                                    .str();
    return LaunchConfigCheck::Problem{LaunchConfigCheck::GridAspect,
                                      Launch.GridAt,
                                      "launch of " + LaunchConfigCheck::kernelName(Launch) +
                                          " asks for " + Problem + "; " +
                                          LaunchConfigCheck::failure(Launch),
                                      {},
                                      {}};
  }
  return std::nullopt;
}

std::optional<LaunchConfigCheck::Problem>
blockProblem(const LaunchConfigCheck::Configuration &Launch, ASTContext &Context) {
  const LaunchLimits &Limits = CudaApi::launchLimits();
  std::string Zero, OverDimension;
  uint64_t Threads = 1;
  bool AllKnown = true;
  for (unsigned I = 0; I < 3; ++I) {
    if (!Launch.Block[I]) {
      AllKnown = false;
      continue;
    }
    uint64_t Value = *Launch.Block[I];
    if (Zero.empty() && Value == 0)
      Zero = llvm::formatv("a block of 0 threads in {0}", DimensionNames[I]).str();
    else if (OverDimension.empty() && Value > Limits.MaxBlockDimensions[I])
      OverDimension = llvm::formatv("a block of {0} threads in {1}, over the limit of {2}", Value,
                                    DimensionNames[I], Limits.MaxBlockDimensions[I])
                          .str();
    Threads = std::min<uint64_t>(Threads * std::min<uint64_t>(Value, 1u << 31), 1ull << 62);
  }
  // An unknown dimension is at least 1 (0 fails too): the known ones bound
  // the block from below.
  std::string Problem = Zero;
  if (Problem.empty() && Threads > Limits.MaxThreadsPerBlock)
    Problem = llvm::formatv("{0}{1} threads per block; no CUDA GPU runs more than {2}",
                            AllKnown ? "" : "at least ", Threads, Limits.MaxThreadsPerBlock)
                  .str();
  if (Problem.empty())
    Problem = OverDimension;
  if (!Problem.empty())
    return LaunchConfigCheck::Problem{LaunchConfigCheck::BlockAspect,
                                      Launch.BlockAt,
                                      "launch of " + LaunchConfigCheck::kernelName(Launch) +
                                          " asks for " + Problem + "; " +
                                          LaunchConfigCheck::failure(Launch),
                                      {},
                                      {}};
  if (!Launch.Kernel)
    return std::nullopt;
  const auto *Bounds = Launch.Kernel->getAttr<CUDALaunchBoundsAttr>();
  if (!Bounds || !Bounds->getMaxThreads())
    return std::nullopt;
  Expr::EvalResult Result;
  const Expr *MaxThreads = Bounds->getMaxThreads();
  if (MaxThreads->isValueDependent() || !MaxThreads->EvaluateAsInt(Result, Context))
    return std::nullopt;
  llvm::APSInt Bound = Result.Val.getInt();
  if (Bound.isNegative() || Threads <= Bound.getLimitedValue())
    return std::nullopt;
  return LaunchConfigCheck::Problem{
      LaunchConfigCheck::BlockAspect, Launch.BlockAt,
      llvm::formatv("launch of {0} asks for {1}{2} threads per block, more than the {3} "
                    "its __launch_bounds__ allows; {4}",
                    LaunchConfigCheck::kernelName(Launch), AllKnown ? "" : "at least ", Threads,
                    Bound.getLimitedValue(), LaunchConfigCheck::failure(Launch))
          .str(),
      Bounds->getLocation(),
      llvm::formatv("'{0}' is declared with __launch_bounds__({1}) here", Launch.Kernel->getName(),
                    Bound.getLimitedValue())
          .str()};
}

std::optional<LaunchConfigCheck::Problem>
sharedMemoryProblem(const LaunchConfigCheck::Configuration &Launch,
                    llvm::ArrayRef<GpuTarget> Targets) {
  if (!Launch.SharedMemory)
    return std::nullopt;
  uint64_t Bytes = *Launch.SharedMemory;
  // The launch fails on every GPU that runs the unit's code when it asks for
  // more than the largest of their limits. One architecture's smaller limit
  // is not enough: code built for several picks its kernels by the device's
  // limits at run time.
  uint64_t Largest = CudaApi::largestOptInSharedMemoryPerBlock();
  uint64_t Limit = Targets.empty() ? Largest : 0;
  std::string Names;
  for (const GpuTarget &Target : Targets) {
    std::optional<uint64_t> Bound =
        CudaApi::optInSharedMemoryPerBlock(Target.Arch, Target.EmbedsPtx);
    Limit = std::max(Limit, Bound.value_or(Largest));
    Names += (Names.empty() ? "" : ", ") + Target.Arch;
  }
  if (Bytes <= Limit)
    return std::nullopt;
  std::string Where = Limit == Largest
                          ? "no CUDA GPU gives a block more than " + kibibytes(Limit)
                          : "no GPU this unit is built for (" + Names +
                                ", without PTX for later GPUs) gives a block more than " +
                                kibibytes(Limit);
  return LaunchConfigCheck::Problem{
      LaunchConfigCheck::SharedMemoryAspect,
      Launch.SharedMemoryAt,
      llvm::formatv("launch of {0} asks for {1} bytes of dynamic shared memory; {2}, even "
                    "with the kernel's limit raised; {3}",
                    LaunchConfigCheck::kernelName(Launch), Bytes, Where,
                    LaunchConfigCheck::failure(Launch))
          .str(),
      {},
      {}};
}

} // namespace

std::vector<LaunchConfigCheck::Problem>
LaunchConfigCheck::problemsOf(const Configuration &Launch, llvm::ArrayRef<GpuTarget> Targets,
                              ASTContext &Context) {
  std::vector<Problem> Problems;
  for (std::optional<Problem> Found :
       {gridProblem(Launch), blockProblem(Launch, Context), sharedMemoryProblem(Launch, Targets)})
    if (Found)
      Problems.push_back(std::move(*Found));
  return Problems;
}

bool LaunchConfigCheck::asksOverDefaultSharedMemory(const Configuration &Launch) {
  return Launch.SharedMemory &&
         *Launch.SharedMemory > CudaApi::launchLimits().DefaultDynamicSharedMemory;
}

void LaunchConfigCheck::LimitRaises::record(const CallExpr &Call, const FunctionAttributeApi &Api,
                                            const FunctionDecl &Function, ASTContext &Context,
                                            const CudaApi &Table,
                                            std::unique_ptr<FunctionMutations> &Mutations) {
  if (Call.getNumArgs() <= std::max({Api.Function, Api.Attribute, Api.Value}))
    return;
  LaunchValues Values(Function, Context, Table, Mutations);
  // The attribute, by its enumerator's name where the call names one, or by
  // the value of the enumerator of that name in the parameter's enum.
  const Expr *Attribute = Call.getArg(Api.Attribute)->IgnoreParenImpCasts();
  bool Raises = false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Attribute);
      Ref && isa<EnumConstantDecl>(Ref->getDecl())) {
    Raises = Ref->getDecl()->getName() == Api.RaisesSharedMemoryLimit;
  } else if (std::optional<uint64_t> Value = Values.integer(Attribute)) {
    QualType Parameter = Call.getDirectCallee()->getParamDecl(Api.Attribute)->getType();
    if (const auto *Enum = Parameter->getAs<EnumType>())
      for (const EnumConstantDecl *Enumerator : Enum->getDecl()->enumerators())
        if (Enumerator->getName() == Api.RaisesSharedMemoryLimit)
          Raises = Enumerator->getInitVal() == *Value;
  } else {
    Raises = true; // an attribute the source does not fix may be this one
  }
  if (!Raises)
    return;
  if (Api.TakesHandle) {
    SomeDriverLimitRaised = true;
    return;
  }
  const FunctionDecl *Kernel = Values.kernel(Call.getArg(Api.Function));
  if (!Kernel) {
    SomeLimitRaisedUnknowingly = true;
    return;
  }
  std::optional<uint64_t> Value = Values.integer(Call.getArg(Api.Value));
  auto [It, Inserted] = RaisedLimits.try_emplace(raiseKey(*Kernel), Value);
  if (!Inserted)
    It->second = It->second && Value ? std::optional(std::max(*It->second, *Value)) : std::nullopt;
}

std::optional<LaunchConfigCheck::Problem>
LaunchConfigCheck::LimitRaises::overDefault(const Configuration &Launch) const {
  if (!asksOverDefaultSharedMemory(Launch))
    return std::nullopt;
  uint64_t Default = CudaApi::launchLimits().DefaultDynamicSharedMemory;
  uint64_t Bytes = *Launch.SharedMemory;
  std::string Raise;
  if (Launch.ThroughDriverApi) {
    if (SomeDriverLimitRaised || SomeLimitRaisedUnknowingly)
      return std::nullopt;
    Raise = "cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, "
            "bytes)";
  } else {
    if (!Launch.Kernel || SomeLimitRaisedUnknowingly)
      return std::nullopt;
    Raise = "cudaFuncSetAttribute(" + Launch.Kernel->getNameAsString() +
            ", cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)";
    auto It = RaisedLimits.find(raiseKey(*Launch.Kernel));
    if (It != RaisedLimits.end()) {
      if (!It->second || *It->second >= Bytes)
        return std::nullopt;
      return Problem{SharedMemoryAspect,
                     Launch.SharedMemoryAt,
                     llvm::formatv("launch of {0} asks for {1} bytes of dynamic shared memory, "
                                   "more than the {2} bytes its limit is raised to with {3}; {4}",
                                   kernelName(Launch), Bytes, *It->second, Raise, failure(Launch))
                         .str(),
                     {},
                     {}};
    }
  }
  return Problem{SharedMemoryAspect,
                 Launch.SharedMemoryAt,
                 llvm::formatv("launch of {0} asks for {1} bytes of dynamic shared memory, over "
                               "the {2} a kernel may use unless {3} raises its limit first, and "
                               "nothing in this unit does; {4}",
                               kernelName(Launch), Bytes, kibibytes(Default), Raise,
                               failure(Launch))
                     .str(),
                 {},
                 {}};
}

void LaunchConfigCheck::onEndOfTranslationUnit() {
  MutationAnalyses.clear();
  for (const Configuration &Launch : OverDefaultSharedMemory)
    if (std::optional<Problem> Found = Raises.overDefault(Launch))
      if (reportOnce(Launch, SharedMemoryAspect))
        report(*Found);
}

void LaunchConfigCheck::report(const Problem &Found) {
  FindingBuilder Finding = diag(Found.At, Found.Message);
  if (Found.NoteAt.isValid())
    Finding.note(Found.NoteAt, Found.Note);
}

bool LaunchConfigCheck::reportOnce(const Configuration &Launch, unsigned Aspect) {
  return Reported.emplace(Launch.Launch.getRawEncoding(), Aspect).second;
}

std::string LaunchConfigCheck::kernelName(const Configuration &Launch) {
  if (Launch.Kernel && Launch.Kernel->getIdentifier())
    return "'" + Launch.Kernel->getName().str() + "'";
  return "the kernel";
}

std::string LaunchConfigCheck::failure(const Configuration &Launch) {
  return std::string("the launch fails with ") +
         (Launch.ThroughDriverApi ? "CUDA_ERROR_INVALID_VALUE" : "cudaErrorInvalidValue") +
         " and the kernel never runs";
}

} // namespace cudalint
