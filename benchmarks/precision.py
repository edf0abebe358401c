#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Precision of cudalint's findings on real projects, from findings read and
labelled by hand (docs/precision/).

Two steps:

  precision.py sample --project NAME --commit SHA --root DIR REPORT.json [--count 30]
      prints, as rows of the labels table (tab-separated: project, commit,
      file, line, check, label, reason), the findings a person must read:
      every finding of a path-sensitive check and of every check other than
      cuda-unchecked-error, and a deterministic sample of --count
      cuda-unchecked-error findings (evenly spaced over the findings sorted
      by file, line, column and message, so that the same report always
      gives the same sample). File paths are made relative to --root. The
      label and reason columns are left for the reader: true, false or
      arguable, and why. With --since BEFORE.json, only the findings that
      BEFORE.json does not have (a change's new findings), sampled the same
      way: the labels of the earlier sample still stand for the findings both
      runs report, so an even sample drawn afresh (whose rows all shift when
      one finding goes) is not needed.

  precision.py score LABELS.tsv [--report NAME=REPORT.json ...]
      prints per project and check the counts of true, false and arguable
      findings and the precision true / (true + false), arguable findings
      counted apart; with --report, only the rows whose finding is in that
      report (the same labels table serves the runs before and after a
      change). A row that is not labelled yet is counted as such.

Not a test: nothing here passes or fails.
"""

import argparse
import collections
import csv
import json
import sys
from pathlib import Path

COLUMNS = ["project", "commit", "file", "line", "check", "label", "reason"]
SAMPLED_CHECK = "cuda-unchecked-error"
LABELS = ("true", "false", "arguable")


def relative(path, root):
    try:
        return str(Path(path).resolve().relative_to(Path(root).resolve()))
    except ValueError:
        return path


def findings_of(report_path, root):
    report = json.loads(Path(report_path).read_text())
    rows = []
    for finding in report["findings"]:
        rows.append((relative(finding["file"], root), finding["line"], finding["column"],
                     finding["check"], finding["message"]))
    return sorted(set(rows))


def evenly(items, count):
    if len(items) <= count:
        return list(items)
    return [items[i * len(items) // count] for i in range(count)]


def sample(args):
    rows = findings_of(args.report, args.root)
    if args.since:
        earlier = set(findings_of(args.since, args.root))
        rows = [r for r in rows if r not in earlier]
    sampled = [r for r in rows if r[3] == SAMPLED_CHECK]
    chosen = [r for r in rows if r[3] != SAMPLED_CHECK] + evenly(sampled, args.count)
    writer = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    for file, line, _, check, message in sorted(chosen):
        writer.writerow([args.project, args.commit, file, line, check, "", message])


def read_labels(path):
    with open(path, newline="") as handle:
        reader = csv.reader(handle, delimiter="\t")
        header = next(reader)
        if header != COLUMNS:
            sys.exit(f"precision.py: {path}: the first row must be {COLUMNS}")
        return [dict(zip(COLUMNS, row)) for row in reader if row]


def score(args):
    labels = read_labels(args.labels)
    keep = None
    if args.report:
        keep = set()
        for spec in args.report:
            name, _, path = spec.partition("=")
            report = json.loads(Path(path).read_text())
            for finding in report["findings"]:
                keep.add((name, finding["file"], finding["line"], finding["check"]))
    counts = collections.defaultdict(collections.Counter)
    for row in labels:
        if keep is not None and not any(
                project == row["project"] and file.endswith("/" + row["file"])
                and line == int(row["line"]) and check == row["check"]
                for project, file, line, check in keep):
            continue
        label = row["label"] if row["label"] in LABELS else "unlabelled"
        counts[(row["project"], row["check"])][label] += 1
        counts[(row["project"], "all checks")][label] += 1
        counts[("all projects", row["check"])][label] += 1
        counts[("all projects", "all checks")][label] += 1
    print("| project | check | true | false | arguable | unlabelled | precision |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (project, check), count in sorted(counts.items()):
        judged = count["true"] + count["false"]
        precision = f"{100 * count['true'] / judged:.0f} %" if judged else "–"
        print(f"| {project} | {check} | {count['true']} | {count['false']} | "
              f"{count['arguable']} | {count['unlabelled']} | {precision} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = parser.add_subparsers(dest="step", required=True)
    to_sample = steps.add_parser("sample")
    to_sample.add_argument("report")
    to_sample.add_argument("--project", required=True)
    to_sample.add_argument("--commit", required=True)
    to_sample.add_argument("--root", required=True)
    to_sample.add_argument("--count", type=int, default=30)
    to_sample.add_argument("--since", help="an earlier report: sample only what it lacks")
    to_score = steps.add_parser("score")
    to_score.add_argument("labels")
    to_score.add_argument("--report", action="append",
                          help="NAME=REPORT.json: only the rows of project NAME found in it")
    args = parser.parse_args()
    sample(args) if args.step == "sample" else score(args)


if __name__ == "__main__":
    main()
