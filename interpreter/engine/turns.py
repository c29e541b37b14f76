"""The `turn` context: what `draw` and `pass` may read at a player's turn (interpreter/language/slots.py).

A variant whose `draw` or `pass` reads the turn (`hand`, `stock`) has the rule asked at each
turn where it matters: `pass` when the player could lay a tile, `draw` when he cannot and the
stock holds a tile he may take. A rule that reads nothing of the turn is decided once for the
match, at setup, as before.
"""

from __future__ import annotations

from typing import Any, Callable

from ..language.model import Variant
from ..language.reads import slot_names
from ..language.slots import TURN_TERMS
from . import tileset as ts
from .words import Kept, Said, seat_said


class TurnSituation:
    """The `turn` context: the hand of the player to move and the stock not yet drawn."""

    __slots__ = ("players", "hand", "stock", "seat")

    def __init__(self, players: int) -> None:
        self.players, self.hand, self.stock, self.seat = players, 0, 0, -1

    def facts(self, context: str) -> dict[str, object]:
        """The situation as data, for a stop."""
        return {"seat to play": self.seat}

    def describe(self) -> Kept:
        """The turn for messages."""
        kept = (f"seat {self.seat} to play, holding {ts.set_text(self.hand) or 'nothing'}; "
                f"stock: {ts.set_text(self.stock) or 'empty'}")
        return Kept(kept, Said("sit.turn", seat=seat_said(self.seat),
                               hand=ts.set_text(self.hand) if self.hand else Said("sit.nothing"),
                               stock=ts.set_said(self.stock)))


def reads_turn(variant: Variant, slot: str) -> bool:
    """True when a slot's cases read a term only the turn knows (`hand`, `stock`)."""
    return bool(slot_names(variant, slot) & set(TURN_TERMS))


def turn_rule(rule: Callable[[Any], Any], players: int) -> Callable[[Any, int], Any]:
    """Return the rule asked at a seat's turn on a table: (table, seat) → its value."""
    situation = TurnSituation(players)

    def ask(table: Any, seat: int) -> Any:
        situation.seat, situation.hand, situation.stock = seat, table.held[seat], table.stock
        return rule(situation)
    return ask
