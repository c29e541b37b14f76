"""Listening to a match as it is played (the `play` command prints; replay checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move
    from .outcomes import MatchResult, RoundResult
    from .setup import Setup
    from .situations import RoundSituation
    from .table import Table


class Listener:
    """Receives the events of a match; every method does nothing unless overridden."""

    def match_started(self, setup: "Setup") -> None:
        """A match of this setup begins (before its first deal)."""

    def round_started(self, number: int, table: "Table", redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """A round was dealt (after any thrown-in deals) and its leader is known."""

    def moved(self, seat: int, move: "Move", drawn: int, table: "Table") -> None:
        """A seat made a move; `drawn` is the tile drawn (or -1)."""

    def side_scored(self, situation: "RoundSituation") -> None:
        """A side's round is written (`total` known); its `goat` rule is asked next."""

    def round_ended(self, result: "RoundResult", table: "Table") -> None:
        """A round ended and was written on the score sheet."""

    def match_ended(self, result: "MatchResult") -> None:
        """The match ended (a goat), or the rounds to play ran out."""
