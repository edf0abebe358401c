// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 1 of a run without sources: which units of the compile database can
// hold a CUDA bug. CUDA units can; so can the C and C++ units that the host
// compiler builds against a CUDA library's headers, where many projects keep
// their allocation, copy and free code (darknet's .c files around
// cuda_make_array, RAII buffers in .cpp files). Whether such a unit includes a
// CUDA header comes from clang's dependency scanner, which preprocesses the
// unit's files reduced to their preprocessor directives: a small fraction of
// the cost of the parse the analysis then does.
#ifndef CUDALINT_DRIVER_CUDAUNITSCAN_H
#define CUDALINT_DRIVER_CUDAUNITSCAN_H

#include "database/CompileDatabase.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

struct ScanUnit {
  const CompileCommand *Command = nullptr;
  // translateCompileCommand's clang arguments for it, the configuration's
  // ExtraArgs included: the unit is scanned as it will be analysed.
  const std::vector<std::string> *ClangArguments = nullptr;
  // `Units: cuda-api`: a C or C++ unit counts when it includes a CUDA header.
  // `Units: cuda`: only CUDA units count.
  bool CountsCudaHeaders = true;
};

// The headers a file's own #include lines name, as written, without their
// quotes or angle brackets, whatever #if is around them (clang's dependency
// directives scanner reads them); none where it cannot be read or lexed.
std::vector<std::string> includedHeaders(llvm::StringRef Path);

// For each unit, whether it can hold a CUDA bug: a CUDA unit, or one that
// includes a CUDA header. A unit whose scan fails (an #include that is not
// found) counts when one of its main file's own #include lines names a CUDA
// header. Scans run on `Threads` threads (0: all cores); the result does not
// depend on how many.
std::vector<char> unitsUsingCuda(const std::vector<ScanUnit> &Units, unsigned Threads);

// What the run tells the user about the C and C++ units it skipped or kept;
// std::nullopt when the units are all CUDA units.
std::optional<std::string> unitsUsingCudaNotice(const std::vector<ScanUnit> &Units,
                                                const std::vector<char> &UsingCuda);

// Removes from `Units` those that cannot hold a CUDA bug, keeping the order of
// the others; `Describe` gives each unit's ScanUnit. Returns the notice of
// unitsUsingCudaNotice.
template <typename UnitType, typename DescribeUnit>
std::optional<std::string> eraseUnitsWithoutCuda(std::vector<UnitType> &Units, unsigned Threads,
                                                 DescribeUnit Describe) {
  std::vector<ScanUnit> Scanned;
  Scanned.reserve(Units.size());
  for (const UnitType &Unit : Units)
    Scanned.push_back(Describe(Unit));
  std::vector<char> UsingCuda = unitsUsingCuda(Scanned, Threads);
  std::optional<std::string> Notice = unitsUsingCudaNotice(Scanned, UsingCuda);
  size_t Kept = 0;
  for (size_t I = 0; I < Units.size(); ++I)
    if (UsingCuda[I]) {
      if (Kept != I)
        Units[Kept] = std::move(Units[I]);
      ++Kept;
    }
  Units.erase(Units.begin() + Kept, Units.end());
  return Notice;
}

} // namespace cudalint

#endif
