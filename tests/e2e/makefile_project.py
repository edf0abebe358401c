# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A plain Makefile project whose compile database bear records while make
runs, then linted with `cudalint -p`.

Variants:
  nvcc   `bear -- make objects` with the project's Makefile, which calls nvcc:
         bear must intercept nvcc and write its commands.
  clang  `bear -- make -f Makefile.clang`, which parses each unit with
         clang++-22 -x cuda --cuda-host-only -fsyntax-only, for machines
         without nvcc; against the bundled headers when there is no toolkit.
  clang-bundled  the same against the bundled headers (-nocudainc) even when
         cudalint finds a toolkit: the command's own headers must win, and
         nothing of the toolkit may be mixed into them.
"""

import json
import shutil

import harness

EXPECTED = [
    # Both buffers leak when the copy or the set fails (line 26 returns).
    ("src/histogram.cu", 21, 7, "cuda-memory-leak"),
    ("src/histogram.cu", 23, 3, "cuda-memory-leak"),
    ("src/histogram.cu", 23, 3, "cuda-unchecked-error"),
    ("src/histogram.cu", 29, 24, "cuda-unchecked-error"),
    ("src/main.cu", 10, 31, "cuda-alloc-pointer-arg"),
    ("src/main.cu", 17, 3, "cuda-unchecked-error"),
]


def configure_arguments(parser):
    parser.add_argument("--variant", required=True, choices=["nvcc", "clang", "clang-bundled"])


def record(args, project):
    bear = harness.required_tool("bear")
    make = harness.required_tool("make")
    toolkit = harness.cuda_toolkit()
    if args.variant == "nvcc":
        if not toolkit:
            raise harness.Skip("no CUDA Toolkit (nvcc) on this machine")
        command = [bear, "--", make, "objects", f"NVCC={harness.nvcc()}"]
    else:
        command = [bear, "--", make, "-f", "Makefile.clang",
                   f"CLANG={harness.clang()}"]
        if toolkit and args.variant == "clang":
            command.append(f"CUDA_PATH={toolkit}")
        else:
            include = harness.bundled_cuda_include(args.source_dir)
            command.append("CLANG_CUDA_FLAGS=-nocudainc -nocudalib "
                           f"-isystem {include} -include cuda_runtime.h")
    harness.run(command, cwd=project, expect=0)
    database = project / "compile_commands.json"
    harness.expect(database.is_file(), f"bear wrote no {database}")
    return json.loads(database.read_text())


def test(args):
    project = args.work_dir / "makefile-nvcc"
    shutil.copytree(args.source_dir / "testdata" / "projects" / "makefile-nvcc",
                    project)
    entries = record(args, project)
    compilers = sorted({entry["arguments"][0] for entry in entries})
    files = sorted(harness.relative(entry["file"], project) for entry in entries)
    harness.expect(files == ["src/histogram.cu", "src/main.cu"],
                   f"bear recorded {files}, expected both units:\n"
                   f"{json.dumps(entries, indent=2)}")
    wanted = "nvcc" if args.variant == "nvcc" else "clang++"
    harness.expect(all(wanted in compiler for compiler in compilers),
                   f"bear recorded compilers {compilers}, expected {wanted}")

    report, findings = harness.lint_json(args, ["-p", project], project)
    harness.expect(len(report["units"]) == 2,
                   f"expected 2 units analysed, got {report['units']}")
    harness.expect_findings(findings, EXPECTED, f"Makefile via {args.variant}")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__, configure_arguments)))
