"""A match: rounds until at least one side is the goat or wins (or the rounds to replay run
out). A player that is also a Listener (engine/events.py) hears the match as its listener
does: a strategy that reads the moves of the others (kozel/openspiel's players) needs to."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..language.slots import MATCH_END_SLOTS
from .events import Listener
from .outcomes import MatchResult, RoundResult
from .round import Dealer, Previous, ShuffleDealer, play_round
from .scoring import Ledger, score_round
from .setup import Setup
from .stops import RuleStop
from .words import Said

if TYPE_CHECKING:
    from .moves import Move
    from .players import Player
    from .situations import RoundSituation
    from .table import Table

MAX_ROUNDS = 1000  # a variant whose goat never holds must stop with a clear error


@dataclass
class Standing:
    """Where a match stands between rounds: the sheet, how the last round ended, the next
    round's number. play_match starts from the first; a caller that replays rounds (the
    OpenSpiel game, kozel/openspiel) may start one anywhere."""

    ledger: Ledger
    previous: Previous | None = None
    number: int = 1


def play_match(setup: Setup, players: Sequence["Player"], *, seed: int | None = None,
               dealer: Dealer | None = None, listener: Listener | None = None,
               max_rounds: int = MAX_ROUNDS) -> MatchResult:
    """Play a match; raise RuleStop where the variant gives no answer, IllegalMove on a bad
    choice of a player."""
    if len(players) != setup.players:
        raise ValueError(f"{setup.players} players are needed, not {len(players)}")
    dealer = dealer or ShuffleDealer(random.Random(seed))
    listener = _with_hearing_players(listener, players)
    started = getattr(listener, "match_started", None)  # a listener written before it was
    if started is not None:
        started(setup)
    standing = Standing(Ledger(setup.seating.sides))
    rounds: list[RoundResult] = []
    goat: tuple[int, ...] | None = None
    winner: tuple[int, ...] | None = None
    while dealer.has_round(standing.number):
        if standing.number > max_rounds:
            raise endless_stop(setup, max_rounds, standing.ledger)
        result = play_next_round(setup, standing, dealer, players, listener)
        rounds.append(result)
        if result.goat or result.winner:
            goat, winner = result.goat, result.winner
            break
    outcome = MatchResult(setup.variant.name, setup.players, tuple(setup.options.items()),
                          setup.seating.sides, tuple(rounds), tuple(standing.ledger.totals),
                          goat, setup.threshold, winner=winner,
                          names_winners=bool(setup.variant.cases("wins")))
    if listener is not None:
        listener.match_ended(outcome)
    return outcome


def play_next_round(setup: Setup, standing: Standing, dealer: Dealer,
                    players: Sequence["Player"], listener: Listener | None = None
                    ) -> RoundResult:
    """Deal, play and score round `standing.number`, and move the standing past it; raise
    RuleStop (marked with the round) where the variant gives no answer."""
    number, ledger = standing.number, standing.ledger
    try:
        played = play_round(setup, number, standing.previous, dealer, players, listener,
                            tuple(ledger.totals))
        result = score_round(setup, played, number, ledger, listener)
    except RuleStop as stop:
        raise stop.at(number)
    if listener is not None:
        listener.round_ended(result, played.table)
    standing.previous = Previous(played.end, played.seat, played.leader, result.loser_group,
                                 result.tie)
    standing.number = number + 1
    return result


def endless_stop(setup: Setup, max_rounds: int, ledger: Ledger) -> RuleStop:
    """The rounds to play ran out and no side is the goat: the match does not end."""
    ending = tuple(c for slot in MATCH_END_SLOTS for c in setup.variant.cases(slot))
    won = Said("detail.or won") if setup.variant.cases("wins") else ""
    return RuleStop("endless", ending[0].slot if ending else "goat",
                    Said("detail.no goat", won=won, rounds=max_rounds, totals=ledger.totals),
                    cases=ending)


class _Hearing(Listener):
    """The match's listener, then each player that is a Listener too: all hear every event."""

    def __init__(self, listeners: list[Listener]) -> None:
        self.listeners = listeners

    def match_started(self, setup: Setup) -> None:
        """Tell each."""
        for one in self.listeners:
            one.match_started(setup)

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """Tell each."""
        for one in self.listeners:
            one.round_started(number, table, redeals, leader)

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """Tell each."""
        for one in self.listeners:
            one.moved(seat, move, drawn, table)

    def side_scored(self, situation: RoundSituation) -> None:
        """Tell each."""
        for one in self.listeners:
            one.side_scored(situation)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Tell each."""
        for one in self.listeners:
            one.round_ended(result, table)

    def match_ended(self, result: MatchResult) -> None:
        """Tell each."""
        for one in self.listeners:
            one.match_ended(result)


def _with_hearing_players(listener: Listener | None, players: Sequence["Player"]
                          ) -> Listener | None:
    """The listener, joined by every player that is a Listener (each once); unchanged when
    no player listens, so that a match of the built-in players costs what it did."""
    hearing: list[Listener] = []
    for player in players:
        if isinstance(player, Listener) and all(player is not p for p in hearing):
            hearing.append(player)
    if not hearing:
        return listener
    return _Hearing(([listener] if listener is not None else []) + hearing)
