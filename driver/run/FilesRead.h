// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: the files a unit read and a digest of each one's bytes:
// the result cache keys findings by them, and diff mode learns from them which
// units include a changed header.
#ifndef CUDALINT_DRIVER_FILESREAD_H
#define CUDALINT_DRIVER_FILESREAD_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace cudalint {

struct FileRead {
  std::string Path;   // the real path: absolute, no links, "." or ".."
  std::string Digest; // contentDigest of the bytes clang parsed
};

// 32 hex digits of BLAKE3: equal digests mean equal contents.
std::string contentDigest(llvm::StringRef Contents);

// Every file the source manager loaded (the main file, each header, forced
// includes), sorted by path; files it only looked up are not among them.
std::vector<FileRead> filesRead(const clang::SourceManager &SM);

// Sorted by path, each file once: filesRead's order, also for lists merged
// from several sources (a unit's own files and its precompiled headers').
void sortFilesRead(std::vector<FileRead> &Files);

} // namespace cudalint

#endif
