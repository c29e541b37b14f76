"""A rule file's bytes → its text, refusing what cannot be a rule text (before any parsing)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Callable

from .errors import Diagnostic, RuleFileError, source_lines
from .said import Either, Said

MAX_FILE_BYTES = 1_000_000
# The OS errors a rule file is read with, in the catalogue (the English is the system's words).
_OS_ERRORS = {errno.ENOENT: "os.no such file", errno.EACCES: "os.denied", errno.EPERM: "os.denied",
              errno.ELOOP: "os.loop", errno.ENAMETOOLONG: "os.name too long",
              errno.ENOTDIR: "os.not a folder", errno.EIO: "os.input output"}


def read_rule_file(path: Path) -> str:
    """Read a rule file as text; reject huge, binary, non-UTF-8 or empty files in one line."""
    name = display_name(path)

    def fail(message: str, line: int = 1) -> RuleFileError:
        return RuleFileError([Diagnostic(name, line, 1, message)])

    try:
        data = _read_regular(path, fail)
    except OSError as error:
        reason = Either((error.strerror or str(error)).lower(),
                        _OS_ERRORS.get(error.errno or 0, ""))
        raise fail(Said("file.cannot read", reason=reason)) from None
    return rule_text(data, name)


def rule_text(data: bytes, name: str) -> str:
    """A rule file's bytes as its text; reject binary, non-UTF-8, too large or empty ones
    (an editor's unsaved document goes through this too, encoded)."""
    def fail(message: str, line: int = 1) -> RuleFileError:
        return RuleFileError([Diagnostic(name, line, 1, message)])

    if len(data) > MAX_FILE_BYTES:
        raise fail(Said("file.too large", limit=MAX_FILE_BYTES))
    if b"\x00" in data:
        raise fail(Said("file.binary"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail(Said("file.not utf8", at=error.start, byte=data[error.start]),
                   len(source_lines(data[: error.start].decode("utf-8")))) from None
    if not text.lstrip("\ufeff").strip():
        raise fail(Said("file.empty"))
    return text.lstrip("\ufeff")


def _read_regular(path: Path, fail: Callable[[str], RuleFileError]) -> bytes:
    """The bytes of a regular file (after links), never more than the limit plus one.

    A FIFO would block the read and a device (a link to /dev/zero) says it has 0 bytes and
    never ends, so only a regular file is opened, and the read itself is bounded.
    """
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        raise fail(Said("file.folder"))
    if not stat.S_ISREG(mode):
        raise fail(Said("file.not regular"))
    # Non-blocking, so that a pipe put in the file's place since the check cannot block.
    with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise fail(Said("file.not regular now"))
        return file.read(MAX_FILE_BYTES + 1)  # one more: rule_text says it is too large


def rule_files_in(folder: Path, *, recursive: bool = False) -> list[Path]:
    """The rule files of a folder (`*.kozel`, in its subfolders too when recursive), sorted."""
    found = folder.rglob("*.kozel") if recursive else folder.glob("*.kozel")
    return sorted(path for path in found if leads_to_rule_file(path))


def leads_to_rule_file(path: Path) -> bool:
    """Whether a `*.kozel` found in a folder is to be read: a file, or a link to a `.kozel`.

    A folder is read for every rule file in it, without the reader naming each: a link
    `x.kozel` → /etc/shadow there would have that file read and its first line shown in the
    error. A link that leads nowhere (or in a loop) is kept: reading it says so, and shows
    nothing of any file."""
    if not path.is_symlink():
        return True
    try:
        return path.resolve(strict=True).suffix == ".kozel"
    except (OSError, RuntimeError):
        return True


def display_name(path: Path | str) -> str:
    """A file's name as printable text: bytes that are not UTF-8 become `\\xff` escapes."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")
