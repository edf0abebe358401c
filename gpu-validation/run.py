#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""GPU validation of cudalint's checks: real CUDA programs, each a bug and its fix.

Three modes, one per machine that can run them:

  run.py gpu     on a machine with nvcc and an NVIDIA GPU: build every case
                 program for that GPU, run it plainly and under its
                 compute-sanitizer tool, write gpu-results.json.
  run.py static  anywhere cudalint runs: lint every case program and check that
                 each bad one is flagged on its `cudalint-expect` line and each
                 fixed twin is clean; build every program with nvcc (no run)
                 when nvcc is there; write cudalint-results.json.
  run.py report  merge the two result files into REPORT.md and report.json.

The cases and what each is expected to do live in cases/manifest.json; README.md
says how to add one. Standard library only: the GPU machine has python3 and
nothing else to install.
"""

import argparse
import concurrent.futures
import datetime
import functools
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
# The MPI declarations the annotated tests use: an MPI program is linted
# against them, so that no MPI installation is needed without a GPU.
TEST_MPI_INCLUDE = os.path.join(HERE, os.pardir, "testdata", "checks", "include")
MANIFEST = os.path.join(CASES_DIR, "manifest.json")
RESULTS_DIR = os.path.join(HERE, "results")
VERDICT_PREFIX = "GPU-VERDICT:"
EXPECT_MARK = re.compile(r"//\s*cudalint-expect:\s*([A-Za-z0-9_.,\s-]+?)\s*$")
VARIANTS = ("bad", "fixed")
# The verdicts a program prints, plus the runner's own for a death by signal.
VERDICTS = ("clean", "misbehaved", "failed", "crashed")
# A bad program shows its bug by finishing with wrong results (misbehaved), by a
# checked call failing (failed) or by dying (crashed).
SHOWS_BUG = ("misbehaved", "failed", "crashed")
# What a sanitizer run may be expected to show (manifest `sanitizer.expect`).
SANITIZER_EXPECTATIONS = ("errors", "no-errors", "crash", "crash-or-errors", "any")
LOG_LIMIT = 6000  # characters of each program's output kept in the results


# --------------------------------------------------------------------------
# The manifest


class ManifestError(Exception):
    pass


def program_id(case, variant):
    """How results name one program of a case: `check/name.bad`."""
    return "%s/%s.%s" % (case["check"], case["name"], variant)


def load_manifest(path=MANIFEST):
    """The manifest's programs, one dict per bad or fixed file, checked against the files."""
    with open(path) as f:
        manifest = json.load(f)
    programs = []
    listed = set()
    for case in manifest["cases"]:
        for key in ("check", "name", "bug", "api", "bad", "fixed"):
            if key not in case:
                raise ManifestError("case %r lacks %r" % (case.get("name"), key))
        # Units linked with both programs of the case (a wrapper library): no
        # bug of their own, so no `cudalint-expect` mark.
        other_units = case.get("other_units", [])
        if not isinstance(other_units, list) or not all(isinstance(u, str) for u in other_units):
            raise ManifestError("case %s: other_units must be a list of files" % case["name"])
        for unit in other_units:
            path = os.path.join(CASES_DIR, unit)
            if not os.path.isfile(path):
                raise ManifestError("%s: no such file" % unit)
            if read_expected_findings(path):
                raise ManifestError("%s: another unit of a case must expect no findings" % unit)
            listed.add(os.path.normpath(path))
        other_sources = [os.path.join(CASES_DIR, unit) for unit in other_units]
        for variant in VARIANTS:
            spec = case[variant]
            source = os.path.join(CASES_DIR, spec["file"])
            if not os.path.isfile(source):
                raise ManifestError("%s: no such file" % spec["file"])
            if not set(spec["run"]) <= set(VERDICTS):
                raise ManifestError("%s: run must list verdicts from %s" % (spec["file"], ", ".join(VERDICTS)))
            if spec["sanitizer"]["expect"] not in SANITIZER_EXPECTATIONS:
                raise ManifestError("%s: sanitizer.expect must be one of %s"
                                    % (spec["file"], ", ".join(SANITIZER_EXPECTATIONS)))
            expected_findings = read_expected_findings(source)
            if variant == "bad" and case["check"] not in {check for _, check in expected_findings}:
                raise ManifestError("%s: a bad program needs a `// cudalint-expect: %s` line"
                                    % (spec["file"], case["check"]))
            if variant == "fixed" and expected_findings:
                raise ManifestError("%s: a fixed twin must expect no findings" % spec["file"])
            timing = case.get("timing")
            if timing is not None and (not re.fullmatch(r"[a-z_]+", str(timing.get("metric", "")))
                                       or not isinstance(timing.get("min_ratio"), (int, float))):
                raise ManifestError("case %s: timing needs a metric name and a number min_ratio"
                                    % case["name"])
            listed.add(os.path.normpath(source))
            programs.append({
                "id": program_id(case, variant),
                "twin": program_id(case, "fixed" if variant == "bad" else "bad"),
                "case": case["name"],
                "check": case["check"],
                "variant": variant,
                "source": source,
                "file": spec["file"],
                # What the GPU run built: the program, and its other units.
                "sha256": sources_digest(source, other_sources),
                "other_units": other_sources,
                "other_unit_files": list(other_units),
                "libraries": case.get("libraries", []),
                "alone": bool(case.get("gpu_alone")),
                "expect_run": spec["run"],
                "reason_matches": spec.get("reason_matches"),
                "sanitizer": spec["sanitizer"],
                # The verdicts the program may give under its sanitizer: the
                # plain run's unless the tool closes the window a race needs.
                "expect_run_under_sanitizer": spec["sanitizer"].get("run", spec["run"]),
                "expected_findings": sorted(expected_findings),
                "known_miss": spec.get("cudalint_known_miss", ""),
                "explanation": spec.get("explanation", ""),
                "timing": case.get("timing"),
                # Architecture flags of its own (cuda-arch-coverage builds for
                # a GPU the machine lacks); otherwise -arch=<--arch>.
                "nvcc_flags": spec.get("nvcc_flags"),
                "cudalint_args": case.get("cudalint_args", []),
                # Run as this many MPI ranks on the one host (mpirun), built
                # with the MPI compiler wrapper's flags.
                "mpi_ranks": case.get("mpi_ranks"),
            })
    on_disk = {os.path.normpath(os.path.join(root, name))
               for root, _, names in os.walk(CASES_DIR) for name in names if name.endswith(".cu")}
    unlisted = sorted(on_disk - listed)
    if unlisted:
        raise ManifestError("not in the manifest: " + ", ".join(os.path.relpath(p, CASES_DIR)
                                                               for p in unlisted))
    return manifest, programs


def read_expected_findings(source):
    """(line, check) pairs from `// cudalint-expect: check[, check]` comments."""
    expected = set()
    with open(source) as f:
        for number, text in enumerate(f, start=1):
            match = EXPECT_MARK.search(text)
            if match:
                for check in match.group(1).split(","):
                    if check.strip():
                        expected.add((number, check.strip()))
    return expected


def file_digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def sources_digest(source, other_sources):
    """The program's sha256; with other units, one over the program's and each unit's."""
    if not other_sources:
        return file_digest(source)
    digests = [file_digest(path) for path in [source] + other_sources]
    return hashlib.sha256("\n".join(digests).encode()).hexdigest()


# --------------------------------------------------------------------------
# Tools


def find_tool(name, env_var=None):
    if env_var and os.environ.get(env_var):
        return os.environ[env_var]
    found = shutil.which(name)
    if found:
        return found
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda",
                 "/usr/local/nvidia"):
        if not root:
            continue
        for sub in ("bin", "compute-sanitizer"):
            candidate = os.path.join(root, sub, name)
            if os.access(candidate, os.X_OK):
                return candidate
    return None


def run_command(argv, timeout, cwd=None):
    """Run argv; returns (returncode, output, seconds). A timeout gives returncode None."""
    start = time.monotonic()
    try:
        done = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, errors="replace", text=True)
        return done.returncode, done.stdout, time.monotonic() - start
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout or ""
        if isinstance(output, bytes):
            output = output.decode(errors="replace")
        return None, output, time.monotonic() - start


def first_line(argv):
    code, output, _ = run_command(argv, timeout=60)
    lines = [line.strip() for line in (output or "").splitlines() if line.strip()]
    return lines[0] if code is not None and lines else ""


def nvcc_version(nvcc):
    _, output, _ = run_command([nvcc, "--version"], timeout=60)
    match = re.search(r"release ([\d.]+), (V[\d.]+)", output or "")
    return "%s (%s)" % match.groups() if match else tail(output or "", 200)


def tail(text, limit=LOG_LIMIT):
    return text if len(text) <= limit else "[...]\n" + text[-limit:]


def now_utc():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_json(path, data):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    temporary = path + ".tmp"
    with open(temporary, "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    os.replace(temporary, path)


# --------------------------------------------------------------------------
# Building


@functools.lru_cache(maxsize=None)
def mpi_flags():
    """nvcc flags that build and link an MPI program: what Open MPI's
    compiler wrapper gives (--showme:compile, --showme:link), host-compiler
    and linker options passed through. None without such a wrapper (MPICH's
    answers -show instead, and is not read). Asked once per run."""
    wrapper = shutil.which("mpicxx") or shutil.which("mpicc")
    if not wrapper:
        return None
    flags = []
    for query in ("--showme:compile", "--showme:link"):
        code, output, _ = run_command([wrapper, query], timeout=60)
        if code != 0:
            return None
        for word in output.split():
            if word.startswith(("-I", "-L", "-l", "-D")):
                flags.append(word)
            elif word.startswith("-Wl,"):
                flags.append("-Xlinker=" + word[len("-Wl,"):])
            else:
                flags.append("-Xcompiler=" + word)
    return flags


def build(program, nvcc, arch, build_dir):
    binary = os.path.join(build_dir, program["id"].replace("/", "__"))
    arch_flags = program["nvcc_flags"] or ["-arch=" + arch]
    argv = ([nvcc, "-std=c++17", "-lineinfo"] + arch_flags + ["-o", binary, program["source"]]
            + program["other_units"])
    argv += ["-l" + library for library in program["libraries"]]
    if program["mpi_ranks"]:
        flags = mpi_flags()
        if flags is None:
            return {"ok": False, "command": " ".join(argv),
                    "output": "no Open MPI compiler wrapper (mpicxx, mpicc answering --showme)",
                    "seconds": 0}, binary
        argv += flags
    code, output, seconds = run_command(argv, timeout=300)
    return {"ok": code == 0, "command": " ".join(argv), "output": tail(output, 3000),
            "seconds": round(seconds, 1)}, binary


def built_by_gpu_run(gpu_results, programs):
    """The programs whose sources (the file and its other units, by sha256)
    are those the recorded GPU run built with nvcc: building them again shows
    nothing new. Each maps to the GPU run's build record."""
    if not os.path.isfile(gpu_results):
        return {}
    with open(gpu_results) as f:
        recorded = json.load(f).get("programs", {})
    built = {}
    for program in programs:
        entry = recorded.get(program["id"], {})
        if entry.get("sha256") == program["sha256"] and entry.get("build", {}).get("ok"):
            built[program["id"]] = (dict(entry["build"], reused_from=os.path.basename(gpu_results)),
                                    None)
    return built


def build_all(programs, nvcc, arch, build_dir, jobs):
    os.makedirs(build_dir, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {program["id"]: pool.submit(build, program, nvcc, arch, build_dir)
                   for program in programs}
        return {key: future.result() for key, future in futures.items()}


# --------------------------------------------------------------------------
# Running on the GPU: observations


def parse_verdict(output):
    """The last `GPU-VERDICT: <verdict> <reason>` line, as (verdict, reason)."""
    verdict = None
    for line in output.splitlines():
        position = line.find(VERDICT_PREFIX)
        if position >= 0:
            words = line[position + len(VERDICT_PREFIX):].strip().split(None, 1)
            if words:
                verdict = (words[0], words[1] if len(words) > 1 else "")
    return verdict


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return "signal %d" % number


def launcher(program):
    """The command before the program: mpirun for an MPI case (as root, as
    the GPU machine runs it, more ranks than cores allowed)."""
    if not program["mpi_ranks"]:
        return []
    return [shutil.which("mpirun") or "mpirun", "--allow-run-as-root", "--oversubscribe",
            "-np", str(program["mpi_ranks"])]


def run_plain(binary, timeout, prefix=()):
    code, output, seconds = run_command(list(prefix) + [binary], timeout=timeout)
    result = {"exit_code": code, "seconds": round(seconds, 2), "output": tail(output)}
    if code is None:
        result.update(verdict="timeout", reason="no verdict after %d s" % timeout)
    elif code < 0:
        result.update(verdict="crashed", reason="killed by %s" % signal_name(-code))
    else:
        parsed = parse_verdict(output)
        if parsed:
            result.update(verdict=parsed[0], reason=parsed[1])
        else:
            result.update(verdict="no-verdict", reason="exit code %d and no verdict line" % code)
    return result


SUMMARY = re.compile(r"ERROR SUMMARY:\s*(\d+)\s+error")
API_CALL = re.compile(r"on CUDA API call to (\w+)")
LEAK = re.compile(r"Leaked ([\d,]+) bytes")
# The total, which stays when the output kept is cut or memcheck stopped
# printing errors (--print-limit) before the last leak.
LEAK_SUMMARY = re.compile(r"LEAK SUMMARY:\s*([\d,]+) bytes leaked")


def read_sanitizer_output(output, code):
    """What a compute-sanitizer run showed, from its output and exit code."""
    summary = SUMMARY.findall(output)
    errors = int(summary[-1]) if summary else None
    leak_summary = LEAK_SUMMARY.findall(output)
    parsed = parse_verdict(output)
    seen = {
        "errors": errors,
        "api_errors": sorted(set(API_CALL.findall(output))),
        "leaked_bytes": (int(leak_summary[-1].replace(",", "")) if leak_summary
                         else sum(int(n.replace(",", "")) for n in LEAK.findall(output))),
        "program_verdict": parsed[0] if parsed else None,
    }
    # A program that dies by a signal under the sanitizer prints no verdict, and
    # the sanitizer exits with the signal's number and reports 0 errors.
    if code is None:
        seen["outcome"] = "timeout"
    elif parsed is None and code != 0:
        seen["outcome"] = "crash"
    elif errors is None:
        seen["outcome"] = "no-summary"
    else:
        seen["outcome"] = "errors" if errors > 0 else "no-errors"
    return seen


def run_sanitizer(binary, sanitizer, tool_path, timeout, prefix=()):
    argv = list(prefix) + [tool_path, "--tool", sanitizer["tool"]] + sanitizer["flags"] + [binary]
    code, output, seconds = run_command(argv, timeout=timeout)
    result = {"command": " ".join(argv[:-1] + [os.path.basename(binary)]), "exit_code": code,
              "seconds": round(seconds, 2), "output": tail(output)}
    result.update(read_sanitizer_output(output, code))
    return result


# --------------------------------------------------------------------------
# Judging what was observed against the manifest


def judge_gpu(program, entry):
    """How the program behaved on the GPU and, if not as the manifest expects, why not."""
    if not entry.get("build", {}).get("ok"):
        return {"behaviour": "build-failed", "shows_bug": False, "as_expected": False,
                "problems": ["the nvcc build failed"]}
    plain = entry["run"]
    sanitized = entry.get("sanitizer") or {"outcome": "not run"}
    if "output" in sanitized:  # judge the sanitizer's words afresh, not a stored reading
        afresh = read_sanitizer_output(sanitized["output"], sanitized["exit_code"])
        # The stored output keeps only its tail: a long leak report pushes the
        # first API error out of it, and the reading made on the GPU machine,
        # from the whole output, still names that call.
        afresh["api_errors"] = sorted(set(afresh["api_errors"]) | set(sanitized.get("api_errors", ())))
        sanitized = dict(sanitized, **afresh)
    problems = []
    verdict = plain["verdict"]
    if verdict not in program["expect_run"]:
        problems.append("ran %s, expected %s" % (verdict, " or ".join(program["expect_run"])))
    elif (program["reason_matches"] and verdict != "crashed"
          and not re.search(program["reason_matches"], plain.get("reason", ""))):
        problems.append("its reason does not match /%s/" % program["reason_matches"])

    expect = program["sanitizer"]["expect"]
    outcome = sanitized["outcome"]
    allowed = {"errors": ("errors",), "no-errors": ("no-errors",), "crash": ("crash",),
               "crash-or-errors": ("crash", "errors"), "any": ("errors", "no-errors", "crash")}[expect]
    if outcome not in allowed:
        problems.append("sanitizer run gave %s, expected %s" % (outcome, expect))
    else:
        names = program["sanitizer"].get("api_matches")
        if names and outcome == "errors" and not any(re.fullmatch(names, call)
                                                     for call in sanitized["api_errors"]):
            problems.append("sanitizer named %s, expected a call matching /%s/"
                            % (", ".join(sanitized["api_errors"]) or "no API call", names))
        if program["sanitizer"].get("expect_leak") and not sanitized.get("leaked_bytes"):
            problems.append("sanitizer reported no leak")
        under_sanitizer = sanitized.get("program_verdict") or ("crashed" if outcome == "crash" else None)
        # Under the sanitizer every call is slower: a timing says nothing there.
        if program["timing"] and under_sanitizer in ("clean", "misbehaved"):
            pass
        elif under_sanitizer not in program["expect_run_under_sanitizer"]:
            problems.append("under the sanitizer the program gave %s" % under_sanitizer)
    return {"behaviour": verdict, "shows_bug": verdict in SHOWS_BUG, "as_expected": not problems,
            "problems": problems, "sanitizer": sanitized}


def environment_on_gpu_machine(nvcc, sanitizer):
    smi = find_tool("nvidia-smi")
    environment = {"date": now_utc(), "kernel": os.uname().release}
    if smi:
        code, output, _ = run_command([smi, "--query-gpu=name,driver_version,memory.total,compute_cap",
                                       "--format=csv,noheader"], timeout=60)
        fields = [field.strip() for field in output.splitlines()[0].split(",")] if code == 0 else []
        if len(fields) >= 4:
            environment.update(gpu=fields[0], driver=fields[1], gpu_memory=fields[2],
                               compute_capability=fields[3])
        code, output, _ = run_command([smi], timeout=60)
        match = re.search(r"CUDA Version:\s*([\d.]+)", output or "")
        if match:
            environment["driver_cuda_version"] = match.group(1)
    if nvcc:
        environment["nvcc"] = nvcc_version(nvcc)
    if sanitizer:
        _, output, _ = run_command([sanitizer, "--version"], timeout=60)
        match = re.search(r"Version ([\w.]+)", output or "")
        environment["compute_sanitizer"] = match.group(1) if match else tail(output or "", 200)
    return environment


def mode_gpu(args):
    _, every_program = load_manifest()
    programs = every_program
    nvcc = find_tool("nvcc", "NVCC")
    sanitizer = find_tool("compute-sanitizer", "COMPUTE_SANITIZER")
    if not nvcc:
        sys.exit("run.py gpu: nvcc not found (set NVCC or put it on PATH)")
    os.makedirs(args.out, exist_ok=True)
    results_path = os.path.join(args.out, "gpu-results.json")
    environment = environment_on_gpu_machine(nvcc, sanitizer)
    results = {"mode": "gpu", "environment": environment, "arch": args.arch, "programs": {}}
    print("environment:", json.dumps(environment), flush=True)
    if args.only:
        # Some cases again (a new pair, when GPU time is short): the other
        # programs keep what the recorded run saw, and the ones run now carry
        # their own environment.
        unknown = set(args.only) - {p["check"] + "/" + p["case"] for p in programs}
        if unknown:
            sys.exit("run.py gpu: no such case: " + ", ".join(sorted(unknown)))
        programs = [p for p in programs if p["check"] + "/" + p["case"] in args.only]
        if args.update:
            with open(args.update) as f:
                results = json.load(f)

    builds = build_all(programs, nvcc, args.arch, args.build_dir, args.jobs)
    for program in programs:
        built, _ = builds[program["id"]]
        print("build %-60s %s (%.1f s)" % (program["id"], "ok" if built["ok"] else "FAILED",
                                            built["seconds"]), flush=True)

    def exercise(program):
        built, binary = builds[program["id"]]
        entry = {"check": program["check"], "case": program["case"], "variant": program["variant"],
                 "file": program["file"], "sha256": program["sha256"], "build": built}
        if program["other_unit_files"]:
            entry["other_units"] = program["other_unit_files"]
        if built["ok"]:
            entry["run"] = run_plain(binary, args.timeout, launcher(program))
            entry["sanitizer"] = (run_sanitizer(binary, program["sanitizer"], sanitizer,
                                                args.sanitizer_timeout, launcher(program))
                                  if sanitizer else {"outcome": "unavailable"})
        judged = judge_gpu(program, entry)
        entry["gpu"] = {key: judged[key] for key in ("behaviour", "shows_bug", "as_expected", "problems")}
        if args.only and args.update:
            entry["environment"] = environment
        return entry

    def record(program, entry):
        results["programs"][program["id"]] = entry
        write_json(results_path, results)  # partial results survive a time-out
        sanitized = entry.get("sanitizer", {})
        print("%-60s run=%s sanitizer=%s(%s) %s" % (
            program["id"], entry.get("run", {}).get("verdict"), sanitized.get("outcome"),
            sanitized.get("errors"),
            "as expected" if entry["gpu"]["as_expected"] else "UNEXPECTED: " + "; ".join(
                entry["gpu"]["problems"])), flush=True)

    # Programs that read device-wide figures (cudaMemGetInfo) run after the
    # others, one at a time, so that no other program's memory moves them.
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.run_jobs) as pool:
        futures = {pool.submit(exercise, program): program for program in programs if not program["alone"]}
        for future in concurrent.futures.as_completed(futures):
            record(futures[future], future.result())
    for program in programs:
        if program["alone"]:
            record(program, exercise(program))
    results["programs"] = {p["id"]: results["programs"][p["id"]] for p in every_program
                           if p["id"] in results["programs"]}
    results["finished"] = now_utc()
    write_json(results_path, results)
    unexpected = [key for key, entry in results["programs"].items() if not entry["gpu"]["as_expected"]]
    print("%d programs, %d not as expected%s" % (len(programs), len(unexpected),
                                                  (": " + ", ".join(unexpected)) if unexpected else ""))
    return 0


# --------------------------------------------------------------------------
# cudalint, no GPU


def lint(program, cudalint, extra_args):
    argv = [cudalint, "--format=json", "--quiet"] + extra_args + program["cudalint_args"]
    if program["mpi_ranks"]:
        argv.append("--extra-arg=-I" + os.path.realpath(TEST_MPI_INCLUDE))
    database = None
    if program["nvcc_flags"] or program["other_units"]:
        # The program's own nvcc command, through a compile database, as a
        # CMake build would give it: one entry per unit. With other units the
        # run names them too: a run of one named unit has no other unit to
        # summarise (--cross-unit-summaries needs two), and a finding in them
        # counts as one in another file.
        database = tempfile.mkdtemp(prefix="cudalint-gpu-validation-db-")
        units = [program["source"]] + program["other_units"]
        with open(os.path.join(database, "compile_commands.json"), "w") as f:
            json.dump([{"directory": os.path.dirname(unit), "file": unit,
                        "arguments": ["nvcc", "-std=c++17"] + (program["nvcc_flags"] or [])
                                     + ["-c", unit]} for unit in units], f, indent=2)
        argv += ["-p", database] + units
    else:
        argv += [program["source"], "--", "-std=c++17"]
    try:
        code, output, seconds = run_command(argv, timeout=300)
    finally:
        if database:
            shutil.rmtree(database, ignore_errors=True)
    entry = {"command": " ".join(argv), "exit_code": code, "seconds": round(seconds, 1)}
    try:
        report = json.JSONDecoder().raw_decode(output[output.index("{"):])[0]
    except ValueError:
        entry.update(verdict="error", findings=[], missed=[], unexpected=[], as_expected=False,
                     output=tail(output, 3000))
        return entry
    source = os.path.realpath(program["source"])
    in_source = [f for f in report.get("findings", []) if os.path.realpath(f.get("file", "")) == source]
    elsewhere = [f for f in report.get("findings", []) if os.path.realpath(f.get("file", "")) != source]
    findings = [{"check": f["check"], "line": f["line"], "column": f.get("column"),
                 "message": f.get("message", "")} for f in in_source]
    found = {(f["line"], f["check"]) for f in findings}
    expected = set(program["expected_findings"])
    entry.update(
        verdict="error" if code not in (0, 1) else "flagged" if findings else "clean",
        findings=findings,
        findings_elsewhere=elsewhere,
        expected=[{"line": line, "check": check} for line, check in sorted(expected)],
        missed=[{"line": line, "check": check} for line, check in sorted(expected - found)],
        unexpected=[{"line": line, "check": check} for line, check in sorted(found - expected)],
    )
    if code not in (0, 1):
        entry["output"] = tail(output, 3000)
    exact = entry["verdict"] != "error" and not elsewhere and not entry["unexpected"]
    if program["known_miss"]:
        # A gap in cudalint kept on record: passes while cudalint misses every
        # marked line, fails once it catches up, so that the mark is removed.
        entry["known_miss"] = program["known_miss"]
        entry["as_expected"] = exact and len(entry["missed"]) == len(expected)
    else:
        entry["as_expected"] = exact and not entry["missed"]
    return entry


def lint_problems(entry):
    problems = []
    if entry.get("known_miss"):
        problems.append("known miss, as the manifest records" if entry["as_expected"] else
                        "cudalint now flags this known miss: drop cudalint_known_miss from the manifest")
    elif entry["missed"]:
        problems.append("missed " + ", ".join("%(check)s@%(line)d" % m for m in entry["missed"]))
    if entry["unexpected"]:
        problems.append("unexpected " + ", ".join("%(check)s@%(line)d" % m for m in entry["unexpected"]))
    if entry.get("findings_elsewhere"):
        problems.append("findings in other files")
    if entry["verdict"] == "error":
        problems.append("cudalint error (exit %s)" % entry["exit_code"])
    return problems


def mode_static(args):
    _, programs = load_manifest()
    cudalint = args.cudalint or os.environ.get("CUDALINT") or os.path.join(
        os.path.dirname(HERE), "build", "bin", "cudalint")
    if not os.access(cudalint, os.X_OK):
        sys.exit("run.py static: no cudalint at %s (pass --cudalint)" % cudalint)
    os.makedirs(args.out, exist_ok=True)
    results = {"mode": "static", "date": now_utc(), "cudalint": cudalint,
               "cudalint_version": first_line([cudalint, "--version"]),
               "cudalint_args": args.cudalint_arg, "programs": {}}

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        linted = {p["id"]: pool.submit(lint, p, cudalint, args.cudalint_arg) for p in programs}
        linted = {key: future.result() for key, future in linted.items()}
    nvcc = None if args.no_nvcc else find_tool("nvcc", "NVCC")
    built_on_gpu = {} if args.rebuild_all else built_by_gpu_run(args.gpu_results, programs)
    to_build = [p for p in programs if p["id"] not in built_on_gpu]
    # An MPI program builds only where MPI is installed, as a CUDA program
    # only where nvcc is: elsewhere its build is skipped, and said so.
    without_mpi = ([p["id"] for p in to_build if p["mpi_ranks"]]
                   if nvcc and mpi_flags() is None else [])
    to_build = [p for p in to_build if p["id"] not in without_mpi]
    builds = build_all(to_build, nvcc, args.arch, args.build_dir, args.jobs) if nvcc else {}
    if nvcc:
        builds.update(built_on_gpu)
    results["nvcc"] = {"path": nvcc, "arch": args.arch, "version": nvcc_version(nvcc)} if nvcc else None

    failures = 0
    for program in programs:
        entry = {"check": program["check"], "case": program["case"], "variant": program["variant"],
                 "file": program["file"], "sha256": program["sha256"], "cudalint": linted[program["id"]]}
        if program["other_unit_files"]:
            entry["other_units"] = program["other_unit_files"]
        problems = lint_problems(entry["cudalint"])
        if nvcc and program["id"] in builds:
            entry["build"] = builds[program["id"]][0]
            if not entry["build"]["ok"]:
                problems.append("nvcc build failed:\n" + entry["build"]["output"])
        ok = entry["cudalint"]["as_expected"] and entry.get("build", {"ok": True})["ok"]
        failures += not ok
        results["programs"][program["id"]] = entry
        print("%-4s %-60s cudalint=%-7s %s%s" % (
            "ok" if ok else "FAIL", program["id"], entry["cudalint"]["verdict"],
            ", ".join("%s@%d" % (f["check"], f["line"]) for f in entry["cudalint"]["findings"]) or "-",
            ("  <- " + "; ".join(problems)) if problems else ""))
    results["failures"] = failures
    write_json(os.path.join(args.out, "cudalint-results.json"), results)
    print("%d programs, %d failures; nvcc builds %s" % (
        len(programs), failures,
        ("for %s: %d built here, %d unchanged since the GPU run built them%s"
         % (args.arch, len(to_build), len(built_on_gpu),
            ", %d skipped (MPI programs, no Open MPI compiler wrapper)" % len(without_mpi)
            if without_mpi else "")) if nvcc else "skipped (no nvcc)"))
    return 1 if failures else 0


# --------------------------------------------------------------------------
# The report


def describe_lint(entry):
    if entry is None:
        return "not run"
    if entry["verdict"] == "error":
        return "error (exit %s)" % entry["exit_code"]
    parts = []
    if entry["findings"]:
        parts.append("flagged " + ", ".join("line %(line)d" % f for f in entry["findings"]))
    if entry["missed"]:
        parts.append("MISSED " + ", ".join("line %(line)d" % m for m in entry["missed"])
                     + (" (known gap)" if entry.get("known_miss") else ""))
    if entry["unexpected"]:
        parts.append("UNEXPECTED " + ", ".join("%(check)s line %(line)d" % m for m in entry["unexpected"]))
    return "; ".join(parts) or "clean"


def describe_sanitizer(seen):
    outcome = seen.get("outcome")
    if outcome == "crash":
        return "crash (exit %s, %s errors)" % (seen.get("exit_code"), seen.get("errors"))
    if outcome in ("errors", "no-errors"):
        parts = ["%d errors" % seen["errors"]]
        if seen.get("api_errors"):
            parts.append("API: " + ", ".join(seen["api_errors"]))
        if seen.get("leaked_bytes"):
            parts.append("leaked %d B" % seen["leaked_bytes"])
        return "; ".join(parts)
    return outcome or "not run"


def timed(reason, metric):
    """The value a performance program reports as `metric=<number>` in its verdict reason."""
    found = re.search(r"\b%s=([0-9]+(?:\.[0-9]+)?)" % re.escape(metric), reason or "")
    return float(found.group(1)) if found else None


def judge_timing(program, gpu):
    """For a performance case's bad program: how much slower it was than its fixed twin."""
    timing = program["timing"]
    bad = timed(gpu["programs"].get(program["id"], {}).get("run", {}).get("reason"), timing["metric"])
    fixed = timed(gpu["programs"].get(program["twin"], {}).get("run", {}).get("reason"), timing["metric"])
    result = {"metric": timing["metric"], "bad": bad, "fixed": fixed, "min_ratio": timing["min_ratio"],
              "ratio": None, "problems": []}
    if bad is None or fixed is None:
        result["problems"].append("no %s in the bad program's or its twin's verdict" % timing["metric"])
    else:
        result["ratio"] = round(bad / fixed, 1) if fixed > 0 else float("inf")
        if result["ratio"] < timing["min_ratio"]:
            result["problems"].append("the fixed twin is only %sx better in %s, expected %sx"
                                      % (result["ratio"], timing["metric"], timing["min_ratio"]))
    return result


def mode_report(args):
    _, programs = load_manifest()
    with open(args.gpu_results) as f:
        gpu = json.load(f)
    with open(args.static_results) as f:
        static = json.load(f)
    notes_path = os.path.join(RESULTS_DIR, "NOTES.md")
    notes = open(notes_path).read().strip() if os.path.isfile(notes_path) else ""
    doctor = read_doctor_runs(os.path.join(RESULTS_DIR, "doctor"))

    # Judge the stored observations afresh against today's manifest.
    judged = {p["id"]: judge_gpu(p, gpu["programs"][p["id"]]) for p in programs if p["id"] in gpu["programs"]}
    rows = []
    for program in programs:
        gpu_entry = gpu["programs"].get(program["id"])
        lint_entry = static["programs"].get(program["id"], {}).get("cudalint")
        verdict = judged.get(program["id"])
        # A program not yet run on a GPU disagrees for that reason alone: what
        # the GPU would show is not known, so it is not compared.
        problems = list(verdict["problems"]) if verdict else ["not yet run on a GPU"]
        if gpu_entry and gpu_entry.get("sha256") not in (None, program["sha256"]):
            problems.append("the source changed after the GPU run")
        twin = judged.get(program["twin"])
        if verdict and program["variant"] == "bad" and not (
                twin and twin["behaviour"] == "clean" and twin["as_expected"]):
            # A failure counts only where the fixed twin shows the machine runs the program.
            problems.append("its fixed twin did not run clean")
        if lint_entry is None:
            problems.append("no cudalint result")
        elif not lint_entry["as_expected"] or lint_entry.get("known_miss"):
            problems.extend(lint_problems(lint_entry))
        flagged = bool(lint_entry and lint_entry["verdict"] == "flagged")
        shows_bug = bool(verdict and verdict["shows_bug"])
        if verdict and flagged != shows_bug:
            problems.append("cudalint %s it but on the GPU it %s" % (
                "flags" if flagged else "does not flag", "shows the bug" if shows_bug else "runs clean"))
        timing = None
        if program["timing"] and program["variant"] == "bad":
            timing = judge_timing(program, gpu)
            problems.extend(timing["problems"])
        run = (gpu_entry or {}).get("run", {})
        rows.append({
            "program": program["id"],
            "file": "cases/" + program["file"],
            "other_units": ["cases/" + unit for unit in program["other_unit_files"]],
            "check": program["check"],
            "variant": program["variant"],
            "expected_check": program["check"] if program["variant"] == "bad" else None,
            "expected_lines": [line for line, _ in program["expected_findings"]],
            "cudalint": {"verdict": lint_entry["verdict"] if lint_entry else "not run",
                         "findings": lint_entry["findings"] if lint_entry else [],
                         "exact": bool(lint_entry and lint_entry["as_expected"]
                                       and not lint_entry.get("known_miss")),
                         "summary": describe_lint(lint_entry)},
            "gpu": {"verdict": verdict["behaviour"] if verdict else "not run",
                    "reason": run.get("reason", ""),
                    "expected": program["expect_run"],
                    "sanitizer": describe_sanitizer(verdict["sanitizer"]) if verdict and "sanitizer" in verdict
                    else "not run",
                    "sanitizer_command": (gpu_entry or {}).get("sanitizer", {}).get("command"),
                    "sanitizer_expected": program["sanitizer"]["expect"]},
            "timing": timing,
            "agreement": not problems,
            "problems": problems,
            "explanation": program["explanation"] or program["known_miss"],
        })

    summaries = []
    for check in sorted({p["check"] for p in programs}):
        mine = [r for r in rows if r["check"] == check]
        bad = [r for r in mine if r["variant"] == "bad"]
        fixed = [r for r in mine if r["variant"] == "fixed"]
        summaries.append({
            "check": check,
            "bad_programs": len(bad),
            "bad_flagged_on_marked_line": sum(r["cudalint"]["exact"] for r in bad),
            "bad_showed_bug_on_gpu": sum(r["gpu"]["verdict"] in SHOWS_BUG for r in bad),
            "fixed_programs": len(fixed),
            "fixed_clean_in_cudalint": sum(r["cudalint"]["exact"] for r in fixed),
            "fixed_clean_on_gpu": sum(r["gpu"]["verdict"] == "clean" for r in fixed),
            "agreements": sum(r["agreement"] for r in mine),
            "programs": len(mine),
        })

    environment = gpu.get("environment", {})
    report = {
        "generated": now_utc(),
        "gpu_run": {"date": environment.get("date"), "gpu": environment.get("gpu"),
                    "driver": environment.get("driver"),
                    "driver_cuda_version": environment.get("driver_cuda_version"),
                    "nvcc": environment.get("nvcc"),
                    "compute_sanitizer": environment.get("compute_sanitizer"),
                    "compute_capability": environment.get("compute_capability"),
                    "gpu_memory": environment.get("gpu_memory"),
                    "kernel": environment.get("kernel"), "arch": gpu.get("arch")},
        "cudalint_run": {"date": static.get("date"), "version": static.get("cudalint_version"),
                         "args": static.get("cudalint_args"), "nvcc": static.get("nvcc")},
        "summary": summaries,
        "programs": rows,
        "disagreements": [r["program"] for r in rows if not r["agreement"]],
    }
    write_json(os.path.join(args.out_dir, "report.json"), report)
    with open(os.path.join(args.out_dir, "REPORT.md"), "w") as f:
        f.write(render_markdown(report, notes, doctor))
    print("wrote %s and %s: %d programs, %d disagreements" % (
        os.path.join(args.out_dir, "REPORT.md"), os.path.join(args.out_dir, "report.json"),
        len(rows), len(report["disagreements"])))
    return 0


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def previous_check(lines):
    """The check of the last per-check section heading written so far."""
    for line in reversed(lines):
        if line.startswith("### "):
            return line[4:]
    return None


# `cudalint doctor` as run on the GPU machine, one text file per run:
# results/doctor/<name>.txt (with <name>.json beside it for --format=json).
DOCTOR_RUNS = [
    ("doctor.txt", "`cudalint doctor`: the toolkit, clang, the driver and the GPU"),
    ("doctor-binaries.txt", "`cudalint doctor saxpy-sm80-only saxpy-sm80-ptx`: the two builds of "
     "`cuda-arch-coverage/saxpy-sm80-only`, machine code only and with PTX, read with cuobjdump"),
    ("doctor-database.txt", "`cudalint doctor -p .`: a compile database whose one unit is built with "
     "`-gencode arch=compute_80,code=sm_80`"),
]


def read_doctor_runs(directory):
    runs = []
    for name, title in DOCTOR_RUNS:
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            with open(path) as f:
                runs.append((title, f.read().rstrip()))
    return runs


def render_markdown(report, notes, doctor=()):
    run = report["gpu_run"]
    static_nvcc = report["cudalint_run"].get("nvcc") or {}
    lines = [
        "# GPU validation report",
        "",
        "Generated by `python3 gpu-validation/run.py report` from `results/gpu-results.json` (the "
        "GPU run) and `results/cudalint-results.json` (the cudalint run); the notes at the end come "
        "from `results/NOTES.md`. Regenerate rather than edit.",
        "",
        "## Where it ran",
        "",
        "| | |",
        "| --- | --- |",
        "| GPU | %s, compute capability %s, %s |" % (run.get("gpu"), run.get("compute_capability"),
                                                   run.get("gpu_memory")),
        "| driver | %s (CUDA %s) |" % (run.get("driver"), run.get("driver_cuda_version")),
        "| CUDA toolkit | nvcc %s, programs built with `-arch=%s` |" % (run.get("nvcc"), run.get("arch")),
        "| compute-sanitizer | %s |" % run.get("compute_sanitizer"),
        "| kernel | %s |" % run.get("kernel"),
        "| GPU run (UTC) | %s |" % run.get("date"),
        "| cudalint | %s, run %s%s |" % (
            report["cudalint_run"].get("version"), report["cudalint_run"].get("date"),
            (", nvcc %s build check for `%s`" % (static_nvcc.get("version"), static_nvcc.get("arch")))
            if static_nvcc else ""),
        "",
        "## Summary per check",
        "",
    ]
    for s in report["summary"]:
        lines.append(
            "- **%(check)s**: %(bad_flagged_on_marked_line)d/%(bad_programs)d bad programs flagged on "
            "the marked line, %(bad_showed_bug_on_gpu)d/%(bad_programs)d misbehaved, failed or crashed on "
            "the GPU; %(fixed_clean_in_cudalint)d/%(fixed_programs)d fixed twins clean in cudalint, "
            "%(fixed_clean_on_gpu)d/%(fixed_programs)d clean on the GPU; agreement "
            "%(agreements)d/%(programs)d." % s)
    lines += [
        "",
        "## Programs",
        "",
        "GPU verdicts: `clean` (right results, or a deliberate failure caught and handled), "
        "`misbehaved` (finished believing it succeeded, with wrong results or corrupted memory; for "
        "the performance checks, with right results but the time the bug costs, which its fixed twin "
        "must beat by the factor the manifest names), "
        "`failed` (a checked call failed and it stopped), `crashed` (killed by a signal). "
        "Agreement: cudalint flags the program, on its `cudalint-expect` line, exactly when it shows "
        "its bug on the GPU; the plain and the sanitizer run did what the manifest expects; and a bad "
        "program's fixed twin ran clean on the same machine. One section per check, so that "
        "each check's documentation can link to its own evidence.",
    ]
    by_check = {}
    for r in report["programs"]:
        by_check.setdefault(r["program"].split("/", 1)[0], []).append(r)
    for check, r in ((c, r) for c, rs in by_check.items() for r in rs):
        if check != previous_check(lines):
            lines += ["", "### %s" % check, "",
                      "| program | expected check | cudalint | GPU verdict | compute-sanitizer | agreement |",
                      "| --- | --- | --- | --- | --- | --- |"]
        verdict = r["gpu"]["verdict"]
        if r["gpu"]["reason"]:
            verdict += ": " + r["gpu"]["reason"]
        if r.get("timing") and r["timing"]["ratio"] is not None:
            verdict += " — %s %s against the fixed twin's %s: %sx (at least %sx expected)" % (
                r["timing"]["metric"], r["timing"]["bad"], r["timing"]["fixed"], r["timing"]["ratio"],
                r["timing"]["min_ratio"])
        lines.append("| `%s` | %s | %s | %s | %s | %s |" % (
            r["program"], r["expected_check"] or "none", cell(r["cudalint"]["summary"]),
            cell(verdict), cell(r["gpu"]["sanitizer"]), "yes" if r["agreement"] else "**NO**"))
    lines += ["", "## Disagreements", ""]
    if not report["disagreements"]:
        lines.append("None: every bad program showed its bug and was flagged on its marked line, and "
                     "every fixed twin ran clean and was not flagged.")
    for r in report["programs"]:
        if not r["agreement"]:
            lines.append("- `%s`: %s. %s" % (
                r["program"], "; ".join(r["problems"]),
                ("Explanation: " + r["explanation"]) if r["explanation"]
                else "Awaits its first GPU run." if r["gpu"]["verdict"] == "not run"
                else "**UNEXPLAINED.**"))
    if doctor:
        lines += ["", "## cudalint doctor on the GPU machine", "",
                  "Run on the same machine as the programs, with the outputs kept in "
                  "`results/doctor/` (the `.json` files are the same runs with `--format=json`)."]
        for title, text in doctor:
            lines += ["", title + ":", "", "```", text, "```"]
    if notes:
        lines += ["", "## Investigations and notes", "", notes]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Each check's documentation lists its GPU cases, between two markers, and
# links to its section of REPORT.md: written by `run.py docs`, verified by
# `run.py docs --check` in CTest so the pages and the cases cannot drift.

DOCS_DIR = os.path.join(os.path.dirname(HERE), "docs", "checks")
DOCS_BEGIN = "<!-- gpu-validation cases: written by gpu-validation/run.py docs -->"
DOCS_END = "<!-- end of gpu-validation cases -->"


def docs_section(check, cases, ran_on_gpu):
    """`ran_on_gpu`: the programs results/gpu-results.json holds. A case added
    since the last GPU run says so, rather than claim a run it has not had."""
    def ran(case):
        return all(program_id(case, variant) in ran_on_gpu for variant in ("bad", "fixed"))
    lead = ("Each bug class this check reports was run on a real GPU, as a bad program "
            "and its fixed twin" if all(ran(case) for case in cases) else
            "Each bug class this check reports is run on a real GPU, as a bad program and its "
            "fixed twin (the cases marked below not yet)")
    lines = [DOCS_BEGIN, "## Seen on a GPU", "",
             lead + "; the results, with the GPU, driver and date, are in "
             "[the GPU validation report](../../gpu-validation/REPORT.md#%s)." % check, ""]
    for case in cases:
        units = "".join(", with [`%s`](../../gpu-validation/cases/%s)" % (os.path.basename(unit), unit)
                        for unit in case.get("other_units", []))
        lines.append("- [`%s`](../../gpu-validation/cases/%s) ([fixed](../../gpu-validation/cases/%s)%s), "
                     "%s: %s.%s" % (case["name"], case["bad"]["file"], case["fixed"]["file"], units,
                                    case.get("api", "").rstrip("."), case.get("bug", "").rstrip("."),
                                    "" if ran(case) else " *Not yet run on a GPU.*"))
    lines.append(DOCS_END)
    return "\n".join(lines)


def mode_docs(args):
    with open(MANIFEST) as f:
        manifest = json.load(f)
    gpu_results = os.path.join(RESULTS_DIR, "gpu-results.json")
    ran_on_gpu = set()
    if os.path.isfile(gpu_results):
        with open(gpu_results) as f:
            ran_on_gpu = set(json.load(f).get("programs", {}))
    by_check = {}
    for case in manifest["cases"]:
        by_check.setdefault(case["check"], []).append(case)
    stale = []
    for check, cases in sorted(by_check.items()):
        path = os.path.join(DOCS_DIR, check + ".md")
        if not os.path.isfile(path):
            stale.append("%s: no such page for the cases of %s" % (path, check))
            continue
        with open(path) as f:
            text = f.read()
        section = docs_section(check, cases, ran_on_gpu)
        if DOCS_BEGIN in text and DOCS_END in text:
            begin = text.index(DOCS_BEGIN)
            end = text.index(DOCS_END) + len(DOCS_END)
            updated = text[:begin] + section + text[end:]
        else:
            # Before "## What it reports", after the page's account of the GPU behaviour.
            anchor = text.find("\n## What it reports")
            anchor = len(text) if anchor < 0 else anchor + 1
            updated = text[:anchor] + section + "\n\n" + text[anchor:]
        if updated == text:
            continue
        if args.check:
            stale.append("%s: its GPU cases section is not what the manifest says" % path)
        else:
            with open(path, "w") as f:
                f.write(updated)
            print("wrote %s" % path)
    for line in stale:
        print(line, file=sys.stderr)
    if stale:
        print("run `python3 gpu-validation/run.py docs` to rewrite the sections", file=sys.stderr)
    return 1 if stale else 0


# --------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    modes = parser.add_subparsers(dest="mode", required=True)

    gpu = modes.add_parser("gpu", help="build and run every case on this machine's GPU")
    gpu.add_argument("--out", default=RESULTS_DIR, help="where gpu-results.json goes")
    gpu.add_argument("--build-dir", default=os.path.join(tempfile.gettempdir(), "cudalint-gpu-validation"))
    gpu.add_argument("--arch", default="native", help="nvcc -arch (default: native)")
    gpu.add_argument("--jobs", type=int, default=os.cpu_count() or 4, help="parallel builds")
    gpu.add_argument("--run-jobs", type=int, default=4, help="programs run at once on the GPU")
    gpu.add_argument("--timeout", type=int, default=60, help="seconds for a plain run")
    gpu.add_argument("--sanitizer-timeout", type=int, default=180)
    gpu.add_argument("--only", action="append", default=[], metavar="CHECK/CASE",
                     help="run only this case (repeatable)")
    gpu.add_argument("--update", metavar="GPU_RESULTS",
                     help="with --only: the recorded results whose other programs are kept")

    static = modes.add_parser("static", help="cudalint over every case, and nvcc builds if nvcc is here")
    static.add_argument("--cudalint", help="cudalint binary (default: $CUDALINT or build/bin/cudalint)")
    static.add_argument("--cudalint-arg", action="append", default=[],
                        help="extra cudalint argument, e.g. --cudalint-arg=--cuda-path=none")
    static.add_argument("--out", default=RESULTS_DIR, help="where cudalint-results.json goes")
    static.add_argument("--build-dir",
                        default=os.path.join(tempfile.gettempdir(), "cudalint-gpu-validation-static"))
    static.add_argument("--arch", default="sm_90", help="nvcc -arch for the build-only check")
    static.add_argument("--no-nvcc", action="store_true", help="skip the nvcc builds")
    static.add_argument("--gpu-results", default=os.path.join(RESULTS_DIR, "gpu-results.json"),
                        help="the recorded GPU run: a program it built, unchanged since, "
                             "is not built again")
    static.add_argument("--rebuild-all", action="store_true",
                        help="build every program, the ones the GPU run built too")
    static.add_argument("--jobs", type=int, default=os.cpu_count() or 2)

    report = modes.add_parser("report", help="merge the results into REPORT.md and report.json")
    report.add_argument("--gpu-results", default=os.path.join(RESULTS_DIR, "gpu-results.json"))
    report.add_argument("--static-results", default=os.path.join(RESULTS_DIR, "cudalint-results.json"))
    report.add_argument("--out-dir", default=HERE)

    docs = modes.add_parser("docs", help="list each check's GPU cases on its documentation page")
    docs.add_argument("--check", action="store_true",
                      help="only verify that the pages are up to date (exit 1 if not)")

    args = parser.parse_args(argv)
    try:
        return {"gpu": mode_gpu, "static": mode_static, "report": mode_report,
                "docs": mode_docs}[args.mode](args)
    except ManifestError as error:
        sys.exit("cases/manifest.json: %s" % error)


if __name__ == "__main__":
    sys.exit(main())
