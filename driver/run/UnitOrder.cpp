// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/UnitOrder.h"

#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/DependencyDirectivesScanner.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <functional>

using namespace llvm;

namespace cudalint {

std::vector<Include> includes(StringRef Source) {
  using namespace clang::dependency_directives_scan;
  SmallVector<Token, 64> Tokens;
  SmallVector<Directive, 32> Directives;
  std::vector<Include> Included;
  // A file the scanner cannot read through (an unterminated literal) tells
  // nothing of its includes.
  if (clang::scanSourceForDependencyDirectives(Source, Tokens, Directives))
    return Included;
  for (const Directive &D : Directives) {
    if (D.Kind != pp_include && D.Kind != pp_import)
      continue;
    for (const Token &T : D.Tokens) {
      StringRef Spelling = Source.substr(T.Offset, T.Length);
      if (T.Kind == clang::tok::header_name && Spelling.size() > 2) {
        Included.push_back({Spelling.drop_front().drop_back().str(), Spelling.front() == '<'});
        break;
      }
    }
  }
  return Included;
}

std::string withoutExtension(StringRef Path) {
  SmallString<256> Stripped(Path);
  sys::path::replace_extension(Stripped, "");
  sys::path::native(Stripped, sys::path::Style::posix);
  return std::string(Stripped);
}

namespace {

struct Ranked {
  size_t Index;                  // into Units
  int Kind;                      // 0 `.cu`, 1 another unit nvcc compiles, 2 C++ or C
  uint64_t Size;                 // of the main file
  std::string Path;              // absolute, without its extension
  std::vector<Include> Includes; // without their extensions
};

// Whether `Included` ("gromacs/gpu_utils/hostallocator") names the main file
// `Path` (".../gromacs/gpu_utils/hostallocator"): its last components.
bool namesAll(StringRef Path, StringRef Included) {
  return Path.ends_with(Included) &&
         (Path.size() == Included.size() || Path[Path.size() - Included.size() - 1] == '/');
}

} // namespace

MainFilesByName::MainFilesByName(std::vector<std::string> PathsWithoutExtension)
    : Paths(std::move(PathsWithoutExtension)) {
  for (size_t K = 0; K < Paths.size(); ++K)
    ByStem[sys::path::filename(Paths[K])].push_back(K);
}

std::vector<size_t> MainFilesByName::named(StringRef Included, StringRef Beside,
                                           bool NameAloneDoes) const {
  auto Named = ByStem.find(sys::path::filename(Included));
  if (Named == ByStem.end())
    return {};
  std::vector<size_t> Tiers[3]; // beside, named whole, same name
  for (size_t Other : Named->second) {
    if (Paths[Other] == Beside)
      Tiers[0].push_back(Other);
    if (namesAll(Paths[Other], Included))
      Tiers[1].push_back(Other);
    if (NameAloneDoes)
      Tiers[2].push_back(Other);
  }
  for (std::vector<size_t> &Found : Tiers)
    if (!Found.empty())
      return std::move(Found);
  return {};
}

SummaryOrder summaryOrder(const std::vector<Unit> &Units, const std::vector<size_t> &Candidates) {
  std::vector<Ranked> All;
  for (size_t I : Candidates) {
    const CompileCommand &Command = Units[I].Command;
    Ranked R{I, 2, 0, withoutExtension(Command.File), {}};
    if (isCudaUnit(Command))
      R.Kind = sys::path::extension(Command.File).equals_insensitive(".cu") ? 0 : 1;
    // Only a regular file: opening a FIFO would wait for a writer (the
    // worker pool reports such a unit).
    sys::fs::file_status Status;
    std::unique_ptr<MemoryBuffer> Text;
    if (!sys::fs::status(Command.File, Status) && sys::fs::is_regular_file(Status))
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> Read = MemoryBuffer::getFile(Command.File))
        Text = std::move(*Read);
    if (Text) {
      R.Size = Text->getBufferSize();
      for (Include &Included : includes(Text->getBuffer()))
        // An include with angle brackets names a project's file only with
        // a directory (<faiss/gpu/utils/DeviceUtils.h>): `<vector>` is
        // the library's, whatever the project names `vector.cpp`.
        if (!Included.Angled || StringRef(Included.Name).contains('/'))
          R.Includes.push_back({withoutExtension(Included.Name), Included.Angled});
    }
    All.push_back(std::move(R));
  }
  std::stable_sort(All.begin(), All.end(), [](const Ranked &A, const Ranked &B) {
    return A.Kind != B.Kind ? A.Kind < B.Kind : A.Size > B.Size;
  });
  // The units each one calls into, as its includes name them
  // (MainFilesByName). Not units of a later kind: a `.cu` that includes the
  // header a C++ unit is named after most often implements what it declares
  // (GROMACS's `nbnxm_cuda_data_mgmt.cu` and `nbnxm_gpu_data_mgmt.h`). Where
  // nvcc compiles that C++ unit too, the two are halves of one
  // implementation, and the C++ half calls the `.cu`'s
  // (`gpu_free_platform_specific`): it waits for the `.cu`. A plain C++
  // unit is more often a library the `.cu` calls.
  std::vector<std::string> Paths;
  for (const Ranked &R : All)
    Paths.push_back(R.Path);
  MainFilesByName ByName(std::move(Paths));
  std::vector<std::vector<size_t>> Callees(All.size());
  for (size_t K = 0; K < All.size(); ++K) {
    for (const Include &Included : All[K].Includes) {
      // Angle brackets search the include path alone: such an include
      // names a unit only by the end of its path, whole.
      SmallString<256> Beside;
      if (!Included.Angled) {
        Beside = sys::path::parent_path(All[K].Path);
        sys::path::append(Beside, sys::path::Style::posix, Included.Name);
        sys::path::remove_dots(Beside, /*remove_dot_dot=*/true, sys::path::Style::posix);
      }
      std::vector<size_t> Found = ByName.named(Included.Name, Beside, !Included.Angled);
      // Where the include names the unit itself, it is the unit's own
      // header: `pool.cpp`'s "pool.h" names no `tests/pool.cpp`.
      if (!llvm::is_contained(Found, K))
        for (size_t Other : Found) {
          if (All[Other].Kind <= All[K].Kind)
            Callees[K].push_back(Other);
          else if (All[K].Kind == 0 && All[Other].Kind == 1)
            Callees[Other].push_back(K);
        }
    }
  }
  for (std::vector<size_t> &Of : Callees) {
    llvm::sort(Of);
    Of.erase(std::unique(Of.begin(), Of.end()), Of.end());
  }
  // In rank, each unit right after its callees, themselves in rank: the
  // largest units still start first where nothing is known of them (a
  // `.cu` of generated template instances stays last), and a cycle is cut
  // where it closes.
  SummaryOrder Result;
  enum class Visit { Not, Under, Placed };
  std::vector<Visit> State(All.size(), Visit::Not);
  std::function<void(size_t)> Place = [&](size_t K) {
    if (State[K] != Visit::Not)
      return;
    State[K] = Visit::Under;
    for (size_t C : Callees[K]) // sorted: in rank
      Place(C);
    State[K] = Visit::Placed;
    Result.Order.push_back(All[K].Index);
  };
  for (size_t K = 0; K < All.size(); ++K)
    Place(K);
  for (size_t K = 0; K < All.size(); ++K)
    for (size_t C : Callees[K])
      Result.Callees[All[K].Index].push_back(All[C].Index);
  return Result;
}

} // namespace cudalint
