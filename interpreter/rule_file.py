"""A rule file's bytes → its text, refusing what cannot be a rule text (before any parsing)."""

from __future__ import annotations

from pathlib import Path

from .errors import Diagnostic, RuleFileError

MAX_FILE_BYTES = 1_000_000


def read_rule_file(path: Path) -> str:
    """Read a rule file as text; reject huge, binary, non-UTF-8 or empty files in one line."""
    name = str(path)

    def fail(message: str, line: int = 1) -> RuleFileError:
        return RuleFileError([Diagnostic(name, line, 1, message)])

    try:
        if path.is_dir():
            raise fail("is a folder, not a rule file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise fail(f"file is too large ({size} bytes; a rule file is at most {MAX_FILE_BYTES})")
        data = path.read_bytes()
    except OSError as error:
        raise fail(f"cannot read file: {(error.strerror or str(error)).lower()}") from None
    if b"\x00" in data:
        raise fail("file is binary, not a rule text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail(f"file is not UTF-8 text (byte {error.start} is 0x{data[error.start]:02x})",
                   data[: error.start].count(b"\n") + 1) from None
    if not text.lstrip("\ufeff").strip():
        raise fail("file is empty; expected `variant NAME { ... }`")
    return text.lstrip("\ufeff")
