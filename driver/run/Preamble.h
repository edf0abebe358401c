// The CUDA headers parsed once, not once per unit. Every CUDA unit starts
// with the same forced includes (clang's CUDA runtime wrapper and through it
// some 40,000 lines of toolkit and C++ headers, or cudalint's bundled
// cuda_runtime.h), and parsing them is most of the time of a small unit.
// They are precompiled once into a PCH in the preamble directory, keyed by
// clang's whole -cc1 command less the main file (so by the toolkit, the
// defines, the include paths and every other flag that changes
// preprocessing), and each unit whose command has that key loads it instead
// of parsing them: across the units of a run, across runs, and across the
// worker processes of one run, which build each PCH once under a lock file.
//
// Clang does not validate a PCH against changed system headers, so a PCH is
// used only while every file it was built from has the size, modification
// time and digest it had then; otherwise it is built again. A unit that
// cannot use one (no forced includes, a PCH that will not build) parses its
// headers as before: the findings are byte-identical either way.
#ifndef CUDALINT_DRIVER_PREAMBLE_H
#define CUDALINT_DRIVER_PREAMBLE_H

#include "run/FilesRead.h"

#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace cudalint {

struct PreambleUse {
  std::string PchPath;
  // The files the PCH was built from: a unit that uses it read them too.
  std::vector<FileRead> FilesRead;
};

// The PCH for `Invocation`'s forced includes in `Directory`, built when it
// is missing or stale; nullopt when the unit has none to precompile or the
// PCH cannot be built (the unit then parses its headers itself).
std::optional<PreambleUse>
preambleFor(const clang::CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory,
            llvm::StringRef Directory, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
            std::shared_ptr<clang::PCHContainerOperations> PCHOperations);

// Makes `Invocation` load the PCH instead of parsing its forced includes.
void usePreamble(clang::CompilerInvocation &Invocation, const PreambleUse &Preamble);

} // namespace cudalint

#endif
