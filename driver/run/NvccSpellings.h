// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: source spellings nvcc accepts and clang's parser does not,
// read as nvcc reads them before clang sees the file.
//
// A kernel launch written with spaced chevrons, `k << <grid, block >> >(x)`,
// compiles with nvcc (darknet writes every launch so), while clang lexes
// `<<<` as one token only when its three characters touch and reports
// "expected expression": the whole unit was lost. The files a unit reads
// pass through a file system that joins such chevrons, keeping every other
// character where it was (the whitespace moves behind the joined token), so
// that lines, columns and fix-it offsets stay those of the file on disk.
#ifndef CUDALINT_DRIVER_RUN_NVCCSPELLINGS_H
#define CUDALINT_DRIVER_RUN_NVCCSPELLINGS_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace cudalint {

// `Text` with each launch's `<< <` joined to `<<<` and its matching `>> >`
// to `>>>`, found by lexing it as CUDA; std::nullopt when there is none.
// `operator<< <T>` and a `>> >` that closes templates are left alone.
std::optional<std::string> joinSpacedLaunchChevrons(llvm::StringRef Text);

// `Base`, reading every file through joinSpacedLaunchChevrons.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
readingAsNvcc(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace cudalint

#endif
