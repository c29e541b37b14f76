"""A match: rounds until at least one side is the goat or wins (or the rounds to replay run
out)."""

from __future__ import annotations

import random
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
    from .players import Player

MAX_ROUNDS = 1000  # a variant whose goat never holds must stop with a clear error


def play_match(setup: Setup, players: Sequence["Player"], *, seed: int | None = None,
               dealer: Dealer | None = None, listener: Listener | None = None,
               max_rounds: int = MAX_ROUNDS) -> MatchResult:
    """Play a match; raise RuleStop where the variant gives no answer, IllegalMove on a bad
    choice of a player."""
    if len(players) != setup.players:
        raise ValueError(f"{setup.players} players are needed, not {len(players)}")
    dealer = dealer or ShuffleDealer(random.Random(seed))
    ledger = Ledger(setup.seating.sides)
    rounds: list[RoundResult] = []
    previous: Previous | None = None
    goat: tuple[int, ...] | None = None
    winner: tuple[int, ...] | None = None
    number = 1
    while dealer.has_round(number):
        if number > max_rounds:
            ending = tuple(c for slot in MATCH_END_SLOTS for c in setup.variant.cases(slot))
            won = Said("detail.or won") if setup.variant.cases("wins") else ""
            raise RuleStop("endless", ending[0].slot if ending else "goat",
                           Said("detail.no goat", won=won, rounds=max_rounds,
                                totals=ledger.totals), cases=ending)
        try:
            played = play_round(setup, number, previous, dealer, players, listener,
                                tuple(ledger.totals))
            result = score_round(setup, played, number, ledger, listener)
        except RuleStop as stop:
            raise stop.at(number)
        rounds.append(result)
        if listener is not None:
            listener.round_ended(result, played.table)
        if result.goat or result.winner:
            goat, winner = result.goat, result.winner
            break
        previous = Previous(played.end, played.seat, played.leader, result.loser_group,
                            result.tie)
        number += 1
    outcome = MatchResult(setup.variant.name, setup.players, tuple(setup.options.items()),
                          setup.seating.sides, tuple(rounds), tuple(ledger.totals), goat,
                          setup.threshold, winner=winner,
                          names_winners=bool(setup.variant.cases("wins")))
    if listener is not None:
        listener.match_ended(outcome)
    return outcome
