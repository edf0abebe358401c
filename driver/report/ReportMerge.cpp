// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "report/ReportMerge.h"
#include "support/JsonInput.h"

#include "report/Utf16Columns.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <set>

namespace cudalint {

namespace {

using llvm::json::Array;
using llvm::json::Object;

llvm::Error malformed(const llvm::Twine &What) {
  return llvm::createStringError("not a report cudalint wrote: " + What);
}

// A finding's instantiation count as a report gives it (JSON's "instances",
// SARIF's occurrenceCount): 1 where absent or out of range.
unsigned instanceCount(std::optional<int64_t> Count) {
  return Count && *Count > 1 && *Count <= UINT32_MAX ? static_cast<unsigned>(*Count) : 1;
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return llvm::sys::path::convert_to_slash(Absolute);
}

std::string text(const Object *O, llvm::StringRef Key) {
  if (!O)
    return "";
  std::optional<llvm::StringRef> Value = O->getString(Key);
  return Value ? Value->str() : "";
}

unsigned number(const Object *O, llvm::StringRef Key) {
  if (!O)
    return 0;
  std::optional<int64_t> Value = O->getInteger(Key);
  return Value && *Value > 0 ? static_cast<unsigned>(*Value) : 0;
}

const Object *object(const Object *O, llvm::StringRef Key) {
  return O ? O->getObject(Key) : nullptr;
}

const Array *array(const Object *O, llvm::StringRef Key) { return O ? O->getArray(Key) : nullptr; }

const Object *first(const Array *A) {
  return A && !A->empty() ? A->front().getAsObject() : nullptr;
}

// The JSON report's "analysis" and SARIF's run property "cudalintUnits".
void readUnitRuns(const Array *Runs, std::vector<UnitRun> &Into) {
  if (!Runs)
    return;
  for (const llvm::json::Value &Value : *Runs) {
    const Object *O = Value.getAsObject();
    if (!O)
      continue;
    UnitRun Run;
    Run.File = text(O, "file");
    Run.Directory = text(O, "directory");
    if (const Array *Command = array(O, "command"))
      for (const llvm::json::Value &Argument : *Command)
        if (std::optional<llvm::StringRef> Text = Argument.getAsString())
          Run.Command.push_back(Text->str());
    Run.FunctionsExplored = number(O, "functionsExplored");
    Run.HostCudaCalls = number(O, "hostCudaCalls");
    if (const Array *Limits = array(O, "analyzerLimits"))
      for (const llvm::json::Value &Entry : *Limits) {
        const Object *L = Entry.getAsObject();
        AnalysisLimit Limit;
        Limit.Function = text(L, "function");
        Limit.Where.File = text(L, "file");
        Limit.Where.Line = number(L, "line");
        Limit.Where.Column = number(L, "column");
        Limit.Reason = text(L, "reason");
        Limit.Fallback = text(L, "fallback");
        Run.Limits.push_back(std::move(Limit));
      }
    for (auto [Key, Texts] : {std::pair{"errorsSetAside", &Run.SetAside.Errors},
                              std::pair{"codeSkipped", &Run.SetAside.Skipped},
                              std::pair{"includesNotFound", &Run.SetAside.Includes}})
      if (const Array *Entries = array(O, Key))
        for (const llvm::json::Value &Entry : *Entries)
          if (std::optional<llvm::StringRef> Text = Entry.getAsString())
            Texts->push_back(Text->str());
    if (const Array *Checks = array(O, "checksNotRun"))
      for (const llvm::json::Value &Check : *Checks)
        if (std::optional<llvm::StringRef> Text = Check.getAsString())
          Run.ChecksNotRun.push_back(Text->str());
    Run.OlderDeclarations = text(O, "olderDeclarations");
    Run.ErrorWithToolkit = text(O, "errorWithToolkit");
    if (std::optional<double> Parse = O->getNumber("parseSeconds")) {
      Run.HasTiming = true;
      Run.ParseSeconds = *Parse;
      Run.AnalysisSeconds = O->getNumber("analysisSeconds").value_or(0);
      Run.PeakMemoryKiB = O->getInteger("peakMemoryKiB").value_or(0);
      Run.PreambleUsed = O->getBoolean("precompiledHeaders").value_or(false);
      Run.FromCache = O->getBoolean("fromCache").value_or(false);
    }
    Into.push_back(std::move(Run));
  }
}

// The inverse of the SARIF writer's uriEscape.
std::string uriUnescape(llvm::StringRef Uri) {
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Byte;
    if (Uri[I] == '%' && I + 2 < Uri.size() && !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path.push_back(static_cast<char>(Byte));
      I += 2;
      continue;
    }
    Path.push_back(Uri[I]);
  }
  return Path;
}

std::string pathOfFileUri(llvm::StringRef Uri) {
  Uri.consume_front("file://");
  std::string Path = uriUnescape(Uri);
  // file:///C:/a -> C:/a
  if (Path.size() > 2 && Path[0] == '/' && Path[2] == ':')
    Path.erase(0, 1);
  return Path;
}

// The 1-based byte column of a 1-based UTF-16 column, through the line's
// text: the inverse of the SARIF writer's.
unsigned byteColumn(llvm::StringRef Line, unsigned Utf16Column) {
  if (Utf16Column == 0)
    return 0;
  return static_cast<unsigned>(bytesForUtf16Units(Line, Utf16Column - 1) + 1);
}

class SarifReader {
public:
  llvm::Error read(const Object &Root, ReadReport &Read);

private:
  std::string fileOf(const Object *ArtifactLocation) const;
  SourcePoint point(const Object *PhysicalLocation, bool WithContext) const;
  Finding finding(const Object &Result) const;

  std::string RootPath; // ends in '/' when set
};

std::string SarifReader::fileOf(const Object *ArtifactLocation) const {
  std::string Uri = text(ArtifactLocation, "uri");
  if (Uri.empty())
    return "";
  if (text(ArtifactLocation, "uriBaseId") == "SRCROOT")
    return RootPath + uriUnescape(Uri);
  return pathOfFileUri(Uri);
}

SourcePoint SarifReader::point(const Object *PhysicalLocation, bool WithContext) const {
  SourcePoint Where;
  if (!PhysicalLocation)
    return Where;
  Where.File = fileOf(object(PhysicalLocation, "artifactLocation"));
  const Object *Region = object(PhysicalLocation, "region");
  Where.Line = number(Region, "startLine");
  unsigned Column = number(Region, "startColumn");
  // Only the primary location carries its line; a line-less point's column
  // is written as it is.
  // The writer leaves the context out where the snippet is the whole line.
  if (WithContext)
    Where.LineText =
        text(object(object(PhysicalLocation, Column > 1 ? "contextRegion" : "region"), "snippet"),
             "text");
  Where.Column = byteColumn(Where.LineText, Column);
  return Where;
}

Finding SarifReader::finding(const Object &Result) const {
  Finding F;
  F.CheckId = text(&Result, "ruleId");
  F.Level = text(&Result, "level") == "error" ? Severity::Error : Severity::Warning;
  F.Message = text(object(&Result, "message"), "text");
  F.Instances = instanceCount(Result.getInteger("occurrenceCount"));
  F.Where = point(object(first(array(&Result, "locations")), "physicalLocation"),
                  /*WithContext=*/true);
  if (const Array *Related = array(&Result, "relatedLocations"))
    for (const llvm::json::Value &Value : *Related)
      if (const Object *Note = Value.getAsObject())
        F.Notes.push_back({point(object(Note, "physicalLocation"), /*WithContext=*/false),
                           text(object(Note, "message"), "text"), /*PathStep=*/false});
  const Object *Flow = first(array(first(array(&Result, "codeFlows")), "threadFlows"));
  if (const Array *Steps = array(Flow, "locations"))
    for (const llvm::json::Value &Value : *Steps) {
      const Object *Step = object(Value.getAsObject(), "location");
      F.Notes.push_back({point(object(Step, "physicalLocation"), /*WithContext=*/false),
                         text(object(Step, "message"), "text"), /*PathStep=*/true});
    }
  if (const Array *Changes = array(first(array(&Result, "fixes")), "artifactChanges"))
    for (const llvm::json::Value &Value : *Changes) {
      const Object *Change = Value.getAsObject();
      std::string File = fileOf(object(Change, "artifactLocation"));
      if (const Array *Replacements = array(Change, "replacements"))
        for (const llvm::json::Value &Replacement : *Replacements) {
          const Object *Edit = Replacement.getAsObject();
          FixIt Fix;
          Fix.File = File;
          Fix.Offset = number(object(Edit, "deletedRegion"), "byteOffset");
          Fix.Length = number(object(Edit, "deletedRegion"), "byteLength");
          Fix.Replacement = text(object(Edit, "insertedContent"), "text");
          F.Fixes.push_back(std::move(Fix));
        }
    }
  return F;
}

llvm::Error SarifReader::read(const Object &Root, ReadReport &Read) {
  Read.Format = ReportFormat::Sarif;
  const Array *Runs = array(&Root, "runs");
  if (!Runs || Runs->size() != 1 || !first(Runs))
    return malformed("a SARIF log of one run");
  const Object *Run = first(Runs);
  const Object *Driver = object(object(Run, "tool"), "driver");
  if (text(Driver, "name") != "cudalint")
    return malformed("the SARIF log's tool is not cudalint");
  Read.Report.ToolVersion = text(Driver, "version");
  if (const Array *Rules = array(Driver, "rules"))
    for (const llvm::json::Value &Rule : *Rules)
      Read.RuleIds.push_back(text(Rule.getAsObject(), "id"));

  std::string RootUri = text(object(object(Run, "originalUriBaseIds"), "SRCROOT"), "uri");
  if (!RootUri.empty()) {
    RootPath = pathOfFileUri(RootUri);
    Read.SourceRoot = RootPath;
  }

  if (const Array *Notifications =
          array(first(array(Run, "invocations")), "toolExecutionNotifications"))
    for (const llvm::json::Value &Value : *Notifications) {
      const Object *Notification = Value.getAsObject();
      RunProblem Problem;
      Problem.Message = text(object(Notification, "message"), "text");
      Problem.File = fileOf(object(
          object(first(array(Notification, "locations")), "physicalLocation"), "artifactLocation"));
      Read.Report.Problems.push_back(std::move(Problem));
    }
  if (const Array *Artifacts = array(Run, "artifacts"))
    for (const llvm::json::Value &Value : *Artifacts) {
      const Object *Artifact = Value.getAsObject();
      const Array *Roles = array(Artifact, "roles");
      if (Roles && llvm::any_of(*Roles, [](const llvm::json::Value &Role) {
            return Role.getAsString() == "analysisTarget";
          }))
        Read.Report.Units.push_back(fileOf(object(Artifact, "location")));
    }
  readUnitRuns(array(object(Run, "properties"), "cudalintUnits"), Read.Report.Runs);
  const Array *Results = array(Run, "results");
  if (!Results)
    return malformed("the SARIF run has no results array");
  for (const llvm::json::Value &Value : *Results)
    if (const Object *Result = Value.getAsObject())
      Read.Report.Findings.push_back(finding(*Result));
  return llvm::Error::success();
}

SourcePoint jsonPoint(const Object *O) {
  SourcePoint Where;
  Where.File = text(O, "file");
  Where.Line = number(O, "line");
  Where.Column = number(O, "column");
  return Where;
}

llvm::Error readJson(const Object &Root, ReadReport &Read) {
  Read.Format = ReportFormat::Json;
  if (Root.getInteger("version") != 1)
    return malformed("a JSON report of version 1");
  Read.Report.ToolVersion = text(object(&Root, "tool"), "version");
  const Array *Findings = array(&Root, "findings");
  if (!Findings)
    return malformed("the JSON report has no findings array");
  for (const llvm::json::Value &Value : *Findings) {
    const Object *Found = Value.getAsObject();
    Finding F;
    F.CheckId = text(Found, "check");
    F.Level = text(Found, "severity") == "error" ? Severity::Error : Severity::Warning;
    F.Where = jsonPoint(Found);
    F.Message = text(Found, "message");
    F.Instances = instanceCount(Found ? Found->getInteger("instances") : std::nullopt);
    if (const Array *Notes = array(Found, "notes"))
      for (const llvm::json::Value &Note : *Notes) {
        const Object *N = Note.getAsObject();
        F.Notes.push_back(
            {jsonPoint(N), text(N, "message"), N && N->getBoolean("step").value_or(false)});
      }
    if (const Array *Fixes = array(Found, "fixes"))
      for (const llvm::json::Value &Value : *Fixes) {
        const Object *Edit = Value.getAsObject();
        FixIt Fix;
        Fix.File = text(Edit, "file");
        Fix.Offset = number(Edit, "offset");
        Fix.Length = number(Edit, "length");
        Fix.Replacement = text(Edit, "replacement");
        Fix.Begin = jsonPoint(Edit);
        Fix.Begin.File = Fix.File;
        F.Fixes.push_back(std::move(Fix));
      }
    Read.Report.Findings.push_back(std::move(F));
  }
  if (const Array *Problems = array(&Root, "problems"))
    for (const llvm::json::Value &Value : *Problems)
      Read.Report.Problems.push_back(
          {text(Value.getAsObject(), "file"), text(Value.getAsObject(), "message")});
  if (const Array *Units = array(&Root, "units"))
    for (const llvm::json::Value &Unit : *Units)
      if (std::optional<llvm::StringRef> Path = Unit.getAsString())
        Read.Report.Units.push_back(Path->str());
  readUnitRuns(array(&Root, "analysis"), Read.Report.Runs);
  return llvm::Error::success();
}

int mergeError(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "cudalint") << Message << "\n";
  return 2;
}

} // namespace

llvm::Expected<ReadReport> readReport(llvm::StringRef Text) {
  llvm::Expected<llvm::json::Value> Parsed = parseJsonInput(Text);
  if (!Parsed)
    return malformed("invalid JSON: " + llvm::toString(Parsed.takeError()));
  const Object *Root = Parsed->getAsObject();
  if (!Root)
    return malformed("not a JSON object");
  ReadReport Read;
  if (llvm::Error Error =
          Root->get("runs") ? SarifReader().read(*Root, Read) : readJson(*Root, Read))
    return std::move(Error);
  return Read;
}

void sortProblems(std::vector<RunProblem> &Problems) {
  std::set<std::pair<std::string, std::string>> Seen;
  std::vector<RunProblem> Unique;
  for (RunProblem &Problem : Problems)
    if (Seen.insert({Problem.File, Problem.Message}).second)
      Unique.push_back(std::move(Problem));
  llvm::stable_sort(Unique, [](const RunProblem &A, const RunProblem &B) {
    auto Key = [](const RunProblem &P) { return P.File.empty() ? "" : absolutePath(P.File); };
    return Key(A) < Key(B);
  });
  Problems = std::move(Unique);
}

void sortReport(RunReport &Report) {
  llvm::stable_sort(Report.Findings);
  // A header's template reported by every unit that includes it: once, with
  // the instantiations of the unit that made the most.
  std::vector<Finding> Unique;
  for (Finding &Found : Report.Findings) {
    if (!Unique.empty() && Unique.back().key() == Found.key()) {
      Unique.back().Instances = std::max(Unique.back().Instances, Found.Instances);
      continue;
    }
    Unique.push_back(std::move(Found));
  }
  Report.Findings = std::move(Unique);
  sortProblems(Report.Problems);
  llvm::sort(Report.Units);
  Report.Units.erase(std::unique(Report.Units.begin(), Report.Units.end()), Report.Units.end());
  llvm::stable_sort(Report.Runs,
                    [](const UnitRun &A, const UnitRun &B) { return A.key() < B.key(); });
  Report.Runs.erase(
      std::unique(Report.Runs.begin(), Report.Runs.end(),
                  [](const UnitRun &A, const UnitRun &B) { return A.key() == B.key(); }),
      Report.Runs.end());
}

int mergeReports(const MergeRequest &Request) {
  if (Request.Inputs.empty())
    return mergeError("--merge needs the reports to merge (the shards' --output files)");
  std::vector<ReadReport> Reads;
  for (const std::string &Input : Request.Inputs) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFileOrSTDIN(Input);
    if (!Buffer)
      return mergeError("cannot read '" + Input + "': " + Buffer.getError().message());
    llvm::Expected<ReadReport> Read = readReport((*Buffer)->getBuffer());
    if (!Read)
      return mergeError("'" + Input + "': " + llvm::toString(Read.takeError()));
    if (Read->Report.ToolVersion != Request.ToolVersion)
      return mergeError("'" + Input + "' was written by cudalint " + Read->Report.ToolVersion +
                        "; this is cudalint " + Request.ToolVersion +
                        ", and merges only its own reports");
    if (!Reads.empty() && Read->Format != Reads.front().Format)
      return mergeError("'" + Input + "' is not in the format of '" + Request.Inputs.front() +
                        "'; merge SARIF with SARIF and JSON with JSON");
    if (!Reads.empty() && Read->SourceRoot != Reads.front().SourceRoot)
      return mergeError("'" + Input + "' has another --source-root than '" +
                        Request.Inputs.front() + "' ('" + Read->SourceRoot + "', '" +
                        Reads.front().SourceRoot + "')");
    Reads.push_back(std::move(*Read));
  }
  ReportFormat Format = Reads.front().Format;
  llvm::StringRef FormatName = Format == ReportFormat::Sarif ? "sarif" : "json";
  if (!Request.RequestedFormat.empty() && Request.RequestedFormat != FormatName)
    return mergeError("--merge writes the inputs' format (" + FormatName +
                      "), not --format=" + Request.RequestedFormat);

  RunReport Merged;
  Merged.ToolVersion = Request.ToolVersion;
  std::set<std::string> RuleIds;
  for (ReadReport &Read : Reads) {
    llvm::append_range(Merged.Findings, Read.Report.Findings);
    llvm::append_range(Merged.Problems, Read.Report.Problems);
    llvm::append_range(Merged.Units, Read.Report.Units);
    llvm::append_range(Merged.Runs, Read.Report.Runs);
    RuleIds.insert(Read.RuleIds.begin(), Read.RuleIds.end());
  }
  sortReport(Merged);

  OutputOptions Options;
  Options.SourceRoot = Reads.front().SourceRoot;
  for (const CheckDescription &Check : registeredChecks())
    if (RuleIds.erase(Check.Id.str()))
      Options.Rules.push_back(&Check);
  if (!RuleIds.empty())
    return mergeError("the reports name rules this cudalint does not have: " +
                      llvm::join(RuleIds, ", "));

  std::error_code Error;
  std::unique_ptr<llvm::ToolOutputFile> File;
  if (!Request.Output.empty()) {
    File = std::make_unique<llvm::ToolOutputFile>(Request.Output, Error, llvm::sys::fs::OF_Text);
    if (Error)
      return mergeError("cannot write '" + Request.Output + "': " + Error.message());
  }
  llvm::raw_ostream &OS = File ? File->os() : llvm::outs();
  if (Format == ReportFormat::Sarif)
    writeSarif(OS, Merged, Options);
  else
    writeJson(OS, Merged, Options);
  if (File)
    File->keep();
  OS.flush();

  size_t Errors =
      llvm::count_if(Merged.Findings, [](const Finding &F) { return F.Level == Severity::Error; });
  size_t Warnings = Merged.Findings.size() - Errors;
  if (!Request.Quiet)
    llvm::errs() << Warnings << " warning" << (Warnings == 1 ? "" : "s") << " and " << Errors
                 << " error" << (Errors == 1 ? "" : "s") << " in " << Merged.Units.size() << " unit"
                 << (Merged.Units.size() == 1 ? "" : "s") << " of " << Reads.size() << " report"
                 << (Reads.size() == 1 ? "" : "s") << ".\n";
  if (!Merged.Problems.empty())
    return 2;
  return Merged.Findings.empty() ? 0 : 1;
}

} // namespace cudalint
