// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The editor's side of cudalint's language servers: what the analyses tell
// the editor, as the protocol spells it. Findings become publishDiagnostics,
// an analysis becomes work-done progress ($/progress, where the editor said
// it shows it), messages go to window/logMessage (and stderr, which editors
// keep as the server's log) or window/showMessage. The requests cudalint
// itself sends (window/workDoneProgress/create) carry ids of their own, so
// that their answers are told apart from clangd's.
#ifndef CUDALINT_DRIVER_EDITORCHANNEL_H
#define CUDALINT_DRIVER_EDITORCHANNEL_H

#include "frontends/lsp/EditorAnalyses.h"
#include "frontends/lsp/LspTransport.h"

#include "llvm/Support/JSON.h"

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class EditorChannel : public EditorListener {
public:
  explicit EditorChannel(LspWriter &Editor) : Editor(Editor) {}

  // From the editor's `initialize` params: whether it shows progress, and
  // whether it takes code actions as literals.
  void readClientCapabilities(const llvm::json::Object *InitializeParams);

  // cudalint's quick fixes for `Range` among `Findings`, as the editor takes
  // them: code actions that carry their edit, or, for an editor that takes
  // no code action literals, commands (ApplyFixCommand) whose execution
  // sends the edit back as workspace/applyEdit, as clangd does.
  llvm::json::Array fixesAt(const std::vector<Finding> &Findings,
                            const llvm::json::Object &Range) const;
  // A workspace/executeCommand of ApplyFixCommand: its edit goes to the
  // editor as workspace/applyEdit and the command is answered; false for
  // any other command (clangd's, in the proxy).
  bool executeCommand(const llvm::json::Value &Id, const llvm::json::Object *Params);

  void analysisStarted(const std::string &Uri, const std::string &Path) override;
  void analysisEnded(const std::string &Uri) override;
  void log(MessageType Type, const std::string &Message) override;
  void show(MessageType Type, const std::string &Message) override;
  // Publishes cudalint's diagnostics alone; the clangd proxy merges.
  void publish(const std::string &Uri, int64_t Version,
               const std::vector<Finding> &Findings) override;

  // Whether `Message` answers a request cudalint sent (and so goes no
  // further).
  bool isAnswerToOurs(const llvm::json::Object &Message) const;

  // The document a notification or request names, by its URI; logged and
  // std::nullopt when it names none, or one that is not a file.
  struct DocumentName {
    std::string Uri;
    std::string Path;
  };
  std::optional<DocumentName> documentOf(const llvm::json::Object *Params, llvm::StringRef Method);

  // didOpen, didChange, didSave and didClose passed on to `Analyses`; false
  // for any other method.
  bool updateDocuments(llvm::StringRef Method, const llvm::json::Object *Params,
                       EditorAnalyses &Analyses);
  // The editor closed the document: its diagnostics go.
  virtual void closed(const std::string &Uri);

  void notify(llvm::StringRef Method, llvm::json::Value Params);
  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, int Code, const std::string &Message);

protected:
  LspWriter &Editor;

private:
  std::atomic<bool> ShowsProgress{false};
  std::atomic<bool> TakesCodeActionLiterals{false};
  std::atomic<unsigned> NextRequest{1};
  std::mutex Mutex;                            // guards Progress
  std::map<std::string, std::string> Progress; // URI -> token of its analysis
};

// JSON-RPC's and the protocol's error codes.
namespace lsp_error {
constexpr int ParseError = -32700;
constexpr int InvalidRequest = -32600;
constexpr int MethodNotFound = -32601;
constexpr int InvalidParams = -32602;
constexpr int ServerNotInitialized = -32002;
constexpr int RequestFailed = -32803;
} // namespace lsp_error

// The command of a quick fix offered to an editor without code action
// literals; its one argument is the fix's WorkspaceEdit.
constexpr llvm::StringLiteral ApplyFixCommand = "cudalint.applyFix";

// The contentChanges of a didChange; std::nullopt when one of them is not a
// change the protocol defines.
std::optional<std::vector<TextChange>> textChangesOf(const llvm::json::Array &Changes);

// cudalint's quick fixes for `Range` among `Findings`.
llvm::json::Array quickFixesAt(const std::vector<Finding> &Findings,
                               const llvm::json::Object &Range);

// The diagnostics of `Findings`.
llvm::json::Array diagnosticsOf(const std::vector<Finding> &Findings);

} // namespace cudalint

#endif
