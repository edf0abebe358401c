// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/AnalysisThread.h"

#include "clang/Basic/Stack.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sys/resource.h>

namespace cudalint {

namespace {

// Deeply nested code (thousands of nested parentheses, one sum of 500,000
// terms) recurses in clang's parser far past a thread's usual 8 MiB, and
// plain clang dies on it. The analysis runs on a stack of 512 MiB of address
// space, which only such code ever touches, and less under a memory limit
// (--unit-memory-limit counts the stack).
unsigned analysisStackBytes() {
  uint64_t Size = 512u << 20;
  struct rlimit Limit;
  if (getrlimit(RLIMIT_DATA, &Limit) == 0 && Limit.rlim_cur != RLIM_INFINITY)
    Size = std::min<uint64_t>(Size, Limit.rlim_cur / 4);
  return static_cast<unsigned>(std::max<uint64_t>(Size, clang::DesiredStackSize));
}

void onThreadOfItsOwn(unsigned StackBytes, llvm::function_ref<void()> Work) {
  // glibc gives a thread that a process starts while it has arenas to spare
  // an arena of its own, and the thread's stack is mapped apart from it.
  llvm::thread Thread(std::optional<unsigned>(StackBytes), [&] {
    // Where the new stack starts, so that clang's own deep recursions
    // (template instantiation) still move to fresh stacks near its end.
    clang::noteBottomOfStack(/*ForceSet=*/true);
    Work();
  });
  Thread.join();
}

} // namespace

void onAnalysisStack(llvm::function_ref<void()> Analyze) {
  onThreadOfItsOwn(analysisStackBytes(), Analyze);
}

// Reading summaries and precompiling the CUDA headers recurse no deeper than
// clang does on its own stack.
void apartFromAnalysisMemory(llvm::function_ref<void()> Work) {
  onThreadOfItsOwn(clang::DesiredStackSize, Work);
}

} // namespace cudalint
