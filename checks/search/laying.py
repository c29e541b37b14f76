"""The move a table was last laid by, and the `move` moment after it.

The engine asks `move score` as soon as a tile is laid, before it tells a listener of the move
(so that the listener sees what the move scored). A game that stops at that rule has the move
on the table but not yet in a record written from the listener's moves: the move is read back
off the table, so that the record replays up to the very stop.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine import tileset as ts
from interpreter.engine.moves import LEAD_MOVES, LEFT_MOVES, PLAY, RIGHT_MOVES, TWO_DOUBLES, Move

MOVE_SLOT = "move score"


def move_laid(table: Any) -> tuple[int, Move, int] | None:
    """The last move that laid tiles on the table, as (seat, move, tile drawn: -1); None
    before the lead."""
    if table is None or table.lead_tile < 0 or not table.laid:
        return None
    laid = list(ts.members(table.laid))
    if len(laid) == 2:  # two doubles keep the values of the ends they were laid on
        return table.last_layer, TWO_DOUBLES[table.left][table.right], -1
    tile = laid[0]
    if tile == table.lead_tile and not table.left_run and not table.right_run:
        return table.last_layer, LEAD_MOVES[tile], -1
    halves = (ts.LOW[tile], ts.HIGH[tile])
    on_left = bool(table.left_run) and tuple(sorted(table.left_run[-1])) == halves
    return table.last_layer, (LEFT_MOVES if on_left else RIGHT_MOVES)[tile], -1


def laid_in_progress(stop: Any, table: Any) -> tuple[int, Move, int] | None:
    """The move a stop at `move score` interrupted (not yet told to any listener), else
    None."""
    return move_laid(table) if getattr(stop, "slot", "") == MOVE_SLOT else None


def after_a_play(moment: Any) -> Any:
    """The table of a moment right after a move that laid a tile (the `move` situation),
    else None."""
    move = moment.move
    if moment.table is None or moment.result is not None or moment.side is not None \
            or move is None or move[1].kind != PLAY:
        return None  # (a side's written round comes after its last move: not that moment)
    return moment.table
