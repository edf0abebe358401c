// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/CudaUnitScan.h"
#include "support/SourceFile.h"

#include "shared/CudaApi.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/DependencyDirectivesScanner.h"
#include "clang/Tooling/DependencyScanningTool.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <mutex>

namespace cudalint {

namespace {

namespace deps = clang::dependencies;
namespace scan = clang::dependency_directives_scan;

// Whether each file the scans list is a CUDA library's header, decided once
// per file for all the threads: only files named like one are read.
class CudaHeaderFiles {
public:
  bool isCudaHeader(llvm::StringRef Path) {
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (!CudaApi::libraryOfHeader(Name))
      return false;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto Known = Decided.find(Path);
      if (Known != Decided.end())
        return Known->second;
    }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text = llvm::MemoryBuffer::getFile(Path);
    bool IsCuda = Text && CudaApi::isLibraryHeader(Name, (*Text)->getBuffer());
    std::lock_guard<std::mutex> Lock(Mutex);
    Decided[Path] = IsCuda;
    return IsCuda;
  }

private:
  std::mutex Mutex;
  llvm::StringMap<bool> Decided;
};

// Every file the unit's preprocessing reads, from the dependency scanner;
// std::nullopt when the scan fails.
std::optional<std::vector<std::string>> scannedFiles(clang::tooling::DependencyScanningTool &Tool,
                                                     const ScanUnit &Unit) {
  clang::IgnoringDiagConsumer Quiet;
  llvm::DenseSet<deps::ModuleID> NoModulesSeen;
  // A unit built with -fmodules lists its modules' files too; where their
  // outputs would go does not matter to a scan that builds nothing.
  auto NoOutput = [](const deps::ModuleDeps &, deps::ModuleOutputKind) { return std::string(); };
  std::optional<deps::TranslationUnitDeps> Found = Tool.getTranslationUnitDependencies(
      *Unit.ClangArguments, Unit.Command->Directory, Quiet, NoModulesSeen, NoOutput);
  if (!Found)
    return std::nullopt;
  std::vector<std::string> Files = std::move(Found->FileDeps);
  for (const deps::ModuleDeps &Module : Found->ModuleGraph)
    Module.forEachFileDep([&](llvm::StringRef File) { Files.push_back(File.str()); });
  return Files;
}

// The header an #include directive names, without its quotes or angle
// brackets; empty for a computed include (#include MACRO).
llvm::StringRef includedName(llvm::StringRef Source, const scan::Directive &Include) {
  // The tokens: '#', 'include', the header's name as one or more tokens,
  // the end of the directive.
  llvm::ArrayRef<scan::Token> Tokens = Include.Tokens;
  if (Tokens.size() < 3)
    return {};
  Tokens = Tokens.drop_front(2);
  while (!Tokens.empty() && Tokens.back().is(clang::tok::eod))
    Tokens = Tokens.drop_back();
  if (Tokens.empty())
    return {};
  llvm::StringRef Written = Source.slice(Tokens.front().Offset, Tokens.back().getEnd());
  if (Written.size() < 2 || !((Written.front() == '<' && Written.back() == '>') ||
                              (Written.front() == '"' && Written.back() == '"')))
    return {};
  return Written.drop_front().drop_back().trim();
}

// For a unit that does not scan: whether its main file's own #include lines,
// whatever their #if around them, name a CUDA library's header. Where the
// scanner could not lex it, the scan's own verdict stands.
bool mainFileNamesCudaHeader(const CompileCommand &Command) {
  return llvm::any_of(includedHeaders(Command.File), [](const std::string &Header) {
    return CudaApi::libraryOfHeader(llvm::sys::path::filename(Header));
  });
}

bool includesCudaHeader(clang::tooling::DependencyScanningTool &Tool, const ScanUnit &Unit,
                        CudaHeaderFiles &Headers) {
  std::optional<std::vector<std::string>> Files = scannedFiles(Tool, Unit);
  if (!Files)
    return mainFileNamesCudaHeader(*Unit.Command);
  return llvm::any_of(*Files, [&](const std::string &File) { return Headers.isCudaHeader(File); });
}

} // namespace

std::vector<std::string> includedHeaders(llvm::StringRef Path) {
  std::vector<std::string> Headers;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return Headers;
  llvm::StringRef Source = (*Text)->getBuffer();
  llvm::SmallVector<scan::Token> Tokens;
  llvm::SmallVector<scan::Directive> Directives;
  if (clang::scanSourceForDependencyDirectives(Source, Tokens, Directives))
    return Headers;
  for (const scan::Directive &Directive : Directives)
    if (llvm::is_contained(
            {scan::pp_include, scan::pp_include_next, scan::pp_import, scan::pp___include_macros},
            Directive.Kind))
      if (llvm::StringRef Header = includedName(Source, Directive); !Header.empty())
        Headers.push_back(Header.str());
  return Headers;
}

std::vector<char> unitsUsingCuda(const std::vector<ScanUnit> &Units, unsigned Threads) {
  std::vector<char> UsingCuda(Units.size(), false);
  std::vector<size_t> ToScan;
  for (size_t I = 0; I < Units.size(); ++I) {
    UnitLanguage Language = unitLanguage(*Units[I].Command);
    if (Language == UnitLanguage::Cuda)
      UsingCuda[I] = true;
    else if (Units[I].CountsCudaHeaders &&
             (Language == UnitLanguage::C || Language == UnitLanguage::Cxx))
      ToScan.push_back(I);
  }
  // A FIFO would block the scan and with it the run; kept, the unit is
  // reported as not a source file rather than dropped unseen.
  llvm::erase_if(ToScan, [&](size_t I) {
    if (!notASourceFile(Units[I].Command->File))
      return false;
    UsingCuda[I] = true;
    return true;
  });
  if (ToScan.empty())
    return UsingCuda;

  // The service's cache holds each file's directives once for every worker.
  deps::DependencyScanningService Service(deps::ScanningMode::DependencyDirectivesScan,
                                          deps::ScanningOutputFormat::Full);
  CudaHeaderFiles Headers;
  llvm::ThreadPoolStrategy Strategy = llvm::hardware_concurrency(Threads);
  unsigned Workers = std::min<size_t>(Strategy.compute_thread_count(), ToScan.size());
  std::atomic<size_t> Next{0};
  llvm::DefaultThreadPool Pool(Strategy);
  for (unsigned Worker = 0; Worker < Workers; ++Worker)
    Pool.async([&] {
      // A tool holds its worker's state; each thread needs its own.
      clang::tooling::DependencyScanningTool Tool(Service);
      for (size_t At = Next++; At < ToScan.size(); At = Next++)
        UsingCuda[ToScan[At]] = includesCudaHeader(Tool, Units[ToScan[At]], Headers);
    });
  Pool.wait();
  return UsingCuda;
}

std::optional<std::string> unitsUsingCudaNotice(const std::vector<ScanUnit> &Units,
                                                const std::vector<char> &UsingCuda) {
  size_t Scanned = 0, Kept = 0, Excluded = 0;
  for (size_t I = 0; I < Units.size(); ++I) {
    UnitLanguage Language = unitLanguage(*Units[I].Command);
    if (Language != UnitLanguage::C && Language != UnitLanguage::Cxx)
      continue;
    if (!Units[I].CountsCudaHeaders) {
      ++Excluded;
      continue;
    }
    ++Scanned;
    Kept += UsingCuda[I] ? 1 : 0;
  }
  std::vector<std::string> Parts;
  if (Scanned)
    Parts.push_back(std::to_string(Kept) + " of " + std::to_string(Scanned) +
                    " C and C++ units include a CUDA header and are analysed");
  if (Excluded)
    Parts.push_back(std::to_string(Excluded) + " C and C++ unit" +
                    (Excluded == 1 ? " is" : "s are") + " not analysed (Units: cuda)");
  if (Parts.empty())
    return std::nullopt;
  std::string Notice = Parts.front();
  for (size_t I = 1; I < Parts.size(); ++I)
    Notice += "; " + Parts[I];
  return Notice;
}

} // namespace cudalint
