# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The report does not depend on how many units run at once: over a database
of several units, -j1 and -j4 write byte-identical text, JSON and SARIF.
"""

import json

import harness

FORMATS = ["text", "json", "sarif"]


def entry(directory, source, flags, use_command):
    if use_command:
        return {"directory": str(directory), "file": str(source),
                "command": " ".join(["nvcc", *flags, "-c", str(source)])}
    return {"directory": str(directory), "file": str(source),
            "arguments": ["clang++", "-x", "cuda", *flags, "-c", str(source)]}


def write_database(args):
    """The units of every bundled project, with their flags, in both of a
    database's spellings. All of them parse with the bundled CUDA headers,
    which are quicker to parse than a toolkit's."""
    testdata = args.source_dir / "testdata"
    projects = testdata / "projects"
    units = [
        (testdata / "example" / "src", ["-I."]),
        (projects / "cmake-cuda" / "src", ["-I../include", "-DSAXPY_TRACE=1"]),
        (projects / "makefile-nvcc" / "src", ["-I../include", "-DHISTOGRAM_BINS=64"]),
        (testdata / "nolint", []),
    ]
    entries = []
    for directory, flags in units:
        for source in sorted(directory.glob("*.cu")):
            entries.append(entry(directory, source, ["-std=c++17", *flags],
                                 use_command=len(entries) % 2 == 0))
    database = args.work_dir / "compile_commands.json"
    database.write_text(json.dumps(entries, indent=2))
    return entries


def first_difference(a, b):
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y),
                min(len(a), len(b)))


def test(args):
    entries = write_database(args)
    harness.expect(len(entries) >= 8, f"only {len(entries)} units in the database")
    outputs = {}
    for output_format in FORMATS:
        for jobs in ["1", "4"]:
            result = harness.run([args.cudalint, "-p", args.work_dir, "-j", jobs,
                                  "--cuda-path=none", f"--format={output_format}",
                                  "--use-color=false"],
                                 cwd=args.work_dir, expect=harness.EXIT_FINDINGS)
            outputs[output_format, jobs] = result.stdout
        serial, parallel = outputs[output_format, "1"], outputs[output_format, "4"]
        harness.expect(serial.count("cuda-unchecked-error") >= 10,
                       f"{output_format}: too few findings to compare:\n{serial}")
        if serial != parallel:
            at = first_difference(serial, parallel)
            raise harness.TestFailure(
                f"--format={output_format}: -j1 and -j4 differ at byte {at}:\n"
                f"-j1: {serial[max(0, at - 200):at + 200]!r}\n"
                f"-j4: {parallel[max(0, at - 200):at + 200]!r}")
        print(f"--format={output_format}: {len(serial)} identical bytes")
    report = harness.report(outputs["json", "1"])
    harness.expect(len(report["units"]) == len(entries),
                   f"{len(report['units'])} units analysed, {len(entries)} in the database")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__)))
