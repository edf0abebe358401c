#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A header named on the command line that no database entry compiles is
linted through a unit that includes it (as a pre-commit of the header runs
it): the solver template in cg_solve.cuh is instantiated by main.cu, and its
leak is reported in the header. Only the header's findings are shown, not
main.cu's own; one notice names the unit. Parsed on its own, as before, the
template is never instantiated and nothing is found. A header no unit
includes still borrows its closest neighbour's command."""

import json

import harness

CG_SOLVE = """\
#pragma once
#include <cuda_runtime.h>

template <typename T> int solve(int n) {
  T *residual;
  if (cudaMalloc(&residual, n * sizeof(T)) != cudaSuccess)
    return -1;
  if (cudaDeviceSynchronize() != cudaSuccess)
    return -1; // leaks the residual
  cudaFree(residual);
  return 0;
}
"""

MAIN = """\
#include <cuda_runtime.h>
#include "solver/cg_solve.cuh"

int main() {
  float *scratch;
  cudaMalloc(&scratch, 64); // main.cu's own finding, not the header's
  return solve<double>(1024);
}
"""

UNUSED = """\
#pragma once
#include <cuda_runtime.h>
template <typename T> void unused(T *x) { cudaFree(x); }
"""


def test():
    args = harness.arguments(__doc__)
    root = args.work_dir / "project"
    (root / "solver").mkdir(parents=True)
    (root / "solver" / "cg_solve.cuh").write_text(CG_SOLVE)
    (root / "solver" / "unused.cuh").write_text(UNUSED)
    (root / "main.cu").write_text(MAIN)
    (root / "compile_commands.json").write_text(json.dumps([
        {"directory": str(root), "file": str(root / "main.cu"),
         "arguments": ["nvcc", "-std=c++17", "-c", "main.cu", "-o", "main.o"]}]))
    checks = "--checks=-*,cuda-memory-leak,cuda-unchecked-error"
    result = harness.run([args.cudalint, "-p", root, "--cuda-path=none", checks, "--format=json",
                          root / "solver" / "cg_solve.cuh"], expect=harness.EXIT_FINDINGS)
    found = harness.finding_keys(harness.report(result.stdout), root)
    harness.expect_findings(found, [("solver/cg_solve.cuh", 6, 7, "cuda-memory-leak"),
                                    ("solver/cg_solve.cuh", 10, 3, "cuda-unchecked-error")],
                            "the header, through main.cu")
    harness.expect_contains(result.stderr, f"analysed through '{root / 'main.cu'}', which includes "
                            "it", "the notice")

    result = harness.run([args.cudalint, "-p", root, "--cuda-path=none", checks, "--format=json",
                          root / "solver" / "unused.cuh"], expect=harness.EXIT_CLEAN)
    harness.expect(harness.report(result.stdout)["findings"] == [],
                   "a header no unit includes: its own parse, nothing instantiated")
    harness.expect_contains(result.stderr, "using the command of", "the neighbour's command")


if __name__ == "__main__":
    harness.main(test)
