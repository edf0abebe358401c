#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""nvcc's predefined macros: a unit compiled by nvcc is analysed in the
branch nvcc compiles (__NVCC__, __CUDACC_VER_MAJOR__ and kin, with the
version of the headers in use), while system headers, such as the CUDA
headers that read __NVCC__ as nvcc's own front end, do not see them (a
probe header stops with an #error if it does). The same unit
compiled by clang takes clang's branch. --extended-lambda defines
__CUDACC_EXTENDED_LAMBDA__, with which the toolkit's cuda_runtime.h includes
<functional>, as nvcc does. Against the toolkit where there is one, and the
bundled headers."""

import json
import shutil

import harness

UNIT = "branches.cu"
# A second unit, so that the run precompiles the CUDA headers both share: in
# a unit that loads them, nvcc's macros come from the PCH.
TWIN = "twin.cu"


def write_project(args, name, compiler, flags):
    project = args.work_dir / name
    shutil.copytree(args.source_dir / "testdata" / "nvcc-macros", project)
    shutil.copy(project / UNIT, project / TWIN)
    entries = [{"directory": str(project), "file": str(project / unit),
                "arguments": [compiler, "-std=c++17", "-isystem", "system", *flags, "-c", unit,
                              "-o", unit + ".o"]}
               for unit in (UNIT, TWIN)]
    (project / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return project


def leak_line(project):
    return [number for number, text in
            enumerate((project / UNIT).read_text().splitlines(), 1)
            if "nvcc: the leak" in text][0]


def test():
    args = harness.arguments(__doc__)
    header_sets = [["--cuda-path=none"]]
    if harness.cuda_toolkit():
        header_sets.append([f"--cuda-path={harness.cuda_toolkit()}"])
    for cuda_path in header_sets:
        label = "toolkit" if cuda_path[0] != "--cuda-path=none" else "bundled"
        nvcc = write_project(args, f"nvcc-{label}", "/usr/local/cuda/bin/nvcc",
                             ["--extended-lambda"])
        clang = write_project(args, f"clang-{label}", "clang++", ["-x", "cuda"])
        parsed, found = harness.lint_json(
            args, ["-p", nvcc, "--checks=-*,cuda-memory-leak", *cuda_path, "--verbose"], nvcc)
        harness.expect_findings(found, [(unit, leak_line(nvcc), 7, "cuda-memory-leak")
                                        for unit in (UNIT, TWIN)], f"nvcc, {label} headers")
        harness.expect(all(run["errorsSetAside"] == [] for run in parsed["analysis"]),
                       f"nothing set aside: {parsed['analysis']}")
        command = parsed["analysis"][0]["command"]
        harness.expect("-D__NVCC__=1" in command and "-D__CUDACC_EXTENDED_LAMBDA__" in command,
                       f"the clang command defines nvcc's macros: {command}")
        parsed, found = harness.lint_json(
            args, ["-p", clang, "--checks=-*,cuda-memory-leak", *cuda_path], clang,
            expect_rc=harness.EXIT_CLEAN)
        harness.expect_findings(found, [], f"clang, {label} headers")


if __name__ == "__main__":
    harness.main(test)
