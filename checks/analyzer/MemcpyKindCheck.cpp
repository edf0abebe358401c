// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "MemcpyKindCheck.h"

#include "MemoryModel.h"
#include "ReportCrosscheck.h"
#include "shared/SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/BugReporter/CommonBugCategories.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

// A pointer argument of a copy or a set, and what the memory model knows of
// the memory it points into.
struct Operand {
  llvm::StringLiteral Role; // "destination", "source"
  const Expr *Argument = nullptr;
  SVal Address;
  bool IsSymbol = false;              // a ToSymbol/FromSymbol copy's symbol
  std::optional<MemoryFamily> Family; // std::nullopt: of unknown origin
};

// The address an argument carries. The analyzer does not follow an integer
// handle cast to a pointer (`(void *)dptr` after cuMemAlloc): for such a
// cast of a variable, the handle the variable holds.
SVal addressOf(const CallEvent &Call, unsigned Index, ProgramStateRef State) {
  SVal Address = Call.getArgSVal(Index);
  const Expr *Argument = Call.getArgExpr(Index);
  if (!Address.isUnknown() || !Argument)
    return Address;
  const Expr *Handle = Argument->IgnoreParens();
  while (const auto *Cast = dyn_cast<CastExpr>(Handle)) {
    Handle = Cast->getSubExpr()->IgnoreParens();
    if (Handle->getType()->isIntegerType())
      break;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Handle->IgnoreParenCasts());
  const auto *Variable = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Variable)
    return Address;
  return State->getSVal(State->getLValue(Variable, Call.getLocationContext()));
}

Operand operand(const CallEvent &Call, unsigned Index, bool IsSymbol, llvm::StringLiteral Role,
                ProgramStateRef State) {
  Operand Result{Role, Call.getArgExpr(Index), addressOf(Call, Index, State), IsSymbol,
                 std::nullopt};
  if (IsSymbol)
    return Result;
  const memory::Allocation *Memory = memory::find(State, memory::allocationSymbol(Result.Address));
  // Released memory is cuda-use-after-free's to report.
  if (Memory && Memory->state() == memory::Ownership::Released)
    return Result;
  Result.Family = memory::familyOf(State, Result.Address);
  // A __device__ variable named as a pointer gives its host-side shadow, not
  // a device address: no kind makes such a copy right.
  if (Result.Family == MemoryFamily::Device && memory::storageVariable(Result.Address))
    Result.Family.reset();
  return Result;
}

// The side of the bus the memory is on; std::nullopt when unknown, and for
// managed memory, which is on either side.
std::optional<CopySide> sideOf(const Operand &Pointer) {
  if (Pointer.IsSymbol)
    return CopySide::Device;
  return Pointer.Family ? CudaApi::copySide(*Pointer.Family) : std::nullopt;
}

bool contradicts(const Operand &Pointer, CopySide Written) {
  std::optional<CopySide> Side = sideOf(Pointer);
  return Side && *Side != Written;
}

// The side a right kind names for the pointer: its own, or for managed
// memory the one written.
std::optional<CopySide> rightSide(const Operand &Pointer, CopySide Written) {
  if (Pointer.IsSymbol)
    return CopySide::Device;
  if (!Pointer.Family)
    return std::nullopt;
  return CudaApi::copySide(*Pointer.Family).value_or(Written);
}

llvm::StringRef sideName(CopySide Side) { return Side == CopySide::Host ? "host" : "device"; }

// What the messages about one call need: the analyzer's context and state
// there, and the call's location, to tell lines of its file from others.
struct Site {
  const CheckerContext &C;
  ProgramStateRef State;
  SourceLocation Call;
};

// The argument as written (`h_out`, `s.device`, `d + 16`), casts aside; empty
// when it is not one short line of the user's text.
std::string spelling(const Expr *Argument, const Site &Here) {
  if (!Argument)
    return "";
  return shortSourceText(*Argument->IgnoreParenCasts(), Here.C.getSourceManager(),
                         Here.C.getLangOpts());
}

// " at line 12", or " at buffers.h:12" for a line of another file.
std::string at(SourceLocation Loc, const Site &Here) {
  const SourceManager &SM = Here.C.getSourceManager();
  SourceLocation Where = SM.getExpansionLoc(Loc);
  if (Where.isInvalid())
    return "";
  std::string Line = std::to_string(SM.getExpansionLineNumber(Where));
  if (SM.getFileID(Where) == SM.getFileID(SM.getExpansionLoc(Here.Call)))
    return " at line " + Line;
  return (" at " + llvm::sys::path::filename(SM.getFilename(Where)) + ":" + Line).str();
}

// Where the memory comes from: " allocated by 'malloc' at line 12".
std::string origin(const Operand &Pointer, const Site &Here) {
  if (const memory::Allocation *Memory =
          memory::find(Here.State, memory::allocationSymbol(Pointer.Address))) {
    std::string Where = Memory->site() ? at(Memory->site()->getBeginLoc(), Here) : "";
    if (Memory->state() == memory::Ownership::Borrowed)
      return (" from " + Memory->allocator() + Where).str();
    return (" allocated by '" + documentedName(Memory->allocator()) + "'" + Where).str();
  }
  if (const memory::DeviceAlias *Alias = memory::deviceAliasOf(Here.State, Pointer.Address))
    return (" from '" + documentedName(Alias->Api) + "'" + at(Alias->Site->getBeginLoc(), Here))
        .str();
  if (const VarDecl *Variable = memory::storageVariable(Pointer.Address))
    return " declared" + at(Variable->getLocation(), Here);
  return "";
}

// "the destination 'h_out' is pageable host memory allocated by 'malloc' at
// line 12"
std::string fact(const Operand &Pointer, const Site &Here) {
  std::string Name = spelling(Pointer.Argument, Here);
  std::string Text = ("the " + Pointer.Role).str();
  if (!Name.empty())
    Text += " '" + Name + "'";
  if (Pointer.IsSymbol)
    return Text + " is a device symbol";
  return Text + " is " + memoryFamilyName(*Pointer.Family).str() + origin(Pointer, Here);
}

// A copy's kind against its pointers, and what would repair a contradiction.
struct Contradiction {
  Contradiction(const CopyApi &Row, const Expr *Kind, CopyDirection Written, Operand Destination,
                Operand Source)
      : Api(documentedName(Row.Name)), KindFromName(!Row.Kind),
        DefaultKind(Kind && isa<CXXDefaultArgExpr>(Kind)), IsAsync(Row.IsAsync), Written(Written),
        Destination(Destination), Source(Source) {
    WrongDestination = contradicts(this->Destination, Written.Destination);
    WrongSource = contradicts(this->Source, Written.Source);
    if (std::optional<CopySide> From = rightSide(this->Source, Written.Source))
      if (std::optional<CopySide> Into = rightSide(this->Destination, Written.Destination))
        Right = CopyDirection{*From, *Into};
    // Both pointers known, both on the other side than the kind says.
    Swapped = WrongDestination && WrongSource && !this->Destination.IsSymbol &&
              !this->Source.IsSymbol && Written.Source != Written.Destination;
  }

  bool found() const { return WrongDestination || WrongSource; }

  llvm::StringRef Api;
  bool KindFromName; // the driver API's cuMemcpyHtoD and its relatives
  bool DefaultKind;  // the kind argument left to its default
  bool IsAsync;
  CopyDirection Written;
  Operand Destination, Source;
  bool WrongDestination, WrongSource;
  std::optional<CopyDirection> Right; // the kind that fits, when known
  bool Swapped;                       // exchanging the pointers makes the kind right
};

// What CUDA 13 on an H200 does with the call
// (gpu-validation/cases/cuda-memcpy-kind).
std::string consequence(const Contradiction &Copy, const Site &Here) {
  const Operand &Destination = Copy.Destination, &Source = Copy.Source;
  if ((Destination.IsSymbol && Copy.Written.Destination == CopySide::Host) ||
      (Source.IsSymbol && Copy.Written.Source == CopySide::Host))
    return "the call fails with cudaErrorInvalidMemcpyDirection and copies "
           "nothing";
  for (auto [Pointer, Side] :
       {std::pair(&Destination, Copy.Written.Destination), std::pair(&Source, Copy.Written.Source)})
    if (Side == CopySide::Device && Pointer->Family && !CudaApi::deviceReachable(*Pointer->Family))
      return ("the call fails with " + CudaApi::invalidValueError(Copy.Api) + " and copies nothing")
          .str();
  std::string Ignored = ("CUDA 13 copies by address whatever the " +
                         llvm::StringRef(Copy.KindFromName ? "name" : "kind") + " says")
                            .str();
  std::string From = spelling(Source.Argument, Here);
  std::string Into = spelling(Destination.Argument, Here);
  if (Copy.Swapped && !From.empty() && !Into.empty())
    return Ignored + ", from '" + From + "' into '" + Into + "'";
  return Ignored + ", so nothing fails, but CUDA documents the call as "
                   "undefined";
}

// "swap them, or use cudaMemcpyDeviceToHost"; empty when no kind fits.
std::string remedy(const Contradiction &Copy) {
  std::string Use;
  if (Copy.Right && Copy.KindFromName) {
    if (const CopyApi *Named = CudaApi::namedDirectionCopy(*Copy.Right, Copy.IsAsync))
      Use = ("call '" + documentedName(Named->Name) + "'").str();
  } else if (Copy.Right) {
    Use = ("use " + CudaApi::memcpyKindName(*Copy.Right)).str();
  }
  if (!Copy.Swapped)
    return Use;
  return "swap them" + (Use.empty() ? "" : ", or " + Use);
}

std::string message(const Contradiction &Copy, const Site &Here) {
  std::string Text = "'" + Copy.Api.str() + "'";
  if (Copy.KindFromName)
    Text += " copies ";
  else
    Text += " is given " + CudaApi::memcpyKindName(Copy.Written).str() +
            (Copy.DefaultKind ? " (its default)" : "") + ", which copies ";
  Text += (sideName(Copy.Written.Source) + " memory into " + sideName(Copy.Written.Destination) +
           " memory")
              .str();
  if (Copy.Swapped) {
    Text += ", but its destination and source are swapped: " + fact(Copy.Destination, Here) +
            " and " + fact(Copy.Source, Here);
  } else {
    Text += ", but ";
    if (Copy.WrongDestination)
      Text += fact(Copy.Destination, Here);
    if (Copy.WrongDestination && Copy.WrongSource)
      Text += " and ";
    if (Copy.WrongSource)
      Text += fact(Copy.Source, Here);
  }
  Text += "; " + consequence(Copy, Here);
  if (std::string Repair = remedy(Copy); !Repair.empty())
    Text += " (" + Repair + ")";
  return Text;
}

// The enumerator the kind argument is written as in the user's text, for a
// fix-it; null for a default argument, a variable, a cast or a macro.
const DeclRefExpr *writtenEnumerator(const Expr *Kind, const SourceManager &SM) {
  const auto *Ref = Kind ? dyn_cast<DeclRefExpr>(Kind->IgnoreParenImpCasts()) : nullptr;
  if (!Ref || !isa<EnumConstantDecl>(Ref->getDecl()))
    return nullptr;
  SourceLocation Loc = Ref->getLocation();
  if (Loc.isMacroID() && !SM.isMacroArgExpansion(Loc))
    return nullptr;
  if (SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return nullptr;
  return Ref;
}

class MemcpyKindChecker : public Checker<check::PreCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;

private:
  void checkCopy(const CallEvent &Call, const CopyApi &Copy, CheckerContext &C) const;
  void checkSet(const CallEvent &Call, const CopyApi &Set, CheckerContext &C) const;
  void report(const std::string &Message, const std::string &Event,
              std::initializer_list<const Operand *> Pointers, const Expr *Highlight,
              std::optional<FixItHint> Fix, CheckerContext &C) const;

  BugType WrongKind{this, "CUDA copy kind contradicts the memory", categories::LogicError};
};

void MemcpyKindChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const CopyApi *Copy = Callee ? memory::api(C).copy(Callee) : nullptr;
  const Expr *Origin = Call.getOriginExpr();
  if (!Copy || !Copy->Destination || !Origin || *Copy->Destination >= Call.getNumArgs())
    return;
  // The toolkit's C++ overloads (cudaMemcpyToSymbol(const T &, ...)) call
  // the C API from a system header: the user's call is the one checked.
  const SourceManager &SM = C.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Origin->getBeginLoc())))
    return;
  if (Copy->Source)
    checkCopy(Call, *Copy, C);
  else
    checkSet(Call, *Copy, C);
}

void MemcpyKindChecker::checkCopy(const CallEvent &Call, const CopyApi &Copy,
                                  CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  if (*Copy.Source >= Call.getNumArgs())
    return;
  std::optional<CopyDirection> Written = Copy.Direction;
  const Expr *Kind = nullptr;
  if (Copy.Kind) {
    if (*Copy.Kind >= Call.getNumArgs())
      return;
    Kind = Call.getArgExpr(*Copy.Kind);
    // A kind known only at run time is not judged.
    const llvm::APSInt *Value =
        C.getSValBuilder().getKnownValue(State, Call.getArgSVal(*Copy.Kind));
    if (!Value)
      return;
    Written = CudaApi::memcpyKindDirection(Value->getZExtValue());
  }
  // cudaMemcpyDefault, cuMemcpy: the direction is read off the pointers.
  if (!Written)
    return;
  Contradiction Found(
      Copy, Kind, *Written,
      operand(Call, *Copy.Destination, Copy.DestinationIsSymbol, "destination", State),
      operand(Call, *Copy.Source, Copy.SourceIsSymbol, "source", State));
  if (!Found.found())
    return;

  std::optional<FixItHint> Fix;
  if (const DeclRefExpr *Enumerator =
          Found.Right ? writtenEnumerator(Kind, C.getSourceManager()) : nullptr)
    Fix = FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Enumerator->getLocation()),
                                       CudaApi::memcpyKindName(*Found.Right));
  const Expr *Highlight =
      Kind && !Found.DefaultKind
          ? Kind
          : (Found.WrongDestination ? Found.Destination.Argument : Found.Source.Argument);
  std::string Event = "'" + Found.Api.str() + "' is called here";
  if (Kind)
    Event += " with " + CudaApi::memcpyKindName(*Written).str();
  Site Here{C, State, Call.getOriginExpr()->getBeginLoc()};
  report(message(Found, Here), Event, {&Found.Destination, &Found.Source}, Highlight, Fix, C);
}

void MemcpyKindChecker::checkSet(const CallEvent &Call, const CopyApi &Set,
                                 CheckerContext &C) const {
  Site Here{C, C.getState(), Call.getOriginExpr()->getBeginLoc()};
  Operand Destination = operand(Call, *Set.Destination, false, "destination", Here.State);
  if (!Destination.Family || CudaApi::deviceReachable(*Destination.Family))
    return;
  llvm::StringRef Api = documentedName(Set.Name);
  std::string Message = ("'" + Api + "' sets memory through a device address, but ").str() +
                        fact(Destination, Here) + "; the call fails with " +
                        CudaApi::invalidValueError(Api).str() +
                        " and sets nothing (use memset for host memory)";
  report(Message,
         ("'" + Api + "' is called here on " + memoryFamilyName(*Destination.Family)).str(),
         {&Destination}, Destination.Argument, std::nullopt, C);
}

void MemcpyKindChecker::report(const std::string &Message, const std::string &Event,
                               std::initializer_list<const Operand *> Pointers,
                               const Expr *Highlight, std::optional<FixItHint> Fix,
                               CheckerContext &C) const {
  ExplodedNode *Node = C.generateNonFatalErrorNode();
  if (!Node)
    return;
  auto Report = std::make_unique<PathSensitiveBugReport>(WrongKind, Message, Event, Node);
  if (Highlight)
    Report->addRange(Highlight->getSourceRange());
  ProgramStateRef State = C.getState();
  for (const Operand *Pointer : Pointers) {
    if (!Pointer->Family)
      continue;
    // Where the memory came from: the variable that is it, its allocation,
    // or the device address of mapped memory and the allocation behind it.
    if (const VarDecl *Variable = memory::storageVariable(Pointer->Address)) {
      Report->addNote(("'" + Variable->getName() + "' is declared here, in " +
                       memoryFamilyName(*Pointer->Family))
                          .str(),
                      PathDiagnosticLocation::create(Variable, C.getSourceManager()));
    } else if (SymbolRef Sym = memory::allocationSymbol(Pointer->Address)) {
      Report->markInteresting(Sym);
      Report->addVisitor(memory::historyNotes(Sym));
      if (const memory::DeviceAlias *Alias = memory::deviceAliasOf(State, Pointer->Address);
          Alias && Alias->Host) {
        Report->markInteresting(Alias->Host);
        Report->addVisitor(memory::historyNotes(Alias->Host));
      }
    }
  }
  if (Fix)
    Report->addFixItHint(*Fix);
  emitCrosschecked(C, std::move(Report));
}

} // namespace

void MemcpyKindCheck::storeOptions(const std::map<std::string, std::string> &,
                                   std::map<std::string, std::string> &) {}

void MemcpyKindCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<MemcpyKindChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
