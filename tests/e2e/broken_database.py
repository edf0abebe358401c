# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A compile database with one malformed entry, one unit that does not
compile and one good unit: cudalint must still report the good unit's
findings, name both problems on stderr and in the report, and exit 2.
"""

import json

import harness

GOOD = """\
#include <cuda_runtime.h>

void clear(float *data, size_t bytes) {
  cudaMemset(data, 0, bytes);
}
"""

# A syntax error and no CUDA call, so that whether cudalint reports findings
# of a unit it could not analyse does not matter here.
BROKEN = """\
#include <cuda_runtime.h>

int broken(int value) {
  return value
}
"""

GOOD_FINDING = (
    "good.cu:4:3: warning: the cudaError_t returned by 'cudaMemset' is "
    "discarded; if the call fails, the program carries on with whatever the "
    "GPU left behind [cuda-unchecked-error]")


def write_project(directory):
    (directory / "good.cu").write_text(GOOD)
    (directory / "broken.cu").write_text(BROKEN)
    entries = [
        {"directory": str(directory),
         "arguments": ["clang++", "-x", "cuda", "-c", "forgotten.cu"]},
        {"directory": str(directory), "file": "broken.cu",
         "arguments": ["clang++", "-x", "cuda", "-std=c++17", "-c", "broken.cu"]},
        {"directory": str(directory), "file": "good.cu",
         "command": "nvcc -std=c++17 -c good.cu -o good.o"},
    ]
    (directory / "compile_commands.json").write_text(json.dumps(entries, indent=2))


def test(args):
    directory = args.work_dir
    write_project(directory)
    database = directory / "compile_commands.json"
    broken = directory / "broken.cu"

    text = harness.run([args.cudalint, "-p", directory], expect=harness.EXIT_ERROR)
    warnings = [line for line in text.stdout.splitlines() if ": warning: " in line]
    harness.expect(warnings == [f"{directory}/{GOOD_FINDING}"],
                   f"expected only the good unit's finding, got:\n{text.stdout}")
    for needle in ["entry 0: no 'file' field; skipped",
                   f"could not analyse '{broken}'",
                   f"{broken}:4:15: error: expected ';' after return statement",
                   # Which checks did not run on it, by name.
                   "the path-sensitive checks did not run on it (cuda-copy-size, ",
                   "); the AST checks report on what clang parsed",
                   "1 warning and 0 errors in 2 units, 1 not analysed."]:
        harness.expect_contains(text.stderr, needle, "cudalint's stderr")

    report, findings = harness.lint_json(args, ["-p", directory], directory,
                                         expect_rc=harness.EXIT_ERROR)
    harness.expect_findings(findings, [("good.cu", 4, 3, "cuda-unchecked-error")],
                            "the broken database")
    problem_files = sorted(problem["file"] for problem in report["problems"])
    harness.expect(problem_files == sorted([str(database), str(broken)]),
                   f"expected a problem for the database entry and one for "
                   f"broken.cu, got {report['problems']}")
    harness.expect(report["units"] == [str(broken), str(directory / "good.cu")],
                   f"units: {report['units']}")
    not_run = {run["file"]: run["checksNotRun"] for run in report["analysis"]}
    harness.expect(not_run[str(directory / "good.cu")] == [] and
                   "cuda-memory-leak" in not_run[str(broken)] and
                   "cuda-unchecked-error" not in not_run[str(broken)],
                   f"checksNotRun: {not_run}")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__)))
