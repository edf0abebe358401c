// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "config/GlobList.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"

namespace cudalint {

// clang-tidy trims before looking for the '-', so " - foo" negates "foo".
static bool consumeNegativeIndicator(llvm::StringRef &Globs) {
  Globs = Globs.trim();
  return Globs.consume_front("-");
}

// Globs are separated by commas or newlines (a config file's Checks may span
// lines). Only '*' is special; every regex meta character is escaped.
static llvm::StringRef consumeGlob(llvm::StringRef &Globs) {
  llvm::StringRef Untrimmed = Globs.substr(0, Globs.find_first_of(",\n"));
  Globs = Globs.substr(Untrimmed.size() + 1);
  return Untrimmed.trim();
}

static std::string globToRegex(llvm::StringRef Glob) {
  static constexpr llvm::StringLiteral MetaChars = "()^$|*+?.[]\\{}";
  std::string Regex = "^";
  for (char C : Glob) {
    if (C == '*')
      Regex.push_back('.');
    else if (MetaChars.contains(C))
      Regex.push_back('\\');
    Regex.push_back(C);
  }
  Regex.push_back('$');
  return Regex;
}

GlobList::GlobList(llvm::StringRef Globs) {
  while (!Globs.trim().empty()) {
    bool Positive = !consumeNegativeIndicator(Globs);
    llvm::StringRef Glob = consumeGlob(Globs);
    // clang-tidy keeps an empty glob as the regex "^$", which only an empty
    // check name could match; dropping it changes no answer and lets empty()
    // say whether any pattern was given at all ("", " , ").
    if (Glob.empty())
      continue;
    Items.push_back({Positive, llvm::Regex(globToRegex(Glob))});
  }
}

bool GlobList::contains(llvm::StringRef Name) const {
  for (const Item &Candidate : llvm::reverse(Items))
    if (Candidate.Pattern.match(Name))
      return Candidate.Positive;
  return false;
}

} // namespace cudalint
