"""Moves: laying one tile (or two doubles at once), drawing from the stock, knocking.

A Move is a small immutable tuple; the engine builds every single-tile move once at import
time, so producing the legal moves of a turn allocates only the list that holds them.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tile
from . import tileset as ts

PLAY, DRAW, KNOCK = "play", "draw", "knock"
LEFT, RIGHT = "left", "right"


class Move(NamedTuple):
    """One decision of a player: kind, the tile indices laid, and the end (None for a lead)."""

    kind: str
    tiles: tuple[int, ...] = ()
    end: str | None = None

    @property
    def tile(self) -> Tile:
        """The (first) tile laid by a play."""
        return ts.tile_of(self.tiles[0])

    @property
    def laid(self) -> tuple[Tile, ...]:
        """Every tile laid by a play (two for two doubles at once)."""
        return tuple(ts.tile_of(i) for i in self.tiles)

    @property
    def pips(self) -> int:
        """The pips the move lays (0 for a draw or a knock)."""
        return sum(ts.PIPS[i] for i in self.tiles)

    def text(self) -> str:
        """Write the move for people: `play 3-5 left`, `play 2-2+5-5`, `draw`, `knock`."""
        if self.kind != PLAY:
            return self.kind
        laid = "+".join(str(t) for t in self.laid)
        return f"play {laid} {self.end}" if self.end else f"play {laid}"

    def __str__(self) -> str:
        return self.text()


DRAW_MOVE = Move(DRAW)
KNOCK_MOVE = Move(KNOCK)
LEAD_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (i,)) for i in range(ts.TILE_COUNT))
LEFT_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (i,), LEFT) for i in range(ts.TILE_COUNT))
RIGHT_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (i,), RIGHT) for i in range(ts.TILE_COUNT))
# TWO_DOUBLES[a][b]: the doubles a-a (laid on the end showing a) and b-b together
TWO_DOUBLES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(PLAY, (ts.DOUBLE_OF[a], ts.DOUBLE_OF[b])) for b in range(7)) for a in range(7))


def _placements(left: int, right: int, tile: int) -> tuple[Move, ...]:
    """Where a tile may go on a line with these ends (equal ends: one move, on the right;
    the left is legal too and accepted by Table.left_twin, but not listed)."""
    on_left, on_right = ts.tile_of(tile).shows(left), ts.tile_of(tile).shows(right)
    if on_left and on_right and left == right:
        return (RIGHT_MOVES[tile],)
    return ((LEFT_MOVES[tile],) if on_left else ()) + ((RIGHT_MOVES[tile],) if on_right else ())


# PLACEMENTS[left][right][tile]: the single-tile moves of a tile on a line with these ends
PLACEMENTS: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(tuple(_placements(left, right, tile) for tile in range(ts.TILE_COUNT))
          for right in range(7)) for left in range(7))


def moves_text(moves: list[Move] | tuple[Move, ...]) -> str:
    """List moves for a message: `play 1-3 left, play 1-3 right, knock`."""
    return ", ".join(m.text() for m in moves) or "none"
