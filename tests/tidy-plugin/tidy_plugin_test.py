#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs the real clang-tidy with cudalint's plugin loaded and checks what it says.

  verify FILE         the cuda-* warnings and notes land exactly where FILE's
                      clang -verify comments (expected-warning, expected-note,
                      @+N / @-N / @N / @*:*, counts) say, with their text
  only-check FILE ID  with --checks=-*,ID only ID reports, and it still reports
  dump-config         --dump-config lists every option with its default, and a
                      configured value replaces the default
  fix FILE            --fix applies cuda-alloc-pointer-arg's fix-it to a copy
                      of FILE, and the fixed copy is clean for that check
  no-llvm-link        the module needs no libclang-cpp or libLLVM: clang-tidy
                      provides them; every symbol resolves at load (LD_BIND_NOW)

Compile flags are cudalint's own for a CUDA unit, against the toolkit at
--cuda-path or, with --cuda-path=none, against the bundled headers.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): (warning|note|error): (.*)$")
DIRECTIVE = re.compile(
    r"expected-(warning|note|error)(?:@([^\s{]+))?\s*(\d+)?\s*\{\{(.*?)\}\}")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def compile_flags(args):
    flags = ["-x", "cuda", "--cuda-host-only", "-std=c++17"]
    if args.cuda_path == "none":
        flags += ["-nocudainc", "-nocudalib", "--cuda-path=/nonexistent-cudalint",
                  "-isystem", os.path.join(args.repo, "driver", "data", "cuda-include"),
                  "-include", "cuda_runtime.h"]
    else:
        flags += ["--cuda-path=" + args.cuda_path]
        cccl = os.path.join(args.cuda_path, "include", "cccl")
        if os.path.isdir(cccl):
            flags += ["-isystem", cccl]
        flags += ["-include", os.path.join(args.repo, "driver", "data", "nvcc-compat",
                                           "cudalint_nvcc_host_math.h")]
    return flags + ["-Wno-unknown-cuda-version"]


def clang_tidy(args, tidy_args, env=None):
    command = [args.clang_tidy, "--load=" + args.plugin] + tidy_args
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True, env=env)
    return command, result


def run_on_file(args, path, checks, options=None, extra=(), flags=()):
    # --config keeps any .clang-tidy file above the source out of the test.
    config = json.dumps({"CheckOptions": options or {}})
    command, result = clang_tidy(
        args, ["--checks=" + checks, "--config=" + config, *extra, path, "--"]
        + compile_flags(args) + list(flags))
    diagnostics = []
    for line in result.stdout.splitlines():
        found = DIAGNOSTIC.match(line)
        if found:
            file, line_no, _, kind, text = found.groups()
            diagnostics.append((os.path.realpath(file), int(line_no), kind, text))
    return command, result, diagnostics


def check_of_file(args, path):
    """The check a testdata file is about: the longest check id its name starts with,
    as the cudalint verify tests pick it (tests/CMakeLists.txt); None for others."""
    name = os.path.basename(path)
    ids = [doc[:-3] for doc in os.listdir(os.path.join(args.repo, "docs", "checks"))
           if doc.endswith(".md") and name.startswith(doc[:-3])]
    return max(ids, key=len) if ids else None


def file_arguments(args, path):
    """The file's check and its `// cudalint-args:` first line, as clang-tidy --checks,
    CheckOptions and extra compiler flags."""
    with open(path) as source:
        first = source.readline()
    check = check_of_file(args, path)
    checks, options, flags = ("-*," + check) if check else "-*,cuda-*", {}, []
    if first.startswith("// cudalint-args:"):
        for argument in shlex.split(first[len("// cudalint-args:"):]):
            if argument.startswith("--check-option="):
                key, _, value = argument[len("--check-option="):].partition("=")
                options[key] = value
            elif argument.startswith("--checks="):
                checks = "-*," + argument[len("--checks="):]
            elif argument.startswith("--extra-arg="):
                flags.append(argument[len("--extra-arg="):])
            else:
                fail("%s: cudalint-args '%s' has no clang-tidy spelling here" % (path, argument))
    return checks, options, flags


def expectations(path):
    """(kind, file or None for any, line or None for any, count, text) per directive."""
    expected = []
    with open(path) as source:
        for number, line in enumerate(source, start=1):
            for kind, where, count, text in DIRECTIVE.findall(line):
                file, target = os.path.realpath(path), number
                if where == "*:*":
                    file, target = None, None
                elif where.startswith(("+", "-")):
                    target = number + int(where)
                elif where.isdigit():
                    target = int(where)
                elif where:
                    fail("%s:%d: unsupported location @%s" % (path, number, where))
                expected.append((kind, file, target, int(count or 1), text))
    return expected


def compare(path, expected, diagnostics, prefix="cuda-"):
    # Only the plugin's warnings and their notes; errors always count.
    seen = [d for d in diagnostics
            if d[2] != "warning" or re.search(r"\[%s[^\]]*\]$" % re.escape(prefix), d[3])]
    problems = []
    for kind, file, line, count, text in expected:
        for _ in range(count):
            match = next((d for d in seen if d[2] == kind and text in d[3]
                          and (file is None or d[0] == file)
                          and (line is None or d[1] == line)), None)
            if match is None:
                problems.append("expected %s not seen at %s:%s: %s"
                                % (kind, os.path.basename(path) if file else "*",
                                   line if line else "*", text))
            else:
                seen.remove(match)
    for file, line, kind, text in seen:
        problems.append("seen but not expected: %s:%d: %s: %s"
                        % (file, line, kind, text))
    return problems


def verify(args):
    checks, options, flags = file_arguments(args, args.file)
    command, result, diagnostics = run_on_file(args, args.file, checks, options, flags=flags)
    problems = compare(args.file, expectations(args.file), diagnostics)
    if problems:
        print(" ".join(shlex.quote(c) for c in command))
        print(result.stdout)
        fail("\n  ".join([args.file] + problems))
    warnings = sum(1 for d in diagnostics if d[2] == "warning")
    print("ok: %d warnings and %d notes where %s expects them"
          % (warnings, len(diagnostics) - warnings, os.path.basename(args.file)))


def only_check(args):
    def warnings_by_check(checks):
        command, result, diagnostics = run_on_file(args, args.file, checks)
        by_check = {}
        for file, line, kind, text in diagnostics:
            found = re.search(r" \[([^\]]+)\]$", text)
            if kind == "warning" and found:
                by_check.setdefault(found.group(1), []).append((file, line, text))
        return by_check, result

    every, _ = warnings_by_check("-*,cuda-*")
    alone, result = warnings_by_check("-*," + args.check)
    if len(every) < 2 or args.check not in every:
        fail("with cuda-* the file should trigger %s and another check, not: %s"
             % (args.check, ", ".join(sorted(every))))
    if sorted(alone) != [args.check] or alone[args.check] != every[args.check]:
        print(result.stdout)
        fail("--checks=-*,%s reported %s" % (args.check, ", ".join(sorted(alone))))
    print("ok: --checks=-*,%s reports its %d warning(s) and nothing of %s"
          % (args.check, len(alone[args.check]),
             ", ".join(c for c in sorted(every) if c != args.check)))


def dump_config(args):
    def options(extra):
        command, result = clang_tidy(args, ["--checks=-*,cuda-*", "--dump-config", *extra])
        if result.returncode != 0:
            fail(" ".join(command) + "\n" + result.stdout)
        return dict(re.findall(r"^\s+(cuda-[\w.-]+):\s*'?(.*?)'?\s*$", result.stdout, re.M))

    defaults = options([])
    wanted = {"cuda-unchecked-error.CheckKernelLaunches": "true",
              "cuda-unchecked-error.StatusTypes": ""}
    for key, value in wanted.items():
        if defaults.get(key) != value:
            fail("--dump-config shows %s: %r, expected %r (all: %r)"
                 % (key, defaults.get(key), value, defaults))
    configured = options(["--config=" + json.dumps({"CheckOptions": {
        "cuda-unchecked-error.StatusTypes": "appStatus_t;legacyResult",
        "cuda-unchecked-error.CheckKernelLaunches": "false"}})])
    if (configured.get("cuda-unchecked-error.StatusTypes") != "appStatus_t;legacyResult"
            or configured.get("cuda-unchecked-error.CheckKernelLaunches") != "false"):
        fail("configured options not shown by --dump-config: %r" % configured)
    print("ok: --dump-config shows %s" % ", ".join("%s=%r" % o for o in sorted(defaults.items())))


def fix(args):
    check = "cuda-alloc-pointer-arg"
    with tempfile.TemporaryDirectory(prefix="cudalint-tidy-fix-") as scratch:
        copy = os.path.join(scratch, os.path.basename(args.file))
        shutil.copyfile(args.file, copy)
        _, before, found = run_on_file(args, copy, "-*," + check)
        fixable = [d for d in found if d[2] == "warning"]
        command, result, _ = run_on_file(args, copy, "-*," + check, extra=["--fix"])
        if result.returncode != 0 or "applied" not in result.stdout:
            fail(" ".join(command) + "\n" + result.stdout)
        with open(args.file) as original, open(copy) as fixed:
            changed = [(number, old.rstrip("\n"), new.rstrip("\n")) for number, (old, new)
                       in enumerate(zip(original, fixed), start=1) if old != new]
        expected = [(n, old, old.replace(args.expect_from, args.expect_to, 1))
                    for n, old, _ in changed]
        if not changed or changed != expected:
            fail("unexpected edit by --fix:\n" + "\n".join(
                "  %d: %s\n  -> %s" % c for c in changed))
        _, after, left = run_on_file(args, copy, "-*," + check)
        left = [d for d in left if d[2] == "warning"]
        if left:
            fail("the fixed copy still has warnings:\n" + after.stdout)
    print("ok: --fix changed %d line(s) (%s -> %s) of %d warning(s); the copy is clean"
          % (len(changed), args.expect_from, args.expect_to, len(fixable)))


def no_llvm_link(args):
    needed = subprocess.run(["readelf", "-d", args.plugin], stdout=subprocess.PIPE,
                            universal_newlines=True, check=True).stdout
    libraries = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", needed)
    linked = [lib for lib in libraries if re.match(r"lib(clang|LLVM)", lib)]
    if linked:
        fail("the module links %s; clang-tidy already holds them" % ", ".join(linked))
    # LD_BIND_NOW makes the dynamic linker resolve every symbol when the module
    # is loaded instead of at its first call: a missing one fails here.
    env = dict(os.environ, LD_BIND_NOW="1")
    command, result = clang_tidy(args, ["--checks=-*,cuda-*", "--list-checks"], env=env)
    listed = re.findall(r"^\s+(cuda-\S+)$", result.stdout, re.M)
    if result.returncode != 0 or not {"cuda-alloc-pointer-arg",
                                      "cuda-unchecked-error"} <= set(listed):
        fail(" ".join(command) + "\n" + result.stdout)
    print("ok: needs only %s; loads with every symbol bound; lists %s"
          % (", ".join(libraries), ", ".join(listed)))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--cuda-path", default="none")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("verify").add_argument("file")
    only = commands.add_parser("only-check")
    only.add_argument("file")
    only.add_argument("check")
    commands.add_parser("dump-config")
    fixing = commands.add_parser("fix")
    fixing.add_argument("file")
    fixing.add_argument("--expect-from", default="(void **)")
    fixing.add_argument("--expect-to", default="(void **)&")
    commands.add_parser("no-llvm-link")
    args = parser.parse_args()
    {"verify": verify, "only-check": only_check, "dump-config": dump_config,
     "fix": fix, "no-llvm-link": no_llvm_link}[args.command](args)


if __name__ == "__main__":
    main()
