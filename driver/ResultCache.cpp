#include "ResultCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

namespace {

// Changes whenever the layout below does.
constexpr llvm::StringLiteral Magic = "cudalint-result-cache-2\n";
constexpr size_t DigestSize = 16;

// Length-prefixed fields, little-endian: an entry is read back exactly or
// not at all.
class EntryWriter {
public:
  void number(uint64_t Value) {
    char Bytes[8];
    llvm::support::endian::write64le(Bytes, Value);
    Out.append(Bytes, sizeof(Bytes));
  }
  void text(llvm::StringRef Text) {
    number(Text.size());
    Out.append(Text.data(), Text.size());
  }
  void point(const SourcePoint &Where) {
    text(Where.File);
    number(Where.Line);
    number(Where.Column);
    text(Where.LineText);
  }
  void finding(const Finding &F) {
    text(F.CheckId);
    number(F.Level == Severity::Error);
    number(F.PromotedToError);
    point(F.Where);
    text(F.Message);
    number(F.Notes.size());
    for (const FindingNote &Note : F.Notes) {
      point(Note.Where);
      text(Note.Message);
      number(Note.PathStep);
    }
    number(F.Fixes.size());
    for (const FixIt &Fix : F.Fixes) {
      text(Fix.File);
      number(Fix.Offset);
      number(Fix.Length);
      text(Fix.Replacement);
      point(Fix.Begin);
      point(Fix.End);
    }
  }

  std::string Out;
};

class EntryReader {
public:
  explicit EntryReader(llvm::StringRef In) : In(In) {}

  bool number(uint64_t &Value) {
    if (In.size() < 8)
      return false;
    Value = llvm::support::endian::read64le(In.data());
    In = In.drop_front(8);
    return true;
  }
  bool number(unsigned &Value) {
    uint64_t Wide;
    if (!number(Wide) || Wide > UINT32_MAX)
      return false;
    Value = static_cast<unsigned>(Wide);
    return true;
  }
  bool flag(bool &Value) {
    uint64_t Wide;
    if (!number(Wide) || Wide > 1)
      return false;
    Value = Wide == 1;
    return true;
  }
  bool count(size_t &Value) {
    uint64_t Wide;
    // Every element takes at least one 8-byte field.
    if (!number(Wide) || Wide > In.size() / 8)
      return false;
    Value = Wide;
    return true;
  }
  bool text(std::string &Text) {
    uint64_t Size;
    if (!number(Size) || Size > In.size())
      return false;
    Text = In.take_front(Size).str();
    In = In.drop_front(Size);
    return true;
  }
  bool point(SourcePoint &Where) {
    return text(Where.File) && number(Where.Line) && number(Where.Column) &&
           text(Where.LineText);
  }
  bool finding(Finding &F) {
    bool IsError;
    size_t Notes, Fixes;
    if (!text(F.CheckId) || !flag(IsError) || !flag(F.PromotedToError) || !point(F.Where) ||
        !text(F.Message) || !count(Notes))
      return false;
    F.Level = IsError ? Severity::Error : Severity::Warning;
    F.Notes.resize(Notes);
    for (FindingNote &Note : F.Notes)
      if (!point(Note.Where) || !text(Note.Message) || !flag(Note.PathStep))
        return false;
    if (!count(Fixes))
      return false;
    F.Fixes.resize(Fixes);
    for (FixIt &Fix : F.Fixes)
      if (!text(Fix.File) || !number(Fix.Offset) || !number(Fix.Length) ||
          !text(Fix.Replacement) || !point(Fix.Begin) || !point(Fix.End))
        return false;
    return true;
  }
  bool atEnd() const { return In.empty(); }

private:
  llvm::StringRef In;
};

std::string payloadDigest(llvm::StringRef Payload) {
  auto Digest = llvm::BLAKE3::hash<DigestSize>(llvm::arrayRefFromStringRef(Payload));
  return std::string(Digest.begin(), Digest.end());
}

std::string serialize(const UnitOutcome &Outcome) {
  EntryWriter Payload;
  Payload.number(Outcome.FilesRead.size());
  for (const FileRead &File : Outcome.FilesRead) {
    Payload.text(File.Path);
    Payload.text(File.Digest);
  }
  Payload.text(Outcome.File);
  Payload.number(Outcome.Findings.size());
  for (const Finding &F : Outcome.Findings)
    Payload.finding(F);
  Payload.number(Outcome.Errors.size());
  for (const std::string &Error : Outcome.Errors)
    Payload.text(Error);
  EntryWriter Entry;
  Entry.Out = Magic.str();
  Entry.number(Payload.Out.size());
  Entry.Out += payloadDigest(Payload.Out);
  Entry.Out += Payload.Out;
  return std::move(Entry.Out);
}

std::optional<UnitOutcome> deserialize(llvm::StringRef Entry) {
  if (!Entry.consume_front(Magic))
    return std::nullopt;
  EntryReader Header(Entry);
  uint64_t Size;
  if (!Header.number(Size))
    return std::nullopt;
  Entry = Entry.drop_front(8);
  if (Entry.size() != DigestSize + Size)
    return std::nullopt;
  llvm::StringRef Payload = Entry.drop_front(DigestSize);
  if (payloadDigest(Payload) != Entry.take_front(DigestSize))
    return std::nullopt;

  EntryReader In(Payload);
  UnitOutcome Outcome;
  size_t Files, Findings, Errors;
  if (!In.count(Files))
    return std::nullopt;
  Outcome.FilesRead.resize(Files);
  for (FileRead &File : Outcome.FilesRead)
    if (!In.text(File.Path) || !In.text(File.Digest))
      return std::nullopt;
  if (!In.text(Outcome.File) || !In.count(Findings))
    return std::nullopt;
  Outcome.Findings.resize(Findings);
  for (Finding &F : Outcome.Findings)
    if (!In.finding(F))
      return std::nullopt;
  if (!In.count(Errors))
    return std::nullopt;
  Outcome.Errors.resize(Errors);
  for (std::string &Error : Outcome.Errors)
    if (!In.text(Error))
      return std::nullopt;
  if (!In.atEnd())
    return std::nullopt;
  return Outcome;
}

// A rebuilt cudalint with the same version number may find other things.
std::string toolDigest() {
  EntryWriter Key;
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
                               const std::string &Directory,
                               const AnalysisOptions &Options) const {
  EntryWriter Key;
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
  FileIdentity Identity{Status.getUniqueID(), Status.getSize(),
                        Status.getLastModificationTime()};
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
  std::optional<UnitOutcome> Outcome = deserialize((*Entry)->getBuffer());
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
    OS << serialize(Outcome);
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

UnitOutcome ResultCache::analyze(const std::vector<std::string> &ClangArguments,
                                 const std::string &Directory,
                                 const AnalysisOptions &Options) {
  std::string Key = keyOf(ClangArguments, Directory, Options);
  if (std::optional<UnitOutcome> Stored = lookup(Key)) {
    ++Hits;
    return std::move(*Stored);
  }
  ++Misses;
  UnitOutcome Outcome = analyzeUnit(ClangArguments, Directory, Options);
  store(Key, Outcome);
  return Outcome;
}

} // namespace cudalint
