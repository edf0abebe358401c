// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "support/SourceFile.h"

#include "llvm/Support/FileSystem.h"

namespace cudalint {

std::optional<std::string> notASourceFile(llvm::StringRef Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) || llvm::sys::fs::is_regular_file(Status))
    return std::nullopt;
  switch (Status.type()) {
  case llvm::sys::fs::file_type::directory_file:
    return std::string("it is a directory, not a source file");
  case llvm::sys::fs::file_type::fifo_file:
    return std::string("it is a FIFO, not a source file");
  default:
    return std::string("it is not a regular file");
  }
}

} // namespace cudalint
