#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Calls from one unit of a compile database into functions another unit
defines, modelled from their summaries (checks/shared/ProjectFunctions.h), one case
per run (--case):

  findings   wrappers defined in a C unit and a C++ unit (return device
             memory, write it through `T **` and `T *&` out-parameters,
             release it, synchronise the device or a stream, use a host
             buffer and let go, keep one, drop a status) called from a
             CUDA unit, and a class whose
             destructor releases its member through one, and kernel
             launchers (a function and a template's explicit instance,
             and a dispatcher of a third unit between one and its callers)
             whose launch errors the callers of another unit check, or
             not, with the summaries (the default): each bug marked BUG is found
             at its line and nothing else is; with --cross-unit-summaries=false
             none of them is; -j1
             and -j4 write the same report; cuda-unchecked-error alone
             still gets the summaries
  unparsed-caller
             a launcher whose only caller is in a unit with errors is not
             reported with the summaries (that caller's check cannot be
             seen), nor an override another unit calls through its base
             class and checks, nor a template's instance nobody calls
             beside one a checking caller calls; one nobody calls is
  cache      with --cache-dir a second run reuses every entry and reports the
             same, having analysed again only the units the others'
             summaries tell more of; a wrapper that stops releasing its
             parameter turns the caller's release into a leak though the
             caller did not change
  shard      each shard, and a --changed-since run that analyses the caller
             alone, reads the summaries of the whole database
  order      the unit that defines what a finished unit asked of in vain
             (`pool.h`'s functions, in `pool.cpp` beside it, not the
             `tests/pool.cpp` of the same name) starts next, and a
             launcher nothing in its unit refers to is taken as called
             elsewhere: one unit of six is analysed again, and -j4 writes
             the report -j1 does
  readers    a helper of a later unit reads the launch error: the units
             whose launch, or runtime call's status, only the helper reads
             are analysed again and their reports dropped; the unit that
             reads its own launch's error and calls the helper too is
             spared a second analysis, though it loses statuses where the
             helper is not called
  waits      a function whose only CUDA is a call of another unit's
             function that waits for device work is not explored (nothing
             it does can show a bug), one that calls a wrapper handing out
             device memory is; a helper of the unit that only waits is
             still followed, so the host read after it is not a race
"""

import json
import re
import subprocess
import textwrap

import harness

HEADERS = "--cuda-path=none"

WRAPPERS_H = """\
#pragma once
#include <cuda_runtime.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
float *cuda_make_array(const float *x, size_t n);
void cuda_free_array(float *x_gpu);
cudaError_t alloc_device(float **out, size_t n);
void device_sync_all(void);
void stream_finish(cudaStream_t stream);
void check_status(cudaError_t status, const char *what);
void fill_host(float *h, size_t n);
void remember(float *p);
void check_launch(const char *what);
#ifdef __cplusplus
}
void allocPinned(float *&out, size_t n);
void launchFill(float *x, int n, cudaStream_t stream);
void launchOrphan(float *x);
void launchMaybe(float *x, bool fill);
void launchMaybeUnread(float *x, bool fill);
template <typename T> void launchScaleT(T *x, int n);
template <typename T> void launchScaleMaybeT(T *x, int n, bool scale);
void dispatchFill(float *x, int n);
void dispatchFillMaybe(float *x, int n, bool fill);
void dispatchFillMaybeUnread(float *x, int n, bool fill);
template <typename T> void checkMeanT(const T *x, int n);
void launchWithWorkspace(void *workspace, size_t &size, float *x);
void launchWithWorkspaceUnread(void *workspace, size_t &size, float *x);
void blockForward(float *x, int n);
void blockForwardUnread(float *x, int n);
void layerForward(float *x, int n, int blocks);
void layerForwardUnread(float *x, int n, int blocks);
#endif
"""

# Host CUDA code in a C unit, as darknet keeps it.
WRAPPERS_C = """\
#include "wrappers.h"
#include <stdlib.h>

static float *kept;

float *cuda_make_array(const float *x, size_t n) {
  float *x_gpu;
  cudaError_t status = cudaMalloc((void **)&x_gpu, n * sizeof(float));
  if (status != cudaSuccess)
    return NULL;
  if (x)
    (void)cudaMemcpy(x_gpu, x, n * sizeof(float), cudaMemcpyHostToDevice);
  return x_gpu;
}

void cuda_free_array(float *x_gpu) {
  if (x_gpu)
    (void)cudaFree(x_gpu);
}

cudaError_t alloc_device(float **out, size_t n) {
  return cudaMalloc((void **)out, n * sizeof(float));
}

void device_sync_all(void) { (void)cudaDeviceSynchronize(); }

void fill_host(float *h, size_t n) {
  for (size_t i = 0; i < n; ++i)
    h[i] = (float)i;
}

void remember(float *p) { kept = p; }

void stream_finish(cudaStream_t stream) { (void)cudaStreamSynchronize(stream); }

void check_launch(const char *what) {
  cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    (void)what;
}

/* The check as a release build compiles it: the status goes nowhere. */
void check_status(cudaError_t status, const char *what) {
  (void)status;
  (void)what;
}
"""

WRAPPERS_CU = """\
#include "wrappers.h"

void allocPinned(float *&out, size_t n) {
  if (cudaMallocHost((void **)&out, n * sizeof(float)) != cudaSuccess)
    out = nullptr;
}

__global__ void fillKernel(float *x, int n) {
  if ((int)threadIdx.x < n)
    x[threadIdx.x] = 1.0f;
}

template <typename T> __global__ void scaleKernel(T *x, int n) {
  if ((int)threadIdx.x < n)
    x[threadIdx.x] *= T(2);
}

// Launchers whose errors their callers in main.cu read (or do not).
void launchFill(float *x, int n, cudaStream_t stream) {
  fillKernel<<<1, 256, 0, stream>>>(x, n); // ALONE cuda-unchecked-error
}

// A check helper template whose specialisations only this unit defines.
template <typename T> void checkMeanT(const T *x, int n) {
  if (cudaGetLastError() != cudaSuccess)
    (void)x;
  (void)n;
}
template void checkMeanT<float>(const float *x, int n);

// Size queries: with a null workspace they only say how large a one they
// need. main.cu asks that unchecked, which launches nothing, and reads the
// error after the call that launches; or, for the second, passes null for
// another parameter and never reads it.
void launchWithWorkspace(void *workspace, size_t &size, float *x) {
  if (workspace == nullptr) {
    size = 256 * sizeof(float);
    return;
  }
  fillKernel<<<1, 256>>>(x, 256); // ALONE cuda-unchecked-error
}

void launchWithWorkspaceUnread(void *workspace, size_t &size, float *x) {
  if (!workspace) {
    size = 256 * sizeof(float);
    return;
  }
  fillKernel<<<1, 256>>>(x ? x : (float *)workspace, 256); // BUG cuda-unchecked-error // ALONE cuda-unchecked-error
}

template <typename T> void launchScaleT(T *x, int n) {
  scaleKernel<<<1, 256>>>(x, n); // ALONE cuda-unchecked-error
}
template void launchScaleT<float>(float *x, int n);

// A template that launches under a condition, instantiated twice; only the
// float instance is called, by a caller that reads the error after it. The
// double instance is code that never runs.
template <typename T> void launchScaleMaybeT(T *x, int n, bool scale) {
  if (scale)
    scaleKernel<<<1, 256>>>(x, n); // ALONE cuda-unchecked-error
}
template void launchScaleMaybeT<float>(float *x, int n, bool scale);
template void launchScaleMaybeT<double>(double *x, int n, bool scale);

// They launch only when asked to: a caller that does not read the error
// after its call cannot tell whether it left one pending, so the launch is
// judged here, as without summaries; where every caller reads it after the
// call, nothing is lost.
void launchMaybe(float *x, bool fill) {
  if (fill)
    fillKernel<<<1, 256>>>(x, 256); // ALONE cuda-unchecked-error
}

void launchMaybeUnread(float *x, bool fill) {
  if (fill)
    fillKernel<<<1, 256>>>(x, 256); // BUG cuda-unchecked-error // ALONE cuda-unchecked-error
}

// Nobody in the database calls it, so nobody reads its launch's error.
void launchOrphan(float *x) {
  fillKernel<<<1, 1>>>(x, 1); // BUG cuda-unchecked-error // ALONE cuda-unchecked-error
}

// A layer of dispatch.cu's blocks, which leaves the last block's error to
// its own callers in main.cu.
void layerForward(float *x, int n, int blocks) {
  for (int b = 0; b < blocks; ++b)
    blockForward(x, n);
}

void layerForwardUnread(float *x, int n, int blocks) {
  for (int b = 0; b < blocks; ++b)
    blockForwardUnread(x, n);
}
"""

# A dispatcher between the launcher of wrappers.cu and the callers of main.cu,
# as generated kernel files sit under a library's dispatch layer: the error of
# the launch two units away is its callers' to read. Its `default:` is an
# assertion that a release build (-DNDEBUG) compiles out: still no path on
# which the dispatcher returns without launching, as its author meant.
DISPATCH_CU = """\
#include "wrappers.h"
#include <assert.h>
#include <stdlib.h>

void dispatchFill(float *x, int n) {
  switch (n % 4) {
  case 0:
    launchFill(x, n, 0);
    break;
  case 1:
  case 2:
  case 3:
    launchFill(x, n - n % 4, 0);
    break;
  default:
    assert(false && "negative size");
  }
}

// A dispatcher that calls the launcher under a condition: its callers that
// read the error after their calls lose nothing; one that does not may.
void dispatchFillMaybe(float *x, int n, bool fill) {
  if (fill)
    launchFill(x, n, 0);
}

void dispatchFillMaybeUnread(float *x, int n, bool fill) {
  if (fill)
    launchFill(x, n, 0); // BUG cuda-unchecked-error
}

// A model's block: it reads the error after its first launch and leaves
// its last one's to the next block or to the caller of the layer in
// wrappers.cu that runs it. main.cu reads it after the first layer, not
// after the second.
void blockForward(float *x, int n) {
  launchFill(x, n, 0);
  if (cudaGetLastError() != cudaSuccess)
    abort();
  launchFill(x, n, 0);
}

void blockForwardUnread(float *x, int n) {
  launchFill(x, n, 0);
  if (cudaGetLastError() != cudaSuccess)
    abort();
  launchFill(x, n, 0); // BUG cuda-unchecked-error
}
"""

MAIN_CU = """\
#include "wrappers.h"
#include <stdio.h>
#include <stdlib.h>

__global__ void scale(float *x, int n) {
  int i = threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

void leakedWrapperArray() {
  float *d = cuda_make_array(NULL, 256); // BUG cuda-memory-leak
  if (!d)
    return;
  scale<<<1, 256>>>(d, 256);
  (void)cudaGetLastError();
}

void releasedWrapperArray() {
  float *d = cuda_make_array(NULL, 256);
  if (!d)
    return;
  scale<<<1, 256>>>(d, 256);
  (void)cudaGetLastError();
  cuda_free_array(d);
}

void freedTwiceThroughWrapper() {
  float *d = cuda_make_array(NULL, 256);
  if (!d)
    return;
  cuda_free_array(d);
  cuda_free_array(d); // BUG cuda-double-free
}

void usedAfterWrapperRelease() {
  float *d = cuda_make_array(NULL, 256);
  if (!d)
    return;
  cuda_free_array(d);
  scale<<<1, 256>>>(d, 256); // BUG cuda-use-after-free
  (void)cudaGetLastError();
}

void pageableReleasedByDeviceWrapper() {
  float *h = (float *)malloc(256 * sizeof(float));
  float *d = cuda_make_array(NULL, 256);
  if (!h || !d) {
    free(h);
    cuda_free_array(d);
    return;
  }
  scale<<<1, 256>>>(d, 256);
  (void)cudaGetLastError();
  cuda_free_array(h); // BUG cuda-mismatched-free
  cuda_free_array(d);
}

void outParameterLeak() {
  float *d = NULL;
  if (alloc_device(&d, 256) != cudaSuccess) // BUG cuda-memory-leak
    return;
  scale<<<1, 256>>>(d, 256);
  (void)cudaGetLastError();
}

void outParameterReleased() {
  float *d = NULL;
  if (alloc_device(&d, 256) != cudaSuccess)
    return;
  scale<<<1, 256>>>(d, 256);
  (void)cudaGetLastError();
  (void)cudaFree(d);
}

void pinnedThroughReferenceFreedWithCudaFree() {
  float *h = nullptr;
  allocPinned(h, 256);
  if (!h)
    return;
  (void)cudaFree(h); // BUG cuda-mismatched-free
}

void pinnedThroughReferenceReleased() {
  float *h = nullptr;
  allocPinned(h, 256);
  if (!h)
    return;
  (void)cudaFreeHost(h);
}

void hostBufferUsedByHelper() {
  float *h = NULL;
  if (cudaMallocHost((void **)&h, 256 * sizeof(float)) != cudaSuccess) // BUG cuda-memory-leak
    return;
  float *d = cuda_make_array(NULL, 256);
  if (!d) {
    (void)cudaFreeHost(h);
    return;
  }
  fill_host(h, 256);
  (void)cudaMemcpy(d, h, 256 * sizeof(float), cudaMemcpyHostToDevice);
  cuda_free_array(d);
}

void hostBufferKeptByHelper() {
  float *h = NULL;
  if (cudaMallocHost((void **)&h, 256 * sizeof(float)) != cudaSuccess)
    return;
  float *d = cuda_make_array(NULL, 256);
  if (!d) {
    (void)cudaFreeHost(h);
    return;
  }
  fill_host(h, 256);
  remember(h);
  (void)cudaMemcpy(d, h, 256 * sizeof(float), cudaMemcpyHostToDevice);
  cuda_free_array(d);
}

// A member the destructor releases through the wrapper: no member leak.
class DeviceArray {
public:
  DeviceArray() {
    (void)cudaMalloc((void **)&data, 256 * sizeof(float));
    (void)cudaMalloc((void **)&scratch, 256 * sizeof(float));
  }
  ~DeviceArray() {
    (void)cudaFree(scratch);
    cuda_free_array(data);
  }
  float *data = nullptr;
  float *scratch = nullptr;
};

void useDeviceArray() {
  DeviceArray array;
  scale<<<1, 256>>>(array.data, 256);
  (void)cudaGetLastError();
}

float readAfterWrapperSync() {
  float *m = NULL;
  if (cudaMallocManaged((void **)&m, 256 * sizeof(float)) != cudaSuccess)
    return 0;
  scale<<<1, 256>>>(m, 256);
  (void)cudaGetLastError();
  device_sync_all();
  float first = m[0]; // ALONE cuda-unsynchronized-host-read
  (void)cudaFree(m);
  return first;
}

float readAfterStreamFinish(cudaStream_t stream) {
  float *m = NULL;
  if (cudaMallocManaged((void **)&m, 256 * sizeof(float)) != cudaSuccess)
    return 0;
  scale<<<1, 256, 0, stream>>>(m, 256);
  (void)cudaGetLastError();
  stream_finish(stream);
  float first = m[0]; // ALONE cuda-unsynchronized-host-read
  (void)cudaFree(m);
  return first;
}

void allocationCheckedByStub(float **out) {
  check_status(cudaMalloc((void **)out, 64), "cudaMalloc"); // BUG cuda-unchecked-error
}

void fillCheckedHere(float *d) {
  launchFill(d, 256, 0);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

void fillCheckedByHelperElsewhere(float *d) {
  launchFill(d, 256, 0);
  check_launch("fill");
}

void scaleCheckedHere(float *d) {
  launchScaleT(d, 256);
  if (cudaPeekAtLastError() != cudaSuccess)
    abort();
}

void fillMaybe(float *d) {
  launchMaybe(d, false);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

void fillMaybeUnread(float *d) {
  launchMaybeUnread(d, true);
  (void)cudaDeviceSynchronize();
}

void scaleMaybeCheckedHere(float *d) {
  launchScaleMaybeT(d, 256, true);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

void dispatchedMaybe(float *d) {
  dispatchFillMaybe(d, 256, true);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

void dispatchedMaybeUnread(float *d) {
  dispatchFillMaybeUnread(d, 256, true);
  (void)cudaDeviceSynchronize();
}

// Templates main never instantiates: the first reads the error through
// the helper of wrappers.cu by a dependent name, the second does not.
template <typename T> void syncThenCheckMean(T *x, int n) {
  cudaDeviceSynchronize(); // ALONE cuda-unchecked-error
  checkMeanT(x, n);
}

template <typename T> void syncUnchecked(T *x, int n) {
  cudaDeviceSynchronize(); // BUG cuda-unchecked-error // ALONE cuda-unchecked-error
  (void)x;
  (void)n;
}

size_t workspaceSize() {
  size_t size = 0;
  launchWithWorkspace(nullptr, size, NULL);
  launchWithWorkspaceUnread(NULL, size, nullptr);
  return size;
}

void fillWithWorkspace(void *workspace) {
  size_t size = 0;
  launchWithWorkspace(workspace, size, (float *)workspace);
  if (cudaGetLastError() != cudaSuccess)
    abort();
  launchWithWorkspaceUnread(workspace, size, nullptr);
  (void)cudaDeviceSynchronize();
}

void dispatchedCheckedHere(float *d) {
  dispatchFill(d, 256);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

void modelForward(float *d) {
  layerForward(d, 256, 2);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

void modelForwardUnread(float *d) {
  layerForwardUnread(d, 256, 2);
  (void)cudaDeviceSynchronize();
}

void dispatchedNeverChecked(float *d) {
  dispatchFill(d, 256); // BUG cuda-unchecked-error
}

void fillNeverChecked(float *d) {
  launchFill(d, 256, 0); // BUG cuda-unchecked-error
  (void)cudaDeviceSynchronize();
}

float readWithoutSync() {
  float *m = NULL;
  if (cudaMallocManaged((void **)&m, 256 * sizeof(float)) != cudaSuccess)
    return 0;
  scale<<<1, 256>>>(m, 256);
  (void)cudaGetLastError();
  float first = m[0]; // BUG cuda-unsynchronized-host-read
  (void)cudaDeviceSynchronize();
  (void)cudaFree(m);
  return first;
}
"""

# The caller's findings without the wrappers' summaries: the race that is
# one either way, and the reads after device_sync_all() and stream_finish(),
# which only their summaries show to be synchronised (ALONE marks them).
ALONE = {"cuda-unsynchronized-host-read"}


def write_project(args):
    src = args.work_dir / "src"
    src.mkdir(parents=True, exist_ok=True)
    files = {"wrappers.h": WRAPPERS_H, "wrappers.c": WRAPPERS_C,
             "wrappers.cu": WRAPPERS_CU, "dispatch.cu": DISPATCH_CU, "main.cu": MAIN_CU}
    for name, text in files.items():
        (src / name).write_text(text)
    commands = [("wrappers.c", ["gcc", "-std=c11"]),
                ("wrappers.cu", ["nvcc", "-std=c++17"]),
                ("dispatch.cu", ["nvcc", "-std=c++17", "-DNDEBUG"]),
                ("main.cu", ["nvcc", "-std=c++17"])]
    entries = [{"directory": str(src), "file": str(src / name),
                "arguments": [*compiler, "-c", name, "-o", name + ".o"]}
               for name, compiler in commands]
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return src


def expected(src, mark="BUG"):
    marks = set()
    for name in ("main.cu", "wrappers.c", "wrappers.cu", "dispatch.cu"):
        for number, line in enumerate((src / name).read_text().splitlines(), 1):
            if m := re.search(rf"// {mark} (\S+)", line):
                marks.add((name, number, m.group(1)))
    return marks


def lint(args, *extra, expect=(harness.EXIT_FINDINGS,), summaries=True):
    result = harness.run([args.cudalint, "-p", args.work_dir, HEADERS, "--use-color=false",
                          "--format=json", *([] if summaries else ["--cross-unit-summaries=false"]),
                          *extra], cwd=args.work_dir)
    harness.expect(result.returncode in expect,
                   f"exit {result.returncode}, expected {expect}:\n{result.stderr}")
    return result


def found(result):
    report = harness.report(result.stdout)
    harness.expect(not report["problems"], f"problems: {report['problems']}")
    return {(f["file"].rsplit("/", 1)[-1], f["line"], f["check"]) for f in report["findings"]}


def findings(args):
    src = write_project(args)
    marks = expected(src)
    with_summaries = lint(args, "-j1")
    got = found(with_summaries)
    harness.expect(got == marks, f"missing {sorted(marks - got)}, unexpected {sorted(got - marks)}")
    alone = found(lint(args, "-j1", summaries=False))
    harness.expect(alone == {m for m in marks if m[2] in ALONE} | expected(src, "ALONE"),
                   f"without summaries: {sorted(alone)}")
    parallel = lint(args, "-j4")
    harness.expect(parallel.stdout == with_summaries.stdout, "-j4 wrote another report than -j1")
    # An AST check that reads summaries asks for the pass on its own.
    statuses = found(lint(args, "-j1", "--checks=-*,cuda-unchecked-error"))
    harness.expect(statuses == {m for m in marks if m[2] == "cuda-unchecked-error"},
                   f"cuda-unchecked-error alone: {sorted(statuses)}")
    print(f"findings: {len(marks)} found across units, {len(alone)} without the summaries")


def cache(args):
    src = write_project(args)
    marks = expected(src)
    cache_dir = args.work_dir / "cache"
    # One unit at a time, in a fixed order (run/UnitOrder.h): each unit is
    # handed the summaries of those done before it, so how many are
    # analysed again is fixed.
    first = lint(args, f"--cache-dir={cache_dir}", "-j1")
    harness.expect(found(first) == marks, "the first cached run's findings differ")
    second = lint(args, f"--cache-dir={cache_dir}", "--verbose", "-j1")
    harness.expect(found(second) == marks, "the warm run's findings differ")
    harness.expect_contains(second.stderr, "4 of 4 units reused", "the warm run's cache note")
    # main.cu includes wrappers.h, so it is done after wrappers.c and
    # wrappers.cu; but it calls dispatch.cu's dispatcher, whose name it
    # does not include, and wrappers.cu's launch facts come from main.cu:
    # both are analysed again, for launch errors alone.
    harness.expect_contains(second.stderr,
                            "2 of 4 units analysed again with them (2 for launch errors alone;",
                            "the units analysed with the others' summaries")
    # The wrapper stops releasing: main.cu did not change, and its release
    # through the wrapper is now a leak.
    (src / "wrappers.c").write_text(WRAPPERS_C.replace("(void)cudaFree(x_gpu);", "(void)x_gpu;"))
    third = found(lint(args, f"--cache-dir={cache_dir}"))
    leaks = {(f, line) for f, line, check in third if f == "main.cu" and check == "cuda-memory-leak"}
    released_line = next(n for n, text in enumerate(MAIN_CU.splitlines(), 1)
                         if "void releasedWrapperArray" in text) + 1
    harness.expect(("main.cu", released_line) in leaks,
                   f"no leak at main.cu:{released_line} once the wrapper stopped releasing: {sorted(third)}")
    print("cache: reused warm, invalidated by the wrapper's change")


def shard(args):
    src = write_project(args)
    marks = expected(src)
    main_marks = {m for m in marks if m[0] == "main.cu"}
    per_shard = set()
    for index in (1, 2, 3):
        result = lint(args, f"--shard={index}/3", expect=(harness.EXIT_FINDINGS, harness.EXIT_CLEAN))
        per_shard |= found(result)
    harness.expect(per_shard == marks, f"the shards found {sorted(per_shard)}")
    # Diff mode: a repository whose only change is main.cu.
    subprocess.run(["git", "init", "-q"], cwd=src, check=True)
    subprocess.run(["git", "add", "."], cwd=src, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"],
                   cwd=src, check=True)
    (src / "main.cu").write_text(MAIN_CU + "\n// touched\n")
    changed = found(lint(args, "--changed-since=HEAD", f"--source-root={src}"))
    harness.expect(changed == main_marks, f"--changed-since found {sorted(changed)}")
    print(f"shard: 3 shards and --changed-since read the whole database's summaries")


# A launcher whose only caller is in a unit clang rejects: that caller's check
# cannot be seen, so the launch is not reported; a launcher nobody calls is.
LAYERS_H = """\
struct Layer {
  virtual ~Layer();
  virtual void forward(float *x) = 0;
};
struct FusedLayer : Layer {
  void forward(float *x) override;
};
"""

LAUNCHERS_CU = """\
#include <cuda_runtime.h>
#include "layers.h"

__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }

Layer::~Layer() {}

void FusedLayer::forward(float *x) { fill<<<1, 32>>>(x); }

// Instantiated for two types, called for one: the other instance never runs.
template <typename T> void launchTyped(T *x) { fill<<<1, 32>>>((float *)x); }
template void launchTyped<float>(float *x);
template void launchTyped<double>(double *x);

void launchForTheBrokenUnit(float *x) { fill<<<1, 32>>>(x); }

void launchForNobody(float *x) {
  fill<<<1, 32>>>(x); // BUG cuda-unchecked-error
}
"""

BROKEN_CU = """\
#include <cuda_runtime.h>
#include <stdlib.h>
#include "solver/not_checked_out.h"

void launchForTheBrokenUnit(float *x);

template <typename T> void step(T *x) {
  launchForTheBrokenUnit(x);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}

// More errors than clang's error limit, past which it instantiates nothing.
void configuredElsewhere() {
""" + "".join(f"  undeclaredInThisConfiguration{i}();\n" for i in range(30)) + """\
}

template void step<float>(float *x);
"""


# A model of a third unit calls the override through its base class and
# checks: FusedLayer::forward's launch is read there.
MODEL_CU = """\
#include <cuda_runtime.h>
#include <stdlib.h>
#include "layers.h"

template <typename T> void launchTyped(T *x);

void runModel(Layer *layer, float *x) {
  layer->forward(x);
  launchTyped(x);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}
"""


def write_nvcc_project(args, header, files):
    """Writes `header` (name, text) and the .cu `files`, each compiled alone by
    nvcc, and returns the findings their `// BUG check` comments mark."""
    src = args.work_dir / "src"
    src.mkdir(parents=True, exist_ok=True)
    (src / header[0]).write_text(header[1])
    for name, text in files.items():
        (src / name).write_text(text)
    entries = [{"directory": str(src), "file": str(src / name),
                "arguments": ["nvcc", "-std=c++17", "-c", name, "-o", name + ".o"]}
               for name in files]
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    return {(name, number, m.group(1)) for name in files
            for number, line in enumerate(files[name].splitlines(), 1)
            if (m := re.search(r"// BUG (\S+)", line))}


def unparsed_caller(args):
    marks = write_nvcc_project(args, ("layers.h", LAYERS_H),
                               {"launchers.cu": LAUNCHERS_CU, "broken.cu": BROKEN_CU,
                                "model.cu": MODEL_CU})
    for summaries in (True, False):
        # The unit with errors is analysed without the function that holds
        # them and with its missing header read as empty.
        result = lint(args, "-j1", "--checks=-*,cuda-unchecked-error",
                      expect=(harness.EXIT_FINDINGS,), summaries=summaries)
        report = harness.report(result.stdout)
        harness.expect(report["problems"] == [], f"problems: {report['problems']}")
        skipped = [run["codeSkipped"] for run in report["analysis"]
                   if run["file"].endswith("broken.cu")]
        harness.expect(skipped == [[f"configuredElsewhere ({args.work_dir / 'src' / 'broken.cu'}:14)"]],
                       f"the function with the errors is skipped: {skipped}")
        got = {(f["file"].rsplit("/", 1)[-1], f["line"], f["check"]) for f in report["findings"]}
        if summaries:
            harness.expect(got == marks, f"with summaries: {sorted(got)}")
        else:
            harness.expect(len(got) == 4 and marks < got, f"without summaries: {sorted(got)}")
    print("unparsed-caller: a launcher called only from a unit with errors, or through its "
          "base class from another unit, is not reported")


# A project's allocation wrapper that returns the project's own status type,
# which the configuration names (cuda-unchecked-error.StatusTypes): where the
# status says the allocation failed, the caller has nothing to free.
APP_H = """\
#include <cuda_runtime.h>
#include <stddef.h>
typedef enum { APP_OK, APP_FAILED } appStatus_t;
appStatus_t allocBuffer(float **out, size_t n);
"""

APP_ALLOC_CU = """\
#include "app.h"

appStatus_t allocBuffer(float **out, size_t n) {
  if (cudaMalloc((void **)out, n * sizeof(float)) != cudaSuccess)
    return APP_FAILED;
  return APP_OK;
}
"""

APP_MAIN_CU = """\
#include "app.h"

float firstValue() {
  float *d = NULL;
  if (allocBuffer(&d, 256) != APP_OK)
    return 0;
  float first = 0;
  if (cudaMemcpy(&first, d, sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
    first = -1;
  (void)cudaFree(d);
  return first;
}

float firstValueLeaked() {
  float *d = NULL;
  if (allocBuffer(&d, 256) != APP_OK) // BUG cuda-memory-leak
    return 0;
  float first = 0;
  if (cudaMemcpy(&first, d, sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
    return -1;
  (void)cudaFree(d);
  return first;
}
"""


def status_types(args):
    marks = write_nvcc_project(args, ("app.h", APP_H),
                               {"alloc.cu": APP_ALLOC_CU, "main.cu": APP_MAIN_CU})
    result = lint(args, "-j1", "--checks=-*,cuda-memory-leak",
                  "--check-option=cuda-unchecked-error.StatusTypes=appStatus_t")
    harness.expect(found(result) == marks, f"with the status type: {sorted(found(result))}")
    # Without it, the path on which the wrapper failed still holds the buffer.
    unconfigured = found(lint(args, "-j1", "--checks=-*,cuda-memory-leak"))
    harness.expect(marks < unconfigured, f"without the status type: {sorted(unconfigured)}")
    print("status-types: a configured status type says where a wrapper's allocation failed")


# A pool of device buffers defined in a plain C++ unit that the CUDA units,
# analysed first, call through an inline helper of its header (GROMACS's
# HostAllocationPolicy), and a launcher that a C++ unit calls, beside a
# callback its own unit hands over.
# The CUDA units reach pool.h through buffers.h, whose name no unit bears.
BUFFERS_H = """\
#pragma once
#include "pool.h"
"""

POOL_H = """\
#pragma once
#include <cuda_runtime.h>
#include <stddef.h>
float *pool_take(size_t n);
void pool_give(float *p);
inline float *pool_take_zeroed(size_t n) {
  float *p = pool_take(n);
  if (p && cudaMemset(p, 0, n * sizeof(float)) != cudaSuccess) {
    pool_give(p);
    return nullptr;
  }
  return p;
}
void launchScale(float *x, int n);
"""

POOL_CPP = """\
#include "pool.h"
float *pool_take(size_t n) {
  float *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(float)) != cudaSuccess)
    return nullptr;
  return p;
}
void pool_give(float *p) { (void)cudaFree(p); }
"""

SOLVER_CU = """\
#include "buffers.h"
// The largest unit: done first, it asks of pool.h's functions in vain.
__global__ void relax(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 0.5f * (a[i] + b[i]);
}

int solve(int n, int steps) {
  float *a = pool_take_zeroed(n);
  float *b = pool_take(n); // BUG cuda-memory-leak
  if (!a)
    return 1;
  for (int s = 0; s < steps; ++s)
    relax<<<(n + 255) / 256, 256>>>(a, b, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    pool_give(a);
    pool_give(b);
    return 1;
  }
  pool_give(a);
  pool_give(b);
  return 0;
}
"""

FILTER_CU = """\
#include "buffers.h"
int smooth(int n) {
  float *t = pool_take(n); // BUG cuda-memory-leak
  if (cudaMemset(t, 0, n * sizeof(float)) != cudaSuccess)
    return 1;
  pool_give(t);
  return 0;
}
"""

KERNELS_CU = """\
#include <cstdlib>
#include "pool.h"
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
// app.cpp calls it and reads the error.
void launchScale(float *x, int n) { scale<<<(n + 255) / 256, 256>>>(x, n); }

static float *shown;
// Handed to atexit: nobody reads its launch's error.
void display() { scale<<<1, 32>>>(shown, 32); } // BUG cuda-unchecked-error
void showAtExit(float *x) {
  shown = x;
  std::atexit(display);
}
"""

# A test bearing the pool's name in another directory: larger than pool.cpp,
# it would start first were it taken for the pool's definition.
POOL_TEST_CPP = """\
#include "../pool.h"
int checkPool(size_t n) {
  float *p = pool_take(n);
  if (!p)
    return 1;
  float first = 0;
  if (cudaMemcpy(&first, p, sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) {
    pool_give(p);
    return 1;
  }
  pool_give(p);
  return first == 0 ? 0 : 1;
}
"""

APP_CPP = """\
#include "pool.h"
int run(float *x, int n) {
  launchScale(x, n);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
"""


def write_units(args, files):
    """Writes `files` under src/, each one not a header a unit of its own (a
    .cpp built by g++, the others by nvcc), and returns src and the lines
    marked BUG."""
    src = args.work_dir / "src"
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    entries = [{"directory": str(src), "file": str(src / name),
                "arguments": ["g++" if name.endswith(".cpp") else "nvcc", "-std=c++17", "-c",
                              name, "-o", name + ".o"]}
               for name in files if not name.endswith(".h")]
    (args.work_dir / "compile_commands.json").write_text(json.dumps(entries, indent=2))
    marks = {(name, number, m.group(1)) for name, text in files.items()
             for number, line in enumerate(text.splitlines(), 1)
             if (m := re.search(r"// BUG (\S+)", line))}
    return src, marks


def expect_analysed_again(args, marks, again, summary):
    """One unit at a time: the marks are found, the units `again` are those
    analysed a second time, the summary line says `summary`; -j4 writes the
    report -j1 does."""
    first = lint(args, "-j1", "--verbose")
    harness.expect(found(first) == marks,
                   f"missing {sorted(marks - found(first))}, unexpected {sorted(found(first) - marks)}")
    harness.expect_contains(first.stderr, summary, "the units analysed again")
    for unit in again:
        harness.expect_contains(first.stderr, f"analysing '{unit}' again",
                                "a unit analysed a second time")
    parallel = lint(args, "-j4")
    harness.expect(parallel.stdout == lint(args, "-j1").stdout, "-j4 wrote another report than -j1")


def order(args):
    src, marks = write_units(args, {
        "buffers.h": BUFFERS_H, "pool.h": POOL_H, "pool.cpp": POOL_CPP, "solver.cu": SOLVER_CU,
        "filter.cu": FILTER_CU, "kernels.cu": KERNELS_CU, "app.cpp": APP_CPP,
        "tests/pool.cpp": POOL_TEST_CPP})
    # One unit at a time: CUDA units first, the largest first; pool.cpp,
    # beside pool.h, starts once solver.cu has asked of its functions, and
    # tests/pool.cpp after it.
    expect_analysed_again(args, marks, [src / "solver.cu"],
                          "1 of 6 units analysed again with them (0 for launch errors alone;")
    print("order: pool.cpp started next; 1 of 6 units analysed again")


# A helper that reads the launch error, in a unit whose name its header does
# not give: the units that call it are done before it, and take it for one
# that reads nothing.
CHECKS_H = """\
#pragma once
#include <cuda_runtime.h>
void syncAndCheck(int line);
"""

CHECKS_CU = """\
#include <cstdio>
#include "util.h"
void syncAndCheck(int line) {
  cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess)
    std::fprintf(stderr, "line %d: %s\\n", line, cudaGetErrorString(status));
}
"""

# Its launch is read only by the helper: the first analysis reports it, and
# the unit is analysed again once the helper is known to read the error.
STEPPER_CU = """\
#include "util.h"
// The largest unit: done first.
__global__ void step(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}
static void advance(float *x, int n) {
  step<<<(n + 255) / 256, 256>>>(x, n);
  syncAndCheck(__LINE__);
}
int main(int argc, char **) {
  advance(nullptr, argc);
  return 0;
}
"""

# Reads its launch's error itself and calls the helper too: the helper's
# read can only end paths on which an error went unread, and there are
# none, so the unit is not analysed again. Its statuses stored and never
# read, or discarded with no call after, are lost whoever reads the launch
# error.
SMOOTHER_CU = """\
#include "util.h"
__global__ void blur(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n)
    x[i] = 0.5f * (x[i] + x[i - 1]);
}
int smoothAll(float *x, int n) {
  blur<<<(n + 255) / 256, 256>>>(x, n);
  if (cudaGetLastError() != cudaSuccess)
    return 1;
  syncAndCheck(__LINE__);
  float *scratch;
  if (cudaMalloc(&scratch, n * sizeof(float)) != cudaSuccess) // BUG cuda-memory-leak
    return 1;
  cudaError_t synced = cudaDeviceSynchronize(); // BUG cuda-unchecked-error
  return 0;
}
void syncQuietly() {
  cudaDeviceSynchronize(); // BUG cuda-unchecked-error
}
"""

# Their runtime calls' statuses are left to the helper's cudaGetLastError():
# the first analysis reports them, the one that knows the helper does not.
# clearAll reads the error itself on one branch; fillAll reads it nowhere the
# unit can see.
COPIER_CU = """\
#include <cstdio>
#include "util.h"
void clearAll(float *x, int n, bool verbose) {
  cudaMemset(x, 0, n * sizeof(float));
  syncAndCheck(__LINE__);
  if (verbose)
    std::printf("%s\\n", cudaGetErrorString(cudaPeekAtLastError()));
}
"""

FILLER_CU = """\
#include "util.h"
// Fills a buffer with ones and leaves the memset's failure to the helper's
// read of the runtime's last error.
void fillAll(float *x, int n) {
  cudaMemset(x, 1, n * sizeof(float));
  syncAndCheck(__LINE__);
}
"""


def readers(args):
    src, marks = write_units(args, {"util.h": CHECKS_H, "checks.cu": CHECKS_CU,
                                    "stepper.cu": STEPPER_CU, "smoother.cu": SMOOTHER_CU,
                                    "copier.cu": COPIER_CU, "filler.cu": FILLER_CU})
    # stepper.cu, copier.cu and filler.cu, whose errors only the helper
    # reads, are analysed again; smoother.cu is spared.
    expect_analysed_again(args, marks,
                          [src / "stepper.cu", src / "copier.cu", src / "filler.cu"],
                          "3 of 5 units analysed again with them (3 for launch errors alone; "
                          "1 spared")
    alone = found(lint(args, "-j1", summaries=False))
    for unread in [("stepper.cu", 9), ("copier.cu", 4), ("filler.cu", 5)]:
        harness.expect(unread + ("cuda-unchecked-error",) in alone,
                       f"without the summaries, the helper's read is not known: {sorted(alone)}")
    print("readers: 3 units analysed again, 1 spared")


# Wrappers of another unit, two that only wait for device work and one that
# hands out device memory.
DEVICES_H = """\
#pragma once
#include <cuda_runtime.h>
#include <stddef.h>
void syncAll(void);
void finishStream(cudaStream_t stream);
float *makeBuffer(size_t bytes);
"""

DEVICES_CU = """\
#include "devices.h"
void syncAll(void) { (void)cudaDeviceSynchronize(); }
void finishStream(cudaStream_t stream) { (void)cudaStreamSynchronize(stream); }
float *makeBuffer(size_t bytes) {
  float *d = nullptr;
  if (cudaMalloc((void **)&d, bytes) != cudaSuccess)
    return nullptr;
  return d;
}
"""

SETUP_CPP = """\
#include "devices.h"
int sumAfterWaiting(int n, cudaStream_t stream) {
  syncAll();
  finishStream(stream);
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += i % 7 ? i : -i;
  return total;
}

void bufferNeverFreed() {
  float *buffer = makeBuffer(256); // BUG cuda-memory-leak
  if (!buffer)
    return;
}
"""

STEPPER_WAITS_CU = """\
#include "devices.h"
__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 1.0f;
}

static void waitForAll() { syncAll(); }

float readAfterHelperWaits() {
  float *m = nullptr;
  if (cudaMallocManaged((void **)&m, 256 * sizeof(float)) != cudaSuccess)
    return 0;
  fill<<<1, 256>>>(m, 256);
  (void)cudaGetLastError();
  waitForAll();
  float first = m[0];
  (void)cudaFree(m);
  return first;
}
"""


def waits(args):
    src, marks = write_units(args, {"devices.h": DEVICES_H, "devices.cu": DEVICES_CU,
                                    "setup.cpp": SETUP_CPP, "stepper.cu": STEPPER_WAITS_CU})
    with_summaries = lint(args, "-j1")
    got = found(with_summaries)
    harness.expect(got == marks, f"missing {sorted(marks - got)}, unexpected {sorted(got - marks)}")
    explored = {unit["file"].rsplit("/", 1)[-1]: unit["functionsExplored"]
                for unit in harness.report(with_summaries.stdout)["analysis"]}
    # bufferNeverFreed alone: sumAfterWaiting's waits show nothing.
    harness.expect(explored["setup.cpp"] == 1, f"functions explored: {explored}")
    # Without the summaries waitForAll() is a call the race check cannot
    # see into: the read is reported, so the helper's wait is what spares
    # it above.
    alone = found(lint(args, "-j1", summaries=False))
    harness.expect(alone == {("stepper.cu", 17, "cuda-unsynchronized-host-read")},
                   f"without the summaries: {sorted(alone)}")
    print(f"waits: functions explored {explored}")


if __name__ == "__main__":
    harness.main_with_cases(__doc__, {"findings": findings, "cache": cache, "shard": shard,
                                      "order": order, "readers": readers, "waits": waits,
                                      "unparsed-caller": unparsed_caller,
                                      "status-types": status_types})
