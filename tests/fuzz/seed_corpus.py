#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the seed corpora of the fuzz targets, OUT/<target>/, from the
project's own inputs: reports, baselines and cache entries that cudalint
writes for testdata/, the database and configuration shapes the e2e tests
use, and editor sessions as tests/e2e/lsp_protocol.py drives them. The build
runs it (tests/fuzz/CMakeLists.txt); the fuzzers grow what they reach from
these seeds, and the inputs that found bugs are kept in regressions/.

    tests/fuzz/seed_corpus.py --cudalint build/bin/cudalint --out build/tests/fuzz/seeds
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
CORPUS = None  # --out


def put(target, data, name=None):
    if isinstance(data, str):
        data = data.encode()
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    name = name or "seed-" + hashlib.sha1(data).hexdigest()[:16]
    (folder / name).write_bytes(data)


def databases():
    entries = [
        {"directory": "/work/project/build", "file": "../src/kernel.cu",
         "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                    "-DGGML_CUDA -I/work/project/include -isystem=/usr/local/cuda/include "
                    "-O3 -std=c++17 \"--generate-code=arch=compute_90,code=[compute_90,sm_90]\" "
                    "-Xcompiler=-fPIC -x cu -c ../src/kernel.cu -o kernel.cu.o"},
        {"directory": "/work/project/build", "file": "/work/project/src/host.cpp",
         "arguments": ["/usr/bin/c++", "-I/usr/local/cuda/include", "-std=gnu++17",
                       "-o", "host.cpp.o", "-c", "/work/project/src/host.cpp"]},
        {"directory": "/work/project", "file": "src/cuda.c",
         "command": "ccache gcc -Iinclude -DGPU -I/usr/local/cuda/include 'src/cuda.c' -c -o obj/cuda.o"},
        {"directory": "/work/project", "file": "a.cu",
         "command": "clang++ -x cuda --cuda-gpu-arch=sm_80 -c a.cu @flags.rsp", "output": "a.o"},
    ]
    yield json.dumps(entries, indent=2)
    yield json.dumps(entries[:1])
    # broken_database.py's shapes: no file, arguments not strings, not an array
    yield json.dumps([{"directory": "/p", "arguments": ["clang++", "-c", "x.cu"]},
                      {"directory": "/p", "file": "y.cu", "arguments": [1, 2]},
                      {"directory": "/p", "file": "z.cu", "command": ""}])
    yield "{\"directory\": \"/p\"}"
    yield "[]"
    yield "[" * 64 + "]" * 64


def command_lines():
    # First line: the `command`; the rest: args.rsp beside it.
    yield "nvcc -c unit.cu -o unit.o\n"
    yield ("/usr/local/cuda/bin/nvcc -ccbin /usr/bin/g++-12 -Xcompiler -fPIC,-Wall,-O2 "
           "-gencode arch=compute_80,code=sm_80 -gencode=arch=compute_90a,code=[sm_90a,compute_90a] "
           "--expt-relaxed-constexpr --extended-lambda -rdc=true -std=c++17 -c unit.cu\n")
    yield "nvcc --options-file args.rsp -c unit.cu\n-DFROM_FILE=1 -I'include dir' \"-DQ=\\\"x\\\"\"\n"
    yield "nvcc @args.rsp -c unit.cu\n--use_fast_math -lineinfo -G -Xptxas -v --maxrregcount=64\n"
    yield "clang++ -x cuda --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda -fsyntax-only unit.cu\n"
    yield "ccache g++ -I/usr/local/cuda/include -include cuda_runtime.h -c unit.cu -MD -MF unit.d\n"
    yield "nvcc -x cu -Xcompiler \"-fopenmp -pthread\" -Werror cross-execution-space-call -c unit.cu\n"
    yield "nvcc -DX='a b' -U Y -isystem /opt/include -arch=sm_75 -code=sm_75,compute_75 unit.cu\n"


def configs():
    yield "Checks: '-*,cuda-alloc-pointer-arg'\n"
    yield ("---\nChecks: 'cuda-*,-cuda-memory-leak'\nWarningsAsErrors: 'cuda-unchecked-error'\n"
           "HeaderFilterRegex: '.*/include/.*'\nUnits: cuda\nExtraArgs: ['-DNDEBUG']\n"
           "ExtraArgsBefore: ['-Wno-everything']\nInheritParentConfig: true\n"
           "CheckOptions:\n  - key: cuda-unchecked-error.CheckMacro\n    value: CUDA_CHECK\n"
           "  cuda-memory-leak.ReportAtExit: false\n...\n")
    yield "Checks: '-*\nCheckOptions: [\n"
    yield "Checkz: 'cuda-*'\nUnits: all\n"
    yield "Checks:\n  - cuda-*\n  - -cuda-double-free\nCheckOptions: {a.b: 1}\n"


def editor_session(messages):
    out = b""
    for message in messages:
        body = json.dumps(message).encode()
        out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return out


def lsp_sessions():
    root = "file:///nonexistent/cudalint-fuzz"
    kernel = ("#include <cuda_runtime.h>\n__global__ void k(float *p) { p[0] = 1; }\n"
              "void f() { float *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); }\n")
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"rootUri": root, "capabilities": {}}}
    shutdown = [{"jsonrpc": "2.0", "id": 9, "method": "shutdown"},
                {"jsonrpc": "2.0", "method": "exit"}]
    doc = {"uri": root + "/a.cu", "languageId": "cuda", "version": 1, "text": kernel}
    yield editor_session([initialize, {"jsonrpc": "2.0", "method": "initialized", "params": {}}]
                         + shutdown)
    yield editor_session([initialize,
                          {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                           "params": {"textDocument": doc}},
                          {"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
                           "params": {"textDocument": {"uri": doc["uri"]},
                                      "range": {"start": {"line": 2, "character": 0},
                                                "end": {"line": 2, "character": 5}},
                                      "context": {"diagnostics": []}}},
                          {"jsonrpc": "2.0", "method": "textDocument/didClose",
                           "params": {"textDocument": {"uri": doc["uri"]}}}] + shutdown)
    # test_malformed_messages: not JSON, not an object, an odd id, unknown methods
    yield (b"Content-Length: 5\r\n\r\n{oops" + editor_session(
        [[1, 2, 3], {"jsonrpc": "2.0", "id": {"nested": 1}, "method": "shutdown"},
         {"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}]) + b"Content-Length: 99999999\r\n\r\n")
    yield editor_session([initialize, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                                       "params": {"textDocument": dict(doc, uri="file:///x.txt",
                                                                       text="int x;")}},
                          {"jsonrpc": "2.0", "method": "textDocument/didSave",
                           "params": {"textDocument": {"uri": "file:///x.txt"}}}])


def from_cudalint(cudalint):
    sources = sorted((REPO / "testdata" / "checks").glob("*.cu"))[:12]
    sources += [REPO / "testdata" / "example" / "src" / "main.cu"]

    def seeds_of(index, source, work):
        """Four runs on one source; the last step of the build, so the sources
        run side by side. Seed names are content hashes: the order of writing
        does not matter."""
        work = work / f"source{index}"
        work.mkdir()
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        for fmt in ("json", "sarif"):
            out = work / f"report.{fmt}"
            subprocess.run([cudalint, "--cuda-path=none", f"--format={fmt}",
                            f"--output={out}", str(source), "--"], **quiet)
            if out.exists():
                put("report_merge", out.read_bytes())
        baseline = work / "baseline.json"
        subprocess.run([cudalint, "--cuda-path=none", f"--write-baseline={baseline}",
                        str(source), "--"], **quiet)
        if baseline.exists():
            put("baseline", baseline.read_bytes())
        cache = work / "cache"
        subprocess.run([cudalint, "--cuda-path=none", f"--cache-dir={cache}", str(source), "--"],
                       **quiet)
        for entry in sorted(p for p in cache.rglob("*") if p.is_file()
                            and "preambles" not in p.parts):
            put("cache_entry", entry.read_bytes())
        put("nolint", source.read_bytes())

    with tempfile.TemporaryDirectory() as work, \
            concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for done in [pool.submit(seeds_of, index, source, pathlib.Path(work))
                     for index, source in enumerate(sources)]:
            done.result()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cudalint", required=True)
    parser.add_argument("--out", required=True, type=pathlib.Path,
                        help="emptied, then given one folder of seeds per target")
    parser.add_argument("--stamp", type=pathlib.Path,
                        help="touched once every seed is written (for the build)")
    args = parser.parse_args()
    global CORPUS
    CORPUS = args.out.resolve()
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    for text in databases():
        put("compile_database", text)
    for text in command_lines():
        put("command_translation", text)
    for text in configs():
        put("config", text)
    for data in lsp_sessions():
        put("lsp", data)
    for source in sorted((REPO / "testdata" / "nolint").glob("*.cu")):
        put("nolint", source.read_bytes())
    put("report_merge", "{\"version\": 1}")
    put("baseline", "{\"version\": 1, \"findings\": []}")
    from_cudalint(args.cudalint)
    for folder in sorted(CORPUS.iterdir()):
        print(f"{folder.name}: {len(list(folder.iterdir()))} seeds")
    if args.stamp:
        args.stamp.touch()


if __name__ == "__main__":
    main()
