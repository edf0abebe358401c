// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 3 of a run: nvcc's own macros, seen by the project's code and not by
// system headers.
//
// nvcc defines __NVCC__ and __CUDACC_VER_MAJOR__, _MINOR__ and _BUILD__ for
// every file it compiles, and host code branches on them: to pick an API
// that only a newer toolkit has, or a workaround for nvcc's front end
// (GROMACS' math functions, FasterTransformer's reductions). The command
// translation defines them for an nvcc command
// (database/CommandTranslation.h), so that the project's code is analysed in
// the branch nvcc compiles. The toolkit's own headers must not see them:
// CCCL's compiler detection and <nv/target> read __NVCC__ as nvcc's front
// end, not clang's, and would select builtins clang lacks. So while the
// preprocessor is in a system header these macros are undefined, and they
// are defined again when it returns to the project's files.
#ifndef CUDALINT_DRIVER_NVCCMACROS_H
#define CUDALINT_DRIVER_NVCCMACROS_H

#include <memory>

namespace clang {
class PPCallbacks;
class Preprocessor;
} // namespace clang

namespace cudalint {

// The callbacks that hide nvcc's macros, as the command defines them, from
// system headers; add them to the preprocessor before it enters the main
// file (any action that parses a unit, the PCHs of its headers included).
std::unique_ptr<clang::PPCallbacks> nvccMacrosInUserCode(clang::Preprocessor &PP);

} // namespace cudalint

#endif
