# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A CMake project's compile database, written by CMake during the test, then
linted with `cudalint -p`.

Routes:
  nvcc   CMake with nvcc as the CUDA compiler, Unix Makefiles generator: the
         include directories go to an nvcc options file (includes_CUDA.rsp)
         that cudalint must read, or the units fail to find their header.
  clang  CMake with clang++-22 compiling the .cu files as C++ with -x cuda
         (configure only), Ninja generator; linted against the CUDA Toolkit
         when there is one and against cudalint's bundled headers.
"""

import json

import harness

# (file relative to the project, line, column, check): every bug the project
# carries, and nothing else. Both routes must find exactly these.
EXPECTED = {
    "cmake-cuda": [
        ("src/main.cu", 11, 3, "cuda-unchecked-error"),
        ("src/main.cu", 11, 23, "cuda-alloc-pointer-arg"),
        # saxpy() (saxpy.cu) leaves its launch's error to main(), which
        # never reads it: reported at the call, from its summary.
        ("src/main.cu", 15, 3, "cuda-unchecked-error"),
        ("src/main.cu", 20, 3, "cuda-unchecked-error"),
        ("src/saxpy.cu", 21, 3, "cuda-unchecked-error"),
        # Compiled only with the target's SAXPY_TRACE=1 definition.
        ("src/saxpy.cu", 29, 3, "cuda-unchecked-error"),
    ],
    "example": [
        # cudaMalloc's discarded status at main.cu:13 is read by the
        # cudaGetLastError() vectorAdd() (vector_ops.cu) calls, but only after
        # deviceC, which the failed call never set, went to the kernel; sum()
        # leaves its launch's error to main(), which never reads it.
        ("src/main.cu", 13, 3, "cuda-unchecked-error"),
        ("src/main.cu", 15, 24, "cuda-unchecked-error"),
        ("src/main.cu", 18, 17, "cuda-unchecked-error"),
        ("src/vector_ops.cu", 33, 34, "cuda-alloc-pointer-arg"),
        ("src/vector_ops.cu", 39, 3, "cuda-unchecked-error"),
        ("src/pipeline.cu", 22, 14, "cuda-memory-leak"),
        ("src/pipeline.cu", 31, 14, "cuda-pageable-async-copy"),
        ("src/pipeline.cu", 40, 14, "cuda-memcpy-kind"),
        ("src/pipeline.cu", 47, 23, "cuda-launch-config"),
        ("src/pipeline.cu", 57, 16, "cuda-unsynchronized-host-read"),
    ],
}

# How many units each project's database holds.
UNITS = {"cmake-cuda": 2, "example": 3}

# The option that makes each project compile its .cu files as C++.
CUDA_AS_CXX_OPTION = {
    "cmake-cuda": "SAXPY_CUDA_AS_CXX",
    "example": "VECTOR_OPS_CUDA_AS_CXX",
}


def configure_arguments(parser):
    parser.add_argument("--project", required=True, choices=sorted(EXPECTED))
    parser.add_argument("--route", required=True, choices=["nvcc", "clang"])


def project_dir(args):
    if args.project == "example":
        return args.source_dir / "testdata" / "example"
    return args.source_dir / "testdata" / "projects" / args.project


def configure(args, build_dir):
    cmake = harness.required_tool("cmake")
    source = project_dir(args)
    if args.route == "nvcc":
        nvcc = harness.nvcc()
        if not nvcc:
            raise harness.Skip("no CUDA Toolkit (nvcc) on this machine")
        harness.run([cmake, "-S", source, "-B", build_dir, "-G", "Unix Makefiles",
                     f"-DCMAKE_CUDA_COMPILER={nvcc}"], expect=0)
    else:
        ninja = harness.required_tool("ninja")
        harness.run([cmake, "-S", source, "-B", build_dir, "-G", "Ninja",
                     f"-DCMAKE_MAKE_PROGRAM={ninja}",
                     f"-DCMAKE_CXX_COMPILER={harness.clang()}",
                     f"-D{CUDA_AS_CXX_OPTION[args.project]}=ON"], expect=0)
    database = build_dir / "compile_commands.json"
    harness.expect(database.is_file(), f"CMake wrote no {database}")
    return json.loads(database.read_text())


def expect_database_shape(args, entries, build_dir):
    """The database must hold what the project is here to exercise."""
    commands = "\n".join(entry["command"] for entry in entries)
    units = UNITS[args.project]
    harness.expect(len(entries) == units, f"expected {units} units, got:\n{commands}")
    if args.project != "cmake-cuda":
        return
    if args.route == "nvcc":
        for flag in ["-rdc=true", "-Xcompiler=-Wall", "-DSAXPY_TRACE=1"]:
            harness.expect_contains(commands, flag, "the nvcc database")
        # CMake 3.25's Makefile generator puts include directories into an
        # options file; later versions may not, and then -I is on the line.
        options_files = sorted(build_dir.glob("CMakeFiles/*.dir/includes_CUDA.rsp"))
        if options_files:
            harness.expect_contains(commands, "--options-file", "the nvcc database")
            print(f"options files exercised: {[str(f) for f in options_files]}")
        else:
            harness.expect_contains(commands, "-I", "the nvcc database")
    else:
        for flag in ["-x cuda", "-fgpu-rdc", "-Wall", "-DSAXPY_TRACE=1"]:
            harness.expect_contains(commands, flag, "the clang database")


def test(args):
    build_dir = args.work_dir / "build"
    entries = configure(args, build_dir)
    expect_database_shape(args, entries, build_dir)
    root = project_dir(args)
    expected = EXPECTED[args.project]

    cuda_paths = ["default"]
    if args.route == "clang":
        cuda_paths = ["none"] + (["default"] if harness.cuda_toolkit() else [])
    for cuda_path in cuda_paths:
        options = ["-p", build_dir] + ([f"--cuda-path={cuda_path}"]
                                       if cuda_path != "default" else [])
        report, findings = harness.lint_json(args, options, root)
        harness.expect(len(report["units"]) == UNITS[args.project],
                       f"expected {UNITS[args.project]} units analysed, got {report['units']}")
        harness.expect_findings(findings, expected,
                                f"{args.project} via {args.route}, "
                                f"--cuda-path={cuda_path}")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__, configure_arguments)))
