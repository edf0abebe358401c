// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "shared/MemberOwnership.h"

#include "shared/ProjectFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <cctype>
#include <optional>

using namespace clang;

namespace cudalint {

namespace {

// What one mention of a field in a function does with the field's memory.
enum class Use {
  Allocates, // its address is an allocation's out-parameter
  Releases,  // it goes to a release, here or in a function of the unit
  Writes,    // it is assigned, its address taken, bound to a non-const reference
  HandsOff,  // it is returned, copied, or given to code that may release it
  Reads,     // anything that leaves the memory where it is
};

const FieldDecl *fieldOf(const Expr *E) {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenCasts());
  const auto *Field = Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  return Field ? Field->getCanonicalDecl() : nullptr;
}

bool isInSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

// A definition in the unit's own code, whose body this half can read.
const FunctionDecl *definitionInUnit(const FunctionDecl *Callee, const SourceManager &SM) {
  const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
  if (!Definition || !Definition->hasBody() || isInSystemHeader(Definition, SM))
    return nullptr;
  return Definition;
}

// The parent of `E` that uses its value, past parentheses and casts.
const Stmt *user(const Stmt *E, const ParentMap &Parents, const Stmt *&Child) {
  Child = E;
  const Stmt *Parent = Parents.getParent(E);
  while (Parent && isa<ParenExpr, CastExpr, ExprWithCleanups, MaterializeTemporaryExpr>(Parent)) {
    Child = Parent;
    Parent = Parents.getParent(Parent);
  }
  return Parent;
}

std::optional<unsigned> argumentIndex(const CallExpr &Call, const Stmt *Argument) {
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (Call.getArg(I) == Argument)
      return I;
  return std::nullopt;
}

bool isKernel(const FunctionDecl *Callee) { return Callee && Callee->hasAttr<CUDAGlobalAttr>(); }

class MemberOwnership {
public:
  MemberOwnership(ASTContext &Context, const CudaApi &Api)
      : Context(Context), SM(Context.getSourceManager()), Api(Api) {}

  MemberOwnershipFindings analyse();

private:
  struct Mention {
    const FunctionDecl *In;
    Use What;
    const CallExpr *Allocation = nullptr;
    const AllocationApi *Allocator = nullptr;
    // A release by a call of the table, or a delete-expression: what it is
    // and which family it frees. Null for a release through a helper.
    const Expr *Release = nullptr;
    std::string ReleaseName;
    MemoryFamily ReleaseFamily = MemoryFamily::PageableHost;
    bool StoresNull = false; // a write of nullptr, NULL or 0
  };

  // An acquiring function and the releasing function of one kind of object.
  // Acquirers set the object up (constructors, init-style methods, the
  // create function of a C struct): what they allocate is the object's, and
  // what they release or write is their business. For a C struct, any other
  // function handed the struct by pointer may allocate a member too
  // (`model_warmup(m)` filling a cache): an Allocator, whose allocations are
  // the object's but whose releases take the member away.
  struct Pair {
    const RecordDecl *Record;
    llvm::SmallVector<const FunctionDecl *, 4> Acquirers;
    const FunctionDecl *Releaser;
    llvm::SmallVector<const FunctionDecl *, 4> Allocators = {};
  };

  void collectDefinitions();
  void recordMentions(const FunctionDecl *Function);
  Use useOf(const MemberExpr *Mentioned, const ParentMap &Parents, Mention &Seen);
  Use passedTo(const CallExpr &Call, unsigned Index);
  bool releasesParameter(const FunctionDecl *Function, unsigned Index);
  bool harmlessCallee(const FunctionDecl *Callee) const;
  std::vector<Pair> pairs() const;
  std::optional<llvm::SmallPtrSet<const FunctionDecl *, 8>>
  releasingSet(const FunctionDecl *Releaser, const RecordDecl *Record) const;
  std::vector<MismatchedMemberRelease>
  mismatchedReleases(const std::vector<Mention> &Seen, const Mention &Allocated,
                     const llvm::SmallPtrSet<const FunctionDecl *, 8> &Releasing,
                     const FieldDecl *Field, const FunctionDecl *Releaser) const;

  ASTContext &Context;
  const SourceManager &SM;
  const CudaApi &Api;
  std::vector<const FunctionDecl *> Definitions;
  llvm::DenseMap<const FieldDecl *, std::vector<Mention>> Mentions;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, bool> ParameterReleases;
};

void MemberOwnership::collectDefinitions() {
  struct Collector : RecursiveASTVisitor<Collector> {
    std::vector<const FunctionDecl *> &Found;
    const SourceManager &SM;
    Collector(std::vector<const FunctionDecl *> &Found, const SourceManager &SM)
        : Found(Found), SM(SM) {}
    // Nothing the system headers declare is the unit's own code: not walked
    // at all, since each body walked is one read back from a precompiled
    // preamble (0.16 s of set-rows.cu's analysis).
    bool TraverseDecl(Decl *D) {
      if (D && !isa<TranslationUnitDecl>(D) && isInSystemHeader(D, SM))
        return true;
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    // A class template's members are checked in each instantiation the unit
    // has (`Buffers<float>`), where the calls they make are resolved; the
    // template itself is dependent code.
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *Function) {
      if (Function->doesThisDeclarationHaveABody() && !Function->isDependentContext())
        Found.push_back(Function);
      return true;
    }
  } Collect(Definitions, SM);
  Collect.TraverseDecl(Context.getTranslationUnitDecl());
}

// C library and CUDA calls use a pointer and return; a kernel reads and
// writes its memory. None of them releases it (releases are asked first).
bool MemberOwnership::harmlessCallee(const FunctionDecl *Callee) const {
  if (!Callee)
    return false;
  if (Api.keepsPointerArguments(Callee))
    return false;
  // A function of another unit, as its summary says (ProjectFunctions.h).
  if (const FunctionSummary *Summary = Api.projectFunction(Callee))
    return !Summary->Releases && Summary->Keeps.empty();
  if (isKernel(Callee) || Api.allocation(Callee) || Api.hostAllocation(Callee) ||
      Api.copy(Callee) || Api.synchronization(Callee) || Api.isCudaApiCall(Callee))
    return true;
  return isInSystemHeader(Callee, SM) && !isa<CXXMethodDecl>(Callee);
}

// Whether a function of the unit releases what its parameter `Index`
// receives: it releases the parameter, or hands it to code that may.
bool MemberOwnership::releasesParameter(const FunctionDecl *Function, unsigned Index) {
  auto [It, Inserted] = ParameterReleases.try_emplace({Function, Index}, true);
  if (!Inserted)
    return It->second;
  const ParmVarDecl *Parameter =
      Index < Function->getNumParams() ? Function->getParamDecl(Index) : nullptr;
  if (!Parameter)
    return It->second = false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *Parameter;
    const MemberOwnership &Owner;
    bool Releases = false;
    Finder(const ParmVarDecl *Parameter, const MemberOwnership &Owner)
        : Parameter(Parameter), Owner(Owner) {}
    bool VisitCallExpr(CallExpr *Call) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      for (const Expr *Argument : Call->arguments()) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Argument->IgnoreParenCasts());
        if (!Ref || Ref->getDecl() != Parameter)
          continue;
        // One level deep: a call the helper makes with it is judged by its
        // callee's table row, not followed further.
        if (Owner.Api.release(Callee) || !Owner.harmlessCallee(Callee))
          Releases = true;
      }
      return !Releases;
    }
    bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
      const auto *Ref = dyn_cast<DeclRefExpr>(Delete->getArgument()->IgnoreParenCasts());
      Releases = Releases || (Ref && Ref->getDecl() == Parameter);
      return !Releases;
    }
  } Find(Parameter, *this);
  Find.TraverseStmt(Function->getBody());
  // The map may have grown while the body was read.
  return ParameterReleases[{Function, Index}] = Find.Releases;
}

Use MemberOwnership::passedTo(const CallExpr &Call, unsigned Index) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (const ReleaseApi *Release = Api.release(Callee))
    return Release->PointerParam == Index ? Use::Releases : Use::Reads;
  if (const FunctionSummary *Summary = Api.projectFunction(Callee);
      Summary && Summary->Releases && Summary->Releases->first == Index)
    return Use::Releases;
  if (Callee && Index < Callee->getNumParams()) {
    QualType Type = Callee->getParamDecl(Index)->getType();
    if (Type->isReferenceType() && !Type.getNonReferenceType().isConstQualified())
      return Use::Writes;
  }
  if (harmlessCallee(Callee))
    return Use::Reads;
  // A method call's object is not among its arguments: indexes match the
  // parameters only for a plain call.
  if (const FunctionDecl *Helper = definitionInUnit(Callee, SM);
      Helper && !isa<CXXOperatorCallExpr>(Call))
    return releasesParameter(Helper, Index) ? Use::Releases : Use::Reads;
  return Use::HandsOff;
}

Use MemberOwnership::useOf(const MemberExpr *Mentioned, const ParentMap &Parents, Mention &Seen) {
  const Stmt *Child;
  const Stmt *Parent = user(Mentioned, Parents, Child);
  if (!Parent)
    return Use::Reads;
  if (const auto *Unary = dyn_cast<UnaryOperator>(Parent)) {
    if (Unary->isIncrementDecrementOp())
      return Use::Writes;
    if (Unary->getOpcode() != UO_AddrOf)
      return Use::Reads;
    const Stmt *Address;
    const auto *Call = dyn_cast_or_null<CallExpr>(user(Unary, Parents, Address));
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    std::optional<unsigned> Index = Call ? argumentIndex(*Call, Address) : std::nullopt;
    if (const AllocationApi *Row = Api.allocation(Callee);
        Row && Index && *Index == Row->OutParam) {
      Seen.Allocation = Call;
      Seen.Allocator = Row;
      return Use::Allocates;
    }
    return Use::Writes;
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(Parent)) {
    if (Binary->isAssignmentOp() && Binary->getLHS() == Child) {
      Seen.StoresNull = Binary->getOpcode() == BO_Assign &&
                        Binary->getRHS()->isNullPointerConstant(
                            Context, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
      return Use::Writes;
    }
    if (Binary->isAssignmentOp())
      return Use::HandsOff;
    return Use::Reads;
  }
  if (const auto *Call = dyn_cast<CallExpr>(Parent)) {
    if (Call->getCallee() == Child)
      return Use::Reads;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
        Member && Member->getImplicitObjectArgument() == Child)
      return Use::HandsOff;
    std::optional<unsigned> Index = argumentIndex(*Call, Child);
    if (const ReleaseApi *Row = Api.release(Call->getDirectCallee());
        Row && Index && *Index == Row->PointerParam) {
      Seen.Release = Call;
      Seen.ReleaseName = Row->Name.str();
      Seen.ReleaseFamily = Row->Family;
    }
    return Index ? passedTo(*Call, *Index) : Use::HandsOff;
  }
  if (const auto *Delete = dyn_cast<CXXDeleteExpr>(Parent)) {
    Seen.Release = Delete;
    Seen.ReleaseName = CudaApi::deleteExpressionName(Delete->isArrayForm()).str();
    Seen.ReleaseFamily = MemoryFamily::PageableHost;
    return Use::Releases;
  }
  if (const auto *Conditional = dyn_cast<AbstractConditionalOperator>(Parent))
    return Conditional->getCond() == Child ? Use::Reads : Use::HandsOff;
  if (isa<ArraySubscriptExpr, MemberExpr, IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt,
          UnaryExprOrTypeTraitExpr>(Parent))
    return Use::Reads;
  // Returned, stored, captured, handed to a constructor: somewhere else may
  // own it now.
  return Use::HandsOff;
}

void MemberOwnership::recordMentions(const FunctionDecl *Function) {
  ParentMap Parents(Function->getBody());
  struct Visitor : RecursiveASTVisitor<Visitor> {
    llvm::SmallVector<const MemberExpr *, 16> Found;
    bool VisitMemberExpr(MemberExpr *Member) {
      Found.push_back(Member);
      return true;
    }
  } Visit;
  Visit.TraverseStmt(Function->getBody());
  for (const MemberExpr *Member : Visit.Found) {
    const FieldDecl *Field = fieldOf(Member);
    if (!Field)
      continue;
    QualType Type = Field->getType();
    if (!Type->isPointerType() && !Type->isIntegerType())
      continue;
    Mention Seen{Function, Use::Reads};
    Seen.What = useOf(Member, Parents, Seen);
    Mentions[Field].push_back(Seen);
  }
}

// Names split into words, lowercase: "Layer_create" → {layer, create},
// "initBuffers" → {init, buffers}.
std::vector<std::string> words(llvm::StringRef Name) {
  std::vector<std::string> Words;
  std::string Current;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    bool Boundary = C == '_' || (std::isupper(static_cast<unsigned char>(C)) && I > 0 &&
                                 std::islower(static_cast<unsigned char>(Name[I - 1])));
    if (Boundary && !Current.empty()) {
      Words.push_back(Current);
      Current.clear();
    }
    if (C != '_')
      Current.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(C))));
  }
  if (!Current.empty())
    Words.push_back(Current);
  return Words;
}

constexpr llvm::StringLiteral AcquiringVerbs[] = {"create",   "init", "initialize", "alloc",
                                                  "allocate", "new",  "setup",      "open"};
constexpr llvm::StringLiteral ReleasingVerbs[] = {"destroy", "free",    "release",    "delete",
                                                  "cleanup", "dealloc", "deallocate", "teardown",
                                                  "close",   "fini",    "finalize"};

// The name without its verb ("Layer_create" → "layer", "initBuffers" →
// "buffers") when it has exactly one verb of `Verbs`.
std::optional<std::string> stemWithout(llvm::StringRef Name,
                                       llvm::ArrayRef<llvm::StringLiteral> Verbs) {
  std::vector<std::string> Parts = words(Name);
  std::string Stem;
  unsigned VerbsFound = 0;
  for (const std::string &Part : Parts) {
    if (llvm::is_contained(Verbs, Part)) {
      ++VerbsFound;
      continue;
    }
    Stem += Part + "_";
  }
  if (VerbsFound != 1)
    return std::nullopt;
  return Stem;
}

// The struct a C-style function works on: the record its parameters point
// or refer to (or that it returns a pointer to), when there is exactly one.
const RecordDecl *objectRecord(const FunctionDecl *Function) {
  llvm::SmallPtrSet<const RecordDecl *, 2> Records;
  auto Add = [&](QualType Type) {
    for (int Depth = 0; Depth < 2 && (Type->isPointerType() || Type->isReferenceType()); ++Depth)
      Type = Type->getPointeeType();
    if (const RecordDecl *Record = Type->getAsRecordDecl())
      Records.insert(cast<RecordDecl>(Record->getCanonicalDecl()));
  };
  for (const ParmVarDecl *Parameter : Function->parameters())
    if (Parameter->getType()->isPointerType() || Parameter->getType()->isReferenceType())
      Add(Parameter->getType());
  if (Function->getReturnType()->isPointerType())
    Add(Function->getReturnType());
  return Records.size() == 1 ? *Records.begin() : nullptr;
}

std::vector<MemberOwnership::Pair> MemberOwnership::pairs() const {
  std::vector<Pair> Found;
  // Classes: the constructors and init-style methods acquire, the destructor
  // releases.
  for (const FunctionDecl *Function : Definitions) {
    const auto *Destructor = dyn_cast<CXXDestructorDecl>(Function);
    if (!Destructor || Destructor->isImplicit() || Destructor->getParent()->isUnion() ||
        Destructor->getParent()->isLambda())
      continue;
    Pair Class{Destructor->getParent()->getCanonicalDecl(), {}, Destructor};
    for (const FunctionDecl *Candidate : Definitions) {
      const auto *Method = dyn_cast<CXXMethodDecl>(Candidate);
      if (!Method || Method->getParent()->getCanonicalDecl() != Class.Record ||
          Method->isImplicit())
        continue;
      if (isa<CXXConstructorDecl>(Method) ||
          (Method->getDeclName().isIdentifier() && stemWithout(Method->getName(), AcquiringVerbs)))
        Class.Acquirers.push_back(Method);
    }
    Found.push_back(std::move(Class));
  }
  // C-style pairs: free functions on one struct whose names differ only by
  // an acquiring and a releasing verb.
  for (const FunctionDecl *Releaser : Definitions) {
    if (isa<CXXMethodDecl>(Releaser) || !Releaser->getDeclName().isIdentifier())
      continue;
    std::optional<std::string> Stem = stemWithout(Releaser->getName(), ReleasingVerbs);
    const RecordDecl *Record = Stem ? objectRecord(Releaser) : nullptr;
    if (!Record || Releaser->getReturnType()->isPointerType())
      continue;
    Pair Struct{Record, {}, Releaser};
    for (const FunctionDecl *Function : Definitions) {
      if (isa<CXXMethodDecl>(Function) || Function == Releaser ||
          !Function->getDeclName().isIdentifier() || objectRecord(Function) != Record)
        continue;
      if (stemWithout(Function->getName(), AcquiringVerbs) == Stem)
        Struct.Acquirers.push_back(Function);
      else
        Struct.Allocators.push_back(Function);
    }
    if (!Struct.Acquirers.empty() || !Struct.Allocators.empty())
      Found.push_back(std::move(Struct));
  }
  return Found;
}

// The releasing function and the functions of the unit it calls, one level
// deep; none when it calls code outside the unit on the object (a method
// defined elsewhere, a function given `this`).
std::optional<llvm::SmallPtrSet<const FunctionDecl *, 8>>
MemberOwnership::releasingSet(const FunctionDecl *Releaser, const RecordDecl *Record) const {
  struct Calls : RecursiveASTVisitor<Calls> {
    llvm::SmallVector<const CallExpr *, 8> Found;
    bool VisitCallExpr(CallExpr *Call) {
      Found.push_back(Call);
      return true;
    }
  };
  llvm::SmallPtrSet<const FunctionDecl *, 8> Set;
  Set.insert(Releaser);
  llvm::SmallVector<const FunctionDecl *, 8> Pending{Releaser};
  for (unsigned Depth = 0; Depth < 2 && !Pending.empty(); ++Depth) {
    llvm::SmallVector<const FunctionDecl *, 8> Next;
    for (const FunctionDecl *Function : Pending) {
      Calls Visit;
      Visit.TraverseStmt(Function->getBody());
      for (const CallExpr *Call : Visit.Found) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (const FunctionDecl *Helper = definitionInUnit(Callee, SM)) {
          if (Depth == 0 && Set.insert(Helper).second)
            Next.push_back(Helper);
          continue;
        }
        const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
        if (Method && Method->getParent()->getCanonicalDecl() == Record)
          return std::nullopt; // a method of the object defined elsewhere
        for (const Expr *Argument : Call->arguments())
          if (isa<CXXThisExpr>(Argument->IgnoreParenCasts()))
            return std::nullopt;
      }
    }
    Pending = std::move(Next);
  }
  return Set;
}

// The releases of a member by the releasing function that cannot release
// the memory its allocations give it; none when they disagree on the family,
// other memory may be stored in it, a helper whose call cudalint does not
// read releases it, or another release there accepts it.
std::vector<MismatchedMemberRelease>
MemberOwnership::mismatchedReleases(const std::vector<Mention> &Seen, const Mention &Allocated,
                                    const llvm::SmallPtrSet<const FunctionDecl *, 8> &Releasing,
                                    const FieldDecl *Field, const FunctionDecl *Releaser) const {
  MemoryFamily Family = CudaApi::allocatedFamily(*Allocated.Allocator, std::nullopt);
  std::vector<MismatchedMemberRelease> Found;
  for (const Mention &Other : Seen) {
    if (Other.What == Use::Allocates &&
        CudaApi::allocatedFamily(*Other.Allocator, std::nullopt) != Family)
      return {};
    if (Other.What == Use::Writes && !Other.StoresNull)
      return {};
    if (Other.What != Use::Releases || !Releasing.contains(Other.In))
      continue;
    if (!Other.Release || CudaApi::releaseAccepts(Other.ReleaseFamily, Family))
      return {};
    Found.push_back({Other.Release, Other.ReleaseName, Other.ReleaseFamily, Allocated.Allocation,
                     Allocated.Allocator, Field, Releaser});
  }
  return Found;
}

MemberOwnershipFindings MemberOwnership::analyse() {
  collectDefinitions();
  std::vector<Pair> Pairs = pairs();
  if (Pairs.empty())
    return {};
  for (const FunctionDecl *Function : Definitions)
    recordMentions(Function);

  std::vector<UnreleasedMember> Found;
  std::vector<MismatchedMemberRelease> Mismatched;
  llvm::SmallPtrSet<const FieldDecl *, 8> Reported;
  for (const Pair &Object : Pairs) {
    std::optional<llvm::SmallPtrSet<const FunctionDecl *, 8>> Releasing =
        releasingSet(Object.Releaser, Object.Record);
    if (!Releasing)
      continue;
    auto IsAcquirer = [&](const FunctionDecl *F) {
      return llvm::is_contained(Object.Acquirers, F);
    };
    auto IsAllocator = [&](const FunctionDecl *F) {
      return llvm::is_contained(Object.Allocators, F);
    };
    // The releasing function must release some member: then it is the one
    // meant to release the object's memory.
    bool ReleasesSomeMember = false;
    std::vector<UnreleasedMember> Candidates;
    for (const FieldDecl *Field : Object.Record->fields()) {
      auto It = Mentions.find(Field->getCanonicalDecl());
      if (It == Mentions.end())
        continue;
      const Mention *FirstAllocation = nullptr;
      bool ReleasedByReleaser = false, TakenAway = false;
      for (const Mention &Seen : It->second) {
        switch (Seen.What) {
        case Use::Allocates:
          if ((IsAcquirer(Seen.In) || IsAllocator(Seen.In)) &&
              (!FirstAllocation ||
               SM.isBeforeInTranslationUnit(Seen.Allocation->getBeginLoc(),
                                            FirstAllocation->Allocation->getBeginLoc())))
            FirstAllocation = &Seen;
          else if (!IsAcquirer(Seen.In) && !IsAllocator(Seen.In))
            TakenAway = true; // reallocated elsewhere: a resize() may own it
          break;
        case Use::Releases:
          if (Releasing->contains(Seen.In))
            ReleasedByReleaser = true;
          else if (!IsAcquirer(Seen.In))
            TakenAway = true;
          break;
        case Use::Writes:
          if (!IsAcquirer(Seen.In) && !Releasing->contains(Seen.In))
            TakenAway = true;
          break;
        case Use::HandsOff:
          TakenAway = true;
          break;
        case Use::Reads:
          break;
        }
      }
      ReleasesSomeMember = ReleasesSomeMember || ReleasedByReleaser;
      if (FirstAllocation && !ReleasedByReleaser && !TakenAway && Reported.insert(Field).second)
        Candidates.push_back(
            {FirstAllocation->Allocation, FirstAllocation->Allocator, Field, Object.Releaser});
      if (FirstAllocation && ReleasedByReleaser)
        llvm::append_range(Mismatched, mismatchedReleases(It->second, *FirstAllocation, *Releasing,
                                                          Field, Object.Releaser));
    }
    if (ReleasesSomeMember)
      llvm::append_range(Found, Candidates);
  }
  // Each instantiation of a class template has its own fields and calls, all
  // written at the template's lines: one finding for them.
  auto InSourceOrder = [&](auto &Findings, auto Site) {
    llvm::sort(Findings, [&](const auto &A, const auto &B) {
      return SM.isBeforeInTranslationUnit(Site(A)->getBeginLoc(), Site(B)->getBeginLoc());
    });
    Findings.erase(std::unique(Findings.begin(), Findings.end(),
                               [&](const auto &A, const auto &B) {
                                 return Site(A)->getBeginLoc() == Site(B)->getBeginLoc();
                               }),
                   Findings.end());
  };
  InSourceOrder(Found, [](const UnreleasedMember &M) { return M.Allocation; });
  InSourceOrder(Mismatched, [](const MismatchedMemberRelease &M) { return M.Release; });
  return {std::move(Found), std::move(Mismatched)};
}

} // namespace

std::string releaserName(const FunctionDecl &Releaser) {
  if (const auto *Destructor = dyn_cast<CXXDestructorDecl>(&Releaser))
    return Destructor->getParent()->getNameAsString() + "::~" +
           Destructor->getParent()->getNameAsString();
  return Releaser.getQualifiedNameAsString();
}

MemberOwnershipFindings memberOwnership(ASTContext &Context, const CudaApi &Api) {
  return MemberOwnership(Context, Api).analyse();
}

void ClassLevelReports::read(ASTContext &Context, const CudaApi &Api) {
  if (Of == &Context)
    return;
  Of = &Context;
  Allocations.clear();
  Releases.clear();
  MemberOwnershipFindings Found = memberOwnership(Context, Api);
  for (const UnreleasedMember &Member : Found.Unreleased)
    Allocations.insert(Member.Allocation->getBeginLoc());
  for (const MismatchedMemberRelease &Member : Found.Mismatched)
    Releases.insert(Member.Release->getBeginLoc());
}

bool ClassLevelReports::reportsAllocation(const Stmt &Site, ASTContext &Context,
                                          const CudaApi &Api) {
  read(Context, Api);
  return Allocations.contains(Site.getBeginLoc());
}

bool ClassLevelReports::reportsRelease(const Stmt &Release, ASTContext &Context,
                                       const CudaApi &Api) {
  read(Context, Api);
  return Releases.contains(Release.getBeginLoc());
}

} // namespace cudalint
