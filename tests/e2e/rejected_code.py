#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Units with errors, through a compile database: against the toolkit's
headers clang rejects `__stcs` on a float4 (nvcc accepts it). In two kernels
of kernel-only.cu, cudalint analyses the unit's host code anyway: its leak
is reported, the unit is not a problem (exit 1, not 2), one notice names the
errors set aside, and the JSON and SARIF reports carry them. The look-alikes
with the error in a host function and in a __host__ __device__ function,
and one whose header is not installed, are partly analysed: the function is
skipped and named, the leak beside it reported, and the summary counts the
unit as partly analysed. In host-only.cu, whose one host function holds the
error, nothing is left: it fails (exit 2) and sets nothing aside."""

import json
import shutil

import harness

CHECKS = "--checks=-*,cuda-memory-leak"
UNITS = ["kernel-only.cu", "host-code.cu", "host-device.cu", "missing-header.cu", "host-only.cu"]


def write_project(args):
    project = args.work_dir / "project"
    project.mkdir()
    for name in UNITS:
        shutil.copy(args.source_dir / "testdata" / "rejected-code" / name, project / name)
    entries = [{"directory": str(project), "file": str(project / name),
                "arguments": [str(harness.nvcc()), "-std=c++17", "-c", name, "-o",
                              name + ".o"]}
               for name in UNITS]
    (project / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return project, [f"--cuda-path={harness.cuda_toolkit()}"]


def lint(args, project, cuda_path, unit, *options, expect):
    return harness.run([args.cudalint, "-p", project, CHECKS, *cuda_path, *options,
                        project / unit], expect=expect)


def the_run(parsed, project, unit):
    runs = [run for run in parsed["analysis"] if run["file"] == str(project / unit)]
    harness.expect(len(runs) == 1, f"one analysis entry for {unit}: {parsed['analysis']}")
    return runs[0]


def check_set_aside(args, project, cuda_path):
    result = lint(args, project, cuda_path, "kernel-only.cu", "--format=json",
                  expect=harness.EXIT_FINDINGS)
    parsed = harness.report(result.stdout)
    found = harness.finding_keys(parsed, project)
    allocation = [number for number, text in
                  enumerate((project / "kernel-only.cu").read_text().splitlines(), 1)
                  if "cudaMalloc(&d" in text]
    harness.expect([key[0:2] + key[3:] for key in found] ==
                   [("kernel-only.cu", allocation[0], "cuda-memory-leak")],
                   f"the host function's leak is reported: {found}")
    harness.expect(parsed["problems"] == [], f"no problem: {parsed['problems']}")
    skipped = the_run(parsed, project, "kernel-only.cu")["errorsSetAside"]
    harness.expect(len(skipped) == 2 and all("'__stcs'" in error for error in skipped),
                   f"the two __stcs errors are set aside: {skipped}")
    lines = [str(number) for number, text in
             enumerate((project / "kernel-only.cu").read_text().splitlines(), 1)
             if "__stcs(out" in text]
    harness.expect([error.split(":")[1] for error in skipped] == lines,
                   f"in the order clang reported them, at lines {lines}: {skipped}")
    notices = [line for line in result.stderr.splitlines()
               if "analysed the host code of" in line]
    harness.expect(len(notices) == 1 and "2 errors in device code" in notices[0],
                   f"one notice for the unit:\n{result.stderr}")
    harness.expect_contains(result.stderr, skipped[0], "the notice")
    harness.expect("not analysed" not in result.stderr,
                   f"the unit is counted as analysed:\n{result.stderr}")

    sarif_path = args.work_dir / "kernel-only.sarif"
    lint(args, project, cuda_path, "kernel-only.cu", "--format=sarif", "-o", sarif_path,
         expect=harness.EXIT_FINDINGS)
    sarif = json.loads(sarif_path.read_text())["runs"][0]
    invocation = sarif["invocations"][0]
    harness.expect(invocation["executionSuccessful"] is True,
                   f"the run succeeded: {invocation}")
    notes = invocation.get("toolExecutionNotifications", [])
    harness.expect(len(notes) == 1 and notes[0]["level"] == "note" and
                   skipped[0] in notes[0]["message"]["text"],
                   f"one note-level notification names the errors: {notes}")
    units = sarif["properties"]["cudalintUnits"]
    harness.expect(units[0]["errorsSetAside"] == skipped,
                   f"the run properties carry them as the JSON does: {units}")
    harness.expect(len(sarif["results"]) == 1, f"one result: {sarif['results']}")


def line_of(project, unit, text):
    return [number for number, line in
            enumerate((project / unit).read_text().splitlines(), 1) if text in line][0]


def check_partly(args, project, cuda_path, unit, skipped_function, error):
    result = lint(args, project, cuda_path, unit, "--format=json", expect=harness.EXIT_FINDINGS)
    parsed = harness.report(result.stdout)
    found = harness.finding_keys(parsed, project)
    allocation = line_of(project, unit, "cudaMalloc(&d")
    harness.expect([key[0:2] + key[3:] for key in found] ==
                   [(unit, allocation, "cuda-memory-leak")],
                   f"{unit}: the leak beside the skipped function is reported: {found}")
    harness.expect(parsed["problems"] == [], f"{unit}: no problem: {parsed['problems']}")
    run = the_run(parsed, project, unit)
    where = line_of(project, unit, skipped_function + "(")
    harness.expect(run["codeSkipped"] == [f"{skipped_function} ({project / unit}:{where})"],
                   f"{unit}: the function is named: {run['codeSkipped']}")
    harness.expect(any(error in text for text in run["errorsSetAside"]),
                   f"{unit}: its error is set aside: {run['errorsSetAside']}")
    harness.expect_contains(result.stderr, f"partially analysed '{project / unit}'", "the notice")
    harness.expect_contains(result.stderr, "1 partly analysed", "the summary")
    return run


def check_still_fails(args, project, cuda_path, unit):
    result = lint(args, project, cuda_path, unit, "--format=json", expect=harness.EXIT_ERROR)
    parsed = harness.report(result.stdout)
    harness.expect(parsed["findings"] == [], f"{unit}: nothing analysed: {parsed['findings']}")
    harness.expect(len(parsed["problems"]) == 1 and
                   "'__stcs'" in parsed["problems"][0]["message"],
                   f"{unit}: could not be analysed, for its __stcs error: {parsed['problems']}")
    harness.expect(the_run(parsed, project, unit)["errorsSetAside"] == [],
                   f"{unit}: nothing set aside")
    harness.expect("analysed" not in result.stderr.split("could not analyse")[0],
                   f"{unit}: no notice:\n{result.stderr}")


def test():
    args = harness.arguments(__doc__)
    # The error is one the toolkit's headers give clang; the bundled headers
    # declare the overload.
    if not harness.cuda_toolkit():
        raise harness.Skip("no CUDA Toolkit")
    project, cuda_path = write_project(args)
    check_set_aside(args, project, cuda_path)
    check_partly(args, project, cuda_path, "host-code.cu", "clearOnHost", "'__stcs'")
    check_partly(args, project, cuda_path, "host-device.cu", "clearOne", "'__stcs'")
    run = check_partly(args, project, cuda_path, "missing-header.cu", "solve", "solverRun")
    harness.expect(len(run["includesNotFound"]) == 1 and
                   "'solver/not-installed.h' file not found" in run["includesNotFound"][0],
                   f"the header not found is named: {run['includesNotFound']}")
    check_still_fails(args, project, cuda_path, "host-only.cu")
    # The whole database: host-only.cu fails the run, the leaks are still
    # reported.
    result = harness.run([args.cudalint, "-p", project, CHECKS, *cuda_path, "--format=json"],
                         expect=harness.EXIT_ERROR)
    parsed = harness.report(result.stdout)
    harness.expect(len(parsed["findings"]) == 4 and len(parsed["problems"]) == 1,
                   f"four findings, one unit not analysed: {parsed}")
    harness.expect_contains(result.stderr,
                            "4 warnings and 0 errors in 5 units, 3 partly analysed, "
                            "1 not analysed", "the summary")


if __name__ == "__main__":
    harness.main(test)
