#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Torture runs: cudalint over every CUDA file of real projects, then over
broken variants of them, counting crashes and hangs. Not a test: it prints
counts, and exits 1 when cudalint itself crashed or hung.

The projects are configured as benchmarks/real_projects.py does (their own
CMake and nvcc, compile database only, never built). The files:

  real     every .cu and .cuh file (ggml: of its CUDA backend, src/ggml-cuda),
           and every .c/.cc/.cpp file that includes a CUDA Toolkit header; a
           file of the database keeps its command, any other one (a header)
           is parsed as CUDA with the include paths of its neighbours
  mutants  for --mutants of those files (a fixed random choice): the file
           truncated at a random point, with random bytes flipped, without its
           braces, with a 1 MB line, with 10,000 nested parentheses, with a NUL
           byte, with invalid UTF-8; plus a unit that is a directory and one
           that is a FIFO. Each mutant keeps its original's command, with the
           original's folder on the include path; a few real units run beside
           them, whose findings must come out as in the real run.

Each phase is one `cudalint -p <db> -j N --format=json` run. Counted:
cudalint's exit status (a signal, or 3 and above, is a crash of cudalint);
whether the whole run finished within --run-timeout (else a hang); units
whose worker crashed or passed --unit-timeout (reported as problems);
units not analysed, every one of which must be a problem naming its file.

  benchmarks/torture.py --source cuda-samples=/work/real/src/cuda-samples \\
      --source ggml=/work/real/src/ggml --work /work/real
"""

import argparse
import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import real_projects  # noqa: E402

CUDA_HEADER = re.compile(
    rb'^\s*#\s*include\s*[<"](cuda|cuda_runtime|cuda_runtime_api|cublas\w*|cufft\w*|curand\w*|'
    rb'cusparse\w*|cusolver\w*|cudnn\w*|nccl|nvrtc)\.h[>"]', re.M)
HOST_SUFFIXES = (".c", ".cc", ".cpp", ".cxx")
TORTURED = {"cuda-samples": "", "ggml": "src/ggml-cuda"}


def project_files(source, subdirectory):
    root = source / subdirectory if subdirectory else source
    files = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or ".git" in path.parts:
            continue
        if path.suffix in real_projects.CUDA_SUFFIXES:
            files.append(path)
        elif path.suffix in HOST_SUFFIXES and CUDA_HEADER.search(path.read_bytes()):
            files.append(path)
    return files


def entry_for(path, by_file, source):
    """The database's entry for `path`, else a CUDA parse beside it."""
    if str(path) in by_file:
        return dict(by_file[str(path)])
    includes = sorted({str(path.parent), str(source), str(source / "include"),
                       str(source / "src"), str(source / "Common")})
    return {"directory": str(path.parent), "file": str(path),
            "arguments": ["clang++", "-x", "cuda", "-std=c++17", "-c", str(path)]
            + [f"-I{include}" for include in includes]}


def raw_entries(database):
    entries = {}
    for raw in json.loads(database.path.read_text()):
        directory = Path(raw["directory"])
        file = os.path.normpath(directory / raw["file"])
        entries.setdefault(file, dict(raw, file=file))
    return entries


# --- Mutants ---------------------------------------------------------------

def mutants(text, rng):
    """(kind, bytes) for each way of breaking `text`."""
    cut = rng.randrange(len(text) + 1)
    yield "truncated", text[:cut]
    flipped = bytearray(text)
    for _ in range(min(16, len(flipped))):
        flipped[rng.randrange(len(flipped))] = rng.randrange(256)
    yield "flipped", bytes(flipped)
    yield "no-braces", text.replace(b"{", b"").replace(b"}", b"")
    # One line of a megabyte; a flat initializer, since a sum that long is a
    # different test (clang itself recurses once per term).
    yield "long-line", text + b"\nstatic int long_line[] = {" + b"1, " * 349525 + b"1};\n"
    yield "nested-parens", text + b"\nint nested = " + b"(" * 10000 + b"1" + b")" * 10000 + b";\n"
    middle = len(text) // 2
    yield "nul-byte", text[:middle] + b"\0" + text[middle:]
    yield "invalid-utf8", text[:middle] + b"\xff\xfe\xc3\x28 \xed\xa0\x80" + text[middle:]


def write_mutants(files, by_file, sources, count, work, rng):
    chosen = sorted(rng.sample(files, min(count, len(files))))
    work.mkdir(parents=True, exist_ok=True)
    entries, kinds = [], {}
    for index, (project, path) in enumerate(chosen):
        original = entry_for(path, by_file[project], sources[project])
        for kind, data in mutants(path.read_bytes(), rng):
            mutant = work / f"{index:03d}-{kind}-{path.name}"
            mutant.write_bytes(data)
            entry = dict(original)
            arguments = entry.pop("arguments", None) or shlex.split(entry.pop("command"))
            entry["arguments"] = [str(mutant) if a == str(path) or
                                  os.path.normpath(Path(original["directory"]) / a) == str(path)
                                  else a for a in arguments] + [f"-I{path.parent}"]
            entry["file"] = str(mutant)
            entries.append(entry)
            kinds[str(mutant)] = kind
    special = work / "special"
    special.mkdir(exist_ok=True)
    directory = special / "directory.cu"
    directory.mkdir(exist_ok=True)
    fifo = special / "fifo.cu"
    if not fifo.exists():
        os.mkfifo(fifo)
    for path, kind in ((directory, "directory"), (fifo, "fifo")):
        entries.append({"directory": str(special), "file": str(path),
                        "arguments": ["nvcc", "-c", str(path)]})
        kinds[str(path)] = kind
    return entries, kinds


# --- Runs ------------------------------------------------------------------

class Run:
    def __init__(self, name, entries, args, work, reuse=False):
        self.name = name
        self.database = work / f"{name}-db" / "compile_commands.json"
        self.report = work / f"{name}-report.json"
        self.files = [entry["file"] for entry in entries]
        if reuse:
            # The report of an earlier run of the same units: its exit status
            # and time were not recorded here.
            self.status, self.hung, self.seconds = None, False, float("nan")
            self.result = json.loads(self.report.read_text())
            return
        self.database.parent.mkdir(parents=True, exist_ok=True)
        self.database.write_text(json.dumps(entries, indent=1))
        command = [str(args.cudalint), "-p", str(self.database.parent), f"-j{args.jobs}",
                   "--format=json", f"--output={self.report}",
                   f"--unit-timeout={args.unit_timeout}", "--quiet"]
        print(f"{name}: {len(entries)} units: {shlex.join(command)}", file=sys.stderr, flush=True)
        started = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                   stderr=open(work / f"{name}-stderr.txt", "w"),
                                   start_new_session=True)
        try:
            self.status = process.wait(timeout=args.run_timeout)
            self.hung = False
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            self.status = process.wait()
            self.hung = True
        self.seconds = time.monotonic() - started
        self.result = None
        if self.report.is_file():
            try:
                self.result = json.loads(self.report.read_text())
            except ValueError:
                pass

    def crashed(self):
        return self.status is not None and (self.status < 0 or self.status > 2)

    def problems(self):
        return (self.result or {}).get("problems", [])

    def problem_files(self):
        return {problem.get("file") for problem in self.problems()}

    def findings_of(self, files):
        return sorted(json.dumps(finding, sort_keys=True)
                      for finding in (self.result or {}).get("findings", [])
                      if finding.get("file") in files)

    def summary(self, kinds=None):
        problems = self.problems()
        messages = [problem.get("message", "") for problem in problems]
        status = "not recorded (an earlier run's report)" if self.status is None else self.status
        lines = [f"{self.name}: {len(self.files)} units in {self.seconds:.0f} s, exit status "
                 f"{status}{' (cudalint crashed)' if self.crashed() else ''}"
                 f"{' (HUNG: killed after --run-timeout)' if self.hung else ''}",
                 f"  report written and readable: {'yes' if self.result is not None else 'NO'}",
                 f"  findings: {len((self.result or {}).get('findings', []))}",
                 f"  problems: {len(problems)}",
                 f"  units whose analysis crashed: {sum('crashed' in m for m in messages)}",
                 f"  units past --unit-timeout: {sum('--unit-timeout' in m for m in messages)}"]
        analyzed = set((self.result or {}).get("units", []))
        silent = [f for f in self.files if f not in analyzed and f not in self.problem_files()]
        lines.append(f"  units neither analysed nor reported as a problem: {len(silent)}")
        lines += [f"    {f}" for f in silent[:10]]
        if kinds:
            per_kind = {}
            for file, kind in kinds.items():
                counts = per_kind.setdefault(kind, [0, 0])
                counts[0 if file in analyzed and file not in self.problem_files() else 1] += 1
            lines.append("  mutants (analysed / reported as a problem): " + ", ".join(
                f"{kind} {a}/{p}" for kind, (a, p) in sorted(per_kind.items())))
        return lines, self.crashed() or self.hung or self.result is None or bool(silent)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--project", action="append", choices=list(TORTURED))
    parser.add_argument("--source", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--work", type=Path,
                        default=Path(tempfile.gettempdir()) / "cudalint-real-projects")
    parser.add_argument("--cudalint", type=Path,
                        default=Path(os.environ.get("CUDALINT_BUILD_DIR",
                                                    real_projects.ROOT / "build"))
                        / "bin" / "cudalint")
    parser.add_argument("--nvcc", type=Path, default=Path("/usr/local/cuda/bin/nvcc"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--mutants", type=int, default=30,
                        help="files to break in every way (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--unit-timeout", dest="unit_timeout", type=int, default=300)
    parser.add_argument("--run-timeout", dest="run_timeout", type=int, default=7200,
                        help="seconds after which a whole run counts as hung")
    parser.add_argument("--skip-real", action="store_true",
                        help="only the mutants (and the few real units beside them)")
    parser.add_argument("--reuse-real", action="store_true",
                        help="summarise the real run's report of an earlier torture run "
                             "instead of running it again")
    args = parser.parse_args()
    args.sources = real_projects.parse_sources(args.source)
    args.work = args.work.expanduser().resolve()
    rng = random.Random(args.seed)

    files, by_file, sources = [], {}, {}
    for name in args.project or list(TORTURED):
        database = real_projects.configure(real_projects.PROJECTS[name], args)
        sources[name] = database.source
        by_file[name] = raw_entries(database)
        found = project_files(database.source, TORTURED[name])
        print(f"{name}: {len(found)} files", file=sys.stderr)
        files += [(name, path) for path in found]
    work = args.work / "torture"
    work.mkdir(parents=True, exist_ok=True)

    report, failed = [], False
    real_entries = [entry_for(path, by_file[name], sources[name]) for name, path in files]
    real = None
    if not args.skip_real:
        real = Run("real", real_entries, args, work, reuse=args.reuse_real)
        lines, bad = real.summary()
        report += lines
        failed |= bad
    mutant_entries, kinds = write_mutants(files, by_file, sources, args.mutants,
                                          work / "mutants", rng)
    # Units of the databases themselves, whose commands do not depend on
    # this script's guesses for headers.
    in_databases = [entry for entry in real_entries
                    if any(entry["file"] in entries for entries in by_file.values())]
    witnesses = in_databases[:: max(1, len(in_databases) // 8)][:8]
    broken = Run("mutants", mutant_entries + witnesses, args, work)
    lines, bad = broken.summary(kinds)
    report += lines
    failed |= bad
    if real is not None:
        files_seen = {entry["file"] for entry in witnesses}
        intact = real.findings_of(files_seen) == broken.findings_of(files_seen)
        report.append(f"  the {len(witnesses)} real units beside the mutants: findings "
                      f"{'as in the real run' if intact else 'DIFFER from the real run'}")
        failed |= not intact
    print("\n".join(report))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
