"""Which parts of a table scene show the finding: read off the finding's words and facts.

A finding names what it is about: the checker's message quotes the rule (`holder(1-1)`,
`lead = 6-6`), the game says what it shows ("seat 0 holds 2-2 and 3-3 for the two ends", "a fish
with ends 6 and 4"), and the witness's facts name the side being scored and the goat. So the
marks are the tiles those words name, the two ends of the line where they speak of ends, the
opening or last tile where they speak of it, and the sides the facts name. No variant's rule is
known here: a new rule that names tiles or terms is marked the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

TILE = re.compile(r"(?<![\w.-])([0-6])-([0-6])(?![\w-])")
ENDS = re.compile(r"\b(left|right|ends|blocked|fish)\b")
LAST = re.compile(r"\blast\b")
LEAD = re.compile(r"\blead\b(?!\s+(match|round|tile))")
SIDE = re.compile(r"\bside (\d+)\b")
WORDY_KEYS = ("shows", "then", "note")  # not `situation`: it lists every hand


@dataclass(frozen=True)
class Marks:
    """What a scene marks: tiles by name, the line's ends, its opening and last tile, sides."""

    tiles: frozenset[str] = frozenset()
    ends: bool = False
    lead: bool = False
    last: bool = False
    sides: frozenset[int] = frozenset()


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a fact (lists and objects searched through)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _tile_name(a: str, b: str) -> str:
    low, high = sorted((int(a), int(b)))
    return f"{low}-{high}"


def marks_of(witness: dict[str, Any], message: str = "") -> Marks:
    """Return what shows the finding, from its message and the witness's words and facts."""
    words = [message] + [w for key in WORDY_KEYS for w in _strings(witness.get(key))]
    valued = [w for key in ("values", "does", "lead", "last") for w in _strings(witness.get(key))]
    text = "\n".join(words)
    tiles = {_tile_name(a, b) for w in words + valued for a, b in TILE.findall(w)}
    sides = {int(n) for w in _strings(witness.get("goat")) for n in SIDE.findall(w)}
    side = witness.get("side")
    if isinstance(side, int) and not isinstance(side, bool):
        sides.add(side)
    return Marks(frozenset(tiles), bool(ENDS.search(text)), bool(LEAD.search(text)),
                 bool(LAST.search(text)), frozenset(sides))
