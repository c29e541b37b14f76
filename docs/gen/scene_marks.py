"""Which parts of a table scene show the finding: what the finding and its witness name.

A finding names what it is about (checks/named.py reads the checker's words once, where they are
written: the rule its message quotes names `holder(1-1)`, `lead = 6-6`); the game says what it
shows ("seat 0 holds 2-2 and 3-3 for the two ends", "a fish with ends 6 and 4"), and the
witness's facts name the side being scored and the goat. So the marks are the tiles those name,
the two ends of the line where they speak of ends, the opening or last tile where they speak of
it, and the sides the facts name. No variant's rule is known here: a new rule that names tiles
or terms is marked the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from checks.named import Named, named_in

SIDE = re.compile(r"\bside (\d+)\b")
WORDY_KEYS = ("shows", "then", "note")  # not `situation`: it lists every hand
VALUED_KEYS = ("values", "does", "lead", "last")  # facts whose values are tiles, not words


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


def marks_of(witness: dict[str, Any], named: Named = Named()) -> Marks:
    """Return what shows the finding: what it names (`Finding.named`), and what the witness's
    words and facts name."""
    for words in (w for key in WORDY_KEYS for w in _strings(witness.get(key))):
        named = named | named_in(words)
    valued = {t for key in VALUED_KEYS for w in _strings(witness.get(key))
              for t in named_in(w).tiles}
    sides = {int(n) for w in _strings(witness.get("goat")) for n in SIDE.findall(w)}
    side = witness.get("side")
    if isinstance(side, int) and not isinstance(side, bool):
        sides.add(side)
    return Marks(frozenset(named.tiles) | valued, named.ends, named.lead, named.last,
                 frozenset(sides))
