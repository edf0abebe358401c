#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pre-commit hook of .pre-commit-hooks.yaml, run by pre-commit itself
with the cudalint under test on PATH: `pre-commit try-repo` on staged files,
and a `git commit` through the installed hook. A commit with a buggy .cu
file (and a buggy header) is refused with the findings shown; the fixed one
goes in; a non-CUDA file is not linted.

try-repo and a `repo:` path clone a git repository, so the hooks file of the
source tree is committed to a repository of the test's own first."""

import os
import shutil
import subprocess

from harness import TestFailure, arguments, expect, expect_contains, main, required_tool

UTIL = """\
#pragma once
#include <cuda_runtime.h>
inline void clear(void *p, size_t n) { cudaMemset(p, 0, n); }
"""

KERNEL = """\
#include <cuda_runtime.h>
#include "util.cuh"
int run(size_t n) {
  float *device;
  if (cudaMalloc((void **)device, n) != cudaSuccess)
    return 1;
  clear(device, n);
  return cudaFree(device) == cudaSuccess ? 0 : 1;
}
"""


def git(args, cwd, env, expect_rc=0):
    return run(["git", *args], cwd, env, expect_rc)


def run(command, cwd, env, expect_rc=None):
    print("$ " + " ".join(command) + f"   (in {cwd})", flush=True)
    result = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=240)
    if expect_rc is not None and result.returncode != expect_rc:
        raise TestFailure(f"`{' '.join(command)}` exited with {result.returncode}, expected "
                          f"{expect_rc}:\n{result.stdout}")
    return result


def commits(project, env):
    result = git(["rev-list", "--all", "--count"], project, env)
    return int(result.stdout.strip())


def test():
    args = arguments(__doc__)
    pre_commit = required_tool("pre-commit")
    required_tool("git")
    home = args.work_dir / "home"
    home.mkdir()
    # Only the cudalint under test is on PATH ahead of the system's; git and
    # pre-commit keep their files inside the work directory.
    env = dict(os.environ, HOME=str(home), PRE_COMMIT_HOME=str(home / "pre-commit"),
               PATH=f"{args.cudalint.parent}{os.pathsep}{os.environ.get('PATH', '')}",
               GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
    expect(shutil.which("cudalint", path=env["PATH"]) == str(args.cudalint),
           f"the cudalint on the test's PATH is not {args.cudalint}")

    hooks = args.work_dir / "hooks"
    hooks.mkdir()
    shutil.copy(args.source_dir / ".pre-commit-hooks.yaml", hooks)
    git(["init", "-q", "-b", "main"], hooks, env)
    git(["add", ".pre-commit-hooks.yaml"], hooks, env)
    git(["commit", "-q", "-m", "hooks"], hooks, env)
    revision = git(["rev-parse", "HEAD"], hooks, env).stdout.strip()

    project = args.work_dir / "project"
    project.mkdir()
    git(["init", "-q", "-b", "main"], project, env)
    (project / "kernel.cu").write_text(KERNEL)
    (project / "util.cuh").write_text(UTIL)
    git(["add", "kernel.cu", "util.cuh"], project, env)

    tried = run([str(pre_commit), "try-repo", str(hooks), "cudalint"], project, env)
    print(tried.stdout)
    expect(tried.returncode == 1, f"try-repo on the buggy files must fail:\n{tried.stdout}")
    expect_contains(tried.stdout, "kernel.cu:5:27: warning: 'device' is of type 'float *'",
                    "try-repo's output")
    expect_contains(tried.stdout, "[cuda-alloc-pointer-arg]", "try-repo's output")
    expect_contains(tried.stdout, "util.cuh:3:40: warning:", "try-repo's output")
    expect_contains(tried.stdout, "[cuda-unchecked-error]", "try-repo's output")
    print("try-repo: the buggy files fail with their findings")

    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {hooks}\n  rev: {revision}\n  hooks:\n  - id: cudalint\n")
    git(["add", ".pre-commit-config.yaml"], project, env)
    run([str(pre_commit), "install"], project, env, expect_rc=0)
    refused = git(["commit", "-m", "buggy"], project, env, expect_rc=1)
    expect_contains(refused.stdout, "[cuda-alloc-pointer-arg]", "the refused commit's output")
    expect(commits(project, env) == 0, "the buggy commit was made")
    print("git commit: refused with the findings shown")

    (project / "kernel.cu").write_text(KERNEL.replace("(void **)device", "(void **)&device"))
    (project / "util.cuh").write_text(UTIL.replace("{ cudaMemset(p, 0, n); }",
                                                   "{ (void)cudaMemset(p, 0, n); }"))
    git(["add", "kernel.cu", "util.cuh"], project, env)
    accepted = git(["commit", "-m", "fixed"], project, env, expect_rc=0)
    expect("Passed" in accepted.stdout and commits(project, env) == 1,
           f"the fixed commit must pass the hook:\n{accepted.stdout}")
    print("git commit: the fixed files pass")

    # The same bug in a .cpp file is not the hook's.
    (project / "host.cpp").write_text(KERNEL)
    git(["add", "host.cpp"], project, env)
    skipped = git(["commit", "-m", "host code"], project, env, expect_rc=0)
    expect_contains(skipped.stdout, "(no files to check)Skipped", "a .cpp commit's output")
    print("git commit: a .cpp file is not linted")


if __name__ == "__main__":
    main(test)
