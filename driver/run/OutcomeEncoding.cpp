// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/OutcomeEncoding.h"

#include <cmath>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"

namespace cudalint {

namespace {

// Changes whenever the layout below does.
constexpr llvm::StringLiteral OutcomeMagic = "cudalint-unit-outcome-11\n";
constexpr size_t DigestSize = 16;

// Twelve days: a longer timing is a corrupt entry. Up to it, microseconds
// read as seconds and written again come back as they were.
constexpr uint64_t MaxMicroseconds = uint64_t(1) << 40;

// Rounded, not truncated: 3 µs read back is 2.9999999999999996e-06 s.
uint64_t microseconds(double Seconds) {
  double Micros = std::round(Seconds * 1e6);
  if (!(Micros > 0))
    return 0; // negative, or not a number
  return Micros >= double(MaxMicroseconds) ? MaxMicroseconds : static_cast<uint64_t>(Micros);
}

std::string payloadDigest(llvm::StringRef Payload) {
  auto Digest = llvm::BLAKE3::hash<DigestSize>(llvm::arrayRefFromStringRef(Payload));
  return std::string(Digest.begin(), Digest.end());
}

} // namespace

void FieldWriter::number(uint64_t Value) {
  char Bytes[8];
  llvm::support::endian::write64le(Bytes, Value);
  Out.append(Bytes, sizeof(Bytes));
}

void FieldWriter::text(llvm::StringRef Text) {
  number(Text.size());
  Out.append(Text.data(), Text.size());
}

void FieldWriter::texts(llvm::ArrayRef<std::string> Texts) {
  number(Texts.size());
  for (const std::string &Text : Texts)
    text(Text);
}

void FieldWriter::point(const SourcePoint &Where) {
  text(Where.File);
  number(Where.Line);
  number(Where.Column);
  text(Where.LineText);
}

void FieldWriter::finding(const Finding &F) {
  text(F.CheckId);
  number(F.Level == Severity::Error);
  number(F.PromotedToError);
  point(F.Where);
  text(F.Message);
  number(F.Instances);
  texts(F.NonReadersAfter);
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

bool FieldReader::number(uint64_t &Value) {
  if (In.size() < 8)
    return false;
  Value = llvm::support::endian::read64le(In.data());
  In = In.drop_front(8);
  return true;
}

bool FieldReader::number(unsigned &Value) {
  uint64_t Wide;
  if (!number(Wide) || Wide > UINT32_MAX)
    return false;
  Value = static_cast<unsigned>(Wide);
  return true;
}

bool FieldReader::flag(bool &Value) {
  uint64_t Wide;
  if (!number(Wide) || Wide > 1)
    return false;
  Value = Wide == 1;
  return true;
}

bool FieldReader::count(size_t &Value) {
  uint64_t Wide;
  if (!number(Wide) || Wide > In.size() / 8)
    return false;
  Value = Wide;
  return true;
}

bool FieldReader::text(std::string &Text) {
  uint64_t Size;
  if (!number(Size) || Size > In.size())
    return false;
  Text = In.take_front(Size).str();
  In = In.drop_front(Size);
  return true;
}

bool FieldReader::texts(std::vector<std::string> &Texts) {
  size_t Count;
  if (!count(Count))
    return false;
  Texts.resize(Count);
  return llvm::all_of(Texts, [&](std::string &Text) { return text(Text); });
}

bool FieldReader::point(SourcePoint &Where) {
  return text(Where.File) && number(Where.Line) && number(Where.Column) && text(Where.LineText);
}

bool FieldReader::finding(Finding &F) {
  bool IsError;
  size_t Notes, Fixes;
  if (!text(F.CheckId) || !flag(IsError) || !flag(F.PromotedToError) || !point(F.Where) ||
      !text(F.Message) || !number(F.Instances) || !texts(F.NonReadersAfter) || !count(Notes))
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
    if (!text(Fix.File) || !number(Fix.Offset) || !number(Fix.Length) || !text(Fix.Replacement) ||
        !point(Fix.Begin) || !point(Fix.End))
      return false;
  return true;
}

std::string framed(llvm::StringRef Magic, llvm::StringRef Payload) {
  FieldWriter Frame;
  Frame.Out = Magic.str();
  Frame.number(Payload.size());
  Frame.Out += payloadDigest(Payload);
  Frame.Out += Payload;
  return std::move(Frame.Out);
}

std::optional<llvm::StringRef> unframed(llvm::StringRef Magic, llvm::StringRef Message) {
  if (!Message.consume_front(Magic))
    return std::nullopt;
  FieldReader Header(Message);
  uint64_t Size;
  if (!Header.number(Size))
    return std::nullopt;
  Message = Message.drop_front(8);
  if (Message.size() < DigestSize || Message.size() - DigestSize != Size)
    return std::nullopt;
  llvm::StringRef Payload = Message.drop_front(DigestSize);
  if (payloadDigest(Payload) != Message.take_front(DigestSize))
    return std::nullopt;
  return Payload;
}

std::string encodeOutcome(const UnitOutcome &Outcome) {
  FieldWriter Payload;
  Payload.number(Outcome.FilesRead.size());
  for (const FileRead &File : Outcome.FilesRead) {
    Payload.text(File.Path);
    Payload.text(File.Digest);
  }
  Payload.text(Outcome.File);
  Payload.number(Outcome.Findings.size());
  for (const Finding &F : Outcome.Findings)
    Payload.finding(F);
  Payload.texts(Outcome.Errors);
  Payload.number(Outcome.Failed);
  for (const std::vector<std::string> *Texts :
       {&Outcome.SetAside.Errors, &Outcome.SetAside.Skipped, &Outcome.SetAside.Includes})
    Payload.texts(*Texts);
  Payload.number(Outcome.Limits.size());
  for (const AnalysisLimit &Limit : Outcome.Limits) {
    Payload.text(Limit.Function);
    Payload.point(Limit.Where);
    Payload.text(Limit.Reason);
    Payload.text(Limit.Fallback);
  }
  Payload.number(Outcome.FunctionsExplored);
  Payload.number(Outcome.HostCudaCalls);
  // Microseconds: timings are reported, never compared.
  Payload.number(microseconds(Outcome.Timing.ParseSeconds));
  Payload.number(microseconds(Outcome.Timing.AnalysisSeconds));
  Payload.number(Outcome.Timing.PreambleUsed);
  Payload.text(Outcome.Summaries);
  Payload.texts(Outcome.SummariesConsulted);
  Payload.texts(Outcome.UnknownCalleesDeclaredIn);
  return framed(OutcomeMagic, Payload.Out);
}

std::optional<UnitOutcome> decodeOutcome(llvm::StringRef Encoded) {
  std::optional<llvm::StringRef> Payload = unframed(OutcomeMagic, Encoded);
  if (!Payload)
    return std::nullopt;
  return decodeOutcomePayload(*Payload);
}

std::optional<UnitOutcome> decodeOutcomePayload(llvm::StringRef Payload) {
  FieldReader In(Payload);
  UnitOutcome Outcome;
  size_t Files, Findings, Limits;
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
  if (!In.texts(Outcome.Errors) || !In.flag(Outcome.Failed))
    return std::nullopt;
  for (std::vector<std::string> *Texts :
       {&Outcome.SetAside.Errors, &Outcome.SetAside.Skipped, &Outcome.SetAside.Includes})
    if (!In.texts(*Texts))
      return std::nullopt;
  if (!In.count(Limits))
    return std::nullopt;
  Outcome.Limits.resize(Limits);
  for (AnalysisLimit &Limit : Outcome.Limits)
    if (!In.text(Limit.Function) || !In.point(Limit.Where) || !In.text(Limit.Reason) ||
        !In.text(Limit.Fallback))
      return std::nullopt;
  if (!In.number(Outcome.FunctionsExplored) || !In.number(Outcome.HostCudaCalls))
    return std::nullopt;
  uint64_t ParseMicros, AnalysisMicros;
  if (!In.number(ParseMicros) || !In.number(AnalysisMicros) || ParseMicros > MaxMicroseconds ||
      AnalysisMicros > MaxMicroseconds || !In.flag(Outcome.Timing.PreambleUsed) ||
      !In.text(Outcome.Summaries) || !In.texts(Outcome.SummariesConsulted) ||
      !In.texts(Outcome.UnknownCalleesDeclaredIn) || !In.atEnd())
    return std::nullopt;
  Outcome.Timing.ParseSeconds = ParseMicros / 1e6;
  Outcome.Timing.AnalysisSeconds = AnalysisMicros / 1e6;
  return Outcome;
}

} // namespace cudalint
