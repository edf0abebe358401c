// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/Shard.h"

#include "llvm/ADT/STLExtras.h"

#include <map>

namespace cudalint {

llvm::Expected<Shard> parseShard(llvm::StringRef Text) {
  auto [Index, Count] = Text.split('/');
  Shard Part;
  if (!Text.contains('/') || Index.getAsInteger(10, Part.Index) ||
      Count.getAsInteger(10, Part.Count) || Part.Count == 0 || Part.Index == 0 ||
      Part.Index > Part.Count)
    return llvm::createStringError(
        "--shard expects <i>/<N> with 1 <= i <= N (the i-th of N shards, counted from 1), "
        "got '" +
        Text.str() + "'");
  return Part;
}

std::vector<size_t> unitsOfShard(const std::vector<std::string> &Files, const Shard &Part) {
  std::map<std::string, size_t> Rank;
  for (const std::string &File : Files)
    Rank.try_emplace(File, 0);
  size_t Next = 0;
  for (auto &Entry : Rank)
    Entry.second = Next++;
  std::vector<size_t> Selected;
  for (size_t I = 0; I < Files.size(); ++I)
    if (Rank[Files[I]] % Part.Count == Part.Index - 1)
      Selected.push_back(I);
  return Selected;
}

} // namespace cudalint
