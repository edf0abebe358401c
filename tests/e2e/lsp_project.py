# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A small CUDA project for the language-server tests: a unit with two bugs,
a header only that unit includes, a compile database in build/ (where
clangd also looks) and a .cudalint.yaml that picks the checks.

The header refuses to parse without the unit's -D flag, so a finding in it
shows that the server analysed it with the command of the unit closest to
it; the unit's -I flag is needed to find the header at all.
"""

import json
from pathlib import Path

CHECKS = "-*,cuda-alloc-pointer-arg,cuda-unchecked-error"

# Line 8: cudaMalloc's out-parameter is `device`, not `&device` (fix-it:
# insert '&' at column 29). Line 9: a kernel launch never checked.
KERNEL = """\
#include <cuda_runtime.h>
#include "helpers.cuh"
__global__ void scale(float *data, float factor) {
  data[threadIdx.x] *= factor;
}
int run(size_t n) {
  float *device;
  (void)cudaMalloc((void **)device, n);
  scale<<<1, 32>>>(device, 2.0f);
  return checked(cudaFree(device));
}
"""

# The same unit with the fix-it applied by hand and the launch checked.
KERNEL_FIXED = KERNEL.replace("(void **)device", "(void **)&device").replace(
    "  scale<<<1, 32>>>(device, 2.0f);\n",
    "  scale<<<1, 32>>>(device, 2.0f);\n  if (cudaGetLastError() != cudaSuccess)\n"
    "    return 1;\n")

# Appended to KERNEL, written for CUDA 12 (clockRate is gone from CUDA 13's
# cudaDeviceProp). Line 16: cudaMalloc's out-parameter is `scratch`, not
# `&scratch` (column 29).
OLDER_TOOLKIT_FUNCTION = """\
int clocked(int device) {
  cudaDeviceProp prop;
  (void)cudaGetDeviceProperties(&prop, device);
  float *scratch;
  (void)cudaMalloc((void **)scratch, prop.clockRate);
  return checked(cudaFree(scratch));
}
"""

# Line 7: the status of cudaMemset is dropped.
HELPERS = """\
#pragma once
#ifndef LSP_PROJECT_FLAGS
#error "analysed without the unit's flags"
#endif
#include <cuda_runtime.h>
inline int checked(cudaError_t status) { return status == cudaSuccess ? 0 : 1; }
inline void clear(void *p, size_t n) { cudaMemset(p, 0, n); }
"""


def write_project(root):
    """Writes the project under `root`; returns the unit's and header's paths."""
    root = Path(root)
    (root / "src").mkdir(parents=True)
    (root / "include").mkdir()
    (root / "build").mkdir()
    kernel = root / "src" / "kernel.cu"
    helpers = root / "include" / "helpers.cuh"
    kernel.write_text(KERNEL)
    helpers.write_text(HELPERS)
    (root / ".cudalint.yaml").write_text(f"Checks: '{CHECKS}'\n")
    database = [{
        "directory": str(root / "build"),
        "arguments": ["clang++", "-std=c++17", "-DLSP_PROJECT_FLAGS", "-I../include",
                      "-x", "cuda", "-c", "../src/kernel.cu", "-o", "kernel.o"],
        "file": "../src/kernel.cu",
    }]
    (root / "build" / "compile_commands.json").write_text(json.dumps(database, indent=2))
    return kernel, helpers
