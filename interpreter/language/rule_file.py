"""A rule file's bytes → its text, refusing what cannot be a rule text (before any parsing)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable

from .errors import Diagnostic, RuleFileError, source_lines

MAX_FILE_BYTES = 1_000_000


def read_rule_file(path: Path) -> str:
    """Read a rule file as text; reject huge, binary, non-UTF-8 or empty files in one line."""
    name = display_name(path)

    def fail(message: str, line: int = 1) -> RuleFileError:
        return RuleFileError([Diagnostic(name, line, 1, message)])

    try:
        data = _read_regular(path, fail)
    except OSError as error:
        raise fail(f"cannot read file: {(error.strerror or str(error)).lower()}") from None
    return rule_text(data, name)


def rule_text(data: bytes, name: str) -> str:
    """A rule file's bytes as its text; reject binary, non-UTF-8, too large or empty ones
    (an editor's unsaved document goes through this too, encoded)."""
    def fail(message: str, line: int = 1) -> RuleFileError:
        return RuleFileError([Diagnostic(name, line, 1, message)])

    if len(data) > MAX_FILE_BYTES:
        raise fail(f"file is too large (more than {MAX_FILE_BYTES} bytes; a rule file is at "
                   f"most {MAX_FILE_BYTES})")
    if b"\x00" in data:
        raise fail("file is binary, not a rule text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail(f"file is not UTF-8 text (byte {error.start} is 0x{data[error.start]:02x})",
                   len(source_lines(data[: error.start].decode("utf-8")))) from None
    if not text.lstrip("\ufeff").strip():
        raise fail("file is empty; expected `variant NAME { ... }`")
    return text.lstrip("\ufeff")


def _read_regular(path: Path, fail: Callable[[str], RuleFileError]) -> bytes:
    """The bytes of a regular file (after links), never more than the limit plus one.

    A FIFO would block the read and a device (a link to /dev/zero) says it has 0 bytes and
    never ends, so only a regular file is opened, and the read itself is bounded.
    """
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        raise fail("is a folder, not a rule file")
    if not stat.S_ISREG(mode):
        raise fail("is not a regular file (a device, a pipe or a socket); a rule file is text")
    # Non-blocking, so that a pipe put in the file's place since the check cannot block.
    with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise fail("is not a regular file; a rule file is text")
        return file.read(MAX_FILE_BYTES + 1)  # one more: rule_text says it is too large


def display_name(path: Path | str) -> str:
    """A file's name as printable text: bytes that are not UTF-8 become `\\xff` escapes."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")
