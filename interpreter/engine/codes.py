"""Decisions as small integers: one stable number for every move and redeal answer.

A program that chooses by number (the compiled round played from outside,
interpreter/compiled/stepping.py; the OpenSpiel game of kozel.openspiel) needs one numbering
of everything a seat can be asked, the same for every variant:

    0..27     lead tile i (the first move of a round: `play 3-5`)
    28..55    lay tile i on the left end (`play 3-5 left`)
    56..83    lay tile i on the right end
    84..132   lay the doubles a-a and b-b at once, 84 + 7 * a + b (a on the left end)
    133       draw, 134 knock
    135       keep the deal (decline an optional redeal), 136 throw it in (accept)

Within each kind the numbers follow the tiles' order (lowest first); a turn's codes sorted
are its left-end plays, then its right-end plays, then two doubles, then a knock.

A tile laid on an arm of a spinner (engine/spinner.py) has no code: the programs that choose
by number refuse a variant with a spinner (kozel/openspiel/nodes.py), and the compiler leaves
it to the engine. Codes for the arms, if ever given, go after 136, so that these keep their
numbers.
"""

from __future__ import annotations

from . import tileset as ts
from .moves import (DRAW_MOVE, KNOCK_MOVE, LEAD_MOVES, LEFT_MOVES, PLACEMENTS, RIGHT_MOVES,
                    TWO_DOUBLES, Move)

LEFT_BASE, RIGHT_BASE, DOUBLES_BASE = 28, 56, 84
DRAW_CODE, KNOCK_CODE = 133, 134
DECLINE_CODE, ACCEPT_CODE = 135, 136
CODE_COUNT = 137
REDEAL_CODES = (DECLINE_CODE, ACCEPT_CODE)


def _move_table() -> tuple[Move | None, ...]:
    """The move of each code (None for a code that is no move: a redeal answer, or the unused
    two-doubles codes of a-a with itself)."""
    table: list[Move | None] = [None] * CODE_COUNT
    for tile in range(ts.TILE_COUNT):
        table[tile] = LEAD_MOVES[tile]
        table[LEFT_BASE + tile] = LEFT_MOVES[tile]
        table[RIGHT_BASE + tile] = RIGHT_MOVES[tile]
    for a in range(7):
        for b in range(7):
            if a != b:
                table[DOUBLES_BASE + 7 * a + b] = TWO_DOUBLES[a][b]
    table[DRAW_CODE], table[KNOCK_CODE] = DRAW_MOVE, KNOCK_MOVE
    return tuple(table)


MOVE_OF: tuple[Move | None, ...] = _move_table()
CODE_OF: dict[Move, int] = {move: code for code, move in enumerate(MOVE_OF) if move is not None}

# PLACE_CODES[left][right][tile]: the codes of a tile's single-tile moves on a line with these
# ends, in the engine's order (engine/moves.py PLACEMENTS)
PLACE_CODES: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(CODE_OF[m] for m in PLACEMENTS[left][right][tile])
                for tile in range(ts.TILE_COUNT)) for right in range(7)) for left in range(7))


def code_of(move: Move) -> int:
    """The code of a move (KeyError for a Move no table of the engine holds)."""
    return CODE_OF[move]


def move_of(code: int) -> Move:
    """The move of a code (ValueError for a redeal answer or a number that is no move)."""
    move = MOVE_OF[code] if 0 <= code < CODE_COUNT else None
    if move is None:
        raise ValueError(f"{code} is the code of no move")
    return move


def code_text(code: int) -> str:
    """A code for people: the move's text, or `keep the deal` / `throw the deal in`."""
    if code == DECLINE_CODE:
        return "keep the deal"
    if code == ACCEPT_CODE:
        return "throw the deal in"
    return move_of(code).text()
