// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stage 2 of a run, configuration files: `.cudalint.yaml`, found and merged as
// clang-tidy finds and merges `.clang-tidy`. The nearest file above a unit's
// main file applies; `InheritParentConfig: true` merges it over the next one
// up. Command-line flags are merged last. Configuration is per unit: two units
// in different directories may run different checks with different options.
//
// The keys are clang-tidy's: Checks, CheckOptions (a list of {key, value} or
// a map), WarningsAsErrors, HeaderFilterRegex, ExtraArgs, ExtraArgsBefore,
// InheritParentConfig; and cudalint's own Units and TargetGpus. docs/configuration.md
// describes them.
#ifndef CUDALINT_DRIVER_CONFIG_H
#define CUDALINT_DRIVER_CONFIG_H

#include "CheckRegistry.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

constexpr llvm::StringLiteral ConfigFileName = ".cudalint.yaml";
// The checks that run when no configuration says otherwise.
constexpr llvm::StringLiteral DefaultChecks = "cuda-*";

// Which units of a compile database are analysed when no source is named:
// the CUDA units alone (`Units: cuda`), or also the C and C++ units that
// include a CUDA library's header (`Units: cuda-api`, the default), where
// host code often keeps its allocations, copies and frees.
enum class DatabaseUnits { Cuda, CudaApi };

std::optional<DatabaseUnits> parseDatabaseUnits(llvm::StringRef Name);
llvm::StringRef databaseUnitsName(DatabaseUnits Units);

// A problem with a configuration, at a place in a file ("" and 0 when the
// place is a command-line flag or the whole file).
struct ConfigDiagnostic {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;

  // "file:line:col: message", as compilers print it.
  std::string str() const;
  // "file:line:col", or the file alone when no line is known.
  std::string place() const;
};

// A piece of a configuration file with where it was written.
struct LocatedText {
  std::string Text;
  unsigned Line = 0;
  unsigned Column = 0;
};

// One configuration file as written. Absent keys are std::nullopt.
struct ConfigFile {
  std::string Path;
  std::optional<std::string> Checks;
  std::vector<LocatedText> CheckGlobs; // Checks, one glob each
  // In file order; a later key overrides an earlier one.
  std::vector<std::pair<LocatedText, std::string>> CheckOptions;
  std::optional<std::string> WarningsAsErrors;
  std::vector<LocatedText> WarningsAsErrorsGlobs;
  std::optional<LocatedText> HeaderFilterRegex;
  std::optional<DatabaseUnits> Units;
  std::optional<std::vector<std::string>> TargetGpus;
  std::optional<std::vector<std::string>> ExtraArgs;
  std::optional<std::vector<std::string>> ExtraArgsBefore;
  std::optional<int> CudaVersion; // CudaVersion, as CUDA_VERSION counts
  bool InheritParentConfig = false;

  // Keys cudalint does not know: a warning, the rest of the file applies.
  std::vector<ConfigDiagnostic> UnknownKeys;
  // Malformed YAML or a value of the wrong shape: the file cannot be used.
  std::vector<ConfigDiagnostic> Errors;
};

ConfigFile parseConfigFile(llvm::StringRef Text, llvm::StringRef Path);
// Reads and parses `Path`; an unreadable file is an error of the result.
ConfigFile readConfigFile(llvm::StringRef Path);

// A unit's effective configuration: defaults, then every configuration file
// that applies (outermost first), then the command line.
struct Configuration {
  std::string Checks = DefaultChecks.str();
  CheckOptionMap CheckOptions;
  std::string WarningsAsErrors;
  std::string HeaderFilterRegex = ".*";
  DatabaseUnits Units = DatabaseUnits::CudaApi;
  // The GPUs the program must run on (sm_90, 9.0), for cuda-arch-coverage.
  std::vector<std::string> TargetGpus;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
  // The CUDA version the code is written for (12040 for "12.4"), 0 where
  // unsaid: older than the installed toolkit, older declarations are tried
  // where its headers reject host code (olderDeclarationsToolchain); the
  // toolkit's or newer, they are not, and its errors are the code's own.
  int CudaVersion = 0;
  // The files merged into it, outermost first.
  std::vector<std::string> Files;
};

// What the command line sets; unset values leave the files' values alone.
struct ConfigOverrides {
  std::optional<std::string> Checks;
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> HeaderFilterRegex;
  std::optional<DatabaseUnits> Units;
  std::optional<std::vector<std::string>> TargetGpus; // --target-gpu
  // The GPUs of this machine, the target GPUs where nothing names any. Asked
  // for only then, and only where cuda-arch-coverage runs: probing the
  // driver initialises it, which costs time on every run of a pre-commit
  // hook.
  std::function<std::vector<std::string>()> DetectGpus;
  CheckOptionMap CheckOptions;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
};

// clang-tidy's merge: check globs and warnings-as-errors globs are appended
// (the last glob that matches decides, so a later layer overrides), options
// the header filter, Units and TargetGpus are replaced, extra arguments are
// appended.
void mergeConfigFile(Configuration &Into, const ConfigFile &Layer);
void mergeOverrides(Configuration &Into, const ConfigOverrides &Overrides);

// Finds the configuration files that apply to a source file, reading each
// directory's file at most once.
class ConfigFinder {
public:
  // The files that apply to `SourceFile` (absolute), outermost first: the
  // nearest `.cudalint.yaml` in its directory or above, then, while a file
  // says InheritParentConfig, the next one above it.
  std::vector<const ConfigFile *> filesFor(llvm::StringRef SourceFile);
  // As filesFor, for a directory rather than a file in it.
  std::vector<const ConfigFile *> filesForDirectory(llvm::StringRef Directory);

private:
  const ConfigFile *nearestFrom(llvm::StringRef Directory);
  const ConfigFile *fileIn(llvm::StringRef Directory);

  llvm::StringMap<std::unique_ptr<ConfigFile>> ByDirectory;
};

// The options of `Checks` with their effective values, as each check's
// storeOptions writes them, over the options given (which are kept, also for
// checks that do not run, as clang-tidy's --dump-config keeps them).
CheckOptionMap effectiveCheckOptions(llvm::ArrayRef<const CheckDescription *> Checks,
                                     const CheckOptionMap &Given);

// --dump-config: the configuration as a `.cudalint.yaml` that reproduces it.
void writeConfiguration(llvm::raw_ostream &OS, const Configuration &Config,
                        const CheckOptionMap &EffectiveOptions);

// --verify-config: check globs that match no registered check, option keys
// naming unknown checks or options, an invalid HeaderFilterRegex, unknown keys
// and syntax errors, each with its place.
std::vector<ConfigDiagnostic> verifyConfigFile(const ConfigFile &File,
                                               llvm::ArrayRef<CheckDescription> Registered);
// The same for the command line's --checks, --warnings-as-errors and
// --check-option values.
std::vector<ConfigDiagnostic> verifyOverrides(const ConfigOverrides &Overrides,
                                              llvm::ArrayRef<CheckDescription> Registered);

} // namespace cudalint

#endif
