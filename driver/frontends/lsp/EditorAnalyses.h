// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What both of cudalint's language servers (`--lsp` alone, `--clangd` in
// front of clangd) do with the documents an editor has open, knowing nothing
// of JSON: keep each buffer's text as the editor edits it, analyse it a short
// pause after the last change (while the user types, not only on save), stop
// an analysis in flight when a newer change arrives, and hand the findings of
// the newest version to the protocol layer. As clangd's TUScheduler is to
// ClangdLSPServer.
//
// Each analysis runs in a worker process (run/WorkerPool.h): a newer edit
// kills it at once, a unit that crashes clang costs that analysis and not
// the editor's server, and the CUDA headers come precompiled from the
// preamble directory, so that re-analysing after an edit parses the file,
// not its headers.
#ifndef CUDALINT_DRIVER_EDITORANALYSES_H
#define CUDALINT_DRIVER_EDITORANALYSES_H

#include "Finding.h"
#include "frontends/lsp/LanguageServer.h"
#include "frontends/lsp/TextEdits.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace cudalint {

// The protocol's message types, for the log and for messages shown to the user.
enum class MessageType { Error = 1, Warning = 2, Info = 3, Log = 4 };

// What the analyses tell the protocol layer. Called from the analysis thread.
class EditorListener {
public:
  virtual ~EditorListener() = default;
  // The findings of `Version` of the document, in the document's own file;
  // never called for a version older than one already published.
  virtual void publish(const std::string &Uri, int64_t Version,
                       const std::vector<Finding> &Findings) = 0;
  // An analysis starts, and ends (finished or stopped by a newer change).
  virtual void analysisStarted(const std::string &Uri, const std::string &Path) = 0;
  virtual void analysisEnded(const std::string &Uri) = 0;
  // For the editor's log (window/logMessage) and for the user's eyes
  // (window/showMessage: each such message once a session, not once a
  // keystroke).
  virtual void log(MessageType Type, const std::string &Message) = 0;
  virtual void show(MessageType Type, const std::string &Message) = 0;
};

class EditorAnalyses {
public:
  // How long the buffer must rest after a change before it is analysed:
  // about the pause between a fast typist's keystrokes, so that a burst of
  // typing costs one analysis, and short beside any analysis, so that
  // findings arrive within a second of the last keystroke for a file of a
  // few hundred lines, and within 0.2 s of the analysis time for a large unit
  // (with the worker's start and end). An analysis that a slower typist's
  // next keystroke stops costs little: its worker stood by already, and it
  // is killed at once.
  static constexpr std::chrono::milliseconds Debounce{100};

  EditorAnalyses(const LanguageServerOptions &Options, EditorListener &Listener);
  ~EditorAnalyses(); // stops the analysis in flight

  void open(const std::string &Uri, const std::string &Path, std::string Text, int64_t Version);
  enum class ChangeResult { Applied, NotOpen, OutOfRange };
  // Applies the changes in order; on OutOfRange the buffer can no longer be
  // trusted, and is analysed no more until it is opened again.
  ChangeResult change(const std::string &Uri, int64_t Version,
                      const std::vector<TextChange> &Changes);
  // A save analyses at once (a configuration file may have changed too).
  void save(const std::string &Uri, std::optional<std::string> Text);
  void close(const std::string &Uri);

  // The findings of the last analysis while the buffer still holds the text
  // it read, so that their fix-its still apply; empty otherwise.
  std::vector<Finding> currentFindings(const std::string &Uri);

private:
  struct Document {
    std::string Path;
    std::string Text;
    int64_t Version = 0;
    bool Trusted = true; // false after a change that did not apply
    // When an analysis is wanted; none: the findings are current or coming.
    std::optional<std::chrono::steady_clock::time_point> Due;
    std::optional<std::string> AnalyzedText;
    std::vector<Finding> Findings;
  };
  struct Snapshot {
    std::string Uri, Path;
    int64_t Version;
    std::string Text;
    std::vector<UnsavedFile> Buffers;
  };

  void scheduleLocked(Document &Changed, std::chrono::milliseconds Delay);
  void analyzeDueDocuments();
  std::optional<Snapshot> nextDueLocked(std::chrono::steady_clock::time_point Now,
                                        std::optional<std::chrono::steady_clock::time_point> &Next);
  // Findings of the snapshot, std::nullopt when a newer change or the end of
  // the session stopped it.
  std::optional<std::vector<Finding>> analyze(const Snapshot &Taken);
  bool overtaken(const Snapshot &Taken);
  CompileCommand commandFor(const std::string &Path);
  const CompileDatabase &database(const std::string &JsonPath);
  void showOnce(MessageType Type, const std::string &Key, const std::string &Message);

  const LanguageServerOptions &Options;
  EditorListener &Listener;

  struct CachedDatabase {
    bool Loaded = false;
    llvm::sys::TimePoint<> Modified;
    uint64_t Size = 0;
    CompileDatabase Database;
  };
  std::map<std::string, CachedDatabase> Databases; // the analysis thread's
  StandbyWorker Standby;                           // the analysis thread's

  std::mutex Mutex; // guards what follows
  std::condition_variable Wake;
  std::map<std::string, Document> Documents; // by URI
  std::set<std::string> Shown;               // keys of messages shown once
  bool Stopping = false;

  std::thread Analyzer; // last: it starts once everything above exists
};

} // namespace cudalint

#endif
