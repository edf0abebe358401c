// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/UnitPlan.h"

#include "database/ChangedFiles.h"
#include "database/Shard.h"
#include "support/GpuProbe.h"

#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace cudalint {

void Notices::add(const std::string &Message) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Seen.insert(Message).second && !Quiet)
    WithColor::note(errs(), "cudalint") << Message << "\n";
}

const OlderDeclarationsCommand *Unit::olderDeclarations(llvm::StringRef Named) const {
  for (const OlderDeclarationsCommand &Older : OlderDeclarations)
    if (Older.Declarations == Named)
      return &Older;
  return nullptr;
}

Unit planUnit(CompileCommand Command, const UnitSettings &Settings, const ToolchainSetup &Toolchain,
              bool Verify) {
  auto Translate = [&](const ToolchainSetup &With) {
    TranslatedCommand Translated = translateCompileCommand(Command, With);
    Translated.Arguments = withExtraArguments(std::move(Translated.Arguments), Settings.Config);
    if (Verify)
      Translated.Arguments.insert(Translated.Arguments.end() - 1, {"-Xclang", "-verify"});
    return Translated;
  };
  TranslatedCommand Translated = Translate(Toolchain);
  // The configuration says which toolkit the code is written for: the
  // installed one's major version or newer, and its errors are its own.
  int WrittenFor = Settings.Config.CudaVersion;
  if (WrittenFor && WrittenFor / 1000 >= Toolchain.CudaVersion / 1000)
    return {std::move(Command), std::move(Translated), {}, &Settings};
  std::string Installed = "CUDA " + Toolchain.NvccVersion;
  std::vector<std::pair<ToolchainSetup, std::string>> Toolchains; // and what they declare
  if (std::optional<ToolchainSetup> Own = commandToolkitToolchain(Command, Toolchain))
    Toolchains.emplace_back(*Own, "the headers of CUDA " + Own->NvccVersion + " at " +
                                      *Own->CudaPath + ", the toolkit of the command's nvcc");
  if (std::optional<ToolchainSetup> Bundled = olderDeclarationsToolchain(Toolchain))
    Toolchains.emplace_back(*Bundled, "the CUDA " + Bundled->BundledVersionText +
                                          " declarations bundled with cudalint");
  if (std::optional<ToolchainSetup> Cccl2 = olderCcclToolchain(Toolchain))
    Toolchains.emplace_back(*Cccl2, "the headers of " + Installed +
                                        " with the CCCL 2 names that CCCL 3 removed, declared "
                                        "by cudalint");
  std::vector<OlderDeclarationsCommand> Older;
  if (!Toolchains.empty()) {
    std::string Evidence = WrittenFor
                               ? "its configuration says CudaVersion " + cudaVersionText(WrittenFor)
                               : olderToolkitEvidence(Command, Translated.Arguments, Toolchain);
    for (const auto &[With, Declarations] : Toolchains)
      Older.push_back({Translate(With), Declarations, Installed, Evidence});
  }
  return {std::move(Command), std::move(Translated), std::move(Older), &Settings};
}

std::optional<std::vector<Unit>> planUnits(std::vector<CompileCommand> Commands,
                                           UnitConfigs &Configs, const ToolchainSetup &Toolchain,
                                           bool Verify, Notices &Notes) {
  std::vector<Unit> Units;
  bool BrokenConfig = false;
  for (CompileCommand &Command : Commands) {
    const UnitSettings *Settings = Configs.forFile(Command.File);
    if (!Settings) {
      BrokenConfig = true;
      continue;
    }
    Units.push_back(planUnit(std::move(Command), *Settings, Toolchain, Verify));
  }
  if (BrokenConfig)
    return std::nullopt;
  return Units;
}

bool narrowForCi(const std::vector<Unit> &Units, std::vector<size_t> &ToAnalyze,
                 const CiNarrowing &Request, Notices &Notes) {
  if (!Request.Shard.empty()) {
    Expected<Shard> Part = parseShard(Request.Shard);
    if (!Part) {
      WithColor::error(errs(), "cudalint") << toString(Part.takeError()) << "\n";
      return false;
    }
    std::vector<std::string> Files;
    for (size_t I : ToAnalyze)
      Files.push_back(Units[I].Command.File);
    std::vector<size_t> Kept;
    for (size_t Position : unitsOfShard(Files, *Part))
      Kept.push_back(ToAnalyze[Position]);
    ToAnalyze = std::move(Kept);
  }
  if (Request.FilesFrom.empty() && Request.ChangedSince.empty())
    return true;
  const std::string &Base = Request.SourceRoot;
  std::set<std::string> Changed;
  auto AddChanged = [&](Expected<std::set<std::string>> Listed) {
    if (!Listed) {
      WithColor::error(errs(), "cudalint") << toString(Listed.takeError()) << "\n";
      return false;
    }
    Changed.insert(Listed->begin(), Listed->end());
    return true;
  };
  if (!Request.FilesFrom.empty() && !AddChanged(readFileList(Request.FilesFrom, Base)))
    return false;
  if (!Request.ChangedSince.empty() && !AddChanged(gitChangedFiles(Request.ChangedSince, Base)))
    return false;
  std::vector<UnitInputs> Inputs;
  for (size_t I : ToAnalyze)
    Inputs.push_back(
        {Units[I].Command.File, &Units[I].Translated.Arguments, &Units[I].Command.Directory,
         Request.OptionsOf ? Request.OptionsOf(Units[I]) : &Units[I].Settings->Analysis});
  AffectedUnits Affected = affectedUnits(Inputs, Changed, Request.Cache, Request.Jobs);
  std::vector<size_t> Kept;
  for (size_t Position = 0; Position < ToAnalyze.size(); ++Position)
    if (Affected.Affected[Position])
      Kept.push_back(ToAnalyze[Position]);
  Notes.add(std::to_string(Kept.size()) + " of " + std::to_string(ToAnalyze.size()) +
            " units are or read one of the " + std::to_string(Changed.size()) + " changed files (" +
            std::to_string(Affected.Preprocessed) + " preprocessed to know)");
  ToAnalyze = std::move(Kept);
  return true;
}

} // namespace cudalint
