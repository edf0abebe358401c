// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cudalint's JSON report, for scripts. Keys always appear, in this order;
// a location that is not known is null. Lines are 1-based, columns 1-based
// bytes, offsets 0-based bytes; paths are absolute. "version" changes only
// when a key is removed or changes meaning; new keys may be added.
//
//   {
//     "version": 1,
//     "tool": {"name": "cudalint", "version": "0.1.0"},
//     "findings": [
//       {
//         "check": "cuda-unchecked-error",
//         "severity": "warning",            // or "error" (--warnings-as-errors)
//         "file": "/src/a.cu", "line": 12, "column": 3,
//         "message": "...",
//         // how many instantiations a unit made of the template code the
//         // finding is in: one problem, reported once (1 outside templates)
//         "instances": 1,
//         // "step": true for the steps of the path a path-sensitive check
//         // followed (in order, the last where the bug happens); false for
//         // other notes
//         "notes": [{"file": ..., "line": ..., "column": ..., "message": ...,
//                    "step": false}],
//         "fixes": [{"file": ..., "offset": 240, "length": 0,
//                    "replacement": "CHECK(", "line": 12, "column": 3}]
//       }
//     ],
//     "problems": [{"file": "/src/b.cu", "message": "..."}],  // file may be null
//     "units": ["/src/a.cu", "/src/b.cu"],
//     // how each unit was analysed: its clang command, the functions the
//     // Static Analyzer did not finish, and clang's errors in the code that
//     // was set aside to analyse the rest of the unit, with the host
//     // functions skipped and the headers not found (read as empty) among
//     // it (the unit is not among the problems); with --verbose also "parseSeconds",
//     // "analysisSeconds", "peakMemoryKiB", "precompiledHeaders", "fromCache"
//     "analysis": [{"file": "/src/a.cu", "directory": "/build",
//                   "command": ["clang++", ...],
//                   // over the node budget, "fallback": what the cheaper
//                   // exploration that finished the function gave up
//                   "analyzerLimits": [{"function": "f", "file": ..., "line": ...,
//                                       "column": ..., "reason": "...",
//                                       "fallback": "..."}],
//                   "functionsExplored": 12,
//                   // calls of the CUDA API and launches in host code
//                   "hostCudaCalls": 40,
//                   "errorsSetAside": ["/src/a.cu:6:5: error: ..."],
//                   "codeSkipped": ["ns::f (/src/a.cu:6)",
//                                   "the declaration of 'table' (/src/a.cu:2)"],
//                   "includesNotFound": ["/src/a.cu:1:10: error: 'x.h' file not found"],
//                   // of a unit clang rejected: the enabled path-sensitive
//                   // checks, which did not run (the AST checks did)
//                   "checksNotRun": ["cuda-memory-leak", ...],
//                   // where the installed toolkit's headers rejected its
//                   // host code: what it was analysed against instead
//                   "olderDeclarations": "the CUDA 12.9 declarations ...",
//                   "errorWithToolkit": "/src/a.cu:9:3: error: ..."}]
//   }
#include "report/Output.h"

#include "llvm/Support/JSON.h"

namespace cudalint {

namespace {

// Source lines and paths are bytes; JSON strings must be UTF-8.
std::string utf8(llvm::StringRef Text) {
  return llvm::json::isUTF8(Text) ? Text.str() : llvm::json::fixUTF8(Text);
}

void writeLocation(llvm::json::OStream &J, const SourcePoint &Where);

} // namespace

void writeUnitRun(llvm::json::OStream &J, const UnitRun &Run) {
  J.object([&] {
    J.attribute("file", utf8(Run.File));
    J.attribute("directory", utf8(Run.Directory));
    J.attributeArray("command", [&] {
      for (const std::string &Argument : Run.Command)
        J.value(utf8(Argument));
    });
    J.attributeArray("analyzerLimits", [&] {
      for (const AnalysisLimit &Limit : Run.Limits)
        J.object([&] {
          J.attribute("function", utf8(Limit.Function));
          writeLocation(J, Limit.Where);
          J.attribute("reason", utf8(Limit.Reason));
          if (!Limit.Fallback.empty())
            J.attribute("fallback", utf8(Limit.Fallback));
        });
    });
    J.attribute("functionsExplored", static_cast<int64_t>(Run.FunctionsExplored));
    J.attribute("hostCudaCalls", static_cast<int64_t>(Run.HostCudaCalls));
    for (auto [Key, Texts] : {std::pair{"errorsSetAside", &Run.SetAside.Errors},
                              std::pair{"codeSkipped", &Run.SetAside.Skipped},
                              std::pair{"includesNotFound", &Run.SetAside.Includes}})
      J.attributeArray(Key, [&, Texts = Texts] {
        for (const std::string &Text : *Texts)
          J.value(utf8(Text));
      });
    J.attributeArray("checksNotRun", [&] {
      for (const std::string &Check : Run.ChecksNotRun)
        J.value(Check);
    });
    if (!Run.OlderDeclarations.empty()) {
      J.attribute("olderDeclarations", utf8(Run.OlderDeclarations));
      J.attribute("errorWithToolkit", utf8(Run.ErrorWithToolkit));
    }
    if (!Run.HasTiming)
      return;
    J.attribute("parseSeconds", Run.ParseSeconds);
    J.attribute("analysisSeconds", Run.AnalysisSeconds);
    J.attribute("peakMemoryKiB", static_cast<int64_t>(Run.PeakMemoryKiB));
    J.attribute("precompiledHeaders", Run.PreambleUsed);
    J.attribute("fromCache", Run.FromCache);
  });
}

namespace {

void writeLocation(llvm::json::OStream &J, const SourcePoint &Where) {
  if (!Where.valid()) {
    J.attribute("file", nullptr);
    J.attribute("line", nullptr);
    J.attribute("column", nullptr);
    return;
  }
  J.attribute("file", utf8(Where.File));
  J.attribute("line", Where.Line);
  J.attribute("column", Where.Column);
}

void writeFinding(llvm::json::OStream &J, const Finding &F) {
  J.object([&] {
    J.attribute("check", utf8(F.CheckId));
    J.attribute("severity", F.Level == Severity::Error ? "error" : "warning");
    writeLocation(J, F.Where);
    J.attribute("message", utf8(F.Message));
    J.attribute("instances", F.Instances);
    J.attributeArray("notes", [&] {
      for (const FindingNote &Note : F.Notes)
        J.object([&] {
          writeLocation(J, Note.Where);
          J.attribute("message", utf8(Note.Message));
          J.attribute("step", Note.PathStep);
        });
    });
    J.attributeArray("fixes", [&] {
      for (const FixIt &Fix : F.Fixes)
        J.object([&] {
          J.attribute("file", utf8(Fix.File));
          J.attribute("offset", Fix.Offset);
          J.attribute("length", Fix.Length);
          J.attribute("replacement", utf8(Fix.Replacement));
          if (Fix.Begin.valid()) {
            J.attribute("line", Fix.Begin.Line);
            J.attribute("column", Fix.Begin.Column);
          } else {
            J.attribute("line", nullptr);
            J.attribute("column", nullptr);
          }
        });
    });
  });
}

} // namespace

void writeJson(llvm::raw_ostream &OS, const RunReport &Report, const OutputOptions &) {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("version", 1);
    J.attributeObject("tool", [&] {
      J.attribute("name", "cudalint");
      J.attribute("version", utf8(Report.ToolVersion));
    });
    J.attributeArray("findings", [&] {
      for (const Finding &F : Report.Findings)
        writeFinding(J, F);
    });
    J.attributeArray("problems", [&] {
      for (const RunProblem &Problem : Report.Problems)
        J.object([&] {
          if (Problem.File.empty())
            J.attribute("file", nullptr);
          else
            J.attribute("file", utf8(Problem.File));
          J.attribute("message", utf8(Problem.Message));
        });
    });
    J.attributeArray("units", [&] {
      for (const std::string &Unit : Report.Units)
        J.value(utf8(Unit));
    });
    J.attributeArray("analysis", [&] {
      for (const UnitRun &Run : Report.Runs)
        writeUnitRun(J, Run);
    });
  });
  OS << '\n';
}

} // namespace cudalint
