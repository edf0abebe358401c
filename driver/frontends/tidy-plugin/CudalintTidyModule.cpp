// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The clang-tidy module: `clang-tidy --load=libcudalint-tidy.so` runs this
// file's registration and every AST check of cudalint's registry appears under
// its cudalint id (cuda-unchecked-error, cuda-alloc-pointer-arg, ...).
#include "CheckRegistry.h"
#include "CudaTidyCheck.h"

#include "clang-tidy/ClangTidyModule.h"

namespace cudalint::tidy {

class CudalintModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    for (const CheckDescription &Description : registeredChecks()) {
      // Path-sensitive checks are Static Analyzer checkers, and clang-tidy
      // builds its analyzer from the built-in checker list only: a module has
      // no way to add one. They stay with cudalint.
      if (!Description.Create)
        continue;
      Factories.registerCheckFactory(
          Description.Id,
          [&Description](llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
            return std::make_unique<CudaTidyCheck>(Name, Context, Description);
          });
    }
  }
};

} // namespace cudalint::tidy

static clang::tidy::ClangTidyModuleRegistry::Add<cudalint::tidy::CudalintModule>
    X("cudalint-module", "Adds cudalint's CUDA checks (cuda-*).");
