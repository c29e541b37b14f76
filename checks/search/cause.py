"""What at the table causes a finding, as data: the witness's `cause` field.

A drawn game marks the tiles that make the finding happen, and only those. They are read from
what the rules in question are (their syntax trees, through interpreter/language/reads.py) and
from what they answered in the game, never from the words of a message: a rule that names a
tile (`holder(1-1)`, `lead = 6-6`) causes a finding through that tile wherever it lies; an
answer that is a tile (a lead of 3-6 against one of 4-5) is a tile the finding is about; a rule
that reads the line's ends, its opening tile or its last tile marks those. A value that lists
many tiles (a whole hand, everything dealt) is the rule's input, not its cause, and marks none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Protocol

from interpreter.engine import tileset as ts
from interpreter.engine.tiles import Tile
from interpreter.language import ast
from interpreter.language.model import Case
from interpreter.language.reads import case_parts, expressions_in, names_read
from interpreter.language.slots import SLOTS, TILE
from interpreter.language.summary import case_text

from ..reporting.about import Named

class Shown(Protocol):
    """What a cause is read against: the tiles a witness shows (checks/witnesses.Witness)."""

    @property
    def line(self) -> tuple[Any, ...]: ...  # noqa: D102

    def on_table(self) -> set[Tile]: ...  # noqa: D102

    def held(self) -> set[Tile]: ...  # noqa: D102

ENDS = frozenset({"left", "right", "ends", "blocked"})  # names that read the line's two ends
# what the checker's own properties read (conditions.py: INVARIANTS, PROPERTIES)
PROPERTY_READS = {"fish-ends-equal": frozenset({"left", "right"})}
FEW = 2  # an answer of at most this many tiles names its tiles; more is the rule's input


@dataclass(frozen=True)
class Cause:
    """What makes a finding happen at the table: tiles shown, and the parts of the line read
    (its two ends, its opening tile, its last tile)."""

    tiles: tuple[Tile, ...] = ()
    ends: bool = False
    lead: bool = False
    last: bool = False

    def to_json(self) -> dict[str, Any]:
        """The witness's `cause` as the JSON writes it (a part of the line only when read)."""
        found: dict[str, Any] = {"tiles": [str(t) for t in self.tiles]}
        found.update({key: True for key in ("ends", "lead", "last") if getattr(self, key)})
        return found


def _tile_of(tile: ast.TileLit) -> Tile:
    return Tile.of(tile.low, tile.high)


def tiles_named(exprs: Iterable[Any], held: set[Tile] | None = None) -> list[Tile]:
    """The tiles the expressions write literally, in the order written; of a list of tiles
    (a priority order, a set), only the first one held when `held` is given: the one that
    decides, where the list is a priority order."""
    found: list[Tile] = []
    for expr in exprs:
        lists = [p for p in expressions_in(expr) if isinstance(p, ast.TileList)]
        in_lists = {id(t) for tiles in lists for t in tiles.items}
        found += [_tile_of(p) for p in expressions_in(expr)
                  if isinstance(p, ast.TileLit) and id(p) not in in_lists]
        for tiles in lists:
            named = [_tile_of(t) for t in tiles.items if isinstance(t, ast.TileLit)]
            first = [n for n in named if held is None or n in held][:1]
            found += first if held is not None else named
    return list(dict.fromkeys(found))


def named_by(exprs: Iterable[Any], reads: frozenset[str] = frozenset()) -> Named:
    """What some rules name at the table, from their syntax: the tiles they write (in the
    order written) and the parts of the line they read (with `reads`, a property's own)."""
    exprs = [e for e in exprs if e is not None]
    tiles = [Tile.of(p.low, p.high) for e in exprs for p in expressions_in(e)
             if isinstance(p, ast.TileLit)]
    read = names_read(*exprs) | reads
    return Named(tiles=tuple(dict.fromkeys(tiles)), ends=bool(read & ENDS),
                 lead="lead" in read, last="last" in read)


def stop_answers(stop: Any) -> list[Any]:
    """What a rule stop gives as data: a conflict's values, the tiles of an undefined tie
    (the engine's reason carries them as the arguments of its words)."""
    tiles = getattr(stop, "slot", "") in SLOTS and SLOTS[stop.slot].type == TILE
    found: list[Any] = [ts.tile_of(v) for v in getattr(stop, "answers", ())] if tiles else []
    pending = [getattr(stop, "detail", None)]
    while pending:
        said = pending.pop()
        args = getattr(said, "args", None)
        if not isinstance(args, dict):
            continue
        if str(getattr(said, "key", "")).startswith("undefined.tie"):
            found += [args.get("a"), args.get("b")]
        pending += list(args.values())
    return found


def differing_cases(a: Iterable[Case], b: Iterable[Case]) -> list[Case]:
    """The cases of two versions of a slot whose rule texts are not in the other version (all
    of them when every text is the same: the answers then part through an option or an
    earlier rule)."""
    a, b = list(a), list(b)
    texts_a, texts_b = {case_text(c) for c in a}, {case_text(c) for c in b}
    differ = [c for c in a if case_text(c) not in texts_b] + \
        [c for c in b if case_text(c) not in texts_a]
    return differ or a + b


def _answer_tiles(value: Any) -> Iterator[Tile]:
    """The tiles an answer is (a tile, or a short list of tiles)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    if len(items) <= FEW:
        yield from (item for item in items if isinstance(item, Tile))


def cause_of(witness: Shown, exprs: Iterable[Any], answers: Iterable[Any] = (),
             reads: frozenset[str] = frozenset()) -> Cause:
    """Return the witness's `cause`: the tiles (shown in the witness) that the rules' own
    literals and their tile answers name, and which parts of the line the rules read."""
    exprs = [e for e in exprs if e is not None]
    shown = witness.on_table()
    held = witness.held()
    tiles = [t for t in tiles_named(exprs, held or None) if t in shown]
    tiles += [t for value in answers for t in _answer_tiles(value) if t in shown]
    read = names_read(*exprs) | reads
    if not witness.line:  # a line's parts are marked only where a line is laid
        return Cause(tuple(dict.fromkeys(tiles)))
    return Cause(tuple(dict.fromkeys(tiles)), bool(read & ENDS), "lead" in read, "last" in read)


def case_exprs(cases: Iterable[Case]) -> list[Any]:
    """The guards and values of some cases (the rules a finding is about)."""
    return [e for e in case_parts(cases) if e is not None]
