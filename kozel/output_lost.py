"""Standard output that cannot be written (a full disk, `> /dev/full`, a closed descriptor):
one line on standard error and exit code 74 (EX_IOERR of sysexits.h), never a traceback.

A reader that went away (a closed pipe, `| head`) is not an error: BrokenPipeError passes
through as it is, and the command ends as it always has.
"""

from __future__ import annotations

import os
from typing import Any, TextIO

EXIT_OUTPUT_LOST = 74


class OutputLost(Exception):
    """Standard output refused what a command wrote; `reason` says why, as the system does."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class GuardedOutput:
    """The process's standard output (None when it was closed before the process began),
    whose failures to write are OutputLost."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write the text; OutputLost when the system refuses it."""
        return int(self._guarded("write", text))

    def flush(self) -> None:
        """Flush what is buffered; OutputLost when the system refuses it (with no standard
        output, nothing was written: a write would have failed already)."""
        if self.stream is not None:
            self._guarded("flush")

    def _guarded(self, name: str, *args: Any) -> Any:
        if self.stream is None:
            raise OutputLost(os.strerror(9))  # EBADF: there is no standard output at all
        try:
            return getattr(self.stream, name)(*args)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputLost(error.strerror or str(error)) from None

    def __getattr__(self, name: str) -> Any:
        if self.stream is None:
            raise AttributeError(name)
        return getattr(self.stream, name)


def forget_output() -> None:
    """Point standard output at the null device, so that the interpreter's own last flush of
    what could not be written fails no more (it would print "Exception ignored")."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except OSError:
        pass
