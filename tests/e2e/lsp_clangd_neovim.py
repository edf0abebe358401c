#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`cudalint --clangd` in a real editor: headless Neovim's built-in LSP
client, configured as a clangd user's with the clangd command replaced by
`cudalint --clangd`, gets clangd's diagnostics (a type error) and cudalint's
(CUDA bugs) for one buffer from one client; a line typed with a new bug shows
its finding without a save, and deleting the line clears it. The Lua side is
lsp_clangd_neovim.lua."""

from pathlib import Path

from harness import Skip, arguments, expect, main, required_tool
from lsp_clangd import CLANGD, TYPE_ERROR, clangd_available
from lsp_neovim import as_list, neovim_version, run_neovim
from lsp_project import KERNEL, write_project

LUA = Path(__file__).with_name("lsp_clangd_neovim.lua")


def summary(diagnostics):
    return [(d["line"], d["source"], d.get("code")) for d in as_list(diagnostics)
            if d["source"] == "cudalint"]


def test():
    args = arguments(__doc__)
    nvim = required_tool("nvim")
    if neovim_version(nvim) < (0, 7):
        raise Skip("Neovim 0.7 or later is needed")
    if not clangd_available():
        raise Skip(f"{CLANGD} is not installed")
    root = args.work_dir / "project"
    kernel, _ = write_project(root)
    kernel.write_text(KERNEL + TYPE_ERROR)
    result = run_neovim(args, nvim, LUA, root, kernel, CLANGD=CLANGD)

    opened = as_list(result["opened"])
    expect(any(d["source"] == "clang" and d["line"] == 11 for d in opened),
           f"clangd's type error on line 12: {opened}")
    expect(summary(opened) == [(7, "cudalint", "cuda-alloc-pointer-arg"),
                               (8, "cudalint", "cuda-unchecked-error")],
           f"cudalint's findings in the same client: {summary(opened)}")
    print(f"opened: clangd's error and cudalint's {summary(opened)}")
    after_edit = summary(result["after_edit"])
    expect((9, "cudalint", "cuda-unchecked-error") in after_edit,
           f"the typed bug's finding, unsaved: {after_edit}")
    print(f"typed a bug: its finding after {result['seconds_to_new_finding']:.2f} s, unsaved")
    after_fix = summary(result["after_fix"])
    expect(after_fix == summary(opened), f"deleting the line clears its finding: {after_fix}")
    expect(result.get("modified"), "nothing was saved")
    print("deleted the line: its finding cleared")
    expect(result.get("client_stopped"),
           f"the server stopped when the client asked (waited {result.get('seconds_to_stop', 0):.1f} s)")
    print(f"stopped when the client asked, in {result['seconds_to_stop']:.2f} s")


if __name__ == "__main__":
    main(test)
