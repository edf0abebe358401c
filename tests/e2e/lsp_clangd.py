#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`cudalint --clangd` in front of the real clangd-22, spoken to by a
scripted LSP client as an editor would: clangd's own diagnostics (a
deliberate type error) and cudalint's (CUDA bugs) arrive merged for the same
document; cudalint's quick fix comes with clangd's code actions and, applied
as an incremental edit, clears its finding without a save; for an editor
that takes no code action literals it is a command that sends the edit as
workspace/applyEdit; clangd's hover
and definition answers pass through; work-done progress is reported;
`cudalint-clangd --version` is clangd's; without a clangd, the user is told
once and cudalint's findings are served alone. Then `cudalint --lsp` (where every
diagnostic is cudalint's): a burst of 20 changes, some far enough apart to
start an analysis that the next change stops, publishes diagnostics for the
last version only.
"""

import json
import subprocess
import time

from harness import Skip, arguments, expect, main
from lsp_project import KERNEL, write_project
from lsp_protocol import Server, open_document, summary, uri

CLANGD = "clangd-22"
# clangd's diagnostic: an int initialised with a string.
TYPE_ERROR = 'int not_a_number = "text";\n'
HOST_ONLY = "#include <cstdlib>\nint *make() { return static_cast<int *>(std::malloc(4)); }\n"


def clangd_available():
    try:
        subprocess.run([CLANGD, "--version"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        return True
    except (OSError, subprocess.CalledProcessError):
        return False


def sources(diagnostics):
    return sorted({d.get("source", "") for d in diagnostics})


def initialize(server, root, code_action_literals=True):
    text_document = {"publishDiagnostics": {"versionSupport": True}}
    if code_action_literals:  # as VS Code, Neovim and Emacs declare
        text_document["codeAction"] = {"codeActionLiteralSupport": {
            "codeActionKind": {"valueSet": ["quickfix", "refactor"]}}}
    request_id = server.request("initialize", {
        "processId": None, "rootUri": uri(root),
        "capabilities": {"window": {"workDoneProgress": True}, "textDocument": text_document}})
    result = server.response(request_id, "the initialize response")["result"]
    server.notify("initialized", {})
    return result


def wait_merged(server, path, what, check):
    """The first publishDiagnostics of `path` for which check(diagnostics)."""
    message = server.wait_for(
        lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == uri(path) and check(m["params"]["diagnostics"]), what)
    return message["params"]["diagnostics"]


def test_proxy(args, root, kernel):
    server = Server(args, cwd=root, mode="--clangd",
                    options=[f"--clangd-path={CLANGD}", "--log=error"])
    result = initialize(server, root)
    expect(result.get("serverInfo", {}).get("name") == "clangd",
           f"the initialize answer is clangd's: {result.get('serverInfo')}")
    for capability in ("hoverProvider", "definitionProvider", "completionProvider"):
        expect(capability in result["capabilities"], f"clangd's {capability} passes through")
    commands = result["capabilities"].get("executeCommandProvider", {}).get("commands", [])
    expect("cudalint.applyFix" in commands and "clangd.applyTweak" in commands,
           f"clangd's commands and cudalint's: {commands}")
    print(f"initialize: clangd {result['serverInfo'].get('version', '?')}")

    text = KERNEL + TYPE_ERROR
    open_document(server, kernel, text)
    diagnostics = wait_merged(server, kernel, "clangd's and cudalint's diagnostics",
                              lambda d: sources(d) == ["clang", "cudalint"])
    ours = [d for d in diagnostics if d["source"] == "cudalint"]
    theirs = [d for d in diagnostics if d["source"] == "clang"]
    expect(summary(ours) == [(7, 28, "cuda-alloc-pointer-arg"), (8, 2, "cuda-unchecked-error")],
           f"cudalint's findings: {summary(ours)}")
    expect(any(d["range"]["start"]["line"] == 11 and d["severity"] == 1 for d in theirs),
           f"clangd's type error on line 12: {theirs}")
    print(f"merged: {len(theirs)} of clangd's, {len(ours)} of cudalint's")
    progress = [m for m in server.seen if m.get("method") == "$/progress"]
    expect(any(m["params"]["value"]["kind"] == "begin" and m["params"]["value"]["title"] == "cudalint"
               for m in progress), f"cudalint's analysis reported as progress: {progress}")

    # Code actions where the cudaMalloc finding is: cudalint's quick fix
    # beside whatever clangd offers there.
    alloc = next(d for d in ours if d["code"] == "cuda-alloc-pointer-arg")
    request_id = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(kernel)},
        "range": {"start": {"line": 7, "character": 30}, "end": {"line": 7, "character": 30}},
        "context": {"diagnostics": [alloc]}})
    actions = server.response(request_id, "the merged code actions")["result"]
    fixes = [a for a in actions if a.get("kind") == "quickfix"
             and "cuda-alloc-pointer-arg" in a.get("title", "")]
    expect(len(fixes) == 1, f"cudalint's quick fix among the code actions: {actions}")
    edits = fixes[0]["edit"]["changes"][uri(kernel)]
    print(f"code actions: {len(actions)}, cudalint's: {fixes[0]['title']}")

    # The editor applies the fix's edit and tells both servers, incrementally.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(kernel), "version": 2},
        "contentChanges": [{"range": edit["range"], "text": edit["newText"]} for edit in edits]})
    diagnostics = wait_merged(
        server, kernel, "the diagnostics of the fixed buffer",
        lambda d: "clang" in sources(d)
        and summary([x for x in d if x["source"] == "cudalint"]) == [(8, 2, "cuda-unchecked-error")])
    print("quick fix applied unsaved: cudalint's finding gone, clangd's error stays")

    # clangd's own features pass through untouched.
    request_id = server.request("textDocument/hover", {
        "textDocument": {"uri": uri(kernel)}, "position": {"line": 8, "character": 3}})
    hover = server.response(request_id, "clangd's hover")["result"]
    expect(hover and "scale" in str(hover["contents"]), f"clangd's hover on 'scale': {hover}")
    request_id = server.request("textDocument/definition", {
        "textDocument": {"uri": uri(kernel)}, "position": {"line": 9, "character": 10}})
    definition = server.response(request_id, "clangd's definition")["result"]
    expect(definition and definition[0]["uri"].endswith("helpers.cuh"),
           f"clangd's definition of 'checked' in helpers.cuh: {definition}")
    print("hover and definition: clangd's answers")

    # A C++ file that includes no CUDA header is clangd's alone: cudalint
    # does not analyse it.
    host = root / "src" / "host.cpp"
    host.write_text(HOST_ONLY)
    database = root / "build" / "compile_commands.json"
    entries = json.loads(database.read_text())
    database.write_text(json.dumps(entries + [{
        "directory": str(root / "build"),
        "arguments": ["clang++", "-std=c++17", "-c", "../src/host.cpp", "-o", "host.o"],
        "file": "../src/host.cpp"}]))
    open_document(server, host, HOST_ONLY)
    wait_merged(server, host, "clangd's diagnostics of a C++ file", lambda d: True)
    time.sleep(2)
    analyzed = [m for m in server.seen if m.get("method") == "$/progress"
                and "host.cpp" in m["params"]["value"].get("message", "")]
    expect(not analyzed, f"a C++ file without CUDA is not analysed: {analyzed}")
    print("a C++ file without CUDA: clangd's alone")

    request_id = server.request("shutdown")
    expect(server.response(request_id, "the shutdown answer").get("result", 1) is None,
           "shutdown answers null")
    server.notify("exit", None)
    code = server.exit_code()
    expect(code == 0, f"exit after shutdown: exit code {code}, expected 0")
    print("shutdown, exit: exit code 0")


def test_fix_through_apply_edit(args, root, kernel):
    """An editor that takes no code action literals gets cudalint's fix as a
    command; executing it, the server asks the editor to apply the edit
    (workspace/applyEdit), as clangd does for its own fixes."""
    server = Server(args, cwd=root, mode="--clangd",
                    options=[f"--clangd-path={CLANGD}", "--log=error"])
    initialize(server, root, code_action_literals=False)
    open_document(server, kernel, KERNEL)
    diagnostics = wait_merged(server, kernel, "cudalint's diagnostics",
                              lambda d: "cudalint" in sources(d))
    alloc = next(d for d in diagnostics if d.get("code") == "cuda-alloc-pointer-arg")
    request_id = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(kernel)},
        "range": {"start": {"line": 7, "character": 30}, "end": {"line": 7, "character": 30}},
        "context": {"diagnostics": [alloc]}})
    actions = server.response(request_id, "the code actions as commands")["result"]
    ours = [a for a in actions if a.get("command") == "cudalint.applyFix"]
    expect(len(ours) == 1 and "edit" not in ours[0] and "cuda-alloc-pointer-arg" in ours[0]["title"],
           f"cudalint's fix as a command: {actions}")

    request_id = server.request("workspace/executeCommand", {
        "command": ours[0]["command"], "arguments": ours[0]["arguments"]})
    apply = server.wait_for(lambda m: m.get("method") == "workspace/applyEdit",
                            "the server's workspace/applyEdit")
    expect(server.response(request_id, "the executeCommand answer").get("result", 1) is None,
           "executeCommand answers null")
    edits = apply["params"]["edit"]["changes"][uri(kernel)]
    expect(edits == [{"range": {"start": {"line": 7, "character": 28},
                                "end": {"line": 7, "character": 28}}, "newText": "&"}],
           f"the edit inserts '&' before 'device': {apply}")
    # The editor applies it, tells both servers, and answers the request.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(kernel), "version": 2},
        "contentChanges": [{"range": e["range"], "text": e["newText"]} for e in edits]})
    server.send({"jsonrpc": "2.0", "id": apply["id"], "result": {"applied": True}})
    wait_merged(server, kernel, "the diagnostics of the fixed buffer",
                lambda d: summary([x for x in d if x.get("source") == "cudalint"])
                == [(8, 2, "cuda-unchecked-error")])
    print("fix as a command: workspace/applyEdit sent, applied, its finding gone")
    request_id = server.request("shutdown")
    server.response(request_id, "the shutdown answer")
    server.notify("exit", None)
    code = server.exit_code()
    expect(code == 0, f"exit after shutdown: exit code {code}, expected 0")


def test_version_is_clangds(args):
    clangd_link = args.cudalint.parent / "cudalint-clangd"
    expect(clangd_link.exists(), f"{clangd_link} is built beside cudalint")
    output = subprocess.run([str(clangd_link), f"--clangd-path={CLANGD}", "--version"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    expect(output.returncode == 0 and "clangd version" in output.stdout,
           f"cudalint-clangd --version is clangd's: {output.stdout!r}")
    print(f"cudalint-clangd --version: {output.stdout.splitlines()[0]}")


def test_burst(args, root, kernel):
    # Every analysis of this file takes a second more (a test-only fault of
    # the workers), so that a change 0.5 s after another always finds the
    # analysis it started still running, however fast the machine.
    kernel = kernel.with_name("burst.cu")
    kernel.write_text(KERNEL)
    server = Server(args, cwd=root, env={"CUDALINT_TEST_WORKER_FAULT": "slow:burst.cu"})
    initialize(server, root)
    open_document(server, kernel, KERNEL)
    server.diagnostics(kernel, "diagnostics of the opened unit", version=1)
    started = len([m for m in server.seen if m.get("method") == "$/progress"
                   and m["params"]["value"]["kind"] == "begin"])
    line = KERNEL.splitlines()[7]
    column = line.index("device")
    # Versions 2..21 add and remove the '&' in turn; the last has it removed
    # (the bug). Every fifth change waits long enough for an analysis to
    # start, so that the next one must stop it.
    for version in range(2, 22):
        fixed = version % 2 == 0
        change = ({"range": {"start": {"line": 7, "character": column},
                             "end": {"line": 7, "character": column}}, "text": "&"} if fixed else
                  {"range": {"start": {"line": 7, "character": column},
                             "end": {"line": 7, "character": column + 1}}, "text": ""})
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri(kernel), "version": version}, "contentChanges": [change]})
        time.sleep(0.5 if version % 5 == 0 else 0.02)
    diagnostics = server.diagnostics(kernel, "diagnostics of the last version", version=21)
    expect(summary(diagnostics) == [(7, 28, "cuda-alloc-pointer-arg"),
                                    (8, 2, "cuda-unchecked-error")],
           f"the last version's findings: {summary(diagnostics)}")
    # Anything still on its way would come within a few seconds.
    time.sleep(4)
    while not server.messages.empty():
        message = server.messages.get()
        if message is not None:
            server.seen.append(message)
    published = [m["params"].get("version") for m in server.seen
                 if m.get("method") == "textDocument/publishDiagnostics"]
    expect(published == [1, 21], f"diagnostics published for versions {published}, "
                                 "expected the opened one and the last only")
    begun = len([m for m in server.seen if m.get("method") == "$/progress"
                 and m["params"]["value"]["kind"] == "begin"]) - started
    expect(begun >= 2, f"analyses started during the burst and were stopped: {begun} begun")
    print(f"burst of 20 changes: {begun} analyses begun, diagnostics published for "
          f"version 21 only")
    server.notify("exit", None)
    server.exit_code()


def test_without_clangd(args, root, kernel):
    missing = args.work_dir / "no-such-clangd"
    server = Server(args, cwd=root, mode="--clangd", options=[f"--clangd-path={missing}"])
    result = initialize(server, root)
    expect(result.get("serverInfo", {}).get("name") == "cudalint",
           f"without clangd, cudalint answers itself: {result.get('serverInfo')}")
    shown = server.wait_for(lambda m: m.get("method") == "window/showMessage",
                            "the message that clangd is missing")
    expect(str(missing) in shown["params"]["message"],
           f"the user is told which clangd is missing: {shown}")
    open_document(server, kernel, KERNEL)
    diagnostics = server.diagnostics(kernel, "cudalint's diagnostics without clangd")
    expect(summary(diagnostics) == [(7, 28, "cuda-alloc-pointer-arg"),
                                    (8, 2, "cuda-unchecked-error")],
           f"cudalint's findings alone: {summary(diagnostics)}")
    server.notify("exit", None)
    server.exit_code()
    print("without clangd: said once, cudalint's findings alone")


def test():
    args = arguments(__doc__)
    root = args.work_dir / "project"
    kernel, _ = write_project(root)
    test_without_clangd(args, root, kernel)
    if not clangd_available():
        raise Skip(f"{CLANGD} is not installed")
    test_version_is_clangds(args)
    test_proxy(args, root, kernel)
    test_fix_through_apply_edit(args, root, kernel)
    test_burst(args, root, kernel)


if __name__ == "__main__":
    main(test)
