// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/ResultCache.h"

#include "run/OutcomeEncoding.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

namespace {

// Changes whenever the key's layout does; entries themselves carry
// OutcomeEncoding's magic.
constexpr llvm::StringLiteral Magic = "cudalint-result-cache-5\n";

// A rebuilt cudalint with the same version number may find other things.
std::string toolDigest() {
  FieldWriter Key;
  Key.text(Magic);
  Key.text(CUDALINT_VERSION);
  Key.text(LLVM_VERSION_STRING);
  static int MainAddress;
  std::string Executable = llvm::sys::fs::getMainExecutable(nullptr, &MainAddress);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Binary =
      llvm::MemoryBuffer::getFile(Executable, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  Key.text(Binary ? contentDigest((*Binary)->getBuffer()) : Executable);
  return contentDigest(Key.Out);
}

} // namespace

ResultCache::ResultCache(std::string Directory)
    : Root(std::move(Directory)), ToolDigest(toolDigest()) {}

std::string ResultCache::keyOf(const std::vector<std::string> &ClangArguments,
                               const std::string &Directory, const AnalysisOptions &Options) const {
  FieldWriter Key;
  Key.text(ToolDigest);
  Key.text(Directory);
  Key.number(ClangArguments.size());
  for (const std::string &Argument : ClangArguments)
    Key.text(Argument);
  // The driver adds these to a unit's include path.
  for (const char *Variable : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"}) {
    std::optional<std::string> Value = llvm::sys::Process::GetEnv(Variable);
    Key.text(Value ? "=" + *Value : "");
  }
  Key.number(Options.Checks.size());
  for (const CheckDescription *Check : Options.Checks)
    Key.text(Check->Id);
  Key.number(Options.CheckOptions.size());
  for (const auto &[Name, Value] : Options.CheckOptions) {
    Key.text(Name);
    Key.text(Value);
  }
  Key.number(Options.Verify);
  // A summary's entry differs from a unit's; a unit's findings depend on
  // what the other units' functions do.
  Key.number(static_cast<uint64_t>(Options.Summaries));
  Key.text(Options.ProjectSummaries);
  return contentDigest(Key.Out);
}

std::string ResultCache::entryPath(const std::string &Key) const {
  llvm::SmallString<256> Path(Root);
  llvm::sys::path::append(Path, llvm::StringRef(Key).take_front(2), Key + ".entry");
  return std::string(Path);
}

std::optional<std::string> ResultCache::currentDigest(const std::string &Path) {
  // A file is read once per run unless it changed meanwhile: --fix rewrites
  // files (by rename, so a new inode) and analyses their units again.
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return std::nullopt;
  FileIdentity Identity{Status.getUniqueID(), Status.getSize(), Status.getLastModificationTime()};
  {
    std::lock_guard<std::mutex> Lock(DigestsMutex);
    auto It = Digests.find(Path);
    if (It != Digests.end() && It->second.first == Identity)
      return It->second.second;
  }
  std::optional<std::string> Digest;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Contents =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (Contents)
    Digest = contentDigest((*Contents)->getBuffer());
  std::lock_guard<std::mutex> Lock(DigestsMutex);
  Digests[Path] = {Identity, Digest};
  return Digest;
}

std::optional<UnitOutcome> ResultCache::read(const std::string &Key) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Entry = llvm::MemoryBuffer::getFile(
      entryPath(Key), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Entry)
    return std::nullopt;
  std::optional<UnitOutcome> Outcome = decodeOutcome((*Entry)->getBuffer());
  if (!Outcome || Outcome->FilesRead.empty()) {
    ++Corrupt;
    return std::nullopt;
  }
  return Outcome;
}

bool ResultCache::unchanged(const UnitOutcome &Stored) {
  return llvm::all_of(Stored.FilesRead, [&](const FileRead &File) {
    return currentDigest(File.Path) == File.Digest;
  });
}

std::optional<UnitOutcome> ResultCache::lookup(const std::string &Key) {
  std::optional<UnitOutcome> Stored = read(Key);
  if (!Stored || !unchanged(*Stored))
    return std::nullopt;
  Stored->Timing = UnitTiming();
  Stored->Timing.FromCache = true;
  return Stored;
}

bool ResultCache::store(const std::string &Key, const UnitOutcome &Outcome) {
  if (Outcome.Failed || Outcome.FilesRead.empty())
    return true;
  std::string Path = entryPath(Key);
  llvm::StringRef Folder = llvm::sys::path::parent_path(Path);
  int Descriptor;
  llvm::SmallString<256> Temporary;
  if (llvm::sys::fs::create_directories(Folder) ||
      llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", Descriptor, Temporary)) {
    ++WriteFailures;
    return false;
  }
  bool Written;
  {
    llvm::raw_fd_ostream OS(Descriptor, /*shouldClose=*/true);
    OS << encodeOutcome(Outcome);
    OS.close();
    Written = !OS.has_error();
    OS.clear_error();
  }
  // Readers see the old entry or the new one, never half of one.
  if (!Written || llvm::sys::fs::rename(Temporary, Path)) {
    llvm::sys::fs::remove(Temporary);
    ++WriteFailures;
    return false;
  }
  return true;
}

} // namespace cudalint
