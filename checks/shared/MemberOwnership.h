// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Who owns a class's or a C struct's members, read from the whole unit: the
// analysis behind the class-level halves of cuda-memory-leak
// (MemberLeakCheck) and cuda-mismatched-free (MemberMismatchedFreeCheck).
//
// A path sees a member's allocation and its release together only where the
// unit constructs and destroys the object in one function; objects kept in
// containers, allocated with new or destroyed in another unit are out of its
// sight, but the class's functions say it all the same.
//
// How: for every class with a destructor defined in the unit (and for every
// struct with a C-style pair of functions that take it, `X_create` and
// `X_destroy`, `initX` and `freeX`: the same name with an acquiring and a
// releasing verb), the fields the acquiring functions (constructors, and
// methods named init/create/alloc...) give memory from a CUDA allocation
// (CudaApi's allocation table) are compared with what the releasing
// function does with them, itself or through a function of the unit it
// calls:
// - it never releases the field, though it releases at least one other
//   field (so it is meant to release the object's memory), and nothing else
//   in the unit may take the field's memory away: no other function
//   releases it, writes the field (a release() or move that nulls it, a
//   swap), returns it, copies it elsewhere or hands it to a function outside
//   the unit that may release it. An unreleased member;
// - it releases the field with a call of another family (free() or delete
//   on pinned memory, cudaFree on cudaMallocHost memory), every allocation
//   of the field in the unit is of one family, nothing stores other memory
//   in it, and no release of the releasing function accepts that family (a
//   flag choosing the release). A mismatched member release.
// Class templates are checked in each instantiation the unit has, and
// reported once, at the template's lines.
#ifndef CUDALINT_CHECKS_MEMBEROWNERSHIP_H
#define CUDALINT_CHECKS_MEMBEROWNERSHIP_H

#include "shared/CudaApi.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FieldDecl;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cudalint {

// A member allocated by an acquiring function and never released by the
// releasing one.
struct UnreleasedMember {
  const clang::CallExpr *Allocation;
  const AllocationApi *Api;
  const clang::FieldDecl *Field;
  const clang::FunctionDecl *Releaser;
};

// A member the releasing function releases with a call that cannot release
// the memory its acquiring function allocated.
struct MismatchedMemberRelease {
  const clang::Expr *Release; // the call, or the delete-expression
  std::string ReleaseName;    // "free", "delete[]", "cudaFree"
  MemoryFamily ReleaseFamily; // PageableHost for free and delete
  const clang::CallExpr *Allocation;
  const AllocationApi *Api;
  const clang::FieldDecl *Field;
  const clang::FunctionDecl *Releaser;
};

struct MemberOwnershipFindings {
  std::vector<UnreleasedMember> Unreleased;        // in source order of the allocations
  std::vector<MismatchedMemberRelease> Mismatched; // in source order of the releases
};

// Both kinds of finding of the unit; the path-sensitive halves leave these
// allocations and releases to the class-level halves.
MemberOwnershipFindings memberOwnership(clang::ASTContext &Context, const CudaApi &Api);

// Where the class-level halves report in the unit being analysed, for the
// path-sensitive halves, which leave those allocations and releases to them
// and ask at every event: read once per unit, and one place for all the
// instantiations of a class template.
class ClassLevelReports {
public:
  // An unreleased member's allocation (cuda-memory-leak).
  bool reportsAllocation(const clang::Stmt &Site, clang::ASTContext &Context, const CudaApi &Api);
  // A member's release with the wrong call (cuda-mismatched-free).
  bool reportsRelease(const clang::Stmt &Release, clang::ASTContext &Context, const CudaApi &Api);

private:
  void read(clang::ASTContext &Context, const CudaApi &Api);

  const clang::ASTContext *Of = nullptr;
  llvm::DenseSet<clang::SourceLocation> Allocations, Releases;
};

// How messages name a releasing function: "Layer::~Layer", "model_free".
std::string releaserName(const clang::FunctionDecl &Releaser);

} // namespace cudalint

#endif
