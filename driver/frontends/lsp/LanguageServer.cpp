// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/LanguageServer.h"

#include "frontends/lsp/EditorAnalyses.h"
#include "frontends/lsp/EditorChannel.h"
#include "frontends/lsp/LspProtocol.h"
#include "frontends/lsp/LspTransport.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <unistd.h>

namespace cudalint {

namespace {

using namespace lsp_error;

// The protocol side of `--lsp`: every message of the editor becomes a call
// on the analyses, every result of theirs a message through the channel.
class LanguageServer {
public:
  LanguageServer(const LanguageServerOptions &Options, LspWriter &Out, std::string Start)
      : Channel(Out), Analyses(Options, Channel), Start(std::move(Start)) {}

  // Handles one message; false once the client sent `exit`.
  bool handle(const llvm::json::Value &Message) {
    const llvm::json::Object *Fields = Message.getAsObject();
    if (!Fields) {
      Channel.replyError(nullptr, InvalidRequest, "a message must be a JSON object");
      return true;
    }
    const llvm::json::Value *Id = Fields->get("id");
    std::optional<llvm::StringRef> Method = Fields->getString("method");
    if (Id && !Id->getAsInteger() && !Id->getAsString()) {
      Channel.replyError(nullptr, InvalidRequest, "a request id must be a number or a string");
      return true;
    }
    if (!Method) {
      // A response to a request of ours (progress tokens), or nonsense.
      if (!Id || (!Fields->get("result") && !Fields->get("error")))
        Channel.replyError(Id ? *Id : nullptr, InvalidRequest, "a message without a method");
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
    Channel.log(MessageType::Error, "cannot read a message: " + Problem);
    Channel.replyError(nullptr, ParseError, Problem);
  }

  int exitCode() const { return ShutdownRequested ? 0 : 1; }

private:
  void onRequest(llvm::StringRef Method, const llvm::json::Value &Id,
                 const llvm::json::Object *Params) {
    if (Method == "initialize") {
      if (Initialized)
        return Channel.replyError(Id, InvalidRequest, "initialize was already sent");
      Initialized = true;
      Channel.readClientCapabilities(Params);
      return Channel.reply(Id, initializeResult());
    }
    if (!Initialized)
      return Channel.replyError(Id, ServerNotInitialized, "initialize must come first");
    if (ShutdownRequested)
      return Channel.replyError(Id, InvalidRequest, "the server is shutting down");
    if (Method == "shutdown") {
      ShutdownRequested = true;
      return Channel.reply(Id, nullptr);
    }
    if (Method == "textDocument/codeAction")
      return codeActions(Id, Params);
    if (Method == "workspace/executeCommand") {
      if (!Channel.executeCommand(Id, Params))
        Channel.replyError(Id, InvalidParams, "cudalint has one command, cudalint.applyFix");
      return;
    }
    Channel.replyError(Id, MethodNotFound, "cudalint does not handle " + Method.str());
  }

  void onNotification(llvm::StringRef Method, const llvm::json::Object *Params) {
    if (!Initialized || ShutdownRequested)
      return;
    if (Method == "initialized" && !Start.empty())
      return Channel.show(MessageType::Warning, Start);
    if (Channel.updateDocuments(Method, Params, Analyses))
      return;
    // $/cancelRequest (every request is answered at once),
    // workspace/didChangeConfiguration...: nothing to do.
  }

  llvm::json::Object initializeResult() const {
    return llvm::json::Object{
        {"capabilities",
         llvm::json::Object{
             {"textDocumentSync",
              llvm::json::Object{{"openClose", true},
                                 {"change", 2}, // incremental, as clangd asks for
                                 {"save", llvm::json::Object{{"includeText", true}}}}},
             {"codeActionProvider",
              llvm::json::Object{{"codeActionKinds", llvm::json::Array{"quickfix"}}}},
             {"executeCommandProvider",
              llvm::json::Object{{"commands", llvm::json::Array{ApplyFixCommand}}}},
         }},
        {"serverInfo", llvm::json::Object{{"name", "cudalint"}, {"version", CUDALINT_VERSION}}},
    };
  }

  void codeActions(const llvm::json::Value &Id, const llvm::json::Object *Params) {
    std::optional<EditorChannel::DocumentName> Name =
        Channel.documentOf(Params, "textDocument/codeAction");
    const llvm::json::Object *Range = Params ? Params->getObject("range") : nullptr;
    if (!Name || !Range)
      return Channel.replyError(Id, InvalidParams, "codeAction needs textDocument.uri and range");
    Channel.reply(Id, Channel.fixesAt(Analyses.currentFindings(Name->Uri), *Range));
  }

  EditorChannel Channel;
  EditorAnalyses Analyses; // after the channel it reports to
  std::string Start;
  bool Initialized = false;
  bool ShutdownRequested = false;
};

} // namespace

namespace {

int serve(const LanguageServerOptions &Options, std::FILE *In, std::FILE *Out,
          const std::string &Start) {
  LspWriter Writer(Out);
  LspReader Reader(In);
  LanguageServer Server(Options, Writer, Start);
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

} // namespace

int runLanguageServer(const LanguageServerOptions &Options, std::FILE *In, std::FILE *Out) {
  return serve(Options, In, Out, "");
}

std::FILE *takeStdoutForProtocol() {
  // Close-on-exec: a worker or clangd holding the editor's pipe open would
  // keep the editor waiting after this server is gone.
  int ProtocolFd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
  std::FILE *Protocol = ProtocolFd < 0 ? nullptr : ::fdopen(ProtocolFd, "wb");
  if (!Protocol) {
    llvm::errs() << "cudalint: cannot set up stdout for the language server\n";
    return nullptr;
  }
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  return Protocol;
}

int runLanguageServerOnStdio(const LanguageServerOptions &Options, const std::string &Start) {
  std::FILE *Protocol = takeStdoutForProtocol();
  if (!Protocol)
    return 2;
  int Code = serve(Options, stdin, Protocol, Start);
  std::fclose(Protocol);
  return Code;
}

} // namespace cudalint
