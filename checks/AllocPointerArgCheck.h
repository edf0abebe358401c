// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-alloc-pointer-arg: an allocation whose out-parameter is not the address
// of a pointer object.
//
// cudaMalloc(void **devPtr, size_t size) writes the new address into *devPtr.
// Handed `(void **)d` with `float *d`, it writes into whatever `d` points at:
// with garbage in `d` the process dies inside cudaMalloc, otherwise it silently
// corrupts host memory, and `d` itself never receives the allocation. Handed
// `&x` with `float x`, it writes 8 bytes over a 4-byte object on the stack and
// the allocation leaks, because no pointer holds it.
//
// How: for every call the CUDA API module knows as an allocation, strip the
// casts from the out-argument and look at what is left: the address of a
// non-pointer object, a pointer to non-pointers, or a pointer-to-pointer that
// is provably null or uninitialised (clang's uninitialised-values analysis).
// Where the intended object is plain (`(void **)d`), a fix-it adds the `&`.
#ifndef CUDALINT_CHECKS_ALLOCPOINTERARGCHECK_H
#define CUDALINT_CHECKS_ALLOCPOINTERARGCHECK_H

#include "CudaCheck.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace cudalint {

class AllocPointerArgCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = "cuda-alloc-pointer-arg";
  static constexpr llvm::StringLiteral Summary =
      "The out-parameter of a CUDA allocation (cudaMalloc, cudaMallocHost, "
      "cudaMallocManaged, cuMemAlloc ...) is not the address of a pointer "
      "object.";
  static constexpr llvm::StringLiteral Help =
      "CUDA allocations return the new address through their first argument, "
      "which must be the address of the pointer that is to receive it: "
      "`cudaMalloc(&d, n)` or `cudaMalloc((void **)&d, n)`. Passing the pointer "
      "itself (`(void **)d`) makes cudaMalloc write into the memory `d` points "
      "to, a crash when `d` is uninitialised; passing the address of a "
      "non-pointer (`&x` with `float x`) overwrites the stack and leaks the "
      "allocation.";

  explicit AllocPointerArgCheck(CheckContext &Context) : CudaCheck(Id, Context) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkAddressOf(const clang::CallExpr &Call, llvm::StringRef Api,
                      const clang::UnaryOperator &AddressOf, clang::QualType Target,
                      clang::ASTContext &Context);
  void checkPointerValue(const clang::CallExpr &Call, llvm::StringRef Api,
                         const clang::Expr &Argument, bool WasCast, clang::ASTContext &Context);
  bool checkPointsSomewhere(llvm::StringRef Api, const clang::Expr &Argument,
                            clang::ASTContext &Context);
  bool isAlwaysUninitialized(const clang::DeclRefExpr &Use, const clang::FunctionDecl &Function,
                             clang::ASTContext &Context);

  // Per function: the references that read a variable that is uninitialised
  // on every path, from clang's UninitializedValues analysis.
  llvm::DenseMap<const clang::FunctionDecl *, llvm::DenseSet<const clang::DeclRefExpr *>>
      AlwaysUninitializedUses;
};

} // namespace cudalint

#endif
