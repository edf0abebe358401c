// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-launch-config, the path-sensitive half: launches whose configuration
// the source leaves open but the path fixes.
//
// A helper that launches with the block size it is given,
// `void scale(float *d, int threads) { scaleKernel<<<1, threads>>>(d); }`,
// called as `scale(d, 2048)`, fails its launch exactly as a literal 2048 does:
// cudaErrorInvalidValue at the launch, cudaSuccess from the next
// cudaDeviceSynchronize(), and a kernel that never ran. The AST half
// (LaunchConfigCheck.cpp) cannot know `threads`; the Static Analyzer, which
// inlines `scale` into its caller, does.
//
// How: before each launch (the `__cudaPushCallConfiguration` call of a
// <<<>>> launch, or a call of CudaApi's launch table from the unit's own
// code), every value the source leaves unknown is read from the state where
// the path fixes it to one value: a dim3's fields from the store, integers
// from the constraints. The configuration so completed is judged by the AST
// half's own rules (LaunchConfigCheck::problemsOf), and a problem is
// reported only for an aspect (grid, block, shared memory) the source alone
// does not already break, so that the two halves never report one launch
// twice. The report lies where the AST half would put it: the argument.
#include "LaunchConfigCheck.h"

#include "AnalyzerEngine.h"
#include "MemoryModel.h"
#include "ReportCrosscheck.h"
#include "shared/FunctionMutations.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"

#include <set>

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

using Configuration = LaunchConfigCheck::Configuration;

// The value of a field (or a field of a field) of the record `Record` holds:
// a dim3 passed by value, or the cudaLaunchConfig_t a pointer points to.
SVal fieldValue(SVal Record, llvm::ArrayRef<llvm::StringRef> Path, QualType RecordType,
                CheckerContext &C) {
  MemRegionManager &Regions = C.getSValBuilder().getRegionManager();
  const SubRegion *Region = nullptr;
  Store Bindings = C.getState()->getStore();
  if (std::optional<nonloc::LazyCompoundVal> Lazy = Record.getAs<nonloc::LazyCompoundVal>()) {
    Region = Lazy->getRegion();
    Bindings = Lazy->getStore();
  } else if (const MemRegion *Pointee = Record.getAsRegion()) {
    Region = dyn_cast<SubRegion>(Pointee);
  }
  const FieldDecl *Field = nullptr;
  for (llvm::StringRef Name : Path) {
    const RecordDecl *Decl = RecordType.isNull() ? nullptr : RecordType->getAsRecordDecl();
    if (!Region || !Decl)
      return UnknownVal();
    Field = nullptr;
    for (const FieldDecl *Candidate : Decl->fields())
      if (Candidate->getName() == Name)
        Field = Candidate;
    if (!Field)
      return UnknownVal();
    Region = Regions.getFieldRegion(Field, Region);
    RecordType = Field->getType();
  }
  if (!Field)
    return UnknownVal();
  return C.getStoreManager().getBinding(Bindings, loc::MemRegionVal(Region), Field->getType());
}

// An integer the path fixes to one value. One with its sign bit set is left
// unknown even where its type is unsigned: it is a negative int converted, an
// error sentinel (`return -1;` from a size helper whose callers check it
// first, as FasterTransformer's getSmemSizeAndCheck) on a path that the
// analysis entered without the caller's check, not a size the code means.
std::optional<uint64_t> knownOnPath(SVal Value, CheckerContext &C) {
  const llvm::APSInt *Known = C.getSValBuilder().getKnownValue(C.getState(), Value);
  if (!Known || Known->isSignBitSet())
    return std::nullopt;
  return Known->getLimitedValue();
}

// A grid or block dimension the path fixes. A zero is left unknown: it is
// what the analyzer assumes where a loop over device attributes does not run
// (the inline body of cudaOccupancyMaxPotentialBlockSize in the toolkit's
// headers leaves its block size 0 when the device's maximum is unknown;
// every zero on cuda-samples was one), and where an empty input takes a path
// on which the code never launches.
std::optional<uint64_t> dimensionOnPath(SVal Value, CheckerContext &C) {
  std::optional<uint64_t> Known = knownOnPath(Value, C);
  return Known == 0u ? std::nullopt : Known;
}

// Fills the dimensions the source leaves unknown from a dim3 on the path;
// true when one was filled.
bool fillDim3(LaunchConfigCheck::Dimensions &Dimensions, SVal Record, QualType Type,
              CheckerContext &C, llvm::StringRef Within = "") {
  static constexpr llvm::StringLiteral Names[3] = {"x", "y", "z"};
  bool Filled = false;
  for (unsigned I = 0; I < 3; ++I) {
    if (Dimensions[I])
      continue;
    SmallVector<llvm::StringRef, 2> Path;
    if (!Within.empty())
      Path.push_back(Within);
    Path.push_back(Names[I]);
    Dimensions[I] = dimensionOnPath(fieldValue(Record, Path, Type, C), C);
    Filled |= Dimensions[I].has_value();
  }
  return Filled;
}

bool fillInteger(std::optional<uint64_t> &Value, SVal OnPath, CheckerContext &C) {
  if (Value)
    return false;
  Value = knownOnPath(OnPath, C);
  return Value.has_value();
}

bool fillDimension(std::optional<uint64_t> &Value, SVal OnPath, CheckerContext &C) {
  if (Value)
    return false;
  Value = dimensionOnPath(OnPath, C);
  return Value.has_value();
}

// The GPU targets of the unit, as the analyzer engine hands them over
// ("sm_80,sm_90+ptx").
std::vector<GpuTarget> parseTargets(llvm::StringRef Encoded) {
  std::vector<GpuTarget> Targets;
  llvm::SmallVector<llvm::StringRef, 4> Items;
  Encoded.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    bool EmbedsPtx = Item.consume_back("+ptx");
    Targets.push_back({Item.str(), EmbedsPtx});
  }
  return Targets;
}

// Every raise of a kernel's shared memory limit in the unit's own code, as
// the AST half's matcher collects them.
class RaiseCollector : public RecursiveASTVisitor<RaiseCollector> {
public:
  RaiseCollector(ASTContext &Context, const CudaApi &Api, LaunchConfigCheck::LimitRaises &Raises)
      : Context(Context), Api(Api), Raises(Raises) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) &&
        Context.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    const auto *Function = dyn_cast<FunctionDecl>(D);
    if (!Function || !Function->doesThisDeclarationHaveABody() || Function->isDependentContext())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Enclosing = Current;
    Current = Function;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Current = Enclosing;
    return Result;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (!Current)
      return true;
    if (const FunctionAttributeApi *Attribute = Api.functionAttribute(Call->getDirectCallee()))
      Raises.record(*Call, *Attribute, *Current, Context, Api, Mutations[Current]);
    return true;
  }

private:
  ASTContext &Context;
  const CudaApi &Api;
  LaunchConfigCheck::LimitRaises &Raises;
  const FunctionDecl *Current = nullptr;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionMutations>> Mutations;
};

llvm::StringRef pathNote(LaunchConfigCheck::Aspect Of) {
  switch (Of) {
  case LaunchConfigCheck::GridAspect:
    return "the launch is made here with a grid the GPU refuses";
  case LaunchConfigCheck::BlockAspect:
    return "the launch is made here with a block the GPU refuses";
  case LaunchConfigCheck::SharedMemoryAspect:
    return "the launch is made here with more dynamic shared memory than the kernel may have";
  }
  llvm_unreachable("every aspect has a note");
}

// The attribute a device attribute query names, where the path knows it:
// the enumerator of the parameter's enumeration with the argument's value.
llvm::StringRef attributeAsked(const CallEvent &Call, const FunctionDecl &Callee,
                               CheckerContext &C) {
  const llvm::APSInt *Value = C.getSValBuilder().getKnownValue(C.getState(), Call.getArgSVal(1));
  const auto *Enum = Callee.getParamDecl(1)->getType()->getAsEnumDecl();
  if (!Value || !Enum)
    return {};
  for (const EnumConstantDecl *Enumerator : Enum->enumerators())
    if (llvm::APSInt::isSameValue(Enumerator->getInitVal(), *Value))
      return Enumerator->getName();
  return {};
}

// A device attribute the path asked for is one a GPU can have: the toolkit's
// occupancy calculator (cudaOccupancyMaxPotentialBlockSize, inline in its
// headers) caps the block size it suggests by cudaDevAttrMaxThreadsPerBlock,
// and with that value unknown a path took the cap to be over a million and
// reported the launch that uses the suggestion.
ProgramStateRef boundDeviceAttribute(const CallEvent &Call, const FunctionDecl &Callee,
                                     ProgramStateRef State, CheckerContext &C) {
  std::optional<uint64_t> Maximum =
      CudaApi::deviceAttributeMaximum(attributeAsked(Call, Callee, C));
  const MemRegion *Out = Call.getArgSVal(0).getAsRegion();
  QualType Type = Callee.getParamDecl(0)->getType()->getPointeeType();
  if (!Maximum || !Out || Type.isNull() || !Type->isIntegerType())
    return State;
  std::optional<DefinedOrUnknownSVal> Value =
      State->getSVal(loc::MemRegionVal(Out), Type).getAs<DefinedOrUnknownSVal>();
  if (!Value)
    return State;
  BasicValueFactory &Numbers = C.getSValBuilder().getBasicValueFactory();
  ProgramStateRef Bounded = State->assumeInclusiveRange(*Value, Numbers.getValue(1, Type),
                                                        Numbers.getValue(*Maximum, Type), true);
  return Bounded ? Bounded : State;
}

class LaunchConfigOnPathChecker : public Checker<check::PreCall, check::PostCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPostCall(const CallEvent &Call, CheckerContext &C) const {
    const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
    if (!Callee || !memory::api(C).queriesDeviceAttribute(Callee))
      return;
    ProgramStateRef State = C.getState();
    if (ProgramStateRef Bounded = boundDeviceAttribute(Call, *Callee, State, C); Bounded != State)
      C.addTransition(Bounded);
  }

  std::vector<GpuTarget> Targets;

private:
  // The launch whose configuration `Call`'s arguments carry: the <<<>>>
  // launch of a __cudaPushCallConfiguration call, or a call of the launch
  // table from the unit's own code itself; null for any other call.
  const Expr *launchOf(const CallEvent &Call, CheckerContext &C) const;
  bool fillFromPath(Configuration &Launch, const Expr &LaunchExpr, const CallEvent &Call,
                    CheckerContext &C) const;
  const LaunchConfigCheck::LimitRaises &raises(CheckerContext &C) const;

  BugType RefusedLaunch{this, "Launch the GPU refuses", "CUDA"};
  mutable llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionMutations>> Mutations;
  mutable std::unique_ptr<LaunchConfigCheck::LimitRaises> Raises;
};

const Expr *LaunchConfigOnPathChecker::launchOf(const CallEvent &Call, CheckerContext &C) const {
  const Expr *Origin = Call.getOriginExpr();
  if (!Origin ||
      C.getSourceManager().isInSystemHeader(C.getSourceManager().getFileLoc(Origin->getBeginLoc())))
    return nullptr;
  if (const CUDAKernelCallExpr *Kernel = memory::configuredLaunch(Call))
    return Kernel;
  if (isa<CallExpr>(Origin) &&
      memory::api(C).launch(dyn_cast_or_null<FunctionDecl>(Call.getDecl())))
    return Origin;
  return nullptr;
}

bool LaunchConfigOnPathChecker::fillFromPath(Configuration &Launch, const Expr &LaunchExpr,
                                             const CallEvent &Call, CheckerContext &C) const {
  auto Argument = [&](unsigned I) { return I < Call.getNumArgs() ? Call.getArgSVal(I) : SVal(); };
  auto ArgumentType = [&](unsigned I) {
    return I < Call.getNumArgs() ? Call.getArgExpr(I)->getType() : QualType();
  };
  bool Filled = false;
  if (const auto *Kernel = dyn_cast<CUDAKernelCallExpr>(&LaunchExpr)) {
    Filled |= fillDim3(Launch.Grid, Argument(0), ArgumentType(0), C);
    Filled |= fillDim3(Launch.Block, Argument(1), ArgumentType(1), C);
    std::optional<CudaApi::KernelLaunchConfig> Config = CudaApi::launchConfig(Kernel);
    if (Config && Config->SharedMemory && !isa<CXXDefaultArgExpr>(Config->SharedMemory)) {
      Launch.SharedMemoryAt = Config->SharedMemory->getExprLoc();
      Filled |= fillInteger(Launch.SharedMemory, Argument(2), C);
    }
    return Filled;
  }
  const LaunchApi *Launcher = memory::api(C).launch(dyn_cast_or_null<FunctionDecl>(Call.getDecl()));
  if (!Launcher)
    return false;
  switch (Launcher->Shape) {
  case LaunchShape::Dim3Arguments:
    Filled |= fillDim3(Launch.Grid, Argument(Launcher->Grid), ArgumentType(Launcher->Grid), C);
    Filled |= fillDim3(Launch.Block, Argument(Launcher->Block), ArgumentType(Launcher->Block), C);
    break;
  case LaunchShape::IntegerArguments:
    for (unsigned I = 0; I < 3; ++I) {
      Filled |= fillDimension(Launch.Grid[I], Argument(Launcher->Grid + I), C);
      Filled |= fillDimension(Launch.Block[I], Argument(Launcher->Block + I), C);
    }
    break;
  case LaunchShape::ConfigStruct: {
    // The cudaLaunchConfig_t the argument points to.
    QualType Config = ArgumentType(Launcher->Grid);
    Config = Config.isNull() || !Config->isPointerType() ? QualType() : Config->getPointeeType();
    const auto *ConfigExpr = Launcher->Grid < Call.getNumArgs()
                                 ? Call.getArgExpr(Launcher->Grid)->IgnoreParenImpCasts()
                                 : nullptr;
    if (Config.isNull() || !ConfigExpr)
      return false;
    // A field the source does not fix is reported at the `&config` handed over.
    for (SourceLocation *At : {&Launch.GridAt, &Launch.BlockAt, &Launch.SharedMemoryAt})
      if (At->isInvalid())
        *At = ConfigExpr->getExprLoc();
    SVal Address = Argument(Launcher->Grid);
    Filled |= fillDim3(Launch.Grid, Address, Config, C, "gridDim");
    Filled |= fillDim3(Launch.Block, Address, Config, C, "blockDim");
    Filled |=
        fillInteger(Launch.SharedMemory, fieldValue(Address, {"dynamicSmemBytes"}, Config, C), C);
    return Filled;
  }
  }
  if (Launcher->SharedMemory && *Launcher->SharedMemory < Call.getNumArgs()) {
    Launch.SharedMemoryAt = Call.getArgExpr(*Launcher->SharedMemory)->getExprLoc();
    Filled |= fillInteger(Launch.SharedMemory, Argument(*Launcher->SharedMemory), C);
  }
  return Filled;
}

const LaunchConfigCheck::LimitRaises &LaunchConfigOnPathChecker::raises(CheckerContext &C) const {
  if (!Raises) {
    Raises = std::make_unique<LaunchConfigCheck::LimitRaises>();
    ASTContext &Context = C.getASTContext();
    RaiseCollector(Context, memory::api(C), *Raises).TraverseDecl(Context.getTranslationUnitDecl());
  }
  return *Raises;
}

void LaunchConfigOnPathChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const Expr *LaunchExpr = launchOf(Call, C);
  const auto *Function = dyn_cast_or_null<FunctionDecl>(C.getLocationContext()->getDecl());
  if (!LaunchExpr || !Function)
    return;
  ASTContext &Context = C.getASTContext();
  std::optional<Configuration> InSource = LaunchConfigCheck::configurationInSource(
      *LaunchExpr, *Function, Context, memory::api(C), Mutations[Function]);
  if (!InSource)
    return;
  Configuration OnPath = *InSource;
  if (!fillFromPath(OnPath, *LaunchExpr, Call, C))
    return;

  // What the AST half reports already.
  std::set<LaunchConfigCheck::Aspect> ReportedBySource;
  for (const LaunchConfigCheck::Problem &Found :
       LaunchConfigCheck::problemsOf(*InSource, Targets, Context))
    ReportedBySource.insert(Found.Of);
  std::vector<LaunchConfigCheck::Problem> Problems =
      LaunchConfigCheck::problemsOf(OnPath, Targets, Context);
  bool SharedMemoryJudged = llvm::any_of(Problems, [](const LaunchConfigCheck::Problem &P) {
    return P.Of == LaunchConfigCheck::SharedMemoryAspect;
  });
  if (!SharedMemoryJudged && LaunchConfigCheck::asksOverDefaultSharedMemory(OnPath)) {
    if (raises(C).overDefault(*InSource))
      ReportedBySource.insert(LaunchConfigCheck::SharedMemoryAspect);
    else if (std::optional<LaunchConfigCheck::Problem> Found = raises(C).overDefault(OnPath))
      Problems.push_back(std::move(*Found));
  }

  ExplodedNode *Node = nullptr;
  for (const LaunchConfigCheck::Problem &Found : Problems) {
    if (ReportedBySource.count(Found.Of) || Found.At.isInvalid())
      continue;
    if (!Node && !(Node = C.generateNonFatalErrorNode()))
      return;
    // Reported, and uniqued, at the argument, where the AST half reports.
    // Reports of one aspect of one launch share their last note, so that the
    // analyzer keeps one of them, the one with the shortest path: a launcher
    // called with several bad sizes, or a loop that tries many, is one
    // finding.
    PathDiagnosticLocation At(Found.At, C.getSourceManager());
    auto Report = std::make_unique<PathSensitiveBugReport>(RefusedLaunch, Found.Message,
                                                           pathNote(Found.Of), Node, At, Function);
    if (Found.NoteAt.isValid())
      Report->addNote(Found.Note, PathDiagnosticLocation(Found.NoteAt, C.getSourceManager()));
    emitCrosschecked(C, std::move(Report));
  }
}

} // namespace

void LaunchConfigCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker(
      [](CheckerManager &Manager) {
        auto *Checker = Manager.registerChecker<LaunchConfigOnPathChecker>();
        Checker->Targets =
            parseTargets(Manager.getAnalyzerOptions().Config.lookup(GpuTargetsConfigKey));
      },
      [](const CheckerManager &) { return true; }, AnalyzerName, Summary, "",
      /*IsHidden=*/false);
}

} // namespace cudalint
