// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: the CUDA headers parsed once, not once per unit. Every
// CUDA unit starts with the same forced includes (clang's CUDA runtime wrapper
// and through it some 40,000 lines of toolkit and C++ headers, or cudalint's
// bundled cuda_runtime.h), and parsing them is most of the time of a small
// unit. They are precompiled once into a PCH in the preamble directory, keyed
// by clang's whole -cc1 command less the main file (so by the toolkit, the
// defines, the include paths and every other flag that changes preprocessing),
// and each unit whose command has that key loads it instead of parsing them:
// across the units of a run, across runs, and across the worker processes of
// one run, which build each PCH once under a lock file.
//
// Clang does not validate a PCH against changed system headers, so a PCH is
// used only while every file it was built from has the size, modification
// time and digest it had then; otherwise it is built again. A unit that
// cannot use one (no forced includes, a PCH that will not build) parses its
// headers as before: the findings are byte-identical either way.
//
// Where the directory outlives the run (--preamble-dir, --cache-dir, the
// language server), a unit also gets a preamble of its own, as clangd keeps
// one per open file: a PCH of its forced includes and of every header its
// main file includes before its first line of code, keyed by the command and
// those first bytes. A unit analysed again with only its code changed (an
// edit in the editor, a commit that touches no header) parses its code
// alone.
#ifndef CUDALINT_DRIVER_PREAMBLE_H
#define CUDALINT_DRIVER_PREAMBLE_H

#include "run/FilesRead.h"

#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cudalint {

struct PreambleUse {
  std::string PchPath;
  // The files the PCH was built from: a unit that uses it read them too.
  std::vector<FileRead> FilesRead;
  // For a unit's own preamble: how much of the main file the PCH holds.
  unsigned MainFileBytes = 0;
  bool EndsAtStartOfLine = false;
};

// The PCH for `Invocation`'s forced includes in `Directory`, built when it
// is missing or stale; nullopt when the unit has none to precompile or the
// PCH cannot be built (the unit then parses its headers itself).
std::optional<PreambleUse>
preambleFor(const clang::CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory,
            llvm::StringRef Directory, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
            std::shared_ptr<clang::PCHContainerOperations> PCHOperations);

// The PCH of `Invocation`'s forced includes and of the headers its main
// file includes first, as `preambleFor` builds and checks it; nullopt when
// the main file starts with code or the PCH cannot be built.
std::optional<PreambleUse>
unitPreambleFor(const clang::CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory,
                llvm::StringRef Directory,
                llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                std::shared_ptr<clang::PCHContainerOperations> PCHOperations);

// Makes `Invocation` load the PCH instead of parsing what it holds.
void usePreamble(clang::CompilerInvocation &Invocation, const PreambleUse &Preamble);

// A unit's own preamble is a PCH of all its headers: tens of MiB each (25 MiB
// for one of ggml's template units), as clangd's are.
constexpr uint64_t UnitPreambleBudgetBytes = uint64_t(4) << 30;

// Removes the least recently used units' preambles from `Directory` while
// they take more than `BudgetBytes`, but none used in the last minutes (a
// worker may be about to load it); the shared PCHs stay.
void prunePreambles(llvm::StringRef Directory, uint64_t BudgetBytes = UnitPreambleBudgetBytes);

} // namespace cudalint

#endif
