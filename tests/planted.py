"""What an attacker would put in kozel's cache: a pickle that runs code when loaded, and an
entry sealed with the folder's key as if that key had leaked (tests of the cache's safety)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.language import cache_folder as cache


class Plant:
    """A pickle whose loading creates a file: what an attacker would put in the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def sealed(folder: Path, name: str, payload: bytes) -> bytes:
    """An entry sealed with the folder's own key (as if the key had leaked)."""
    key = (folder / cache.KEY).read_bytes()
    return cache.MAGIC + cache._seal(key, name, payload) + payload
