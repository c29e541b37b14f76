"""Which figures of two variants' balance reports differ, beyond chance, and a game of each.

Every figure both variants have is tested (a rate by two proportions, a mean by Welch's t),
the p-values are corrected together by Holm's method, and each difference that stays below
the 5% level is shown by a typical game: from the variant where the thing happens more, the
first match of its run (by number, so by seed) in which it happens, played again by the
engine and written as a kozel-record/1 (byte for byte what `kozel play --save` writes of it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from ..engine.playing import MatchPlay
from ..engine.records import new_record, round_json
from .balance import Played, half_wins, pairings, summary
from .stats import ALPHA, RESAMPLES, Mean, Test, holm, two_means, two_rates
from .tally import losers
from .tasks import REFERENCE, VERSUS, chunks_of, numbered_player, versus

# The figures compared, in the order they are listed.
MEASURES = ("goat_side", "first_leader_advantage", "match_length", "fish", "points_per_round",
            "decisiveness")


@dataclass
class Difference:
    """One figure of both variants and the test of its difference (second minus first)."""

    measure: str
    strategy: str  # a strategy, or a pairing "A vs B"
    group: int | None  # the side (the goat by side); the strategy whose wins (decisiveness)
    a: float
    b: float
    test: Test
    adjusted: float = 1.0
    example: dict[str, Any] | None = None
    shows: Callable[[int, MatchPlay], bool] | None = None  # what a typical game shows

    @property
    def significant(self) -> bool:
        """Whether the difference stays below the level after the correction."""
        return self.adjusted < ALPHA

    def as_json(self) -> dict[str, Any]:
        """The difference as the JSON writes it."""
        pairing = self.measure == "decisiveness"
        return {"measure": self.measure, "strategy": self.strategy,
                "side": None if pairing else self.group,
                "wins_of": self.strategy.split(VERSUS)[self.group or 0] if pairing else None,
                "a": round(self.a, 4), "b": round(self.b, 4),
                "difference": round(self.test.difference, 4), "low": round(self.test.low, 4),
                "high": round(self.test.high, 4), "test": self.test.name,
                "p": _p(self.test.p), "p_adjusted": _p(self.adjusted),
                "significant": self.significant, "example": self.example}


def _p(value: float) -> float:
    """A p-value to four significant digits (a tiny one stays tiny, not 0)."""
    return float(f"{value:.4g}")


def compare(first: Played, second: Played, matches: int, seed: int,
            resamples: int = RESAMPLES) -> list[Difference]:
    """Every figure both variants have, tested, corrected, and each significant one shown."""
    found: list[Difference] = []
    for strategy in first.strategies:
        found += _strategy_differences(first, second, strategy, seed, resamples)
    for a, b in pairings(first.strategies):
        found += _pairing_difference(first, second, a, b)
    for difference, adjusted in zip(found, holm([d.test.p for d in found])):
        difference.adjusted = adjusted
        if difference.significant:
            difference.example = example(first if difference.test.difference < 0 else second,
                                         difference, matches, seed)
    return found


def _strategy_differences(first: Played, second: Played, strategy: str, seed: int,
                          resamples: int) -> list[Difference]:
    ta, tb = first.tallies[strategy], second.tallies[strategy]
    ma, mb = (summary(p, strategy, seed, resamples) for p in (first, second))
    found = []
    if ta.completed and tb.completed and ta.sides == tb.sides:
        for side in range(ta.sides):
            found.append(_rates("goat_side", strategy, side, ta.lost_side[side], ta.completed,
                                tb.lost_side[side], tb.completed, _side_lost(side)))
    found += [d for d in (
        _means("first_leader_advantage", strategy, ma.advantage, mb.advantage, _leader_won),
        _means("match_length", strategy, ma.length, mb.length, _longer(ma.length, mb.length)),
        _means("points_per_round", strategy, ma.points, mb.points,
               _heavier(ma.points, mb.points))) if d is not None]
    if ta.rounds and tb.rounds:
        found.append(_rates("fish", strategy, None, ta.fish, ta.rounds, tb.fish, tb.rounds,
                            _fished))
    return sorted(found, key=lambda d: MEASURES.index(d.measure))


def _pairing_difference(first: Played, second: Played, a: str, b: str) -> list[Difference]:
    """The win rate of the pairing's stronger strategy (over both variants' runs)."""
    name = versus(a, b)
    ta, tb = first.tallies[name], second.tallies[name]
    if not (ta.completed and tb.completed):
        return []
    wins_a, wins_b = half_wins(ta), half_wins(tb)
    which = 0 if wins_a[0] + wins_b[0] >= wins_a[1] + wins_b[1] else 1
    return [_rates("decisiveness", name, which, wins_a[which], ta.completed, wins_b[which],
                   tb.completed, _half_won(which))]


def _rates(measure: str, strategy: str, group: int | None, count_a: int, of_a: int,
           count_b: int, of_b: int, shows: Callable[[int, MatchPlay], bool]) -> Difference:
    return Difference(measure, strategy, group, count_a / of_a, count_b / of_b,
                      two_rates(count_a, of_a, count_b, of_b), shows=shows)


def _means(measure: str, strategy: str, a: Mean, b: Mean,
           shows: Callable[[int, MatchPlay], bool]) -> Difference | None:
    if a.mean is None or b.mean is None:
        return None
    return Difference(measure, strategy, None, a.mean, b.mean, two_means(a, b), shows=shows)


# --- what a typical game of each difference shows ---------------------------------------------

def _lost(play: MatchPlay) -> tuple[int, ...]:
    result = play.result
    return () if result is None else losers(result.goat, result.winner, result.sides)


def _side_lost(side: int) -> Callable[[int, MatchPlay], bool]:
    return lambda number, play: side in _lost(play)


def _leader_won(number: int, play: MatchPlay) -> bool:
    """The first leader's side did not lose (and another side did). Seat s is on side
    s mod sides: partners sit opposite (engine/situations.py, Seating)."""
    lost = _lost(play)
    return bool(lost) and play.rounds[0].leader % len(play.rounds[0].points) not in lost


def _fished(number: int, play: MatchPlay) -> bool:
    return any(r.end == "fish" for r in play.rounds)


def _longer(a: Mean, b: Mean) -> Callable[[int, MatchPlay], bool]:
    """A completed match at least as long as the longer variant's mean."""
    least = math.ceil(max(a.mean or 0, b.mean or 0))
    return lambda number, play: play.result is not None and len(play.rounds) >= least


def _heavier(a: Mean, b: Mean) -> Callable[[int, MatchPlay], bool]:
    """A completed match with at least the higher variant's points per round."""
    least = max(a.mean or 0, b.mean or 0)
    return lambda number, play: (play.result is not None and bool(play.rounds) and
                                 sum(sum(r.points) for r in play.rounds) / len(play.rounds)
                                 >= least)


def _half_won(which: int) -> Callable[[int, MatchPlay], bool]:
    """The pairing's strategy `which` won: only the other half of the table lost."""
    def won(number: int, play: MatchPlay) -> bool:
        halves = {(side + number) % 2 for side in _lost(play)}
        return halves == {1 - which}
    return won


def example(played: Played, difference: Difference, matches: int,
            seed: int) -> dict[str, Any] | None:
    """The first match of the run (by number) that shows the difference, with its record."""
    assert difference.shows is not None
    setup = played.setup
    play = numbered_player(setup, difference.strategy, REFERENCE)  # the engine keeps each move
    for chunk in chunks_of(matches, seed, matches):
        for number, match_seed in enumerate(chunk.seeds):
            match = play(number, match_seed)
            if difference.shows(number, match):
                record = new_record(setup.variant.name, setup.players, dict(setup.options),
                                    [round_json(r.log) for r in match.rounds])
                return {"variant": setup.variant.name, "match": number, "seed": match_seed,
                        "record": record}
    return None


def comparison_json(differences: list[Difference]) -> dict[str, Any]:
    """The comparison as the JSON writes it."""
    return {"test_level": ALPHA, "correction": "holm-bonferroni",
            "comparisons": len(differences),
            "differences": [d.as_json() for d in differences]}

