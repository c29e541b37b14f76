"""The language server's standard input, framed: whole JSON-RPC messages, or what was refused.

An editor's messages come as `Content-Length: N` headers, a blank line and N bytes of JSON.
pygls' own reader trusts every header: a length of `-5`, `abc`, a missing one or one 5 bytes
short left it reading each next header as a body, deaf for the rest of the session (and to
`shutdown` and `exit`), and a length of 10^15 was one `read` of that size. This reader takes
the frames apart itself and hands on only well-formed messages (`Message`); anything else is
`Refused`, answered with a JSON-RPC error, and the input is skipped up to the next well-formed
`Content-Length` header. It also says when all the input sent so far has been read (`on_idle`),
so that the server checks a document once an editor's burst of edits is over, not once per
superseded edit.
"""

from __future__ import annotations

import json
import logging
import os
import re
import select
from dataclasses import dataclass
from typing import Any, Callable

# A rule file is at most 1 MB (rule_file.py); JSON escapes make its text at most six times that.
MAX_MESSAGE_BYTES = 16 * 2**20
MAX_HEADER_BYTES = 1024  # one header line, `Content-Length: N` and the like
MAX_HEADERS = 16  # header lines of one message (LSP knows two)
CHUNK = 65536
PARSE_ERROR, INVALID_REQUEST = -32700, -32600  # JSON-RPC's error codes
HEADER = re.compile(rb"([A-Za-z0-9-]+):[ \t]*([^\r\n]*?)[ \t]*\r?\n")
KNOWN = (b"content-length", b"content-type")  # LSP's headers; any other is refused
# A well-formed length header, where the input is taken up again after a refusal. It cannot
# occur inside a JSON body (a string cannot hold a raw line break, nor can anything else), so
# one found inside a body that is still arriving proves the body's length wrong.
LENGTH_HEADER = re.compile(rb"content-length:[ \t]*[0-9]+[ \t]*\r?\n", re.IGNORECASE)
LENGTH_NAME = re.compile(rb"content-length:", re.IGNORECASE)
SHOWN = 40  # bytes of a refused header quoted in the error

log = logging.getLogger("kozel.lsp")


@dataclass(frozen=True)
class Message:
    """One well-framed JSON-RPC 2.0 message, as parsed JSON."""

    payload: dict[str, Any]


@dataclass(frozen=True)
class Refused:
    """Input that is no message: the JSON-RPC error to answer, and the request's id if known."""

    code: int
    reason: str
    id: int | str | None = None


class FramedInput:
    """Messages read from a file descriptor (the server's standard input), bounded in size."""

    def __init__(self, fd: int, on_idle: Callable[[], None] = lambda: None,
                 limit: int = MAX_MESSAGE_BYTES) -> None:
        self.fd, self.on_idle, self.limit = fd, on_idle, limit
        self.buffer = bytearray()
        self.eof = False
        self.resync: int | None = None  # after a refusal: skip to a length header from here

    def next_message(self) -> Message | Refused | None:
        """The next message, or a refused stretch of input; None at the end of the input."""
        if self.resync is not None:
            self._skip_to_next_header(self.resync)
            self.resync = None
        length = self._headers()
        if length is None or isinstance(length, Refused):
            return length
        return self._body(length)

    def _lose(self, reason: str, resync: int = 1) -> Refused:
        """Refuse the frame that starts the buffer; the next call looks for a length header
        from `resync` on (past a refused header's first byte; at a refused body's start)."""
        log.error("refused %s; reading on from the next Content-Length header", reason)
        self.resync = resync
        return Refused(PARSE_ERROR, reason)

    def _headers(self) -> int | Refused | None:
        """The body length a message's headers give (the headers are then taken)."""
        at, count = 0, 0
        length: int | Refused | None = None
        while True:
            end = self.buffer.find(b"\n", at)
            if end < 0:
                if self.eof:
                    return None  # nothing more comes: a part of a header is no message
                if len(self.buffer) - at > MAX_HEADER_BYTES:
                    return self._lose(f"a header line of more than {MAX_HEADER_BYTES} bytes")
                self._fill()
                continue
            line = bytes(self.buffer[at:end + 1])
            at = end + 1
            if line in (b"\r\n", b"\n"):  # the blank line that ends the headers
                if length is None:
                    return self._lose("a message without a Content-Length header")
                del self.buffer[:at]
                return length
            found = HEADER.fullmatch(line)
            count += 1
            if found is None or found.group(1).lower() not in KNOWN or count > MAX_HEADERS \
                    or LENGTH_NAME.search(line, 1):  # the next message's header ran into it
                return self._lose(f"a line that is not a header of LSP: {_shown(line)}"
                                  if count <= MAX_HEADERS else f"more than {MAX_HEADERS} headers")
            if found.group(1).lower() == b"content-length":
                if length is not None:
                    return self._lose("two Content-Length headers in one message")
                length = self._length(found.group(2))
                if isinstance(length, Refused):
                    return length

    def _length(self, value: bytes) -> int | Refused:
        if not value.isdigit():
            return self._lose(f"a Content-Length of {_shown(value)}, not a number of bytes")
        if int(value) > self.limit:
            return self._lose(f"a message of {int(value)} bytes (Content-Length over the limit "
                              f"of {self.limit} bytes)")
        return int(value)

    def _body(self, length: int) -> Message | Refused:
        """A body of `length` bytes, parsed; refused when it is not one JSON-RPC message."""
        searched = 0
        while len(self.buffer) < length:
            if self.eof:
                return self._lose(f"the input ended inside a body of {length} bytes", 0)
            if LENGTH_HEADER.search(self.buffer, max(searched - MAX_HEADER_BYTES, 0)):
                return self._lose(f"a Content-Length of {length} bytes runs into the next "
                                  "message's header", 0)
            searched = len(self.buffer)
            self._fill()
        try:
            payload = json.loads(self.buffer[:length].decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return self._lose(f"a body that is not UTF-8 JSON of {length} bytes (is its "
                              "Content-Length right?)", 0)
        del self.buffer[:length]
        return _message(payload)

    def _skip_to_next_header(self, start: int) -> None:
        """Drop input up to the next length header from `start` on."""
        del self.buffer[:start]
        while True:
            found = LENGTH_HEADER.search(self.buffer)
            if found:
                del self.buffer[:found.start()]
                return
            del self.buffer[:max(len(self.buffer) - MAX_HEADER_BYTES, 0)]  # a header cut in two
            if self.eof:
                self.buffer.clear()
                return
            self._fill()

    def _fill(self) -> None:
        """Read what is there; say first when nothing is (the editor has sent all it had)."""
        if not self._waiting():
            self.on_idle()
        chunk = os.read(self.fd, CHUNK)
        self.eof = not chunk
        self.buffer += chunk

    def _waiting(self) -> bool:
        """Whether more input can be read at once (never, where pipes cannot be polled)."""
        try:
            return bool(select.select([self.fd], [], [], 0)[0])
        except (OSError, ValueError):
            return False


def _message(payload: Any) -> Message | Refused:
    """A parsed body as a message, or refused when it is not a JSON-RPC 2.0 object."""
    if not isinstance(payload, dict):
        return Refused(INVALID_REQUEST, "a message that is not a JSON object")
    id_ = payload.get("id")
    id_ = id_ if isinstance(id_, (int, str)) and not isinstance(id_, bool) else None
    if payload.get("jsonrpc") != "2.0":
        return Refused(INVALID_REQUEST, 'a message without "jsonrpc": "2.0"', id_)
    if "method" in payload and not isinstance(payload["method"], str):
        return Refused(INVALID_REQUEST, "a message whose method is not a string", id_)
    return Message(payload)


def _shown(data: bytes) -> str:
    """A refused header's bytes as printable text, cut short."""
    text = repr(data[:SHOWN].rstrip(b"\r\n"))[1:]
    return text + ("..." if len(data) > SHOWN else "")


def error_frame(refused: Refused) -> bytes:
    """The JSON-RPC error response that answers refused input, framed."""
    body = json.dumps({"jsonrpc": "2.0", "id": refused.id,
                       "error": {"code": refused.code, "message": refused.reason}}).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
