"""One match played for statistics: the unit of work that `kozel simulate` runs many times.

The contract every way of playing a match must meet (the engine here, a compiled variant, a
worker process, a cluster task): for the same setup, strategy and seed, the same finished
rounds and the same result, or the same rule stop after the same finished rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

from .players import Player, seat_players
from .events import Listener
from .match import play_match
from .outcomes import MatchResult, RoundResult
from .setup import Setup
from .stops import RuleStop
from .table import Table


@dataclass(frozen=True)
class MatchPlay:
    """A match as statistics see it: its finished rounds, then its result or the rule stop."""

    rounds: tuple[RoundResult, ...]
    result: MatchResult | None  # None when a rule stopped the match
    stop: RuleStop | None = None


class _Rounds(Listener):
    """Keeps each finished round (a stopped match's finished rounds count too)."""

    def __init__(self) -> None:
        self.rounds: list[RoundResult] = []

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Keep one finished round."""
        self.rounds.append(result)


def play_for_statistics(setup: Setup, strategy: str, seed: int) -> MatchPlay:
    """Play one match with built-in players seated from `seed`; a rule stop is returned."""
    return play_seated(setup, seat_players(strategy, setup.players, seed), seed)


def play_seated(setup: Setup, players: list[Player], seed: int) -> MatchPlay:
    """Play one match with these players, dealt from `seed`; a rule stop is returned."""
    kept = _Rounds()
    try:
        result = play_match(setup, players, seed=seed, listener=kept)
    except RuleStop as stop:
        return MatchPlay(tuple(kept.rounds), None, stop)
    return MatchPlay(tuple(kept.rounds), result)
