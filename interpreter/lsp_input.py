"""The language server's standard input: bounded messages, and a word when the editor is quiet.

pygls reads a message's body with one `read(Content-Length)`: a header that claims 10^15 bytes
would be a `MemoryError`. This reader refuses a message over the limit with a log line and
resumes at the next message's header. It also says when all the input sent so far has been read
(`on_idle`), so that the server checks a document once an editor's burst of edits is over, not
once per superseded edit.
"""

from __future__ import annotations

import logging
import os
import re
import select
from typing import Callable

# A rule file is at most 1 MB (rule_file.py); JSON escapes make its text at most six times that.
MAX_MESSAGE_BYTES = 16 * 2**20
MAX_HEADER_BYTES = 1024  # one header line, `Content-Length: N` and the like
CHUNK = 65536
HEADER = b"Content-Length:"
LENGTH = re.compile(rb"^Content-Length:\s*(\d+)\s*$", re.IGNORECASE)

log = logging.getLogger("kozel.lsp")


class BoundedInput:
    """A binary input for pygls' reader (readline, read) that refuses oversized messages."""

    def __init__(self, fd: int, on_idle: Callable[[], None] = lambda: None,
                 limit: int = MAX_MESSAGE_BYTES) -> None:
        self.fd, self.on_idle, self.limit = fd, on_idle, limit
        self.buffer = bytearray()
        self.eof = False

    def readline(self) -> bytes:
        """The next header line (b"" at the end); a header over the limit is skipped whole."""
        while True:
            end = self.buffer.find(b"\n")
            if end < 0 and not self.eof and len(self.buffer) <= MAX_HEADER_BYTES:
                self._fill()
                continue
            line = self._take(end + 1 if end >= 0 else len(self.buffer))
            match = LENGTH.match(line)
            if match and int(match.group(1)) > self.limit:
                log.error("refused a message of %s bytes (Content-Length over the limit of %d "
                          "bytes); reading on from the next message", match.group(1).decode(),
                          self.limit)
                self._skip_to_next_header()
                continue
            return line

    def read(self, size: int) -> bytes:
        """A message's body: `size` bytes (fewer at the end of the input)."""
        while len(self.buffer) < size and not self.eof:
            self._fill()
        return self._take(min(size, len(self.buffer)))

    def close(self) -> None:
        """Nothing to close: the descriptor is the process's standard input."""

    def _take(self, size: int) -> bytes:
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def _skip_to_next_header(self) -> None:
        """Drop input up to the next `Content-Length:` (the refused body is never kept)."""
        while not self.eof:
            start = self.buffer.find(HEADER)
            if start >= 0:
                del self.buffer[:start]
                return
            del self.buffer[:max(len(self.buffer) - len(HEADER), 0)]  # a header cut in two
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
