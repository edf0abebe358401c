// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The order in which a run over a compile database starts its units when
// each is handed the summaries of the units done before it
// (ProjectAnalysis::analyzeWithSummaries). The findings never depend on it:
// a unit whose questions the whole database answers otherwise than the
// units done before it did is analysed again. The order decides how often.
#ifndef CUDALINT_DRIVER_UNITORDER_H
#define CUDALINT_DRIVER_UNITORDER_H

#include "run/UnitPlan.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace cudalint {

struct SummaryOrder {
  // `Candidates` (indices into `Units`), in the order to start them.
  std::vector<size_t> Order;
  // The units each one likely calls into (indices into `Units`): the run
  // starts it, where another unit can start instead, only once they are
  // done (UnitJob::StartAfter).
  std::map<size_t, std::vector<size_t>> Callees;
};

// The order to start `Candidates` in:
// - a unit right after the units that define what it calls, as far as their
//   names tell: one whose main file includes "ggml-cuda/getrows.cuh" after
//   `ggml-cuda/getrows.cu` (a dispatcher after its kernels' units); and a
//   C++ unit nvcc compiles after the `.cu` files that include its header,
//   which implement the part of it that the C++ half calls;
// - otherwise `.cu` files first, then the other units nvcc compiles, then
//   plain C++ and C: only the first can define the launchers and
//   device-memory helpers that the others call;
// - then the largest main files first, so that the longest units start
//   early.
SummaryOrder summaryOrder(const std::vector<Unit> &Units, const std::vector<size_t> &Candidates);

// Which main files a header names, by their paths without extensions (the
// order above, and the worker pool's units started sooner): the one at the
// path the header stands for where there is one (an include resolved
// beside the including file, or a header's own path); else those whose
// path ends as the include does ("gromacs/gpu_utils/hostallocator"); else,
// where the name alone may do, those of its name (`tests/hostallocator`
// too).
class MainFilesByName {
public:
  explicit MainFilesByName(std::vector<std::string> PathsWithoutExtension);
  // Positions in the paths given. `Included` without its extension;
  // `Beside` the path it stands for, without its extension.
  std::vector<size_t> named(llvm::StringRef Included, llvm::StringRef Beside,
                            bool NameAloneDoes = true) const;

private:
  std::vector<std::string> Paths;
  llvm::StringMap<std::vector<size_t>> ByStem;
};

// `Path` without its extension, with `/` between its components.
std::string withoutExtension(llvm::StringRef Path);

struct Include {
  std::string Name; // as written: "ggml-cuda/getrows.cuh"
  bool Angled;      // <faiss/gpu/utils/DeviceUtils.h>
  bool operator==(const Include &Other) const {
    return Name == Other.Name && Angled == Other.Angled;
  }
};

// The files `Source` includes, as written, read by clang's
// dependency-directive scanner: no preprocessing, so every branch's
// includes count.
std::vector<Include> includes(llvm::StringRef Source);

} // namespace cudalint

#endif
