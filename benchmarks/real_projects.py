#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Wall time and peak memory of cudalint on real projects, side by side with
clang's parse and clang's Static Analyzer on the same units and flags.

Each project is configured with its own build system and nvcc, writing only
its compile database (nothing is built):

  cuda-samples  cmake -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
                -DCMAKE_CUDA_COMPILER=<nvcc> -DCMAKE_CUDA_ARCHITECTURES=90
  ggml          the same, plus -DGGML_CUDA=ON
  darknet       make -n -B GPU=1 NVCC=<nvcc> ARCH='-gencode arch=compute_90,code=sm_90'
                (the variables given to make, so the checkout is left as it is; the
                printed compile commands become the database)

The sources come from --source NAME=DIR, else from a shallow `git clone` of
the project's GitHub repository into --work. The printed report names each
project's commit and the exact configure command.

The units: --units of the files cudalint analyses in a whole-database run
(the CUDA units, and the C and C++ units whose preprocessing reads a CUDA
Toolkit header), spread evenly over the database's files sorted by path, so
that one checkout always gives the same units. For each, a first cudalint
run (all checks, JSON report; with --preamble-dir it fills DIR) reports the
clang command cudalint translated the unit to and brings the unit's files
into the page cache; then, best of --repeat runs of:

  clang            that command (argv[0] clang++ or clang: clang++-22 or clang-22)
  clang-analyzer   clang-tidy-22 --checks=-*,clang-analyzer-* on the unit, the
                   same flags after -- (in the same driver mode)
  cudalint AST     cudalint -p DB -j1 --checks=-*,cuda-unchecked-error,cuda-alloc-pointer-arg
  cudalint all     cudalint -p DB -j1: every cuda-* check with cudalint's defaults
                   (no --cache-dir, whose result cache would skip the work)
  cudalint warm    the same with the --preamble-dir=DIR the first run filled
                   (a column only when cudalint has --preamble-dir)

then one cudalint run over all the chosen units at -j1 and at -j2 (with
--whole-database: over every unit cudalint takes from the database) for the
scaling. Memory is the peak RSS of the largest process of the tool's process
tree (wait4 reports the largest of the child and the children it waited for).
A unit that fails in a tool shows "failed" there and is left out of every
total and ratio; the units left out are listed under the table.

With --heaviest N, the N units whose host code makes the most calls of the
CUDA API and launches (one AST-only cudalint run over the whole database
counts them) are measured the same way, in a table of their own: the units
an even sample rarely meets, where the path-sensitive checks cost the most.

Not a test: nothing here passes or fails.

  benchmarks/real_projects.py --project ggml --source ggml=~/src/ggml --units 3
  benchmarks/real_projects.py --project ggml --units 10 --heaviest 4   # and the 4 heaviest
  benchmarks/real_projects.py --markdown real.md        # every project, default subset
  benchmarks/real_projects.py --configure-only --work /work/real   # the databases only
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as unit_bench  # noqa: E402  (benchmarks/run.py: the per-file benchmark)

ROOT = unit_bench.ROOT
AST_CHECKS = "-*,cuda-unchecked-error,cuda-alloc-pointer-arg"
CUDA_SUFFIXES = (".cu", ".cuh")
CXX_SUFFIXES = (".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C")
DEFAULT_UNITS = 10


# --- The projects and their compile databases ------------------------------

def cmake_generator():
    return ["-G", "Ninja"] if shutil.which("ninja") else []


def cmake_database(project_flags):
    def configure(source, build, nvcc):
        command = ["cmake", "-S", str(source), "-B", str(build), *cmake_generator(),
                   "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", f"-DCMAKE_CUDA_COMPILER={nvcc}",
                   "-DCMAKE_CUDA_ARCHITECTURES=90", *project_flags]
        log = build / "configure.log"
        with log.open("w") as output:
            status = subprocess.run(command, stdout=output, stderr=subprocess.STDOUT).returncode
        notes = []
        # A sample that links a CUDA library the toolkit lacks (NPP, nvJPEG,
        # cufft_static in a slim toolkit) fails CMake's generate step, yet
        # every compile command is written: the database is complete.
        if status != 0:
            errors = log.read_text(errors="replace").count("CMake Error")
            notes.append(f"cmake exited {status} ({errors} 'CMake Error' messages, "
                         f"see {log}); the compile database was still written")
        return shlex.join(command), notes
    return configure


def darknet_database(source, build, nvcc):
    """darknet has only a Makefile: its compile commands as `make -n` prints
    them, with the GPU build switched on from make's command line."""
    command = ["make", "-n", "-B", "GPU=1", f"NVCC={nvcc}",
               "ARCH=-gencode arch=compute_90,code=sm_90"]
    printed = subprocess.run(command, cwd=source, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    if printed.returncode != 0:
        raise ConfigureError(f"{shlex.join(command)} in {source} exited "
                             f"{printed.returncode}: {printed.stderr.strip()[-300:]}")
    entries = []
    for line in printed.stdout.splitlines():
        arguments = shlex.split(line)
        if "-c" not in arguments[:-1]:
            continue
        file = arguments[arguments.index("-c") + 1]
        entries.append({"directory": str(source), "arguments": arguments,
                        "file": os.path.normpath(source / file)})
    (build / "compile_commands.json").write_text(json.dumps(entries, indent=2) + "\n")
    return f"cd {shlex.quote(str(source))} && {shlex.join(command)}", []


class Project:
    def __init__(self, name, url, configure):
        self.name, self.url, self.configure = name, url, configure


PROJECTS = {project.name: project for project in [
    Project("cuda-samples", "https://github.com/NVIDIA/cuda-samples", cmake_database([])),
    Project("ggml", "https://github.com/ggml-org/ggml", cmake_database(["-DGGML_CUDA=ON"])),
    Project("darknet", "https://github.com/pjreddie/darknet", darknet_database),
]}


class ConfigureError(Exception):
    pass


def checkout(project, args):
    if project.name in args.sources:
        source = args.sources[project.name]
        if not source.is_dir():
            raise ConfigureError(f"--source {project.name}={source}: no such directory")
        return source
    source = args.work / "src" / project.name
    if not source.is_dir():
        print(f"cloning {project.url} into {source}", file=sys.stderr, flush=True)
        cloned = subprocess.run(["git", "clone", "--quiet", "--depth", "1", project.url,
                                 str(source)])
        if cloned.returncode != 0:
            raise ConfigureError(f"git clone {project.url} failed; pass --source "
                                 f"{project.name}=DIR")
    return source


def commit_of(source):
    result = subprocess.run(["git", "-C", str(source), "log", "-1", "--format=%h %cs"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return result.stdout.strip() if result.returncode == 0 else "not a git checkout"


class Database:
    """A project's configured compile database and how it was made."""

    def __init__(self, project, source, build, command, notes):
        self.project, self.source, self.build = project, source, build
        self.command, self.notes = command, notes
        self.path = build / "compile_commands.json"
        self.entries = read_entries(self.path)

    def census(self):
        kinds = collections.Counter(Path(entry.file).suffix or "(none)"
                                    for entry in self.entries)
        return f"{len(self.entries)} entries: " + ", ".join(
            f"{count} {suffix}" for suffix, count in sorted(kinds.items(),
                                                            key=lambda item: -item[1]))


def configure(project, args):
    source = checkout(project, args).resolve()
    build = args.work / "db" / project.name
    build.mkdir(parents=True, exist_ok=True)
    # A database left by an earlier configure must not pass for this one's.
    (build / "compile_commands.json").unlink(missing_ok=True)
    print(f"configuring {project.name} into {build}", file=sys.stderr, flush=True)
    command, notes = project.configure(source, build, args.nvcc)
    if not (build / "compile_commands.json").is_file():
        raise ConfigureError(f"{command} wrote no compile_commands.json "
                             f"in {build}")
    return Database(project, source, build, command, notes)


# --- Units -----------------------------------------------------------------

class Entry:
    def __init__(self, raw, database_path):
        directory = Path(raw["directory"])
        if not directory.is_absolute():
            directory = database_path.parent / directory
        self.directory = directory
        self.arguments = raw.get("arguments") or shlex.split(raw["command"])
        self.file = os.path.normpath(directory / raw["file"])


def read_entries(path):
    return [Entry(raw, path) for raw in json.loads(path.read_text())]


def is_cuda_entry(entry):
    """What cudalint parses as CUDA: a .cu file, `-x cu`, or an nvcc command."""
    arguments = entry.arguments
    for index, argument in enumerate(arguments[:-1]):
        if argument in ("-x", "--x"):
            return arguments[index + 1] in ("cu", "cuda")
    return (Path(entry.file).suffix in CUDA_SUFFIXES
            or any(Path(argument).name == "nvcc" for argument in arguments[:2]))


def host_language(entry):
    """'c' or 'c++' for a C or C++ unit as cudalint tells them apart, else None."""
    suffix = Path(entry.file).suffix
    if suffix == ".c":
        cxx_driver = any(Path(argument).name.startswith(("g++", "c++", "clang++"))
                         for argument in entry.arguments[:2])
        return "c++" if cxx_driver else "c"
    return "c++" if suffix in CXX_SUFFIXES else None


def reads_cuda_header(entry, args):
    """Whether the preprocessor reads a header of the CUDA Toolkit for this
    C or C++ unit (`clang -M` with the unit's include paths and macros): the
    units that cudalint keeps from a whole-database run besides the CUDA ones."""
    language = host_language(entry)
    if language is None:
        return False
    compiler = args.clang if language == "c++" else args.clang_c
    scan = subprocess.run([compiler, "-x", language, "-M", "-MG", "-w",
                           *unit_bench.portable_flags(entry.arguments, entry.directory),
                           entry.file], cwd=entry.directory, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
    return any(f"{include}/" in scan.stdout for include in args.toolkit_includes)


class Unit:
    """A source file of the database with every entry that compiles it."""

    def __init__(self, database, entries):
        self.database, self.entries = database, entries
        self.file = entries[0].file

    def label(self):
        try:
            return str(Path(self.file).relative_to(self.database.source))
        except ValueError:
            return self.file


def choose_units(database, count, args):
    """`count` of the files cudalint analyses in a whole-database run, sorted
    by path: the middle one of each of `count` equal slices (0: all of them);
    and how many such files there are."""
    by_file = collections.defaultdict(list)
    for entry in database.entries:
        by_file[entry.file].append(entry)

    def analyzed(file):
        return any(is_cuda_entry(entry) or reads_cuda_header(entry, args)
                   for entry in by_file[file])
    candidates = sorted(by_file)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as scans:
        files = [file for file, kept in zip(candidates, scans.map(analyzed, candidates))
                 if kept]
    chosen = files
    if 0 < count < len(files):
        chosen = [files[(2 * slice + 1) * len(files) // (2 * count)] for slice in range(count)]
    return [Unit(database, by_file[file]) for file in chosen], len(files)


def heaviest_units(database, count, args, scratch):
    """The `count` files whose host code makes the most calls of the CUDA API
    and launches, heaviest first, as one AST-only cudalint run over the whole
    database counts them (JSON key "hostCudaCalls" of each unit; a file
    compiled by several entries counts its largest), with their counts. An
    even sample of a project rarely meets them, and they are where the
    path-sensitive checks spend the most."""
    report = scratch / f"{database.project.name}-weights.json"
    cuda = [f"--cuda-path={args.cuda_path}"] if args.cuda_path else []
    subprocess.run([args.cudalint, "-p", database.build, f"-j{os.cpu_count()}", "--quiet",
                    *cuda, f"--checks={AST_CHECKS}", "--format=json", "-o", report],
                   cwd=database.build, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        analysis = json.loads(report.read_text()).get("analysis", [])
    except (OSError, ValueError):
        print(f"real_projects.py: {database.project.name}: the AST-only run wrote no "
              f"report; no heaviest units", file=sys.stderr)
        return []
    weights = {}
    for record in analysis:
        file = os.path.normpath(record["file"])
        weights[file] = max(weights.get(file, 0), record.get("hostCudaCalls", 0))
    by_file = collections.defaultdict(list)
    for entry in database.entries:
        by_file[entry.file].append(entry)
    ranked = sorted((file for file in weights if file in by_file),
                    key=lambda file: (-weights[file], file))
    return [(Unit(database, by_file[file]), weights[file]) for file in ranked[:count]]


# --- The clang command cudalint runs for a unit -----------------------------

def cudalint_help(cudalint):
    return subprocess.run([cudalint, "--help"], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True).stdout


def reported_commands(report, file):
    """The (directory, clang argv) cudalint's JSON report gives for the
    file's units (key "analysis"); [] when the report has none."""
    try:
        analysis = json.loads(report.read_text()).get("analysis", [])
    except (OSError, ValueError):
        return []
    return [(Path(record["directory"]), record["command"]) for record in analysis
            if os.path.normpath(record["file"]) == file]


# --- Measuring -------------------------------------------------------------

class Outcome:
    """Best wall time (s), CPU time (s) and peak RSS (KiB) over the runs, or
    why the tool failed."""

    def __init__(self, wall=0.0, cpu=0.0, rss=0, failure=None):
        self.wall, self.cpu, self.rss, self.failure = wall, cpu, rss, failure

    def plus(self, other):
        """Two commands run one after the other (a file built twice)."""
        return Outcome(self.wall + other.wall, self.cpu + other.cpu,
                       max(self.rss, other.rss), self.failure or other.failure)


SOURCE_ERROR = re.compile(r":\d+:\d+: (fatal )?error: ")


def first_error(stderr, status):
    """The first compiler error with its place, else the first line that
    speaks of an error, else the last line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    message = next((line for line in lines if SOURCE_ERROR.search(line)),
                   next((line for line in lines if "error" in line.lower()),
                        lines[-1] if lines else ""))
    return f"exit {status}: {message[:200]}" if message else f"exit {status}"


def measure(command, cwd, repeat):
    best = None
    for _ in range(repeat):
        # clang-tidy prints a unit's compiler errors on stdout.
        with tempfile.TemporaryFile() as output:
            start = time.perf_counter()
            try:
                process = subprocess.Popen(command, cwd=cwd, stdout=output, stderr=output)
            except OSError as error:
                return Outcome(failure=f"could not run {command[0]}: {error.strerror}")
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - start
            process.returncode = os.waitstatus_to_exitcode(status)
            if process.returncode not in command.ok_exit_codes:
                output.seek(0)
                return Outcome(failure=first_error(output.read().decode(errors="replace"),
                                                   process.returncode))
        run = Outcome(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
        best = run if best is None else Outcome(min(best.wall, run.wall),
                                                min(best.cpu, run.cpu),
                                                min(best.rss, run.rss))
    return best


def measure_in_turn(commands, repeat):
    """Commands (cwd, Command) of one unit, one after the other."""
    total = Outcome()
    for cwd, command in commands:
        total = total.plus(measure(command, cwd, repeat))
        if total.failure:
            break
    return total


TOOLS = ("clang", "clang-analyzer", "cudalint-ast", "cudalint-all", "cudalint-warm")
HEADINGS = {"clang": "clang -fsyntax-only", "clang-analyzer": "clang-tidy clang-analyzer-*",
            "cudalint-ast": "cudalint AST checks", "cudalint-all": "cudalint all, cold",
            "cudalint-warm": "cudalint all, warm preamble"}
NO_COMMAND = "cudalint reported no clang command for it (JSON key 'analysis')"


def peer_commands(commands, unit, args):
    """clang and clang-tidy on the argvs cudalint ran, in the same driver
    mode: its argv[0] is clang for a C unit, clang++ otherwise."""
    clang, analyzer = [], []
    for cwd, argv in commands:
        c_driver = Path(argv[0]).name == "clang"
        flags = argv[1:]
        clang.append((cwd, unit_bench.Command([args.clang_c if c_driver else args.clang,
                                               *flags], {0})))
        analyzer.append((cwd, unit_bench.Command(
            [args.clang_tidy, "--checks=-*,clang-analyzer-*", "--quiet", unit.file, "--",
             *([] if c_driver else ["--driver-mode=g++"]),
             *[flag for flag in flags if flag != unit.file]], {0})))
    return clang, analyzer


def measure_unit(unit, args, scratch, preamble_dir):
    """The unit's outcome per tool, and the time of the first cudalint run,
    which also fills the preamble directory, gives the clang commands and
    brings the unit's files into the page cache for every tool alike."""
    cuda = [f"--cuda-path={args.cuda_path}"] if args.cuda_path else []

    def cudalint(*options):
        return unit_bench.Command([args.cudalint, "-p", unit.database.build, "-j1", "--quiet",
                                   *cuda, *options, unit.file], {0, 1})
    directory = unit.entries[0].directory
    report = scratch / "first-run.json"
    report.unlink(missing_ok=True)
    warm = [f"--preamble-dir={preamble_dir}"] if preamble_dir else []
    first = measure(cudalint("--format=json", "-o", report, *warm), directory, 1)
    commands = reported_commands(report, unit.file)
    if commands:
        clang, analyzer = peer_commands(commands, unit, args)
        results = {"clang": measure_in_turn(clang, args.repeat),
                   "clang-analyzer": measure_in_turn(analyzer, args.repeat)}
    else:
        results = {"clang": Outcome(failure=NO_COMMAND),
                   "clang-analyzer": Outcome(failure=NO_COMMAND)}
    results["cudalint-ast"] = measure(cudalint(f"--checks={AST_CHECKS}"), directory,
                                      args.repeat)
    results["cudalint-all"] = measure(cudalint(), directory, args.repeat)
    if preamble_dir:
        results["cudalint-warm"] = first if first.failure else measure(
            cudalint(*warm), directory, args.repeat)
    return results, first


class ScalingRun:
    def __init__(self, jobs, outcome, units=0, problems=0, findings=0):
        self.jobs, self.outcome = jobs, outcome
        self.units, self.problems, self.findings = units, problems, findings


def measure_scaling(database, units, jobs, args, scratch):
    """One cudalint run (every check) over the units, or over the whole
    database, at -j `jobs`; the JSON report says how much it analysed."""
    report = scratch / f"{database.project.name}-j{jobs}.json"
    files = [] if args.whole_database else [unit.file for unit in units]
    cuda = [f"--cuda-path={args.cuda_path}"] if args.cuda_path else []
    command = unit_bench.Command([args.cudalint, "-p", database.build, f"-j{jobs}", "--quiet",
                                  *cuda, "--format=json", "-o", report, *files], {0, 1, 2})
    outcome = measure(command, database.build, args.repeat)
    try:
        parsed = json.loads(report.read_text())
    except (OSError, ValueError):
        return ScalingRun(jobs, Outcome(failure="no JSON report written"))
    return ScalingRun(jobs, outcome, len(parsed.get("units", [])),
                      len(parsed.get("problems", [])), len(parsed.get("findings", [])))


# --- The report ------------------------------------------------------------

def cell(outcome):
    if outcome is None:
        return "n/a"
    if outcome.failure:
        return "failed"
    return f"{outcome.wall:.2f} s, {unit_bench.mib(outcome.rss):.0f} MiB"


RATIOS = (("all / clang", "cudalint-all", "clang", "wall"),
          ("warm / clang", "cudalint-warm", "clang", "wall"),
          ("all / clang-analyzer", "cudalint-all", "clang-analyzer", "wall"),
          ("AST / clang", "cudalint-ast", "clang", "wall"),
          ("all / clang memory", "cudalint-all", "clang", "rss"))


def ratio_cells(results, bold=""):
    cells = []
    for _, mine, peer, field in RATIOS:
        a, b = results.get(mine), results.get(peer)
        if a is None or b is None or a.failure or b.failure:
            cells.append("n/a")
        else:
            cells.append(f"{bold}{unit_bench.ratio(getattr(a, field), getattr(b, field))}{bold}")
    return cells


def markdown_cell(text):
    return text.replace("|", "\\|")


def complete_rows(rows):
    return [(unit, results) for unit, results in rows
            if not any(outcome.failure for outcome in results.values())]


def totals_of(rows):
    complete = complete_rows(rows)
    if not complete:
        return None
    tools = complete[0][1].keys()
    return {tool: Outcome(sum(r[tool].wall for _, r in complete),
                          sum(r[tool].cpu for _, r in complete),
                          max(r[tool].rss for _, r in complete))
            for tool in tools}


class ProjectResult:
    """`rows`: the evenly spread units; `heavy_rows`: the heaviest ones
    (--heaviest), each (unit, host CUDA calls, results)."""

    def __init__(self, database, analyzed_files, rows, scaling, first_runs, heavy_rows):
        self.database, self.analyzed_files, self.rows = database, analyzed_files, rows
        self.scaling, self.first_runs, self.heavy_rows = scaling, first_runs, heavy_rows

    def complete_rows(self):
        return complete_rows(self.rows)

    def totals(self):
        return totals_of(self.rows)


def project_report(result, args, lines):
    database = result.database
    tools = [tool for tool in TOOLS if tool != "cudalint-warm" or args.preamble]
    lines += [f"### {database.project.name}", "",
              f"{database.project.url} at {commit_of(database.source)}; database "
              f"{database.path} ({database.census()}), made with "
              f"`{database.command}`.", ""]
    for note in database.notes:
        lines += [f"Note: {note}.", ""]
    files = len({entry.file for entry in database.entries})
    lines += [f"{len(result.rows)} units, spread evenly over the {result.analyzed_files} of "
              f"the database's {files} files that cudalint analyses in a whole-database run "
              f"(the CUDA units, and the C and C++ units that read a CUDA Toolkit header), "
              f"sorted by path.", ""]
    units_table([(unit.label(), results) for unit, results in result.rows], tools, lines)
    if result.heavy_rows:
        lines += [f"The {len(result.heavy_rows)} units whose host code makes the most calls of "
                  f"the CUDA API and launches (counted by one AST-only cudalint run over the "
                  f"whole database, key `hostCudaCalls`), heaviest first:", ""]
        units_table([(f"{unit.label()} ({calls} calls)", results)
                     for unit, calls, results in result.heavy_rows], tools, lines)
    first = sum(outcome.wall for outcome in result.first_runs if not outcome.failure)
    lines.append(f"The first cudalint run of each unit (all checks, before the others"
                 + (", filling the preamble directory" if args.preamble else "")
                 + f"; it reports the clang commands): {first:.2f} s in all.")
    lines.append("")
    scaling_report(result, args, lines)


def units_table(rows, tools, lines):
    """A table of (label, results) rows with their totals, the rows left out
    of the totals and why, and the CPU time."""
    shown_ratios = [r for r in RATIOS if r[1] in tools]
    lines.append("| unit | " + " | ".join(HEADINGS[tool] for tool in tools) + " | "
                 + " | ".join(name for name, *_ in shown_ratios) + " |")
    lines.append("| --- |" + " ---: |" * (len(tools) + len(shown_ratios)))

    def row(label, results, bold=""):
        ratios = dict(zip((r[0] for r in RATIOS), ratio_cells(results, bold)))
        return (f"| {label} | " + " | ".join(cell(results.get(tool)) for tool in tools)
                + " | " + " | ".join(ratios[name] for name, *_ in shown_ratios) + " |")
    for label, results in rows:
        lines.append(row(markdown_cell(label), results))
    totals = totals_of(rows)
    complete = complete_rows(rows)
    if totals:
        lines.append(row(f"**total of {len(complete)} unit{'s' * (len(complete) != 1)}** "
                         f"(time: sum; memory: "
                         f"largest peak)", totals, bold="**"))
    lines.append("")
    left_out = [(label, results) for label, results in rows
                if any(outcome.failure for outcome in results.values())]
    if left_out:
        lines.append(f"Left out of the totals and ratios ({len(left_out)} of "
                     f"{len(rows)} units), because a tool failed on them:")
        lines.append("")
        for label, results in left_out:
            by_message = collections.defaultdict(list)
            for tool, outcome in results.items():
                if outcome.failure:
                    by_message[outcome.failure].append(HEADINGS[tool])
            failures = "; ".join(f"{', '.join(tools)}: {message}"
                                 for message, tools in by_message.items())
            lines.append(f"- {label}: {markdown_cell(failures)}")
        lines.append("")
    if totals:
        lines.append("CPU time (user + system), total: " + ", ".join(
            f"{HEADINGS[tool]} {totals[tool].cpu:.2f} s" for tool in tools) + ".")
        lines.append("")


def scaling_report(result, args, lines):
    if not result.scaling:
        return
    scope = ("every unit cudalint takes from the database" if args.whole_database
             else "the units above")
    lines += [f"One cudalint run, every check, over {scope}:", "",
              "| -j | units analysed | not analysed | findings | wall | CPU | peak RSS "
              "(largest process) | speed-up over -j1 |",
              "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    base = result.scaling[0].outcome
    for run in result.scaling:
        outcome = run.outcome
        if outcome.failure:
            lines.append(f"| {run.jobs} | failed: {markdown_cell(outcome.failure)} | | | | | | |")
            continue
        speedup = ("1.00" if run is result.scaling[0] or base.failure
                   else unit_bench.ratio(base.wall, outcome.wall))
        lines.append(f"| {run.jobs} | {run.units} | {run.problems} | {run.findings} | "
                     f"{outcome.wall:.2f} s | {outcome.cpu:.2f} s | "
                     f"{unit_bench.mib(outcome.rss):.0f} MiB | {speedup} |")
    lines.append("")


def summary_report(results, args, lines):
    """Every project's totals in one table, and all projects together."""
    tools = [tool for tool in TOOLS if tool != "cudalint-warm" or args.preamble]
    shown_ratios = [r for r in RATIOS if r[1] in tools]
    lines += ["### All projects", "",
              "| project | units in totals | " + " | ".join(HEADINGS[t] for t in tools) + " | "
              + " | ".join(name for name, *_ in shown_ratios) + " | -j2 speed-up |",
              "| --- | ---: |" + " ---: |" * (len(tools) + len(shown_ratios) + 1)]
    grand = {}
    counted = 0
    for result in results:
        totals = result.totals()
        if not totals:
            continue
        counted += len(result.complete_rows())
        for tool, outcome in totals.items():
            grand[tool] = grand.get(tool, Outcome()).plus(outcome)
        ratios = dict(zip((r[0] for r in RATIOS), ratio_cells(totals)))
        runs = [run.outcome for run in result.scaling]
        speedup = (unit_bench.ratio(runs[0].wall, runs[1].wall)
                   if len(runs) == 2 and not any(r.failure for r in runs) else "n/a")
        lines.append(f"| {result.database.project.name} | {len(result.complete_rows())} | "
                     + " | ".join(cell(totals.get(t)) for t in tools) + " | "
                     + " | ".join(ratios[name] for name, *_ in shown_ratios)
                     + f" | {speedup} |")
    if grand:
        ratios = dict(zip((r[0] for r in RATIOS), ratio_cells(grand, "**")))
        lines.append(f"| **all** | {counted} | " + " | ".join(cell(grand.get(t)) for t in tools)
                     + " | " + " | ".join(ratios[name] for name, *_ in shown_ratios) + " | |")
    lines.append("")


def nvcc_release(nvcc):
    try:
        output = subprocess.run([nvcc, "--version"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True).stdout
    except OSError:
        return f"no nvcc at {nvcc}"
    release = next((line.strip() for line in output.splitlines() if "release" in line), "?")
    return f"nvcc {release}"


def header(args, lines):
    lines += [f"Machine: {unit_bench.cpu_model()}, {os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f} at the end; best of {args.repeat} run(s) per tool "
              f"and unit.",
              f"Tools: {unit_bench.tool_version([args.cudalint, '--version'])}; "
              f"{unit_bench.tool_version([args.clang, '--version'])}; "
              f"{unit_bench.tool_version([args.clang_tidy, '--version'])}; "
              f"{nvcc_release(args.nvcc)} (for the databases).", ""]
    if not args.preamble:
        lines += ["This cudalint has no `--preamble-dir`: no warm-preamble column.", ""]


# --- The command line ------------------------------------------------------

def given_databases(values):
    """--database NAME=SOURCE:DATABASE: a project configured by hand (GPUMD,
    faiss, GROMACS...), measured like the others."""
    databases = []
    for value in values:
        name, separator, paths = value.partition("=")
        source, colon, path = paths.partition(":")
        if not separator or not colon:
            sys.exit(f"real_projects.py: --database takes NAME=SOURCE:DATABASE; got '{value}'")
        path = Path(path).expanduser().resolve()
        if not path.is_file() or path.name != "compile_commands.json":
            sys.exit(f"real_projects.py: --database {name}: {path} is not a "
                     f"compile_commands.json")
        project = Project(name, "a checkout configured by hand", None)
        databases.append(Database(project, Path(source).expanduser().resolve(), path.parent,
                                  f"its own build, configured by hand ({path})", []))
    return databases


def parse_sources(values):
    sources = {}
    for value in values:
        name, separator, directory = value.partition("=")
        if not separator or name not in PROJECTS:
            sys.exit(f"real_projects.py: --source takes NAME=DIR with NAME one of "
                     f"{', '.join(PROJECTS)}; got '{value}'")
        sources[name] = Path(directory).expanduser().resolve()
    return sources


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--project", action="append", choices=list(PROJECTS),
                        help="a project to measure (repeatable; default: all three)")
    parser.add_argument("--source", action="append", default=[], metavar="NAME=DIR",
                        help="an existing checkout of project NAME (default: git clone "
                             "into --work)")
    parser.add_argument("--database", action="append", default=[],
                        metavar="NAME=SOURCE:DATABASE",
                        help="also measure a project configured by hand: its checkout and "
                             "its compile_commands.json (repeatable)")
    parser.add_argument("--work", type=Path,
                        default=Path(tempfile.gettempdir()) / "cudalint-real-projects",
                        help="where clones (src/NAME) and databases (db/NAME) go "
                             "(default: %(default)s)")
    parser.add_argument("--units", type=int, default=DEFAULT_UNITS,
                        help="units per project, spread evenly over those cudalint analyses; "
                             "0: all (default: %(default)s)")
    parser.add_argument("--heaviest", type=int, default=0, metavar="N",
                        help="also measure the N units with the most host CUDA calls, in a "
                             "table of their own (default: none)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per tool and unit, the best counts (default: %(default)s)")
    parser.add_argument("--whole-database", action="store_true",
                        help="the -j1/-j2 runs cover every unit cudalint takes from the "
                             "database, not only the chosen ones (half an hour per large "
                             "project on 2 cores)")
    parser.add_argument("--no-scaling", dest="scaling", action="store_false",
                        help="skip the -j1/-j2 runs")
    parser.add_argument("--configure-only", action="store_true",
                        help="write the compile databases, print their entry counts, stop")
    parser.add_argument("--cudalint", type=Path,
                        default=Path(os.environ.get("CUDALINT_BUILD_DIR", ROOT / "build"))
                        / "bin" / "cudalint")
    parser.add_argument("--clang", default=shutil.which("clang++-22") or "clang++-22",
                        help="clang's C++ driver, for cudalint's clang++ commands")
    parser.add_argument("--clang-c", dest="clang_c",
                        default=shutil.which("clang-22") or "clang-22",
                        help="clang's C driver, for cudalint's clang commands (C units)")
    parser.add_argument("--clang-tidy", dest="clang_tidy",
                        default=shutil.which("clang-tidy-22") or "clang-tidy-22")
    parser.add_argument("--nvcc", type=Path, default=Path("/usr/local/cuda/bin/nvcc"),
                        help="the nvcc the databases are configured with")
    parser.add_argument("--cuda-path", default=None,
                        help="a CUDA Toolkit for cudalint (default: the one it finds)")
    parser.add_argument("--markdown", type=Path, metavar="OUT",
                        help="also write the report to this file")
    args = parser.parse_args()
    args.sources = parse_sources(args.source)
    args.work = args.work.expanduser().resolve()
    args.repeat = max(args.repeat, 1)
    toolkit = Path(args.cuda_path or "/usr/local/cuda") / "include"
    args.toolkit_includes = sorted({str(toolkit), str(toolkit.resolve())})
    given = given_databases(args.database)
    projects = [PROJECTS[name] for name in
                dict.fromkeys(args.project or ([] if given else PROJECTS))]

    databases = []
    for project in projects:
        try:
            databases.append(configure(project, args))
        except (ConfigureError, OSError, ValueError) as error:
            print(f"real_projects.py: {project.name}: {error}; skipped", file=sys.stderr)
    databases += given
    if args.configure_only:
        for database in databases:
            print(f"{database.project.name}: {database.path}: {database.census()}")
            print(f"  {database.command}")
            for note in database.notes:
                print(f"  note: {note}")
        return
    if not args.cudalint.is_file():
        sys.exit(f"real_projects.py: no cudalint at {args.cudalint}; build it or pass "
                 f"--cudalint")
    args.cudalint = args.cudalint.resolve()
    args.help = cudalint_help(args.cudalint)
    args.preamble = "--preamble-dir" in args.help

    results = []
    with tempfile.TemporaryDirectory(prefix="cudalint-real-bench-") as scratch:
        scratch = Path(scratch)
        for database in databases:
            print(f"choosing {database.project.name}'s units", file=sys.stderr, flush=True)
            units, analyzed_files = choose_units(database, args.units, args)
            preamble_dir = None
            if args.preamble:
                preamble_dir = scratch / f"{database.project.name}-preambles"
                preamble_dir.mkdir()
            rows, first_runs = [], []
            for unit in units:
                print(f"measuring {database.project.name}: {unit.label()}", file=sys.stderr,
                      flush=True)
                measured, first = measure_unit(unit, args, scratch, preamble_dir)
                rows.append((unit, measured))
                first_runs.append(first)
            heavy_rows = []
            for unit, calls in (heaviest_units(database, args.heaviest, args, scratch)
                                if args.heaviest else []):
                print(f"measuring {database.project.name}: {unit.label()} ({calls} calls)",
                      file=sys.stderr, flush=True)
                heavy_rows.append((unit, calls,
                                   measure_unit(unit, args, scratch, preamble_dir)[0]))
            scaling = []
            if args.scaling:
                for jobs in (1, 2):
                    print(f"measuring {database.project.name}: one run at -j{jobs}",
                          file=sys.stderr, flush=True)
                    scaling.append(measure_scaling(database, units, jobs, args, scratch))
            results.append(ProjectResult(database, analyzed_files, rows, scaling,
                                         first_runs, heavy_rows))

    lines = ["## Real projects", ""]
    header(args, lines)
    for result in results:
        project_report(result, args, lines)
    if len(results) > 1:
        summary_report(results, args, lines)
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n")


if __name__ == "__main__":
    main()
