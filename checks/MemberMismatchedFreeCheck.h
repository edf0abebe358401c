// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-mismatched-free, the class-level half: a member that the function
// which acquires an object's memory allocates with one family and the
// function which releases the object releases with a call of another.
//
// `Staging() { cudaMallocHost(&host_, n); }` with `~Staging() { free(host_); }`
// hands glibc an address it never gave out: the process dies with a
// segmentation fault the first time a Staging object is destroyed, far from
// the allocation; `cudaFree` on the same memory fails with
// cudaErrorInvalidValue and the pinned pages stay locked. The path-sensitive
// half sees that only where the unit constructs and destroys the object in
// one function.
//
// How: MemberOwnership.h reads the class's or struct's functions; a release
// in the releasing function whose family does not accept the family every
// allocation of the member has is reported at the release, with the
// allocation as its note.
#ifndef CUDALINT_CHECKS_MEMBERMISMATCHEDFREECHECK_H
#define CUDALINT_CHECKS_MEMBERMISMATCHEDFREECHECK_H

#include "CudaCheck.h"

namespace cudalint {

class MemberMismatchedFreeCheck : public CudaCheck {
public:
  // The path-sensitive half's id: one check, two halves.
  static constexpr llvm::StringLiteral Id = "cuda-mismatched-free";

  explicit MemberMismatchedFreeCheck(CheckContext &Context) : CudaCheck(Id, Context) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cudalint

#endif
