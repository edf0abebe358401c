// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The baseline file:
//
//   {
//     "version": 1,
//     "tool": "cudalint",
//     "findings": [
//       {"check": "cuda-unchecked-error", "file": "src/a.cu",
//        "message": "...", "code": "cudaFree(p);", "occurrence": 0}
//     ]
//   }
#include "report/Baseline.h"
#include "support/JsonInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <map>

using namespace llvm;

namespace cudalint {

namespace {

constexpr int64_t BaselineVersion = 1;

std::string utf8(StringRef Text) { return json::isUTF8(Text) ? Text.str() : json::fixUTF8(Text); }

} // namespace

std::string relativePath(StringRef PathIn, StringRef DirectoryIn) {
  SmallString<256> Path(PathIn), Directory(DirectoryIn);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  sys::path::remove_dots(Directory, /*remove_dot_dot=*/true);
  SmallVector<StringRef> PathParts(sys::path::begin(Path), sys::path::end(Path));
  SmallVector<StringRef> DirParts(sys::path::begin(Directory), sys::path::end(Directory));
  size_t Common = 0;
  while (Common < PathParts.size() && Common < DirParts.size() &&
         PathParts[Common] == DirParts[Common])
    ++Common;
  SmallString<256> Result;
  for (size_t I = Common; I < DirParts.size(); ++I)
    sys::path::append(Result, sys::path::Style::posix, "..");
  for (size_t I = Common; I < PathParts.size(); ++I)
    sys::path::append(Result, sys::path::Style::posix, PathParts[I]);
  return std::string(Result);
}

std::vector<Fingerprint> fingerprints(ArrayRef<Finding> Findings, StringRef BaselineDirectory) {
  std::vector<Fingerprint> Result;
  std::map<Fingerprint, unsigned> Seen; // by fingerprint without occurrence
  for (const Finding &Found : Findings) {
    Fingerprint Print;
    Print.Check = Found.CheckId;
    Print.File = relativePath(Found.Where.File, BaselineDirectory);
    Print.Message = Found.Message;
    Print.Code = StringRef(Found.Where.LineText).trim().str();
    Print.Occurrence = Seen[Print]++;
    Result.push_back(std::move(Print));
  }
  return Result;
}

void writeBaseline(raw_ostream &OS, std::vector<Fingerprint> Entries) {
  llvm::sort(Entries);
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("version", BaselineVersion);
    J.attribute("tool", "cudalint");
    J.attributeArray("findings", [&] {
      for (const Fingerprint &Entry : Entries)
        J.object([&] {
          J.attribute("check", utf8(Entry.Check));
          J.attribute("file", utf8(Entry.File));
          J.attribute("message", utf8(Entry.Message));
          J.attribute("code", utf8(Entry.Code));
          J.attribute("occurrence", Entry.Occurrence);
        });
    });
  });
  OS << "\n";
}

Expected<std::set<Fingerprint>> parseBaseline(StringRef Text) {
  Expected<json::Value> Parsed = parseJsonInput(Text);
  if (!Parsed)
    return Parsed.takeError();
  auto Invalid = [](const Twine &Message) {
    return createStringError(inconvertibleErrorCode(), Message);
  };
  const json::Object *Root = Parsed->getAsObject();
  if (!Root)
    return Invalid("not a cudalint baseline (expected a JSON object)");
  std::optional<int64_t> Version = Root->getInteger("version");
  if (!Version || *Version != BaselineVersion)
    return Invalid("unsupported baseline version (expected \"version\": 1)");
  const json::Array *Entries = Root->getArray("findings");
  if (!Entries)
    return Invalid("no \"findings\" array");
  std::set<Fingerprint> Result;
  for (size_t I = 0; I < Entries->size(); ++I) {
    const json::Object *Entry = (*Entries)[I].getAsObject();
    std::optional<StringRef> Check = Entry ? Entry->getString("check") : std::nullopt;
    std::optional<StringRef> File = Entry ? Entry->getString("file") : std::nullopt;
    std::optional<StringRef> Message = Entry ? Entry->getString("message") : std::nullopt;
    std::optional<StringRef> Code = Entry ? Entry->getString("code") : std::nullopt;
    std::optional<int64_t> Occurrence = Entry ? Entry->getInteger("occurrence") : std::nullopt;
    if (!Check || !File || !Message || !Code || !Occurrence || *Occurrence < 0)
      return Invalid("finding " + Twine(I + 1) +
                     " lacks one of \"check\", \"file\", \"message\", \"code\", "
                     "\"occurrence\"");
    Result.insert({Check->str(), File->str(), Message->str(), Code->str(),
                   static_cast<unsigned>(*Occurrence)});
  }
  return Result;
}

size_t removeBaselined(std::vector<Finding> &Findings, const std::set<Fingerprint> &Baseline,
                       StringRef BaselineDirectory) {
  std::vector<Fingerprint> Prints = fingerprints(Findings, BaselineDirectory);
  std::vector<Finding> Kept;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Baseline.count(Prints[I]))
      Kept.push_back(std::move(Findings[I]));
  size_t Removed = Findings.size() - Kept.size();
  Findings = std::move(Kept);
  return Removed;
}

std::string baselineDirectory(StringRef BaselinePath) {
  SmallString<256> Absolute(BaselinePath);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(sys::path::parent_path(Absolute));
}

bool writeBaselineFile(const std::string &Path, const std::vector<Finding> &Findings) {
  std::error_code Error;
  ToolOutputFile File(Path, Error, sys::fs::OF_Text);
  if (Error) {
    WithColor::error(errs(), "cudalint")
        << "cannot write '" << Path << "': " << Error.message() << "\n";
    return false;
  }
  writeBaseline(File.os(), fingerprints(Findings, baselineDirectory(Path)));
  File.keep();
  return true;
}

std::optional<std::set<Fingerprint>> readBaselineFile(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer) {
    WithColor::error(errs(), "cudalint")
        << "cannot read baseline '" << Path << "': " << Buffer.getError().message() << "\n";
    return std::nullopt;
  }
  Expected<std::set<Fingerprint>> Parsed = parseBaseline((*Buffer)->getBuffer());
  if (!Parsed) {
    WithColor::error(errs(), "cudalint")
        << "baseline '" << Path << "': " << toString(Parsed.takeError()) << "\n";
    return std::nullopt;
  }
  return std::move(*Parsed);
}

} // namespace cudalint
