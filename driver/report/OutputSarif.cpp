// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SARIF 2.1.0, shaped for GitHub code scanning: one run, a rule per check
// that ran, artifact URIs relative to %SRCROOT% where the file lies under
// the source root, and a line-move-proof fingerprint on every result.
//
// Columns: our findings carry 1-based byte columns; SARIF has no byte
// column kind, so the run declares utf16CodeUnits (GitHub's default) and
// columns are converted through the finding's source line.
//
// Fingerprint: partialFingerprints.primaryLocationLineHash is
// "<16 hex digits>:<n>", the hex being the first 8 bytes of
// SHA-256(check id NUL message NUL trimmed source line) and n counting the
// results with that hash in the same file, in report order (as GitHub's own
// "hash:n" does). No line number enters it, so an alert keeps its identity
// when code above it moves.
#include "report/Output.h"
#include "report/Utf16Columns.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"

#include <map>
#include <set>

namespace cudalint {

namespace {

constexpr llvm::StringLiteral SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr llvm::StringLiteral SourceRootId = "SRCROOT";

std::string utf8(llvm::StringRef Text) {
  return llvm::json::isUTF8(Text) ? Text.str() : llvm::json::fixUTF8(Text);
}

// Percent-encodes every byte but RFC 3986's unreserved characters and '/'.
std::string uriEscape(llvm::StringRef Path) {
  std::string Escaped;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C)) {
      Escaped.push_back(C);
      continue;
    }
    Escaped += '%';
    Escaped += llvm::hexdigit(C >> 4);
    Escaped += llvm::hexdigit(C & 15);
  }
  return Escaped;
}

std::string fileUri(llvm::StringRef SlashPath) {
  // "/a/b" -> file:///a/b; "C:/a" -> file:///C:/a (the drive's ':' escaped).
  return "file://" + std::string(SlashPath.starts_with("/") ? "" : "/") + uriEscape(SlashPath);
}

// Absolute, without "." and "..", with forward slashes.
std::string normalizedPath(llvm::StringRef Path) {
  llvm::SmallString<256> Normal(Path);
  llvm::sys::fs::make_absolute(Normal);
  llvm::sys::path::remove_dots(Normal, /*remove_dot_dot=*/true);
  return llvm::sys::path::convert_to_slash(Normal);
}

// "cuda-unchecked-error" -> "CudaUncheckedError", SARIF's rule name.
std::string camelCase(llvm::StringRef Id) {
  std::string Name;
  bool StartOfWord = true;
  for (char C : Id) {
    if (!llvm::isAlnum(C)) {
      StartOfWord = true;
      continue;
    }
    Name.push_back(StartOfWord ? llvm::toUpper(C) : C);
    StartOfWord = false;
  }
  return Name;
}

// Markdown would take `__global__` for bold and `<T>` for HTML.
std::string markdownEscape(llvm::StringRef Text) {
  std::string Escaped;
  for (char C : Text) {
    if (llvm::StringRef("\\`*_{}[]<>#|~").contains(C))
      Escaped.push_back('\\');
    Escaped.push_back(C);
  }
  return Escaped;
}

// SARIF's physicalLocation needs an artifact.
bool hasPhysicalLocation(const SourcePoint &Where) { return Where.valid() && !Where.File.empty(); }

bool isSemanticVersion(llvm::StringRef Version) {
  static const llvm::Regex SemVer("^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)"
                                  "(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$");
  return SemVer.match(Version);
}

// The 1-based UTF-16 column of a 1-based byte column, through the line's
// text.
unsigned utf16Column(const SourcePoint &Where) {
  return utf16Units(Where.LineText, Where.Column == 0 ? 0 : Where.Column - 1) + 1;
}

std::string lineHash(const Finding &F) {
  std::string Key =
      F.CheckId + '\0' + F.Message + '\0' + llvm::StringRef(F.Where.LineText).trim().str();
  auto Digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Digest).take_front(8),
                     /*LowerCase=*/true);
}

// Every file the log mentions, once, sorted by path; results point into
// this table by index.
class Artifacts {
public:
  Artifacts(const RunReport &Report, llvm::StringRef SourceRoot);

  // "file:///src/" when a source root is set, with the trailing slash
  // SARIF requires of a base URI.
  const std::optional<std::string> &rootUri() const { return RootUri; }
  void writeLocation(llvm::json::OStream &J, llvm::StringRef File) const;
  void writeTable(llvm::json::OStream &J) const;

private:
  struct Artifact {
    std::string Path; // normalized
    bool AnalysisTarget = false;
    bool HasResult = false;
    size_t Index = 0;
  };

  Artifact *add(llvm::StringRef File) {
    if (File.empty())
      return nullptr;
    std::string Path = normalizedPath(File);
    return &Files.try_emplace(Path, Artifact{Path}).first->second;
  }
  void writeUri(llvm::json::OStream &J, const Artifact &File) const;

  std::optional<std::string> RootPath; // normalized, ends in '/'
  std::optional<std::string> RootUri;
  std::map<std::string, Artifact> Files; // by normalized path
};

Artifacts::Artifacts(const RunReport &Report, llvm::StringRef SourceRoot) {
  if (!SourceRoot.empty()) {
    RootPath = normalizedPath(SourceRoot);
    if (!llvm::StringRef(*RootPath).ends_with("/"))
      *RootPath += '/';
    RootUri = fileUri(*RootPath);
  }
  for (const Finding &F : Report.Findings) {
    if (Artifact *File = add(F.Where.File))
      File->HasResult = true;
    for (const FindingNote &Note : F.Notes)
      add(Note.Where.File);
    for (const FixIt &Fix : F.Fixes)
      add(Fix.File);
  }
  for (const RunProblem &Problem : Report.Problems)
    add(Problem.File);
  for (const std::string &Unit : Report.Units)
    if (Artifact *File = add(Unit))
      File->AnalysisTarget = true;
  size_t Index = 0;
  for (auto &Entry : Files)
    Entry.second.Index = Index++;
}

void Artifacts::writeUri(llvm::json::OStream &J, const Artifact &File) const {
  llvm::StringRef Path = File.Path;
  if (RootPath && Path.consume_front(*RootPath)) {
    J.attribute("uri", uriEscape(Path));
    J.attribute("uriBaseId", SourceRootId);
    return;
  }
  J.attribute("uri", fileUri(File.Path));
}

void Artifacts::writeLocation(llvm::json::OStream &J, llvm::StringRef File) const {
  if (File.empty())
    return;
  const Artifact &Entry = Files.find(normalizedPath(File))->second;
  J.attributeObject("artifactLocation", [&] {
    writeUri(J, Entry);
    J.attribute("index", Entry.Index);
  });
}

void Artifacts::writeTable(llvm::json::OStream &J) const {
  J.attributeArray("artifacts", [&] {
    for (const auto &Entry : Files) {
      const Artifact &File = Entry.second;
      J.object([&] {
        J.attributeObject("location", [&] { writeUri(J, File); });
        if (File.AnalysisTarget || File.HasResult)
          J.attributeArray("roles", [&] {
            if (File.AnalysisTarget)
              J.value("analysisTarget");
            if (File.HasResult)
              J.value("resultFile");
          });
      });
    }
  });
}

class SarifWriter {
public:
  SarifWriter(llvm::json::OStream &J, const RunReport &Report, const OutputOptions &Options)
      : J(J), Report(Report), Options(Options), Files(Report, Options.SourceRoot) {
    for (size_t I = 0; I != Options.Rules.size(); ++I)
      RuleIndex.try_emplace(Options.Rules[I]->Id.str(), I);
  }

  void write();

private:
  void writeDriver();
  void writeRule(const CheckDescription &Rule);
  void writeInvocation();
  void writeResult(const Finding &F);
  void writePhysicalLocation(const SourcePoint &Where, bool WithContext);
  void writeRelatedLocations(const Finding &F);
  void writeCodeFlows(llvm::ArrayRef<const FindingNote *> Steps);
  void writeFix(const Finding &F);
  void writeFingerprint(const Finding &F);

  llvm::json::OStream &J;
  const RunReport &Report;
  const OutputOptions &Options;
  Artifacts Files;
  std::map<std::string, size_t> RuleIndex;
  std::map<std::pair<std::string, std::string>, unsigned> HashCounts;
};

void SarifWriter::write() {
  J.object([&] {
    J.attribute("$schema", SchemaUri);
    J.attribute("version", "2.1.0");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attributeObject("tool", [&] { J.attributeObject("driver", [&] { writeDriver(); }); });
        J.attributeArray("invocations", [&] { writeInvocation(); });
        if (Files.rootUri())
          J.attributeObject("originalUriBaseIds", [&] {
            J.attributeObject(SourceRootId, [&] { J.attribute("uri", *Files.rootUri()); });
          });
        Files.writeTable(J);
        J.attribute("columnKind", "utf16CodeUnits");
        J.attributeArray("results", [&] {
          for (const Finding &F : Report.Findings)
            writeResult(F);
        });
        // How each unit was analysed, as in the JSON report's "analysis".
        J.attributeObject("properties", [&] {
          J.attributeArray("cudalintUnits", [&] {
            for (const UnitRun &Run : Report.Runs)
              writeUnitRun(J, Run);
          });
        });
      });
    });
  });
}

void SarifWriter::writeDriver() {
  J.attribute("name", "cudalint");
  if (!Report.ToolVersion.empty()) {
    J.attribute("version", utf8(Report.ToolVersion));
    if (isSemanticVersion(Report.ToolVersion))
      J.attribute("semanticVersion", Report.ToolVersion);
  }
  J.attributeArray("rules", [&] {
    for (const CheckDescription *Rule : Options.Rules)
      writeRule(*Rule);
  });
}

void SarifWriter::writeRule(const CheckDescription &Rule) {
  J.object([&] {
    J.attribute("id", Rule.Id);
    J.attribute("name", camelCase(Rule.Id));
    J.attributeObject("shortDescription", [&] { J.attribute("text", Rule.Summary); });
    std::string Full = Rule.Summary.str();
    if (!Rule.Help.empty())
      Full += " " + Rule.Help.str();
    J.attributeObject("fullDescription", [&] { J.attribute("text", Full); });
    if (!Rule.Help.empty())
      J.attributeObject("help", [&] {
        J.attribute("text", Rule.Help);
        J.attribute("markdown", markdownEscape(Rule.Help));
      });
    J.attributeObject("defaultConfiguration", [&] { J.attribute("level", "warning"); });
    J.attributeObject("properties", [&] {
      J.attributeArray("tags", [&] {
        J.value("cuda");
        J.value("correctness");
      });
    });
  });
}

void SarifWriter::writeInvocation() {
  // A unit analysed without the code clang rejected is a note, not a
  // failure.
  std::vector<const UnitRun *> SetAside;
  for (const UnitRun &Run : Report.Runs)
    if (!Run.SetAside.empty())
      SetAside.push_back(&Run);
  J.object([&] {
    J.attribute("executionSuccessful", Report.Problems.empty());
    if (Report.Problems.empty() && SetAside.empty())
      return;
    auto Notify = [&](llvm::StringRef Level, llvm::StringRef Message, llvm::StringRef File) {
      J.object([&] {
        J.attribute("level", Level);
        J.attributeObject("message", [&] { J.attribute("text", utf8(Message)); });
        if (!File.empty())
          J.attributeArray("locations", [&] {
            J.object([&] {
              J.attributeObject("physicalLocation", [&] { Files.writeLocation(J, File); });
            });
          });
      });
    };
    J.attributeArray("toolExecutionNotifications", [&] {
      for (const RunProblem &Problem : Report.Problems)
        Notify("error", Problem.Message, Problem.File);
      for (const UnitRun *Run : SetAside)
        Notify("note", setAsideNotice(Run->File, Run->SetAside),
               llvm::is_contained(Report.Units, Run->File) ? llvm::StringRef(Run->File)
                                                           : llvm::StringRef());
    });
  });
}

void SarifWriter::writePhysicalLocation(const SourcePoint &Where, bool WithContext) {
  J.attributeObject("physicalLocation", [&] {
    Files.writeLocation(J, Where.File);
    // Without an end, the region runs from the column to the end of the
    // line: that is its snippet. The whole line is the context.
    llvm::StringRef Line = Where.LineText;
    Line = Line.substr(0, Line.find_first_of("\r\n"));
    llvm::StringRef Snippet = Line.substr(Where.Column == 0 ? 0 : Where.Column - 1);
    J.attributeObject("region", [&] {
      J.attribute("startLine", Where.Line);
      if (Where.Column != 0)
        J.attribute("startColumn", utf16Column(Where));
      if (WithContext && !Snippet.empty())
        J.attributeObject("snippet", [&] { J.attribute("text", utf8(Snippet)); });
    });
    // SARIF1008: a context region must be a proper superset of the region;
    // from the first column the snippet is the whole line.
    if (WithContext && !Line.empty() && Snippet != Line)
      J.attributeObject("contextRegion", [&] {
        J.attribute("startLine", Where.Line);
        J.attributeObject("snippet", [&] { J.attribute("text", utf8(Line)); });
      });
  });
}

void SarifWriter::writeResult(const Finding &F) {
  J.object([&] {
    J.attribute("ruleId", F.CheckId);
    auto Rule = RuleIndex.find(F.CheckId);
    if (Rule != RuleIndex.end())
      J.attribute("ruleIndex", Rule->second);
    J.attribute("level", F.Level == Severity::Error ? "error" : "warning");
    J.attributeObject("message", [&] { J.attribute("text", utf8(F.Message)); });
    // Template instantiations that gave the same result: SARIF's own count.
    if (F.Instances > 1)
      J.attribute("occurrenceCount", F.Instances);
    if (hasPhysicalLocation(F.Where))
      J.attributeArray("locations", [&] {
        J.object([&] { writePhysicalLocation(F.Where, /*WithContext=*/true); });
      });
    writeRelatedLocations(F);
    // The steps of a path-sensitive finding ("allocated here", "taking true
    // branch", "released here") are its code flow; other notes are related
    // locations.
    std::vector<const FindingNote *> PathSteps;
    for (const FindingNote &Note : F.Notes)
      if (Note.PathStep)
        PathSteps.push_back(&Note);
    writeCodeFlows(PathSteps);
    writeFix(F);
    writeFingerprint(F);
  });
}

void SarifWriter::writeRelatedLocations(const Finding &F) {
  if (llvm::all_of(F.Notes, [](const FindingNote &Note) { return Note.PathStep; }))
    return;
  size_t Id = 0;
  J.attributeArray("relatedLocations", [&] {
    for (const FindingNote &Note : F.Notes) {
      if (Note.PathStep)
        continue;
      J.object([&] {
        J.attribute("id", Id++);
        if (hasPhysicalLocation(Note.Where))
          writePhysicalLocation(Note.Where, /*WithContext=*/false);
        J.attributeObject("message", [&] { J.attribute("text", utf8(Note.Message)); });
      });
    }
  });
}

void SarifWriter::writeCodeFlows(llvm::ArrayRef<const FindingNote *> Steps) {
  if (Steps.empty())
    return;
  J.attributeArray("codeFlows", [&] {
    J.object([&] {
      J.attributeArray("threadFlows", [&] {
        J.object([&] {
          J.attributeArray("locations", [&] {
            for (const FindingNote *Step : Steps)
              J.object([&] {
                J.attributeObject("location", [&] {
                  if (hasPhysicalLocation(Step->Where))
                    writePhysicalLocation(Step->Where, /*WithContext=*/false);
                  J.attributeObject("message", [&] { J.attribute("text", utf8(Step->Message)); });
                });
              });
          });
        });
      });
    });
  });
}

// A finding's fix-its are one fix: they only make sense applied together.
void SarifWriter::writeFix(const Finding &F) {
  std::map<std::string, std::vector<const FixIt *>> ByFile;
  for (const FixIt &Fix : F.Fixes)
    if (!Fix.File.empty())
      ByFile[Fix.File].push_back(&Fix);
  if (ByFile.empty())
    return;
  J.attributeArray("fixes", [&] {
    J.object([&] {
      J.attributeArray("artifactChanges", [&] {
        for (const auto &Entry : ByFile)
          J.object([&] {
            Files.writeLocation(J, Entry.first);
            J.attributeArray("replacements", [&] {
              for (const FixIt *Fix : Entry.second)
                J.object([&] {
                  J.attributeObject("deletedRegion", [&] {
                    J.attribute("byteOffset", Fix->Offset);
                    J.attribute("byteLength", Fix->Length);
                  });
                  if (!Fix->Replacement.empty())
                    J.attributeObject("insertedContent",
                                      [&] { J.attribute("text", utf8(Fix->Replacement)); });
                });
            });
          });
      });
    });
  });
}

void SarifWriter::writeFingerprint(const Finding &F) {
  std::string Hash = lineHash(F);
  unsigned Occurrence = ++HashCounts[{F.Where.File, Hash}];
  J.attributeObject("partialFingerprints", [&] {
    J.attribute("primaryLocationLineHash", Hash + ":" + std::to_string(Occurrence));
  });
}

} // namespace

void writeSarif(llvm::raw_ostream &OS, const RunReport &Report, const OutputOptions &Options) {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  SarifWriter(J, Report, Options).write();
  OS << '\n';
}

} // namespace cudalint
