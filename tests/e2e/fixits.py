#!/usr/bin/env python3
"""cuda-alloc-pointer-arg's fix-it: `(void **)d` gets `&` inserted before
`d`, also inside a checking macro's argument, and nowhere the intended object
is ambiguous. Applying the edits must leave code on which the check is
silent."""

from harness import (EXIT_CLEAN, EXIT_FINDINGS, TestFailure, arguments, expect,
                     lint_json, main)

SOURCE = """\
#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { if ((call) != cudaSuccess) return; } while (0)
struct Buffers { float *data; };
void f(size_t n) {
  float *device;
  (void)cudaMalloc((void **)device, n);
  Buffers buffers;
  CUDA_CHECK(cudaMallocHost((void **)buffers.data, n));
  float x;
  (void)cudaMalloc((void **)&x, n);
}
"""


def apply(source, fixes):
    for fix in sorted(fixes, key=lambda f: f["offset"], reverse=True):
        source = (source[:fix["offset"]] + fix["replacement"]
                  + source[fix["offset"] + fix["length"]:])
    return source


def test():
    args = arguments(__doc__)
    path = args.work_dir / "fixits.cu"
    path.write_text(SOURCE)
    lint = ["--checks=-*,cuda-alloc-pointer-arg", "--cuda-path=none", str(path),
            "--", "-std=c++17"]
    report, _ = lint_json(args, lint, args.work_dir, expect_rc=EXIT_FINDINGS)
    fixes = {(f["line"], f["column"], f["replacement"], f["length"])
             for finding in report["findings"] for f in finding["fixes"]}
    expected = {(6, 29, "&", 0), (8, 38, "&", 0)}
    expect(fixes == expected, f"fix-its {sorted(fixes)}, expected {sorted(expected)}")
    expect(len(report["findings"]) == 3,
           f"expected 3 findings (the &x one has no fix-it): {report['findings']}")

    all_fixes = [f for finding in report["findings"] for f in finding["fixes"]]
    path.write_text(apply(SOURCE, all_fixes))
    fixed, _ = lint_json(args, lint, args.work_dir, expect_rc=EXIT_FINDINGS)
    remaining = [(f["line"], f["message"]) for f in fixed["findings"]]
    expect(len(remaining) == 1 and remaining[0][0] == 10,
           f"after the fix-its only the '&x' finding may remain: {remaining}")


if __name__ == "__main__":
    main(test)
