#include "lsp/LanguageServer.h"

#include "run/Analysis.h"
#include "database/CompileDatabase.h"
#include "lsp/LspProtocol.h"
#include "lsp/LspTransport.h"
#include "config/UnitConfig.h"
#include "report/Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace cudalint {

namespace {

// JSON-RPC's and the protocol's error codes.
constexpr int ParseError = -32700;
constexpr int InvalidRequest = -32600;
constexpr int MethodNotFound = -32601;
constexpr int InvalidParams = -32602;
constexpr int ServerNotInitialized = -32002;

enum class MessageType { Error = 1, Warning = 2, Info = 3, Log = 4 };

std::string withoutDots(llvm::StringRef Path) {
  llvm::SmallString<256> Result(Path);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

// clangd's lookup: compile_commands.json in the file's directory or a parent,
// or in a build/ subdirectory of one of them.
std::optional<std::string> findCompileDatabaseForEditor(llvm::StringRef File) {
  for (llvm::StringRef Directory = llvm::sys::path::parent_path(File); !Directory.empty();
       Directory = llvm::sys::path::parent_path(Directory)) {
    for (llvm::StringRef Under : {"", "build"}) {
      llvm::SmallString<256> Candidate(Directory);
      llvm::sys::path::append(Candidate, Under, "compile_commands.json");
      if (llvm::sys::fs::is_regular_file(Candidate))
        return std::string(Candidate);
    }
  }
  return std::nullopt;
}

struct Document {
  std::string Path;
  std::string Text;
  int64_t Version = 0;
  // The text the last analysis read and what it found there; quick fixes are
  // offered only while the buffer still holds that text.
  std::optional<std::string> AnalysedText;
  std::vector<Finding> Findings;
};

// What the analysis of one buffer has to tell the editor besides findings.
struct LogLine {
  MessageType Type;
  std::string Message;
};

struct BufferAnalysis {
  std::vector<Finding> Findings;
  std::vector<LogLine> Log;
};

class LanguageServer {
public:
  LanguageServer(const LanguageServerOptions &Options, LspWriter &Out)
      : Options(Options), Out(Out), Worker([this] { analyseQueued(); }) {}

  ~LanguageServer() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
      Queue.clear();
    }
    Wake.notify_all();
    Worker.join();
  }

  // Handles one message; false once the client sent `exit`.
  bool handle(const llvm::json::Value &Message) {
    const llvm::json::Object *Fields = Message.getAsObject();
    if (!Fields) {
      replyError(nullptr, InvalidRequest, "a message must be a JSON object");
      return true;
    }
    const llvm::json::Value *Id = Fields->get("id");
    std::optional<llvm::StringRef> Method = Fields->getString("method");
    if (Id && !Id->getAsInteger() && !Id->getAsString()) {
      replyError(nullptr, InvalidRequest, "a request id must be a number or a string");
      return true;
    }
    if (!Method) {
      // A response to a request of ours (we send none), or nonsense.
      if (!Id || (!Fields->get("result") && !Fields->get("error")))
        replyError(Id ? *Id : nullptr, InvalidRequest, "a message without a method");
      return true;
    }
    const llvm::json::Value *ParamsValue = Fields->get("params");
    const llvm::json::Object *Params = ParamsValue ? ParamsValue->getAsObject() : nullptr;
    if (Id) {
      onRequest(*Method, *Id, Params);
      return true;
    }
    if (*Method == "exit")
      return false;
    onNotification(*Method, Params);
    return true;
  }

  void malformed(const std::string &Problem) {
    log(MessageType::Error, "cannot read a message: " + Problem);
    replyError(nullptr, ParseError, Problem);
  }

  int exitCode() const { return ShutdownRequested ? 0 : 1; }

private:
  void onRequest(llvm::StringRef Method, const llvm::json::Value &Id,
                 const llvm::json::Object *Params) {
    if (Method == "initialize") {
      if (Initialized)
        return replyError(Id, InvalidRequest, "initialize was already sent");
      Initialized = true;
      return reply(Id, initializeResult());
    }
    if (!Initialized)
      return replyError(Id, ServerNotInitialized, "initialize must come first");
    if (ShutdownRequested)
      return replyError(Id, InvalidRequest, "the server is shutting down");
    if (Method == "shutdown") {
      ShutdownRequested = true;
      return reply(Id, nullptr);
    }
    if (Method == "textDocument/codeAction")
      return codeActions(Id, Params);
    replyError(Id, MethodNotFound, "cudalint does not handle " + Method.str());
  }

  void onNotification(llvm::StringRef Method, const llvm::json::Object *Params) {
    if (!Initialized || ShutdownRequested)
      return;
    if (Method == "textDocument/didOpen")
      return opened(Params);
    if (Method == "textDocument/didChange")
      return changed(Params);
    if (Method == "textDocument/didSave")
      return saved(Params);
    if (Method == "textDocument/didClose")
      return closed(Params);
    // initialized, $/cancelRequest, workspace/didChangeConfiguration...:
    // nothing to do.
  }

  llvm::json::Object initializeResult() const {
    return llvm::json::Object{
        {"capabilities",
         llvm::json::Object{
             {"textDocumentSync",
              llvm::json::Object{{"openClose", true},
                                 {"change", 1}, // the whole text on each change
                                 {"save", llvm::json::Object{{"includeText", true}}}}},
             {"codeActionProvider",
              llvm::json::Object{{"codeActionKinds", llvm::json::Array{"quickfix"}}}},
         }},
        {"serverInfo", llvm::json::Object{{"name", "cudalint"}, {"version", CUDALINT_VERSION}}},
    };
  }

  // The document a notification or request names, by its URI.
  struct DocumentName {
    std::string Uri;
    std::string Path;
  };

  std::optional<DocumentName> documentOf(const llvm::json::Object *Params,
                                         llvm::StringRef Method) {
    const llvm::json::Object *Item = Params ? Params->getObject("textDocument") : nullptr;
    std::optional<llvm::StringRef> Uri = Item ? Item->getString("uri") : std::nullopt;
    if (!Uri) {
      log(MessageType::Error, Method.str() + " without params.textDocument.uri; ignored");
      return std::nullopt;
    }
    std::optional<std::string> Path = uriToPath(*Uri);
    if (!Path) {
      log(MessageType::Warning, "cudalint analyses only file:// documents, not " + Uri->str());
      return std::nullopt;
    }
    return DocumentName{Uri->str(), withoutDots(*Path)};
  }

  void opened(const llvm::json::Object *Params) {
    std::optional<DocumentName> Name = documentOf(Params, "textDocument/didOpen");
    if (!Name)
      return;
    const llvm::json::Object *Item = Params->getObject("textDocument");
    std::optional<llvm::StringRef> Text = Item->getString("text");
    if (!Text)
      return log(MessageType::Error, "textDocument/didOpen without text; ignored");
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Document &Opened = Documents[Name->Uri];
      Opened = Document();
      Opened.Path = Name->Path;
      Opened.Text = Text->str();
      Opened.Version = Item->getInteger("version").value_or(0);
    }
    schedule(Name->Uri);
  }

  void changed(const llvm::json::Object *Params) {
    std::optional<DocumentName> Name = documentOf(Params, "textDocument/didChange");
    if (!Name)
      return;
    const llvm::json::Array *Changes = Params->getArray("contentChanges");
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Documents.find(Name->Uri);
    if (It == Documents.end() || !Changes)
      return;
    // The server asked for whole texts; the last one is the buffer now.
    for (const llvm::json::Value &Change : *Changes)
      if (const llvm::json::Object *Fields = Change.getAsObject())
        if (std::optional<llvm::StringRef> Text = Fields->getString("text"))
          It->second.Text = Text->str();
    if (std::optional<int64_t> Version =
            Params->getObject("textDocument")->getInteger("version"))
      It->second.Version = *Version;
  }

  void saved(const llvm::json::Object *Params) {
    std::optional<DocumentName> Name = documentOf(Params, "textDocument/didSave");
    if (!Name)
      return;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = Documents.find(Name->Uri);
      if (It == Documents.end())
        return;
      if (std::optional<llvm::StringRef> Text = Params->getString("text"))
        It->second.Text = Text->str();
    }
    schedule(Name->Uri);
  }

  void closed(const llvm::json::Object *Params) {
    std::optional<DocumentName> Name = documentOf(Params, "textDocument/didClose");
    if (!Name)
      return;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Documents.erase(Name->Uri);
    }
    notify("textDocument/publishDiagnostics",
           llvm::json::Object{{"uri", Name->Uri}, {"diagnostics", llvm::json::Array()}});
  }

  void codeActions(const llvm::json::Value &Id, const llvm::json::Object *Params) {
    std::optional<DocumentName> Name = documentOf(Params, "textDocument/codeAction");
    const llvm::json::Object *Range = Params ? Params->getObject("range") : nullptr;
    if (!Name || !Range)
      return replyError(Id, InvalidParams, "codeAction needs textDocument.uri and range");
    llvm::json::Array Actions;
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Documents.find(Name->Uri);
    if (It != Documents.end() && It->second.AnalysedText == It->second.Text) {
      for (const Finding &Found : It->second.Findings) {
        if (!lspRangesTouch(lspRange(Found.Where), *Range))
          continue;
        if (std::optional<llvm::json::Object> Fix = lspQuickFix(Found))
          Actions.push_back(std::move(*Fix));
      }
    }
    reply(Id, std::move(Actions));
  }

  void schedule(const std::string &Uri) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (std::find(Queue.begin(), Queue.end(), Uri) == Queue.end())
        Queue.push_back(Uri);
    }
    Wake.notify_all();
  }

  // The worker: one file at a time, in the order they were saved or opened.
  void analyseQueued() {
    while (true) {
      std::string Uri;
      std::string Path;
      std::string Text;
      int64_t Version;
      std::vector<UnsavedFile> Buffers;
      {
        std::unique_lock<std::mutex> Lock(Mutex);
        Wake.wait(Lock, [this] { return Stopping || !Queue.empty(); });
        if (Stopping)
          return;
        Uri = Queue.front();
        Queue.pop_front();
        auto It = Documents.find(Uri);
        if (It == Documents.end())
          continue;
        Path = It->second.Path;
        Text = It->second.Text;
        Version = It->second.Version;
        // Every open buffer, so that an edited header is read as the editor
        // holds it.
        for (const auto &[OtherUri, Open] : Documents)
          Buffers.push_back({Open.Path, Open.Text});
      }
      BufferAnalysis Analysis = analyseBuffer(Path, Buffers);
      for (const LogLine &Line : Analysis.Log)
        log(Line.Type, Line.Message);
      llvm::json::Array Diagnostics;
      for (const Finding &Found : Analysis.Findings)
        Diagnostics.push_back(lspDiagnostic(Found));
      {
        std::lock_guard<std::mutex> Lock(Mutex);
        auto It = Documents.find(Uri);
        if (It == Documents.end())
          continue; // closed meanwhile: its diagnostics are already cleared
        It->second.AnalysedText = Text;
        It->second.Findings = std::move(Analysis.Findings);
        // Published under the lock, so that a didClose cannot slip between
        // and leave these diagnostics behind.
        notify("textDocument/publishDiagnostics",
               llvm::json::Object{{"uri", Uri},
                                  {"version", Version},
                                  {"diagnostics", std::move(Diagnostics)}});
      }
    }
  }

  // Runs on the worker only, like everything it calls.
  BufferAnalysis analyseBuffer(const std::string &Path, const std::vector<UnsavedFile> &Buffers) {
    BufferAnalysis Result;
    // Read afresh for every analysis: the user may be editing them.
    UnitConfigs Configs(Options.Overrides, Options.Forced, /*Verify=*/false,
                        [&](const ConfigDiagnostic &Problem, bool IsError) {
                          std::string Where = Problem.File;
                          if (Problem.Line)
                            Where += ":" + std::to_string(Problem.Line) + ":" +
                                     std::to_string(Problem.Column);
                          Result.Log.push_back({IsError ? MessageType::Error : MessageType::Warning,
                                                Where + ": " + Problem.Message});
                        });
    const UnitSettings *Settings = Configs.forFile(Path);
    if (!Settings) {
      Result.Log.push_back({MessageType::Error, "'" + Path +
                                                    "' is not analysed: a configuration "
                                                    "file that applies to it is broken"});
      return Result;
    }
    if (Settings->Analysis.Checks.empty())
      return Result;

    CompileCommand Command = commandFor(Path, Result.Log);
    TranslatedCommand Translated = translateCompileCommand(Command, Options.Toolchain);
    for (const std::string &Notice : Translated.Notices)
      Result.Log.push_back({MessageType::Log, Notice});
    std::vector<std::string> Arguments =
        withExtraArguments(std::move(Translated.Arguments), Settings->Config);
    UnitOutcome Outcome;
    onAnalysisStack([&] {
      Outcome = analyzeUnit(Arguments, Command.Directory, Settings->Analysis, Buffers,
                            Options.Environment);
    });
    if (Outcome.Failed) {
      // The findings of what did parse are still published.
      std::string Message = "'" + Path + "' did not parse cleanly; findings may be missing";
      for (const std::string &Error : Outcome.Errors)
        Message += "\n  " + Error;
      Result.Log.push_back({MessageType::Warning, Message});
    }
    // Said each time the file is analysed, as its findings are published.
    if (!Outcome.DeviceErrorsSkipped.empty())
      Result.Log.push_back({MessageType::Info, deviceErrorsNotice(Path, Outcome.DeviceErrorsSkipped)});
    for (Finding &Found : Outcome.Findings) {
      if (Found.Where.File != Path)
        continue; // a header's findings show when the header is open
      Settings->applyWarningsAsErrors(Found);
      Result.Findings.push_back(std::move(Found));
    }
    llvm::stable_sort(Result.Findings);
    return Result;
  }

  CompileCommand commandFor(const std::string &Path, std::vector<LogLine> &Log) {
    std::optional<std::string> DatabasePath;
    if (!Options.CompileCommandsDir.empty()) {
      llvm::SmallString<256> Given(Options.CompileCommandsDir);
      llvm::sys::fs::make_absolute(Given);
      if (llvm::sys::fs::is_directory(Given))
        llvm::sys::path::append(Given, "compile_commands.json");
      DatabasePath = std::string(Given);
    } else {
      DatabasePath = findCompileDatabaseForEditor(Path);
    }
    if (!DatabasePath) {
      Log.push_back({MessageType::Info, "no compile_commands.json found for '" + Path +
                                            "'; analysing it with default flags"});
      return commandFromFallbackFlags(Path, {});
    }
    const CompileDatabase &Database = database(*DatabasePath, Log);
    std::vector<const CompileCommand *> Matching = commandsForFile(Database, Path);
    if (!Matching.empty())
      return *Matching.front();
    if (const CompileCommand *Closest = closestCommand(Database, Path)) {
      Log.push_back({MessageType::Log, "'" + Path + "' has no entry in '" + Database.Path +
                                           "'; using the command of '" + Closest->File + "'"});
      return commandWithFile(*Closest, Path);
    }
    Log.push_back({MessageType::Info, "'" + Database.Path + "' lists no command for '" + Path +
                                          "'; analysing it with default flags"});
    return commandFromFallbackFlags(Path, {});
  }

  // Loaded again only when the file changed on disk.
  const CompileDatabase &database(const std::string &JsonPath, std::vector<LogLine> &Log) {
    llvm::sys::fs::file_status Status;
    llvm::sys::fs::status(JsonPath, Status);
    CachedDatabase &Cached = Databases[JsonPath];
    if (!Cached.Loaded || Cached.Modified != Status.getLastModificationTime() ||
        Cached.Size != Status.getSize()) {
      Cached.Database = loadCompileDatabase(JsonPath);
      Cached.Modified = Status.getLastModificationTime();
      Cached.Size = Status.getSize();
      Cached.Loaded = true;
      for (const std::string &Problem : Cached.Database.Problems)
        Log.push_back({MessageType::Warning, Cached.Database.Path + ": " + Problem});
    }
    return Cached.Database;
  }

  void reply(const llvm::json::Value &Id, llvm::json::Value Result) {
    Out.send(llvm::json::Object{{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
  }

  void replyError(const llvm::json::Value &Id, int Code, const std::string &Message) {
    Out.send(llvm::json::Object{
        {"jsonrpc", "2.0"},
        {"id", Id},
        {"error", llvm::json::Object{{"code", Code}, {"message", Message}}}});
  }

  void notify(llvm::StringRef Method, llvm::json::Value Params) {
    Out.send(llvm::json::Object{
        {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
  }

  // To the editor's log and to stderr, which editors keep as the server's log.
  void log(MessageType Type, const std::string &Message) {
    llvm::errs() << "cudalint: " << Message << "\n";
    notify("window/logMessage",
           llvm::json::Object{{"type", static_cast<int>(Type)}, {"message", Message}});
  }

  struct CachedDatabase {
    bool Loaded = false;
    llvm::sys::TimePoint<> Modified;
    uint64_t Size = 0;
    CompileDatabase Database;
  };

  const LanguageServerOptions &Options;
  LspWriter &Out;
  bool Initialized = false;
  bool ShutdownRequested = false;
  std::map<std::string, CachedDatabase> Databases; // the worker's

  std::mutex Mutex; // guards what follows
  std::condition_variable Wake;
  std::map<std::string, Document> Documents; // by URI
  std::deque<std::string> Queue;             // URIs to analyse, each once
  bool Stopping = false;

  std::thread Worker; // last: it starts once everything above exists
};

} // namespace

int runLanguageServer(const LanguageServerOptions &Options, std::FILE *In, std::FILE *Out) {
  LspWriter Writer(Out);
  LspReader Reader(In);
  LanguageServer Server(Options, Writer);
  while (true) {
    IncomingMessage Message = Reader.next();
    switch (Message.What) {
    case IncomingMessage::Kind::End:
      return Server.exitCode();
    case IncomingMessage::Kind::Malformed:
      Server.malformed(Message.Problem);
      break;
    case IncomingMessage::Kind::Message:
      if (!Server.handle(Message.Value))
        return Server.exitCode();
      break;
    }
  }
}

int runLanguageServerOnStdio(const LanguageServerOptions &Options) {
  int ProtocolFd = ::dup(STDOUT_FILENO);
  std::FILE *Protocol = ProtocolFd < 0 ? nullptr : ::fdopen(ProtocolFd, "wb");
  if (!Protocol) {
    llvm::errs() << "cudalint: cannot set up stdout for the language server\n";
    return 2;
  }
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  int Code = runLanguageServer(Options, stdin, Protocol);
  std::fclose(Protocol);
  return Code;
}

} // namespace cudalint
