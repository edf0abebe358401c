// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/EditorChannel.h"

#include "frontends/lsp/LspProtocol.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

namespace {

constexpr llvm::StringLiteral OwnRequestPrefix = "cudalint/";

std::optional<TextPosition> positionOf(const llvm::json::Object *Position) {
  if (!Position)
    return std::nullopt;
  std::optional<int64_t> Line = Position->getInteger("line");
  std::optional<int64_t> Character = Position->getInteger("character");
  if (!Line || !Character || *Line < 0 || *Character < 0 || *Line > UINT32_MAX ||
      *Character > UINT32_MAX)
    return std::nullopt;
  return TextPosition{static_cast<unsigned>(*Line), static_cast<unsigned>(*Character)};
}

} // namespace

std::optional<std::vector<TextChange>> textChangesOf(const llvm::json::Array &Changes) {
  std::vector<TextChange> Result;
  for (const llvm::json::Value &Value : Changes) {
    const llvm::json::Object *Change = Value.getAsObject();
    std::optional<llvm::StringRef> Text = Change ? Change->getString("text") : std::nullopt;
    if (!Text)
      return std::nullopt;
    TextChange Read;
    Read.Text = Text->str();
    if (const llvm::json::Object *Range = Change->getObject("range")) {
      std::optional<TextPosition> Start = positionOf(Range->getObject("start"));
      std::optional<TextPosition> End = positionOf(Range->getObject("end"));
      if (!Start || !End)
        return std::nullopt;
      Read.Range = {*Start, *End};
    }
    Result.push_back(std::move(Read));
  }
  return Result;
}

llvm::json::Array quickFixesAt(const std::vector<Finding> &Findings,
                               const llvm::json::Object &Range) {
  llvm::json::Array Actions;
  for (const Finding &Found : Findings) {
    if (!lspRangesTouch(lspRange(Found.Where), Range))
      continue;
    if (std::optional<llvm::json::Object> Fix = lspQuickFix(Found))
      Actions.push_back(std::move(*Fix));
  }
  return Actions;
}

llvm::json::Array diagnosticsOf(const std::vector<Finding> &Findings) {
  llvm::json::Array Diagnostics;
  for (const Finding &Found : Findings)
    Diagnostics.push_back(lspDiagnostic(Found));
  return Diagnostics;
}

void EditorChannel::readClientCapabilities(const llvm::json::Object *InitializeParams) {
  const llvm::json::Object *Capabilities =
      InitializeParams ? InitializeParams->getObject("capabilities") : nullptr;
  const llvm::json::Object *Window = Capabilities ? Capabilities->getObject("window") : nullptr;
  ShowsProgress = Window && Window->getBoolean("workDoneProgress").value_or(false);
  const llvm::json::Object *TextDocument =
      Capabilities ? Capabilities->getObject("textDocument") : nullptr;
  const llvm::json::Object *CodeAction =
      TextDocument ? TextDocument->getObject("codeAction") : nullptr;
  TakesCodeActionLiterals = CodeAction && CodeAction->getObject("codeActionLiteralSupport");
}

llvm::json::Array EditorChannel::fixesAt(const std::vector<Finding> &Findings,
                                         const llvm::json::Object &Range) const {
  llvm::json::Array Actions = quickFixesAt(Findings, Range);
  if (TakesCodeActionLiterals)
    return Actions;
  llvm::json::Array Commands;
  for (llvm::json::Value &Action : Actions) {
    llvm::json::Object &Fix = *Action.getAsObject();
    Commands.push_back(
        llvm::json::Object{// Copied: a json::Value made of a StringRef borrows it from Actions.
                           {"title", Fix.getString("title")->str()},
                           {"command", ApplyFixCommand},
                           {"arguments", llvm::json::Array{std::move(*Fix.get("edit"))}}});
  }
  return Commands;
}

bool EditorChannel::executeCommand(const llvm::json::Value &Id, const llvm::json::Object *Params) {
  std::optional<llvm::StringRef> Command = Params ? Params->getString("command") : std::nullopt;
  if (!Command || *Command != ApplyFixCommand)
    return false;
  const llvm::json::Array *Arguments = Params->getArray("arguments");
  const llvm::json::Object *Edit =
      Arguments && Arguments->size() == 1 ? (*Arguments)[0].getAsObject() : nullptr;
  if (!Edit) {
    replyError(Id, lsp_error::InvalidParams,
               (ApplyFixCommand + " takes one argument, the fix's WorkspaceEdit").str());
    return true;
  }
  // The editor applies it and tells the servers through didChange, as for
  // any edit; its answer (applied or not) needs nothing more from cudalint.
  Editor.send(llvm::json::Object{
      {"jsonrpc", "2.0"},
      {"id", (OwnRequestPrefix + "applyEdit/" + llvm::Twine(NextRequest++)).str()},
      {"method", "workspace/applyEdit"},
      {"params",
       llvm::json::Object{{"label", "cudalint: apply fix"}, {"edit", llvm::json::Object(*Edit)}}}});
  reply(Id, nullptr);
  return true;
}

void EditorChannel::analysisStarted(const std::string &Uri, const std::string &Path) {
  if (!ShowsProgress)
    return;
  std::string Token = (OwnRequestPrefix + "analysis/" + llvm::Twine(NextRequest++)).str();
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Progress[Uri] = Token;
  }
  // The editor answers in order; progress sent right after the request
  // reaches it after the token exists, as clangd relies on too.
  Editor.send(llvm::json::Object{{"jsonrpc", "2.0"},
                                 {"id", (OwnRequestPrefix + "create/" + Token).str()},
                                 {"method", "window/workDoneProgress/create"},
                                 {"params", llvm::json::Object{{"token", Token}}}});
  notify("$/progress",
         llvm::json::Object{
             {"token", Token},
             {"value",
              llvm::json::Object{{"kind", "begin"},
                                 {"title", "cudalint"},
                                 {"message", "analysing " + llvm::sys::path::filename(Path).str()},
                                 {"cancellable", false}}}});
}

void EditorChannel::analysisEnded(const std::string &Uri) {
  std::string Token;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Progress.find(Uri);
    if (It == Progress.end())
      return;
    Token = std::move(It->second);
    Progress.erase(It);
  }
  notify("$/progress",
         llvm::json::Object{{"token", Token}, {"value", llvm::json::Object{{"kind", "end"}}}});
}

void EditorChannel::log(MessageType Type, const std::string &Message) {
  llvm::errs() << "cudalint: " << Message << "\n";
  notify("window/logMessage",
         llvm::json::Object{{"type", static_cast<int>(Type)}, {"message", Message}});
}

void EditorChannel::show(MessageType Type, const std::string &Message) {
  notify("window/showMessage",
         llvm::json::Object{{"type", static_cast<int>(Type)}, {"message", Message}});
}

void EditorChannel::publish(const std::string &Uri, int64_t Version,
                            const std::vector<Finding> &Findings) {
  notify("textDocument/publishDiagnostics",
         llvm::json::Object{
             {"uri", Uri}, {"version", Version}, {"diagnostics", diagnosticsOf(Findings)}});
}

bool EditorChannel::isAnswerToOurs(const llvm::json::Object &Message) const {
  if (Message.get("method"))
    return false;
  const llvm::json::Value *Id = Message.get("id");
  std::optional<llvm::StringRef> Text = Id ? Id->getAsString() : std::nullopt;
  return Text && Text->starts_with(OwnRequestPrefix);
}

std::optional<EditorChannel::DocumentName>
EditorChannel::documentOf(const llvm::json::Object *Params, llvm::StringRef Method) {
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
  llvm::SmallString<256> Plain(*Path);
  llvm::sys::path::remove_dots(Plain, /*remove_dot_dot=*/true);
  return DocumentName{Uri->str(), std::string(Plain)};
}

bool EditorChannel::updateDocuments(llvm::StringRef Method, const llvm::json::Object *Params,
                                    EditorAnalyses &Analyses) {
  bool Open = Method == "textDocument/didOpen", Change = Method == "textDocument/didChange",
       Save = Method == "textDocument/didSave", Close = Method == "textDocument/didClose";
  if (!Open && !Change && !Save && !Close)
    return false;
  std::optional<DocumentName> Name = documentOf(Params, Method);
  if (!Name)
    return true;
  const llvm::json::Object *Item = Params->getObject("textDocument");
  if (Open) {
    std::optional<llvm::StringRef> Text = Item->getString("text");
    if (!Text)
      log(MessageType::Error, "textDocument/didOpen without text; ignored");
    else
      Analyses.open(Name->Uri, Name->Path, Text->str(), Item->getInteger("version").value_or(0));
  } else if (Change) {
    const llvm::json::Array *Changes = Params->getArray("contentChanges");
    std::optional<std::vector<TextChange>> Read = Changes ? textChangesOf(*Changes) : std::nullopt;
    if (!Read)
      log(MessageType::Error, "textDocument/didChange without valid contentChanges; ignored");
    else if (Analyses.change(Name->Uri, Item->getInteger("version").value_or(0), *Read) ==
             EditorAnalyses::ChangeResult::OutOfRange)
      log(MessageType::Error, "a change to '" + Name->Path +
                                  "' lies outside its text; the file is analysed again once "
                                  "it is reopened or saved");
  } else if (Save) {
    std::optional<llvm::StringRef> Text = Params->getString("text");
    Analyses.save(Name->Uri, Text ? std::optional<std::string>(Text->str()) : std::nullopt);
  } else {
    Analyses.close(Name->Uri);
    closed(Name->Uri);
  }
  return true;
}

void EditorChannel::closed(const std::string &Uri) {
  notify("textDocument/publishDiagnostics",
         llvm::json::Object{{"uri", Uri}, {"diagnostics", llvm::json::Array()}});
}

void EditorChannel::notify(llvm::StringRef Method, llvm::json::Value Params) {
  Editor.send(
      llvm::json::Object{{"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

void EditorChannel::reply(const llvm::json::Value &Id, llvm::json::Value Result) {
  Editor.send(llvm::json::Object{{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void EditorChannel::replyError(const llvm::json::Value &Id, int Code, const std::string &Message) {
  Editor.send(
      llvm::json::Object{{"jsonrpc", "2.0"},
                         {"id", Id},
                         {"error", llvm::json::Object{{"code", Code}, {"message", Message}}}});
}

} // namespace cudalint
