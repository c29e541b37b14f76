"""Which parts of a table scene show the finding: what the checker says causes it, as data.

The checker writes the cause of every finding it shows by a game into the witness (`cause`,
checks/search/cause.py): the tiles the rules in question name or answer, and whether they read the
line's two ends, its opening tile or its last tile. The witness's facts name the side being
scored, the goat and the winners. Those, and only those, are marked; nothing here reads a
message, and no variant's rule is known here.
"""

from __future__ import annotations

from dataclasses import dataclass

from checks.search.witnesses import Witness
from interpreter.engine.tiles import Tile


@dataclass(frozen=True)
class Marks:
    """What a scene marks: tiles, the line's ends, its opening and last tile, sides (from 0)."""

    tiles: frozenset[Tile] = frozenset()
    ends: bool = False
    lead: bool = False
    last: bool = False
    sides: frozenset[int] = frozenset()


def marks_of(witness: Witness) -> Marks:
    """Return what shows the finding: the witness's `cause` and the sides its facts name."""
    cause = witness.cause
    if cause is None:
        return Marks(sides=witness.sides_named())
    return Marks(frozenset(cause.tiles), cause.ends, cause.lead, cause.last,
                 witness.sides_named())
