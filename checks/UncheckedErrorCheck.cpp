// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "UncheckedErrorCheck.h"

#include "shared/KernelLaunchChecking.h"
#include "shared/ProjectFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Analysis/Analyses/LiveVariables.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

namespace {

AST_MATCHER_P(FunctionDecl, returnsCudaStatus, const CudaApi *, Api) {
  return Api->isStatusType(Node.getReturnType());
}

std::vector<std::string> splitTypeList(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef> Parts;
  List.split(Parts, ';', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Names;
  for (llvm::StringRef Part : Parts)
    if (!Part.trim().empty())
      Names.push_back(Part.trim().str());
  return Names;
}

std::string calleeName(const CallExpr &Call) {
  if (const FunctionDecl *Callee = Call.getDirectCallee())
    return documentedName(*Callee);
  return "call";
}

// The call whose status a store keeps, looking through the conversions that
// wrap a call's result (parentheses, implicit casts, a functional cast).
const CallExpr *statusCallIn(const Expr *Stored, const CudaApi &Api) {
  if (!Stored)
    return nullptr;
  const auto *Call = dyn_cast<CallExpr>(Stored->IgnoreParenImpCasts());
  if (!Call || isa<CUDAKernelCallExpr>(Call) || !Call->getDirectCallee() ||
      !Api.isStatusType(Call->getCallReturnType(Call->getDirectCallee()->getASTContext())))
    return nullptr;
  return Call;
}

// The status calls whose value is lost when `Discarded`, an expression in
// statement position, is thrown away. Only the paths the value itself takes
// count: a status passed as an argument, or tested in a condition, is read.
template <typename Report>
void forEachLostStatus(const Expr *Discarded, const CudaApi &Api, Report &&Lost) {
  const Expr *Plain = Discarded->IgnoreImplicit()->IgnoreParenImpCasts();
  if (const CallExpr *Call = statusCallIn(Plain, Api)) {
    Lost(*Call);
    return;
  }
  if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(Plain)) {
    forEachLostStatus(Choice->getTrueExpr(), Api, Lost);
    forEachLostStatus(Choice->getFalseExpr(), Api, Lost);
    return;
  }
  const auto *Binary = dyn_cast<BinaryOperator>(Plain);
  if (!Binary)
    return;
  // The left of a comma is matched as discarded on its own.
  if (Binary->getOpcode() == BO_Comma)
    forEachLostStatus(Binary->getRHS(), Api, Lost);
  // `cudaX() != cudaSuccess;` compares and then drops the answer.
  if (Binary->isComparisonOp()) {
    forEachLostStatus(Binary->getLHS(), Api, Lost);
    forEachLostStatus(Binary->getRHS(), Api, Lost);
  }
}

// A variable whose address or reference leaves the function body's plain
// reads and writes (`&err`, bound to a reference, captured by reference) may be
// read where LiveVariables cannot see; its stores are never called dead.
// The visitor keeps its own stack of enclosing statements: asking the
// ASTContext for parents would build a parent map of the whole unit.
// On the same walk it notes whether the body stores a status at all: most
// functions of a real unit (device code, template instances) store none, and
// for those the CFG and liveness, the costly part, need not be built.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  explicit EscapeFinder(const CudaApi &Api) : Api(Api) {}

  bool dataTraverseStmtPre(Stmt *S) {
    Enclosing.push_back(S);
    return true;
  }
  bool dataTraverseStmtPost(Stmt *S) {
    Enclosing.pop_back();
    return true;
  }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (!isPlainReadOrWrite(*Ref))
        Escaping.insert(Var);
    return true;
  }
  bool VisitVarDecl(VarDecl *Var) {
    StoresAStatus |= statusCallIn(Var->getInit(), Api) != nullptr;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *Assign) {
    StoresAStatus |=
        Assign->getOpcode() == BO_Assign && statusCallIn(Assign->getRHS(), Api) != nullptr;
    return true;
  }

  llvm::SmallPtrSet<const VarDecl *, 8> Escaping;
  bool StoresAStatus = false;

private:
  bool isPlainReadOrWrite(const DeclRefExpr &Ref) const {
    // Enclosing.back() is Ref itself; look above it, through parentheses.
    for (size_t I = Enclosing.size() - 1; I-- > 0;) {
      const Stmt *Parent = Enclosing[I];
      if (isa<ParenExpr>(Parent))
        continue;
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent))
        return Cast->getCastKind() == CK_LValueToRValue;
      if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Parent))
        return Cast->getType()->isVoidType();
      if (const auto *Assign = dyn_cast<BinaryOperator>(Parent))
        return Assign->isAssignmentOp() && Assign->getLHS()->IgnoreParens() == &Ref;
      return false;
    }
    return false;
  }

  const CudaApi &Api;
  std::vector<const Stmt *> Enclosing;
};

struct StatusStore {
  const VarDecl *Variable;
  const CallExpr *Call;
  const Stmt *Store; // the DeclStmt or the assignment
};

// Collects, through LiveVariables' observer, the stores of a status into a
// local variable that is not live right after the store.
class DeadStatusStoreFinder : public LiveVariables::Observer {
public:
  DeadStatusStoreFinder(const CudaApi &Api, const llvm::SmallPtrSetImpl<const VarDecl *> &Escaping)
      : Api(Api), Escaping(Escaping) {}

  void observeStmt(const Stmt *S, const CFGBlock *,
                   const LiveVariables::LivenessValues &Live) override {
    if (const auto *Assign = dyn_cast<BinaryOperator>(S)) {
      if (Assign->getOpcode() != BO_Assign)
        return;
      const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParens());
      if (!Ref)
        return;
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        consider(Var, Assign->getRHS(), Assign, Live);
      return;
    }
    if (const auto *Decl = dyn_cast<DeclStmt>(S))
      for (const clang::Decl *Declared : Decl->decls())
        if (const auto *Var = dyn_cast<VarDecl>(Declared))
          consider(Var, Var->getInit(), Decl, Live);
  }

  std::vector<StatusStore> Dead;

private:
  void consider(const VarDecl *Var, const Expr *Stored, const Stmt *Store,
                const LiveVariables::LivenessValues &Live) {
    if (!Var->hasLocalStorage() || isa<ParmVarDecl>(Var) || Var->getType()->isReferenceType() ||
        Var->getType().isVolatileQualified() || Var->hasAttr<UnusedAttr>() || Escaping.count(Var) ||
        Live.isLive(Var))
      return;
    if (const CallExpr *Call = statusCallIn(Stored, Api))
      Dead.push_back({Var, Call, Store});
  }

  const CudaApi &Api;
  const llvm::SmallPtrSetImpl<const VarDecl *> &Escaping;
};

bool storesTo(const Stmt *S, const VarDecl *Var) {
  if (const auto *Assign = dyn_cast<BinaryOperator>(S))
    if (Assign->isAssignmentOp())
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParens()))
        return Ref->getDecl() == Var;
  return false;
}

// Where a dead store's value is lost: the first later store to the same
// variable on some path, or nullptr when the variable simply goes unread.
const Stmt *firstOverwrite(const CFG &Graph, const Stmt *Store, const VarDecl *Var) {
  const CFGBlock *StartBlock = nullptr;
  size_t StartIndex = 0;
  for (const CFGBlock *Block : Graph) {
    for (size_t I = 0; I < Block->size(); ++I)
      if (auto Element = (*Block)[I].getAs<CFGStmt>())
        if (Element->getStmt() == Store) {
          StartBlock = Block;
          StartIndex = I + 1;
        }
  }
  if (!StartBlock)
    return nullptr;
  std::deque<std::pair<const CFGBlock *, size_t>> Work{{StartBlock, StartIndex}};
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen;
  while (!Work.empty()) {
    auto [Block, From] = Work.front();
    Work.pop_front();
    for (size_t I = From; I < Block->size(); ++I)
      if (auto Element = (*Block)[I].getAs<CFGStmt>())
        if (storesTo(Element->getStmt(), Var))
          return Element->getStmt();
    for (const CFGBlock *Next : Block->succs())
      if (Next && Seen.insert(Next).second)
        Work.push_back({Next, 0});
  }
  return nullptr;
}

} // namespace

UncheckedErrorCheck::UncheckedErrorCheck(CheckContext &Context)
    : CudaCheck(Id, Context), CheckKernelLaunches(boolOption("CheckKernelLaunches", true)),
      ReportBareQueries(boolOption("ReportBareQueries", false)),
      ExtraStatusTypes(stringOption("StatusTypes", "")),
      CheckMacro(llvm::StringRef(stringOption("CheckMacro", "")).trim().str()),
      StatusApi(splitTypeList(ExtraStatusTypes), Context.api().project()) {
  Launches = std::make_unique<LaunchCheckingAnalysis>(StatusApi);
}

UncheckedErrorCheck::~UncheckedErrorCheck() = default;

std::vector<std::string> UncheckedErrorCheck::configuredStatusTypes(const CheckOptionMap &Options) {
  auto Given = Options.find((Id + ".StatusTypes").str());
  return Given == Options.end() ? std::vector<std::string>() : splitTypeList(Given->second);
}

void UncheckedErrorCheck::storeOptions(CheckOptionMap &Options) const {
  storeOption(Options, "CheckKernelLaunches", CheckKernelLaunches ? "true" : "false");
  storeOption(Options, "ReportBareQueries", ReportBareQueries ? "true" : "false");
  storeOption(Options, "StatusTypes", ExtraStatusTypes);
  storeOption(Options, "CheckMacro", CheckMacro);
}

void UncheckedErrorCheck::registerMatchers(MatchFinder &Finder) {
  // The shape of clang-tidy's bugprone-unused-return-value: an expression
  // whose value is thrown away, in any statement position. Which status calls
  // inside it are lost is decided in check(): `c ? cudaA() : cudaB();` loses
  // both, `cudaA(), cudaB();` both, `cudaA() == cudaSuccess;` the comparison.
  auto StatusCall =
      callExpr(unless(cudaKernelCallExpr()), callee(functionDecl(returnsCudaStatus(&StatusApi))));
  auto Discarded = expr(anyOf(StatusCall, hasDescendant(StatusCall))).bind("discarded");
  auto NotInSystemHeader = unless(isExpansionInSystemHeader());
  // One matcher per statement kind, not one stmt(anyOf(...)): MatchFinder
  // tries a matcher only on nodes of its kind, and a unit's statements are
  // mostly expressions (a third of the AST checks' time on ggml's templates).
  // The kind comes before the system-header test, which asks for a
  // statement's begin location, walking down a left-nested expression (a sum
  // of 50,000 terms) once for each of its nodes.
  Finder.addMatcher(compoundStmt(forEach(Discarded), NotInSystemHeader), this);
  Finder.addMatcher(ifStmt(eachOf(hasThen(Discarded), hasElse(Discarded)), NotInSystemHeader),
                    this);
  Finder.addMatcher(whileStmt(hasBody(Discarded), NotInSystemHeader), this);
  Finder.addMatcher(doStmt(hasBody(Discarded), NotInSystemHeader), this);
  Finder.addMatcher(cxxForRangeStmt(hasBody(Discarded), NotInSystemHeader), this);
  Finder.addMatcher(
      forStmt(eachOf(hasLoopInit(Discarded), hasIncrement(Discarded), hasBody(Discarded)),
              NotInSystemHeader),
      this);
  Finder.addMatcher(switchCase(forEach(Discarded), NotInSystemHeader), this);
  Finder.addMatcher(labelStmt(has(Discarded), NotInSystemHeader), this);
  Finder.addMatcher(binaryOperator(hasOperatorName(","), hasLHS(Discarded), NotInSystemHeader),
                    this);
  // A GNU statement expression's last statement is its value, not discarded.
  // The matcher sees the statement expression before the statements inside
  // it, so its value is known by the time they are checked.
  Finder.addMatcher(stmtExpr().bind("statement-expression"), this);

  // A status handed on as an argument is read unless the function given it
  // never reads that parameter.
  Finder.addMatcher(callExpr(unless(cudaKernelCallExpr()),
                             hasAnyArgument(ignoringParenImpCasts(StatusCall)),
                             unless(isExpansionInSystemHeader()))
                        .bind("handed-on"),
                    this);

  Finder.addMatcher(
      functionDecl(isDefinition(), hasBody(stmt()), unless(isExpansionInSystemHeader()))
          .bind("function"),
      this);
}

void UncheckedErrorCheck::check(const MatchFinder::MatchResult &Result) {
  if (const auto *Statements = Result.Nodes.getNodeAs<StmtExpr>("statement-expression")) {
    if (!Statements->getSubStmt()->body_empty())
      StatementExpressionValues.insert(Statements->getSubStmt()->body_back());
    return;
  }
  if (const auto *Discarded = Result.Nodes.getNodeAs<Expr>("discarded")) {
    if (StatementExpressionValues.contains(Discarded))
      return;
    forEachLostStatus(Discarded, StatusApi, [&](const CallExpr &Call) {
      bool WholeStatement = Discarded->IgnoreImplicit() == &Call;
      // `cudaGetLastError();` on its own resets the sticky error after the
      // code handled (or chose to tolerate) a failure; `cudaStreamQuery(s);`
      // flushes queued work. Neither loses a failure.
      if (WholeStatement && !ReportBareQueries && StatusApi.isBareCallIdiom(Call.getDirectCallee()))
        return;
      if (StatusApi.recordsLastError(Call.getDirectCallee()))
        DiscardedRuntimeStatuses.push_back({&Call, WholeStatement, Result.Context});
      else
        reportDiscardedStatus(Call, WholeStatement, *Result.Context);
    });
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("handed-on")) {
    reportStatusesNeverRead(*Call, *Result.Context);
    return;
  }
  const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("function");
  if (!Function)
    return;
  if (!Function->isDependentContext()) {
    reportDeadStatusStores(*Function, *Result.Context);
    Launches->addFunction(*Function);
    return;
  }
  // A function template the unit never instantiates has no instance to read
  // its discarded statuses' errors through (a test's helper that `main` does
  // not call): its own body is analysed for the queries after them.
  if (const FunctionTemplateDecl *Template = Function->getDescribedFunctionTemplate();
      Template && Template->specializations().empty())
    Launches->addFunction(*Function);
}

FindingBuilder UncheckedErrorCheck::reportDiscardedStatus(const CallExpr &Call, bool WholeStatement,
                                                          ASTContext &Context) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  std::string Name = calleeName(Call);
  llvm::StringRef Status = StatusApi.statusTypeName(Callee->getReturnType());
  FindingBuilder Finding =
      diag(Call.getBeginLoc(),
           llvm::formatv("the {0} returned by '{1}' is discarded; if the call fails, "
                         "the program carries on with whatever the GPU left behind",
                         Status, Name)
               .str());
  Finding.note(Call.getBeginLoc(), "cast the call to 'void' to ignore its status deliberately")
      .note(Callee->getLocation(), llvm::formatv("'{0}' is declared here", Name).str());
  if (WholeStatement && !CheckMacro.empty())
    wrapInCheckMacro(Finding, Call, Context);
  return Finding;
}

// `cudaFree(p);` becomes `CUDA_CHECK(cudaFree(p));`. Only for a call written
// in the file (an edit inside a macro would change every expansion) that is a
// statement of its own: not a for-header's part, not a comma's operand, where
// a statement macro cannot go.
void UncheckedErrorCheck::wrapInCheckMacro(FindingBuilder &Finding, const CallExpr &Call,
                                           ASTContext &Context) const {
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LangOpts = Context.getLangOpts();
  SourceLocation Begin = Call.getBeginLoc();
  SourceLocation End = Call.getEndLoc();
  if (Begin.isMacroID() || End.isMacroID())
    return;
  std::optional<Token> Next = Lexer::findNextToken(End, SM, LangOpts);
  std::optional<Token> Previous =
      Lexer::findPreviousToken(Begin, SM, LangOpts, /*IncludeComments=*/false);
  if (!Next || !Next->is(tok::semi) || (Previous && Previous->isOneOf(tok::l_paren, tok::comma)))
    return;
  Finding.fixIt(FixItHint::CreateInsertion(Begin, CheckMacro + "("));
  Finding.fixIt(FixItHint::CreateInsertion(Lexer::getLocForEndOfToken(End, 0, SM, LangOpts), ")"));
}

const std::vector<unsigned> &
UncheckedErrorCheck::statusParametersNeverRead(const FunctionDecl &Callee, ASTContext &Context) {
  auto [Known, Inserted] = NeverRead.try_emplace(Callee.getCanonicalDecl());
  if (Inserted) {
    if (const FunctionSummary *Summary = StatusApi.projectFunction(&Callee))
      Known->second = Summary->IgnoresStatus;
    else if (!isRejected(Callee))
      Known->second = ignoredStatusParameters(Callee, Context, StatusApi);
  }
  return Known->second;
}

void UncheckedErrorCheck::reportStatusesNeverRead(const CallExpr &Call, ASTContext &Context) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  // A virtual call may reach an override that reads it.
  if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee); Method && Method->isVirtual())
    return;
  if (!Callee)
    return;
  unsigned FirstArgument = firstArgumentOfParameters(Call);
  // An operator has no identifier to name it by.
  std::string Name =
      Callee->getIdentifier() ? documentedName(*Callee) : Callee->getQualifiedNameAsString();
  for (unsigned Parameter : statusParametersNeverRead(*Callee, Context)) {
    if (Parameter + FirstArgument >= Call.getNumArgs())
      continue;
    const CallExpr *Status = statusCallIn(Call.getArg(Parameter + FirstArgument), StatusApi);
    if (!Status)
      continue;
    FindingBuilder Finding =
        diag(Status->getBeginLoc(),
             llvm::formatv("the {0} returned by '{1}' is handed to '{2}', which never reads it; "
                           "if the call fails, nothing notices",
                           StatusApi.statusTypeName(Status->getDirectCallee()->getReturnType()),
                           calleeName(*Status), Name)
                 .str());
    const FunctionDecl *Definition = Callee->getDefinition();
    if (Definition && Parameter < Definition->getNumParams())
      Finding.note(Definition->getParamDecl(Parameter)->getLocation(),
                   llvm::formatv("'{0}' does not read this parameter", Name).str());
    else
      Finding.note(Callee->getLocation(),
                   llvm::formatv("'{0}', defined in another unit of the compile database, "
                                 "does not read its parameter {1}",
                                 Name, Parameter + 1)
                       .str());
  }
}

void UncheckedErrorCheck::reportDeadStatusStores(const FunctionDecl &Function,
                                                 ASTContext &Context) {
  EscapeFinder Escapes(StatusApi);
  Escapes.TraverseStmt(Function.getBody());
  if (!Escapes.StoresAStatus)
    return;

  AnalysisDeclContextManager Manager(Context);
  // LiveVariables sees only the reads that are CFG elements of their own.
  Manager.getCFGBuildOptions().setAllAlwaysAdd();
  AnalysisDeclContext *Analysis = Manager.getContext(&Function);
  LiveVariables *Liveness = Analysis->getAnalysis<LiveVariables>();
  const CFG *Graph = Analysis->getCFG();
  if (!Liveness || !Graph)
    return;
  DeadStatusStoreFinder Finder(StatusApi, Escapes.Escaping);
  Liveness->runOnAllBlocks(Finder);

  for (const StatusStore &Store : Finder.Dead) {
    const Stmt *Overwrite = firstOverwrite(*Graph, Store.Store, Store.Variable);
    // `status = cudaGetLastError();` left unread to the end clears the error
    // as the bare call does (cutlass' occupancy probe after a refused
    // attribute). Overwritten before it is read, it is a check forgotten.
    if (!Overwrite && !ReportBareQueries &&
        StatusApi.clearsLastError(Store.Call->getDirectCallee())) {
      Launches->addUnreadQuery(*Store.Call);
      continue;
    }
    std::string Variable = Store.Variable->getNameAsString();
    llvm::StringRef Status =
        StatusApi.statusTypeName(Store.Call->getDirectCallee()->getReturnType());
    FindingBuilder Finding =
        diag(Store.Call->getBeginLoc(),
             llvm::formatv("the {0} returned by '{1}' is stored in '{2}' but never "
                           "read; if the call fails, nothing notices",
                           Status, calleeName(*Store.Call), Variable)
                 .str());
    if (Overwrite)
      Finding.note(Overwrite->getBeginLoc(),
                   llvm::formatv("'{0}' is overwritten here before it is read", Variable).str());
    else
      Finding.note(
          Store.Variable->getLocation(),
          llvm::formatv("'{0}' is not read again before it goes out of scope", Variable).str());
  }
}

// The variable or member `Call` writes what it makes into (`&stream`,
// `(void **)&buffer`), if the call makes something and its argument names one.
const ValueDecl *UncheckedErrorCheck::madeThrough(const CallExpr &Call) const {
  std::optional<unsigned> Parameter = StatusApi.madeThroughParameter(Call.getDirectCallee());
  if (!Parameter || *Parameter >= Call.getNumArgs())
    return nullptr;
  const auto *Address = dyn_cast<UnaryOperator>(Call.getArg(*Parameter)->IgnoreParenCasts());
  if (!Address || Address->getOpcode() != UO_AddrOf)
    return nullptr;
  const Expr *Target = Address->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Target))
    return Ref->getDecl();
  if (const auto *Member = dyn_cast<MemberExpr>(Target))
    return Member->getMemberDecl();
  return nullptr;
}

void UncheckedErrorCheck::onEndOfTranslationUnit() {
  // A runtime call's failure is also the runtime's last error: a
  // cudaGetLastError() (or a helper calling it, CUDA_CHECK_LAST()) that
  // follows on every path reads it, as `cudaMemsetAsync(...);
  // sync_check_cuda_error();` does.
  // Unless the call made something through an out-parameter (a stream, a
  // buffer) that is used before the read: the failed call never wrote it.
  if (!DiscardedRuntimeStatuses.empty())
    Launches->willAskQueriedAfter();
  for (const DiscardedStatus &Discarded : DiscardedRuntimeStatuses)
    if (!Launches->queriedAfter(*Discarded.Call, madeThrough(*Discarded.Call)))
      reportDiscardedStatus(*Discarded.Call, Discarded.WholeStatement, *Discarded.Context)
          .restsOnNonReaders(Launches->nonReadersAfter(*Discarded.Call));
  DiscardedRuntimeStatuses.clear();
  std::vector<UncheckedLaunch> Unchecked = Launches->uncheckedLaunches();
  Launches.reset(new LaunchCheckingAnalysis(StatusApi));
  if (!CheckKernelLaunches)
    return;
  for (const UncheckedLaunch &Launch : Unchecked) {
    std::string What =
        Launch.Helper
            ? llvm::formatv("the kernel launch in '{0}'", documentedName(*Launch.Helper)).str()
            : llvm::formatv("launch of kernel '{0}'", Launch.KernelName).str();
    FindingBuilder Finding =
        diag(Launch.Launch->getBeginLoc(),
             llvm::formatv("{0} is never checked with "
                           "cudaGetLastError(); a launch that cannot start reports "
                           "nothing, and a later cudaDeviceSynchronize() still "
                           "returns cudaSuccess",
                           What)
                 .str());
    Finding.restsOnNonReaders(Launch.NonReadersAfter);
    if (Launch.Helper)
      Finding.note(Launch.Helper->getLocation(),
                   llvm::formatv("'{0}', defined in another unit of the compile database, "
                                 "launches a kernel and leaves its error to the caller",
                                 documentedName(*Launch.Helper))
                       .str());
    for (const auto &[Where, Message] : Launch.PathNotes)
      Finding.note(Where, Message);
  }
}

} // namespace cudalint
