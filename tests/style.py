#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The project's own C++ is laid out as .clang-format says, and passes .clang-tidy.

  style.py --source-dir DIR --clang-format PATH
      Every C++ file of the project outside the data folders (testdata,
      gpu-validation, the bundled headers), run through clang-format with
      --dry-run --Werror, is left as it is. The clang-format must be LLVM
      22's: another version lays some constructs out differently. Exits 77
      (skipped) without one.

  style.py --source-dir DIR --clang-tidy PATH --build-dir DIR
      Every source file of checks/ and driver/ in the build's
      compile_commands.json, and the headers they include there, pass the
      checks of the root .clang-tidy (LLVM 22's clang-tidy; exits 77 without
      one).
"""

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from licence import project_files

CPP_SUFFIXES = {".cpp", ".h"}
# Data, not code: annotated inputs whose lines their expectations pin, and
# headers that mirror the toolkit's layout. Each has a .clang-format that
# turns formatting off, for editors that format on save.
DATA = ("testdata/", "gpu-validation/", "driver/data/")


def require_llvm22(tool, name):
    if not tool or not Path(tool).exists():
        print(f"SKIPPED: {name}-22 is not installed")
        sys.exit(77)
    version = subprocess.run([tool, "--version"], capture_output=True, text=True)
    if "version 22." not in version.stdout:
        print(f"SKIPPED: {tool} is not LLVM 22's: {version.stdout.strip()}")
        sys.exit(77)


def check_tidy(args):
    require_llvm22(args.clang_tidy, "clang-tidy")
    root = args.source_dir.resolve()
    database = args.build_dir / "compile_commands.json"
    owned = tuple(str(root / folder) + "/" for folder in ("checks", "driver"))
    files = sorted({entry["file"] for entry in json.loads(database.read_text())
                    if entry["file"].startswith(owned)
                    and not entry["file"].startswith(str(root / "driver/data"))})
    if not files:
        print(f"FAILED: no file of checks/ or driver/ in {database}")
        sys.exit(1)
    # --config-file: the root's, whatever a folder on the way holds.
    command = [args.clang_tidy, "-p", str(args.build_dir), "--quiet",
               "--config-file=" + str(root / ".clang-tidy")]

    def tidy(path):
        return path, subprocess.run(command + [path], capture_output=True, text=True)

    failed = []
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for path, result in pool.map(tidy, files):
            if result.returncode != 0:
                failed.append(path)
                print(result.stdout[-6000:] + result.stderr[-2000:])
    if failed:
        print(f"FAILED: {len(failed)} of {len(files)} files do not pass .clang-tidy: "
              + ", ".join(os.path.relpath(f, root) for f in failed))
        sys.exit(1)
    print(f"PASSED: {len(files)} files and their headers pass .clang-tidy")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", required=True, type=Path)
    parser.add_argument("--clang-format", default="")
    parser.add_argument("--clang-tidy", default=None)
    parser.add_argument("--build-dir", type=Path)
    args = parser.parse_args()
    if args.clang_tidy is not None:
        check_tidy(args)
        return
    require_llvm22(args.clang_format, "clang-format")
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
