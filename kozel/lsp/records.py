"""The game's record a finding's code action writes beside the rule file.

It is written only as a new file, never over another: a name taken by another file's text makes
it `name-2.json` (and so on), and a file of that name that holds the same record is said to be
there already. Whatever else has the name is neither read nor written: a FIFO there blocked
the server in its `open` until someone wrote to the pipe (no answer, not even to `exit`), and a
link to /dev/zero would be read for ever. So a new file is made with O_CREAT|O_EXCL (which
opens nothing that is there, a link included), and an existing one is opened only after lstat
says it is a regular file, without following a link and without blocking, and read only after
fstat says that what was opened is one; anything else is refused, with a message to the author.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.language.said import Said

# What opening a name with O_NOFOLLOW says when it has become a link (ELOOP; EMLINK on FreeBSD).
_SWAPPED = {getattr(errno, n) for n in ("ELOOP", "EMLINK") if hasattr(errno, n)}
# Flags that exist only on some systems: 0 where they do not.
_EXTRA = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


@dataclass(frozen=True)
class Told:
    """What the command tells the author, and whether it is a warning (nothing written)."""

    text: str
    warning: bool = False


def write_record(folder: Path, name: str, record: dict[str, Any], lang: str) -> Told:
    """Write a game's record as `name` in `folder`, never over another file: a file of that
    name with other contents makes it `name-2.json` (and so on). Says what was written, or why
    nothing was."""
    data = (json.dumps(record, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    stem = name.removesuffix(".json")
    try:
        for n in range(1, 1000):
            path = folder / (name if n == 1 else f"{stem}-{n}.json")
            if _written_new(path, data):
                return Told(Said("lspfind.record written", file=str(path)).in_lang(lang))
            same = _holds(path, data)
            if same is None:
                return Told(Said("lspfind.record not regular", file=str(path)).in_lang(lang),
                            warning=True)
            if same:
                return Told(Said("lspfind.record there", file=str(path)).in_lang(lang))
    except OSError as error:  # a folder that cannot be written, a full disk
        reason = f"{error.filename or folder}: {error.strerror or error}"
        return Told(Said("lspfind.record not written", reason=reason).in_lang(lang), warning=True)
    return Told(Said("lspfind.record not written", reason=f"no free name for {name} in {folder}"
                     ).in_lang(lang), warning=True)


def _written_new(path: Path, data: bytes) -> bool:
    """Write `data` as a new file at `path`; False when something has that name already."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _EXTRA, 0o666)
    except FileExistsError:
        return False
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    return True


def _holds(path: Path, data: bytes) -> bool | None:
    """Whether the regular file at `path` holds `data` (None: it is no regular file). Never
    blocks, never follows a link, reads at most one byte more than `data`."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a FIFO is not even opened where there is no O_NONBLOCK
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _EXTRA)
    except FileNotFoundError:  # removed since it was found there: the next name is tried
        return False
    except OSError as error:
        if error.errno in _SWAPPED:
            return None  # a link put in its place since the look
        raise
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return None  # something else put in its place since the look
        return file.read(len(data) + 1) == data


