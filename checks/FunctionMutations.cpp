#include "FunctionMutations.h"

#include <vector>

namespace cudalint {

bool FunctionMutations::isMutated(const clang::Decl *Variable) {
  llvm::ArrayRef<clang::Decl *> Scope = Context.getTraversalScope();
  std::vector<clang::Decl *> Saved(Scope.begin(), Scope.end());
  // Setting the scope drops the parent map, so it is set only around the
  // question; the unit's own map is built again only if something asks the
  // unit about ancestors.
  Context.setTraversalScope({const_cast<clang::FunctionDecl *>(&Function)});
  bool Mutated = Analyzer.isMutated(Variable);
  Context.setTraversalScope(Saved);
  return Mutated;
}

} // namespace cudalint
