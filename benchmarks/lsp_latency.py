#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How soon findings reach the editor while the user types, and how much
memory the server keeps, for `cudalint --clangd` (in front of the real
clangd) and `cudalint --lsp`.

A scripted LSP client opens a generated CUDA file of --lines lines (kernels
and host code with CUDA bugs, in a project with a compile database), waits
for cudalint's first diagnostics (cold: the CUDA headers' PCH is built),
then --repeat times types a line one keystroke every 60 ms (each keystroke
a textDocument/didChange) that adds a new bug, and measures the time from
the last keystroke to the publishDiagnostics that carries cudalint's finding
for that line: debounce, analysis and publication included. Then it opens
and closes --churn copies of the file and reports the server's resident
memory before and after (cudalint's own process; clangd's separately).

With --unit FILE -p DIR (a large unit of a real project, ggml's
ggml-cuda.cu), it measures instead, in `cudalint --lsp` (where every
diagnostic is cudalint's, so that clangd's own time on the unit does not
count), --repeat edits of that file: the time from the last keystroke to
the diagnostics, less the parse and analysis times the worker reports for
that version, is what the editor adds to the analysis. `cudalint -p DIR
FILE` alone (warm preamble) is printed beside it for scale.

Not a test: nothing here passes or fails.

  benchmarks/lsp_latency.py --cudalint build/bin/cudalint
  benchmarks/lsp_latency.py --mode lsp --lines 300 --repeat 10
  benchmarks/lsp_latency.py --unit ggml/src/ggml-cuda/ggml-cuda.cu -p ggml/build
"""

import argparse
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def generated_unit(lines):
    """A CUDA file of about `lines` lines: a header block, then blocks of a
    kernel and a host function that allocates, launches, copies and frees
    (correctly: the benchmark types the bugs)."""
    out = ["#include <cuda_runtime.h>", "#include <cstdio>", "#include <cstdlib>", ""]
    block = 0
    while len(out) < lines - 2:
        out += [
            f"__global__ void scale{block}(float *data, float factor, int n) {{",
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
            "  if (i < n)",
            "    data[i] *= factor;",
            "}",
            f"int run{block}(float *host, int n) {{",
            "  float *device = nullptr;",
            "  if (cudaMalloc(&device, n * sizeof(float)) != cudaSuccess)",
            "    return 1;",
            "  if (cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice) != cudaSuccess) {",
            "    cudaFree(device);",
            "    return 1;",
            "  }",
            f"  scale{block}<<<(n + 255) / 256, 256>>>(device, 2.0f, n);",
            "  cudaError_t status = cudaGetLastError();",
            "  if (status == cudaSuccess)",
            "    status = cudaMemcpy(host, device, n * sizeof(float), cudaMemcpyDeviceToHost);",
            "  if (cudaFree(device) != cudaSuccess)",
            "    return 1;",
            "  return status == cudaSuccess ? 0 : 1;",
            "}",
            "",
        ]
        block += 1
    out.append("int main() { return 0; }")
    return "\n".join(out) + "\n"


class Client:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put((time.monotonic(), json.loads(stream.read(length))))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        self.next_id += 1
        return self.next_id - 1

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, matches, timeout):
        deadline = time.monotonic() + timeout
        while True:
            try:
                item = self.messages.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                raise SystemExit(f"no answer within {timeout} s")
            if item is None:
                raise SystemExit("the server exited")
            when, message = item
            if message.get("method") == "window/workDoneProgress/create":
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if matches(message):
                return when, message

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def rss_mib(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def children(pid):
    try:
        return [int(p) for p in
                Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def cudalint_diagnostics(message, path, line=None):
    if message.get("method") != "textDocument/publishDiagnostics":
        return False
    params = message["params"]
    if params["uri"] != path.as_uri():
        return False
    ours = [d for d in params["diagnostics"] if d.get("source") == "cudalint"]
    return bool(ours) if line is None else any(d["range"]["start"]["line"] == line for d in ours)


def command_for(args):
    if args.mode == "clangd":
        return [str(args.cudalint), "--clangd", f"--clangd-path={args.clangd}", "--log=error"]
    return [str(args.cudalint), "--lsp"]


def type_line(client, path, version, line, text, interval):
    """Types `text` as a new line `line`, one didChange a keystroke; returns
    the time of the last keystroke and the next version."""
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": path.as_uri(), "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                      "end": {"line": line, "character": 0}}, "text": "\n"}]})
    version += 1
    for column, character in enumerate(text):
        time.sleep(interval)
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": path.as_uri(), "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": column},
                                          "end": {"line": line, "character": column}},
                                "text": character}]})
        version += 1
    return time.monotonic(), version


def remove_line(client, path, version, line):
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": path.as_uri(), "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                      "end": {"line": line + 1, "character": 0}}, "text": ""}]})
    return version + 1


def small_file(args, work):
    project = work / "project"
    (project / "build").mkdir(parents=True)
    unit = project / "kernels.cu"
    text = generated_unit(args.lines)
    unit.write_text(text)
    (project / "build" / "compile_commands.json").write_text(json.dumps([{
        "directory": str(project / "build"),
        "arguments": ["clang++", "-std=c++17", "-x", "cuda", "-c", str(unit)],
        "file": str(unit)}]))
    client = Client(command_for(args), project)
    client.request("initialize", {"processId": os.getpid(), "rootUri": project.as_uri(),
                                  "capabilities": {"window": {"workDoneProgress": True}}})
    client.wait(lambda m: m.get("id") == 1, 60)
    client.notify("initialized", {})
    opened = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": unit.as_uri(), "languageId": "cuda", "version": 1, "text": text}})
    when, _ = client.wait(lambda m: cudalint_diagnostics(m, unit), 600)
    print(f"{args.mode}: {len(text.splitlines())}-line file, first diagnostics (cold) "
          f"{when - opened:.2f} s")
    # Inside run0, before its `return`: a status dropped.
    line = text.splitlines().index("  if (cudaFree(device) != cudaSuccess)")
    version = 2
    latencies = []
    for _ in range(args.repeat):
        last, version = type_line(client, unit, version, line, "  cudaDeviceSynchronize();",
                                  0.06)
        when, _ = client.wait(lambda m: cudalint_diagnostics(m, unit, line), 120)
        latencies.append(when - last)
        version = remove_line(client, unit, version, line)
        client.wait(lambda m: cudalint_diagnostics(m, unit)
                    and not cudalint_diagnostics(m, unit, line), 120)
    print(f"{args.mode}: last keystroke -> finding, {args.repeat} edits: median "
          f"{statistics.median(latencies):.2f} s, max {max(latencies):.2f} s "
          f"({', '.join(f'{x:.2f}' for x in latencies)})")

    pid = client.process.pid
    before = rss_mib(pid)
    clangd = [c for c in children(pid) if "clangd" in Path(f"/proc/{c}/comm").read_text()]
    clangd_before = sum(rss_mib(c) for c in clangd)
    for copy in range(args.churn):
        other = project / f"copy{copy}.cu"
        other.write_text(text)
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": other.as_uri(), "languageId": "cuda", "version": 1, "text": text}})
        client.wait(lambda m: cudalint_diagnostics(m, other), 300)
        client.notify("textDocument/didClose", {"textDocument": {"uri": other.as_uri()}})
    after = rss_mib(pid)
    clangd_after = sum(rss_mib(c) for c in clangd)
    print(f"{args.mode}: cudalint's resident memory {before:.0f} MiB, after opening and "
          f"closing {args.churn} files {after:.0f} MiB"
          + (f"; clangd's {clangd_before:.0f} -> {clangd_after:.0f} MiB" if clangd else ""))
    client.close()


TIMES = re.compile(r"parse ([0-9.]+) s, analysis ([0-9.]+) s")


def large_unit(args, work):
    """The editor's cost over the analysis itself, for a large unit.

    Whole-unit times on a shared machine vary by seconds from one run to the
    next, more than the editor adds; so the editor's share is measured within
    one analysis: the time from the last keystroke to the diagnostics, less
    the parse and analysis times that the worker reports for that very
    version (its window/logMessage). `cudalint -p` alone is run beside it
    for scale."""
    unit = Path(args.unit).resolve()
    database = Path(args.p).resolve()
    preambles = work / "preambles"
    alone = []
    for _ in range(2):  # the first fills the preamble directory
        started = time.monotonic()
        run = subprocess.run([str(args.cudalint), "-p", str(database), str(unit),
                              f"--preamble-dir={preambles}", "--verbose"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.monotonic() - started
        parse, analysis = map(float, TIMES.search(run.stderr).groups())
        alone.append((wall, parse + analysis))
    # The server shares the preamble directory: both parse the file, not
    # the CUDA headers.
    client = Client(command_for(args) + [f"--compile-commands-dir={database}",
                                         f"--preamble-dir={preambles}"], unit.parent)
    client.request("initialize", {"processId": os.getpid(), "rootUri": unit.parent.as_uri(),
                                  "capabilities": {"window": {"workDoneProgress": True}}})
    client.wait(lambda m: m.get("id") == 1, 60)
    client.notify("initialized", {})
    text = unit.read_text()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": unit.as_uri(), "languageId": "cuda", "version": 1, "text": text}})
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == unit.as_uri(), 1800)
    edits = []
    version = 2
    for _ in range(args.repeat):
        last, version = type_line(client, unit, version, 0, "// an edit", 0.06)
        edited = version - 1
        worker = []

        def diagnostics_of_edit(message):
            if message.get("method") == "window/logMessage":
                said = message["params"]["message"]
                if f"(version {edited})" in said and TIMES.search(said):
                    worker.append(sum(map(float, TIMES.search(said).groups())))
            return (message.get("method") == "textDocument/publishDiagnostics"
                    and message["params"]["uri"] == unit.as_uri()
                    and message["params"].get("version") == edited)

        when, _ = client.wait(diagnostics_of_edit, 1800)
        edits.append((when - last, worker[-1]))
        version = remove_line(client, unit, version, 0)
        client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"].get("version") == version - 1, 1800)
    client.close()
    wall, worked = alone[-1]
    print(f"{args.mode}: {unit.name} ({len(text.splitlines())} lines)")
    print(f"  cudalint -p alone (warm preamble): {wall:.2f} s, of which parse and analysis "
          f"{worked:.2f} s")
    for latency, analysis in edits:
        print(f"  edit: last keystroke -> diagnostics {latency:.2f} s; the worker's parse and "
              f"analysis {analysis:.2f} s; the editor's share {latency - analysis:.2f} s")
    shares = sorted(latency - analysis for latency, analysis in edits)
    print(f"  the editor's share: median {statistics.median(shares):.2f} s, "
          f"max {shares[-1]:.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cudalint", type=Path, default=ROOT / "build" / "bin" / "cudalint")
    parser.add_argument("--clangd", default="clangd-22")
    parser.add_argument("--mode", choices=["clangd", "lsp", "both"], default="both")
    parser.add_argument("--lines", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--churn", type=int, default=10)
    parser.add_argument("--unit", help="a large unit of a real project")
    parser.add_argument("-p", help="the compile database directory of --unit")
    args = parser.parse_args()
    args.cudalint = args.cudalint.resolve()
    modes = ["clangd", "lsp"] if args.mode == "both" else [args.mode]
    if args.unit:
        modes = ["lsp"]
    if "clangd" in modes and not shutil.which(args.clangd):
        sys.exit(f"{args.clangd} not found (--clangd)")
    for mode in modes:
        args.mode = mode
        with tempfile.TemporaryDirectory(prefix="cudalint-lsp-latency-") as work:
            if args.unit:
                large_unit(args, Path(work))
            else:
                small_file(args, Path(work))


if __name__ == "__main__":
    main()
