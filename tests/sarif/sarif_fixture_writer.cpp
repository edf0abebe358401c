// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Writes a SARIF log that exercises everything writeSarif emits, for the
// schema validation test: three findings (one with notes and a two-part
// fix-it, one promoted to an error, one with path steps that become a code
// flow), a file under the source root and one
// outside it, a path with a space, and a unit that could not be analysed.
//
//   sarif_fixture_writer VALID.sarif [BROKEN.sarif]
//
// BROKEN.sarif is the same log without its "version", which a validator
// must reject.
#include "report/Output.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace {

using namespace cudalint;

SourcePoint point(std::string File, unsigned Line, unsigned Column, std::string Text) {
  SourcePoint P;
  P.File = std::move(File);
  P.Line = Line;
  P.Column = Column;
  P.LineText = std::move(Text);
  return P;
}

RunReport fixtureReport() {
  const std::string Kernel = "/work/project/src/kernel.cu";
  const std::string Line = "  cudaMalloc(&d_data, bytes);";

  Finding Unchecked;
  Unchecked.CheckId = "cuda-unchecked-error";
  Unchecked.Where = point(Kernel, 12, 3, Line);
  Unchecked.Message = "the cudaError_t returned by cudaMalloc is discarded";
  Unchecked.Notes.push_back(
      {point(Kernel, 10, 10, "  float *d_data = nullptr;"), "d_data is used by the launch below"});
  Unchecked.Notes.push_back({SourcePoint(), "wrap the call in CUDA_CHECK"});
  FixIt Open;
  Open.File = Kernel;
  Open.Offset = 231;
  Open.Replacement = "CUDA_CHECK(";
  Open.Begin = Open.End = Unchecked.Where;
  FixIt Close = Open;
  Close.Offset = 256;
  Close.Replacement = ")";
  Close.Begin.Column = Close.End.Column = 28;
  Unchecked.Fixes = {Open, Close};

  Finding Alloc;
  Alloc.CheckId = "cuda-alloc-pointer-arg";
  Alloc.Level = Severity::Error;
  Alloc.Where = point("/work/project/src/sub dir/copy.cu", 7, 14, "  cudaMalloc(d_out, n);");
  Alloc.Message = "cudaMalloc is given the pointer d_out, not its address";

  Finding Leak;
  Leak.CheckId = "cuda-memory-leak";
  Leak.Where = point(Kernel, 12, 3, Line);
  Leak.Message = "device memory allocated by 'cudaMalloc' is not released on "
                 "every path; the GPU keeps it allocated until the process exits";
  Leak.Notes.push_back(
      {point(Kernel, 12, 3, Line), "device memory is allocated here by 'cudaMalloc'", true});
  Leak.Notes.push_back({point(Kernel, 14, 7, "  if (status != cudaSuccess)"),
                        "assuming 'status' is not equal to cudaSuccess", true});
  Leak.Notes.push_back({point(Kernel, 15, 5, "    return;"),
                        "'run' returns here without releasing the memory", true});

  RunReport Report;
  Report.ToolVersion = "0.1.0";
  Report.Findings = {Unchecked, Alloc, Leak};
  Report.Problems.push_back({"/opt/vendor/broken.cu", "error: unknown type name '__nv_bfloat16'"});
  Report.Units = {Kernel, "/work/project/src/sub dir/copy.cu", "/opt/vendor/broken.cu"};
  return Report;
}

const CheckDescription Rules[] = {
    {"cuda-alloc-pointer-arg", "Finds cudaMalloc calls given a pointer instead of its address.",
     "cudaMalloc writes the device address through its first argument; "
     "passing the pointer itself leaves it uninitialised.",
     nullptr},
    {"cuda-memory-leak", "Finds CUDA allocations not released on some path.",
     "Device memory stays allocated until the process exits.", nullptr},
    {"cuda-unchecked-error", "Finds CUDA runtime calls whose cudaError_t is ignored.",
     "A failed allocation or __global__ launch goes unnoticed until a later, "
     "unrelated call reports it.",
     nullptr},
};

bool writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code Error;
  llvm::raw_fd_ostream OS(Path, Error, llvm::sys::fs::OF_Text);
  if (Error) {
    llvm::errs() << Path << ": " << Error.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: sarif_fixture_writer VALID.sarif [BROKEN.sarif]\n";
    return 2;
  }
  OutputOptions Options;
  Options.SourceRoot = "/work/project";
  for (const CheckDescription &Rule : Rules)
    Options.Rules.push_back(&Rule);

  std::string Sarif;
  llvm::raw_string_ostream OS(Sarif);
  writeSarif(OS, fixtureReport(), Options);
  if (!writeFile(argv[1], Sarif))
    return 1;
  if (argc == 2)
    return 0;

  llvm::Expected<llvm::json::Value> Log = llvm::json::parse(Sarif);
  if (!Log) {
    llvm::errs() << "writeSarif wrote invalid JSON: " << llvm::toString(Log.takeError()) << "\n";
    return 1;
  }
  Log->getAsObject()->erase("version");
  std::string Broken;
  llvm::raw_string_ostream BrokenOS(Broken);
  BrokenOS << llvm::formatv("{0:2}", *Log) << "\n";
  return writeFile(argv[2], Broken) ? 0 : 1;
}
