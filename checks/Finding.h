// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A finding as checks produce it and the driver prints it. It carries text,
// not clang SourceLocations, so findings outlive the unit that produced them
// and can be sorted and de-duplicated across units.
#ifndef CUDALINT_CHECKS_FINDING_H
#define CUDALINT_CHECKS_FINDING_H

#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

struct SourcePoint {
  std::string File; // absolute, native separators
  unsigned Line = 0;
  unsigned Column = 0;
  std::string LineText; // the whole source line, for the caret display

  bool valid() const { return Line != 0; }
  friend bool operator<(const SourcePoint &A, const SourcePoint &B) {
    return std::tie(A.File, A.Line, A.Column) < std::tie(B.File, B.Line, B.Column);
  }
  friend bool operator==(const SourcePoint &A, const SourcePoint &B) {
    return std::tie(A.File, A.Line, A.Column) == std::tie(B.File, B.Line, B.Column);
  }
};

struct FindingNote {
  SourcePoint Where;
  std::string Message;
  // A step of the path that leads to the finding (path-sensitive checks):
  // SARIF writes the steps as a code flow, in order.
  bool PathStep = false;
};

// A replacement of the bytes [Offset, Offset + Length) of File.
struct FixIt {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Replacement;
  SourcePoint Begin;
  SourcePoint End;
};

enum class Severity { Warning, Error };

struct Finding {
  std::string CheckId;
  Severity Level = Severity::Warning;
  // An error only because --warnings-as-errors named its check; clang-tidy
  // marks such findings `[check,-warnings-as-errors]`.
  bool PromotedToError = false;
  SourcePoint Where;
  std::string Message;
  std::vector<FindingNote> Notes;
  std::vector<FixIt> Fixes;
  // How many instantiations the unit made of the template code the finding
  // is in: one problem in the template, reported once (1 outside templates).
  unsigned Instances = 1;
  // For a finding judged on no function reading the launch error after the
  // call (an unchecked launch, a runtime status left to a later
  // cudaGetLastError()): the functions of other units, taken for not
  // reading it, that the error meets on its way (USRs, sorted). Were one
  // found to read it, the finding might go; nothing else the other units'
  // summaries tell can remove it. Empty for every other finding.
  std::vector<std::string> NonReadersAfter;

  auto key() const { return std::tie(Where, CheckId, Message); }
};

inline bool operator<(const Finding &A, const Finding &B) {
  if (!(A.Where == B.Where))
    return A.Where < B.Where;
  return std::tie(A.CheckId, A.Message) < std::tie(B.CheckId, B.Message);
}

// A function whose analysis stopped short: the Static Analyzer reached its
// budget there, so paths past that point were not explored and "no finding"
// in it does not mean "no bug". Reported by --verbose and in the reports.
struct AnalysisLimit {
  std::string Function; // qualified name, as users write it
  SourcePoint Where;    // the function's declaration
  std::string Reason;   // "node budget (150000 nodes) exhausted"
  // What the cheaper exploration that finished the function gave up
  // (AnalysisScope.h, Exploration); empty where none did, or none was needed.
  std::string Fallback;

  // Whether the function's full exploration used up the node budget.
  bool overBudget() const { return Reason.rfind("node budget", 0) == 0; }

  friend bool operator<(const AnalysisLimit &A, const AnalysisLimit &B) {
    return std::tie(A.Where, A.Function, A.Reason, A.Fallback) <
           std::tie(B.Where, B.Function, B.Reason, B.Fallback);
  }
};

// Clang's errors in code that was set aside so that the rest of a unit was
// analysed (the driver's run/RejectedCode.h): in device code, a declaration
// nvcc accepts, or host code, which is then named, as are the headers that
// were not there and were read as empty.
struct CodeSetAside {
  std::vector<std::string> Errors; // "/src/a.cu:6:5: error: ..."
  // The host functions and declarations not analysed: "ns::f (/src/a.cu:6)",
  // "the declaration of 'table' (/src/a.cu:2)".
  std::vector<std::string> Skipped;
  std::vector<std::string> Includes; // the errors of the headers not found
  bool empty() const { return Errors.empty(); }
  // Whether host code is missing from the analysis.
  bool partial() const { return !Skipped.empty() || !Includes.empty(); }
};

} // namespace cudalint

#endif
