// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/ChangedFiles.h"

#include "run/FilesRead.h"
#include "run/ResultCache.h"

#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace cudalint {

namespace {

std::string normalized(llvm::StringRef Path, llvm::StringRef BaseDirectory) {
  llvm::SmallString<256> Absolute(Path);
  if (!llvm::sys::path::is_absolute(Absolute)) {
    Absolute = BaseDirectory;
    llvm::sys::path::append(Absolute, Path);
  }
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

// A path and, when it exists and differs, its real path: git prints paths
// under the repository's real location.
void addPath(std::set<std::string> &Paths, std::string Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real) && Real != Path)
    Paths.insert(std::string(Real));
  Paths.insert(std::move(Path));
}

llvm::Expected<std::string> runGit(llvm::ArrayRef<llvm::StringRef> Arguments) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return llvm::createStringError("--changed-since needs git, which is not on PATH");
  llvm::SmallString<128> Output, Errors;
  if (std::error_code Error = llvm::sys::fs::createTemporaryFile("cudalint-git", "out", Output))
    return llvm::createStringError(Error, "cannot create a temporary file");
  if (std::error_code Error = llvm::sys::fs::createTemporaryFile("cudalint-git", "err", Errors)) {
    llvm::sys::fs::remove(Output);
    return llvm::createStringError(Error, "cannot create a temporary file");
  }
  std::vector<llvm::StringRef> Argv{"git"};
  llvm::append_range(Argv, Arguments);
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), Output.str(), Errors.str()};
  std::string ExecError;
  int Status = llvm::sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0, 0, &ExecError);
  auto Read = [](llvm::StringRef Path) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer = llvm::MemoryBuffer::getFile(Path);
    return Buffer ? (*Buffer)->getBuffer().str() : std::string();
  };
  std::string Out = Read(Output), Err = Read(Errors);
  llvm::sys::fs::remove(Output);
  llvm::sys::fs::remove(Errors);
  if (Status != 0) {
    std::string Command = llvm::join(Argv, " ");
    return llvm::createStringError("'" + Command + "' failed" +
                                   (Err.empty() ? (ExecError.empty() ? "" : ": " + ExecError)
                                                : ":\n" + llvm::StringRef(Err).rtrim().str()));
  }
  return Out;
}

// Runs the preprocessor only and keeps the files it loaded.
class IncludeScan : public clang::PreprocessOnlyAction {
public:
  explicit IncludeScan(std::vector<FileRead> &Files) : Files(Files) {}
  void EndSourceFileAction() override {
    Files = filesRead(getCompilerInstance().getSourceManager());
    clang::PreprocessOnlyAction::EndSourceFileAction();
  }

private:
  std::vector<FileRead> &Files;
};

} // namespace

llvm::Expected<std::set<std::string>> readFileList(llvm::StringRef ListPath,
                                                   llvm::StringRef BaseDirectory) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      ListPath == "-" ? llvm::MemoryBuffer::getSTDIN() : llvm::MemoryBuffer::getFile(ListPath);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read the file list '" +
                                                          ListPath.str() +
                                                          "': " + Buffer.getError().message());
  std::set<std::string> Paths;
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.empty())
      addPath(Paths, normalized(Line, BaseDirectory));
  }
  return Paths;
}

llvm::Expected<std::set<std::string>> gitChangedFiles(llvm::StringRef Revision,
                                                      llvm::StringRef Directory) {
  llvm::Expected<std::string> TopLevel = runGit({"-C", Directory, "rev-parse", "--show-toplevel"});
  if (!TopLevel)
    return TopLevel.takeError();
  std::string Root = llvm::StringRef(*TopLevel).trim().str();
  llvm::Expected<std::string> Changed =
      runGit({"-C", Root, "diff", "--name-only", "--no-renames", "-z", Revision, "--"});
  if (!Changed)
    return Changed.takeError();
  llvm::Expected<std::string> Untracked =
      runGit({"-C", Root, "ls-files", "--others", "--exclude-standard", "--full-name", "-z"});
  if (!Untracked)
    return Untracked.takeError();
  std::set<std::string> Paths;
  for (const std::string *List : {&*Changed, &*Untracked}) {
    llvm::SmallVector<llvm::StringRef> Names;
    llvm::StringRef(*List).split(Names, '\0', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef Name : Names)
      addPath(Paths, normalized(Name, Root));
  }
  return Paths;
}

std::optional<std::vector<std::string>>
preprocessedFiles(const std::vector<std::string> &ClangArguments, const std::string &Directory) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem =
      llvm::vfs::createPhysicalFileSystem();
  if (FileSystem->setCurrentWorkingDirectory(Directory))
    return std::nullopt;
  auto Files =
      llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), FileSystem);
  std::vector<FileRead> Read;
  clang::IgnoringDiagConsumer Quiet;
  clang::tooling::ToolInvocation Invocation(ClangArguments, std::make_unique<IncludeScan>(Read),
                                            Files.get(),
                                            std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Quiet);
  if (!Invocation.run() || Quiet.getNumErrors() != 0 || Read.empty())
    return std::nullopt;
  std::vector<std::string> Paths;
  for (FileRead &File : Read)
    Paths.push_back(std::move(File.Path));
  return Paths;
}

AffectedUnits affectedUnits(const std::vector<UnitInputs> &Units,
                            const std::set<std::string> &Changed, ResultCache *Cache,
                            unsigned Threads) {
  AffectedUnits Result;
  Result.Affected.assign(Units.size(), false);
  std::atomic<unsigned> Preprocessed{0};
  auto ReadsChanged = [&](const std::vector<std::string> &Paths) {
    return llvm::any_of(Paths, [&](const std::string &Path) { return Changed.count(Path); });
  };
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
  for (size_t I = 0; I < Units.size(); ++I) {
    if (Changed.count(Units[I].File)) {
      Result.Affected[I] = true;
      continue;
    }
    Pool.async([&, I] {
      const UnitInputs &Unit = Units[I];
      if (Cache) {
        std::optional<UnitOutcome> Stored =
            Cache->read(Cache->keyOf(*Unit.ClangArguments, *Unit.Directory, *Unit.Options));
        if (Stored) {
          std::vector<std::string> Paths;
          for (const FileRead &File : Stored->FilesRead)
            Paths.push_back(File.Path);
          if (ReadsChanged(Paths)) {
            Result.Affected[I] = true;
            return;
          }
          if (Cache->unchanged(*Stored))
            return;
        }
      }
      ++Preprocessed;
      std::optional<std::vector<std::string>> Paths =
          preprocessedFiles(*Unit.ClangArguments, *Unit.Directory);
      Result.Affected[I] = !Paths || ReadsChanged(*Paths);
    });
  }
  Pool.wait();
  Result.Preprocessed = Preprocessed;
  return Result;
}

} // namespace cudalint
