#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Code written for an older toolkit, through a compile database of nvcc
commands: older-toolkit-api.cu reads cudaDeviceProp::clockRate and calls the
int-device cudaMemPrefetchAsync, which CUDA 13's headers no longer declare,
and builds for sm_60. Against the installed toolkit its function would be
skipped; cudalint analyses the unit against the bundled CUDA 12 declarations
instead, reports the leak in that function, and says so: one notice naming
the declarations, the toolkit's first error and the sm_60 evidence; the JSON
report's `olderDeclarations` and `errorWithToolkit`, and the command it used.
A look-alike whose host function has an error of its own (a function nobody
declares) gains nothing from the older declarations: it stays partly
analysed, its leak beside the error reported, and nothing says otherwise.
A unit testing `#if __CUDACC__`, as nvcc defines it, parses against the
toolkit.
The JSON reports of two shards merge back with both fields. `CudaVersion`
in .cudalint.yaml says which toolkit the code is written for: the installed
one's, and no older declarations are tried; an older one, and the notice
gives it as the reason."""

import json
import re
import shutil

import harness

CHECKS = "--checks=-*,cuda-memory-leak"

# A leak the analysis finds wherever it reaches the function: line 6 of a
# unit that starts with its include, a blank line and one line more.
LEAKY = """\
float *leaky(size_t n) {
  float *device;
  if (cudaMalloc(&device, n * sizeof(float)) != cudaSuccess)
    return nullptr;
  if (cudaMemset(device, 0, n * sizeof(float)) != cudaSuccess)
    return nullptr;
  return device;
}
"""

# Its leak on line 11.
OWN_ERROR = """\
#include <cuda_runtime.h>

int notDeclaredAnywhere(int);

void broken(int n) {
  notDeclaredEither(n);
}

""" + LEAKY

# nvcc defines __CUDACC__ as 1; clang's CUDA wrapper leaves it empty, which
# `#if __CUDACC__` (HeCBench's ssim-cuda) cannot read. Parsed against the
# toolkit, not set down to the older declarations for it.
CUDACC_VALUE = "#include <cuda_runtime.h>\n\n#if __CUDACC__\n" + LEAKY + "#endif\n"
UNITS = ["older-toolkit-api.cu", "own-error.cu", "cudacc-value.cu"]


def write_project(args):
    project = args.work_dir / "project"
    project.mkdir()
    shutil.copy(args.source_dir / "testdata" / "nvcc-fidelity" / "older-toolkit-api.cu",
                project / "older-toolkit-api.cu")
    (project / "own-error.cu").write_text(OWN_ERROR)
    (project / "cudacc-value.cu").write_text(CUDACC_VALUE)
    entries = [{"directory": str(project), "file": str(project / name),
                "arguments": [str(harness.nvcc()), "-std=c++14", "-arch=sm_60", "-c", name,
                              "-o", name + ".o"]}
               for name in UNITS]
    (project / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return project


def line_of(path, text):
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1)
                if text in line)


def the_run(parsed, project, unit):
    runs = [run for run in parsed["analysis"] if run["file"] == str(project / unit)]
    harness.expect(len(runs) == 1, f"one analysis entry for {unit}: {parsed['analysis']}")
    return runs[0]


def test():
    args = harness.arguments(__doc__)
    toolkit = harness.cuda_toolkit()
    if not toolkit:
        raise harness.Skip("no CUDA Toolkit: the bundled headers are used anyway")
    version = re.search(r"#define CUDA_VERSION (\d+)", (toolkit / "include" / "cuda.h").read_text())
    if not version or int(version.group(1)) < 13000:
        raise harness.Skip("the toolkit is not newer than the bundled CUDA 12 declarations")
    project = write_project(args)
    cuda_path = f"--cuda-path={toolkit}"
    result = harness.run([args.cudalint, "-p", project, CHECKS, cuda_path, "--format=json"],
                         expect=harness.EXIT_FINDINGS)
    parsed = harness.report(result.stdout)
    found = sorted((key[0], key[1], key[3]) for key in harness.finding_keys(parsed, project))
    older = project / "older-toolkit-api.cu"
    harness.expect(found == [("cudacc-value.cu", 6, "cuda-memory-leak"),
                             ("older-toolkit-api.cu", line_of(older, "cudaMallocManaged(&"),
                              "cuda-memory-leak"),
                             ("own-error.cu", 11, "cuda-memory-leak")],
                   f"the three leaks are reported: {found}")

    run = the_run(parsed, project, "older-toolkit-api.cu")
    harness.expect(run.get("olderDeclarations", "").startswith("the CUDA 12.") and
                   run["olderDeclarations"].endswith("declarations bundled with cudalint"),
                   f"the declarations used are named: {run}")
    harness.expect(re.search(rf"older-toolkit-api\.cu:{line_of(older, 'prop.clockRate')}:\d+: "
                             r"error: no member named 'clockRate'", run["errorWithToolkit"]),
                   f"the toolkit's first error is kept: {run['errorWithToolkit']}")
    harness.expect("-nocudainc" in run["command"] and run["codeSkipped"] == [],
                   f"the command used has the bundled headers, nothing skipped: {run}")
    notices = [line for line in result.stderr.splitlines() if "declarations bundled" in line]
    harness.expect(len(notices) == 1, f"one notice:\n{result.stderr}")
    for part in [f"analysed '{older}' against the CUDA 12.", "since the headers of CUDA 13.",
                 "error: no member named 'clockRate'",
                 "it builds for sm_60, which CUDA 13.0 does not compile for"]:
        harness.expect_contains(notices[0], part, "the notice")

    own = the_run(parsed, project, "own-error.cu")
    harness.expect("olderDeclarations" not in own and "-nocudainc" not in own["command"],
                   f"a unit with an error of its own keeps the toolkit: {own}")
    harness.expect(len(own["codeSkipped"]) == 1 and own["codeSkipped"][0].startswith("broken "),
                   f"its broken function is skipped and named: {own['codeSkipped']}")
    value = the_run(parsed, project, "cudacc-value.cu")
    harness.expect("olderDeclarations" not in value and value["errorsSetAside"] == [],
                   f"#if __CUDACC__ parses against the toolkit: {value}")
    harness.expect_contains(result.stderr, "in 3 units, 1 partly analysed.", "the summary")

    # The configuration says which toolkit the code is written for: CUDA 13,
    # and the toolkit's errors are its own; 12.4, and the notice says so.
    for version, expected in [("13", None), ("12.4", "its configuration says CudaVersion 12.4")]:
        (project / ".cudalint.yaml").write_text(f"CudaVersion: '{version}'\n")
        result = harness.run([args.cudalint, "-p", project, CHECKS, cuda_path, "--format=json",
                              older], expect=[harness.EXIT_FINDINGS, harness.EXIT_ERROR])
        run = the_run(harness.report(result.stdout), project, "older-toolkit-api.cu")
        notices = [line for line in result.stderr.splitlines() if "declarations bundled" in line]
        if expected:
            harness.expect(len(notices) == 1 and expected in notices[0],
                           f"CudaVersion {version} is the reason given:\n{result.stderr}")
        else:
            harness.expect(not notices and "olderDeclarations" not in run,
                           f"CudaVersion {version}: no older declarations:\n{result.stderr}")
    (project / ".cudalint.yaml").unlink()

    shards = []
    for shard in ["1/2", "2/2"]:
        path = args.work_dir / f"shard{shard[0]}.json"
        harness.run([args.cudalint, "-p", project, CHECKS, cuda_path, "--format=json",
                     f"--shard={shard}", "-o", path], expect=None)
        shards.append(path)
    merged = args.work_dir / "merged.json"
    harness.run([args.cudalint, "--merge", "-o", merged, *shards], expect=None)
    merged_run = the_run(json.loads(merged.read_text()), project, "older-toolkit-api.cu")
    harness.expect(merged_run.get("olderDeclarations") == run["olderDeclarations"] and
                   merged_run.get("errorWithToolkit") == run["errorWithToolkit"],
                   f"the merge keeps both fields: {merged_run}")


if __name__ == "__main__":
    harness.main(test)
