// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// JSON that comes from files a pull request can change: compile databases,
// baselines, reports to merge, an editor's messages.
#ifndef CUDALINT_DRIVER_JSONINPUT_H
#define CUDALINT_DRIVER_JSONINPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace cudalint {

// Far deeper than any file cudalint reads is nested; deep enough that no
// real input comes near it.
constexpr unsigned MaxJsonNesting = 512;

// llvm::json::parse, except that text nested deeper than MaxJsonNesting
// arrays and objects is an error rather than a parse that recurses once per
// bracket until the stack overflows (a file of 200,000 `[` did).
llvm::Expected<llvm::json::Value> parseJsonInput(llvm::StringRef Text);

} // namespace cudalint

#endif
