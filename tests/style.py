#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The project's own C++ is laid out as .clang-format says.

  style.py --source-dir DIR --clang-format PATH
      Every C++ file of the project outside the data folders (testdata,
      gpu-validation, the bundled headers), run through clang-format with
      --dry-run --Werror, is left as it is. The clang-format must be LLVM
      22's: another version lays some constructs out differently. Exits 77
      (skipped) without one.
"""

import argparse
import subprocess
import sys
from pathlib import Path

from licence import project_files

CPP_SUFFIXES = {".cpp", ".h"}
# Data, not code: annotated inputs whose lines their expectations pin, and
# headers that mirror the toolkit's layout. Each has a .clang-format that
# turns formatting off, for editors that format on save.
DATA = ("testdata/", "gpu-validation/", "driver/data/")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", required=True, type=Path)
    parser.add_argument("--clang-format", default="")
    args = parser.parse_args()
    if not args.clang_format or not Path(args.clang_format).exists():
        print("SKIPPED: clang-format-22 is not installed")
        sys.exit(77)
    version = subprocess.run([args.clang_format, "--version"], capture_output=True, text=True)
    if "version 22." not in version.stdout:
        print(f"SKIPPED: {args.clang_format} is not LLVM 22's: {version.stdout.strip()}")
        sys.exit(77)
    root = args.source_dir.resolve()
    files = sorted(str(f) for f in project_files(root)
                   if f.suffix in CPP_SUFFIXES and not str(f).startswith(DATA))
    if not files:
        print(f"FAILED: no C++ file found under {root}")
        sys.exit(1)
    checked = subprocess.run([args.clang_format, "--dry-run", "--Werror", *files], cwd=root,
                             capture_output=True, text=True)
    if checked.returncode != 0:
        print(checked.stderr[-20000:])
        print(f"FAILED: run `{args.clang_format} -i` on the files above "
              "(the first lines of each difference are shown)")
        sys.exit(1)
    print(f"PASSED: {len(files)} files as .clang-format lays them out")


if __name__ == "__main__":
    main()
