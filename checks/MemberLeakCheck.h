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
// How: MemberOwnership.h reads the class's or struct's functions; a member
// the releasing function never releases, though it releases the object's
// other memory, is reported at its allocation.
#ifndef CUDALINT_CHECKS_MEMBERLEAKCHECK_H
#define CUDALINT_CHECKS_MEMBERLEAKCHECK_H

#include "CudaCheck.h"

namespace cudalint {

class MemberLeakCheck : public CudaCheck {
public:
  // The path-sensitive half's id: one check, two halves.
  static constexpr llvm::StringLiteral Id = "cuda-memory-leak";

  explicit MemberLeakCheck(CheckContext &Context) : CudaCheck(Id, Context) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cudalint

#endif
