#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which units of a compile database `cudalint -p` analyses, one case per run
(--case): the CUDA units, and the C and C++ units that include a CUDA header
(directly or through a header of their own) but not those that include none,
whatever names they use; `Units: cuda` and --units=cuda keep the CUDA units
alone; a unit whose #include is not found is still decided; sources named on
the command line are always analysed. The units are parsed against the
bundled headers, as on a machine without a toolkit."""

import json
import textwrap

import harness

HEADERS = "--cuda-path=none"

# name: (text, compile command). Each unit that uses CUDA has one unchecked
# status, at the place FINDINGS names.
UNITS = {
    "kernels.cu": ("""\
        #include <cuda_runtime.h>
        __global__ void fill(float *data) { data[threadIdx.x] = 1.0f; }
        void clear(float *data, size_t bytes) {
          cudaMemset(data, 0, bytes);
        }
        """, "clang++ -std=c++17 -c kernels.cu -o kernels.o"),
    "buffers.cpp": ("""\
        #include <cuda_runtime.h>
        #include <cstddef>
        struct DeviceBuffer {
          explicit DeviceBuffer(std::size_t bytes) { (void)cudaMalloc(&data, bytes); }
          ~DeviceBuffer() { cudaFree(data); }
          void *data = nullptr;
        };
        """, "g++ -std=c++17 -c buffers.cpp -o buffers.o"),
    # `new` is an identifier in C: the unit only parses as C.
    "array.c": ("""\
        #include <cuda_runtime.h>
        #include <stdlib.h>
        float *cuda_make_array(float *x, size_t n) {
          float *new = NULL;
          cudaMalloc((void **)&new, n * sizeof(float));
          if (x)
            (void)cudaMemcpy(new, x, n * sizeof(float), cudaMemcpyHostToDevice);
          return new;
        }
        """, "gcc -std=c11 -O2 -c array.c -o array.o"),
    # cuda_runtime.h comes through the project's own header.
    "indirect.cpp": ("""\
        #include "gpu_buffer.h"
        void release(void *pointer) {
          cudaFree(pointer);
        }
        """, "c++ -Iinclude -c indirect.cpp -o indirect.o"),
    # No CUDA header: a look-alike of the CUDA API, reported if analysed.
    "plain.cpp": ("""\
        typedef int cudaError_t;
        cudaError_t cudaFree(void *pointer);
        void release(void *pointer) {
          cudaFree(pointer);
        }
        """, "g++ -c plain.cpp -o plain.o"),
    # darknet's src/cuda.h: a project header named like the driver API's.
    "darknet/layer.c": ("""\
        #include "cuda.h"
        void release(void *pointer) {
          cudaFree(pointer);
        }
        """, "gcc -Idarknet -c darknet/layer.c -o layer.o"),
}
OTHER_FILES = {
    "include/gpu_buffer.h": """\
        #pragma once
        #include <cuda_runtime.h>
        """,
    "darknet/cuda.h": """\
        #ifndef CUDA_H
        #define CUDA_H
        typedef int cudaError_t;
        cudaError_t cudaFree(void *pointer);
        #endif
        """,
}
FINDINGS = {
    "kernels.cu": ("kernels.cu", 4, 3, "cuda-unchecked-error"),
    "buffers.cpp": ("buffers.cpp", 5, 21, "cuda-unchecked-error"),
    "array.c": ("array.c", 5, 3, "cuda-unchecked-error"),
    "indirect.cpp": ("indirect.cpp", 3, 3, "cuda-unchecked-error"),
    "plain.cpp": ("plain.cpp", 4, 3, "cuda-unchecked-error"),
}
USING_CUDA = ["array.c", "buffers.cpp", "indirect.cpp", "kernels.cu"]


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def project(root, units=UNITS, other_files=OTHER_FILES):
    for name, (text, _) in units.items():
        write(root / name, text)
    for name, text in other_files.items():
        write(root / name, text)
    entries = [{"directory": str(root), "file": name, "command": command}
               for name, (_, command) in units.items()]
    (root / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return root


def lint(args, root, extra=(), expect_rc=harness.EXIT_FINDINGS):
    result = harness.run([args.cudalint, "-p", root, HEADERS, "--format=json",
                          "--checks=-*,cuda-unchecked-error", *extra],
                         expect=expect_rc)
    report = harness.report(result.stdout)
    units = sorted(harness.relative(unit, root) for unit in report["units"])
    return result, report, units


def expect_units(units, expected, what):
    harness.expect(units == sorted(expected),
                   f"{what}: analysed {units}, expected {sorted(expected)}")
    print(f"{what}: analysed {units}")


def case_default(args):
    root = project(args.work_dir / "project")
    result, report, units = lint(args, root)
    expect_units(units, USING_CUDA, "the default (Units: cuda-api)")
    harness.expect(not report["problems"], f"problems: {report['problems']}")
    harness.expect_findings(harness.finding_keys(report, root),
                            [FINDINGS[name] for name in USING_CUDA], "the default")
    harness.expect_contains(result.stderr,
                            "3 of 5 C and C++ units include a CUDA header and are analysed",
                            "cudalint's stderr")
    # The scans run in parallel; how many at once changes nothing.
    for jobs in ("-j1", "-j4"):
        again, _, _ = lint(args, root, [jobs])
        harness.expect(again.stdout == result.stdout,
                       f"{jobs} wrote another report:\n{again.stdout}\n---\n{result.stdout}")


def case_cuda_only(args):
    root = project(args.work_dir / "project")
    result, _, units = lint(args, root, ["--units=cuda"])
    expect_units(units, ["kernels.cu"], "--units=cuda")
    harness.expect_contains(result.stderr, "5 C and C++ units are not analysed (Units: cuda)",
                            "cudalint's stderr")
    write(root / ".cudalint.yaml", "Units: cuda\n")
    _, _, units = lint(args, root)
    expect_units(units, ["kernels.cu"], "Units: cuda")
    _, _, units = lint(args, root, ["--units=cuda-api"])
    expect_units(units, USING_CUDA, "--units=cuda-api over Units: cuda")
    dumped = harness.run([args.cudalint, "--dump-config", root / "kernels.cu"],
                         expect=harness.EXIT_CLEAN).stdout
    harness.expect_contains(dumped, "Units: 'cuda'\n", "--dump-config")
    dumped = harness.run([args.cudalint, "--dump-config", "--units=cuda-api",
                          root / "kernels.cu"], expect=harness.EXIT_CLEAN).stdout
    harness.expect_contains(dumped, "Units: 'cuda-api'\n", "--dump-config --units=cuda-api")
    harness.run([args.cudalint, "--verify-config", root / "kernels.cu"],
                expect=harness.EXIT_CLEAN)

    bad = write(root / ".cudalint.yaml", "Checks: 'cuda-*'\nUnits:   everything\n")
    result = harness.run([args.cudalint, "--verify-config", root / "kernels.cu"],
                         expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr,
                            f"{bad}:2:10: error: 'Units' must be 'cuda' or 'cuda-api', "
                            "not 'everything'", "--verify-config of a bad Units")
    result = harness.run([args.cudalint, "-p", root, HEADERS], expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, f"{bad}:2:10: error: 'Units' must be",
                            "a run with a bad Units")
    result = harness.run([args.cudalint, "-p", root, HEADERS, "--units=all"],
                         expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "--units must be 'cuda' or 'cuda-api', not 'all'",
                            "a bad --units")


def case_broken_include(args):
    units = {
        "kernels.cu": UNITS["kernels.cu"],
        # Neither scans: the include of generated.h is not found. The first
        # names a CUDA header on its own #include lines and is analysed,
        # with the header read as empty; the second names none and is
        # skipped.
        "broken_cuda.cpp": ("""\
            #include "generated.h"
            #include <cuda_runtime.h>
            void release(void *pointer) { cudaFree(pointer); }
            """, "g++ -c broken_cuda.cpp"),
        "broken_plain.cpp": ("""\
            #include "generated.h"
            int twice(int value) { return 2 * value; }
            """, "g++ -c broken_plain.cpp"),
    }
    root = project(args.work_dir / "project", units, {})
    result, report, analyzed = lint(args, root, expect_rc=harness.EXIT_FINDINGS)
    expect_units(analyzed, ["broken_cuda.cpp", "kernels.cu"], "units with a broken #include")
    harness.expect(report["problems"] == [], f"problems: {report['problems']}")
    harness.expect_contains(result.stderr, "'generated.h' file not found", "cudalint's stderr")
    harness.expect_contains(result.stderr, "1 header not found, read as empty", "cudalint's stderr")
    harness.expect_contains(result.stderr,
                            "1 of 2 C and C++ units include a CUDA header and are analysed",
                            "cudalint's stderr")


def case_sources(args):
    root = project(args.work_dir / "project")
    write(root / ".cudalint.yaml", "Units: cuda\n")
    # Named sources are analysed whatever they include and whatever Units says.
    result = harness.run([args.cudalint, "-p", root, HEADERS, "--format=json",
                          "--checks=-*,cuda-unchecked-error", root / "plain.cpp",
                          root / "array.c"], expect=harness.EXIT_FINDINGS)
    report = harness.report(result.stdout)
    harness.expect_findings(harness.finding_keys(report, root),
                            [FINDINGS["plain.cpp"], FINDINGS["array.c"]], "named sources")


CASES = {name[len("case_"):].replace("_", "-"): function
         for name, function in globals().items() if name.startswith("case_")}

if __name__ == "__main__":
    harness.main_with_cases(__doc__, CASES)
