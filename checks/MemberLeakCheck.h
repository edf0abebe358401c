// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-memory-leak, the class-level half: a member that the function which
// acquires an object's memory allocates and the function which releases the
// object never releases.
//
// `Layer() { cudaMalloc(&weights_, ...); cudaMalloc(&bias_, ...); }` with
// `~Layer() { cudaFree(weights_); }` leaks the bias on every Layer destroyed:
// a model rebuilt per request, a layer per training step takes a little more
// of the GPU each time. The path-sensitive half sees that only where the
// unit constructs and destroys the object in one function; objects kept in
// containers, allocated with new or destroyed in another unit are out of its
// sight, but the destructor's text says it all the same.
//
// How: for every class with a destructor defined in the unit (and for every
// struct with a C-style pair of functions that take it, `X_create` and
// `X_destroy`, `initX` and `freeX`: the same name with an acquiring and a
// releasing verb), the fields the acquiring functions (constructors, and
// methods named init/create/alloc...) give memory from a CUDA allocation
// (CudaApi's allocation table) are compared with the fields the releasing
// function releases, itself or through a function of the unit it calls.
// A field is reported only when the releasing function releases at least one
// other field (so it is meant to release the object's memory), and nothing
// else in the unit may take the field's memory away: no other function
// releases it, writes the field (a release() or move that nulls it, a swap),
// returns it, copies it elsewhere or hands it to a function outside the unit
// that may release it. Class templates are not analysed.
#ifndef CUDALINT_CHECKS_MEMBERLEAKCHECK_H
#define CUDALINT_CHECKS_MEMBERLEAKCHECK_H

#include "CudaCheck.h"

#include <vector>

namespace cudalint {

class MemberLeakCheck : public CudaCheck {
public:
  // The path-sensitive half's id: one check, two halves.
  static constexpr llvm::StringLiteral Id = "cuda-memory-leak";

  explicit MemberLeakCheck(CheckContext &Context) : CudaCheck(Id, Context) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  // A member allocated by an acquiring function and never released by the
  // releasing one.
  struct UnreleasedMember {
    const clang::CallExpr *Allocation;
    const AllocationApi *Api;
    const clang::FieldDecl *Field;
    const clang::FunctionDecl *Releaser;
  };

  // Every such member of the unit, in source order; the path-sensitive half
  // leaves their allocations to this half.
  static std::vector<UnreleasedMember> unreleasedMembers(clang::ASTContext &Context,
                                                         const CudaApi &Api);
};

} // namespace cudalint

#endif
