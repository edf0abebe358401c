// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "config/UnitConfig.h"

#include "CheckInputs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace cudalint {

UnitSettings::UnitSettings(Configuration Merged, bool Verify)
    : Config(std::move(Merged)), HeaderFilter(Config.HeaderFilterRegex),
      AsErrors(Config.WarningsAsErrors) {
  GlobList Enabled(Config.Checks);
  for (const CheckDescription &Check : registeredChecks())
    if (Enabled.contains(Check.Id))
      Analysis.Checks.push_back(&Check);
  Analysis.CheckOptions = Config.CheckOptions;
  if (!Config.TargetGpus.empty())
    Analysis.CheckOptions[(ArchCoverageCheckId + "." + TargetGpusOption).str()] =
        llvm::join(Config.TargetGpus, ",");
  Analysis.Verify = Verify;
}

void UnitSettings::applyWarningsAsErrors(Finding &Found) const {
  if (Found.Level == Severity::Warning && AsErrors.contains(Found.CheckId)) {
    Found.Level = Severity::Error;
    Found.PromotedToError = true;
  }
}

std::vector<std::string> withExtraArguments(std::vector<std::string> Arguments,
                                            const Configuration &Config) {
  if (Arguments.empty())
    return Arguments;
  std::string File = Arguments.back();
  Arguments.pop_back();
  Arguments.insert(Arguments.begin() + 1, Config.ExtraArgsBefore.begin(),
                   Config.ExtraArgsBefore.end());
  Arguments.insert(Arguments.end(), Config.ExtraArgs.begin(), Config.ExtraArgs.end());
  Arguments.push_back(File);
  return Arguments;
}

UnitConfigs::UnitConfigs(ConfigOverrides Overrides, std::optional<ConfigFile> Forced, bool Verify,
                         Reporter Report)
    : Overrides(std::move(Overrides)), Forced(std::move(Forced)), Verify(Verify),
      Report(std::move(Report)) {}

std::vector<const ConfigFile *> UnitConfigs::filesFor(llvm::StringRef File) {
  if (Forced)
    return {&*Forced};
  return Finder.filesFor(File);
}

const UnitSettings *UnitConfigs::forFile(llvm::StringRef File) {
  return settingsFor(filesFor(File));
}

const UnitSettings *UnitConfigs::forDirectory(llvm::StringRef Directory) {
  if (Forced)
    return settingsFor({&*Forced});
  return settingsFor(Finder.filesForDirectory(Directory));
}

bool UnitConfigs::reportProblems(const ConfigFile &File) {
  auto [It, First] = Usable.try_emplace(&File, File.Errors.empty());
  if (First) {
    for (const ConfigDiagnostic &Problem : File.Errors)
      Report(Problem, /*IsError=*/true);
    for (const ConfigDiagnostic &Unknown : File.UnknownKeys)
      Report(Unknown, /*IsError=*/false);
    if (File.HeaderFilterRegex) {
      std::string Error;
      if (!llvm::Regex(File.HeaderFilterRegex->Text).isValid(Error)) {
        Report({File.Path, File.HeaderFilterRegex->Line, File.HeaderFilterRegex->Column,
                "invalid HeaderFilterRegex: " + Error},
               /*IsError=*/true);
        It->second = false;
      }
    }
  }
  return It->second;
}

const UnitSettings *UnitConfigs::settingsFor(std::vector<const ConfigFile *> Files) {
  bool Usable = true;
  for (const ConfigFile *File : Files)
    Usable = reportProblems(*File) && Usable;
  if (!Usable)
    return nullptr;
  auto It = Settings.find(Files);
  if (It != Settings.end())
    return It->second.get();
  Configuration Merged;
  for (const ConfigFile *File : Files)
    mergeConfigFile(Merged, *File);
  mergeOverrides(Merged, Overrides);
  auto Made = std::make_unique<UnitSettings>(std::move(Merged), Verify);
  return Settings.emplace(std::move(Files), std::move(Made)).first->second.get();
}

std::vector<const CheckDescription *> UnitConfigs::enabledAnywhere() const {
  std::vector<const CheckDescription *> Result;
  for (const CheckDescription &Check : registeredChecks())
    if (llvm::any_of(Settings, [&](const auto &Entry) {
          return llvm::is_contained(Entry.second->Analysis.Checks, &Check);
        }))
      Result.push_back(&Check);
  return Result;
}

} // namespace cudalint
