# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cudalint's command-line contract, one case per run (--case): what --help,
--version and --list-checks print, that --checks and --warnings-as-errors
change the findings, that --output writes the report, the exit codes of
usage errors, and the NOLINT family of suppression comments.
"""

import re

import harness

# A unit with one finding of each check on one line, and a third finding.
PROGRAM = "testdata/projects/cmake-cuda/src/main.cu"
PROGRAM_INCLUDE = "testdata/projects/cmake-cuda/include"
PROGRAM_FINDINGS = [
    (11, 3, "cuda-unchecked-error"),
    (11, 23, "cuda-alloc-pointer-arg"),
    (20, 3, "cuda-unchecked-error"),
]
BOTH_CHECKS = ["cuda-alloc-pointer-arg", "cuda-unchecked-error"]
# The contract does not depend on the CUDA headers, and the bundled ones parse
# in half the time of a toolkit's; the toolkit is exercised by the other tests.
HEADERS = "--cuda-path=none"

DIAGNOSTIC = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<column>\d+): "
                        r"(?P<level>warning|error): (?P<message>.*) "
                        r"\[(?P<check>[a-z-]+)(?P<promoted>,-warnings-as-errors)?\]$")


def diagnostics(text):
    """(line, column, level, check) of each `file:line:col: level: ... [check]`."""
    found = []
    for line in text.splitlines():
        match = DIAGNOSTIC.match(line)
        if match:
            found.append((int(match["line"]), int(match["column"]), match["level"],
                          match["check"]))
    return found


def lint_program(args, *options, expect=harness.EXIT_FINDINGS):
    source = args.source_dir / PROGRAM
    return harness.run([args.cudalint, "--use-color=false", HEADERS, *options, source,
                        "--", "-std=c++17", f"-I{args.source_dir / PROGRAM_INCLUDE}"],
                       expect=expect)


def expect_diagnostics(actual, expected, what):
    harness.expect(sorted(actual) == sorted(expected),
                   f"{what}: expected {sorted(expected)}, got {sorted(actual)}")
    print(f"{what}: {len(expected)} diagnostics as expected")


def listed_checks(text):
    lines = text.splitlines()
    harness.expect(lines and lines[0] == "Enabled checks:",
                   f"--list-checks printed:\n{text}")
    return [line.strip() for line in lines[1:] if line.strip()]


def case_help(args):
    result = harness.run([args.cudalint, "--help"], expect=harness.EXIT_CLEAN)
    for needle in ["Examples:", "cudalint -p build", "-- -std=c++17",
                   "Exit codes:", "0  no findings", "1  findings",
                   "2  usage or configuration error", "--checks=", "--format="]:
        harness.expect_contains(result.stdout, needle, "--help")


def case_version(args):
    result = harness.run([args.cudalint, "--version"], expect=harness.EXIT_CLEAN)
    harness.expect(re.fullmatch(r"cudalint \d+\.\d+\.\d+ \(clang 22\.\d+\.\d+\)\n",
                                result.stdout),
                   f"--version printed {result.stdout!r}")


def case_list_checks(args):
    result = harness.run([args.cudalint, "--list-checks"], expect=harness.EXIT_CLEAN)
    checks = listed_checks(result.stdout)
    harness.expect(all(check in checks for check in BOTH_CHECKS),
                   f"--list-checks lacks one of {BOTH_CHECKS}: {checks}")
    harness.expect(checks == sorted(checks), f"--list-checks is not sorted: {checks}")
    result = harness.run([args.cudalint, "--list-checks",
                          "--checks=-*,cuda-alloc-pointer-arg"],
                         expect=harness.EXIT_CLEAN)
    checks = listed_checks(result.stdout)
    harness.expect(checks == ["cuda-alloc-pointer-arg"],
                   f"--checks=-*,cuda-alloc-pointer-arg --list-checks: {checks}")


def case_checks(args):
    every = lint_program(args)
    expect_diagnostics(diagnostics(every.stdout),
                       [(line, column, "warning", check)
                        for line, column, check in PROGRAM_FINDINGS],
                       "all checks")
    only = lint_program(args, "--checks=-*,cuda-alloc-pointer-arg")
    expect_diagnostics(diagnostics(only.stdout),
                       [(11, 23, "warning", "cuda-alloc-pointer-arg")],
                       "--checks=-*,cuda-alloc-pointer-arg")
    harness.run([args.cudalint, "--checks=-*", args.source_dir / PROGRAM, "--"],
                expect=harness.EXIT_ERROR)


def case_warnings_as_errors(args):
    every = lint_program(args, "--warnings-as-errors=cuda-*")
    expect_diagnostics(diagnostics(every.stdout),
                       [(line, column, "error", check)
                        for line, column, check in PROGRAM_FINDINGS],
                       "--warnings-as-errors=cuda-*")
    harness.expect_contains(every.stderr, "0 warnings and 3 errors", "the summary")
    one = lint_program(args, "--warnings-as-errors=cuda-alloc-pointer-arg")
    expect_diagnostics(diagnostics(one.stdout),
                       [(line, column,
                         "error" if check == "cuda-alloc-pointer-arg" else "warning",
                         check)
                        for line, column, check in PROGRAM_FINDINGS],
                       "--warnings-as-errors=cuda-alloc-pointer-arg")
    report = harness.report(
        lint_program(args, "--format=json", "--warnings-as-errors=cuda-*").stdout)
    harness.expect({f["severity"] for f in report["findings"]} == {"error"},
                   f"JSON severities: {[f['severity'] for f in report['findings']]}")


def case_output(args):
    expected = lint_program(args).stdout
    harness.expect(diagnostics(expected), "no findings to write")
    for index, option in enumerate([["--output={}"], ["-o", "{}"]]):
        written = args.work_dir / f"report{index}.txt"
        result = lint_program(args, *[part.format(written) for part in option])
        harness.expect(result.stdout == "", f"{option}: stdout is not empty:\n{result.stdout}")
        harness.expect(written.is_file(), f"{option}: {written} was not written")
        harness.expect(written.read_text() == expected,
                       f"{option}: the file differs from the report on stdout:\n"
                       f"{written.read_text()}")
    unwritable = args.work_dir / "no-such-dir" / "report.txt"
    result = lint_program(args, f"--output={unwritable}", expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, str(unwritable), "an unwritable --output")


def case_unknown_option(args):
    result = harness.run([args.cudalint, "--no-such-option", "-p", args.work_dir],
                         expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "--no-such-option", "cudalint's stderr")
    harness.expect(result.stdout == "", f"stdout is not empty:\n{result.stdout}")


def case_missing_database(args):
    empty = args.work_dir / "build"
    empty.mkdir()
    for extra in [[], [args.source_dir / PROGRAM]]:
        result = harness.run([args.cudalint, "-p", empty, *extra],
                             expect=harness.EXIT_ERROR)
        harness.expect_contains(result.stderr,
                                f"cannot read compile database '{empty}/compile_commands.json'",
                                "cudalint's stderr")
        harness.expect(result.stdout == "", f"stdout is not empty:\n{result.stdout}")


def annotated_warning_lines(source):
    """The lines -verify expects a warning on, from expected-warning comments."""
    lines = []
    pattern = re.compile(r"expected-warning(?:@([+-]\d+))?\s*\{\{")
    for number, text in enumerate(source.read_text().splitlines(), start=1):
        for match in pattern.finditer(text):
            lines.append(number + int(match[1] or 0))
    return sorted(lines)


def case_nolint(args):
    suppressions = args.source_dir / "testdata" / "nolint" / "suppressions.cu"
    harness.run([args.cudalint, "--verify", HEADERS, suppressions, "--", "-std=c++17"],
                expect=harness.EXIT_CLEAN)
    warned = annotated_warning_lines(suppressions)
    harness.expect(len(warned) >= 3, f"too few annotated warnings: {warned}")
    result = harness.run([args.cudalint, "--use-color=false", HEADERS, suppressions, "--",
                          "-std=c++17"], expect=harness.EXIT_FINDINGS)
    expect_diagnostics([line for line, _, level, _ in diagnostics(result.stdout)
                        if level == "warning"],
                       warned, "suppressions.cu")

    unmatched = args.source_dir / "testdata" / "nolint" / "unmatched.cu"
    result = harness.run([args.cudalint, "--use-color=false", HEADERS, unmatched, "--",
                          "-std=c++17"], expect=harness.EXIT_FINDINGS)
    expect_diagnostics(diagnostics(result.stdout),
                       [(6, 1, "error", "cudalint-nolint"),
                        (7, 3, "warning", "cuda-unchecked-error")],
                       "unmatched.cu")
    harness.expect_contains(result.stdout,
                            "unmatched 'NOLINTBEGIN' comment without a subsequent "
                            "'NOLINTEND' comment", "unmatched.cu")


CASES = {name[len("case_"):].replace("_", "-"): function
         for name, function in globals().items() if name.startswith("case_")}



if __name__ == "__main__":
    harness.main_with_cases(__doc__, CASES)
