// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A result-cache entry, or a worker's answer: both are a unit's outcome,
// framed with a digest. The fields are fuzzed inside a valid frame too, since
// no mutation forges the digest.
#include "FuzzTarget.h"

#include "run/OutcomeEncoding.h"

namespace cudalint::fuzz {

namespace {

void requireRoundTrip(const UnitOutcome &Decoded) {
  std::string Encoded = encodeOutcome(Decoded);
  std::optional<UnitOutcome> Again = decodeOutcome(Encoded);
  require(Again.has_value());
  require(encodeOutcome(*Again) == Encoded);
}

} // namespace

int cache_entry(const uint8_t *Data, size_t Size) {
  llvm::StringRef Bytes = asText(Data, Size);
  if (std::optional<UnitOutcome> Framed = decodeOutcome(Bytes))
    requireRoundTrip(*Framed);
  if (std::optional<UnitOutcome> Fields = decodeOutcomePayload(Bytes))
    requireRoundTrip(*Fields);
  return 0;
}

} // namespace cudalint::fuzz
