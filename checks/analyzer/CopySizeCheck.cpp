// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CopySizeCheck.h"

#include "MemoryModel.h"
#include "ReportCrosscheck.h"
#include "shared/SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/DynamicExtent.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace clang::ento;

namespace cudalint {

namespace {

// A size as a constant times a product of symbols: `n * 4` is {4, [n]},
// `sizeof(double) * rows * cols` is {8, [cols, rows]}, a constant is {value,
// []}. The symbols are sorted, so that products written in another order
// (`rows * cols * 8` against `8 * cols * rows`) compare equal. Casts between
// integer types are looked through.
struct ScaledSize {
  llvm::APSInt Factor;
  llvm::SmallVector<SymbolRef, 2> Symbols;
};

std::optional<ScaledSize> scaled(SVal Size) {
  if (std::optional<llvm::APSInt> Constant =
          Size.getAsInteger() ? std::optional(*Size.getAsInteger()) : std::nullopt)
    return ScaledSize{llvm::APSInt(Constant->extOrTrunc(64), true), {}};
  SymbolRef Start = Size.getAsSymbol();
  if (!Start)
    return std::nullopt;
  ScaledSize Result{llvm::APSInt(llvm::APInt(64, 1), true), {}};
  auto Scale = [&](const llvm::APSInt &By) {
    Result.Factor *= llvm::APSInt(By.extOrTrunc(64), true);
  };
  llvm::SmallVector<SymbolRef, 4> Work{Start};
  while (!Work.empty()) {
    SymbolRef Symbol = Work.pop_back_val();
    if (const auto *Cast = dyn_cast<SymbolCast>(Symbol)) {
      Work.push_back(Cast->getOperand());
    } else if (const auto *Product = dyn_cast<SymIntExpr>(Symbol);
               Product && Product->getOpcode() == BO_Mul) {
      Scale(Product->getRHS());
      Work.push_back(Product->getLHS());
    } else if (const auto *Product = dyn_cast<IntSymExpr>(Symbol);
               Product && Product->getOpcode() == BO_Mul) {
      Scale(Product->getLHS());
      Work.push_back(Product->getRHS());
    } else if (const auto *Product = dyn_cast<SymSymExpr>(Symbol);
               Product && Product->getOpcode() == BO_Mul) {
      Work.push_back(Product->getLHS());
      Work.push_back(Product->getRHS());
    } else {
      Result.Symbols.push_back(Symbol);
    }
  }
  // Symbol IDs are given in the order the analysis meets them: stable for
  // one unit, which is all a comparison needs.
  llvm::sort(Result.Symbols,
             [](SymbolRef A, SymbolRef B) { return A->getSymbolID() < B->getSymbolID(); });
  return Result;
}

// How a count compares with the bytes available: provably larger, and by
// which factor when both are multiples of the same symbols (n * 4 against n,
// 8 * size * size against size * size).
struct Excess {
  std::optional<uint64_t> Factor;
};

std::optional<Excess> provablyLarger(SVal Count, SVal Available, CheckerContext &C) {
  std::optional<ScaledSize> Wanted = scaled(Count), Held = scaled(Available);
  if (Wanted && Held && Wanted->Symbols == Held->Symbols) {
    if (Wanted->Factor <= Held->Factor || Held->Factor.isNegative() || Held->Factor == 0)
      return std::nullopt;
    Excess Result;
    if (!Wanted->Symbols.empty() && Wanted->Factor.urem(Held->Factor) == 0)
      Result.Factor = Wanted->Factor.udiv(Held->Factor).getZExtValue();
    return Result;
  }
  // Otherwise, what the constraints on this path prove: `if (n < 16)` and
  // a count of 64.
  SValBuilder &Builder = C.getSValBuilder();
  SVal Fits = Builder.evalBinOp(C.getState(), BO_LE, Count, Available, C.getASTContext().BoolTy);
  std::optional<DefinedOrUnknownSVal> Known = Fits.getAs<DefinedOrUnknownSVal>();
  if (!Known || Known->isUnknown())
    return std::nullopt;
  auto [CanFit, CannotFit] = C.getState()->assume(*Known);
  if (CanFit || !CannotFit)
    return std::nullopt;
  return Excess{};
}

// The bytes from an address to the end of its memory, when the memory model
// recorded the allocation's size or the memory is a variable of known type;
// std::nullopt for memory of unknown size.
std::optional<SVal> bytesAvailable(SVal Address, CheckerContext &C) {
  const MemRegion *Region = Address.getAsRegion();
  if (!Region)
    return std::nullopt;
  const MemRegion *Base = Region->getBaseRegion();
  if (!isa<SymbolicRegion, VarRegion>(Base))
    return std::nullopt;
  DefinedOrUnknownSVal Extent = getDynamicExtent(C.getState(), Base, C.getSValBuilder());
  if (Extent.isUnknown() || isa_and_nonnull<SymbolExtent>(Extent.getAsSymbol()))
    return std::nullopt;
  SVal Left = getDynamicExtentWithOffset(C.getState(), Address);
  if (Left.isUnknownOrUndef())
    return std::nullopt;
  return Left;
}

std::string quoted(const Expr *E, CheckerContext &C) {
  if (!E)
    return "";
  std::string Text =
      shortSourceText(*E->IgnoreParenImpCasts(), C.getSourceManager(), C.getLangOpts());
  return Text.empty() ? "" : "'" + Text + "'";
}

// "1024 bytes" or "'n * sizeof(float)' bytes"
std::string bytesText(SVal Value, const Expr *Written, CheckerContext &C) {
  if (std::optional<llvm::APSInt> Constant =
          Value.getAsInteger() ? std::optional(*Value.getAsInteger()) : std::nullopt)
    return std::to_string(Constant->getExtValue()) + " bytes";
  std::string Text = quoted(Written, C);
  return Text.empty() ? "more bytes" : Text + " bytes";
}

// What an allocation holds, as its call wrote it: "'n' bytes".
std::string heldText(SVal Available, const memory::Allocation *Memory, CheckerContext &C) {
  if (Available.getAsInteger())
    return bytesText(Available, nullptr, C);
  const auto *Site = Memory ? dyn_cast_or_null<CallExpr>(Memory->site()) : nullptr;
  const ByteCountApi *Counts = Site && Site->getDirectCallee()
                                   ? memory::api(C).byteCounts(Site->getDirectCallee())
                                   : nullptr;
  if (!Counts || !Counts->Bytes || *Counts->Bytes >= Site->getNumArgs())
    return "fewer bytes";
  std::string Text = quoted(Site->getArg(*Counts->Bytes), C);
  if (Counts->ElementSize && *Counts->ElementSize < Site->getNumArgs()) {
    std::string Size = quoted(Site->getArg(*Counts->ElementSize), C);
    if (!Text.empty() && !Size.empty())
      return Text + " elements of " + Size + " bytes";
  } else if (!Text.empty()) {
    return Text + " bytes";
  }
  return "fewer bytes";
}

class CopySizeChecker : public Checker<check::PreCall> {
public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;

private:
  void checkPointerSizeof(const CallEvent &Call, const ByteCountApi &Counts,
                          CheckerContext &C) const;
  void checkAgainstMemory(const CallEvent &Call, const CopyApi &Copy, const ByteCountApi &Counts,
                          CheckerContext &C) const;
  void checkPitches(const CallEvent &Call, const CopyApi &Copy, const ByteCountApi &Counts,
                    CheckerContext &C) const;
  void checkByteValue(const CallEvent &Call, unsigned Value, CheckerContext &C) const;
  void reportOverrun(const CallEvent &Call, unsigned Pointer, bool IsDestination, SVal Count,
                     const Expr *CountWritten, SVal Available, const Excess &By,
                     CheckerContext &C) const;
  void report(const CallEvent &Call, const Expr *At, std::string Message, std::string Short,
              SymbolRef Memory, CheckerContext &C) const;

  BugType WrongSize{this, "CUDA byte count that cannot be right", "CUDA memory"};
};

void CopySizeChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  const ByteCountApi *Counts = Callee ? memory::api(C).byteCounts(Callee) : nullptr;
  const Expr *Origin = Call.getOriginExpr();
  if (!Counts || !Origin)
    return;
  // The toolkit's C++ overloads call the C API from a system header: the
  // user's call is the one checked.
  const SourceManager &SM = C.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Origin->getBeginLoc())))
    return;
  checkPointerSizeof(Call, *Counts, C);
  if (const CopyApi *Copy = memory::api(C).copy(Callee)) {
    checkAgainstMemory(Call, *Copy, *Counts, C);
    checkPitches(Call, *Copy, *Counts, C);
  }
  if (std::optional<unsigned> Value = memory::api(C).memsetByteValue(Callee);
      Value && *Value < Call.getNumArgs())
    checkByteValue(Call, *Value, C);
}

// `sizeof p` for a pointer `p` whose value (not address) the call is given,
// or for an allocation of memory that does not hold pointers.
void CopySizeChecker::checkPointerSizeof(const CallEvent &Call, const ByteCountApi &Counts,
                                         CheckerContext &C) const {
  if (!Counts.Bytes || *Counts.Bytes >= Call.getNumArgs())
    return;
  const auto *Size =
      dyn_cast<UnaryExprOrTypeTraitExpr>(Call.getArgExpr(*Counts.Bytes)->IgnoreParenImpCasts());
  if (!Size || Size->getKind() != UETT_SizeOf || Size->isArgumentType())
    return;
  const Expr *Measured = Size->getArgumentExpr()->IgnoreParens();
  QualType Type = Measured->getType();
  if (!Type->isPointerType() || Type->getPointeeType()->isPointerType())
    return;
  const auto *Named = dyn_cast<DeclRefExpr>(Measured->IgnoreParenImpCasts());
  const ValueDecl *Variable = Named ? Named->getDecl() : nullptr;
  const auto *Callee = cast<FunctionDecl>(Call.getDecl());
  if (memory::api(C).hostAllocation(Callee))
    return; // malloc's result type says nothing of what it will hold
  if (const AllocationApi *Allocation = memory::api(C).allocation(Callee)) {
    // cudaMalloc(&rows, sizeof(p)) for `float **rows` allocates one pointer:
    // right. The memory must hold no pointers (and be of a known type).
    QualType Allocated = Allocation->OutParam < Call.getNumArgs()
                             ? Call.getArgExpr(Allocation->OutParam)->IgnoreParenCasts()->getType()
                             : QualType();
    if (Allocated.isNull() || !Allocated->isPointerType())
      return;
    QualType Pointee = Allocated->getPointeeType();
    if (!Pointee->isPointerType() || Pointee->getPointeeType()->isPointerType() ||
        Pointee->getPointeeType()->isVoidType())
      return;
  } else {
    // cudaMemcpy(d, &p, sizeof(p)) copies the pointer's own value: right.
    for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
      const auto *AddressOf = dyn_cast<UnaryOperator>(Call.getArgExpr(I)->IgnoreParenCasts());
      if (!AddressOf || AddressOf->getOpcode() != UO_AddrOf)
        continue;
      const auto *Target = dyn_cast<DeclRefExpr>(AddressOf->getSubExpr()->IgnoreParenImpCasts());
      if (Target && Variable && Target->getDecl() == Variable)
        return;
    }
  }
  bool IsAllocation = memory::api(C).allocation(Callee);
  uint64_t PointerBytes = C.getASTContext().getTypeSizeInChars(Type).getQuantity();
  std::string Api = documentedName(*cast<FunctionDecl>(Call.getDecl()));
  std::string Pointer = quoted(Measured, C);
  std::string Element = Type->getPointeeType()->isVoidType()
                            ? "the element size"
                            : "sizeof(" +
                                  Type->getPointeeType().getUnqualifiedType().getAsString(
                                      C.getASTContext().getPrintingPolicy()) +
                                  ")";
  std::string Message = llvm::formatv(
      "the byte count '{0}' is the size of the pointer {1} ({2} bytes), not of the memory it "
      "points to; '{3}' {4} {2} bytes{5}; count the elements times {6}",
      shortSourceText(*Size, C.getSourceManager(), C.getLangOpts()), Pointer, PointerBytes, Api,
      IsAllocation ? "allocates" : "moves",
      IsAllocation ? ", and the code that fills it writes past its end"
                   : " and succeeds, leaving the rest of the buffer as it was",
      Element);
  report(Call, Size, Message, "the byte count is the size of a pointer", nullptr, C);
}

void CopySizeChecker::checkAgainstMemory(const CallEvent &Call, const CopyApi &Copy,
                                         const ByteCountApi &Counts, CheckerContext &C) const {
  if (!Counts.Bytes || *Counts.Bytes >= Call.getNumArgs())
    return;
  SValBuilder &Builder = C.getSValBuilder();
  QualType SizeType = C.getASTContext().getSizeType();
  const Expr *CountWritten = Call.getArgExpr(*Counts.Bytes);
  SVal Count = Builder.evalCast(Call.getArgSVal(*Counts.Bytes), SizeType, CountWritten->getType());
  if (Counts.ElementBytes != 1)
    Count = Builder.evalBinOp(C.getState(), BO_Mul, Count,
                              Builder.makeIntVal(Counts.ElementBytes, SizeType), SizeType);
  auto Check = [&](std::optional<unsigned> Pointer, bool IsSymbol, bool IsDestination) {
    // A symbol copy's offset moves the window: left to the runtime.
    if (!Pointer || IsSymbol || *Pointer >= Call.getNumArgs())
      return false;
    SVal Address = Call.getArgSVal(*Pointer);
    if (const memory::Allocation *Memory =
            memory::find(C.getState(), memory::allocationSymbol(Address));
        Memory && Memory->state() == memory::Ownership::Released)
      return false; // cuda-use-after-free's to report
    std::optional<SVal> Available = bytesAvailable(Address, C);
    if (!Available)
      return false;
    std::optional<Excess> By = provablyLarger(Count, *Available, C);
    if (!By)
      return false;
    reportOverrun(Call, *Pointer, IsDestination, Count, CountWritten, *Available, *By, C);
    return true;
  };
  if (!Check(Copy.Destination, Copy.DestinationIsSymbol, /*IsDestination=*/true))
    Check(Copy.Source, Copy.SourceIsSymbol, /*IsDestination=*/false);
}

void CopySizeChecker::reportOverrun(const CallEvent &Call, unsigned Pointer, bool IsDestination,
                                    SVal Count, const Expr *CountWritten, SVal Available,
                                    const Excess &By, CheckerContext &C) const {
  SVal Address = Call.getArgSVal(Pointer);
  ProgramStateRef State = C.getState();
  std::optional<MemoryFamily> Family = memory::familyOf(State, Address);
  SymbolRef Sym = memory::allocationSymbol(Address);
  const memory::Allocation *Memory = memory::find(State, Sym);
  std::string Api = documentedName(*cast<FunctionDecl>(Call.getDecl()));
  bool IsMemset = !memory::api(C).copy(cast<FunctionDecl>(Call.getDecl()))->Source;
  std::string Side = quoted(Call.getArgExpr(Pointer), C);
  std::string What = Family ? memoryFamilyName(*Family).str() : "memory";
  std::string Holder;
  if (Memory)
    Holder = (" (allocated by '" + documentedName(Memory->allocator()) + "')").str();
  else if (const VarDecl *Variable = memory::storageVariable(Address))
    Holder = " ('" + Variable->getName().str() + "')";
  std::string Verb = IsMemset ? "sets" : "copies";
  std::string Direction = IsMemset || IsDestination ? " into " : " from ";
  bool OnDevice = Family && CudaApi::deviceReachable(*Family) &&
                  *Family != MemoryFamily::PinnedHost && *Family != MemoryFamily::MappedHost;
  std::string Outcome = OnDevice ? "the runtime refuses the call with " +
                                       CudaApi::invalidValueError(Api).str() + " and nothing is " +
                                       (IsMemset ? "set" : "copied")
                                 : std::string("the call ") + (IsDestination ? "writes" : "reads") +
                                       " past the end of the buffer";
  std::string Hint;
  if (By.Factor && *By.Factor > 1 && Memory)
    Hint = llvm::formatv("; the count is {0} times the allocation's size: was it sized in "
                         "elements rather than bytes?{1}",
                         *By.Factor,
                         OnDevice ? " The kernels that use it then write past its end too" : "")
               .str();
  std::string Message = llvm::formatv("'{0}' {1} {2}{3}{4}, but the {5}{6} holds {7}; {8}{9}", Api,
                                      Verb, bytesText(Count, CountWritten, C), Direction,
                                      Side.empty() ? "the buffer" : Side, What, Holder,
                                      heldText(Available, Memory, C), Outcome, Hint);
  report(Call, CountWritten, Message,
         "'" + Api + "' " + Verb + " more bytes than the " + What + " holds",
         Memory ? Sym : nullptr, C);
}

// cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind): each row is
// `width` bytes, and no pitch may be narrower than a row.
void CopySizeChecker::checkPitches(const CallEvent &Call, const CopyApi &Copy,
                                   const ByteCountApi &Counts, CheckerContext &C) const {
  if (!Counts.Width || !Counts.Height || *Counts.Width >= Call.getNumArgs() ||
      *Counts.Height >= Call.getNumArgs())
    return;
  SValBuilder &Builder = C.getSValBuilder();
  QualType SizeType = C.getASTContext().getSizeType();
  auto Argument = [&](unsigned Index) {
    return Builder.evalCast(Call.getArgSVal(Index), SizeType, Call.getArgExpr(Index)->getType());
  };
  SVal Width = Argument(*Counts.Width);
  std::string Api = documentedName(*cast<FunctionDecl>(Call.getDecl()));
  for (auto [Pitch, Role] : {std::pair{Counts.DestinationPitch, "destination"},
                             std::pair{Counts.SourcePitch, "source"}}) {
    if (!Pitch || *Pitch >= Call.getNumArgs())
      continue;
    if (provablyLarger(Width, Argument(*Pitch), C)) {
      report(Call, Call.getArgExpr(*Counts.Width),
             llvm::formatv("'{0}' is given rows of {1} but a {2} pitch of {3}: rows would "
                           "overlap, and the runtime refuses the call with "
                           "cudaErrorInvalidPitchValue; the pitch is the distance between "
                           "rows in bytes, at least the width",
                           Api, bytesText(Width, Call.getArgExpr(*Counts.Width), C), Role,
                           bytesText(Argument(*Pitch), Call.getArgExpr(*Pitch), C))
                 .str(),
             ("a row is wider than the " + llvm::StringRef(Role) + " pitch").str(), nullptr, C);
      return;
    }
  }
  // The last row ends at pitch * (height - 1) + width.
  SVal Height = Argument(*Counts.Height);
  ProgramStateRef State = C.getState();
  for (auto [Pitch, Pointer, IsDestination] :
       {std::tuple{Counts.DestinationPitch, Copy.Destination, true},
        std::tuple{Counts.SourcePitch, Copy.Source, false}}) {
    if (!Pitch || !Pointer || *Pointer >= Call.getNumArgs())
      continue;
    std::optional<SVal> Available = bytesAvailable(Call.getArgSVal(*Pointer), C);
    if (!Available)
      continue;
    SVal Rows = Builder.evalBinOp(State, BO_Sub, Height, Builder.makeIntVal(1, SizeType), SizeType);
    SVal Reach = Builder.evalBinOp(
        State, BO_Add, Builder.evalBinOp(State, BO_Mul, Argument(*Pitch), Rows, SizeType), Width,
        SizeType);
    if (Reach.isUnknownOrUndef() || !Reach.getAsInteger())
      continue; // only constant reaches: symbolic ones rarely fold
    if (std::optional<Excess> By = provablyLarger(Reach, *Available, C)) {
      reportOverrun(Call, *Pointer, IsDestination, Reach, nullptr, *Available, *By, C);
      return;
    }
  }
}

// cudaMemset(p, value, bytes) writes the low byte of `value` into every
// byte. A value that is not one byte fills the memory with something else:
// cudaMemset(p, 1.0f, n) makes every float 0x01010101 (about 2.4e-38), and
// cudaMemset(p, 300, n) sets bytes of 0x2c. Zero, and -1 (every bit set),
// are the values that fill elements of any width as written.
void CopySizeChecker::checkByteValue(const CallEvent &Call, unsigned Value,
                                     CheckerContext &C) const {
  const Expr *Written = Call.getArgExpr(Value)->IgnoreParenImpCasts();
  QualType Type = Written->getType();
  std::optional<llvm::APSInt> Known;
  if (const llvm::APSInt *Constant =
          C.getSValBuilder().getKnownValue(C.getState(), C.getSVal(Call.getArgExpr(Value))))
    Known = *Constant;
  auto FillsAsWritten = [&] { return Known && (Known->isZero() || Known->isAllOnes()); };
  std::string Api = documentedName(*cast<FunctionDecl>(Call.getDecl()));
  std::string Text = quoted(Written, C);
  const PrintingPolicy &Policy = C.getASTContext().getPrintingPolicy();
  std::string Message;
  if (Type->isRealFloatingType()) {
    llvm::APFloat Floating(0.0);
    if (Written->EvaluateAsFloat(Floating, C.getASTContext()) && Floating.isZero())
      return;
    Message = llvm::formatv("'{0}' sets every byte to the low byte of an int, but the value {1} "
                            "is a '{2}': it is converted to int and cut to one byte, so no "
                            "element ends up holding it (1.0f would make every float "
                            "0x01010101, about 2.4e-38); only 0 fills floats with 0.0, other "
                            "values need a kernel or thrust::fill",
                            Api, Text, Type.getUnqualifiedType().getAsString(Policy))
                  .str();
  } else if (const auto *Parameter = Type->getAs<SubstTemplateTypeParmType>();
             Parameter && Type->isIntegerType() && !Type->isAnyCharacterType() &&
             !Type->isBooleanType() && C.getASTContext().getTypeSize(Type) > 8) {
    if (FillsAsWritten())
      return;
    std::string Element = Parameter->getReplacementType().getAsString(Policy);
    Message = llvm::formatv("'{0}' sets every byte to the low byte of its value, but the value "
                            "{1} has type '{2}' ('{3}' here): each '{3}' becomes {4} copies of "
                            "that byte, so only 0 and -1 come out as written; other values "
                            "need a kernel or thrust::fill",
                            Api, Text, Parameter->getReplacedParameter()->getName(), Element,
                            C.getASTContext().getTypeSizeInChars(Type).getQuantity())
                  .str();
  } else if (Known && Type->isIntegerType() && !FillsAsWritten() &&
             (Known->isNegative() || Known->getExtValue() > 255)) {
    uint64_t Byte = Known->getExtValue() & 0xff;
    Message = llvm::formatv("'{0}' sets every byte to the low byte of its value, but {1} does "
                            "not fit in a byte: every byte becomes {2:x2} ({3}); the value is "
                            "one byte, not an element",
                            Api, Known->getExtValue(), Byte, Byte)
                  .str();
  } else {
    return;
  }
  report(Call, Written, Message, "'" + Api + "' is given a value that is not a byte", nullptr, C);
}

void CopySizeChecker::report(const CallEvent &Call, const Expr *At, std::string Message,
                             std::string Short, SymbolRef Memory, CheckerContext &C) const {
  ExplodedNode *Node = C.generateNonFatalErrorNode();
  if (!Node)
    return;
  auto Report = std::make_unique<PathSensitiveBugReport>(WrongSize, Message, Short, Node);
  if (At)
    Report->addRange(At->getSourceRange());
  if (Memory) {
    Report->markInteresting(Memory);
    Report->addVisitor(memory::historyNotes(Memory));
  }
  emitCrosschecked(C, std::move(Report));
}

} // namespace

void CopySizeCheck::storeOptions(const std::map<std::string, std::string> &,
                                 std::map<std::string, std::string> &) {}

void CopySizeCheck::registerChecker(CheckerRegistry &Registry) {
  Registry.addChecker<CopySizeChecker>(AnalyzerName, Summary);
  Registry.addDependency(AnalyzerName, memory::ModelingCheckerName);
}

} // namespace cudalint
