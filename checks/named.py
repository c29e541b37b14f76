"""What the checker's words name at the table: tiles, seats, the line's ends, its opening and
its last tile.

A message quotes rules as written (`holder(1-1)`, `lead = 6-6`) and a game says what it shows
("seat 1 holds 2-2 and 3-3 for the two ends", "a fish with ends 6 and 4"); a seat is named
for people, from 1, and read back as the engine's seat, from 0. The checker owns
those words, so they are read here: a finding carries what its message names
(`Finding.named`), and a rulebook marks a scene by it and by what the witness's own sentences
name, read with the same function (docs/gen/scene_marks.py), never by reading a message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

TILE = re.compile(r"(?<![\w.-])([0-6])-([0-6])(?![\w-])")
SEAT = re.compile(r"\bseats? (\d+)\b")  # "seat 1", and the first of "seats 1 and 3"
ENDS = re.compile(r"\b(left|right|ends|blocked|fish)\b")
LAST = re.compile(r"\blast\b")
LEAD = re.compile(r"\blead\b(?!\s+(match|round|tile))")  # the slots named lead ... are not it
T = TypeVar("T")


@dataclass(frozen=True)
class Named:
    """What some words name: tiles (as low-high, in the order named), seats, and whether they
    speak of the line's two ends, its opening (lead) tile or its last tile."""

    tiles: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    ends: bool = False
    lead: bool = False
    last: bool = False

    def __or__(self, other: "Named") -> "Named":
        """What either names."""
        return Named(_once(self.tiles + other.tiles), _once(self.seats + other.seats),
                     self.ends or other.ends, self.lead or other.lead, self.last or other.last)


def _once(items: tuple[T, ...]) -> tuple[T, ...]:
    """The items without repeats, in their first order."""
    return tuple(dict.fromkeys(items))


def tile_name(a: str, b: str) -> str:
    """Return a tile's name with the lower number first ("3-1" → "1-3")."""
    low, high = sorted((int(a), int(b)))
    return f"{low}-{high}"


def named_in(text: str) -> Named:
    """Return what an English sentence of the checker names."""
    return Named(_once(tuple(tile_name(a, b) for a, b in TILE.findall(text))),
                 _once(tuple(int(n) - 1 for n in SEAT.findall(text) if int(n) > 0)),
                 bool(ENDS.search(text)), bool(LEAD.search(text)), bool(LAST.search(text)))
