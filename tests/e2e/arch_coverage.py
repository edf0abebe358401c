# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cuda-arch-coverage through a compile database: nvcc's -gencode read off
each unit's command, the target GPUs from .cudalint.yaml's TargetGpus, from
--target-gpu over it, and the notice when nothing names a GPU.

The units parse with the bundled headers (--cuda-path=none); the machine's
own GPUs never decide these cases: every case that needs target GPUs names
them.
"""

import json

import harness

KERNEL = """\
#include <cuda_runtime.h>

__global__ void scale(float *data, float factor) { data[threadIdx.x] *= factor; }

void run(float *data) {
  scale<<<1, 256>>>(data, 2.0f);
  (void)cudaGetLastError();
}
"""


def write_project(directory):
    """Two units: sm_80 machine code alone, and sm_80 with its PTX."""
    for name in ("sass_only.cu", "with_ptx.cu"):
        (directory / name).write_text(KERNEL)
    entries = [
        {"directory": str(directory), "file": "sass_only.cu",
         "command": "nvcc -std=c++17 -gencode arch=compute_80,code=sm_80 -c sass_only.cu"},
        {"directory": str(directory), "file": "with_ptx.cu",
         "command": "nvcc -std=c++17 -gencode arch=compute_80,code=[sm_80,compute_80] "
                    "-c with_ptx.cu"},
    ]
    (directory / "compile_commands.json").write_text(json.dumps(entries, indent=2))


def lint(args, extra, expect_rc):
    return harness.lint_json(args, ["--checks=-*,cuda-arch-coverage", "--cuda-path=none",
                                    "-p", args.work_dir, *extra],
                             args.work_dir, expect_rc=expect_rc, cwd=args.work_dir)


def configured(args):
    write_project(args.work_dir)
    (args.work_dir / ".cudalint.yaml").write_text("TargetGpus: [sm_90]\n")
    report, keys = lint(args, [], harness.EXIT_FINDINGS)
    harness.expect_findings(keys, [("sass_only.cu", 3, 17, "cuda-arch-coverage")],
                            "TargetGpus: [sm_90]")
    harness.expect_contains(report["findings"][0]["message"],
                            "add -gencode arch=compute_90,code=sm_90", "the finding")
    # --target-gpu replaces the file's list: sm_86 runs sm_80 machine code.
    _, keys = lint(args, ["--target-gpu=sm_86"], harness.EXIT_CLEAN)
    harness.expect_findings(keys, [], "--target-gpu=sm_86")


def unknown_targets(args):
    write_project(args.work_dir)
    result = harness.run([args.cudalint, "--checks=-*,cuda-arch-coverage", "--cuda-path=none",
                          "-p", args.work_dir, "--format=json"], cwd=args.work_dir,
                         expect=[harness.EXIT_CLEAN, harness.EXIT_FINDINGS])
    report = harness.report(result.stdout)
    if report["findings"]:
        # A GPU on this machine named the targets: nothing to test here.
        raise harness.Skip("this machine's GPUs are the target GPUs")
    harness.expect_contains(result.stderr, "cuda-arch-coverage checks no unit", "stderr")
    harness.expect(result.stderr.count("cuda-arch-coverage checks no unit") == 1,
                   "the notice must come once:\n" + result.stderr)


def bad_target(args):
    write_project(args.work_dir)
    result = harness.run([args.cudalint, "--target-gpu=sm_90,hopper", "-p", args.work_dir],
                         expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "--target-gpu: 'hopper' is no GPU architecture",
                            "stderr")
    (args.work_dir / ".cudalint.yaml").write_text("TargetGpus: [volta]\n")
    result = harness.run([args.cudalint, "-p", args.work_dir], expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "'TargetGpus' names 'volta'", "stderr")


if __name__ == "__main__":
    harness.main_with_cases(__doc__, {
        "configured": configured,
        "unknown-targets": unknown_targets,
        "bad-target": bad_target,
    })
