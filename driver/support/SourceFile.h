// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a compile database may name as a unit and is no source file: reading
// a FIFO would block until something writes to it, a directory or a device
// holds no source.
#ifndef CUDALINT_DRIVER_SOURCEFILE_H
#define CUDALINT_DRIVER_SOURCEFILE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

// Why `Path` is not a source file ("it is a FIFO, not a source file"); none
// for a regular file, and for a path that does not exist, which clang
// reports itself.
std::optional<std::string> notASourceFile(llvm::StringRef Path);

} // namespace cudalint

#endif
