// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/ClangdProxy.h"

#include "frontends/lsp/EditorAnalyses.h"
#include "frontends/lsp/EditorChannel.h"
#include "frontends/lsp/LspTransport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace cudalint {

namespace {

using namespace lsp_error;
constexpr int RequestCancelled = -32800;

std::string realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

// The real clangd, started with pipes for its stdin and stdout; its stderr is
// ours, which editors keep as the server's log.
class ClangdProcess {
public:
  static std::unique_ptr<ClangdProcess>
  start(const std::string &Path, const std::vector<std::string> &Arguments, std::string &Why) {
    int ToClangd[2], FromClangd[2];
    if (::pipe2(ToClangd, O_CLOEXEC) != 0) {
      Why = std::strerror(errno);
      return nullptr;
    }
    if (::pipe2(FromClangd, O_CLOEXEC) != 0) {
      Why = std::strerror(errno);
      ::close(ToClangd[0]);
      ::close(ToClangd[1]);
      return nullptr;
    }
    posix_spawn_file_actions_t Actions;
    posix_spawn_file_actions_init(&Actions);
    posix_spawn_file_actions_adddup2(&Actions, ToClangd[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&Actions, FromClangd[1], STDOUT_FILENO);
    std::vector<char *> Argv;
    std::vector<std::string> Owned{Path};
    llvm::append_range(Owned, Arguments);
    for (std::string &Argument : Owned)
      Argv.push_back(Argument.data());
    Argv.push_back(nullptr);
    pid_t Pid;
    int Error = posix_spawn(&Pid, Path.c_str(), &Actions, nullptr, Argv.data(), environ);
    posix_spawn_file_actions_destroy(&Actions);
    ::close(ToClangd[0]);
    ::close(FromClangd[1]);
    if (Error != 0) {
      Why = std::strerror(Error);
      ::close(ToClangd[1]);
      ::close(FromClangd[0]);
      return nullptr;
    }
    auto Process = std::make_unique<ClangdProcess>();
    Process->Pid = Pid;
    Process->Input = ::fdopen(ToClangd[1], "wb");
    Process->Output = FromClangd[0];
    return Process;
  }

  ~ClangdProcess() {
    closeInput();
    if (Output >= 0)
      ::close(Output);
    if (!Killed && !exitedWithin(std::chrono::milliseconds(0)))
      kill();
  }

  // Whether it exited within `Patience` (it is then reaped).
  bool exitedWithin(std::chrono::milliseconds Patience) {
    if (Reaped || Pid <= 0)
      return true;
    auto Deadline = std::chrono::steady_clock::now() + Patience;
    while (true) {
      pid_t Done = ::waitpid(Pid, nullptr, WNOHANG);
      if (Done == Pid || Done < 0) {
        Reaped = true;
        return true;
      }
      if (std::chrono::steady_clock::now() >= Deadline)
        return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  // Killed, and reaped if it dies at once. Its death is not waited for:
  // a killed process frees its memory from the thread that took the
  // signal, and clangd's indexing threads run at idle priority, so on a
  // loaded machine that can take half a minute. Once the proxy has ended,
  // the system reaps it.
  void kill() {
    ::kill(Pid, SIGKILL);
    Killed = true;
    exitedWithin(std::chrono::milliseconds(100));
  }

  void closeInput() {
    if (Input) {
      std::fclose(Input);
      Input = nullptr;
    }
  }

  pid_t Pid = -1;
  bool Reaped = false;
  bool Killed = false;
  std::FILE *Input = nullptr; // clangd's stdin
  int Output = -1;            // clangd's stdout
};

// The diagnostics of one document as each server last published them.
struct PublishedDiagnostics {
  llvm::json::Array Clangd;
  std::optional<int64_t> ClangdVersion;
  llvm::json::Array Cudalint;
  std::optional<int64_t> CudalintVersion;
};

// A codeAction the editor asked clangd, and cudalint's answer to add to
// clangd's.
struct PendingCodeAction {
  llvm::json::Array Fixes;
};

std::string idKey(const llvm::json::Value &Id) {
  std::string Key;
  llvm::raw_string_ostream(Key) << Id;
  return Key;
}

class ClangdProxy : public EditorChannel {
public:
  ClangdProxy(const ClangdProxyOptions &Options, LspWriter &Editor, LspWriter &Clangd)
      : EditorChannel(Editor), Clangd(Clangd), Analyses(Options.Server, *this) {}

  // One message of the editor's; false once it sent `exit`.
  bool fromEditor(const IncomingMessage &Message) {
    if (Message.What == IncomingMessage::Kind::Malformed && Message.Body.empty()) {
      // Framed wrongly: nothing whole to pass on.
      log(MessageType::Error, "cannot read a message: " + Message.Problem);
      replyError(nullptr, ParseError, Message.Problem);
      return true;
    }
    const llvm::json::Object *Fields =
        Message.What == IncomingMessage::Kind::Message ? Message.Value.getAsObject() : nullptr;
    if (!Fields) {
      toClangd(Message.Body, nullptr); // clangd answers what it makes of it
      return true;
    }
    if (isAnswerToOurs(*Fields))
      return true;
    std::optional<llvm::StringRef> Method = Fields->getString("method");
    const llvm::json::Value *Id = Fields->get("id");
    const llvm::json::Value *ParamsValue = Fields->get("params");
    const llvm::json::Object *Params = ParamsValue ? ParamsValue->getAsObject() : nullptr;
    if (Method) {
      if (*Method == "initialize") {
        readClientCapabilities(Params);
        if (Id) {
          std::lock_guard<std::mutex> Lock(Mutex);
          InitializeId = idKey(*Id);
        }
      } else if (*Method == "workspace/executeCommand" && Id && executeCommand(*Id, Params))
        return true; // cudalint's own command: clangd does not know it
      else if (*Method == "shutdown")
        ShutdownRequested = true;
      else if (*Method == "exit")
        return false;
      else if (!Id)
        updateDocuments(*Method, Params, Analyses);
      else if (*Method == "textDocument/codeAction")
        rememberCodeAction(*Id, Params);
    }
    toClangd(Message.Body, Method && Id ? Fields : nullptr);
    return true;
  }

  // One message of clangd's.
  void fromClangd(const IncomingMessage &Message) {
    const llvm::json::Object *Fields =
        Message.What == IncomingMessage::Kind::Message ? Message.Value.getAsObject() : nullptr;
    if (Fields) {
      std::optional<llvm::StringRef> Method = Fields->getString("method");
      if (Method && *Method == "textDocument/publishDiagnostics" &&
          clangdPublished(Fields->getObject("params")))
        return;
      if (!Method && Fields->get("id") && (answerCodeAction(*Fields) || answerInitialize(*Fields)))
        return;
    }
    if (!Message.Body.empty())
      Editor.sendBody(Message.Body);
  }

  // clangd's stdout ended: it exited or crashed.
  void clangdGone(bool Expected) {
    std::map<std::string, PendingCodeAction> Unanswered;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      ClangdAlive = false;
      Unanswered = std::move(PendingCodeActions);
      PendingCodeActions.clear();
    }
    if (Expected)
      return;
    show(MessageType::Error, "cudalint: clangd exited; cudalint's CUDA findings go on, "
                             "clangd's features are gone until the editor restarts it");
    for (auto &[Key, Pending] : Unanswered) {
      llvm::Expected<llvm::json::Value> Id = llvm::json::parse(Key);
      if (Id)
        reply(*Id, std::move(Pending.Fixes));
      else
        llvm::consumeError(Id.takeError());
    }
  }

  void publish(const std::string &Uri, int64_t Version,
               const std::vector<Finding> &Findings) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    PublishedDiagnostics &Both = Published[Uri];
    Both.Cudalint = diagnosticsOf(Findings);
    Both.CudalintVersion = Version;
    sendMergedLocked(Uri, Both);
  }

  void closed(const std::string &Uri) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    Published.erase(Uri);
    // clangd clears its own; this clears cudalint's should clangd not.
    notify("textDocument/publishDiagnostics",
           llvm::json::Object{{"uri", Uri}, {"diagnostics", llvm::json::Array()}});
  }

  int exitCode() const { return ShutdownRequested ? 0 : 1; }

private:
  // Passes the editor's message to clangd; when clangd has gone, answers a
  // request itself.
  void toClangd(llvm::StringRef Body, const llvm::json::Object *Request) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (ClangdAlive) {
        Clangd.sendBody(Body);
        return;
      }
    }
    if (!Request)
      return;
    const llvm::json::Value &Id = *Request->get("id");
    llvm::StringRef Method = *Request->getString("method");
    if (Method == "shutdown")
      return reply(Id, nullptr);
    if (Method == "textDocument/codeAction") {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = PendingCodeActions.find(idKey(Id));
      llvm::json::Array Fixes;
      if (It != PendingCodeActions.end()) {
        Fixes = std::move(It->second.Fixes);
        PendingCodeActions.erase(It);
      }
      return reply(Id, std::move(Fixes));
    }
    replyError(Id, RequestFailed, "clangd has exited; only cudalint's findings are served");
  }

  void rememberCodeAction(const llvm::json::Value &Id, const llvm::json::Object *Params) {
    std::optional<DocumentName> Name = documentOf(Params, "textDocument/codeAction");
    const llvm::json::Object *Range = Params ? Params->getObject("range") : nullptr;
    if (!Name || !Range)
      return; // clangd answers it as it sees fit
    llvm::json::Array Fixes = fixesAt(Analyses.currentFindings(Name->Uri), *Range);
    if (Fixes.empty())
      return;
    std::lock_guard<std::mutex> Lock(Mutex);
    PendingCodeActions[idKey(Id)] = PendingCodeAction{std::move(Fixes)};
  }

  // clangd's answer to a codeAction with cudalint's fixes added; false when
  // the message answers another request.
  bool answerCodeAction(const llvm::json::Object &Answer) {
    PendingCodeAction Pending;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = PendingCodeActions.find(idKey(*Answer.get("id")));
      if (It == PendingCodeActions.end())
        return false;
      Pending = std::move(It->second);
      PendingCodeActions.erase(It);
    }
    const llvm::json::Value &Id = *Answer.get("id");
    if (const llvm::json::Object *Error = Answer.getObject("error")) {
      // A cancelled request stays cancelled; any other failure of clangd's
      // still leaves cudalint's fixes to offer.
      if (Error->getInteger("code") == RequestCancelled) {
        Editor.send(llvm::json::Object(Answer));
        return true;
      }
      reply(Id, std::move(Pending.Fixes));
      return true;
    }
    llvm::json::Array Merged;
    if (const llvm::json::Array *Theirs = Answer.getArray("result"))
      Merged = *Theirs;
    for (llvm::json::Value &Fix : Pending.Fixes)
      Merged.push_back(std::move(Fix));
    reply(Id, std::move(Merged));
    return true;
  }

  // clangd's answer to initialize, with cudalint's command added to the
  // ones it executes: editors call only the commands a server declares.
  // False when the message answers another request.
  bool answerInitialize(const llvm::json::Object &Answer) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (!InitializeId || *InitializeId != idKey(*Answer.get("id")))
        return false;
      InitializeId.reset();
    }
    llvm::json::Object Declared(Answer);
    llvm::json::Object *Result = Declared.getObject("result");
    llvm::json::Object *Capabilities = Result ? Result->getObject("capabilities") : nullptr;
    if (!Capabilities)
      return false; // an error: it passes as it is
    llvm::json::Value &Provider = (*Capabilities)["executeCommandProvider"];
    if (!Provider.getAsObject())
      Provider = llvm::json::Object{};
    llvm::json::Value &Commands = (*Provider.getAsObject())["commands"];
    if (!Commands.getAsArray())
      Commands = llvm::json::Array{};
    Commands.getAsArray()->push_back(ApplyFixCommand);
    Editor.send(std::move(Declared));
    return true;
  }

  // False when clangd's message is not one to merge into (it then passes
  // as it is).
  bool clangdPublished(const llvm::json::Object *Params) {
    std::optional<llvm::StringRef> Uri = Params ? Params->getString("uri") : std::nullopt;
    const llvm::json::Array *Diagnostics = Params ? Params->getArray("diagnostics") : nullptr;
    if (!Uri || !Diagnostics)
      return false;
    std::lock_guard<std::mutex> Lock(Mutex);
    PublishedDiagnostics &Both = Published[Uri->str()];
    Both.Clangd = *Diagnostics;
    Both.ClangdVersion = Params->getInteger("version");
    sendMergedLocked(Uri->str(), Both);
    return true;
  }

  // clangd's diagnostics, then cudalint's: each server's latest. The version
  // is the newer of the two, the oldest the document can be at.
  void sendMergedLocked(const std::string &Uri, const PublishedDiagnostics &Both) {
    llvm::json::Array Diagnostics = Both.Clangd;
    for (const llvm::json::Value &Ours : Both.Cudalint)
      Diagnostics.push_back(Ours);
    llvm::json::Object Params{{"uri", Uri}, {"diagnostics", std::move(Diagnostics)}};
    std::optional<int64_t> Version = Both.ClangdVersion;
    if (Both.CudalintVersion && (!Version || *Both.CudalintVersion > *Version))
      Version = Both.CudalintVersion;
    if (Version)
      Params["version"] = *Version;
    notify("textDocument/publishDiagnostics", std::move(Params));
  }

  LspWriter &Clangd;
  bool ShutdownRequested = false; // the editor thread's

  std::mutex Mutex; // guards what follows
  bool ClangdAlive = true;
  std::map<std::string, PublishedDiagnostics> Published;       // by URI
  std::map<std::string, PendingCodeAction> PendingCodeActions; // by request id
  std::optional<std::string> InitializeId;                     // until clangd answers it

  EditorAnalyses Analyses; // last: its thread reports to everything above
};

} // namespace

std::optional<std::string> findClangd(llvm::StringRef Given, llvm::StringRef OwnExecutable,
                                      std::string &Why) {
  std::string Own = realPathOf(OwnExecutable);
  if (!Given.empty()) {
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Given);
    if (!Found) {
      Why = "--clangd-path '" + Given.str() + "' is not an executable";
      return std::nullopt;
    }
    if (realPathOf(*Found) == Own) {
      Why = "--clangd-path '" + Given.str() + "' is cudalint itself";
      return std::nullopt;
    }
    return *Found;
  }
  // cudalint's own LLVM's clangd first: an older one cannot read the
  // headers of the toolkits cudalint supports (clangd 14 and 19 fail on
  // CUDA 13's).
  for (llvm::StringRef Name : {"clangd-22", "clangd"}) {
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Name);
    if (Found && realPathOf(*Found) != Own)
      return *Found;
  }
  Why = "no clangd on PATH (looked for clangd-22 and clangd; --clangd-path names one)";
  return std::nullopt;
}

bool clangdRunsAlone(llvm::ArrayRef<std::string> ClangdArguments) {
  return llvm::any_of(ClangdArguments, [](llvm::StringRef Argument) {
    Argument = Argument.ltrim('-');
    return Argument == "version" || Argument == "help" || Argument == "help-hidden" ||
           Argument == "help-list" || Argument == "check" || Argument.starts_with("check=");
  });
}

int runClangdProxy(const ClangdProxyOptions &Options) {
  std::string Why;
  std::optional<std::string> Clangd = findClangd(Options.ClangdPath, Options.OwnExecutable, Why);
  std::unique_ptr<ClangdProcess> Process;
  if (Clangd) {
    Process = ClangdProcess::start(*Clangd, Options.ClangdArguments, Why);
    if (!Process)
      Why = "cannot start '" + *Clangd + "': " + Why;
  }
  if (!Process) {
    llvm::errs() << "cudalint: " << Why << "; serving cudalint's findings alone\n";
    return runLanguageServerOnStdio(Options.Server,
                                    "cudalint: " + Why +
                                        ". cudalint serves its CUDA findings alone, without "
                                        "clangd's completion, navigation and diagnostics.");
  }
  std::FILE *Protocol = takeStdoutForProtocol();
  if (!Protocol)
    return 2;
  // A server that has gone (clangd, or the editor) must not take the proxy
  // down with a signal: a failed write says it.
  std::signal(SIGPIPE, SIG_IGN);
  LspWriter ToEditor(Protocol), ToClangd(Process->Input);
  int Code;
  {
    ClangdProxy Proxy(Options, ToEditor, ToClangd);
    std::atomic<bool> ExitSent{false};
    LspReader Reader(Process->Output);
    std::thread FromClangd([&] {
      while (true) {
        IncomingMessage Message = Reader.next();
        if (Message.What == IncomingMessage::Kind::End)
          break;
        Proxy.fromClangd(Message);
      }
      Proxy.clangdGone(ExitSent);
    });
    LspReader FromEditor(stdin);
    bool EditorSentExit = false;
    while (true) {
      IncomingMessage Message = FromEditor.next();
      if (Message.What == IncomingMessage::Kind::End)
        break;
      if (!Proxy.fromEditor(Message)) {
        EditorSentExit = true;
        ExitSent = true;
        ToClangd.sendBody(Message.Body);
        break;
      }
    }
    if (!EditorSentExit)
      ExitSent = true; // the editor went away: clangd sees its stdin end
    // clangd ends on `exit` or on the end of its input; after a moment it is
    // stopped, and what it still writes is not read.
    Process->closeInput();
    if (!Process->exitedWithin(std::chrono::seconds(5))) {
      llvm::errs() << "cudalint: clangd had not exited 5 s after the editor asked; it was killed\n";
      Process->kill();
      Reader.stop();
    }
    FromClangd.join();
    Code = EditorSentExit ? Proxy.exitCode() : 1;
  }
  std::fclose(Protocol);
  return Code;
}

} // namespace cudalint
