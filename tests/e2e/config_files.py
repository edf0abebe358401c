#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Configuration files, one case per run (--case): `.cudalint.yaml` found above
each unit's file (the nearest wins, InheritParentConfig merges with the next
one up), per-unit checks and options in a single run, the command line over
the files, --config-file, --dump-config, --verify-config with line numbers,
unknown keys as warnings and broken files as errors."""

import re
import textwrap

import harness

# One finding of each check on line 5 (unchecked status at column 3, the
# pointer argument at column 23), a third on line 7 only with -DEXTRA, and
# two checking macros for CheckMacro.
SOURCE = """\
#include <cuda_runtime.h>
#define FILE_CHECK(call) do { if ((call) != cudaSuccess) return; } while (0)
void f(size_t n) {
  float *d;
  cudaMalloc((void **)d, n);
#ifdef EXTRA
  cudaFree(d);
#endif
}
"""
UNCHECKED = (5, 3, "cuda-unchecked-error")
POINTER = (5, 23, "cuda-alloc-pointer-arg")
EXTRA = (7, 3, "cuda-unchecked-error")
HEADERS = "--cuda-path=none"


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def tree(root):
    """root/            Checks: -*,cuda-alloc-pointer-arg
       root/a/x.cu      (root's)
       root/b/          Checks: -*,cuda-unchecked-error   (nearest wins)
       root/c/          inherits; adds cuda-unchecked-error, CheckMacro, -DEXTRA
       root/c/d/x.cu    (c's merged over root's)
    """
    write(root / ".cudalint.yaml", """\
        Checks: '-*,cuda-alloc-pointer-arg'
        CheckOptions:
          - key: cuda-unchecked-error.StatusTypes
            value: rootStatus_t
        """)
    write(root / "b" / ".cudalint.yaml", """\
        Checks: '-*,cuda-unchecked-error'
        WarningsAsErrors: 'cuda-unchecked-error'
        """)
    write(root / "c" / ".cudalint.yaml", """\
        InheritParentConfig: true
        Checks: cuda-unchecked-error
        ExtraArgs: [-DEXTRA]
        CheckOptions:
          cuda-unchecked-error.CheckMacro: FILE_CHECK
        """)
    for unit in ["a/x.cu", "b/x.cu", "c/d/x.cu"]:
        write(root / unit, SOURCE)
    return root


def lint(args, root, *options, expect=harness.EXIT_FINDINGS, units=("a/x.cu",), cwd=None):
    result = harness.run([args.cudalint, "--format=json", HEADERS, *options,
                          *[root / unit for unit in units], "--", "-std=c++17"],
                         expect=expect, cwd=cwd)
    return result, harness.report(result.stdout) if expect != harness.EXIT_ERROR else None


def keys(report, root):
    return sorted((harness.relative(f["file"], root), f["line"], f["column"], f["check"])
                  for f in report["findings"])


def case_nearest_and_inherit(args):
    root = tree(args.work_dir / "project")
    _, report = lint(args, root, units=("a/x.cu", "b/x.cu", "c/d/x.cu"))
    expected = sorted([("a/x.cu", *POINTER),
                       ("b/x.cu", *UNCHECKED),
                       ("c/d/x.cu", *POINTER), ("c/d/x.cu", *UNCHECKED),
                       ("c/d/x.cu", *EXTRA)])
    harness.expect_findings(keys(report, root), expected, "one run, three configurations")
    severity = {(harness.relative(f["file"], root), f["check"]): f["severity"]
                for f in report["findings"]}
    harness.expect(severity[("b/x.cu", "cuda-unchecked-error")] == "error" and
                   severity[("c/d/x.cu", "cuda-unchecked-error")] == "warning",
                   f"WarningsAsErrors of b/ must not reach c/: {severity}")
    fixes = {(f["line"], f["replacement"])
             for finding in report["findings"]
             if harness.relative(finding["file"], root) == "c/d/x.cu"
             for f in finding["fixes"]}
    harness.expect((5, "FILE_CHECK(") in fixes and (7, "FILE_CHECK(") in fixes,
                   f"c/'s CheckMacro gives the wrapping fix-it: {sorted(fixes)}")
    harness.expect(not any(f["fixes"] and f["check"] == "cuda-unchecked-error"
                           for f in report["findings"]
                           if harness.relative(f["file"], root) == "b/x.cu"),
                   "b/ has no CheckMacro and no wrapping fix-it")


def case_command_line_overrides(args):
    root = tree(args.work_dir / "project")
    # --checks is appended to the file's globs: the last match decides.
    _, report = lint(args, root, "--checks=cuda-unchecked-error")
    harness.expect_findings(keys(report, root), [("a/x.cu", *POINTER), ("a/x.cu", *UNCHECKED)],
                            "--checks=cuda-unchecked-error over '-*,cuda-alloc-pointer-arg'")
    lint(args, root, "--checks=-cuda-alloc-pointer-arg", expect=harness.EXIT_ERROR)
    # --check-option replaces the file's value; --extra-arg adds to ExtraArgs.
    _, report = lint(args, root, "--check-option=cuda-unchecked-error.CheckMacro=CLI_CHECK",
                     "--extra-arg=-DCLI_CHECK=FILE_CHECK", units=("c/d/x.cu",))
    replacements = sorted({f["replacement"] for finding in report["findings"]
                           for f in finding["fixes"]})
    harness.expect(replacements == ["&", ")", "CLI_CHECK("],
                   f"--check-option over the file's CheckMacro: {replacements}")
    harness.expect_findings(keys(report, root),
                            [("c/d/x.cu", *POINTER), ("c/d/x.cu", *UNCHECKED),
                             ("c/d/x.cu", *EXTRA)],
                            "the file's ExtraArgs still apply with --extra-arg")
    # --warnings-as-errors is appended; --header-filter replaces the file's.
    _, report = lint(args, root, "--warnings-as-errors=cuda-alloc-pointer-arg",
                     units=("b/x.cu",), )
    harness.expect({f["severity"] for f in report["findings"]} == {"error"},
                   f"b/'s WarningsAsErrors stays: {report['findings']}")


def case_config_file(args):
    root = tree(args.work_dir / "project")
    forced = write(args.work_dir / "elsewhere" / "ci.yaml", "Checks: '-*,cuda-unchecked-error'\n")
    _, report = lint(args, root, f"--config-file={forced}", units=("a/x.cu", "c/d/x.cu"))
    harness.expect_findings(keys(report, root),
                            [("a/x.cu", *UNCHECKED), ("c/d/x.cu", *UNCHECKED)],
                            "--config-file replaces every file found")
    result = harness.run([args.cudalint, HEADERS, f"--config-file={forced}.missing",
                          root / "a/x.cu", "--"], expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "ci.yaml.missing: error: cannot read the file",
                            "a missing --config-file")


def case_dump_config(args):
    root = tree(args.work_dir / "project")
    result = harness.run([args.cudalint, "--dump-config", root / "c/d/x.cu"],
                         expect=harness.EXIT_CLEAN)
    dumped = result.stdout
    for needle in [f"# From {root}/.cudalint.yaml\n# From {root}/c/.cudalint.yaml\n",
                   "Checks: '-*,cuda-alloc-pointer-arg,cuda-unchecked-error'\n",
                   "ExtraArgs:\n  - '-DEXTRA'\n",
                   "  cuda-unchecked-error.CheckKernelLaunches: 'true'\n",
                   "  cuda-unchecked-error.CheckMacro: 'FILE_CHECK'\n",
                   "  cuda-unchecked-error.StatusTypes: 'rootStatus_t'\n"]:
        harness.expect_contains(dumped, needle, "--dump-config of c/d/x.cu")
    # Without a source, the current directory's configuration; the command
    # line is part of it.
    result = harness.run([args.cudalint, "--dump-config", "--checks=cuda-alloc-pointer-arg",
                          "--check-option=cuda-unchecked-error.CheckMacro=CLI"],
                         cwd=root / "b", expect=harness.EXIT_CLEAN)
    harness.expect_contains(result.stdout,
                            "Checks: '-*,cuda-unchecked-error,cuda-alloc-pointer-arg'",
                            "--dump-config in b/")
    harness.expect_contains(result.stdout, "WarningsAsErrors: 'cuda-unchecked-error'",
                            "--dump-config in b/")
    harness.expect_contains(result.stdout, "cuda-unchecked-error.CheckMacro: 'CLI'",
                            "--dump-config in b/")
    # What it prints is a configuration file that reproduces itself.
    again = write(args.work_dir / "dumped" / ".cudalint.yaml", dumped)
    result = harness.run([args.cudalint, "--dump-config", f"--config-file={again}"],
                         expect=harness.EXIT_CLEAN)
    strip = lambda text: [line for line in text.splitlines() if not line.startswith("#")]
    harness.expect(strip(result.stdout) == strip(dumped),
                   f"dumping the dump changed it:\n{dumped}\n---\n{result.stdout}")
    harness.run([args.cudalint, "--verify-config", f"--config-file={again}"],
                expect=harness.EXIT_CLEAN)


def case_verify_config(args):
    root = args.work_dir / "project"
    write(root / ".cudalint.yaml", "Checks: '-*,cuda-alloc-pointer-arg'\n")
    bad = write(root / "bad" / ".cudalint.yaml", """\
        InheritParentConfig: true
        Checks: '-*,cuda-unchecked-eror,clang-analyzer-*'
        CheckOptions:
          cuda-unchecked-error.CheckMacr: CUDA_CHECK
          cuda-alloc-pointer-arg.Anything: 1
        HeaderFilter: '.*'
        """)
    write(root / "bad" / "x.cu", SOURCE)
    write(root / "good" / "x.cu", SOURCE)
    result = harness.run([args.cudalint, "--verify-config", root / "bad" / "x.cu"],
                         expect=harness.EXIT_ERROR)
    expected = [
        f"{bad}:2:13: error: unknown check 'cuda-unchecked-eror' in Checks; did you mean "
        "'cuda-unchecked-error'?",
        f"{bad}:2:33: error: check glob 'clang-analyzer-*' in Checks matches no check",
        f"{bad}:4:3: error: unknown option 'CheckMacr' of check 'cuda-unchecked-error'; did "
        "you mean 'CheckMacro'?",
        f"{bad}:5:3: error: check 'cuda-alloc-pointer-arg' has no options; "
        "'cuda-alloc-pointer-arg.Anything' is ignored",
        f"{bad}:6:1: error: unknown key 'HeaderFilter'; did you mean 'HeaderFilterRegex'? "
        "(ignored)",
    ]
    lines = result.stderr.splitlines()
    harness.expect(lines == expected,
                   "--verify-config printed:\n" + result.stderr + "\nexpected:\n" +
                   "\n".join(expected))
    result = harness.run([args.cudalint, "--verify-config", root / "good" / "x.cu"],
                         expect=harness.EXIT_CLEAN)
    harness.expect_contains(result.stdout, f"{root}/.cudalint.yaml: no problems found",
                            "--verify-config of a good file")
    result = harness.run([args.cudalint, "--verify-config", "--checks=cuda-nope"],
                         cwd=root / "good", expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "--checks: error: unknown check 'cuda-nope'",
                            "--verify-config of --checks")


def case_unknown_and_broken(args):
    root = args.work_dir / "project"
    typo = write(root / "typo" / ".cudalint.yaml", """\
        Checks: '-*,cuda-alloc-pointer-arg'
        Chekcs: 'cuda-*'
        """)
    write(root / "typo" / "x.cu", SOURCE)
    result, report = lint(args, root, units=("typo/x.cu",))
    harness.expect_findings(keys(report, root), [("typo/x.cu", *POINTER)],
                            "a file with an unknown key still applies")
    harness.expect_contains(result.stderr,
                            f"{typo}:2:1: warning: unknown key 'Chekcs'; did you mean "
                            "'Checks'? (ignored)", "the warning")
    broken = write(root / "broken" / ".cudalint.yaml", "Checks: '-*\nCheckOptions: [\n")
    write(root / "broken" / "x.cu", SOURCE)
    result, _ = lint(args, root, units=("typo/x.cu", "broken/x.cu"),
                     expect=harness.EXIT_ERROR)
    harness.expect(re.search(re.escape(str(broken)) + r":\d+:\d+: error: ", result.stderr),
                   f"a broken file is an error with its place:\n{result.stderr}")
    harness.expect(result.stdout == "", f"nothing is analysed:\n{result.stdout}")


CASES = {name[len("case_"):].replace("_", "-"): function
         for name, function in globals().items() if name.startswith("case_")}



if __name__ == "__main__":
    harness.main_with_cases(__doc__, CASES)
