// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// `cudalint_fuzz_replay <target> <file or folder>...`: every input once, in
// name order, through one fuzz target, without libFuzzer. CI runs each
// target's seeds and regressions so, so that an input that once crashed a
// reader fails the build if it crashes it again.
#include "FuzzTarget.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace llvm;

namespace {

struct Target {
  StringRef Name;
  int (*Run)(const uint8_t *, size_t);
};

constexpr Target Targets[] = {
#define CUDALINT_FUZZ_TARGET(Name) {#Name, cudalint::fuzz::Name},
#include "FuzzTargets.def"
};

void collectInputs(StringRef Path, std::vector<std::string> &Inputs) {
  if (!sys::fs::is_directory(Path)) {
    Inputs.push_back(Path.str());
    return;
  }
  std::error_code Error;
  for (sys::fs::directory_iterator It(Path, Error), End; It != End && !Error; It.increment(Error))
    if (sys::fs::is_regular_file(It->path()))
      Inputs.push_back(It->path());
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    errs() << "usage: " << Argv[0] << " <target> <file or folder>...\ntargets:";
    for (const Target &T : Targets)
      errs() << " " << T.Name;
    errs() << "\n";
    return 2;
  }
  const Target *Chosen = nullptr;
  for (const Target &T : Targets)
    if (T.Name == Argv[1])
      Chosen = &T;
  if (!Chosen) {
    errs() << Argv[0] << ": no fuzz target '" << Argv[1] << "'\n";
    return 2;
  }
  std::vector<std::string> Inputs;
  for (int I = 2; I < Argc; ++I)
    collectInputs(Argv[I], Inputs);
  std::sort(Inputs.begin(), Inputs.end());
  if (Inputs.empty()) {
    errs() << Argv[0] << ": no inputs for '" << Chosen->Name << "'\n";
    return 2;
  }
  for (const std::string &Input : Inputs) {
    auto Buffer = MemoryBuffer::getFile(Input, /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
    if (!Buffer) {
      errs() << Input << ": " << Buffer.getError().message() << "\n";
      return 2;
    }
    // Named first, so that the input that crashes is the last one printed.
    errs() << Chosen->Name << ": " << Input << "\n";
    StringRef Bytes = (*Buffer)->getBuffer();
    Chosen->Run(reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size());
  }
  outs() << Chosen->Name << ": " << Inputs.size() << " inputs replayed\n";
  return 0;
}
