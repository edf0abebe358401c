#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The project's licence terms, held by its files.

  licence.py --source-dir DIR --case spdx
      LICENSE and NOTICE are at the root, and every source file of the
      project (code, scripts, build files, the bundled headers; not the
      annotated test inputs, whose lines are pinned by their expectations)
      names its licence in an SPDX line among its first two lines.

  licence.py --source-dir DIR --case own-words --toolkit DIR
      No comment line of the bundled headers (driver/data/cuda-include) is a line
      of the toolkit's headers: they are written from the documentation, not
      copied. Lines without words (rules of dashes) and SPDX lines (CCCL's
      headers carry the same licence identifier) are not compared. Exits
      77 (skipped) where no toolkit is installed.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

SPDX = "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"
SOURCE = re.compile(r"\.(cpp|h|hpp|c|cuh|py|sh|cmake|lua)$|(^|/)CMakeLists\.txt$|^\.ci/run$")
INPUTS = re.compile(r"^(testdata/|gpu-validation/cases/|tests/fuzz/regressions/)")


def project_files(root):
    listed = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True,
                            text=True)
    if listed.returncode == 0:
        return [Path(name) for name in listed.stdout.split()]
    return [path.relative_to(root) for path in root.rglob("*")
            if path.is_file() and "build" not in path.relative_to(root).parts[:1]]


def spdx(root):
    missing = [name for name in ("LICENSE", "NOTICE") if not (root / name).is_file()]
    for name in project_files(root):
        text = str(name)
        if INPUTS.match(text) or not SOURCE.search(text):
            continue
        head = (root / name).read_text(errors="replace").splitlines()[:2]
        if not any(SPDX in line for line in head):
            missing.append(text)
    for name in missing:
        print(f"{name}: no '{SPDX}' line at its top" if "/" in name or "." in name
              else f"{name}: missing at the root")
    return 1 if missing else 0


def comment_text(line):
    text = re.sub(r"^(/\*+|\*+/?|//+)\s*", "", line.strip())
    return " ".join(re.sub(r"\s*\*+/$", "", text).split())


def worded(text):
    return len(re.findall(r"[A-Za-z]{2,}", text)) >= 4 and not text.startswith("SPDX-")


def comment_lines(path):
    inside = False
    for line in path.read_text(errors="replace").splitlines():
        stripped = line.strip()
        if inside or stripped.startswith(("/*", "//")):
            yield comment_text(line)
            if stripped.startswith("/*"):
                inside = True
            if "*/" in stripped:
                inside = False
        elif "//" in line:
            yield comment_text(line[line.index("//"):])


def own_words(root, toolkit):
    include = toolkit / "include"
    if not (include / "cuda_runtime.h").is_file():
        print(f"no CUDA Toolkit at {toolkit}: nothing to compare with")
        return 77
    theirs = set()
    for path in include.rglob("*"):
        if path.is_file():
            for line in path.read_text(errors="replace").splitlines():
                text = comment_text(line)
                if worded(text):
                    theirs.add(text)
    copied = 0
    headers = sorted(p for p in (root / "driver/data/cuda-include").rglob("*") if p.is_file())
    for path in headers:
        for text in comment_lines(path):
            if worded(text) and text in theirs:
                copied += 1
                print(f"{path.relative_to(root)}: a comment line of the toolkit's headers: {text}")
    print(f"{len(headers)} bundled headers against {len(theirs)} lines of {include}: "
          f"{copied} copied")
    return 1 if copied else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, required=True)
    parser.add_argument("--case", choices=("spdx", "own-words"), required=True)
    parser.add_argument("--toolkit", type=Path, default=Path("/usr/local/cuda"))
    args = parser.parse_args()
    if args.case == "spdx":
        return spdx(args.source_dir)
    return own_words(args.source_dir, args.toolkit)


if __name__ == "__main__":
    sys.exit(main())
