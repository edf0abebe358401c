#ifndef CUDALINT_CHECKS_AllocPointerArgCHECK_H
#define CUDALINT_CHECKS_AllocPointerArgCHECK_H
#include "CudaCheck.h"
namespace cudalint {
class AllocPointerArgCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = "cuda-alloc-pointer-arg";
  static constexpr llvm::StringLiteral Summary = "placeholder";
  static constexpr llvm::StringLiteral Help = "placeholder";
  explicit AllocPointerArgCheck(CheckContext &Context) : CudaCheck(Id, Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &) override {}
  void check(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
};
}
#endif
