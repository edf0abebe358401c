// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How the user wrote an expression, for messages that quote it.
#ifndef CUDALINT_CHECKS_SOURCETEXT_H
#define CUDALINT_CHECKS_SOURCETEXT_H

#include <string>

namespace clang {
class Expr;
class LangOptions;
class SourceManager;
class Stmt;
} // namespace clang

namespace cudalint {

// The text of `E` (`h_out`, `s.device`, `d + 16`) when it is one short line
// of a file, a macro's argument included; empty otherwise, so that a message
// never quotes a macro's body or a page of code.
std::string shortSourceText(const clang::Expr &E, const clang::SourceManager &SM,
                            const clang::LangOptions &LangOpts);

// Whether `S` comes from an `assert` whose condition is false as written
// (`assert(false)`, `assert(0)`, `assert(!"unsupported")`,
// `assert(0 && "unsupported")`): a place the programmer marked unreachable.
// With NDEBUG the assertion compiles to nothing and the program runs on, so
// the analysis must be told; without it, the failure path is a call of a
// noreturn function, which the CFG already ends.
bool isAssertionOfFalse(const clang::Stmt &S, const clang::SourceManager &SM,
                        const clang::LangOptions &LangOpts);

} // namespace cudalint

#endif
