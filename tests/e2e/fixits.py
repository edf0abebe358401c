#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fix-its, one check per run (--case). Applying the edits must leave code on
which the check is silent, except where the finding offers no fix-it.

alloc-pointer-arg: `(void **)d` gets `&` inserted before `d`, also inside a
checking macro's argument, and nowhere the intended object is ambiguous.

memcpy-kind: the kind argument, written as an enumerator in the user's text
(also inside a checking macro's argument), becomes the kind that matches the
pointers; a kind from a macro's body or a variable gets no fix-it."""

from harness import (EXIT_CLEAN, EXIT_FINDINGS, TestFailure, arguments, expect,
                     lint_json, main)

ALLOC_POINTER_ARG = """\
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

MEMCPY_KIND = """\
#include <cuda_runtime.h>
#include <cstdlib>
#define CUDA_CHECK(call) do { if ((call) != cudaSuccess) return; } while (0)
#define UPLOAD cudaMemcpyHostToDevice
void f(size_t n) {
  float *h = static_cast<float *>(std::malloc(n));
  float *d, *e;
  (void)cudaMalloc(&d, n);
  (void)cudaMalloc(&e, n);
  (void)cudaMemcpy(h, d, n, cudaMemcpyHostToDevice);
  CUDA_CHECK(cudaMemcpy(e, d, n, cudaMemcpyHostToDevice));
  (void)cudaMemcpy(d, h, n, ::cudaMemcpyDeviceToHost);
  (void)cudaMemcpy(h, d, n, UPLOAD);
  cudaMemcpyKind kind = cudaMemcpyDeviceToDevice;
  (void)cudaMemcpy(h, h, n, kind);
  (void)cudaFree(d);
  (void)cudaFree(e);
  std::free(h);
}
"""

# check, source, the fix-its as (line, column, replacement, length), and the
# lines of the findings that have none.
CASES = {
    "alloc-pointer-arg": ("cuda-alloc-pointer-arg", ALLOC_POINTER_ARG,
                          {(6, 29, "&", 0), (8, 38, "&", 0)}, [10]),
    "memcpy-kind": ("cuda-memcpy-kind", MEMCPY_KIND,
                    {(10, 29, "cudaMemcpyDeviceToHost", 22),
                     (11, 34, "cudaMemcpyDeviceToDevice", 22),
                     (12, 31, "cudaMemcpyHostToDevice", 22)}, [13, 15]),
}


def apply(source, fixes):
    for fix in sorted(fixes, key=lambda f: f["offset"], reverse=True):
        source = (source[:fix["offset"]] + fix["replacement"]
                  + source[fix["offset"] + fix["length"]:])
    return source


def test():
    args = arguments(__doc__, lambda parser: parser.add_argument(
        "--case", required=True, choices=sorted(CASES)))
    check, source, expected, unfixed = CASES[args.case]
    path = args.work_dir / "fixits.cu"
    path.write_text(source)
    lint = [f"--checks=-*,{check}", "--cuda-path=none", str(path),
            "--", "-std=c++17"]
    report, _ = lint_json(args, lint, args.work_dir, expect_rc=EXIT_FINDINGS)
    fixes = {(f["line"], f["column"], f["replacement"], f["length"])
             for finding in report["findings"] for f in finding["fixes"]}
    expect(fixes == expected, f"fix-its {sorted(fixes)}, expected {sorted(expected)}")
    without = sorted(finding["line"] for finding in report["findings"]
                     if not finding["fixes"])
    expect(without == unfixed,
           f"findings without a fix-it on lines {without}, expected {unfixed}")

    all_fixes = [f for finding in report["findings"] for f in finding["fixes"]]
    path.write_text(apply(source, all_fixes))
    fixed, _ = lint_json(args, lint, args.work_dir, expect_rc=EXIT_FINDINGS)
    remaining = sorted(finding["line"] for finding in fixed["findings"])
    expect(remaining == unfixed,
           f"after the fix-its only the findings without one may remain: {remaining}")


if __name__ == "__main__":
    main(test)
