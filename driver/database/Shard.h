// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run, --shard=i/N: one of N disjoint parts of a run's units, for
// CI matrices.
//
// The split depends only on the units' paths, never on the database's order:
// the distinct source files are sorted by path, and the k-th (from 0) goes to
// shard k % N + 1. Every configuration of one file lands in the same shard,
// so the shards' reports merge into exactly the unsharded report.
#ifndef CUDALINT_DRIVER_SHARD_H
#define CUDALINT_DRIVER_SHARD_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

struct Shard {
  unsigned Index = 1; // 1-based, as CI matrices count
  unsigned Count = 1;
};

// "2/3"; an error phrased for the user otherwise.
llvm::Expected<Shard> parseShard(llvm::StringRef Text);

// The positions in `Files` (one per unit; a file may repeat) that belong to
// the shard, in their original order.
std::vector<size_t> unitsOfShard(const std::vector<std::string> &Files, const Shard &Part);

} // namespace cudalint

#endif
