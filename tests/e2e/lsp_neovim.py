#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`cudalint --lsp` in a real editor: headless Neovim's built-in LSP client
opens a buggy .cu file of a project whose compile database lies in build/,
shows cudalint's diagnostics (line, message, check id), offers the fix-it
as a quick fix, applies it, and after `:write` shows one diagnostic fewer.
The Lua side is lsp_neovim.lua."""

import json
import os
import subprocess
from pathlib import Path

from harness import Skip, TestFailure, arguments, expect, main, required_tool
from lsp_project import KERNEL, write_project

LUA = Path(__file__).with_name("lsp_neovim.lua")


def as_list(value):
    """Lua's empty table comes out of vim.json as {}."""
    return value if isinstance(value, list) else []


def neovim_version(nvim):
    output = subprocess.run([nvim, "--version"], stdout=subprocess.PIPE, text=True).stdout
    first = output.splitlines()[0] if output else ""
    try:
        major, minor = first.split("v", 1)[1].split(".")[:2]
        return int(major), int(minor)
    except (IndexError, ValueError):
        raise TestFailure(f"cannot read the version of {nvim}: {first!r}")


def run_neovim(args, nvim, lua, root, kernel, **env):
    """Headless Neovim running `lua` on `kernel` in the project `root`; the
    result the script wrote (its LSP_RESULT), once checked to be whole.
    Neovim's own files (lsp.log, shada) stay inside the work directory."""
    result_path = args.work_dir / "result.json"
    home = args.work_dir / "home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
               XDG_CACHE_HOME=str(home / "cache"), CUDALINT=str(args.cudalint),
               LSP_FILE=str(kernel), LSP_ROOT=str(root), LSP_RESULT=str(result_path), **env)
    command = [str(nvim), "--headless", "-u", "NONE", "-i", "NONE", "-n",
               "-c", f"luafile {lua}"]
    print("$ " + " ".join(command), flush=True)
    try:
        run = subprocess.run(command, cwd=root, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=280)
    except subprocess.TimeoutExpired:
        raise TestFailure("Neovim did not finish within 280 s")
    expect(result_path.is_file(),
           f"Neovim wrote no result (exit {run.returncode}):\n{run.stdout}")
    result = json.loads(result_path.read_text())
    print(f"Neovim {result.get('nvim')}")
    expect("error" not in result, f"the Lua script failed: {result.get('error')}\n"
           f"{json.dumps(result, indent=1)}")
    return result


def test():
    args = arguments(__doc__)
    nvim = required_tool("nvim")
    version = neovim_version(nvim)
    if version < (0, 7):
        raise Skip(f"Neovim {version[0]}.{version[1]} has no vim.diagnostic; "
                   "0.7 or later is needed")
    root = args.work_dir / "project"
    kernel, _ = write_project(root)
    result = run_neovim(args, nvim, LUA, root, kernel)

    diagnostics = as_list(result["diagnostics"])
    summary = [(d["line"], d["col"], d["code"], d["source"]) for d in diagnostics]
    expected = [(7, 28, "cuda-alloc-pointer-arg", "cudalint"),
                (8, 2, "cuda-unchecked-error", "cudalint")]
    expect(summary == expected, f"diagnostics {summary}, expected {expected}")
    alloc, launch = diagnostics
    expect("'device' is of type 'float *', not the address of a pointer" in alloc["message"],
           f"the cuda-alloc-pointer-arg message: {alloc['message']}")
    expect("launch of kernel 'scale' is never checked" in launch["message"],
           f"the cuda-unchecked-error message: {launch['message']}")
    expect(alloc["severity"] == 2 and alloc["related"] == 1,
           f"a warning with its note as related information: {alloc}")
    print(f"diagnostics: {summary}")

    actions = as_list(result["actions"])
    expect(len(actions) == 1 and actions[0]["kind"] == "quickfix"
           and "cuda-alloc-pointer-arg" in actions[0]["title"],
           f"one quick fix for the cudaMalloc finding: {actions}")
    print(f"code action: {actions[0]['title']}")
    fixed = KERNEL.splitlines()[7].replace("(void **)device", "(void **)&device")
    expect(result.get("fixed_line") == fixed,
           f"the quick fix gives {result.get('fixed_line')!r}, expected {fixed!r}")
    expect(kernel.read_text().splitlines()[7] == fixed, "the fixed buffer was written")

    after = [(d["line"], d["code"]) for d in as_list(result["after_save"])]
    expect(after == [(8, "cuda-unchecked-error")],
           f"after the save only the launch finding is left: {after}")
    print(f"after :write: {after}")
    expect(result.get("client_stopped"), "the server stopped when the client asked")


if __name__ == "__main__":
    main(test)
