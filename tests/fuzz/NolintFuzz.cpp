// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/END comments in a unit's source.
#include "FuzzTarget.h"

#include "CheckRegistry.h"
#include "run/Nolint.h"

namespace cudalint::fuzz {

int nolint(const uint8_t *Data, size_t Size) {
  llvm::StringRef Source = asText(Data, Size);
  NolintDirectives Directives(Source);
  unsigned Lines = Source.count('\n') + 2;
  for (unsigned Line = 0; Line <= Lines && Line < 4096; ++Line)
    for (const CheckDescription &Check : registeredChecks())
      (void)Directives.suppresses(Line, Check.Id);
  return 0;
}

} // namespace cudalint::fuzz
