"""Source texts as a contract: which file a `source` names, read safely, and cites found in it.

A source is a regular UTF-8 text file of at most MAX_SOURCE_BYTES in the rule file's folder
(or below it), in the `sources` folder beside that folder (spec/variants → spec/sources), in a
folder the user names (`--sources DIR`), or one of the seed sources that ship with kozel, by its
bare name. Anything else is refused with a reason and nothing of the file: its text is published
whole (site, JSON) and a hint quotes its sentences, so `source "../../etc/shadow"` must not
tell even whether that file exists.

A cite is compared with its source after both are normalised: whitespace and line breaks,
quotes (« » „ “ ” "), ё/е and dashes (‐ ‑ ‒ – — ―) written alike.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Iterable

from .sentences import sentences

MAX_SOURCE_BYTES = 1_000_000  # the rule files' limit too (README: Limits)
_PACKAGE = Path(__file__).resolve().parents[1]  # interpreter/
# The seed sources: inside an installed package (setup.py copies them beside the seeds), and in
# the checkout the package runs from.
SEED_SOURCE_FOLDERS = (_PACKAGE / "seeds", _PACKAGE.parent / "spec" / "sources")
_NEAREST_SHOWN = 160  # characters of the nearest sentence a hint quotes
_SAME = str.maketrans({"«": '"', "»": '"', "„": '"', "“": '"', "”": '"', "‟": '"',
                       "ё": "е", "Ё": "Е", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-",
                       "―": "-"})


class SourceRefused(Exception):
    """A source that cannot be read as one: `reason` is its catalogue key's last word
    (`missing`, `outside`, `not regular`, `too large`, `binary`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def normalised(text: str) -> str:
    """Text as cites are compared: quotes, ё, dashes and runs of whitespace written alike."""
    return re.sub(r"\s+", " ", text.translate(_SAME)).strip()


def _inside(folder: Path, name: str) -> Path | None:
    """The folder's file of that name, when the name as written stays in the folder (no `..`
    out of it, no absolute path); None otherwise."""
    if PurePath(name).is_absolute() or name.startswith("~"):
        return None
    relative = os.path.normpath(name)
    if relative == ".." or relative.startswith(".." + os.sep):
        # `../sources/x.txt` from the rule file's folder: inside only the `sources` folder
        joined = os.path.normpath(os.path.join(folder, name))
        if os.path.commonpath([joined, os.path.normpath(folder)]) != os.path.normpath(folder):
            return None
    return folder / name


def locate(name: str, folders: Iterable[Path]) -> Path:
    """The file a `source` names, looked for in each folder in turn, then among the seed
    sources (a bare name only); raise SourceRefused when none is a place it may be."""
    if not name or "\0" in name:
        raise SourceRefused("missing")
    # a seed source by its bare name (the package's seeds folder holds rule files beside them)
    seeds = SEED_SOURCE_FOLDERS if PurePath(name).name == name and name.endswith(".txt") else ()
    places = [(folder, _inside(folder, name)) for folder in [*folders, *seeds]]
    # with no folder at all (a text given to the API), a name that would leave any folder
    if all(candidate is None for _, candidate in places or [(None, _inside(Path("."), name))]):
        raise SourceRefused("outside")
    for folder, candidate in places:
        try:
            if candidate is None or not os.path.lexists(candidate):
                continue
            if not candidate.resolve().is_relative_to(folder.resolve()):
                raise SourceRefused("outside")  # a link that leads out of the folder
        except (OSError, RuntimeError, ValueError):  # a name too long, a link loop
            raise SourceRefused("missing") from None
        return candidate
    raise SourceRefused("missing")


def read_source(path: Path) -> str:
    """A located source's text; raise SourceRefused for anything but a regular UTF-8 text
    file of at most MAX_SOURCE_BYTES (only the limit plus one byte is ever read)."""
    try:
        found = path.stat()
        return _text(str(path), found.st_mtime_ns, found.st_size)
    except (OSError, RuntimeError):
        raise SourceRefused("missing") from None


@lru_cache(maxsize=32)
def _text(path: str, _mtime: int, _size: int) -> str:
    """The text of a file, read again only when it changed (its time and size are the key)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise SourceRefused("not regular")  # a FIFO would block, a device never end
    # Non-blocking, so that a pipe put in the file's place since the check cannot block.
    with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise SourceRefused("not regular")
        data = file.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        raise SourceRefused("too large")
    if b"\0" in data:
        raise SourceRefused("binary")
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        raise SourceRefused("binary") from None


@dataclass(frozen=True)
class CitedText:
    """A source's text ready for cites: normalised whole, and its sentences."""

    whole: str
    sentences: tuple[str, ...]
    compared: tuple[str, ...]  # each sentence normalised

    def has(self, quote: str) -> bool:
        """Whether the quote is in the text, both normalised."""
        needle = normalised(quote)
        return bool(needle) and needle in self.whole

    def nearest(self, quote: str) -> str:
        """The sentence most like the quote (difflib's ratio), shortened for a hint."""
        needle = normalised(quote)
        if not self.sentences:
            return ""
        scored = sorted(range(len(self.compared)), key=lambda i: -difflib.SequenceMatcher(
            None, needle, self.compared[i], autojunk=False).quick_ratio())[:20]
        best = max(scored, key=lambda i: (difflib.SequenceMatcher(
            None, needle, self.compared[i], autojunk=False).ratio(), -i))
        text = self.sentences[best]
        return text if len(text) <= _NEAREST_SHOWN else text[:_NEAREST_SHOWN - 1] + "…"


@lru_cache(maxsize=16)
def cited_text(text: str) -> CitedText:
    """A source's text ready for cites (kept for the few sources of a run)."""
    found = tuple(s.text for s in sentences(text))
    return CitedText(normalised(text), found, tuple(normalised(s) for s in found))


__all__ = ["CitedText", "MAX_SOURCE_BYTES", "SEED_SOURCE_FOLDERS", "SourceRefused",
           "cited_text", "locate", "normalised", "read_source"]
