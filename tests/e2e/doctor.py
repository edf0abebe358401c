# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`cudalint doctor`: the coverage verdict for a compile database and for an
object nvcc builds, its exit codes, and its messages for bad input.

The database cases name the GPU with --target-gpu and parse with the bundled
headers (--cuda-path=none), so that the machine's own GPUs, driver and
toolkit cannot change their outcome.
"""

import json
import shutil

import harness

KERNEL = """\
__global__ void scale(float *data, float factor) { data[threadIdx.x] *= factor; }
"""


def write_database(directory, gencode):
    (directory / "kernels.cu").write_text(KERNEL)
    entries = [
        {"directory": str(directory), "file": "kernels.cu",
         "command": f"nvcc -std=c++17 -gencode {gencode} -c kernels.cu -o kernels.o"},
        # A C++ unit: no GPU code, and no part of the coverage.
        {"directory": str(directory), "file": "main.cpp",
         "command": "g++ -std=c++17 -c main.cpp -o main.o"},
    ]
    (directory / "compile_commands.json").write_text(json.dumps(entries, indent=2))


def doctor_json(args, doctor_args, expect_rc):
    result = harness.run([args.cudalint, "doctor", "--format=json", *doctor_args],
                         expect=expect_rc)
    try:
        return json.loads(result.stdout), result
    except json.JSONDecodeError as error:
        raise harness.TestFailure(f"not JSON ({error}):\n{result.stdout}")


def the_group(report):
    database = report["database"]
    harness.expect(database is not None and database["cudaUnits"] == 1,
                   f"expected one CUDA unit: {database}")
    groups = database["groups"]
    harness.expect(len(groups) == 1, f"expected one unit group: {groups}")
    return groups[0]


def machine_code_missing(args):
    write_database(args.work_dir, "arch=compute_80,code=sm_80")
    report, _ = doctor_json(args, ["--cuda-path=none", "-p", args.work_dir,
                                   "--target-gpu=sm_90"], expect_rc=1)
    group = the_group(report)
    harness.expect(group["architectures"]["machineCode"] == ["sm_80"]
                   and group["architectures"]["ptx"] == [],
                   f"architectures: {group['architectures']}")
    harness.expect(group["verdicts"] == [{"gpu": "sm_90", "runsAs": "no-kernel-image",
                                          "from": None}],
                   f"verdicts: {group['verdicts']}")
    harness.expect(group["fix"] is not None, "no fix")
    harness.expect(group["fix"]["nvcc"] == ["-gencode arch=compute_90,code=sm_90"],
                   f"fix: {group['fix']}")
    harness.expect(group["fix"]["cmakeArchitectures"] == "80-real;90", f"fix: {group['fix']}")
    harness.expect(report["exitCode"] == 1 and report["runTimeFailures"] == 1,
                   f"exitCode {report['exitCode']}, runTimeFailures {report['runTimeFailures']}")

    text = harness.run([args.cudalint, "doctor", "--cuda-path=none", "-p", args.work_dir,
                        "--target-gpu=sm_90"], expect=1)
    for needle in ["[FAIL]", str(args.work_dir / "kernels.cu"),
                   "on sm_90: no kernel image", "-gencode arch=compute_90,code=sm_90",
                   '-DCMAKE_CUDA_ARCHITECTURES="80-real;90"',
                   "Found 1 problem that fails at run time."]:
        harness.expect_contains(text.stdout, needle, "doctor's text output")


def ptx_runs(args):
    write_database(args.work_dir, "arch=compute_80,code=compute_80")
    report, _ = doctor_json(args, ["--cuda-path=none", "-p", args.work_dir,
                                   "--target-gpu=sm_90"], expect_rc=0)
    group = the_group(report)
    harness.expect(group["runs"] and group["fix"] is None, f"group: {group}")
    harness.expect(group["verdicts"][0]["runsAs"] == "ptx-jit",
                   f"verdicts: {group['verdicts']}")


def nvcc_object(args):
    nvcc = harness.nvcc()
    if not nvcc:
        raise harness.Skip("nvcc is not installed: no object to read")
    toolkit = harness.cuda_toolkit()
    source = args.work_dir / "kernels.cu"
    source.write_text(KERNEL)
    built = args.work_dir / "kernels.o"
    harness.run([nvcc, "-c", "-gencode", "arch=compute_80,code=sm_80", source, "-o", built],
                expect=0)
    cuobjdump = shutil.which("cuobjdump") or (
        str(toolkit / "bin" / "cuobjdump") if (toolkit / "bin" / "cuobjdump").is_file()
        else None)
    if not cuobjdump:
        # The toolkit came without cuobjdump: doctor must say so, naming the
        # object it could not read, and exit 2.
        report, result = doctor_json(args, [f"--cuda-path={toolkit}", "--target-gpu=sm_90",
                                            built], expect_rc=2)
        harness.expect(any("cuobjdump" in error and str(built) in error
                           for error in report["errors"]),
                       f"errors: {report['errors']}")
        harness.expect_contains(result.stderr, "cuobjdump", "doctor's stderr")
        raise harness.Skip(f"the toolkit at {toolkit} has no cuobjdump: checked only "
                           "that doctor says so")
    report, _ = doctor_json(args, [f"--cuda-path={toolkit}", "--target-gpu=sm_90", built],
                            expect_rc=1)
    binaries = report["binaries"]
    harness.expect(len(binaries) == 1, f"binaries: {binaries}")
    binary = binaries[0]
    harness.expect(binary["architectures"]["machineCode"] == ["sm_80"],
                   f"architectures: {binary['architectures']}")
    harness.expect(binary["fix"] and
                   binary["fix"]["nvcc"] == ["-gencode arch=compute_90,code=sm_90"],
                   f"fix: {binary['fix']}")
    # On an sm_80 GPU the same object runs.
    report, _ = doctor_json(args, [f"--cuda-path={toolkit}", "--target-gpu=8.0", built],
                            expect_rc=[0, 1])
    harness.expect(report["binaries"][0]["runs"], f"binaries: {report['binaries']}")


def bad_input(args):
    missing_database = args.work_dir / "no-such-build"
    report, result = doctor_json(args, ["--cuda-path=none", "-p", missing_database],
                                 expect_rc=2)
    harness.expect(any(str(missing_database) in error for error in report["errors"]),
                   f"errors: {report['errors']}")
    harness.expect_contains(result.stderr, str(missing_database), "doctor's stderr")

    missing_binary = args.work_dir / "no-such-app"
    result = harness.run([args.cudalint, "doctor", "--cuda-path=none", missing_binary],
                         expect=2)
    harness.expect_contains(result.stderr, f"cannot read '{missing_binary}'",
                            "doctor's stderr")

    result = harness.run([args.cudalint, "doctor", "--target-gpu=volta"], expect=2)
    harness.expect_contains(result.stderr, "'volta' is not a GPU architecture",
                            "doctor's stderr")


def plain(args):
    """Without a GPU, a driver or a database: a checklist, and no failure
    that the machine's lack of a GPU causes by itself."""
    result = harness.run([args.cudalint, "doctor", "--cuda-path=none"], expect=0)
    for needle in ["Toolkit", "no CUDA Toolkit: cudalint parses with", "Clang",
                   "Driver and GPUs", "Driver and toolkit"]:
        harness.expect_contains(result.stdout, needle, "doctor's text output")
    help_text = harness.run([args.cudalint, "doctor", "--help"], expect=0).stdout
    harness.expect_contains(help_text, "--target-gpu", "doctor --help")
    harness.expect("--checks" not in help_text,
                   f"doctor --help lists the main command's options:\n{help_text}")


if __name__ == "__main__":
    harness.main_with_cases(__doc__, {
        "machine-code-missing": machine_code_missing,
        "ptx-runs": ptx_runs,
        "nvcc-object": nvcc_object,
        "bad-input": bad_input,
        "plain": plain,
    })
