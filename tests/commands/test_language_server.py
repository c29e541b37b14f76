"""The language server: a real `kozel-lsp` process spoken to over stdio (JSON-RPC, as an editor
does) publishes the parser's and resolver's errors at their line and column."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from interpreter.language_server import diagnostics_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BROKEN = 'variant x "t" {\n  players 2..4\n  deal: 7 +\n}\n'


def test_errors_become_diagnostics_at_their_place() -> None:
    found = diagnostics_of(BROKEN, "file:///tmp/x.kozel")
    assert len(found) == 1
    assert (found[0].range.start.line, found[0].range.start.character) == (2, 11)  # 0-based
    assert "after '+'" in found[0].message


def test_a_parent_beside_the_file_is_found_and_a_valid_file_is_clean() -> None:
    pairs = ROOT / "spec" / "variants" / "pairs.kozel"
    assert diagnostics_of(pairs.read_text(encoding="utf-8"), pairs.as_uri()) == []
    alone = diagnostics_of(pairs.read_text(encoding="utf-8"), "untitled:pairs.kozel")
    assert any("unknown variant 'minsk'" in d.message for d in alone)


def _send(stream: IO[bytes], message: dict[str, Any]) -> None:
    body = json.dumps(message).encode()
    stream.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    stream.flush()


def _reader(stream: IO[bytes], out: "queue.Queue[dict[str, Any]]") -> None:
    while True:
        headers = {}
        while (line := stream.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        if not headers:
            return
        out.put(json.loads(stream.read(int(headers["content-length"]))))


def _next(messages: "queue.Queue[dict[str, Any]]", method: str | None = None,
          id_: int | None = None) -> dict[str, Any]:
    while True:
        message = messages.get(timeout=60)
        if (method and message.get("method") == method) or (id_ and message.get("id") == id_):
            return message


def test_an_editor_session_over_stdio(tmp_path: Path) -> None:
    uri = (tmp_path / "x.kozel").as_uri()
    server = subprocess.Popen([sys.executable, "-m", "interpreter.language_server"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, cwd=ROOT)
    assert server.stdin and server.stdout
    messages: queue.Queue[dict[str, Any]] = queue.Queue()
    threading.Thread(target=_reader, args=(server.stdout, messages), daemon=True).start()
    try:
        _send(server.stdin, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                             "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        assert "capabilities" in _next(messages, id_=1)["result"]
        _send(server.stdin, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        _send(server.stdin, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "kozel", "version": 1, "text": BROKEN}}})
        published = _next(messages, "textDocument/publishDiagnostics")["params"]
        assert published["uri"] == uri
        [diagnostic] = published["diagnostics"]
        assert diagnostic["range"]["start"] == {"line": 2, "character": 11}
        fixed = BROKEN.replace("7 +", "7")
        _send(server.stdin, {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}})
        later = _next(messages, "textDocument/publishDiagnostics")["params"]["diagnostics"]
        assert all("after '+'" not in d["message"] for d in later)
        assert any("has no rule for" in d["message"] for d in later)  # now the resolver speaks
        _send(server.stdin, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        _next(messages, id_=2)
        _send(server.stdin, {"jsonrpc": "2.0", "method": "exit"})
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
