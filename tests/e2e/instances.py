#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A template that repeats one problem in each of its instantiations is one
problem: a header's launcher template, instantiated three times by one unit
and twice by another, is reported once, and the text report, the JSON
report's "instances" and SARIF's occurrenceCount say how many instantiations
share it (the most any one unit made), also after shard reports are merged.
"""

import json
import re

import harness

HEADER = """\
#pragma once
#include <cuda_runtime.h>
template <typename T> __global__ void fill(T *x) { x[threadIdx.x] = T(1); }
template <typename T> void launchFill(T *d) {
  fill<<<1, 32>>>(d);
}
"""

UNITS = {
    "three.cu": """\
#include "fill.cuh"
void three(float *f, int *i, double *d) {
  launchFill(f);
  launchFill(i);
  launchFill(d);
}
""",
    "two.cu": """\
#include "fill.cuh"
void two(float *f, int *i) {
  launchFill(f);
  launchFill(i);
}
""",
}


def lint(args, *extra):
    return harness.run([args.cudalint, "-p", args.work_dir, "--cuda-path=none", "--use-color=false",
                        "--checks=-*,cuda-unchecked-error", *extra],
                       cwd=args.work_dir, expect=harness.EXIT_FINDINGS)


def test(args):
    args.work_dir.mkdir(parents=True, exist_ok=True)
    (args.work_dir / "fill.cuh").write_text(HEADER)
    entries = []
    for name, text in UNITS.items():
        (args.work_dir / name).write_text(text)
        entries.append({"directory": str(args.work_dir), "file": str(args.work_dir / name),
                        "arguments": ["nvcc", "-std=c++17", "-c", name]})
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries))

    text = lint(args, "-j2").stdout
    warnings = re.findall(r"^.*warning: .*$", text, re.MULTILINE)
    harness.expect(len(warnings) == 1, f"expected one warning:\n{text}")
    harness.expect_contains(warnings[0], "(in 3 instantiations) [cuda-unchecked-error]",
                            "the text report's warning")

    report = harness.report(lint(args, "--format=json").stdout)
    harness.expect([f["instances"] for f in report["findings"]] == [3],
                   f"JSON instances: {report['findings']}")

    sarif = json.loads(lint(args, "--format=sarif").stdout)
    results = sarif["runs"][0]["results"]
    harness.expect([r.get("occurrenceCount") for r in results] == [3],
                   f"SARIF occurrenceCount: {results}")

    # Each shard sees one unit; the merged report keeps the larger count.
    shards = []
    for index in (1, 2):
        path = args.work_dir / f"shard-{index}.json"
        result = harness.run([args.cudalint, "-p", args.work_dir, "--cuda-path=none",
                              "--checks=-*,cuda-unchecked-error", "--format=json",
                              f"--shard={index}/2", "-o", path], cwd=args.work_dir,
                             expect=harness.EXIT_FINDINGS)
        shards.append(path)
    merged = args.work_dir / "merged.json"
    harness.run([args.cudalint, "--merge", "-o", merged, *shards], cwd=args.work_dir,
                expect=(harness.EXIT_CLEAN, harness.EXIT_FINDINGS))
    counts = [f["instances"] for f in json.loads(merged.read_text())["findings"]]
    harness.expect(counts == [3], f"merged shards: instances {counts}")
    print("instances: one finding for five instantiations, counted 3 in every format")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__)))
