#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""--fix, one case per run (--case):
  apply:     the fix-its are applied by renaming a finished file over the old
             one (a new inode, no temporary left behind), the exit code says
             what remains, and a second --fix has nothing to do;
  conflict:  two units whose configurations ask for different edits at the
             same place of a shared header: the first is applied, the other
             refused with a warning;
  reparse:   a fix that breaks the unit is reported after the re-analysis
             (exit 2) instead of passing silently;
  baseline:  only reported findings are fixed: baselined ones are left alone.
"""

import os

import harness

MACROS = """\
#include <cuda_runtime.h>
#define CHECK_A(call) do { if ((call) != cudaSuccess) return; } while (0)
#define CHECK_B(call) do { if ((call) != cudaSuccess) return; } while (0)
"""
# The checks whose fix-its these tests are about.
CHECKS = "--checks=-*,cuda-unchecked-error,cuda-alloc-pointer-arg"

SOURCE = """\
#include "checks.h"
void f(size_t n) {
  float *d;
  cudaMalloc((void **)d, n);
  cudaFree(d);
}
"""
FIXED = SOURCE.replace("  cudaMalloc((void **)d, n);", "  CHECK_A(cudaMalloc((void **)&d, n));") \
              .replace("  cudaFree(d);", "  CHECK_A(cudaFree(d));")


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def fix(args, *files, expect, options=()):
    return harness.run([args.cudalint, "--cuda-path=none", CHECKS, "--use-color=false", "--fix",
                        *options, *files, "--", "-std=c++17"], expect=expect)


def case_apply(args):
    root = args.work_dir / "project"
    write(root / "checks.h", MACROS)
    write(root / ".cudalint.yaml", "CheckOptions: {cuda-unchecked-error.CheckMacro: CHECK_A}\n")
    source = write(root / "ops.cu", SOURCE)
    os.chmod(source, 0o640)
    inode = source.stat().st_ino
    result = fix(args, source, expect=harness.EXIT_CLEAN)
    harness.expect(source.read_text() == FIXED, f"--fix gave:\n{source.read_text()}")
    harness.expect(source.stat().st_ino != inode, "the file was rewritten in place")
    harness.expect(oct(source.stat().st_mode & 0o777) == oct(0o640),
                   f"permissions changed: {oct(source.stat().st_mode)}")
    harness.expect(sorted(p.name for p in root.iterdir()) ==
                   [".cudalint.yaml", "checks.h", "ops.cu"],
                   f"files left behind: {sorted(p.name for p in root.iterdir())}")
    harness.expect_contains(result.stdout, "CHECK_A(", "the report shows the fix-its")
    harness.expect_contains(result.stderr, "applied the fix-its of 3 findings in 1 file",
                            "the summary")
    result = fix(args, source, expect=harness.EXIT_CLEAN)
    harness.expect(source.read_text() == FIXED, "a second --fix changed the file")
    harness.expect_contains(result.stderr, "0 warnings", "nothing left to fix")


def case_conflict(args):
    root = args.work_dir / "project"
    write(root / "common" / "checks.h", MACROS)
    header = write(root / "common" / "release.cuh",
                   '#include "checks.h"\ninline void release(void *p) {\n  cudaFree(p);\n}\n')
    for name, macro in [("a", "CHECK_A"), ("b", "CHECK_B")]:
        write(root / name / ".cudalint.yaml",
              f"CheckOptions:\n  - key: cuda-unchecked-error.CheckMacro\n    value: {macro}\n")
        write(root / name / "main.cu",
              f'#include "../common/release.cuh"\nvoid {name}(void *p) {{ release(p); }}\n')
    result = fix(args, root / "a" / "main.cu", root / "b" / "main.cu",
                 expect=harness.EXIT_CLEAN)
    harness.expect("  CHECK_A(cudaFree(p));" in header.read_text() and
                   "CHECK_B" not in header.read_text(),
                   f"the first unit's fix-it wins:\n{header.read_text()}")
    harness.expect_contains(result.stderr,
                            f"{header}:3:3: warning: the fix-it of this [cuda-unchecked-error] "
                            "finding overlaps another finding's fix-it; not applied",
                            "the refused fix-it")


def case_reparse(args):
    root = args.work_dir / "project"
    write(root / "checks.h", MACROS)
    # A macro that does not exist: the fixed file no longer parses.
    write(root / ".cudalint.yaml", "CheckOptions: {cuda-unchecked-error.CheckMacro: NO_SUCH}\n")
    source = write(root / "ops.cu", SOURCE)
    result = fix(args, source, expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, f"after the fix-its, '{source}' does not parse",
                            "the re-analysis")
    harness.expect_contains(result.stderr, "NO_SUCH", "clang's error")


def case_baseline(args):
    root = args.work_dir / "project"
    write(root / "checks.h", MACROS)
    write(root / ".cudalint.yaml", "CheckOptions: {cuda-unchecked-error.CheckMacro: CHECK_A}\n")
    source = write(root / "ops.cu", SOURCE)
    baseline = root / "baseline.json"
    harness.run([args.cudalint, "--cuda-path=none", CHECKS, f"--write-baseline={baseline}", source,
                 "--", "-std=c++17"], expect=harness.EXIT_FINDINGS)
    source.write_text(SOURCE + "void g(void *p) {\n  cudaFree(p);\n}\n")
    fix(args, source, expect=harness.EXIT_CLEAN, options=[f"--baseline={baseline}"])
    harness.expect(source.read_text() ==
                   SOURCE + "void g(void *p) {\n  CHECK_A(cudaFree(p));\n}\n",
                   f"only the new finding is fixed:\n{source.read_text()}")


CASES = {name[len("case_"):]: function
         for name, function in globals().items() if name.startswith("case_")}



if __name__ == "__main__":
    harness.main_with_cases(__doc__, CASES)
