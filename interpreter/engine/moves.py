"""Moves: laying one tile (or two doubles at once), drawing from the stock, knocking.

A Move is a small immutable tuple of values (its tiles are Tiles); the engine builds every
move once at import time, so producing the legal moves of a turn allocates only the list that
holds them, and where it needs a tile's index (its bit in a tile set) it reads `Tile.index`.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..language.errors import KozelError
from .tiles import ALL_TILES, InvalidTileError, Tile
from . import tileset as ts

PLAY, DRAW, KNOCK = "play", "draw", "knock"
LEFT, RIGHT = "left", "right"
UP, DOWN = "up", "down"  # the two arms of a spinner (engine/spinner.py)
ENDS = (LEFT, RIGHT, UP, DOWN)


class InvalidMoveError(ValueError):
    """A text that is not a move (`Move.parse`); whether a move is legal is IllegalMove's."""


class Move(NamedTuple):
    """One decision of a player: its kind, the tiles it lays, and the end (None for a lead;
    "up" or "down" for an arm of the spinner, in a variant that has one).

    `Move.parse("play 3-5 left")` reads the text `str(move)` writes; the repr is that call."""

    kind: str
    tiles: tuple[Tile, ...] = ()
    end: str | None = None

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read `play 3-5 left`, `play 3-5 up` (an arm of the spinner), `play 3-5` (a lead),
        `play 2-2+5-5`, `draw` or `knock`; raise InvalidMoveError (a ValueError) with the text
        quoted."""
        words = text.split() if isinstance(text, str) else []
        if words in ([DRAW], [KNOCK]):
            return cls(words[0])
        if not 2 <= len(words) <= 3 or words[0] != PLAY or words[2:] and words[2] not in ENDS:
            raise InvalidMoveError(f"not a move like 'play 3-5 left', 'draw' or 'knock': {text!r}")
        try:
            laid = tuple(Tile.parse(part) for part in words[1].split("+"))
        except InvalidTileError as error:
            raise InvalidMoveError(f"{error} in the move {text!r}") from None
        if len(laid) > 2 or (len(laid) == 2 and (words[2:] or not all(
                t.is_double for t in laid))):
            raise InvalidMoveError(f"only two doubles are laid at once, with no end: {text!r}")
        return cls(PLAY, laid, words[2] if words[2:] else None)

    @property
    def tile(self) -> Tile:
        """The (first) tile laid by a play."""
        return self.tiles[0]

    @property
    def pips(self) -> int:
        """The pips the move lays (0 for a draw or a knock)."""
        return sum(t.pips for t in self.tiles)

    def text(self) -> str:
        """Write the move for people: `play 3-5 left`, `play 2-2+5-5`, `draw`, `knock`."""
        if self.kind != PLAY:
            return self.kind
        laid = "+".join(str(t) for t in self.tiles)
        return f"play {laid} {self.end}" if self.end else f"play {laid}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


DRAW_MOVE = Move(DRAW)
KNOCK_MOVE = Move(KNOCK)
# LEAD_MOVES[i], LEFT_MOVES[i], RIGHT_MOVES[i]: the moves laying tile i (by its index)
LEAD_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (t,)) for t in ALL_TILES)
LEFT_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (t,), LEFT) for t in ALL_TILES)
RIGHT_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (t,), RIGHT) for t in ALL_TILES)
UP_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (t,), UP) for t in ALL_TILES)
DOWN_MOVES: tuple[Move, ...] = tuple(Move(PLAY, (t,), DOWN) for t in ALL_TILES)
MOVES_ON = {LEFT: LEFT_MOVES, RIGHT: RIGHT_MOVES, UP: UP_MOVES, DOWN: DOWN_MOVES}
# TWO_DOUBLES[a][b]: the doubles a-a (laid on the end showing a) and b-b together
TWO_DOUBLES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(PLAY, (ALL_TILES[ts.DOUBLE_OF[a]], ALL_TILES[ts.DOUBLE_OF[b]])) for b in range(7))
    for a in range(7))


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


def _arm_placements(up: int, down: int, tile: int) -> tuple[Move, ...]:
    """Where a tile may go on the spinner's arms showing these values (equal arms: one move,
    up; down is legal too and accepted by SpinnerTable.left_twin, but not listed)."""
    on_up, on_down = ts.tile_of(tile).shows(up), ts.tile_of(tile).shows(down)
    if on_up and on_down and up == down:
        return (UP_MOVES[tile],)
    return ((UP_MOVES[tile],) if on_up else ()) + ((DOWN_MOVES[tile],) if on_down else ())


# ARM_PLACEMENTS[up][down][tile]: the moves of a tile on the spinner's arms with these values
ARM_PLACEMENTS: tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...] = tuple(
    tuple(tuple(_arm_placements(up, down, tile) for tile in range(ts.TILE_COUNT))
          for down in range(7)) for up in range(7))


class IllegalMove(KozelError, ValueError):
    """A move that is not legal: who tried it, what, and the moves that were legal.

    `seat` counts from 0, as `Game.seat` does; the message names it both ways, `seat 1
    (index 0)`, so that neither reader mistakes it."""

    seat: int
    move: object  # as given: a Move, its text, or whatever a player answered
    legal: tuple[Move, ...]

    def __init__(self, message: str, seat: int, move: object, legal: Sequence[Move]) -> None:
        super().__init__(message)
        self.seat = seat
        self.move = move
        self.legal = tuple(legal)

    def __reduce__(self) -> tuple[object, ...]:
        # raised in a worker process, it crosses to the parent whole (not by its message alone)
        return (type(self), (self.args[0], self.seat, self.move, self.legal))


def moves_text(moves: list[Move] | tuple[Move, ...]) -> str:
    """List moves for a message: `play 1-3 left, play 1-3 right, knock`."""
    return ", ".join(m.text() for m in moves) or "none"
