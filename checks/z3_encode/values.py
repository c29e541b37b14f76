"""Symbolic values: a Z3 term with its type and the places where it may be undefined.

Representation (chosen so that the deal encoding stays purely Boolean, see ARCHITECTURE.md):
number, seat, side, round end and every enumerated kind are Z3 integers; yes/no is a Z3
Boolean; a tile is its index 0..27 (interpreter.engine.tiles.ALL_TILES order); a set of tiles is a
tuple of 28 Z3 Booleans (member or not); a group of sides is a tuple of 4 Z3 Booleans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import z3

from interpreter.language.ast import NOWHERE, Pos
from interpreter.engine.tiles import ALL_TILES

from ..reporting.kinds import Kind
from . import terms as z3t

TILE_COUNT = len(ALL_TILES)
MAX_SEATS = 4
PIPS = tuple(t.pips for t in ALL_TILES)
TRUE, FALSE = z3.BoolVal(True), z3.BoolVal(False)

Tiles = tuple  # of 28 z3.BoolRef
Group = tuple  # of 4 z3.BoolRef


@dataclass(frozen=True)
class Hazard:
    """A place where a value is undefined: `cond` holds exactly when it is."""

    cond: Any
    kind: Kind  # GAP (no value) or AMBIGUITY (two candidates, no rule to choose)
    text: str
    pos: Pos = NOWHERE


@dataclass(frozen=True)
class Sym:
    """The symbolic meaning of an expression: its value and where it is undefined."""

    value: Any
    type: str
    hazards: tuple[Hazard, ...] = ()

    def defined(self) -> Any:
        """Return the formula that holds where the value is defined."""
        return z3t.Not(z3t.Or(*[h.cond for h in self.hazards])) if self.hazards else TRUE


def when(cond: Any, hazards: Sequence[Hazard]) -> tuple[Hazard, ...]:
    """Return the hazards restricted to situations where `cond` holds (lazy evaluation)."""
    return tuple(Hazard(z3t.And(cond, h.cond), h.kind, h.text, h.pos) for h in hazards)


def all_hazards(*syms: Sym) -> tuple[Hazard, ...]:
    """Return the hazards of strict operands (all are evaluated)."""
    return tuple(h for s in syms for h in s.hazards)


def bool_int(b: Any) -> Any:
    """Return 1 where b holds, else 0."""
    return z3t.If(b, 1, 0)


# ---- sets of tiles -------------------------------------------------------------------------


def tiles_const(indices: Sequence[int]) -> Tiles:
    """Return the constant set holding the tiles with these indices."""
    chosen = set(indices)
    return tuple(TRUE if i in chosen else FALSE for i in range(TILE_COUNT))


def tiles_vars(prefix: str) -> Tiles:
    """Return a fresh set of tiles (one Boolean per tile)."""
    return tuple(z3.Bool(f"{prefix}[{t}]") for t in ALL_TILES)


def union(a: Tiles, b: Tiles) -> Tiles:
    """Return a + b."""
    return tuple(z3t.Or(x, y) for x, y in zip(a, b))


def difference(a: Tiles, b: Tiles) -> Tiles:
    """Return a - b."""
    return tuple(z3t.And(x, z3t.Not(y)) for x, y in zip(a, b))


def count(s: Tiles) -> Any:
    """Return the number of tiles in s."""
    return z3t.Sum([bool_int(b) for b in s])


def pips(s: Tiles) -> Any:
    """Return the sum of the pips of the tiles in s."""
    return z3t.Sum([z3t.If(b, PIPS[i], 0) for i, b in enumerate(s)])


def doubles(s: Tiles) -> Tiles:
    """Return the doubles of s."""
    return tuple(b if ALL_TILES[i].is_double else FALSE for i, b in enumerate(s))


def showing(s: Tiles, value: Any) -> Tiles:
    """Return the tiles of s that show `value` on either half."""
    if isinstance(value, int) or z3.is_int_value(value):  # most uses: no terms to build
        v = value if isinstance(value, int) else value.as_long()
        return tuple(b if t.shows(v) else FALSE for b, t in zip(s, ALL_TILES))
    return tuple(z3t.And(b, z3t.Or(z3t.Eq(value, t.low), z3t.Eq(value, t.high)))
                 for b, t in zip(s, ALL_TILES))


def halves_showing(s: Tiles, value: int) -> Any:
    """Return how many half-tiles of s show the (concrete) value: a double counts twice."""
    return z3t.Sum([z3t.If(b, (t.low == value) + (t.high == value), 0)
                    for b, t in zip(s, ALL_TILES) if t.shows(value)])


def most(s: Tiles) -> Any:
    """Return the largest number of tiles of s that share one value."""
    counts = [z3t.Sum([bool_int(s[i]) for i, t in enumerate(ALL_TILES) if t.shows(v)])
              for v in range(7)]
    best = counts[0]
    for c in counts[1:]:
        best = z3t.If(c > best, c, best)
    return best


def set_equal(a: Tiles, b: Tiles) -> Any:
    """Return a = b as sets."""
    return z3t.And(*[z3t.Eq(x, y) for x, y in zip(a, b)])


# ---- single tiles --------------------------------------------------------------------------


def is_concrete(term: Any) -> bool:
    """True when a Z3 integer term is a literal."""
    return z3.is_int_value(term)


def tile_select(tile: Any, pick: Callable[[int], Any]) -> Any:
    """Return pick(i) for the tile's index i (an If-chain when the tile is symbolic)."""
    if is_concrete(tile):
        return pick(tile.as_long())
    return z3t.Or(*[z3t.And(z3t.Eq(tile, i), pick(i)) for i in range(TILE_COUNT)])


def member(tile: Any, s: Tiles) -> Any:
    """Return tile in s."""
    return tile_select(tile, lambda i: s[i])


def singleton(tile: Any) -> Tiles:
    """Return the set holding just this tile."""
    if is_concrete(tile):
        return tiles_const([tile.as_long()])
    return tuple(z3t.Eq(tile, i) for i in range(TILE_COUNT))


def extreme(s: Tiles, *, heaviest: bool) -> tuple[Any, Any, Any]:
    """Return (tile, empty, tie) for the heaviest (or lightest) tile of s."""
    levels = range(12, -1, -1) if heaviest else range(0, 13)
    tile: Any = z3.IntVal(0)
    tie: Any = FALSE
    for level in reversed(list(levels)):  # build inside-out so the first level wins
        at = [i for i in range(TILE_COUNT) if PIPS[i] == level]
        present = z3t.Or(*[s[i] for i in at])
        pick: Any = z3.IntVal(at[-1])
        for i in reversed(at[:-1]):
            pick = z3t.If(s[i], i, pick)
        several = z3t.PbGe([(s[i], 1) for i in at], 2) if len(at) > 1 else FALSE
        tile = z3t.If(present, pick, tile)
        tie = z3t.If(present, several, tie)
    empty = z3t.Not(z3t.Or(*s))
    return tile, empty, z3t.And(z3t.Not(empty), tie)


# ---- groups of sides -----------------------------------------------------------------------


def group_of(side: Any) -> Group:
    """Return the group holding one side."""
    return tuple(z3t.Eq(side, k) for k in range(MAX_SEATS))


def as_group(sym_value: Any, type_: str) -> Group:
    """Return a side or a group as a group."""
    return group_of(sym_value) if type_ == "side" else sym_value


def max_of(a: Any, b: Any) -> Any:
    """Return the larger of two integers."""
    return z3t.If(a >= b, a, b)


def min_of(a: Any, b: Any) -> Any:
    """Return the smaller of two integers."""
    return z3t.If(a <= b, a, b)
