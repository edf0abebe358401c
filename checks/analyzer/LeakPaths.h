// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the leak checks (cuda-memory-leak, cuda-handle-leak) say about where an
// allocation is lost: the end of the path, and whether the program was ending
// anyway.
#ifndef CUDALINT_CHECKS_ANALYZER_LEAKPATHS_H
#define CUDALINT_CHECKS_ANALYZER_LEAKPATHS_H

#include "MemoryModel.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporterVisitors.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"

#include <memory>

namespace cudalint {

// Ends a leak's path where the memory is lost: at the return statement or
// closing brace the function leaves through, the throw that leaves it, the
// exit(0) that ends the program, or the statement after which no pointer to
// the memory is used again. A handle is "destroyed" where memory is
// "released".
std::unique_ptr<clang::ento::BugReporterVisitor> lostHereNotes(const memory::Allocation &Lost);

// Memory main or a static still holds when main returns or calls exit(0),
// which the process exit releases. Memory main loses earlier (the pointer is
// overwritten or truncated) or allocates in a loop into the same local (every
// iteration takes more) is an ordinary leak.
bool releasedByProgramExit(const memory::Allocation &Memory, const memory::MemoryLost &Lost);

// Lost where the program is giving up on an error (every way on from there
// ends in abort(), exit(EXIT_FAILURE) or another noreturn call): not worth
// reporting, the process is about to release everything.
bool lostWhileGivingUp(const memory::MemoryLost &Lost);

// Reports `Lost` once per allocation site, whichever path leaks it first:
// at the allocation, with its history and the place it is lost as notes.
void reportLeak(const clang::ento::BugType &Type, std::string Message,
                const memory::Allocation &Memory, const memory::MemoryLost &Lost);

} // namespace cudalint

#endif
