#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How much of each real project cudalint analyses: per project, the units
analysed whole, without device code (errors set aside in device code or in
declarations nvcc accepts), partly (host functions or declarations skipped,
headers not found read as empty; run/RejectedCode.h) and not at all, with
the host code skipped, and for the units not
analysed the first error of each, grouped by its message, most frequent
first. The units analysed against older CUDA declarations than the installed
toolkit's are listed by the error the toolkit's headers gave. Notices of the run that change how units are parsed (a raised C++
standard, say) are listed too.

Each project is one of:

  --database NAME=DIR      runs `cudalint -p DIR -j2 --format=json` (all
                           checks, the default options) with --cudalint
  --report NAME=REPORT     reads the JSON report (and REPORT's .err, the
                           run's stderr, if it lies beside it) of such a run

The databases are the projects' own (benchmarks/real_projects.py
--configure-only writes cuda-samples', ggml's and darknet's). Not a test:
nothing here passes or fails.

  benchmarks/parse_fidelity.py --cudalint build/bin/cudalint \\
      --database ggml=/work/real/ggml/build --report ft=ft.json --markdown fidelity.md
"""

import argparse
import collections
import json
import re
import subprocess
import sys
from pathlib import Path

# The parse notices worth a line in the table: how cudalint read the units.
PARSE_NOTICE = re.compile(
    r"^cudalint: note: (parsed as .*|analysed the host code of .*|partially analysed .*)$")


def run_cudalint(cudalint, directory):
    result = subprocess.run([cudalint, "-p", directory, "-j2", "--format=json",
                             "--use-color=false"], capture_output=True, text=True)
    if result.returncode not in (0, 1, 2):
        sys.exit(f"cudalint on {directory} exited with {result.returncode}:\n{result.stderr}")
    return json.loads(result.stdout), result.stderr


def read_report(path):
    report = json.loads(Path(path).read_text())
    err = Path(path).with_suffix(".err")
    return report, err.read_text() if err.is_file() else ""


def first_error(message):
    """The first clang error of a problem's message, without its location."""
    for line in message.splitlines()[1:]:
        match = re.search(r"(?:fatal )?error: (.*)$", line)
        if match:
            return match.group(1).strip()
    return message.splitlines()[0]


def fidelity(report, stderr):
    analyzed = {entry["file"]: entry for entry in report.get("analysis", [])}
    failed = {problem["file"]: problem["message"] for problem in report["problems"]
              if problem["message"].startswith("could not analyse")}
    # Reports of earlier versions name the errors set aside deviceErrorsSkipped.
    set_aside = {file for file, entry in analyzed.items()
                 if (entry.get("errorsSetAside") or entry.get("deviceErrorsSkipped"))
                 and file not in failed}
    partly = {file for file in set_aside
              if analyzed[file].get("codeSkipped") or analyzed[file].get("includesNotFound")}
    skipped = sum(len(analyzed[file].get("codeSkipped", [])) for file in partly)
    headers = collections.Counter(
        re.sub(r"^.*error: ", "", error) for file in partly
        for error in analyzed[file].get("includesNotFound", []))
    # Units whose host code the installed toolkit's headers rejected and
    # older CUDA declarations did not: by the toolkit's error, unlocated.
    older = collections.Counter(
        f"{entry['olderDeclarations']}: {re.sub(r'^.*error: ', '', entry['errorWithToolkit'])}"
        for entry in analyzed.values() if entry.get("olderDeclarations"))
    units = set(report["units"])
    causes = collections.Counter(first_error(message) for message in failed.values())
    notices = collections.Counter()
    for line in stderr.splitlines():
        match = PARSE_NOTICE.match(line)
        if match:
            text = match.group(1)
            # One line per kind of notice: the unit named in it varies.
            notices[re.sub(r"'[^']*'", "'…'", text.split(":")[0])] += 1
    return {
        "units": len(units),
        "whole": len(units) - len(set_aside) - len(failed),
        "device": len(set_aside) - len(partly),
        "partly": len(partly),
        "skipped": skipped,
        "headers": headers,
        "not": len(failed),
        "causes": causes,
        "notices": notices,
        "older": older,
    }


def markdown(results):
    lines = ["| project | units | analysed whole | without device code | partly (host code "
             "skipped) | not at all |",
             "| --- | --- | --- | --- | --- | --- |"]
    for name, found in results.items():
        lines.append(f"| {name} | {found['units']} | {found['whole']} | {found['device']} "
                     f"| {found['partly']} ({found['skipped']}) | {found['not']} |")
    for name, found in results.items():
        if found["causes"]:
            lines += ["", f"**{name}**, first error of each unit not analysed:", "",
                      "| units | first error |", "| --- | --- |"]
            for cause, count in found["causes"].most_common():
                lines.append(f"| {count} | `{cause}` |")
        if found["headers"]:
            lines += ["", f"**{name}**, headers not found, read as empty:", ""]
            for header, count in found["headers"].most_common():
                lines.append(f"- `{header}` ({count})")
        if found["older"]:
            lines += ["", f"**{name}**, analysed against older CUDA declarations than the "
                      "toolkit's, which rejected host code (the toolkit's first error):", ""]
            for reason, count in found["older"].most_common():
                lines.append(f"- {reason} ({count})")
        if found["notices"]:
            lines += ["", f"**{name}**, how units were read:", ""]
            for notice, count in found["notices"].most_common():
                lines.append(f"- {notice} ({count})")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cudalint", help="the cudalint binary, for --database")
    parser.add_argument("--database", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--report", action="append", default=[], metavar="NAME=REPORT")
    parser.add_argument("--markdown", help="also write the tables to this file")
    args = parser.parse_args()
    if args.database and not args.cudalint:
        parser.error("--database needs --cudalint")
    results = {}
    for item in args.database:
        name, _, directory = item.partition("=")
        results[name] = fidelity(*run_cudalint(args.cudalint, directory))
    for item in args.report:
        name, _, path = item.partition("=")
        results[name] = fidelity(*read_report(path))
    if not results:
        parser.error("give at least one --database or --report")
    text = markdown(results)
    sys.stdout.write(text)
    if args.markdown:
        Path(args.markdown).write_text(text)


if __name__ == "__main__":
    main()
