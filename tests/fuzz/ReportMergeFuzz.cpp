// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A SARIF or JSON report that --merge reads back (a shard's, a CI artifact).
#include "FuzzTarget.h"

#include "CheckRegistry.h"
#include "report/Output.h"
#include "report/ReportMerge.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace cudalint::fuzz {

int report_merge(const uint8_t *Data, size_t Size) {
  llvm::Expected<ReadReport> Read = readReport(asText(Data, Size));
  if (!Read) {
    llvm::consumeError(Read.takeError());
    return 0;
  }
  sortReport(Read->Report);
  OutputOptions Options;
  Options.SourceRoot = Read->SourceRoot;
  for (const CheckDescription &Check : registeredChecks())
    if (llvm::is_contained(Read->RuleIds, Check.Id.str()))
      Options.Rules.push_back(&Check);
  if (Options.Rules.size() !=
      std::set<std::string>(Read->RuleIds.begin(), Read->RuleIds.end()).size())
    return 0; // --merge refuses rules it does not have
  std::string Text;
  llvm::raw_string_ostream TextOut(Text);
  writeText(TextOut, Read->Report, Options);
  // Written again in its own format, it reads back.
  std::string Written;
  llvm::raw_string_ostream Out(Written);
  if (Read->Format == ReportFormat::Sarif)
    writeSarif(Out, Read->Report, Options);
  else
    writeJson(Out, Read->Report, Options);
  llvm::Expected<ReadReport> Again = readReport(Written);
  require(static_cast<bool>(Again));
  require(Again->Report.Findings.size() == Read->Report.Findings.size());
  return 0;
}

} // namespace cudalint::fuzz
