// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: one unit's outcome as bytes: what a worker process sends
// back to the run and what the result cache keeps on disk. Length-prefixed
// little-endian fields behind a magic line, a size and a BLAKE3 digest of the
// payload, so that an outcome is read back exactly or not at all: a worker
// that died half-way through its answer, or a truncated cache entry, reads as
// nothing.
#ifndef CUDALINT_DRIVER_OUTCOMEENCODING_H
#define CUDALINT_DRIVER_OUTCOMEENCODING_H

#include "run/Analysis.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class FieldWriter {
public:
  void number(uint64_t Value);
  void text(llvm::StringRef Text);
  // A count, then each text.
  void texts(llvm::ArrayRef<std::string> Texts);
  void point(const SourcePoint &Where);
  void finding(const Finding &F);

  std::string Out;
};

class FieldReader {
public:
  explicit FieldReader(llvm::StringRef In) : In(In) {}

  bool number(uint64_t &Value);
  bool number(unsigned &Value);
  bool flag(bool &Value);
  // A count of elements that each take at least one field: never more than
  // the bytes left could hold.
  bool count(size_t &Value);
  bool text(std::string &Text);
  bool texts(std::vector<std::string> &Texts);
  bool point(SourcePoint &Where);
  bool finding(Finding &F);
  bool atEnd() const { return In.empty(); }

private:
  llvm::StringRef In;
};

// `Payload` framed: magic, size, digest, payload.
std::string framed(llvm::StringRef Magic, llvm::StringRef Payload);
// The payload of a framed message; nullopt when it is not whole.
std::optional<llvm::StringRef> unframed(llvm::StringRef Magic, llvm::StringRef Message);

std::string encodeOutcome(const UnitOutcome &Outcome);
std::optional<UnitOutcome> decodeOutcome(llvm::StringRef Encoded);
// The fields inside the frame, whose digest decodeOutcome has checked; on
// their own only for the fuzz target, which cannot forge a digest.
std::optional<UnitOutcome> decodeOutcomePayload(llvm::StringRef Payload);

} // namespace cudalint

#endif
