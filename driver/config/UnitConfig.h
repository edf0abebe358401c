// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run: what each unit runs with. A unit's main file picks its
// configuration files (Config.h), the command line is merged over them, and
// the result becomes the enabled checks, their options, the header filter and
// the warnings-as-errors globs. Units whose files share the same configuration
// files share one UnitSettings.
#ifndef CUDALINT_DRIVER_UNITCONFIG_H
#define CUDALINT_DRIVER_UNITCONFIG_H

#include "config/Config.h"
#include "config/GlobList.h"
#include "run/Analysis.h"

#include "llvm/Support/Regex.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace cudalint {

struct UnitSettings {
  Configuration Config;
  AnalysisOptions Analysis; // the enabled checks and their options
  llvm::Regex HeaderFilter;
  GlobList AsErrors;

  UnitSettings(Configuration Config, bool Verify);

  // Makes `Found` an error when WarningsAsErrors names its check.
  void applyWarningsAsErrors(Finding &Found) const;
};

// A translated command's clang arguments with the configuration's ExtraArgs
// and ExtraArgsBefore added; the source file stays last.
std::vector<std::string> withExtraArguments(std::vector<std::string> Arguments,
                                            const Configuration &Config);

class UnitConfigs {
public:
  // Called once per configuration file for each of its problems: `IsError`
  // for those that stop the run, else a warning (an unknown key).
  using Reporter = std::function<void(const ConfigDiagnostic &, bool IsError)>;

  // `Forced` (--config-file), when set, applies to every unit instead of
  // the files found above it.
  UnitConfigs(ConfigOverrides Overrides, std::optional<ConfigFile> Forced, bool Verify,
              Reporter Report);

  // The settings of a unit whose main file is `File` (absolute); nullptr
  // when a configuration file that applies is broken (already reported).
  const UnitSettings *forFile(llvm::StringRef File);
  const UnitSettings *forDirectory(llvm::StringRef Directory);

  // The configuration files that apply to a file, outermost first.
  std::vector<const ConfigFile *> filesFor(llvm::StringRef File);

  // Every check some settings enable, in registry order.
  std::vector<const CheckDescription *> enabledAnywhere() const;

private:
  const UnitSettings *settingsFor(std::vector<const ConfigFile *> Files);
  bool reportProblems(const ConfigFile &File);

  ConfigOverrides Overrides;
  std::optional<ConfigFile> Forced;
  bool Verify;
  Reporter Report;
  ConfigFinder Finder;
  std::map<std::vector<const ConfigFile *>, std::unique_ptr<UnitSettings>> Settings;
  std::map<const ConfigFile *, bool> Usable; // reported once each
};

} // namespace cudalint

#endif
