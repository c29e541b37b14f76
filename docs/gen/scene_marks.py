"""Which parts of a table scene show the finding: what the checker says causes it, as data.

The checker writes the cause of every finding it shows by a game into the witness (`cause`,
checks/cause.py): the tiles the rules in question name or answer, and whether they read the
line's two ends, its opening tile or its last tile. The witness's facts name the side being
scored and the goat. Those, and only those, are marked; nothing here reads a message, and no
variant's rule is known here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

SIDE = re.compile(r"\bside (\d+)\b")  # the engine's words of a `goat` fact: sides from 0


@dataclass(frozen=True)
class Marks:
    """What a scene marks: tiles by name, the line's ends, its opening and last tile, sides."""

    tiles: frozenset[str] = frozenset()
    ends: bool = False
    lead: bool = False
    last: bool = False
    sides: frozenset[int] = frozenset()


def marks_of(witness: dict[str, Any]) -> Marks:
    """Return what shows the finding: the witness's `cause` and the sides its facts name."""
    cause = witness.get("cause") or {}
    sides = {int(n) for w in witness.get("goat") or [] if isinstance(w, str)
             for n in SIDE.findall(w)}
    side = witness.get("side")
    if isinstance(side, int) and not isinstance(side, bool):
        sides.add(side)
    return Marks(frozenset(str(t) for t in cause.get("tiles") or []), bool(cause.get("ends")),
                 bool(cause.get("lead")), bool(cause.get("last")), frozenset(sides))
