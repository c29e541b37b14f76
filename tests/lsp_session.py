"""A real `kozel-lsp` process spoken to over stdio as an editor does (JSON-RPC with
Content-Length headers), and `kozel check`'s errors to compare its diagnostics with."""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

from kozel.cli import main
from kozel.loading import load_family_args

ROOT = Path(__file__).resolve().parents[1]
WAIT = 120  # seconds before a test gives up on a message that never comes (a hung server)
Error = tuple[int, int, str, str]  # line, column (1-based, code points), message, hint


class Session:
    """`with Session(folder) as lsp:` a server started in `folder`, initialised, shut down;
    `workspace`: the folder the editor names as its workspace (none by default)."""

    def __init__(self, cwd: Path, workspace: Path | None = None,
                 locale: str | None = None, findings: bool = False) -> None:
        self.cwd = cwd
        self.workspace = workspace
        self.locale = locale  # the editor's language, as `initialize` says it
        # the checker's findings in the background: only the tests about them pay for them
        self.findings = findings
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.stderr: list[bytes] = []
        self.code: int | None = None
        self._id = 0

    def __enter__(self) -> "Session":
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
        self.server = subprocess.Popen(
            [sys.executable, "-m", "kozel.lsp", "--log-level", "debug"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=self.cwd, env=env)
        assert self.server.stdout and self.server.stderr
        threading.Thread(target=_reader, args=(self.server.stdout, self.messages),
                         daemon=True).start()
        threading.Thread(target=_collect, args=(self.server.stderr, self.stderr),
                         daemon=True).start()
        root = self.workspace.as_uri() if self.workspace else None
        folders = [{"uri": root, "name": "ws"}] if root else None
        reply = self.request("initialize", {"processId": None, "rootUri": root,
                                            "workspaceFolders": folders, "capabilities": {},
                                            "initializationOptions": {
                                                "findings": self.findings},
                                            **({"locale": self.locale} if self.locale else {})})
        assert "capabilities" in reply["result"]
        self.notify("initialized", {})
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            if exc[0] is None:
                self.request("shutdown", None)
                self.notify("exit", None)
                self.code = self.server.wait(timeout=WAIT)
        finally:
            if self.server.poll() is None:
                self.server.kill()
                self.server.wait()

    def raw(self, data: bytes) -> None:
        """Bytes as they are, headers included."""
        assert self.server.stdin
        self.server.stdin.write(data)
        self.server.stdin.flush()

    def message(self, method: str, params: Any, id_: int | None = None) -> bytes:
        """One JSON-RPC message, framed."""
        body = {"jsonrpc": "2.0", "method": method, "params": params}
        body = body if id_ is None else {**body, "id": id_}
        data = json.dumps(body).encode()
        return b"Content-Length: %d\r\n\r\n%s" % (len(data), data)

    def send_all(self, messages: list[bytes]) -> None:
        """Several messages in one write: the server finds them all waiting."""
        self.raw(b"".join(messages))

    def notify(self, method: str, params: Any) -> None:
        self.raw(self.message(method, params))

    def request(self, method: str, params: Any) -> dict[str, Any]:
        self._id += 1
        self.raw(self.message(method, params, self._id))
        return self._next(lambda m: m.get("id") == self._id and "method" not in m)

    def open(self, uri: str, text: str) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "kozel", "version": 1, "text": text}})

    def change_message(self, uri: str, version: int, text: str) -> bytes:
        return self.message("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})

    def change(self, uri: str, version: int, text: str) -> None:
        """The whole text replaced."""
        self.raw(self.change_message(uri, version, text))

    def edit(self, uri: str, version: int, range_: dict[str, Any], text: str) -> None:
        """A range of the text replaced (positions in UTF-16 units)."""
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": range_, "text": text}]})

    def refusal(self) -> dict[str, Any]:
        """The next error that answers input which was no message (its id is null)."""
        return self._next(lambda m: "error" in m and m.get("id") is None)["error"]

    def published(self, uri: str) -> dict[str, Any]:
        """The next diagnostics published for a document."""
        return self._next(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri)["params"]

    def log(self) -> str:
        """What the server wrote on standard error (complete once it has exited)."""
        return b"".join(self.stderr).decode("utf-8", "replace")

    def _next(self, wanted: Any) -> dict[str, Any]:
        while True:
            message = self.messages.get(timeout=WAIT)
            if wanted(message):
                return message


def _reader(stream: IO[bytes], out: "queue.Queue[dict[str, Any]]") -> None:
    while True:
        headers = {}
        while (line := stream.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        if not headers:
            return
        out.put(json.loads(stream.read(int(headers["content-length"]))))


def _collect(stream: IO[bytes], out: list[bytes]) -> None:
    for line in stream:
        out.append(line)


def lsp_errors(published: dict[str, Any], text: str) -> list[Error]:
    """A document's published diagnostics as errors: 1-based, columns back in code points."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    found = []
    for diagnostic in published["diagnostics"]:
        start = diagnostic["range"]["start"]
        line = lines[start["line"]] if start["line"] < len(lines) else ""
        units = line.encode("utf-16-le")[:2 * start["character"]]
        message, _, hint = diagnostic["message"].partition("\nhint: ")
        found.append((start["line"] + 1, len(units.decode("utf-16-le")) + 1, message, hint))
    return sorted(found)


def cli_errors(path: Path, *, cwd: Path = ROOT, run: bool = True) -> list[Error]:
    """`kozel check FILE --format json`'s errors in that file (no comparisons: they add no
    errors; the default playouts, so that a seed parent's report is the one other tests' checks
    keep in the run's cache). `run=False`: only the loading `kozel check` starts with
    (load_family_args, where every error it reports comes from), for a valid file whose full
    check would take the solver many seconds."""
    before = Path.cwd()
    os.chdir(cwd)  # the seed variants of the folder the server was started in
    try:
        if run:
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                main(["check", str(path), "--format", "json", "--no-compare"])
            errors = json.loads(out.getvalue())["errors"]
        else:
            errors = [vars(d) for e in load_family_args([str(path)])[2] for d in e.diagnostics]
    finally:
        os.chdir(before)
    return sorted((e["line"], e["column"], e["message"], e["hint"])
                  for e in errors if e["file"] == str(path))
