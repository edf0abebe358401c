#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`cudalint --lsp` spoken to in raw JSON-RPC, as an editor would: messages
that are not JSON or not requests get error responses and the server goes
on; a buffer's unsaved text is what gets analysed, on open and on save; a
header is analysed with its unit's command; fix-its come back as quick
fixes; `shutdown` then `exit` ends the process with 0, `exit` alone with 1.
"""

import json
import os
import queue
import re
import subprocess
import threading
import time

import harness
from harness import TestFailure, arguments, expect, main
from lsp_project import HELPERS, KERNEL, KERNEL_FIXED, OLDER_TOOLKIT_FUNCTION, write_project

TIMEOUT = 120  # seconds for one analysis; a toolkit's headers are slow to parse


def uri(path):
    return path.resolve().as_uri()


class Server:
    """One `cudalint --lsp` process and the messages it sent."""

    def __init__(self, args, cwd, options=(), mode="--lsp", env=None):
        self.log = open(args.work_dir / "server-stderr.log", "a")
        command = [str(args.cudalint), mode, *options]
        print("$ " + " ".join(command), flush=True)
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.log,
                                        env=dict(os.environ, **(env or {})))
        self.messages = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1

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
            if length is None:
                self.messages.put({"unframed": True})
                continue
            self.messages.put(json.loads(stream.read(length)))

    def send_bytes(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, matches, what, timeout=TIMEOUT):
        """The first message, since the last wait, for which `matches` holds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = self.messages.get(timeout=max(left, 0.01))
            except queue.Empty:
                raise TestFailure(f"no {what} within {timeout} s; the server sent:\n"
                                  + "\n".join(json.dumps(m) for m in self.seen[-10:]))
            if message is None:
                raise TestFailure(f"the server closed its output before {what}; "
                                  f"exit code {self.process.wait()}")
            self.seen.append(message)
            if matches(message):
                return message

    def response(self, request_id, what):
        return self.wait_for(lambda m: "method" not in m and m.get("id") == request_id, what)

    def error_response(self, what):
        return self.wait_for(lambda m: "method" not in m and "error" in m, what)

    def diagnostics(self, path, what, version=None, timeout=TIMEOUT):
        message = self.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri(path)
            and (version is None or m["params"].get("version") == version), what, timeout)
        return message["params"]["diagnostics"]

    def exit_code(self):
        try:
            return self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise TestFailure("the server did not exit after 'exit'")


def summary(diagnostics):
    return sorted((d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"])
                  for d in diagnostics)


def expect_error(server, code, what):
    response = server.error_response(what)
    expect(response["error"]["code"] == code,
           f"{what}: error {response['error']}, expected code {code}")
    expect(server.process.poll() is None, f"the server exited after {what}")
    print(f"{what}: error {code} ({response['error']['message']})")
    return response


def open_document(server, path, text, version=1):
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "cuda", "version": version, "text": text}})


def test_malformed_messages(server):
    body = b"{not json"
    server.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    response = expect_error(server, -32700, "a body that is not JSON")
    expect(response["id"] is None, f"a parse error answers id null: {response}")
    server.send_bytes(b"Content-Type: application/vscode-jsonrpc\r\n\r\n")
    expect_error(server, -32700, "a header without Content-Length")
    server.send([1, 2, 3])
    expect_error(server, -32600, "a message that is an array")
    server.send({"jsonrpc": "2.0", "id": {"nested": 1}, "method": "shutdown"})
    expect_error(server, -32600, "an object as request id")
    request_id = server.request("textDocument/codeAction", {})
    response = server.response(request_id, "a request before initialize")
    expect(response.get("error", {}).get("code") == -32002,
           f"a request before initialize must fail with -32002: {response}")


def test_initialize(server, root):
    # As every current editor does: code actions as literals, not commands
    # (e2e.lsp.clangd drives a client that takes commands).
    request_id = server.request("initialize", {
        "processId": None, "rootUri": uri(root), "capabilities": {"textDocument": {
            "codeAction": {"codeActionLiteralSupport": {
                "codeActionKind": {"valueSet": ["quickfix"]}}}}}})
    response = server.response(request_id, "the initialize response")
    capabilities = response["result"]["capabilities"]
    expect(capabilities.get("executeCommandProvider", {}).get("commands") == ["cudalint.applyFix"],
           f"cudalint's one command: {capabilities.get('executeCommandProvider')}")
    expect(capabilities["textDocumentSync"]["change"] == 2
           and capabilities["textDocumentSync"]["openClose"],
           f"textDocumentSync: {capabilities['textDocumentSync']}")
    expect("codeActionProvider" in capabilities, f"no codeActionProvider: {capabilities}")
    server.notify("initialized", {})
    request_id = server.request("textDocument/hover", {})
    response = server.response(request_id, "an unknown method")
    expect(response.get("error", {}).get("code") == -32601,
           f"an unknown method must fail with -32601: {response}")
    request_id = server.request("textDocument/codeAction", {"textDocument": {}})
    response = server.response(request_id, "codeAction without a uri")
    expect(response.get("error", {}).get("code") == -32602,
           f"codeAction without a uri must fail with -32602: {response}")
    for params in ({"command": "clangd.applyTweak", "arguments": []},
                   {"command": "cudalint.applyFix", "arguments": ["not an edit"]}):
        request_id = server.request("workspace/executeCommand", params)
        response = server.response(request_id, f"executeCommand {params}")
        expect(response.get("error", {}).get("code") == -32602,
               f"an unknown command or a bad argument must fail with -32602: {response}")


def test_unit(server, kernel):
    # The disk holds the fixed unit; the editor's buffer the buggy one, which
    # is what must be analysed.
    kernel.write_text(KERNEL_FIXED)
    open_document(server, kernel, KERNEL)
    diagnostics = server.diagnostics(kernel, "diagnostics of the opened unit")
    expected = [(7, 28, "cuda-alloc-pointer-arg"), (8, 2, "cuda-unchecked-error")]
    expect(summary(diagnostics) == expected,
           f"diagnostics {summary(diagnostics)}, expected {expected}:\n"
           + json.dumps(diagnostics, indent=1))
    for diagnostic in diagnostics:
        expect(diagnostic["source"] == "cudalint" and diagnostic["severity"] == 2,
               f"source and severity: {diagnostic}")
    alloc, launch = sorted(diagnostics, key=lambda d: d["range"]["start"]["line"])
    expect("cudaMalloc" in alloc["message"], f"message: {alloc['message']}")
    expect(alloc["range"]["end"] == {"line": 7, "character": 34},
           f"the range covers 'device': {alloc['range']}")
    notes = alloc.get("relatedInformation", [])
    expect(len(notes) == 1 and notes[0]["location"]["range"]["start"]["line"] == 6
           and notes[0]["location"]["uri"] == uri(kernel)
           and "'device'" in notes[0]["message"],
           f"the note on the declaration of 'device': {notes}")
    expect(launch.get("relatedInformation"), f"the launch's note: {launch}")
    print(f"opened unit: {summary(diagnostics)}")

    request_id = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(kernel)},
        "range": {"start": {"line": 7, "character": 30}, "end": {"line": 7, "character": 30}},
        "context": {"diagnostics": [alloc]}})
    actions = server.response(request_id, "the code actions on line 8")["result"]
    expect(len(actions) == 1, f"one quick fix on line 8, got {actions}")
    action = actions[0]
    edits = action["edit"]["changes"].get(uri(kernel))
    expect(action["kind"] == "quickfix" and edits == [{
        "range": {"start": {"line": 7, "character": 28}, "end": {"line": 7, "character": 28}},
        "newText": "&"}], f"the quick fix inserts '&' before 'device': {action}")
    expect(action["diagnostics"][0]["code"] == "cuda-alloc-pointer-arg",
           f"the quick fix names its diagnostic: {action}")
    print(f"quick fix: {action['title']}")
    request_id = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(kernel)},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})
    expect(server.response(request_id, "the code actions on line 1")["result"] == [],
           "no code action on a line without findings")

    # A change is analysed without a save, a moment after it. Until then the
    # old fix-its no longer match the buffer and are not offered.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(kernel), "version": 2},
        "contentChanges": [{"text": KERNEL_FIXED}]})
    request_id = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(kernel)},
        "range": {"start": {"line": 7, "character": 30}, "end": {"line": 7, "character": 30}},
        "context": {"diagnostics": []}})
    expect(server.response(request_id, "code actions after a change")["result"] == [],
           "no quick fix from an analysis of other text")
    diagnostics = server.diagnostics(kernel, "diagnostics of the change", version=2)
    expect(diagnostics == [], f"the fixed buffer has no findings: {diagnostics}")
    print("changed to the fixed unit, unsaved: no diagnostics")
    # An incremental change (a range replaced) brings the bug back.
    line = KERNEL_FIXED.splitlines()[7]
    column = line.index("&device")
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(kernel), "version": 3},
        "contentChanges": [{"range": {"start": {"line": 7, "character": column},
                                      "end": {"line": 7, "character": column + 1}},
                            "text": ""}]})
    diagnostics = server.diagnostics(kernel, "diagnostics of an incremental change", version=3)
    expect(summary(diagnostics) == [(7, 28, "cuda-alloc-pointer-arg")],
           f"the '&' removed again: {summary(diagnostics)}")
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri(kernel)},
                                           "text": KERNEL_FIXED})
    diagnostics = server.diagnostics(kernel, "diagnostics after the save")
    expect(diagnostics == [], f"the fixed unit has no findings: {diagnostics}")
    print("incremental change, then save with the fixed text: no diagnostics")


def test_header(server, helpers):
    open_document(server, helpers, HELPERS)
    diagnostics = server.diagnostics(helpers, "diagnostics of the opened header")
    expect(summary(diagnostics) == [(6, 39, "cuda-unchecked-error")],
           f"the header's finding, analysed with its unit's flags: {diagnostics}")
    print(f"opened header: {summary(diagnostics)}")
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri(helpers)}})
    expect(server.diagnostics(helpers, "diagnostics of the closed header") == [],
           "closing a file clears its diagnostics")


def expect_broken_unit_analyzed(server, path, text, error, what, logged_as="did not parse"):
    """A unit with a parse error: what parsed is still analysed and published,
    and the error is logged to the editor."""
    path.write_text(text)
    open_document(server, path, text)
    diagnostics = server.diagnostics(path, f"diagnostics of {what}")
    expect((7, 28, "cuda-alloc-pointer-arg") in summary(diagnostics),
           f"what parsed is still analysed: {summary(diagnostics)}")
    logged = [m for m in server.seen if m.get("method") == "window/logMessage"
              and f"'{path}'" in m["params"]["message"]
              and logged_as in m["params"]["message"]]
    expect(logged and error in logged[-1]["params"]["message"],
           f"the parse error of {what} is logged to the editor")


def test_unparsable(server, root):
    # A brace between declarations: nothing can be set aside.
    expect_broken_unit_analyzed(server, root / "src" / "broken.cu", KERNEL + "}\n",
                                "extraneous closing brace", "a unit that does not parse")
    print("unparsable unit: findings published, the error logged")
    # A declaration that holds an error is set aside, and the rest analysed.
    expect_broken_unit_analyzed(server, root / "src" / "partly.cu",
                                KERNEL + "undeclared_type value;\n",
                                "unknown type name 'undeclared_type'", "a unit partly analysed",
                                logged_as="partially analysed")
    print("partly analysed unit: findings published, the error logged")


def test_older_toolkit(server, root):
    # Written for CUDA 12: cudaDeviceProp::clockRate is gone from CUDA 13's
    # headers, which would skip `clocked`; the bundled CUDA 12 declarations
    # parse it, as a run over the database does, and the log says so.
    older = root / "src" / "older.cu"
    text = KERNEL + OLDER_TOOLKIT_FUNCTION
    older.write_text(text)
    open_document(server, older, text)
    diagnostics = server.diagnostics(older, "diagnostics of a unit written for CUDA 12")
    expect((15, 28, "cuda-alloc-pointer-arg") in summary(diagnostics),
           f"the function reading clockRate is analysed: {summary(diagnostics)}")
    toolkit = harness.cuda_toolkit()
    version = re.search(r"#define CUDA_VERSION (\d+)",
                        (toolkit / "include" / "cuda.h").read_text()) if toolkit else None
    if version and int(version.group(1)) >= 13000:
        logged = [m for m in server.seen if m.get("method") == "window/logMessage"
                  and f"analysed '{older}' against the CUDA 12." in m["params"]["message"]]
        expect(logged and "no member named 'clockRate'" in logged[-1]["params"]["message"],
               "the log names the declarations used and the toolkit's error")
    print("unit written for an older toolkit: analysed against the CUDA 12 declarations")


def test_deeply_nested(server, root):
    # 10,000 nested parentheses overflow an 8 MiB stack in clang's parser
    # (plain clang dies on it): the server must live on and say why.
    expect_broken_unit_analyzed(server, root / "src" / "nested.cu",
                                KERNEL + "int nested = " + "(" * 10000 + "1" + ")" * 10000 + ";\n",
                                "bracket nesting level exceeded", "a deeply nested unit")
    print("deeply nested unit: the server lives on, clang's limit logged")


def test_wide_characters(server, root):
    # Positions count UTF-16 code units: 'π' is one, '𝜋' two (four UTF-8 bytes).
    wide = root / "src" / "wide.cu"
    prefix = "  /* π𝜋 */ (void)cudaMalloc((void **)"
    text = KERNEL.replace("  (void)cudaMalloc((void **)", prefix)
    wide.write_text(text)
    open_document(server, wide, text)
    diagnostics = server.diagnostics(wide, "diagnostics of a unit with wide characters")
    character = len(prefix.encode("utf-16-le")) // 2
    expect((7, character, "cuda-alloc-pointer-arg") in summary(diagnostics),
           f"the finding after 'π𝜋' is at UTF-16 column {character}: {summary(diagnostics)}")
    print(f"wide characters: the finding at UTF-16 column {character}")


def test():
    args = arguments(__doc__)
    # A space and a non-ASCII letter: URIs are percent-encoded.
    root = args.work_dir / "pröject dir"
    kernel, helpers = write_project(root)

    server = Server(args, cwd=args.work_dir)
    test_malformed_messages(server)
    test_initialize(server, root)
    test_unit(server, kernel)
    test_header(server, helpers)
    test_unparsable(server, root)
    test_deeply_nested(server, root)
    test_older_toolkit(server, root)
    test_wide_characters(server, root)
    request_id = server.request("shutdown")
    expect(server.response(request_id, "the shutdown response").get("result", 1) is None,
           "shutdown answers null")
    server.notify("exit", None)
    code = server.exit_code()
    expect(code == 0, f"exit after shutdown: exit code {code}, expected 0")
    print("shutdown, exit: exit code 0")

    # Command-line options apply to every file the server analyses.
    server = Server(args, cwd=args.work_dir,
                    options=["--warnings-as-errors=cuda-unchecked-error"])
    test_initialize(server, root)
    kernel.write_text(KERNEL)
    open_document(server, kernel, KERNEL)
    diagnostics = server.diagnostics(kernel, "diagnostics with --warnings-as-errors")
    severities = sorted((d["code"], d["severity"]) for d in diagnostics)
    expect(severities == [("cuda-alloc-pointer-arg", 2), ("cuda-unchecked-error", 1)],
           f"--warnings-as-errors makes cuda-unchecked-error an error: {severities}")
    print("--warnings-as-errors: cuda-unchecked-error is published as an error")
    server.notify("exit", None)
    code = server.exit_code()
    expect(code == 1, f"exit without shutdown: exit code {code}, expected 1")
    print("exit without shutdown: exit code 1")


if __name__ == "__main__":
    main(test)
