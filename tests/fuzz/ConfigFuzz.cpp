// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// .cudalint.yaml: YAML, check globs, check options, the header filter.
#include "FuzzTarget.h"

#include "CheckRegistry.h"
#include "config/Config.h"
#include "config/GlobList.h"

#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint::fuzz {

int config(const uint8_t *Data, size_t Size) {
  ConfigFile File =
      parseConfigFile(asText(Data, Size), "/nonexistent/cudalint-fuzz/.cudalint.yaml");
  (void)verifyConfigFile(File, registeredChecks());
  if (!File.Errors.empty())
    return 0; // the run stops at a file it cannot use
  Configuration Merged;
  mergeConfigFile(Merged, File);
  GlobList Enabled(Merged.Checks), AsErrors(Merged.WarningsAsErrors);
  std::vector<const CheckDescription *> Checks;
  for (const CheckDescription &Check : registeredChecks()) {
    if (Enabled.contains(Check.Id))
      Checks.push_back(&Check);
    (void)AsErrors.contains(Check.Id);
  }
  llvm::Regex Headers(Merged.HeaderFilterRegex);
  std::string Ignored;
  if (Headers.isValid(Ignored))
    (void)Headers.match("/nonexistent/cudalint-fuzz/include/a.cuh");
  // --dump-config writes a file that reads back as the same configuration.
  std::string Dumped;
  llvm::raw_string_ostream Out(Dumped);
  writeConfiguration(Out, Merged, effectiveCheckOptions(Checks, Merged.CheckOptions));
  ConfigFile Again = parseConfigFile(Dumped, "/nonexistent/cudalint-fuzz/dumped.yaml");
  require(Again.Errors.empty());
  Configuration Reread;
  mergeConfigFile(Reread, Again);
  GlobList EnabledAgain(Reread.Checks), AsErrorsAgain(Reread.WarningsAsErrors);
  for (const CheckDescription &Check : registeredChecks()) {
    require(EnabledAgain.contains(Check.Id) == Enabled.contains(Check.Id));
    require(AsErrorsAgain.contains(Check.Id) == AsErrors.contains(Check.Id));
  }
  require(Reread.HeaderFilterRegex == Merged.HeaderFilterRegex);
  require(Reread.ExtraArgs == Merged.ExtraArgs);
  require(Reread.ExtraArgsBefore == Merged.ExtraArgsBefore);
  return 0;
}

} // namespace cudalint::fuzz
