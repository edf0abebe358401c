// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/NvccMacros.h"

#include "database/CommandTranslation.h"

#include "clang/Lex/ExternalPreprocessorSource.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <array>

using namespace clang;

namespace cudalint {

namespace {

class NvccMacros : public PPCallbacks {
public:
  explicit NvccMacros(Preprocessor &PP) : PP(PP) {
    for (size_t I = 0; I < NvccPredefinedMacros.size(); ++I)
      Names[I] = PP.getIdentifierInfo(NvccPredefinedMacros[I]);
  }

  void FileChanged(SourceLocation Where, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID) override {
    // `#pragma GCC system_header` makes the rest of a file a system header.
    if ((Reason != EnterFile && Reason != ExitFile && Reason != SystemHeaderPragma) ||
        Where.isInvalid())
      return;
    bool System = SrcMgr::isSystem(Kind);
    for (size_t I = 0; I < Names.size(); ++I) {
      // A macro a PCH defines is read from it when first asked for.
      if (Names[I]->isOutOfDate() && PP.getExternalSource())
        PP.getExternalSource()->updateOutOfDateIdentifier(*Names[I]);
      MacroInfo *Current = PP.getMacroInfo(Names[I]);
      if (System && Current) {
        // The definition the command gave, to be given back.
        Saved[I] = Current;
        PP.appendMacroDirective(Names[I],
                                new (PP.getPreprocessorAllocator()) UndefMacroDirective(Where));
      } else if (!System && !Current && Saved[I]) {
        PP.appendDefMacroDirective(Names[I], Saved[I], Where);
      }
    }
  }

private:
  Preprocessor &PP;
  std::array<IdentifierInfo *, NvccPredefinedMacros.size()> Names{};
  std::array<MacroInfo *, NvccPredefinedMacros.size()> Saved{};
};

} // namespace

std::unique_ptr<PPCallbacks> nvccMacrosInUserCode(Preprocessor &PP) {
  return std::make_unique<NvccMacros>(PP);
}

} // namespace cudalint
