"""kozel's cache folder, and writing a file there so that a reader never sees half of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import BinaryIO, Callable

CACHE_ENV = "KOZEL_CACHE_DIR"  # where the caches live; set it empty to keep no cache at all


def cache_folder() -> Path | None:
    """The folder kept for kozel's caches: $KOZEL_CACHE_DIR, else the XDG cache folder."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return Path(base) / "kozel" if base else Path.home() / ".cache" / "kozel"
    except RuntimeError:  # no home folder to be found: run without a cache
        return None


def write_atomically(file: Path, write: Callable[[BinaryIO], None]) -> None:
    """Write a cache file through a temporary one; a cache that cannot be written is not kept.

    Two processes may start at once: each writes its own temporary file and renames it into
    place, so a reader finds the old file, the new one, or none, never half of one.
    """
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=".writing-")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as stream:
            write(stream)
        os.replace(temporary, file)
    except Exception:  # a full disk, or a value that cannot be written: keep nothing
        try:
            os.unlink(temporary)
        except OSError:
            pass
