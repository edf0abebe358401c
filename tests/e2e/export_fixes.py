#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""--export-fixes writes clang-tidy's YAML; the real clang-apply-replacements
applies it to a copy of the sources, after which cudalint finds only what has
no fix-it. --fix on another copy gives the same text."""

import shutil

import harness

# The checks whose fix-its and findings these tests are about.
CHECKS = "--checks=-*,cuda-unchecked-error,cuda-alloc-pointer-arg"

SOURCE = """\
#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { if ((call) != cudaSuccess) return; } while (0)
void f(size_t n) {
  float *d;
  cudaMalloc((void **)d, n);
  if (n > 4) cudaFree(d);
  float x;
  (void)cudaMalloc((void **)&x, n);
}
"""
CONFIG = """\
CheckOptions:
  cuda-unchecked-error.CheckMacro: CUDA_CHECK
"""
FIXED = SOURCE.replace("  cudaMalloc((void **)d, n);", "  CUDA_CHECK(cudaMalloc((void **)&d, n));") \
              .replace("if (n > 4) cudaFree(d);", "if (n > 4) CUDA_CHECK(cudaFree(d));")
# What has no fix-it: the address of a float.
LEFT = [(8, 29, "cuda-alloc-pointer-arg")]


def project(root):
    root.mkdir(parents=True)
    (root / ".cudalint.yaml").write_text(CONFIG)
    (root / "ops.cu").write_text(SOURCE)
    return root / "ops.cu"


def lint(args, source, *options, expect=harness.EXIT_FINDINGS):
    # Without a database the build directory is the current one.
    result = harness.run([args.cudalint, "--format=json", "--cuda-path=none", CHECKS, *options,
                          source, "--", "-std=c++17"], expect=expect, cwd=source.parent)
    report = harness.report(result.stdout)
    return report, sorted((f["line"], f["column"], f["check"]) for f in report["findings"])


def test():
    args = harness.arguments(__doc__)
    apply_replacements = harness.required_tool("clang-apply-replacements-22")
    source = project(args.work_dir / "exported")
    fixes_dir = args.work_dir / "fixes"
    fixes_dir.mkdir()
    exported = fixes_dir / "cudalint.yaml"
    report, found = lint(args, source, f"--export-fixes={exported}")
    harness.expect(len(found) == 4, f"four findings before fixing: {found}")
    text = exported.read_text()
    for needle in [f"MainSourceFile:  '{source}'", "DiagnosticName:  cuda-alloc-pointer-arg",
                   "ReplacementText: 'CUDA_CHECK('", "ReplacementText: '&'",
                   f"BuildDirectory:  '{source.parent}'", "Level:           Warning"]:
        harness.expect_contains(text, needle, "the exported fixes")
    try:
        import yaml
    except ImportError:
        yaml = None
    if yaml:
        document = yaml.safe_load(text)
        diagnostics = document["Diagnostics"]
        harness.expect(len(diagnostics) == 4, f"one diagnostic per finding:\n{text}")
        for diagnostic in diagnostics:
            message = diagnostic["DiagnosticMessage"]
            harness.expect({"Message", "FilePath", "FileOffset", "Replacements"} <= set(message),
                           f"clang-tidy's DiagnosticMessage keys: {message}")
            for replacement in message["Replacements"]:
                harness.expect(set(replacement) == {"FilePath", "Offset", "Length",
                                                    "ReplacementText"},
                               f"clang-tidy's Replacement keys: {replacement}")

    harness.run([apply_replacements, fixes_dir], expect=0)
    harness.expect(source.read_text() == FIXED,
                   f"clang-apply-replacements gave:\n{source.read_text()}")
    _, found = lint(args, source)
    harness.expect_findings(found, LEFT, "after clang-apply-replacements")

    # cudalint's own --fix on another copy: the same text.
    other = project(args.work_dir / "fixed")
    result = harness.run([args.cudalint, "--cuda-path=none", CHECKS, "--fix", other, "--",
                          "-std=c++17"], expect=harness.EXIT_FINDINGS)
    harness.expect(other.read_text() == FIXED, f"--fix gave:\n{other.read_text()}")
    harness.expect_contains(result.stderr, "applied the fix-its of 3 findings in 1 file",
                            "the --fix summary")


if __name__ == "__main__":
    harness.main(test)
