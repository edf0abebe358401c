// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/FilesRead.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"

namespace cudalint {

std::string contentDigest(llvm::StringRef Contents) {
  auto Digest = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(Contents));
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

std::vector<FileRead> filesRead(const clang::SourceManager &SM) {
  std::vector<FileRead> Files;
  clang::FileManager &FileManager = SM.getFileManager();
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It) {
    std::optional<llvm::StringRef> Contents = It->second->getBufferDataIfLoaded();
    if (!Contents)
      continue;
    // The real path: a lexical "a/../b" is wrong where "a" is a symbolic
    // link (clang finds GCC's headers under /lib/gcc/.../../../../include,
    // and /lib may link to /usr/lib).
    Files.push_back({FileManager.getCanonicalName(It->first).str(), contentDigest(*Contents)});
  }
  sortFilesRead(Files);
  return Files;
}

void sortFilesRead(std::vector<FileRead> &Files) {
  llvm::sort(Files, [](const FileRead &A, const FileRead &B) {
    return std::tie(A.Path, A.Digest) < std::tie(B.Path, B.Digest);
  });
  Files.erase(std::unique(Files.begin(), Files.end(),
                          [](const FileRead &A, const FileRead &B) {
                            return A.Path == B.Path && A.Digest == B.Digest;
                          }),
              Files.end());
}

} // namespace cudalint
