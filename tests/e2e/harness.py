# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What every end-to-end test shares: its arguments, running programs,
reading cudalint's JSON report and comparing findings.

A test prints what it runs and what differs, raises TestFailure on the first
broken expectation, and exits with SKIP when a tool it needs is missing
(CTest's SKIP_RETURN_CODE).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SKIP = 77

# Exit codes of cudalint's command-line contract.
EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


class TestFailure(Exception):
    pass


def arguments(description, configure=None):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cudalint", required=True, type=Path)
    parser.add_argument("--source-dir", required=True, type=Path,
                        help="cudalint's source tree, for its testdata")
    parser.add_argument("--work-dir", required=True, type=Path,
                        help="emptied, then used for every file the test writes")
    if configure:
        configure(parser)
    args = parser.parse_args()
    args.cudalint = args.cudalint.resolve()
    args.source_dir = args.source_dir.resolve()
    if args.work_dir.exists():
        shutil.rmtree(args.work_dir)
    args.work_dir.mkdir(parents=True)
    args.work_dir = args.work_dir.resolve()
    return args


def main(test):
    """Runs `test()`, turning its failures and skips into exit codes."""
    try:
        test()
    except TestFailure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    except Skip as skip:
        print(f"SKIPPED: {skip}")
        sys.exit(SKIP)
    print("PASSED")


def main_with_cases(description, cases):
    """Runs the one of `cases` (name: function of the arguments) that --case
    names, as `main` runs a test."""
    def test():
        args = arguments(description, lambda parser: parser.add_argument(
            "--case", required=True, choices=sorted(cases)))
        cases[args.case](args)
    main(test)


class Skip(Exception):
    pass


def run(command, cwd=None, env=None, expect=None, check_output=True):
    """Runs `command`; with `expect`, its exit status must be one of them."""
    shown = " ".join(str(part) for part in command)
    print(f"$ {shown}" + (f"   (in {cwd})" if cwd else ""), flush=True)
    full_env = dict(os.environ, **(env or {}))
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=full_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    if expect is not None:
        allowed = expect if isinstance(expect, (list, tuple, set)) else [expect]
        if result.returncode not in allowed:
            raise TestFailure(
                f"`{shown}` exited with {result.returncode}, expected "
                f"{' or '.join(map(str, allowed))}\n--- stdout:\n{result.stdout}"
                f"--- stderr:\n{result.stderr}")
    return result


def expect(condition, message):
    if not condition:
        raise TestFailure(message)


def expect_contains(text, needle, where):
    if needle not in text:
        raise TestFailure(f"{where} lacks {needle!r}:\n{text}")


def cuda_toolkit():
    """The root of the CUDA Toolkit nvcc belongs to, or None.

    CUDALINT_E2E_NO_TOOLKIT=1 takes the paths of a machine without one.
    """
    if os.environ.get("CUDALINT_E2E_NO_TOOLKIT"):
        return None
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK):
        return None
    root = Path(os.path.realpath(nvcc)).parent.parent
    return root if (root / "include" / "cuda_runtime.h").is_file() else None


def nvcc():
    root = cuda_toolkit()
    return root / "bin" / "nvcc" if root else None


def clang():
    found = shutil.which("clang++-22")
    if found:
        return Path(found)
    fallback = Path("/usr/lib/llvm-22/bin/clang++")
    if fallback.is_file():
        return fallback
    raise Skip("clang++-22 is not installed")


def required_tool(name):
    found = shutil.which(name)
    if not found:
        raise Skip(f"{name} is not installed")
    return Path(found)


def bundled_cuda_include(source_dir):
    return source_dir / "driver" / "data" / "cuda-include"


def report(stdout):
    """cudalint's --format=json report, parsed."""
    try:
        return json.loads(stdout)
    except json.JSONDecodeError as error:
        raise TestFailure(f"not a JSON report ({error}):\n{stdout}")


def finding_keys(report_json, root):
    """The findings as (file relative to `root`, line, column, check) tuples."""
    keys = []
    for finding in report_json["findings"]:
        keys.append((relative(finding["file"], root), finding["line"],
                     finding["column"], finding["check"]))
    return sorted(keys)


def relative(path, root):
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return path


def expect_findings(actual, expected, what):
    """Both lists of finding keys must hold the same findings."""
    missing = sorted(set(expected) - set(actual))
    unexpected = sorted(set(actual) - set(expected))
    if missing or unexpected or len(actual) != len(expected):
        lines = [f"{what}: findings differ"]
        lines += [f"  missing:    {key}" for key in missing]
        lines += [f"  unexpected: {key}" for key in unexpected]
        if not missing and not unexpected:
            lines.append(f"  {len(actual)} findings, expected {len(expected)}: "
                         f"{actual}")
        raise TestFailure("\n".join(lines))
    print(f"{what}: the {len(expected)} expected findings")


def lint_json(args, cudalint_args, root, expect_rc=EXIT_FINDINGS, cwd=None):
    """Runs cudalint with --format=json; returns (report, finding keys)."""
    result = run([args.cudalint, "--format=json", *cudalint_args], cwd=cwd,
                 expect=expect_rc)
    parsed = report(result.stdout)
    expect(not parsed["problems"] or expect_rc == EXIT_ERROR,
           f"cudalint reported problems: {parsed['problems']}\n{result.stderr}")
    return parsed, finding_keys(parsed, root)
