#ifndef CUDALINT_CHECKS_UncheckedErrorCHECK_H
#define CUDALINT_CHECKS_UncheckedErrorCHECK_H
#include "CudaCheck.h"
namespace cudalint {
class UncheckedErrorCheck : public CudaCheck {
public:
  static constexpr llvm::StringLiteral Id = "cuda-unchecked-error";
  static constexpr llvm::StringLiteral Summary = "placeholder";
  static constexpr llvm::StringLiteral Help = "placeholder";
  explicit UncheckedErrorCheck(CheckContext &Context) : CudaCheck(Id, Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &) override {}
  void check(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
};
}
#endif
