#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Wall time and peak memory of cudalint against the compiler parse it is
built on and against clang-tidy as a peer tool, per CUDA unit.

For each unit, best of --repeat runs (default 3) of:
  clang      clang++-22 -fsyntax-only --cuda-host-only -x cuda <flags> <file>
  cudalint   cudalint --checks=cuda-* <file> -- <flags>
  clang-tidy clang-tidy-22 --checks=-*,bugprone-unused-return-value <file>
             -- -x cuda --cuda-host-only <flags>
             (the AST-matcher peer of cudalint's AST checks)
  clang-analyzer
             clang-tidy-22 --checks=-*,clang-analyzer-* <file> -- ...
             (the Static Analyzer peer of cudalint's path-sensitive checks)

The units: testdata/checks/*.cu, the example project's sources, any .cu files
given as arguments, and with -p every CUDA unit of that compile database.
Prints a Markdown table of times, peak RSS and the ratios of cudalint to each
of the others. Not a test: nothing here passes or fails.

With --cache, measures the result cache instead: one cudalint run over all
the units (as one compile database) with an empty --cache-dir, then again
over the unchanged tree, best of --repeat each, and prints cold, warm and
warm / cold.

  benchmarks/run.py [--cudalint build/bin/cudalint] [-p build] [--cache] [file.cu ...]
"""

import argparse
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLED_CUDA_INCLUDE = ROOT / "driver" / "data" / "cuda-include"
HEADER_CHOICE = {None: "the toolkit each tool finds by itself",
                 "none": "cudalint's bundled headers (--cuda-path=none)"}

# Flags of a compile command that change what the host-side parse sees, in
# a form clang takes whoever the command was written for (nvcc or clang).
SEPARATE_VALUE = {"-I", "-D", "-U", "-isystem", "-include", "-iquote",
                  "--include-path", "--define-macro", "--system-include",
                  "--pre-include", "-std", "--std"}
JOINED_PREFIXES = ("-I", "-D", "-U", "-isystem", "-iquote", "-std=", "--std=")
CLANG_SPELLING = {"--include-path": "-I", "--define-macro": "-D",
                  "--system-include": "-isystem", "--pre-include": "-include",
                  "-std": "-std=", "--std": "-std="}


class Unit:
    def __init__(self, file, flags, directory):
        self.file = Path(file)
        self.flags = flags
        self.directory = Path(directory)

    def label(self):
        try:
            return str(self.file.relative_to(ROOT))
        except ValueError:
            return str(self.file)


def expand_options_files(arguments, directory):
    """nvcc's --options-file F / -optf F and @F, read in place."""
    result = []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        names = None
        if argument in ("--options-file", "-optf") and index + 1 < len(arguments):
            names = arguments[index + 1].split(",")
            index += 1
        elif argument.startswith(("--options-file=", "-optf=")):
            names = argument.split("=", 1)[1].split(",")
        elif argument.startswith("@"):
            names = [argument[1:]]
        if names is None:
            result.append(argument)
        else:
            for name in names:
                text = (Path(directory) / name).read_text()
                result += expand_options_files(shlex.split(text), directory)
        index += 1
    return result


def portable_flags(arguments, directory):
    flags = []
    arguments = expand_options_files(arguments[1:], directory)
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in SEPARATE_VALUE and index + 1 < len(arguments):
            value = arguments[index + 1]
            spelling = CLANG_SPELLING.get(argument, argument)
            if spelling.endswith("="):
                flags.append(spelling + value)
            else:
                flags += [spelling, value]
            index += 2
            continue
        if argument.startswith(JOINED_PREFIXES):
            flags.append("-std=" + argument.split("=", 1)[1]
                         if argument.startswith("--std=") else argument)
        elif argument.startswith(tuple(f"{long}=" for long in CLANG_SPELLING)):
            name, value = argument.split("=", 1)
            spelling = CLANG_SPELLING[name]
            flags += [spelling + value] if spelling.endswith("=") else [spelling, value]
        index += 1
    # Relative include paths are relative to the command's directory.
    return [absolute_include(flag, directory) for flag in flags]


def absolute_include(flag, directory):
    if flag.startswith("-I") and len(flag) > 2 and not flag[2:].startswith("/"):
        return "-I" + str((Path(directory) / flag[2:]).resolve())
    return flag


def database_units(build_path):
    database = Path(build_path)
    if database.is_dir():
        database = database / "compile_commands.json"
    units = []
    for entry in json.loads(database.read_text()):
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        file = Path(entry["directory"]) / entry["file"]
        if file.suffix in (".cu", ".cuh") or "nvcc" in Path(arguments[0]).name:
            units.append(Unit(file.resolve(), portable_flags(arguments, entry["directory"]),
                              entry["directory"]))
    return units


def default_units():
    units = [Unit(source, ["-std=c++17"], ROOT)
             for source in sorted((ROOT / "testdata" / "checks").glob("*.cu"))]
    example = ROOT / "testdata" / "example" / "src"
    units += [Unit(source, ["-std=c++17", f"-I{example}"], ROOT)
              for source in sorted(example.glob("*.cu"))]
    return units


def measure(command, cwd, repeat):
    """The best of `repeat` runs: wall time (s), CPU time (s, user + system)
    and peak RSS (KiB), and whether a run ended in a status that is not the
    tool's success."""
    best = None
    failed = False
    for _ in range(repeat):
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        failed |= process.returncode not in command.ok_exit_codes
        run = (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
        best = run if best is None else tuple(map(min, best, run))
    return Result(*best, failed)


class Result:
    def __init__(self, wall, cpu, rss, failed):
        self.wall, self.cpu, self.rss, self.failed = wall, cpu, rss, failed


class Command(list):
    """argv, with the exit statuses that mean the tool did its job."""

    def __init__(self, argv, ok_exit_codes):
        super().__init__(str(part) for part in argv)
        self.ok_exit_codes = ok_exit_codes


def commands(unit, tools, cuda_path):
    if cuda_path == "none":
        headers = ["-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
                   "-isystem", str(BUNDLED_CUDA_INCLUDE), "-include", "cuda_runtime.h"]
        cudalint_cuda = ["--cuda-path=none"]
    else:
        headers = [f"--cuda-path={cuda_path}"] if cuda_path else []
        cudalint_cuda = [f"--cuda-path={cuda_path}"] if cuda_path else []
    quiet = ["-Wno-unknown-cuda-version"]
    return {
        "clang": Command([tools.clang, "-fsyntax-only", "--cuda-host-only", "-x", "cuda",
                          *headers, *quiet, *unit.flags, unit.file], {0}),
        "cudalint": Command([tools.cudalint, "--checks=cuda-*", "--quiet", *cudalint_cuda,
                             unit.file, "--", *unit.flags], {0, 1}),
        "clang-tidy": Command([tools.clang_tidy, "--checks=-*,bugprone-unused-return-value",
                               "--quiet", unit.file, "--", "-x", "cuda",
                               "--cuda-host-only", *headers, *quiet, *unit.flags],
                              {0}),
        "clang-analyzer": Command([tools.clang_tidy, "--checks=-*,clang-analyzer-*",
                                   "--quiet", unit.file, "--", "-x", "cuda",
                                   "--cuda-host-only", *headers, *quiet, *unit.flags],
                                  {0}),
    }


PEERS = ("clang", "clang-tidy", "clang-analyzer")
HEADINGS = {"clang": "clang -fsyntax-only", "cudalint": "cudalint",
            "clang-tidy": "clang-tidy (matcher)",
            "clang-analyzer": "clang-tidy clang-analyzer-*"}


def ratio(a, b):
    return f"{a / b:.2f}" if b else "n/a"


def mib(kib):
    return kib / 1024


def tool_version(argv):
    try:
        output = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True).stdout
    except OSError:
        return "missing"
    return next((line.strip() for line in output.splitlines() if "version" in line),
                output.strip().splitlines()[0] if output.strip() else "?")


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def print_table(rows, args):
    print(f"Machine: {cpu_model()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the end; best of {args.repeat} runs per "
          f"tool and unit; CUDA headers: "
          f"{HEADER_CHOICE.get(args.cuda_path, args.cuda_path)}.")
    print(f"Tools: {tool_version([args.cudalint, '--version'])}; "
          f"{tool_version([args.clang, '--version'])}; "
          f"{tool_version([args.clang_tidy, '--version'])}.")
    print()
    tools = ("clang", "cudalint") + PEERS[1:]
    print("| unit | " + " | ".join(HEADINGS[tool] for tool in tools) + " | "
          + " | ".join(f"cudalint / {peer} time | cudalint / {peer} memory"
                       for peer in PEERS) + " |")
    print("| --- |" + " ---: |" * (len(tools) + 2 * len(PEERS)))

    def cell(result):
        return (f"{result.wall:.2f} s, {mib(result.rss):.0f} MiB"
                + (" (failed)" if result.failed else ""))

    def line(label, results, bold=""):
        mine = results["cudalint"]
        cells = [cell(results[tool]) for tool in tools]
        cells += [f"{bold}{ratio(a, b)}{bold}" for peer in PEERS
                  for a, b in [(mine.wall, results[peer].wall),
                               (mine.rss, results[peer].rss)]]
        print(f"| {label} | " + " | ".join(cells) + " |")

    for label, results in rows:
        line(label, results)
    totals = {tool: Result(sum(r[tool].wall for _, r in rows),
                           sum(r[tool].cpu for _, r in rows),
                           max(r[tool].rss for _, r in rows),
                           any(r[tool].failed for _, r in rows))
              for tool in tools}
    line("**total** (time: sum; memory: largest peak)", totals, bold="**")
    print()
    print("CPU time (user + system, less sensitive to a busy machine than wall "
          "time), total: " + ", ".join(f"{tool} {totals[tool].cpu:.2f} s" for tool in tools)
          + "; " + ", ".join(f"cudalint / {peer} {ratio(totals['cudalint'].cpu, totals[peer].cpu)}"
                             for peer in PEERS) + ".")


def measure_cache(units, args):
    """Cold and warm runs of the whole set with --cache-dir."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="cudalint-cache-bench-") as scratch:
        scratch = Path(scratch)
        entries = [{"directory": str(unit.directory), "file": str(unit.file),
                    "arguments": ["clang++", "-x", "cuda", *unit.flags, "-c", str(unit.file)]}
                   for unit in units]
        (scratch / "compile_commands.json").write_text(json.dumps(entries))
        cuda = [f"--cuda-path={args.cuda_path}"] if args.cuda_path else []

        def run(cache):
            return Command([args.cudalint, "-p", scratch, "--quiet", *cuda,
                            f"--cache-dir={cache}"], {0, 1})
        cold = None
        for attempt in range(args.repeat):
            cache = scratch / f"cold-{attempt}"
            result = measure(run(cache), scratch, 1)
            cold = result if cold is None or result.wall < cold.wall else cold
        warm = measure(run(scratch / "cold-0"), scratch, args.repeat)
    print(f"Machine: {cpu_model()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the end; best of {args.repeat} runs; "
          f"{tool_version([args.cudalint, '--version'])}; CUDA headers: "
          f"{HEADER_CHOICE.get(args.cuda_path, args.cuda_path)}.")
    print()
    print("| units | cold (empty cache) | warm (unchanged tree) | warm / cold time |")
    print("| ---: | ---: | ---: | ---: |")
    print(f"| {len(units)} | {cold.wall:.2f} s, {cold.cpu:.2f} s CPU | "
          f"{warm.wall:.2f} s, {warm.cpu:.2f} s CPU | {ratio(warm.wall, cold.wall)} |"
          + (" (a run failed)" if cold.failed or warm.failed else ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path, help="more .cu files")
    parser.add_argument("-p", dest="build_path", help="a compile database to add")
    parser.add_argument("--flags", default="-std=c++17",
                        help="flags for the files given as arguments")
    parser.add_argument("--cudalint", type=Path,
                        default=Path(os.environ.get("CUDALINT_BUILD_DIR", ROOT / "build"))
                        / "bin" / "cudalint")
    parser.add_argument("--clang", default=shutil.which("clang++-22") or "clang++-22")
    parser.add_argument("--clang-tidy", dest="clang_tidy",
                        default=shutil.which("clang-tidy-22") or "clang-tidy-22")
    parser.add_argument("--cuda-path", default=None,
                        help="a CUDA Toolkit for all three tools, or 'none' for "
                             "cudalint's bundled headers")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-defaults", action="store_true",
                        help="only the files and database given")
    parser.add_argument("--every", type=int, default=1, metavar="K",
                        help="of the database's units (sorted by path), measure every K-th")
    parser.add_argument("--cache", action="store_true",
                        help="measure --cache-dir: a cold and a warm run of all units")
    args = parser.parse_args()
    if not args.cudalint.is_file():
        sys.exit(f"run.py: no cudalint at {args.cudalint}; build it or pass --cudalint")
    args.cudalint = args.cudalint.resolve()

    units = [] if args.no_defaults else default_units()
    units += [Unit(file.resolve(), shlex.split(args.flags), Path.cwd()) for file in args.files]
    if args.build_path:
        units += sorted(database_units(args.build_path),
                        key=lambda unit: str(unit.file))[::max(args.every, 1)]
    if not units:
        sys.exit("run.py: no units to measure")

    if args.cache:
        measure_cache(units, args)
        return
    rows = []
    for unit in units:
        print(f"measuring {unit.label()}", file=sys.stderr, flush=True)
        results = {tool: measure(command, unit.directory, args.repeat)
                   for tool, command in commands(unit, args, args.cuda_path).items()}
        rows.append((unit.label(), results))
    print_table(rows, args)


if __name__ == "__main__":
    main()
