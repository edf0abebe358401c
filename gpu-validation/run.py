#!/usr/bin/env python3
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

The cases and what each is expected to do live in cases/manifest.json.
Standard library only: the GPU machine has python3 but nothing to install.
"""

import argparse
import concurrent.futures
import datetime
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
MANIFEST = os.path.join(CASES_DIR, "manifest.json")
RESULTS_DIR = os.path.join(HERE, "results")
VERDICT_PREFIX = "GPU-VERDICT:"
EXPECT_MARK = re.compile(r"//\s*cudalint-expect:\s*([A-Za-z0-9_.,\s-]+?)\s*$")
VARIANTS = ("bad", "fixed")
# What a sanitizer run may be expected to show (manifest `sanitizer.expect`).
SANITIZER_EXPECTATIONS = ("errors", "no-errors", "crash", "crash-or-errors", "any")
LOG_LIMIT = 6000  # characters of each program's output kept in the results


# --------------------------------------------------------------------------
# The manifest


class ManifestError(Exception):
    pass


def load_manifest(path=MANIFEST):
    with open(path) as f:
        manifest = json.load(f)
    programs = []
    listed = set()
    for case in manifest["cases"]:
        for key in ("check", "name", "bug", "api", "bad", "fixed"):
            if key not in case:
                raise ManifestError("case %r lacks %r" % (case.get("name"), key))
        for variant in VARIANTS:
            spec = case[variant]
            source = os.path.join(CASES_DIR, spec["file"])
            if not os.path.isfile(source):
                raise ManifestError("%s: no such file" % spec["file"])
            sanitizer = spec["sanitizer"]
            if sanitizer["expect"] not in SANITIZER_EXPECTATIONS:
                raise ManifestError("%s: sanitizer.expect must be one of %s"
                                    % (spec["file"], ", ".join(SANITIZER_EXPECTATIONS)))
            expected_findings = read_expected_findings(source)
            if variant == "bad" and not expected_findings:
                raise ManifestError("%s: a bad program needs a `// cudalint-expect: <check>` line"
                                    % spec["file"])
            if variant == "bad" and case["check"] not in {c for _, c in expected_findings}:
                raise ManifestError("%s: no cudalint-expect line names %s"
                                    % (spec["file"], case["check"]))
            if variant == "fixed" and expected_findings:
                raise ManifestError("%s: a fixed twin must expect no findings" % spec["file"])
            listed.add(os.path.normpath(source))
            programs.append({
                "id": "%s/%s.%s" % (case["check"], case["name"], variant),
                "case": case["name"],
                "check": case["check"],
                "variant": variant,
                "source": source,
                "file": spec["file"],
                "libraries": case.get("libraries", []),
                "expect_run": spec["run"],
                "reason_matches": spec.get("reason_matches"),
                "sanitizer": sanitizer,
                "expected_findings": sorted(expected_findings),
                "explanation": spec.get("explanation", ""),
                "known_miss": spec.get("cudalint_known_miss", ""),
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
    if code is None:
        return ""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    return lines[0] if lines else ""


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
        json.dump(data, f, indent=2, sort_keys=False)
        f.write("\n")
    os.replace(temporary, path)


# --------------------------------------------------------------------------
# Building


def build(program, nvcc, arch, build_dir):
    binary = os.path.join(build_dir, program["id"].replace("/", "__"))
    argv = [nvcc, "-std=c++17", "-lineinfo", "-arch=" + arch, "-o", binary, program["source"]]
    argv += ["-l" + library for library in program["libraries"]]
    code, output, seconds = run_command(argv, timeout=300)
    return {"ok": code == 0, "command": " ".join(argv), "output": tail(output, 3000),
            "seconds": round(seconds, 1)}, binary


def build_all(programs, nvcc, arch, build_dir, jobs):
    os.makedirs(build_dir, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {program["id"]: pool.submit(build, program, nvcc, arch, build_dir)
                   for program in programs}
        return {key: future.result() for key, future in futures.items()}


# --------------------------------------------------------------------------
# Running on the GPU


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


def run_plain(binary, timeout):
    code, output, seconds = run_command([binary], timeout=timeout)
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
LEAK = re.compile(r"Leaked (\d+) bytes")
SANITIZER_LINE = re.compile(r"^========= ?")


def run_sanitizer(binary, sanitizer, tool_path, timeout):
    argv = [tool_path, "--tool", sanitizer["tool"]] + sanitizer["flags"] + [binary]
    code, output, seconds = run_command(argv, timeout=timeout)
    summary = SUMMARY.findall(output)
    errors = int(summary[-1]) if summary else None
    parsed = parse_verdict(output)
    result = {
        "command": " ".join(argv[:-1] + [os.path.basename(binary)]),
        "exit_code": code,
        "seconds": round(seconds, 2),
        "errors": errors,
        "api_errors": sorted(set(API_CALL.findall(output))),
        "leaked_bytes": sum(int(n) for n in LEAK.findall(output)),
        "program_verdict": parsed[0] if parsed else None,
        "output": tail(output),
    }
    # A program that dies by a signal under the sanitizer prints no verdict, and
    # the sanitizer exits with the signal's number and reports 0 errors.
    if code is None:
        result["outcome"] = "timeout"
    elif parsed is None and code != 0:
        result["outcome"] = "crash"
    elif errors is None:
        result["outcome"] = "no-summary"
    else:
        result["outcome"] = "errors" if errors > 0 else "no-errors"
    return result


def sanitizer_matches(expect, outcome):
    if expect == "any":
        return outcome not in ("timeout", "no-summary")
    if expect == "crash-or-errors":
        return outcome in ("crash", "errors")
    return expect == outcome


# A bad program shows its bug by finishing with wrong results (misbehaved), by a
# checked call failing (failed) or by dying (crashed).
SHOWS_BUG = ("misbehaved", "failed", "crashed")


def gpu_verdict(program, plain, sanitized):
    """How the program behaved on the GPU, and whether that is what the manifest expects."""
    run_ok = plain["verdict"] in program["expect_run"]
    if run_ok and program["reason_matches"] and plain["verdict"] != "crashed":
        run_ok = re.search(program["reason_matches"], plain.get("reason", "")) is not None
    sanitizer_ok = sanitizer_matches(program["sanitizer"]["expect"], sanitized["outcome"])
    names = program["sanitizer"].get("api_matches")
    if sanitizer_ok and names and sanitized["outcome"] == "errors":
        sanitizer_ok = any(re.fullmatch(names, call) for call in sanitized["api_errors"])
    return {
        "behaviour": plain["verdict"],
        "shows_bug": plain["verdict"] in SHOWS_BUG,
        "run_as_expected": run_ok,
        "sanitizer_as_expected": sanitizer_ok,
        "as_expected": run_ok and sanitizer_ok,
    }


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
        code, output, _ = run_command([sanitizer, "--version"], timeout=60)
        match = re.search(r"Version ([\w.]+)", output or "")
        environment["compute_sanitizer"] = match.group(1) if match else tail(output, 200)
    return environment


def mode_gpu(args):
    _, programs = load_manifest()
    nvcc = find_tool("nvcc", "NVCC")
    sanitizer = find_tool("compute-sanitizer", "COMPUTE_SANITIZER")
    if not nvcc:
        sys.exit("run.py gpu: nvcc not found (set NVCC or put it on PATH)")
    os.makedirs(args.out, exist_ok=True)
    results_path = os.path.join(args.out, "gpu-results.json")
    results = {"mode": "gpu", "environment": environment_on_gpu_machine(nvcc, sanitizer),
               "arch": args.arch, "programs": {}}
    print("environment:", json.dumps(results["environment"]), flush=True)

    builds = build_all(programs, nvcc, args.arch, args.build_dir, args.jobs)
    for program in programs:
        built, _ = builds[program["id"]]
        print("build %-60s %s (%.1f s)" % (program["id"], "ok" if built["ok"] else "FAILED",
                                            built["seconds"]), flush=True)

    def exercise(program):
        built, binary = builds[program["id"]]
        entry = {"check": program["check"], "case": program["case"], "variant": program["variant"],
                 "file": program["file"], "build": built}
        if not built["ok"]:
            entry["gpu"] = {"behaviour": "build-failed", "shows_bug": False, "as_expected": False,
                            "run_as_expected": False, "sanitizer_as_expected": False}
            return entry
        entry["run"] = run_plain(binary, args.timeout)
        if sanitizer:
            entry["sanitizer"] = run_sanitizer(binary, program["sanitizer"], sanitizer,
                                               args.sanitizer_timeout)
        else:
            entry["sanitizer"] = {"outcome": "unavailable", "errors": None, "api_errors": []}
        entry["gpu"] = gpu_verdict(program, entry["run"], entry["sanitizer"])
        return entry

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.run_jobs) as pool:
        futures = {pool.submit(exercise, program): program for program in programs}
        for future in concurrent.futures.as_completed(futures):
            entry = future.result()
            program = futures[future]
            results["programs"][program["id"]] = entry
            write_json(results_path, results)  # partial results survive a time-out
            sanitized = entry.get("sanitizer", {})
            print("%-60s run=%s sanitizer=%s(%s) %s" % (
                program["id"], entry.get("run", {}).get("verdict"), sanitized.get("outcome"),
                sanitized.get("errors"), "as expected" if entry["gpu"]["as_expected"] else "UNEXPECTED"),
                flush=True)
    results["programs"] = {p["id"]: results["programs"][p["id"]] for p in programs}
    results["finished"] = now_utc()
    write_json(results_path, results)
    unexpected = [key for key, entry in results["programs"].items() if not entry["gpu"]["as_expected"]]
    print("%d programs, %d not as expected%s" % (len(programs), len(unexpected),
                                                  (": " + ", ".join(unexpected)) if unexpected else ""))
    return 0


# --------------------------------------------------------------------------
# cudalint, no GPU


def lint(program, cudalint, extra_args):
    argv = [cudalint, "--format=json", "--quiet"] + extra_args + [program["source"], "--", "-std=c++17"]
    code, output, seconds = run_command(argv, timeout=300)
    entry = {"command": " ".join(argv), "exit_code": code, "seconds": round(seconds, 1)}
    try:
        start = output.index("{")
        report = json.JSONDecoder().raw_decode(output[start:])[0]
    except ValueError:
        entry.update(verdict="error", findings=[], output=tail(output, 3000))
        return entry
    source = os.path.realpath(program["source"])
    findings = [{"check": f["check"], "line": f["line"], "column": f.get("column"),
                 "message": f.get("message", "")}
                for f in report.get("findings", [])
                if os.path.realpath(f.get("file", "")) == source]
    elsewhere = [f for f in report.get("findings", []) if os.path.realpath(f.get("file", "")) != source]
    found = {(f["line"], f["check"]) for f in findings}
    expected = {(line, check) for line, check in program["expected_findings"]}
    entry.update(
        findings=findings,
        findings_elsewhere=elsewhere,
        expected=[{"line": line, "check": check} for line, check in sorted(expected)],
        missed=[{"line": line, "check": check} for line, check in sorted(expected - found)],
        unexpected=[{"line": line, "check": check} for line, check in sorted(found - expected)],
    )
    if code not in (0, 1):
        entry["verdict"] = "error"
        entry["output"] = tail(output, 3000)
    elif not findings:
        entry["verdict"] = "clean"
    else:
        entry["verdict"] = "flagged"
    entry["as_expected"] = (entry["verdict"] != "error" and not entry["missed"]
                            and not entry["unexpected"] and not elsewhere)
    if program["known_miss"]:
        # A gap in cudalint kept on record: passes while cudalint misses exactly
        # the marked lines, fails once cudalint catches up so the mark is removed.
        entry["known_miss"] = program["known_miss"]
        entry["as_expected"] = (entry["verdict"] != "error" and set(map(tuple, (
            (m["line"], m["check"]) for m in entry["missed"]))) == expected
            and not entry["unexpected"] and not elsewhere)
    return entry


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
    builds = build_all(programs, nvcc, args.arch, args.build_dir, args.jobs) if nvcc else {}
    results["nvcc"] = {"path": nvcc, "arch": args.arch, "version": nvcc_version(nvcc)} if nvcc else None

    failures = 0
    for program in programs:
        entry = {"check": program["check"], "case": program["case"], "variant": program["variant"],
                 "file": program["file"], "cudalint": linted[program["id"]]}
        if nvcc:
            entry["build"] = builds[program["id"]][0]
        results["programs"][program["id"]] = entry
        ok = entry["cudalint"]["as_expected"] and entry.get("build", {"ok": True})["ok"]
        failures += not ok
        lint_entry = entry["cudalint"]
        detail = ", ".join("%s@%d" % (f["check"], f["line"]) for f in lint_entry["findings"]) or "-"
        problems = []
        if lint_entry.get("known_miss"):
            problems.append("known miss, as recorded in the manifest" if lint_entry["as_expected"] else
                            "cudalint now flags this known miss: drop cudalint_known_miss from the manifest")
        elif lint_entry.get("missed"):
            problems.append("missed " + ", ".join("%(check)s@%(line)d" % m for m in lint_entry["missed"]))
        if lint_entry.get("unexpected"):
            problems.append("unexpected " + ", ".join("%(check)s@%(line)d" % m
                                                      for m in lint_entry["unexpected"]))
        if lint_entry["verdict"] == "error":
            problems.append("cudalint error (exit %s)" % lint_entry["exit_code"])
        if nvcc and not entry["build"]["ok"]:
            problems.append("nvcc build failed")
        print("%-4s %-60s cudalint=%-7s %s%s" % ("ok" if ok else "FAIL", program["id"],
                                                 lint_entry["verdict"], detail,
                                                 ("  <- " + "; ".join(problems)) if problems else ""))
    results["failures"] = failures
    write_json(os.path.join(args.out, "cudalint-results.json"), results)
    print("%d programs, %d failures; nvcc builds %s" % (
        len(programs), failures, ("for " + args.arch) if nvcc else "skipped (no nvcc)"))
    return 1 if failures else 0


# --------------------------------------------------------------------------
# The report


def describe_lint(entry):
    if entry is None:
        return "not run"
    if entry["verdict"] == "error":
        return "error (exit %s)" % entry["exit_code"]
    if entry["verdict"] == "clean":
        return "clean" if not entry["missed"] else "MISSED " + ", ".join(
            "line %(line)d" % m for m in entry["missed"]) + (" (known gap)" if entry.get("known_miss") else "")
    text = "flagged " + ", ".join("line %(line)d" % f for f in entry["findings"])
    if entry["missed"]:
        text += "; MISSED " + ", ".join("line %(line)d" % m for m in entry["missed"])
    if entry["unexpected"]:
        text += "; UNEXPECTED " + ", ".join("%(check)s line %(line)d" % m for m in entry["unexpected"])
    return text


def describe_sanitizer(entry):
    if not entry:
        return "not run"
    outcome = entry.get("outcome")
    if outcome == "crash":
        return "crash (exit %s, %s errors)" % (entry.get("exit_code"), entry.get("errors"))
    if outcome in ("errors", "no-errors"):
        parts = ["%d errors" % entry["errors"]]
        if entry.get("api_errors"):
            parts.append("API: " + ", ".join(entry["api_errors"]))
        if entry.get("leaked_bytes"):
            parts.append("leaked %d B" % entry["leaked_bytes"])
        return "; ".join(parts)
    return outcome or "not run"


def mode_report(args):
    manifest, programs = load_manifest()
    with open(args.gpu_results) as f:
        gpu = json.load(f)
    with open(args.static_results) as f:
        static = json.load(f)
    notes_path = os.path.join(RESULTS_DIR, "NOTES.md")
    notes = open(notes_path).read().strip() if os.path.isfile(notes_path) else ""

    def ran_clean(program_id):
        entry = gpu["programs"].get(program_id)
        return bool(entry and entry["gpu"]["behaviour"] == "clean" and entry["gpu"]["as_expected"])

    rows = []
    for program in programs:
        gpu_entry = gpu["programs"].get(program["id"])
        lint_entry = static["programs"].get(program["id"], {}).get("cudalint")
        flagged = bool(lint_entry and lint_entry["verdict"] == "flagged")
        shows_bug = bool(gpu_entry and gpu_entry["gpu"]["shows_bug"])
        lint_ok = bool(lint_entry and lint_entry["as_expected"])
        gpu_ok = bool(gpu_entry and gpu_entry["gpu"]["as_expected"])
        if program["variant"] == "bad":
            # A failure counts only where the fixed twin shows the machine runs the program.
            gpu_ok = gpu_ok and ran_clean(program["id"][:-len("bad")] + "fixed")
        agree = gpu_entry is not None and lint_entry is not None and flagged == shows_bug
        rows.append({
            "program": program["id"],
            "file": "cases/" + program["file"],
            "check": program["check"],
            "variant": program["variant"],
            "expected_check": program["check"] if program["variant"] == "bad" else None,
            "expected_lines": [line for line, _ in program["expected_findings"]],
            "cudalint": {"verdict": lint_entry["verdict"] if lint_entry else "not run",
                         "findings": lint_entry["findings"] if lint_entry else [],
                         "as_expected": lint_ok, "summary": describe_lint(lint_entry)},
            "gpu": {"verdict": gpu_entry["gpu"]["behaviour"] if gpu_entry else "not run",
                    "reason": gpu_entry.get("run", {}).get("reason", "") if gpu_entry else "",
                    "expected": program["expect_run"],
                    "sanitizer": describe_sanitizer(gpu_entry.get("sanitizer") if gpu_entry else None),
                    "sanitizer_command": (gpu_entry or {}).get("sanitizer", {}).get("command"),
                    "sanitizer_expected": program["sanitizer"]["expect"],
                    "as_expected": gpu_ok},
            "agreement": agree and lint_ok and gpu_ok,
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
            "bad_flagged_on_marked_line": sum(r["cudalint"]["as_expected"] for r in bad),
            "bad_showed_bug_on_gpu": sum(r["gpu"]["verdict"] in SHOWS_BUG for r in bad),
            "fixed_programs": len(fixed),
            "fixed_clean_in_cudalint": sum(r["cudalint"]["as_expected"] for r in fixed),
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
                    "kernel": environment.get("kernel"), "arch": gpu.get("arch")},
        "cudalint_run": {"date": static.get("date"), "version": static.get("cudalint_version"),
                         "args": static.get("cudalint_args"), "nvcc": static.get("nvcc")},
        "summary": summaries,
        "programs": rows,
        "disagreements": [r["program"] for r in rows if not r["agreement"]],
    }
    write_json(os.path.join(args.out_dir, "report.json"), report)
    with open(os.path.join(args.out_dir, "REPORT.md"), "w") as f:
        f.write(render_markdown(report, notes))
    print("wrote %s and %s: %d programs, %d disagreements" % (
        os.path.join(args.out_dir, "REPORT.md"), os.path.join(args.out_dir, "report.json"),
        len(rows), len(report["disagreements"])))
    return 0


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(report, notes):
    run = report["gpu_run"]
    lines = [
        "# GPU validation report",
        "",
        "Generated by `run.py report` from `results/gpu-results.json` (the GPU run) and "
        "`results/cudalint-results.json` (the cudalint run). Do not edit by hand: rerun "
        "`python3 gpu-validation/run.py report`.",
        "",
        "## Where it ran",
        "",
        "| | |",
        "| --- | --- |",
        "| GPU | %s (compute capability %s) |" % (run.get("gpu"), run.get("compute_capability")),
        "| driver | %s (CUDA %s) |" % (run.get("driver"), run.get("driver_cuda_version")),
        "| CUDA toolkit (nvcc) | %s, programs built with `-arch=%s` |" % (run.get("nvcc"), run.get("arch")),
        "| compute-sanitizer | %s |" % run.get("compute_sanitizer"),
        "| kernel | %s |" % run.get("kernel"),
        "| GPU run date (UTC) | %s |" % run.get("date"),
        "| cudalint | %s, run %s |" % (report["cudalint_run"].get("version"),
                                        report["cudalint_run"].get("date")),
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
        "Agreement: cudalint flags the program exactly when it misbehaves on the GPU, on the "
        "`cudalint-expect` line; the plain run and the sanitizer run did what the manifest "
        "expects; and, for a bad program, its fixed twin ran clean on the same machine.",
        "",
        "| program | expected check | cudalint | GPU verdict | sanitizer | agreement |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in report["programs"]:
        verdict = r["gpu"]["verdict"]
        if r["gpu"]["reason"]:
            verdict += ": " + r["gpu"]["reason"]
        lines.append("| `%s` | %s | %s | %s | %s | %s |" % (
            r["program"], r["expected_check"] or "none", cell(r["cudalint"]["summary"]),
            cell(verdict), cell(r["gpu"]["sanitizer"]), "yes" if r["agreement"] else "**NO**"))
    lines += ["", "## Disagreements", ""]
    if not report["disagreements"]:
        lines.append("None: every bad program misbehaved and was flagged on its marked line, and "
                     "every fixed twin ran clean and was not flagged.")
    for r in report["programs"]:
        if r["agreement"]:
            continue
        lines.append("- `%s`: cudalint %s; GPU %s (expected %s), sanitizer %s (expected %s). %s" % (
            r["program"], r["cudalint"]["summary"], r["gpu"]["verdict"],
            " or ".join(r["gpu"]["expected"]), r["gpu"]["sanitizer"], r["gpu"]["sanitizer_expected"],
            ("Explanation: " + r["explanation"]) if r["explanation"] else "**UNEXPLAINED.**"))
    if notes:
        lines += ["", "## Investigations and notes", "", notes]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    modes = parser.add_subparsers(dest="mode", required=True)

    gpu = modes.add_parser("gpu", help="build and run every case on this machine's GPU")
    gpu.add_argument("--out", default=RESULTS_DIR, help="where gpu-results.json goes")
    gpu.add_argument("--build-dir", default="/tmp/cudalint-gpu-validation")
    gpu.add_argument("--arch", default="native", help="nvcc -arch (default: native)")
    gpu.add_argument("--jobs", type=int, default=os.cpu_count() or 4, help="parallel builds")
    gpu.add_argument("--run-jobs", type=int, default=4, help="programs run at once on the GPU")
    gpu.add_argument("--timeout", type=int, default=60, help="seconds for a plain run")
    gpu.add_argument("--sanitizer-timeout", type=int, default=180)

    static = modes.add_parser("static", help="cudalint over every case, and nvcc builds if nvcc is here")
    static.add_argument("--cudalint", help="cudalint binary (default: $CUDALINT or build/bin/cudalint)")
    static.add_argument("--cudalint-arg", action="append", default=[],
                        help="extra cudalint argument, e.g. --cudalint-arg=--cuda-path=none")
    static.add_argument("--out", default=RESULTS_DIR, help="where cudalint-results.json goes")
    static.add_argument("--build-dir",
                        default=os.path.join(tempfile.gettempdir(), "cudalint-gpu-validation-static"))
    static.add_argument("--arch", default="sm_90", help="nvcc -arch for the build-only check")
    static.add_argument("--no-nvcc", action="store_true", help="skip the nvcc builds")
    static.add_argument("--jobs", type=int, default=os.cpu_count() or 2)

    report = modes.add_parser("report", help="merge the results into REPORT.md and report.json")
    report.add_argument("--gpu-results", default=os.path.join(RESULTS_DIR, "gpu-results.json"))
    report.add_argument("--static-results", default=os.path.join(RESULTS_DIR, "cudalint-results.json"))
    report.add_argument("--out-dir", default=HERE)

    args = parser.parse_args(argv)
    try:
        return {"gpu": mode_gpu, "static": mode_static, "report": mode_report}[args.mode](args)
    except ManifestError as error:
        sys.exit("cases/manifest.json: %s" % error)


if __name__ == "__main__":
    sys.exit(main())
