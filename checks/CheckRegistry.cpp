#include "CheckRegistry.h"

#include "AllocPointerArgCheck.h"
#include "UncheckedErrorCheck.h"

namespace cudalint {

template <typename CheckType> static CheckDescription describe() {
  return {CheckType::Id, CheckType::Summary, CheckType::Help,
          [](CheckContext &Context) -> std::unique_ptr<CudaCheck> {
            return std::make_unique<CheckType>(Context);
          }};
}

llvm::ArrayRef<CheckDescription> registeredChecks() {
  // Sorted by id so every listing derived from this is stable.
  static const std::vector<CheckDescription> Checks = {
      describe<AllocPointerArgCheck>(),
      describe<UncheckedErrorCheck>(),
  };
  return Checks;
}

} // namespace cudalint
