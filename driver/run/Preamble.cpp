#include "run/Preamble.h"

#include "run/OutcomeEncoding.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
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
// Long enough for the slowest toolkit to precompile on a loaded machine;
// a unit that waits longer parses its headers itself.
constexpr std::chrono::seconds LockPatience(300);

struct BuiltFrom {
  FileRead File;
  uint64_t Size = 0;
  int64_t ModifiedNanoseconds = 0;
};

// The key of a unit's preamble: its -cc1 command with everything that names
// or concerns the main file, its output or -verify cleared.
std::string preambleKey(const CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory) {
  CompilerInvocation Common(Invocation);
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
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer = llvm::MemoryBuffer::getFile(
      ListPath, /*IsText=*/false, /*RequiresNullTerminator=*/false);
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
    if (!In.text(File.Path) || !In.text(File.Digest) || !In.number(Size) ||
        !In.number(Modified))
      return std::nullopt;
    std::optional<BuiltFrom> Now = statusOf(File);
    if (!Now || Now->Size != Size || static_cast<uint64_t>(Now->ModifiedNanoseconds) != Modified)
      return std::nullopt;
  }
  if (!In.atEnd())
    return std::nullopt;
  return Files;
}

// GeneratePCHAction, remembering which files it read.
class RecordingPCHAction : public GeneratePCHAction {
public:
  explicit RecordingPCHAction(std::vector<FileRead> &Files) : Files(Files) {}
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

bool buildPreamble(const CompilerInvocation &Invocation, llvm::StringRef PchPath,
                   llvm::StringRef ListPath,
                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
                   std::shared_ptr<PCHContainerOperations> PCHOperations) {
  std::vector<FileRead> Files;
  bool Built = writeAtomically(PchPath, [&](llvm::StringRef Temporary) {
    auto Prefix = std::make_shared<CompilerInvocation>(Invocation);
    FrontendOptions &Frontend = Prefix->getFrontendOpts();
    InputKind Kind = Frontend.Inputs.front().getKind();
    // The unit's forced includes are the whole of the precompiled prefix: its
    // main file is empty.
    static const char *const EmptyName = "<cudalint-preamble>";
    std::unique_ptr<llvm::MemoryBuffer> Empty = llvm::MemoryBuffer::getMemBuffer("", EmptyName);
    Frontend.Inputs = {FrontendInputFile(Empty->getMemBufferRef(), Kind)};
    Frontend.OutputFile = Temporary.str();
    Frontend.ProgramAction = frontend::GeneratePCH;
    Prefix->getDiagnosticOpts().VerifyDiagnostics = false;
    Prefix->getDependencyOutputOpts() = DependencyOutputOptions();
    CompilerInstance Compiler(Prefix, PCHOperations);
    Compiler.setVirtualFileSystem(FileSystem);
    Compiler.createDiagnostics(new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
    Compiler.createFileManager();
    RecordingPCHAction Action(Files);
    return Compiler.ExecuteAction(Action) && !Compiler.getDiagnostics().hasErrorOccurred() &&
           !Files.empty();
  });
  if (!Built)
    return false;
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

} // namespace

std::optional<PreambleUse>
preambleFor(const CompilerInvocation &Invocation, llvm::StringRef WorkingDirectory,
            llvm::StringRef Directory, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem,
            std::shared_ptr<PCHContainerOperations> PCHOperations) {
  const PreprocessorOptions &Preprocessor = Invocation.getPreprocessorOpts();
  const FrontendOptions &Frontend = Invocation.getFrontendOpts();
  // Only a prefix made of forced includes alone is the same for every unit.
  if (Directory.empty() || Preprocessor.Includes.empty() || !Preprocessor.MacroIncludes.empty() ||
      !Preprocessor.ImplicitPCHInclude.empty() || Frontend.Inputs.size() != 1 ||
      !Frontend.Inputs.front().isFile())
    return std::nullopt;
  std::string Key = preambleKey(Invocation, WorkingDirectory);
  llvm::SmallString<256> PchPath(Directory);
  llvm::sys::path::append(PchPath, Key + ".pch");
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
  // One worker builds it; the others wait for it rather than build it too.
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
  if (!buildPreamble(Invocation, PchPath, ListPath, FileSystem, PCHOperations))
    return std::nullopt;
  return Ready();
}

void usePreamble(CompilerInvocation &Invocation, const PreambleUse &Preamble) {
  // Clang skips the forced includes the PCH already holds.
  Invocation.getPreprocessorOpts().ImplicitPCHInclude = Preamble.PchPath;
}

} // namespace cudalint
