# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Units analysed in worker processes, and the CUDA headers precompiled.

  crash, hang, kill   a worker that aborts, outlives --unit-timeout or is
                      killed (CUDALINT_TEST_WORKER_FAULT, a test-only hook)
                      costs its unit alone: exit 2, a problem naming the file
                      and the reason, every other unit's findings intact
  jobs                -j1 and -j4 write the same JSON, SARIF and text
  testdata            the annotated testdata, as one run, without, with a cold
                      and with a warm PCH: byte-identical JSON
  preamble            with a preamble directory cold, warm and without one
                      the reports are byte-identical; a changed forced header,
                      define or toolkit gives a fresh PCH and fresh findings
  unit-preamble       units whose files start with #include lines get a PCH
                      each in a lasting preamble directory: byte-identical
                      reports; an edit below the includes reuses it, a
                      changed header or include line replaces it
  verbose             --verbose names each unit's clang command and timings,
                      and the JSON report carries them
  orphan              a run killed while a worker hangs on its unit: the worker
                      goes with it, instead of running on with nobody to
                      answer and nothing to enforce --unit-timeout
  not-source          units that are a FIFO or a directory, and one nested
                      10,000 parentheses deep (plain clang overflows its
                      stack on it): each a problem with its reason, at once,
                      the other units' findings intact
"""

import json
import os
import shutil
import signal
import subprocess
import time

import harness

# A forced include of the test's own: what it defines decides findings, so a
# stale precompiled copy of it would show.
PRELUDE_CHECKED = """#pragma once
#include <cuda_runtime.h>
#define AFTER_LAUNCH() (void)cudaGetLastError()
"""
PRELUDE_UNCHECKED = """#pragma once
#include <cuda_runtime.h>
#define AFTER_LAUNCH() do {} while (0)
"""

UNIT = """#include <cuda_runtime.h>
__global__ void kernel{n}(float *x) {{ x[threadIdx.x] = {n}; }}
void run{n}(float *device) {{
  kernel{n}<<<1, 32>>>(device);
  AFTER_LAUNCH();
  (void)cudaDeviceSynchronize();
}}
void leak{n}(bool fail) {{
  float *d = nullptr;
  if (cudaMalloc(&d, 64) != cudaSuccess)
    return;
  if (fail)
    return;
  (void)cudaFree(d);
}}
"""


# Code before any #include: the unit has no preamble of its own, only the
# shared PCH of its forced includes.
CODE_FIRST = "enum {{ Unit{n} = {n} }};\n"


def write_project(args, units=4, defines=("-DMODE=1",), code_first=False):
    src = args.work_dir / "src"
    src.mkdir(exist_ok=True)
    (src / "prelude.h").write_text(PRELUDE_CHECKED)
    entries = []
    for n in range(units):
        source = src / f"unit{n}.cu"
        source.write_text((CODE_FIRST if code_first else "").format(n=n) + UNIT.format(n=n))
        entries.append({"directory": str(src), "file": str(source),
                        "arguments": ["clang++", "-x", "cuda", "-std=c++17", *defines,
                                      "-include", str(src / "prelude.h"), "-c",
                                      str(source)]})
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return src, entries


def lint(args, *extra, expect=(harness.EXIT_FINDINGS,), env=None, output_format="json"):
    result = harness.run([args.cudalint, "-p", args.work_dir, "--use-color=false",
                          f"--format={output_format}", *extra],
                         cwd=args.work_dir, env=env, expect=list(expect))
    return result


def findings_by_file(report):
    files = {}
    for finding in report["findings"]:
        files.setdefault(finding["file"], []).append(
            (finding["line"], finding["column"], finding["check"]))
    return files


def fault(kind, timeout=None):
    def case(args):
        src, entries = write_project(args)
        victim = entries[1]["file"]
        whole = harness.report(lint(args, "--cuda-path=none").stdout)
        extra = ["--cuda-path=none", "-j2"]
        if timeout:
            extra.append(f"--unit-timeout={timeout}")
        result = lint(args, *extra, expect=[harness.EXIT_ERROR],
                      env={"CUDALINT_TEST_WORKER_FAULT": f"{kind}:unit1.cu"})
        report = harness.report(result.stdout)
        reasons = {"crash": "the analysis crashed",
                   "hang": f"did not finish within --unit-timeout={timeout} s",
                   "kill": "the analysis was killed"}
        harness.expect(len(report["problems"]) == 1,
                       f"one problem expected: {report['problems']}")
        problem = report["problems"][0]
        harness.expect(problem["file"] == victim, f"the problem names {problem['file']}")
        harness.expect_contains(problem["message"], reasons[kind], "the problem")
        harness.expect_contains(result.stderr, victim, "stderr")
        expected = findings_by_file(whole)
        expected.pop(victim, None)
        harness.expect(findings_by_file(report) == expected,
                       f"the other units' findings changed:\n{findings_by_file(report)}\n"
                       f"expected\n{expected}")
        harness.expect(len(expected) == len(entries) - 1 and all(expected.values()),
                       "every other unit has findings to compare")
        print(f"{kind}: 1 unit reported, {len(expected)} units' findings intact")
    return case


def jobs(args):
    write_project(args, units=6)
    for output_format in ["json", "sarif", "text"]:
        serial = lint(args, "--cuda-path=none", "-j1", output_format=output_format).stdout
        parallel = lint(args, "--cuda-path=none", "-j4", output_format=output_format).stdout
        harness.expect(serial == parallel, f"--format={output_format}: -j1 and -j4 differ")
        harness.expect(serial.count("cuda-memory-leak") >= 6, "findings to compare")
        print(f"--format={output_format}: {len(serial)} identical bytes")


def preamble_files(directory):
    """The shared PCHs of forced includes."""
    return sorted(p.name for p in directory.glob("*.pch") if not p.name.endswith(".unit.pch"))


def unit_preamble_files(directory):
    return sorted(p.name for p in directory.glob("*.unit.pch"))


def toolkit_variants():
    variants = [["--cuda-path=none"]]
    if harness.cuda_toolkit():
        variants.append([])
    return variants


def preamble(args):
    src, entries = write_project(args, code_first=True)
    store = args.work_dir / "preambles"
    for variant in toolkit_variants():
        plain = lint(args, *variant, "--preamble-dir=none").stdout
        cold = lint(args, *variant, f"--preamble-dir={store}").stdout
        warm = lint(args, *variant, f"--preamble-dir={store}").stdout
        harness.expect(plain == cold == warm,
                       f"{variant}: reports differ with a preamble:\nplain {plain}\ncold {cold}")
        harness.expect(plain.count("cuda-unchecked-error") == 0, "AFTER_LAUNCH checks")
        print(f"{variant or ['toolkit']}: plain, cold and warm identical "
              f"({len(plain)} bytes)")
    pchs = preamble_files(store)
    harness.expect(len(pchs) == len(toolkit_variants()),
                   f"one PCH per toolkit for units alike: {pchs}")
    harness.expect(not unit_preamble_files(store),
                   f"no unit's own PCH for code before the includes: {unit_preamble_files(store)}")
    verbose = harness.report(lint(args, "--cuda-path=none", f"--preamble-dir={store}",
                                  "--verbose").stdout)
    harness.expect(all(run["precompiledHeaders"] for run in verbose["analysis"]),
                   f"warm units use the PCH: {verbose['analysis']}")

    # A changed forced header: the PCH is rebuilt, and its new text decides.
    prelude = src / "prelude.h"
    prelude.write_text(PRELUDE_UNCHECKED)
    stat = os.stat(prelude)
    os.utime(prelude, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    changed = lint(args, "--cuda-path=none", f"--preamble-dir={store}").stdout
    plain = lint(args, "--cuda-path=none", "--preamble-dir=none").stdout
    harness.expect(changed == plain, "a changed header: findings as without a preamble")
    harness.expect(changed.count("cuda-unchecked-error") == len(entries),
                   f"each unit's launch is unchecked now:\n{changed}")
    print("changed header: PCH rebuilt, findings follow the new header")

    # A changed define: another key, another PCH.
    before = set(preamble_files(store))
    write_project(args, defines=("-DMODE=2",), code_first=True)
    (src / "prelude.h").write_text(PRELUDE_UNCHECKED)
    lint(args, "--cuda-path=none", f"--preamble-dir={store}")
    harness.expect(set(preamble_files(store)) - before,
                   "a changed define builds a PCH of its own")
    print("changed define: a PCH of its own")


# Included by each unit's first line, not forced: a unit's own PCH holds it.
HELPER_CHECKED = """#pragma once
#define AFTER_FREE(status) if ((status) != cudaSuccess) return
"""
HELPER_UNCHECKED = """#pragma once
#define AFTER_FREE(status) status
"""


def unit_preamble(args):
    src, entries = write_project(args)
    store = args.work_dir / "preambles"
    for source in src.glob("unit*.cu"):
        source.write_text('#include "helper.h"\n' + source.read_text())
    helper = src / "helper.h"
    helper.write_text(HELPER_CHECKED)

    def touch_later(path):
        stat = os.stat(path)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))

    def compare(label):
        plain = lint(args, "--cuda-path=none", "--preamble-dir=none").stdout
        lasting = lint(args, "--cuda-path=none", f"--preamble-dir={store}", "--verbose")
        report, bare = harness.report(lasting.stdout), harness.report(plain)
        harness.expect(report["findings"] == bare["findings"] and
                       report["problems"] == bare["problems"],
                       f"{label}: findings differ with the units' own PCHs:\n"
                       f"{report['findings']}\nwithout:\n{bare['findings']}")
        harness.expect(all(run["precompiledHeaders"] for run in report["analysis"]),
                       f"{label}: every unit used a PCH: {report['analysis']}")
        return report

    cold = compare("cold")
    own = unit_preamble_files(store)
    harness.expect(len(own) == len(entries), f"one PCH per unit: {own}")
    for pch in own:
        # The unit's file is checked by its first bytes, in the key; were it
        # among the files checked by date, every edit would rebuild the PCH.
        listed = (store / (pch + ".files")).read_bytes()
        harness.expect(b"/src/helper.h" in listed and b"/src/unit" not in listed,
                       f"{pch}: the headers are listed, the unit's file is not")
    harness.expect(not preamble_files(store), f"no shared PCH needed: {preamble_files(store)}")
    warm = compare("warm")
    harness.expect(unit_preamble_files(store) == own, "the warm run reuses each unit's PCH")
    harness.expect(cold["findings"] == warm["findings"], "cold and warm findings differ")
    print(f"{len(own)} units' own PCHs; cold, warm and without identical "
          f"({len(cold['findings'])} findings)")

    # An edit below the #include lines: the same PCH, the new code's findings.
    edited = src / "unit0.cu"
    edited.write_text(edited.read_text().replace("(void)cudaFree(d);", "cudaFree(d);"))
    touch_later(edited)
    after_edit = compare("edited code")
    harness.expect(unit_preamble_files(store) == own, "an edit of code reuses the unit's PCH")
    harness.expect(len(after_edit["findings"]) == len(cold["findings"]) + 1,
                   f"the edit's unchecked cudaFree is found: {after_edit['findings']}")
    print("edited code: the unit's PCH reused, the edit's finding reported")

    # A changed header the units include: every unit's PCH is rebuilt.
    for source in src.glob("unit*.cu"):
        source.write_text(source.read_text().replace("(void)cudaFree(d);",
                                                     "AFTER_FREE(cudaFree(d));"))
        touch_later(source)
    compare("header used")
    helper.write_text(HELPER_UNCHECKED)
    touch_later(helper)
    changed = compare("header changed")
    harness.expect(sum("cudaFree" in f["message"] for f in changed["findings"]) == len(entries),
                   f"the new header leaves each cudaFree unchecked: {changed['findings']}")
    print("changed header: each unit's PCH rebuilt, findings follow the header")

    # Another #include line: another key, another PCH.
    before = set(unit_preamble_files(store))
    edited.write_text("#include <stddef.h>\n" + edited.read_text())
    touch_later(edited)
    compare("include added")
    harness.expect(set(unit_preamble_files(store)) - before,
                   "a changed include line builds a PCH of its own")
    print("changed include line: a PCH of its own")


def testdata(args):
    """Every annotated .cu file of testdata/checks as one run, so that they
    share one PCH: the findings must not move by a byte."""
    sources = sorted((args.source_dir / "testdata" / "checks").glob("*.cu"))
    harness.expect(len(sources) >= 10, f"only {len(sources)} annotated files")
    store = args.work_dir / "preambles"
    for variant in toolkit_variants():
        command = [args.cudalint, "--format=json", "--checks=cuda-*", *variant]
        runs = {}
        for label, preamble_dir in [("plain", "none"), ("cold", store), ("warm", store)]:
            result = harness.run([*command, f"--preamble-dir={preamble_dir}", *sources,
                                  "--", "-std=c++17"],
                                 cwd=args.work_dir, expect=[harness.EXIT_FINDINGS])
            runs[label] = result.stdout
        report = harness.report(runs["plain"])
        harness.expect(not report["problems"], f"{report['problems']}")
        harness.expect(len(report["findings"]) >= 100, "findings to compare")
        harness.expect(runs["plain"] == runs["cold"] == runs["warm"],
                       f"{variant}: the annotated testdata's findings move with a PCH")
        print(f"{variant or ['toolkit']}: {len(report['findings'])} findings of "
              f"{len(sources)} files identical without, with a cold and a warm PCH")


def verbose(args):
    src, entries = write_project(args, units=2)
    result = lint(args, "--cuda-path=none", "--verbose")
    for entry in entries:
        harness.expect_contains(result.stderr, f"cudalint: unit '{entry['file']}'", "stderr")
    harness.expect_contains(result.stderr, "clang command: cd ", "stderr")
    harness.expect_contains(result.stderr, "parse ", "stderr")
    report = harness.report(result.stdout)
    harness.expect(len(report["analysis"]) == len(entries), f"{report['analysis']}")
    for run in report["analysis"]:
        harness.expect(run["command"][-1] == run["file"], f"the command ends with the file: {run}")
        harness.expect("parseSeconds" in run, f"--verbose reports timings: {run}")
    quiet = harness.report(lint(args, "--cuda-path=none").stdout)
    harness.expect(all("parseSeconds" not in run for run in quiet["analysis"]),
                   "without --verbose the report carries no timings")
    print("verbose: commands, timings and the report's analysis entries")


def not_source(args):
    src, entries = write_project(args)
    whole = harness.report(lint(args, "--cuda-path=none").stdout)
    fifo, directory, host_fifo = src / "fifo.cu", src / "directory.cu", src / "host.cpp"
    os.mkfifo(fifo)
    directory.mkdir()
    os.mkfifo(host_fifo)
    nested = src / "nested.cu"
    nested.write_text("int nested = " + "(" * 10000 + "1" + ")" * 10000 + ";\n")
    reasons = {str(fifo): "it is a FIFO, not a source file",
               str(directory): "it is a directory, not a source file",
               str(host_fifo): "it is a FIFO, not a source file",
               str(nested): "bracket nesting level exceeded"}
    for path in (fifo, directory, nested):
        entries.append({"directory": str(src), "file": str(path),
                        "arguments": ["nvcc", "-c", str(path)]})
    entries.append({"directory": str(src), "file": str(host_fifo),
                    "arguments": ["g++", f"-I{src}", "-c", str(host_fifo)]})
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    report = harness.report(lint(args, "--cuda-path=none", "-j2",
                                 expect=[harness.EXIT_ERROR]).stdout)
    problems = {problem["file"]: problem["message"] for problem in report["problems"]}
    harness.expect(sorted(problems) == sorted(reasons), f"problems: {report['problems']}")
    for file, reason in reasons.items():
        harness.expect_contains(problems[file], reason, f"the problem of {file}")
    harness.expect(findings_by_file(report) == findings_by_file(whole),
                   "the other units' findings changed")
    print(f"not-source: {len(reasons)} units reported, {len(findings_by_file(whole))} intact")


def children_of(pid):
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def orphan(args):
    write_project(args, units=1)
    env = dict(os.environ, CUDALINT_TEST_WORKER_FAULT="hang:unit0.cu")
    run = subprocess.Popen([str(args.cudalint), "-p", str(args.work_dir), "--cuda-path=none",
                            "--unit-timeout=600"], cwd=args.work_dir, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers = []
        deadline = time.monotonic() + 60
        while not workers and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = children_of(run.pid)
        harness.expect(workers, "the run started no worker within 60 s")
        run.send_signal(signal.SIGKILL)
        run.wait()
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [pid for pid in workers if alive(pid)]
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        harness.expect(not left, f"workers {left} outlived their run")
        print(f"orphan: worker {workers} ended with its run")
    finally:
        if run.poll() is None:
            run.kill()


if __name__ == "__main__":
    harness.main_with_cases(__doc__, {
        "crash": fault("crash"), "hang": fault("hang", timeout=5), "kill": fault("kill"),
        "jobs": jobs, "preamble": preamble, "unit-preamble": unit_preamble,
        "testdata": testdata, "verbose": verbose,
        "not-source": not_source, "orphan": orphan})
