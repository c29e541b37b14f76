"""A language server an editor can trust: a real `kozel-lsp` process given what a broken
plugin or a hostile document would send. Malformed framing is answered with a JSON-RPC error
and the server goes on serving (and honours `shutdown` and `exit`); a document's URI is
normalised, a document outside the workspace folder is not checked, the editor's text is what
is checked (never the disk's file of that name), and nothing of a file that is not a rule
file reaches a message."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")

from lsp_session import Session, lsp_errors  # noqa: E402
from tiers import examples  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BROKEN = 'variant x "t" {\n  players 2..4\n  deal: 7 +\n}\n'  # an error at 3:12 (1-based)
SECRET = "hunter2-пароль"  # the first word of a file that is not a rule file


def _open_and_see(lsp: Session, uri: str, text: str = BROKEN) -> list[dict[str, Any]]:
    lsp.open(uri, text)
    return list(lsp.published(uri)["diagnostics"])


def _frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def test_malformed_framing_is_answered_and_the_server_serves_on(tmp_path: Path) -> None:
    """The issue's headers: `-5`, `abc`, none, 5 bytes short, 5 bytes long; after each a
    document is opened and checked as usual, and `shutdown` and `exit` end the server."""
    hover = json.dumps({"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover",
                        "params": {"textDocument": {"uri": "file:///x"},
                                   "position": {"line": 0, "character": 0}}}).encode()
    bad = [b"Content-Length: -5\r\n\r\n{}", b"Content-Length: abc\r\n\r\n{}", b"\r\n" + hover,
           b"Content-Length: %d\r\n\r\n%s" % (len(hover) - 5, hover),
           b"Content-Length: %d\r\n\r\n%s" % (len(hover) + 5, hover)]
    with Session(ROOT) as lsp:
        for n, data in enumerate(bad):
            lsp.raw(data)
            uri = (tmp_path / f"doc{n}.kozel").as_uri()
            lsp.raw(lsp.message("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "kozel", "version": 1, "text": BROKEN}}))
            assert lsp.refusal()["code"] == -32700, data
            [error] = lsp_errors(lsp.published(uri), BROKEN)
            assert error[:2] == (3, 12), (data, error)
    assert lsp.code == 0  # shutdown answered, exit honoured
    assert "Traceback" not in lsp.log()


# Frames of ordinary messages, cut short (never shutdown nor exit: garbage that completed a
# cut `shutdown` would end the session the test goes on with).
ORDINARY = [json.dumps(m).encode() for m in (
    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///fuzz/cut.kozel", "languageId": "kozel", "version": 1, "text": BROKEN}}},
    {"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {}},
    {"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": "off"}})]
CUT = st.builds(lambda body, cut: _frame(body)[:cut], st.sampled_from(ORDINARY),
                st.integers(0, 200))
HEADERS = st.sampled_from([b"Content-Length: ", b"Content-Length: -5\r\n\r\n", b"abc", b"\r\n",
                           b"Content-Type: x\r\n", b"Content-Length: 99999\r\n\r\n", b"{"])
GARBAGE = st.lists(CUT | HEADERS | st.binary(max_size=64), min_size=1, max_size=6).map(b"".join)


def test_random_and_cut_frames_never_make_the_server_deaf(tmp_path: Path) -> None:
    """Hypothesis sends random bytes, wrong headers and frames cut short to one server; after
    each such burst a document is opened, and its check is published."""
    uris = (f"file:///fuzz/doc{n}.kozel" for n in itertools.count())
    with Session(tmp_path) as lsp:
        @settings(max_examples=examples(40), deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(garbage=GARBAGE)
        def after(garbage: bytes) -> None:
            uri = next(uris)
            lsp.raw(garbage)
            [error] = lsp_errors({"diagnostics": _open_and_see(lsp, uri)}, BROKEN)
            assert error[:2] == (3, 12), error
        after()
    assert lsp.code == 0
    assert "Traceback" not in lsp.log()


def test_a_uri_with_dots_is_the_open_buffer_not_the_file_on_disk(tmp_path: Path) -> None:
    """`file:///ws/sub/../real.kozel` is /ws/real.kozel, and its text is the editor's: the
    valid file on disk is not what is checked."""
    (tmp_path / "sub").mkdir()
    real = tmp_path / "real.kozel"
    real.write_text('variant real "t" extends minsk {\n  deal: 6\n}\n', encoding="utf-8")
    dotted = (tmp_path / "sub").as_uri() + "/../real.kozel"
    for workspace in (tmp_path, None):
        with Session(tmp_path, workspace) as lsp:
            [error] = lsp_errors({"diagnostics": _open_and_see(lsp, dotted)}, BROKEN)
            assert error[:2] == (3, 12), error  # the buffer's error, not the disk's none
            lsp.change(dotted, 2, BROKEN.replace("7 +", "7 + +"))
            assert lsp.published(dotted)["version"] == 2
        assert lsp.code == 0


def test_a_document_outside_the_workspace_is_not_checked_and_shows_nothing_of_it(
        tmp_path: Path) -> None:
    """With `..` (plain or percent-escaped) or without, a document outside the workspace folder
    gets one note saying it is not checked; a file that is not a rule file beside it is never
    quoted, whichever document names it."""
    workspace = tmp_path / "ws"
    (workspace / "sub").mkdir(parents=True)
    (tmp_path / "shadow").write_text(f"{SECRET}:x:0:0\n", encoding="utf-8")
    outside = [workspace.as_uri() + "/sub/../../shadow",
               workspace.as_uri() + "/sub/%2e%2e/../shadow",
               (tmp_path / "shadow").as_uri(), (tmp_path / "x.kozel").as_uri()]
    with Session(workspace, workspace) as lsp:
        for uri in outside:
            [note] = _open_and_see(lsp, uri, "variant")
            assert note["message"].startswith("not checked: outside the workspace folder"), uri
        for n, text in enumerate(('use "../shadow"\nvariant y "t" extends minsk {\n}\n',
                                  'variant y "t" extends shadow {\n}\n')):
            inside = (workspace / f"doc{n}.kozel").as_uri()
            said = json.dumps(_open_and_see(lsp, inside, text), ensure_ascii=False)
            assert "shadow" in said and SECRET not in said, said
    assert lsp.code == 0
    assert SECRET not in lsp.log()
    with Session(workspace) as lsp:  # no workspace folder named: the buffer is what is read
        said = json.dumps(_open_and_see(lsp, outside[0], "variant"), ensure_ascii=False)
        assert said != "[]" and SECRET not in said, said
