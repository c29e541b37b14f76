"""The language server's input, in process. Framing (kozel/lsp/framing.py): whatever bytes
come before a well-framed message, that message is read intact, the bytes before it are
refused (never taken for a message they are not), and the input's end ends the reading.
Documents' URIs (kozel/lsp/files.py): normalised, and never a file outside the
workspace folder."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from kozel.lsp.files import NotChecked, document_path
from kozel.lsp.framing import (INVALID_REQUEST, PARSE_ERROR, FramedInput, Message, Refused,
                                   error_frame)
from tiers import examples


def frame(payload: object) -> bytes:
    body = json.dumps(payload, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def request(n: int, text: str = "") -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": n, "method": "textDocument/hover",
            "params": {"text": text}}


def read_all(data: bytes, limit: int = 16 * 2**20) -> list[Message | Refused]:
    """Everything a reader makes of `data` (written from another thread, as an editor would),
    up to the end of the input."""
    source, sink = os.pipe()

    def write() -> None:
        with os.fdopen(sink, "wb") as out:
            out.write(data)
    writer = threading.Thread(target=write)
    writer.start()
    got: list[Message | Refused] = []
    reader = FramedInput(source, limit=limit)
    try:
        while (message := reader.next_message()) is not None:
            got.append(message)
            assert len(got) <= len(data) + 1, "the reader makes more than it was given"
    finally:
        writer.join()
        os.close(source)
    return got


def test_the_issues_headers_are_refused_and_the_next_message_is_read() -> None:
    good = request(7, "Козёл")
    body = json.dumps(good).encode()
    cases = {
        b"Content-Length: -5\r\n\r\n{}": "a Content-Length of '-5', not a number of bytes",
        b"Content-Length: abc\r\n\r\n{}": "a Content-Length of 'abc', not a number of bytes",
        b"\r\n" + body: "a message without a Content-Length header",
        b"Content-Type: text/plain\r\n\r\n" + body: "a message without a Content-Length header",
        b"Content-Length: %d\r\n\r\n%s" % (len(body) - 5, body): "a body that is not UTF-8 JSON",
        b"Content-Length: %d\r\n\r\n%s" % (len(body) + 5, body): "a body that is not UTF-8 JSON",
        b"Content-Length: %d\r\n\r\n%s" % (len(body) + 900, body): "runs into the next message",
        b"Content-Length: 1000000000000000\r\n\r\n" + body: "a message of 1000000000000000 bytes",
    }
    for bad, said in cases.items():
        got = read_all(bad + frame(good))
        assert got[-1] == Message(good), (bad, got)
        assert got[:-1] and all(isinstance(g, Refused) and g.code == PARSE_ERROR
                                for g in got[:-1]), (bad, got)
        assert said in got[0].reason, (bad, got[0])  # type: ignore[union-attr]


def test_a_well_framed_body_that_is_not_json_rpc_is_refused_with_its_id() -> None:
    got = read_all(frame([1, 2]) + frame({"id": 4, "method": "x"}) + frame(request(5)))
    assert got == [Refused(INVALID_REQUEST, "a message that is not a JSON object"),
                   Refused(INVALID_REQUEST, 'a message without "jsonrpc": "2.0"', 4),
                   Message(request(5))]


def test_a_refusal_is_answered_as_a_json_rpc_error_with_a_null_id() -> None:
    answer = error_frame(Refused(PARSE_ERROR, "a message without a Content-Length header"))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head == b"Content-Length: %d" % len(body)
    assert json.loads(body) == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32700, "message": "a message without a Content-Length header"}}


def test_a_text_that_holds_a_header_is_one_message() -> None:
    """A document's text may hold `Content-Length: 5` and line breaks (escaped in JSON)."""
    text = "-- Content-Length: 5\r\n\r\nContent-Length: 9\n"
    assert read_all(frame(request(1, text)) + frame(request(2))) == [
        Message(request(1, text)), Message(request(2))]


# Pieces that garbage before a message is made of: headers right and wrong, bodies cut short.
PIECES = st.sampled_from([
    b"Content-Length: ", b"content-length:", b"Content-Type: x", b"X-Other: 1", b"\r\n", b"\n",
    b"\r", b"-5", b"abc", b"0", b"12", b"99999", b"{", b"}", b'"', b'{"jsonrpc": "2.0"',
    b"\r\n\r\n", b"\xff", b"\x00", b" ", b":",
]) | st.binary(max_size=24) | st.builds(lambda n, cut: frame(request(n))[:cut],
                                        st.integers(0, 99), st.integers(0, 60))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(garbage=st.lists(PIECES, max_size=12).map(b"".join),
       texts=st.lists(st.text(max_size=30), min_size=1, max_size=3))
def test_after_any_garbage_every_whole_message_is_read(garbage: bytes, texts: list[str]) -> None:
    """Garbage (random bytes, wrong headers, frames cut short) then whole messages: each of
    these is read intact, in order, whatever the garbage was."""
    messages = [request(100 + n, text) for n, text in enumerate(texts)]
    got = read_all(garbage + b"".join(frame(m) for m in messages))
    assert got[-len(messages):] == [Message(m) for m in messages], got


# Documents' URIs (kozel/lsp/files.py): the file a document is, and where it may be.
WS = "file:///ws/rules"


def test_a_uri_is_its_file_with_dots_resolved_and_refused_outside_the_workspace() -> None:
    assert document_path(WS + "/sub/../real.kozel", [WS]) == Path("/ws/rules/real.kozel")
    assert document_path(WS + "/sub/%2E%2E/real.kozel", [WS]) == Path("/ws/rules/real.kozel")
    assert document_path("file://localhost/ws/rules/a.kozel", [WS]) == Path("/ws/rules/a.kozel")
    for uri in (WS + "/../../etc/shadow", WS + "/sub/%2e%2e/%2e%2e/x.kozel",
                "file:///ws/rules-other/x.kozel", "file:///etc/shadow"):
        refused = document_path(uri, [WS])
        assert isinstance(refused, NotChecked) and "outside the workspace" in refused.reason, uri
    assert isinstance(document_path("file://elsewhere/ws/rules/a.kozel", [WS]), NotChecked)
    assert isinstance(document_path(WS + "/a%00.kozel", [WS]), NotChecked)
    # no workspace folder named: any file, its dots resolved all the same
    assert document_path("file:///ws/sub/../../etc/x.kozel", []) == Path("/etc/x.kozel")
    # an unsaved buffer: a file of its name in the current folder, never above it
    assert document_path("untitled:Untitled-1", [WS]) == Path("Untitled-1").absolute()
    assert document_path("untitled:../..", [WS]) == Path("untitled.kozel").absolute()


SEGMENTS = st.lists(st.sampled_from(["..", ".", "%2e%2e", "%2E.", "sub", "rules", "ws", "",
                                     "x.kozel", "%2F", "a%2F..%2F.."]), max_size=8)


@given(segments=SEGMENTS)
def test_no_uri_leaves_the_workspace(segments: list[str]) -> None:
    """Whatever `..` (plain, escaped, or hidden in an escaped slash) a URI holds, the file it
    is taken to be is inside the workspace folder, or it is not checked."""
    path = document_path(WS + "/" + "/".join(segments), [WS])
    assert isinstance(path, NotChecked) or path.is_relative_to("/ws/rules"), (segments, path)
    if isinstance(path, Path):
        assert ".." not in path.parts and path == Path(os.path.normpath(path))


def test_the_readme_states_the_servers_limits() -> None:
    from kozel.lsp.framing import MAX_HEADER_BYTES, MAX_MESSAGE_BYTES

    readme = Path(__file__).resolve().parents[2] / "README.md"
    limits = " ".join(readme.read_text(encoding="utf-8").split("## Limits")[1].split())
    assert (f"a message of at most {MAX_MESSAGE_BYTES // 2**20} MB" in limits
            and f"a header line of at most {MAX_HEADER_BYTES:,} bytes" in limits)
