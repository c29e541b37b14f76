"""Files the commands write (`play --save`, `check --records`): checked before any work starts.

A path that cannot be written is a usage error (exit 2) found before the match is played or
the variants are checked, so no work is lost to a typo or a read-only folder. Writing is done
through a temporary file in the same folder, so a failed write never leaves half a file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from interpreter.language.errors import KozelError, UsageError


class OutputError(KozelError):
    """A file could not be written after the work was done (the disk filled, the folder went)."""


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _probe_folder(folder: Path, flag: str) -> None:
    """Create and remove a temporary file in folder; raise UsageError when that fails."""
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=".kozel-probe-")
        os.close(handle)
        os.unlink(name)
    except OSError as error:
        raise UsageError(f"{flag}: cannot write into folder '{folder}': {_reason(error)}") from None


def checked_output_file(path: str, flag: str) -> Path:
    """Return path once its folder exists and takes files; raise UsageError otherwise."""
    target = Path(path)
    if not path or target.name in ("", ".", ".."):
        raise UsageError(f"{flag} needs a file name, not {path!r}")
    folder = target.parent
    try:
        if target.exists() and not stat.S_ISREG(target.stat().st_mode):
            raise UsageError(f"{flag}: '{path}' exists and is not a regular file")
        if not folder.is_dir():
            raise UsageError(f"{flag}: folder '{folder}' does not exist")
    except OSError as error:
        raise UsageError(f"{flag}: cannot use '{path}': {_reason(error)}") from None
    _probe_folder(folder, flag)
    return target


def not_an_input(out: Path, inputs: list[Path], flag: str) -> None:
    """Refuse an output that is one of the command's input files (the same file, however
    named); raise UsageError."""
    for given in inputs:
        try:
            same = out.exists() and given.exists() and os.path.samefile(out, given)
        except OSError:
            same = False
        if same:
            raise UsageError(f"{flag}: '{out}' is the rule file read ('{given}'); "
                             f"name another file to write")


def checked_output_folder(given: str | Path, flag: str) -> Path:
    """Return path as a folder that takes files, creating it; raise UsageError otherwise."""
    if not str(given):
        raise UsageError(f"{flag} needs a folder name, not ''")
    path = Path(given)
    try:
        if path.exists() and not path.is_dir():
            raise UsageError(f"{flag}: '{path}' exists and is not a folder")
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{flag}: cannot create folder '{path}': {_reason(error)}") from None
    _probe_folder(path, flag)
    return path


def write_text_file(path: Path, text: str) -> None:
    """Write text to path whole or not at all; raise OutputError when it cannot be written."""
    write_file(path, text.encode("utf-8"))


def write_file(path: Path, data: bytes) -> None:
    """Write bytes to path whole or not at all; raise OutputError when they cannot be written."""
    name = ""
    try:
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(name, 0o666 & ~_umask())  # mkstemp makes the file private; a record is not
        os.replace(name, path)
    except OSError as error:
        if name:
            Path(name).unlink(missing_ok=True)
        raise OutputError(f"cannot write '{path}': {_reason(error)}") from None
