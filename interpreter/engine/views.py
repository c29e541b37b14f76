"""What a player is shown: its own hand, the line, the size of the other hands and the stock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tiles import Tile
from . import tileset as ts

if TYPE_CHECKING:
    from .table import Table


class SeatView:
    """The visible state for the seat whose turn it is (built lazily: a view is cheap)."""

    __slots__ = ("table", "seat", "scores")

    def __init__(self, table: "Table", seat: int, scores: tuple[int, ...] = ()) -> None:
        self.table = table  # for referees (replay); a strategy should use the properties
        self.seat = seat
        self.scores = scores

    @property
    def hand(self) -> list[Tile]:
        """The seat's own tiles."""
        return ts.tiles_of(self.table.held[self.seat])

    @property
    def leading(self) -> bool:
        """True when the seat opens the round (the line is empty)."""
        return self.table.lead_tile < 0

    @property
    def ends(self) -> tuple[int, int] | None:
        """The values shown at the left and right ends, or None before the lead."""
        return None if self.leading else (self.table.left, self.table.right)

    @property
    def line(self) -> str:
        """The line as tiles: [3|5][5|5]."""
        return self.table.line_text()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(h.bit_count() for h in self.table.held)

    @property
    def stock_size(self) -> int:
        """How many tiles are left in the stock."""
        return len(self.table.pile) - self.table.drawn

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.table.players


class HandView:
    """What a player is shown when it may throw in a deal: its hand."""

    __slots__ = ("seat", "hand_set", "first")

    def __init__(self, seat: int, hand_set: int, first: bool) -> None:
        self.seat = seat
        self.hand_set = hand_set
        self.first = first

    @property
    def hand(self) -> list[Tile]:
        """The tiles dealt to the seat."""
        return ts.tiles_of(self.hand_set)

    @property
    def doubles(self) -> int:
        """How many doubles the hand holds."""
        return (self.hand_set & ts.DOUBLES_SET).bit_count()
