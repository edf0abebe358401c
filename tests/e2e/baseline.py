#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Baselines: --write-baseline records today's findings in a stable, sorted
JSON file with paths relative to it; --baseline reports only what is new.
Lines inserted above the findings change nothing, a changed buggy line and a
third copy of a recorded line are new, and a project moved elsewhere together
with its baseline still matches."""

import json
import shutil

import harness

# The checks whose fix-its and findings these tests are about.
CHECKS = "--checks=-*,cuda-unchecked-error,cuda-alloc-pointer-arg"

SOURCE = """\
#include <cuda_runtime.h>
void release(float *a, float *b) {
  cudaFree(a);
  cudaFree(b);
  cudaFree(a);
}
void allocate(size_t n) {
  float *d;
  (void)cudaMalloc((void **)d, n);
}
"""
# Two identical lines (3 and 5), one other status (4), one pointer argument.
FINDINGS = [(3, 3, "cuda-unchecked-error"), (4, 3, "cuda-unchecked-error"),
            (5, 3, "cuda-unchecked-error"), (9, 29, "cuda-alloc-pointer-arg")]


def lint(args, source, *options, expect=harness.EXIT_FINDINGS):
    result = harness.run([args.cudalint, "--format=json", "--cuda-path=none", CHECKS, *options,
                          source, "--", "-std=c++17"], expect=expect)
    report = harness.report(result.stdout)
    return result, sorted((f["line"], f["column"], f["check"]) for f in report["findings"])


def test():
    args = harness.arguments(__doc__)
    project = args.work_dir / "project"
    source = project / "src" / "ops.cu"
    source.parent.mkdir(parents=True)
    source.write_text(SOURCE)
    baseline = project / "ci" / "cudalint-baseline.json"
    baseline.parent.mkdir()

    _, found = lint(args, source, f"--write-baseline={baseline}")
    harness.expect_findings(found, FINDINGS, "the first run")
    written = baseline.read_text()
    recorded = json.loads(written)
    entries = recorded["findings"]
    harness.expect(recorded["version"] == 1 and len(entries) == 4,
                   f"the baseline holds the four findings:\n{written}")
    harness.expect(all(e["file"] == "../src/ops.cu" for e in entries),
                   f"paths are relative to the baseline's directory:\n{written}")
    harness.expect("line" not in written and str(project) not in written,
                   f"no line numbers and no absolute paths:\n{written}")
    harness.expect(entries == sorted(entries, key=lambda e: (e["file"], e["check"], e["message"],
                                                             e["code"], e["occurrence"])),
                   f"entries are sorted:\n{written}")
    harness.expect(sorted(e["occurrence"] for e in entries if e["code"] == "cudaFree(a);")
                   == [0, 1], f"the two identical lines are two entries:\n{written}")
    lint(args, source, f"--write-baseline={baseline}")
    harness.expect(baseline.read_text() == written, "writing the baseline again changed it")

    # Unrelated edits move every finding down.
    source.write_text("// a header comment\n#include <cstdio>\n\n\n\n" + SOURCE)
    result, found = lint(args, source, f"--baseline={baseline}", expect=harness.EXIT_CLEAN)
    harness.expect(found == [], f"moved findings are not new: {found}")
    harness.expect_contains(result.stderr, "4 findings are in the baseline", "the notice")

    # The buggy line changes: it is new; the others are still known.
    source.write_text(SOURCE.replace("  cudaFree(b);", "  cudaFree(b + 1);"))
    _, found = lint(args, source, f"--baseline={baseline}")
    harness.expect_findings(found, [(4, 3, "cuda-unchecked-error")], "a changed line")

    # A third copy of a recorded line is one new finding.
    source.write_text(SOURCE.replace("  cudaFree(b);", "  cudaFree(b);\n  cudaFree(a);"))
    _, found = lint(args, source, f"--baseline={baseline}")
    harness.expect(len(found) == 1 and found[0][2] == "cuda-unchecked-error",
                   f"one new finding for the third identical line: {found}")

    # The project and its baseline, moved together.
    source.write_text(SOURCE)
    moved = args.work_dir / "moved"
    shutil.copytree(project, moved)
    lint(args, moved / "src" / "ops.cu",
         f"--baseline={moved / 'ci' / 'cudalint-baseline.json'}", expect=harness.EXIT_CLEAN)

    # A missing or malformed baseline is a usage error, not "everything is new".
    for bad in [args.work_dir / "missing.json", args.work_dir / "bad.json"]:
        if bad.name == "bad.json":
            bad.write_text('{"version": 1, "findings": [{"check": 1}]}')
        result = harness.run([args.cudalint, "--cuda-path=none", CHECKS, f"--baseline={bad}", source,
                              "--", "-std=c++17"], expect=harness.EXIT_ERROR)
        harness.expect_contains(result.stderr, str(bad), "the baseline error")


if __name__ == "__main__":
    harness.main(test)
