// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/Preamble.h"

#include "run/AnalysisThread.h"
#include "run/NvccMacros.h"
#include "run/OutcomeEncoding.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cudalint {

namespace {

// Changes whenever the layout of the list of files beside a PCH does.
constexpr llvm::StringLiteral FilesMagic = "cudalint-preamble-files-1\n";
// Names a unit's own preamble in its key: a different PCH from the shared
// one of the same command.
constexpr llvm::StringLiteral UnitPreambleMagic = "cudalint-unit-preamble-1\n";
constexpr llvm::StringLiteral UnitPreambleSuffix = ".unit.pch";
// A PCH used this recently stays: a worker may have found it valid and be
// about to load it.
constexpr std::chrono::minutes PruneGrace(5);
// Long enough for the slowest toolkit to precompile on a loaded machine;
// a unit that waits longer parses its headers itself.
constexpr std::chrono::seconds LockPatience(300);

struct BuiltFrom {
  FileRead File;
  uint64_t Size = 0;
  int64_t ModifiedNanoseconds = 0;
};

// The key of a unit's preamble: its -cc1 command with everything that names
// or concerns the main file, its output or -verify cleared. A unit's own
// preamble keeps the main file's name and adds the text it precompiles.
std::string preambleKey(const CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory,
                        std::optional<llvm::StringRef> MainFilePreamble = std::nullopt,
                        bool EndsAtStartOfLine = false) {
  CompilerInvocation Common(Invocation);
  if (!MainFilePreamble)
    Common.getFrontendOpts().Inputs.clear();
  Common.getFrontendOpts().OutputFile.clear();
  Common.getFrontendOpts().ProgramAction = frontend::ParseSyntaxOnly;
  Common.getCodeGenOpts().MainFileName.clear();
  Common.getDiagnosticOpts().VerifyDiagnostics = false;
  Common.getDependencyOutputOpts() = DependencyOutputOptions();
  // The CUDA unit id is a digest of the main file's path; it names device
  // globals in code generation and changes nothing a host-side parse sees.
  Common.getLangOpts().CUID.clear();
  FieldWriter Key;
  Key.text(FilesMagic);
  Key.text(CUDALINT_VERSION);
  Key.text(LLVM_VERSION_STRING);
  Key.text(WorkingDirectory);
  for (const std::string &Argument : Common.getCC1CommandLine())
    Key.text(Argument);
  if (MainFilePreamble) {
    Key.text(UnitPreambleMagic);
    Key.text(*MainFilePreamble);
    Key.number(EndsAtStartOfLine);
  }
  return contentDigest(Key.Out);
}

std::optional<BuiltFrom> statusOf(const FileRead &File) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(File.Path, Status))
    return std::nullopt;
  return BuiltFrom{File, Status.getSize(),
                   std::chrono::duration_cast<std::chrono::nanoseconds>(
                       Status.getLastModificationTime().time_since_epoch())
                       .count()};
}

std::string encodeFiles(const std::vector<BuiltFrom> &Files) {
  FieldWriter Out;
  Out.number(Files.size());
  for (const BuiltFrom &From : Files) {
    Out.text(From.File.Path);
    Out.text(From.File.Digest);
    Out.number(From.Size);
    Out.number(static_cast<uint64_t>(From.ModifiedNanoseconds));
  }
  return framed(FilesMagic, Out.Out);
}

// The files a PCH was built from, while every one of them is unchanged.
std::optional<std::vector<FileRead>> unchangedFiles(llvm::StringRef ListPath) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(ListPath, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  std::optional<llvm::StringRef> Payload = unframed(FilesMagic, (*Buffer)->getBuffer());
  if (!Payload)
    return std::nullopt;
  FieldReader In(*Payload);
  size_t Count;
  if (!In.count(Count) || Count == 0)
    return std::nullopt;
  std::vector<FileRead> Files(Count);
  for (FileRead &File : Files) {
    uint64_t Size, Modified;
    if (!In.text(File.Path) || !In.text(File.Digest) || !In.number(Size) || !In.number(Modified))
      return std::nullopt;
    std::optional<BuiltFrom> Now = statusOf(File);
    if (!Now || Now->Size != Size || static_cast<uint64_t>(Now->ModifiedNanoseconds) != Modified)
      return std::nullopt;
  }
  if (!In.atEnd())
    return std::nullopt;
  return Files;
}

// GeneratePCHAction, remembering which files it read. Its headers see
// nvcc's macros as the unit's analysis shows them.
class RecordingPCHAction : public GeneratePCHAction {
public:
  explicit RecordingPCHAction(std::vector<FileRead> &Files) : Files(Files) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 llvm::StringRef InFile) override {
    Compiler.getPreprocessor().addPPCallbacks(nvccMacrosInUserCode(Compiler.getPreprocessor()));
    return GeneratePCHAction::CreateASTConsumer(Compiler, InFile);
  }
  void EndSourceFileAction() override {
    Files = filesRead(getCompilerInstance().getSourceManager());
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::vector<FileRead> &Files;
};

bool writeAtomically(llvm::StringRef Path, llvm::function_ref<bool(llvm::StringRef)> Write) {
  llvm::SmallString<256> Temporary;
  int Descriptor;
  if (llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", Descriptor, Temporary))
    return false;
  llvm::sys::Process::SafelyCloseFileDescriptor(Descriptor);
  if (!Write(Temporary) || llvm::sys::fs::rename(Temporary, Path)) {
    llvm::sys::fs::remove(Temporary);
    return false;
  }
  return true;
}

// Writes beside a PCH the files it was built from, with their sizes and
// modification times as they are now.
bool recordBuiltFrom(const std::vector<FileRead> &Files, llvm::StringRef ListPath) {
  std::vector<BuiltFrom> Recorded;
  for (const FileRead &File : Files) {
    std::optional<BuiltFrom> Status = statusOf(File);
    if (!Status)
      return false;
    Recorded.push_back(std::move(*Status));
  }
  return writeAtomically(ListPath, [&](llvm::StringRef Temporary) {
    std::error_code Error;
    llvm::raw_fd_ostream OS(Temporary, Error, llvm::sys::fs::OF_None);
    if (Error)
      return false;
    OS << encodeFiles(Recorded);
    OS.close();
    bool Written = !OS.has_error();
    OS.clear_error();
    return Written;
  });
}

// Runs `Prefix`, set up to write a PCH to `Temporary`, and records the files
// it read. A prefix with an error is never kept: a unit loading it would not
// see the error again.
bool generatePch(std::shared_ptr<CompilerInvocation> Prefix, llvm::StringRef Temporary,
                 llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                 std::shared_ptr<PCHContainerOperations> PCHOperations,
                 std::vector<FileRead> &Files) {
  Prefix->getFrontendOpts().OutputFile = Temporary.str();
  Prefix->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
  Prefix->getDiagnosticOpts().VerifyDiagnostics = false;
  Prefix->getDependencyOutputOpts() = DependencyOutputOptions();
  CompilerInstance Compiler(Prefix, PCHOperations);
  Compiler.setVirtualFileSystem(FileSystem);
  Compiler.createDiagnostics(new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
  Compiler.createFileManager();
  RecordingPCHAction Action(Files);
  return Compiler.ExecuteAction(Action) && !Compiler.getDiagnostics().hasErrorOccurred() &&
         !Files.empty();
}

// The PCH of the unit's forced includes: its main file is empty.
bool buildPreamble(const CompilerInvocation &Invocation, llvm::StringRef PchPath,
                   llvm::StringRef ListPath,
                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                   std::shared_ptr<PCHContainerOperations> PCHOperations) {
  std::vector<FileRead> Files;
  bool Built = writeAtomically(PchPath, [&](llvm::StringRef Temporary) {
    auto Prefix = std::make_shared<CompilerInvocation>(Invocation);
    FrontendOptions &Frontend = Prefix->getFrontendOpts();
    InputKind Kind = Frontend.Inputs.front().getKind();
    static const char *const EmptyName = "<cudalint-preamble>";
    std::unique_ptr<llvm::MemoryBuffer> Empty = llvm::MemoryBuffer::getMemBuffer("", EmptyName);
    Frontend.Inputs = {FrontendInputFile(Empty->getMemBufferRef(), Kind)};
    return generatePch(std::move(Prefix), Temporary, FileSystem, PCHOperations, Files);
  });
  return Built && recordBuiltFrom(Files, ListPath);
}

// The PCH of the first `Bounds.Size` bytes of the main file (its #include
// lines and the comments around them) after its forced includes, built as
// clang's PrecompiledPreamble builds clangd's: the main file stands for
// those bytes alone, and the preprocessor records the conditional stack
// they leave open.
bool buildUnitPreamble(const CompilerInvocation &Invocation, llvm::StringRef MainFileText,
                       PreambleBounds Bounds, llvm::StringRef PchPath, llvm::StringRef ListPath,
                       llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                       std::shared_ptr<PCHContainerOperations> PCHOperations) {
  std::vector<FileRead> Files;
  std::string MainFile = Invocation.getFrontendOpts().Inputs.front().getFile().str();
  bool Built = writeAtomically(PchPath, [&](llvm::StringRef Temporary) {
    auto Prefix = std::make_shared<CompilerInvocation>(Invocation);
    PreprocessorOptions &Preprocessor = Prefix->getPreprocessorOpts();
    Preprocessor.PrecompiledPreambleBytes = {0, false};
    Preprocessor.GeneratePreamble = true;
    Preprocessor.RetainRemappedFileBuffers = false;
    Preprocessor.addRemappedFile(MainFile, llvm::MemoryBuffer::getMemBufferCopy(
                                               MainFileText.take_front(Bounds.Size), MainFile)
                                               .release());
    return generatePch(std::move(Prefix), Temporary, FileSystem, PCHOperations, Files);
  });
  if (!Built)
    return false;
  // The main file is checked by its bytes, which are in the key.
  llvm::SmallString<256> MainReal;
  if (!FileSystem->getRealPath(MainFile, MainReal))
    llvm::erase_if(Files, [&](const FileRead &File) { return File.Path == MainReal; });
  return recordBuiltFrom(Files, ListPath);
}

// The PCH named `FileName` in `Directory` while every file it was built from
// is unchanged; otherwise built by `Build` first, by one worker while the
// others wait for it.
std::optional<PreambleUse>
builtOnce(llvm::StringRef Directory, llvm::StringRef FileName,
          llvm::function_ref<bool(llvm::StringRef PchPath, llvm::StringRef ListPath)> Build) {
  llvm::SmallString<256> PchPath(Directory);
  llvm::sys::path::append(PchPath, FileName);
  std::string ListPath = (PchPath + ".files").str();
  auto Ready = [&]() -> std::optional<PreambleUse> {
    if (!llvm::sys::fs::exists(PchPath))
      return std::nullopt;
    std::optional<std::vector<FileRead>> Files = unchangedFiles(ListPath);
    if (!Files)
      return std::nullopt;
    return PreambleUse{std::string(PchPath), std::move(*Files)};
  };
  if (std::optional<PreambleUse> Existing = Ready())
    return Existing;
  if (llvm::sys::fs::create_directories(Directory))
    return std::nullopt;
  llvm::LockFileManager Lock(PchPath);
  llvm::Expected<bool> Owned = Lock.tryLock();
  if (!Owned) {
    llvm::consumeError(Owned.takeError());
    return std::nullopt;
  }
  if (!*Owned) {
    if (Lock.waitForUnlockFor(LockPatience) != llvm::WaitForUnlockResult::Success)
      return std::nullopt;
    return Ready();
  }
  if (std::optional<PreambleUse> Existing = Ready()) // built while we took the lock
    return Existing;
  // Which unit builds it depends on when the units ran; the unit then loads
  // it as every other one does (AnalysisThread.h).
  bool Built = false;
  apartFromAnalysisMemory([&] { Built = Build(PchPath, ListPath); });
  if (!Built)
    return std::nullopt;
  return Ready();
}

} // namespace

std::optional<PreambleUse> preambleFor(const CompilerInvocation &Invocation,
                                       llvm::StringRef WorkingDirectory, llvm::StringRef Directory,
                                       llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                                       std::shared_ptr<PCHContainerOperations> PCHOperations) {
  const PreprocessorOptions &Preprocessor = Invocation.getPreprocessorOpts();
  const FrontendOptions &Frontend = Invocation.getFrontendOpts();
  // Only a prefix made of forced includes alone is the same for every unit.
  if (Directory.empty() || Preprocessor.Includes.empty() || !Preprocessor.MacroIncludes.empty() ||
      !Preprocessor.ImplicitPCHInclude.empty() || Frontend.Inputs.size() != 1 ||
      !Frontend.Inputs.front().isFile())
    return std::nullopt;
  return builtOnce(Directory, preambleKey(Invocation, WorkingDirectory) + ".pch",
                   [&](llvm::StringRef PchPath, llvm::StringRef ListPath) {
                     return buildPreamble(Invocation, PchPath, ListPath, FileSystem, PCHOperations);
                   });
}

std::optional<PreambleUse>
unitPreambleFor(const clang::CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory,
                llvm::StringRef Directory,
                llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                std::shared_ptr<clang::PCHContainerOperations> PCHOperations) {
  const PreprocessorOptions &Preprocessor = Invocation.getPreprocessorOpts();
  const FrontendOptions &Frontend = Invocation.getFrontendOpts();
  if (Directory.empty() || !Preprocessor.ImplicitPCHInclude.empty() ||
      Frontend.Inputs.size() != 1 || !Frontend.Inputs.front().isFile() ||
      Frontend.Inputs.front().getKind().getFormat() != InputKind::Source)
    return std::nullopt;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> MainFile =
      FileSystem->getBufferForFile(Frontend.Inputs.front().getFile());
  if (!MainFile)
    return std::nullopt;
  llvm::StringRef Text = (*MainFile)->getBuffer();
  PreambleBounds Bounds = Lexer::ComputePreamble(Text, Invocation.getLangOpts());
  // Nothing to precompile but comments: the shared PCH serves.
  if (Text.take_front(Bounds.Size).find('#') == llvm::StringRef::npos)
    return std::nullopt;
  std::string Key = preambleKey(Invocation, WorkingDirectory, Text.take_front(Bounds.Size),
                                Bounds.PreambleEndsAtStartOfLine);
  std::optional<PreambleUse> Use =
      builtOnce(Directory, Key + UnitPreambleSuffix.str(),
                [&](llvm::StringRef PchPath, llvm::StringRef ListPath) {
                  return buildUnitPreamble(Invocation, Text, Bounds, PchPath, ListPath, FileSystem,
                                           PCHOperations);
                });
  if (!Use)
    return std::nullopt;
  Use->MainFileBytes = Bounds.Size;
  Use->EndsAtStartOfLine = Bounds.PreambleEndsAtStartOfLine;
  // Used now: the last to go when the directory is pruned.
  int Descriptor;
  if (!llvm::sys::fs::openFileForWrite(Use->PchPath, Descriptor, llvm::sys::fs::CD_OpenExisting,
                                       llvm::sys::fs::OF_Append)) {
    llvm::sys::fs::setLastAccessAndModificationTime(Descriptor,
                                                    llvm::sys::toTimePoint(std::time(nullptr)));
    llvm::sys::Process::SafelyCloseFileDescriptor(Descriptor);
  }
  return Use;
}

void usePreamble(CompilerInvocation &Invocation, const PreambleUse &Preamble) {
  PreprocessorOptions &Preprocessor = Invocation.getPreprocessorOpts();
  // Clang skips the forced includes the PCH already holds.
  Preprocessor.ImplicitPCHInclude = Preamble.PchPath;
  if (Preamble.MainFileBytes == 0)
    return;
  // As clangd loads a preamble: the preprocessor starts the main file after
  // the bytes the PCH holds. The PCH's key is the whole command and its
  // files are checked above, so clang need not compare them again; the
  // predefined macros come from the PCH.
  Preprocessor.PrecompiledPreambleBytes = {Preamble.MainFileBytes, Preamble.EndsAtStartOfLine};
  Preprocessor.DisablePCHOrModuleValidation = DisableValidationForModuleKind::PCH;
  Preprocessor.UsePredefines = false;
}

void prunePreambles(llvm::StringRef Directory, uint64_t BudgetBytes) {
  struct Entry {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code Error;
  for (llvm::sys::fs::directory_iterator It(Directory, Error), End; It != End && !Error;
       It.increment(Error)) {
    if (!llvm::StringRef(It->path()).ends_with(UnitPreambleSuffix))
      continue;
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(It->path(), Status))
      continue;
    Entries.push_back({It->path(), Status.getSize(), Status.getLastModificationTime()});
    Total += Status.getSize();
  }
  if (Total <= BudgetBytes)
    return;
  llvm::sort(Entries, [](const Entry &A, const Entry &B) {
    return std::tie(A.Used, A.Path) < std::tie(B.Used, B.Path);
  });
  auto Recently = std::chrono::system_clock::now() - PruneGrace;
  for (const Entry &Oldest : Entries) {
    if (Total <= BudgetBytes || Oldest.Used > Recently)
      break;
    llvm::sys::fs::remove(Oldest.Path + ".files");
    llvm::sys::fs::remove(Oldest.Path);
    Total -= Oldest.Size;
  }
}

} // namespace cudalint
