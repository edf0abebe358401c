#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CI features of the command line (docs/ci.md):

shard-merge  --shard=i/N splits a database's units into disjoint shards whose
             union is every unit; --merge of the shards' SARIF (or JSON)
             writes exactly the bytes an unsharded run writes, whatever order
             the shards are given in; a database problem and a unit that does
             not parse merge as they are reported unsharded; bad values are
             usage errors. The merged SARIF is left as merged.sarif for the
             SARIF validators (tests/sarif).
diff         --changed-since=<rev> and --files-from lint the units that changed
             and the units that include a changed header, nothing else; with
             a result cache the included files come from its entries.
cache        --cache-dir reuses each unit's findings while nothing it read
             changed, byte-identical to a fresh run in every format; an edited
             header, an edited flag in the database and another check option
             each make a fresh analysis; corrupt entries are ignored and
             rewritten; an unwritable cache only costs the reuse.
"""

import json
import shutil
import subprocess

import determinism
import harness

FORMATS = ["text", "json", "sarif"]


def lint(args, options, cwd, expect=harness.EXIT_FINDINGS):
    return harness.run([args.cudalint, "--cuda-path=none", "--use-color=false", *options],
                       cwd=cwd, expect=expect)


def units_of(result, root):
    return sorted(harness.relative(unit, root) for unit in harness.report(result.stdout)["units"])


def expect_identical(actual, expected, what):
    if actual != expected:
        at = determinism.first_difference(actual, expected)
        raise harness.TestFailure(
            f"{what} differ at byte {at}:\n"
            f"got:      {actual[max(0, at - 200):at + 200]!r}\n"
            f"expected: {expected[max(0, at - 200):at + 200]!r}")
    print(f"{what}: {len(actual)} identical bytes")


# ---------------------------------------------------------------- shard-merge

BROKEN = "#include <cuda_runtime.h>\nvoid f() { undeclared_call(); }\n"


def test_shard_merge(args):
    entries = determinism.write_database(args)
    broken = args.work_dir / "broken.cu"
    broken.write_text(BROKEN)
    entries.append({"directory": str(args.work_dir), "file": str(broken),
                    "arguments": ["clang++", "-x", "cuda", "-std=c++17", "-c", str(broken)]})
    entries.append({"directory": str(args.work_dir), "command": "nvcc -c nowhere.cu"})
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    sources = len(entries) - 1
    common = ["-p", args.work_dir, f"--source-root={args.source_dir}"]

    whole = lint(args, [*common, "--format=json"], args.work_dir, expect=harness.EXIT_ERROR)
    all_units = units_of(whole, args.work_dir)
    harness.expect(len(all_units) == sources, f"{len(all_units)} units, expected {sources}")
    problems = harness.report(whole.stdout)["problems"]
    harness.expect(len(problems) == 2, f"the broken unit and the entry without 'file' "
                                       f"are the two problems: {problems}")

    shard_units = []
    for index in (1, 2, 3):
        result = lint(args, [*common, "--format=json", f"--shard={index}/3"], args.work_dir,
                      expect=[harness.EXIT_FINDINGS, harness.EXIT_ERROR])
        shard_units.append(units_of(result, args.work_dir))
    flat = [unit for units in shard_units for unit in units]
    harness.expect(sorted(flat) == all_units and len(set(flat)) == len(flat),
                   f"the shards' units are disjoint and together all units: {shard_units}")
    harness.expect(all(len(units) >= 2 for units in shard_units),
                   f"every shard has units: {shard_units}")

    for output_format in ["sarif", "json"]:
        unsharded = args.work_dir / f"unsharded.{output_format}"
        lint(args, [*common, f"--format={output_format}", "-o", unsharded], args.work_dir,
             expect=harness.EXIT_ERROR)
        shards = []
        for index in (1, 2, 3):
            shard = args.work_dir / f"shard-{index}.{output_format}"
            lint(args, [*common, f"--format={output_format}", f"--shard={index}/3", "-o", shard],
                 args.work_dir, expect=[harness.EXIT_FINDINGS, harness.EXIT_ERROR])
            shards.append(shard)
        merged = args.work_dir / f"merged.{output_format}"
        # The exit code is the unsharded run's: there are problems.
        harness.run([args.cudalint, "--merge", "-o", merged, shards[2], shards[0], shards[1]],
                    expect=harness.EXIT_ERROR)
        expect_identical(merged.read_text(), unsharded.read_text(),
                         f"{output_format}: three shards merged and the unsharded report")
        # The same merge is not a test that cannot fail: two shards differ.
        partial = harness.run([args.cudalint, "--merge", shards[0], shards[1]],
                              expect=harness.EXIT_ERROR)
        harness.expect(partial.stdout != unsharded.read_text(),
                       f"{output_format}: two of three shards merge into the whole report")
        single = harness.run([args.cudalint, "--merge", unsharded], expect=harness.EXIT_ERROR)
        expect_identical(single.stdout, unsharded.read_text(),
                         f"{output_format}: one report merged alone")
    one_of_one = lint(args, [*common, "--format=sarif", "--shard=1/1"], args.work_dir,
                      expect=harness.EXIT_ERROR)
    expect_identical(one_of_one.stdout, (args.work_dir / "unsharded.sarif").read_text(),
                     "--shard=1/1 and no --shard")
    # Without problems the merge exits 1 (findings), as the run does.
    clean_entries = [entry for entry in entries if entry.get("file") not in (None, str(broken))]
    (args.work_dir / "compile_commands.json").write_text(json.dumps(clean_entries, indent=2))
    parts = []
    for index in (1, 2):
        part = args.work_dir / f"clean-{index}.sarif"
        lint(args, [*common, "--format=sarif", f"--shard={index}/2", "-o", part], args.work_dir)
        parts.append(part)
    harness.run([args.cudalint, "--merge", *parts], expect=harness.EXIT_FINDINGS)

    for bad in ["0/3", "4/3", "1/0", "a/b", "3", "-1/2"]:
        result = lint(args, ["-p", args.work_dir, f"--shard={bad}"], args.work_dir,
                      expect=harness.EXIT_ERROR)
        harness.expect_contains(result.stderr, f"--shard expects <i>/<N> with 1 <= i <= N",
                                f"--shard={bad}'s error")
    not_report = args.work_dir / "compile_commands.json"
    result = harness.run([args.cudalint, "--merge", args.work_dir / "shard-1.sarif", not_report],
                         expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "not a report cudalint wrote", "merging a non-report")
    result = harness.run([args.cudalint, "--merge", args.work_dir / "shard-1.sarif",
                          args.work_dir / "shard-2.json"], expect=harness.EXIT_ERROR)
    harness.expect_contains(result.stderr, "merge SARIF with SARIF", "merging SARIF with JSON")


# ----------------------------------------------------------------------- diff

HEADER = """\
#pragma once
#include <cuda_runtime.h>
inline cudaError_t release(void *p) { return cudaFree(p); }
"""
UNIT = """\
#include "common.cuh"
void {name}(void *p) {{
  release(p);
}}
"""
OTHER = """\
#include <cuda_runtime.h>
void other(void *p) {
  cudaFree(p);
}
"""


def project_with_shared_header(args):
    project = args.work_dir / "project"
    (project / "include").mkdir(parents=True)
    (project / "src").mkdir()
    (project / "include" / "common.cuh").write_text(HEADER)
    for name in ["a", "b"]:
        (project / "src" / f"{name}.cu").write_text(UNIT.format(name=name))
    (project / "src" / "c.cu").write_text(OTHER)
    entries = [{"directory": str(project / "src"), "file": f"{name}.cu",
                "arguments": ["clang++", "-x", "cuda", "-std=c++17", "-I../include", "-c",
                              f"{name}.cu"]}
               for name in ["a", "b", "c"]]
    (project / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return project


def git(project, *command):
    harness.run(["git", "-c", "user.name=cudalint", "-c", "user.email=ci@cudalint",
                 *command], cwd=project, expect=0)


def test_diff(args):
    harness.required_tool("git")
    project = project_with_shared_header(args)
    git(project, "init", "-q")
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", "start")
    header = project / "include" / "common.cuh"
    unit_a = project / "src" / "a.cu"

    def changed(*options, cache=None, expect=harness.EXIT_FINDINGS, stdin=None):
        extra = [f"--cache-dir={cache}"] if cache else []
        command = [args.cudalint, "--cuda-path=none", "--format=json", "-p", project, *extra,
                   *options]
        print("$ " + " ".join(map(str, command)) + (f"   (stdin: {stdin!r})" if stdin else ""))
        result = subprocess.run([str(part) for part in command], cwd=project, input=stdin,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        harness.expect(result.returncode == expect,
                       f"exited {result.returncode}, expected {expect}:\n{result.stderr}")
        if expect == harness.EXIT_ERROR:
            return None, result.stderr
        return units_of(result, project), result.stderr

    units, _ = changed("--changed-since=HEAD", expect=harness.EXIT_CLEAN)
    harness.expect(units == [], f"nothing changed, nothing linted: {units}")

    header.write_text(HEADER + "// edited\n")
    units, notes = changed("--changed-since=HEAD")
    harness.expect(units == ["src/a.cu", "src/b.cu"],
                   f"a changed header: the two units that include it, got {units}")
    harness.expect_contains(notes, "2 of 3 units are or read one of the 1 changed files", "notes")
    git(project, "commit", "-q", "-am", "header")

    unit_a.write_text(UNIT.format(name="a") + "// edited\n")
    units, _ = changed("--changed-since=HEAD")
    harness.expect(units == ["src/a.cu"], f"a changed unit: only it, got {units}")
    units, _ = changed("--changed-since=HEAD~1")
    harness.expect(units == ["src/a.cu", "src/b.cu"],
                   f"since the commit before the header's: a.cu and the header, got {units}")

    units, _ = changed("--files-from=-", stdin="include/common.cuh\n\n")
    harness.expect(units == ["src/a.cu", "src/b.cu"], f"--files-from=- with the header: {units}")
    listed = args.work_dir / "changed.txt"
    listed.write_text(f"{project / 'src' / 'c.cu'}\n")
    units, _ = changed(f"--files-from={listed}")
    harness.expect(units == ["src/c.cu"], f"--files-from with c.cu: {units}")

    # With a cache, the entries of the last full run name each unit's files.
    cache = args.work_dir / "cache"
    changed(cache=cache)
    header.write_text(HEADER + "// edited again\n")
    units, notes = changed("--changed-since=HEAD", cache=cache)
    harness.expect(units == ["src/a.cu", "src/b.cu"], f"with the cache, the header: {units}")
    harness.expect_contains(notes, "(0 preprocessed to know)", "with the cache, the notes")
    git(project, "checkout", "-q", "--", "include/common.cuh")
    units, notes = changed("--changed-since=HEAD", cache=cache)
    harness.expect(units == ["src/a.cu"], f"with the cache, a.cu: {units}")

    _, notes = changed("--changed-since=no-such-revision", expect=harness.EXIT_ERROR)
    harness.expect_contains(notes, "no-such-revision", "a bad revision's error")
    _, notes = changed("--files-from=/nonexistent/list", expect=harness.EXIT_ERROR)
    harness.expect_contains(notes, "cannot read the file list", "a missing list's error")


# ---------------------------------------------------------------------- cache

HELPERS = """\
#pragma once
#include <cuda_runtime.h>
inline void upload(float *device, const float *host, size_t n) {
  cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice);
}
"""
MAIN = """\
#include "helpers.cuh"
void run(float *device, const float *host, size_t n) {
  upload(device, host, n);
#ifdef CHECKED
  (void)cudaDeviceSynchronize();
#else
  cudaDeviceSynchronize();
#endif
}
"""


def write_cache_project(args, flags):
    """main.cu, with `flags`, and other.cu; helpers.cuh is the test's."""
    project = args.work_dir / "cached"
    project.mkdir(exist_ok=True)
    (project / "main.cu").write_text(MAIN)
    (project / "other.cu").write_text(OTHER)
    entries = [{"directory": str(project), "file": name,
                "arguments": ["clang++", "-x", "cuda", "-std=c++17",
                              *(flags if name == "main.cu" else []), "-c", name]}
               for name in ["main.cu", "other.cu"]]
    (project / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return project


def test_cache(args):
    project = write_cache_project(args, [])
    helpers = project / "helpers.cuh"
    helpers.write_text(HELPERS)
    cache = args.work_dir / "cache"

    def cached(*options, expect=harness.EXIT_FINDINGS, cache_dir=cache):
        return lint(args, ["-p", project, f"--cache-dir={cache_dir}", *options], project,
                    expect=expect)

    def findings(result):
        return harness.finding_keys(harness.report(result.stdout), project)

    cold = cached("--format=json")
    harness.expect_contains(cold.stderr, "0 of 2 units reused", "the cold run's notes")
    for output_format in FORMATS:
        fresh = lint(args, ["-p", project, f"--format={output_format}"], project)
        warm = cached(f"--format={output_format}")
        harness.expect_contains(warm.stderr, "2 of 2 units reused", "the warm run's notes")
        expect_identical(warm.stdout, fresh.stdout,
                         f"--format={output_format}: cached and fresh reports")
    before = findings(cold)
    harness.expect(("helpers.cuh", 4, 3, "cuda-unchecked-error") in before
                   and ("main.cu", 7, 3, "cuda-unchecked-error") in before,
                   f"the header's and main.cu's findings: {before}")

    helpers.write_text(HELPERS.replace("  cudaMemcpy(", "  (void)cudaMemcpy("))
    edited = cached("--format=json")
    harness.expect_contains(edited.stderr, "1 of 2 units reused", "after editing the header")
    harness.expect(("helpers.cuh", 4, 3, "cuda-unchecked-error") not in findings(edited),
                   f"the edited header's finding is gone: {findings(edited)}")

    write_cache_project(args, ["-DCHECKED"])
    flagged = cached("--format=json")
    harness.expect_contains(flagged.stderr, "1 of 2 units reused", "after editing a flag")
    harness.expect(("main.cu", 7, 3, "cuda-unchecked-error") not in findings(flagged),
                   f"-DCHECKED removes main.cu's finding: {findings(flagged)}")
    optioned = cached("--format=json", "--check-option=cuda-unchecked-error.CheckMacro=CHECK")
    harness.expect_contains(optioned.stderr, "0 of 2 units reused", "with another check option")

    entries = sorted(cache.rglob("*.entry"))
    harness.expect(len(entries) >= 4, f"one entry per unit and command: {entries}")
    harness.expect(not [p for p in cache.rglob("*") if ".tmp" in p.name],
                   "no temporary files are left in the cache")
    for index, entry in enumerate(entries):
        data = entry.read_bytes()
        entry.write_bytes(data[:len(data) // 2] if index % 2 else b"\0garbage" + data[8:])
    fresh = lint(args, ["-p", project, "--format=json"], project)
    corrupt = cached("--format=json")
    # One entry a unit, its summary and its findings together: neither unit
    # calls a function the other defines, so neither is analysed again.
    harness.expect_contains(corrupt.stderr, "ignored 2 entries that do not read back whole",
                            "with corrupt entries")
    expect_identical(corrupt.stdout, fresh.stdout, "with corrupt entries, the report")
    rewritten = cached("--format=json")
    harness.expect_contains(rewritten.stderr, "2 of 2 units reused", "after corrupt entries")

    not_a_directory = args.work_dir / "a-file"
    not_a_directory.write_text("")
    unwritable = cached("--format=json", cache_dir=not_a_directory)
    harness.expect_contains(unwritable.stderr, "could not write 2 entries", "an unwritable cache")
    expect_identical(unwritable.stdout, fresh.stdout, "with an unwritable cache, the report")


CASES = {"shard-merge": test_shard_merge, "diff": test_diff, "cache": test_cache}


if __name__ == "__main__":
    harness.main_with_cases(__doc__, CASES)
