"""`kozel balance`: how fair a variant is and how it plays, each figure with its 95% interval.

For each way of playing (a strategy of every seat: random, greedy, ...), one run of N matches
gives the goat by side and by seat, which seat leads the first round and the advantage it
brings, the match length in rounds, the fish rate and the points written per round; for each
pair of strategies, one run of N matches of the one against the other (sides swapped every
match: tasks.numbered_player) says how often the stronger wins. Every run is the runner's
(match i has the i-th seed of the run's seed, on any number of workers), and every mean's
bootstrap is seeded, so the same seed gives the same figures byte for byte. Comparing two
variants is balance_compare.py; the text for people, balance_text.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterable

from ..engine import Setup
from ..language.ast import OptionValue
from .figures import rate_figure
from .runner import Run, run_matches
from .stats import RESAMPLES, Mean, mean_of
from .tally import Tally
from .tasks import SetupSpec, versus

# The ways of playing a balance report plays unless asked (`--strategies`); any strategy of
# `interpreter.engine.players.STRATEGIES`, the list `kozel play` and `simulate` offer, is
# accepted, so a strategy added there needs no change here.
DEFAULT_STRATEGIES = ("random", "greedy")


class Stopped(Exception):
    """A run of the report was cut short (Ctrl-C, a worker lost): there is no report."""

    def __init__(self, run: Run) -> None:
        super().__init__(run.lost or "interrupted")
        self.run = run


@dataclass
class Played:
    """One variant's runs: a tally per strategy and per pairing (`A vs B`)."""

    setup: Setup
    chosen: dict[str, OptionValue]  # options without a default, played at their first value
    index: int  # 0 for VARIANT, 1 for OTHER: each bootstrap's seed says which
    strategies: tuple[str, ...]
    tallies: dict[str, Tally] = field(default_factory=dict)
    summaries: dict[str, "Summary"] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The variant's name."""
        return self.setup.variant.name


def pairings(strategies: Iterable[str]) -> list[tuple[str, str]]:
    """Every pair of strategies, in the order given (random and greedy: random vs greedy)."""
    return list(combinations(strategies, 2))


def play_variant(setup: Setup, chosen: dict[str, OptionValue], index: int,
                 strategies: tuple[str, ...], matches: int, seed: int,
                 made: dict[str, str] | None = None, **how: Any) -> Played:
    """Play every run of one variant (Stopped when one is cut short); `made` gives, for a
    strategy defined above the engine (ismcts), where its players are made (make_player);
    `how` is where the runner plays them (run_matches: workers, progress, cluster)."""
    played = Played(setup, chosen, index, strategies)
    spec = SetupSpec.of(setup)
    runs = {name: (made or {}).get(name, name) for name in strategies}
    for name, run in [*runs.items(), *((versus(a, b), versus(runs[a], runs[b]))
                                       for a, b in pairings(strategies))]:
        done = run_matches(spec, run, matches, seed, **how)
        if done.interrupted or done.lost:
            raise Stopped(done)
        played.tallies[name] = done.tally
    return played


@dataclass(frozen=True)
class Summary:
    """The means of one run, with their bootstraps (the comparisons read their resamples)."""

    length: Mean
    points: Mean
    advantage: Mean


def summary(played: Played, strategy: str, seed: int, resamples: int = RESAMPLES) -> Summary:
    """The bootstrapped means of a strategy's run (computed once, then kept)."""
    known = played.summaries.get(strategy)
    if known is None:
        tally = played.tallies[strategy]
        key = f"kozel balance {seed} {played.index} {strategy}"
        known = played.summaries[strategy] = Summary(
            mean_of(tally.lengths, f"{key} length", resamples),
            mean_of(tally.points, f"{key} points", resamples),
            mean_of(advantages(tally), f"{key} advantage", resamples))
    return known


def advantages(tally: Tally) -> dict[float, int]:
    """Each completed match's advantage of the first leader, as a histogram: the side's fair
    share of the goat (the match's losing sides over all sides) minus 1 when the first
    leader's side lost, 0 when not; its mean is the advantage, positive when leading the
    first round helps."""
    found: dict[float, int] = {}
    for (lost, leader_lost), count in tally.lead_lost.items():
        value = lost / tally.sides - leader_lost
        found[value] = found.get(value, 0) + count
    return found


def leader_lost(tally: Tally) -> int:
    """Completed matches in which the first leader's side lost."""
    return sum(count for (_, lost), count in tally.lead_lost.items() if lost)


def fair_share(tally: Tally) -> float | None:
    """A side's share of the goat if every side were as likely to lose (None: no match)."""
    if not tally.completed:
        return None
    lost = sum(sides * count for (sides, _), count in tally.lead_lost.items())
    return lost / (tally.completed * tally.sides)


def mean_json(mean: Mean, digits: int = 4) -> dict[str, Any]:
    """A mean as the JSON writes it: the mean, its interval and what it rests on."""
    def shown(value: float | None) -> float | None:
        return None if value is None else round(value, digits)
    return {"mean": shown(mean.mean), "low": shown(mean.low), "high": shown(mean.high),
            "of": mean.of}


def strategy_json(played: Played, strategy: str, seed: int, resamples: int) -> dict[str, Any]:
    """One strategy's figures: the goat, the first leader, the length, fish and points."""
    tally, means = played.tallies[strategy], summary(played, strategy, seed, resamples)
    completed, fair = tally.completed, fair_share(tally)
    return {
        "strategy": strategy, **_counts(tally),
        "goat": {"by_side": [rate_figure(c, completed) for c in tally.lost_side],
                 "by_seat": [rate_figure(tally.lost_side[side], completed)
                             for side in tally.side_of]},
        "first_leader": {
            "by_seat": [rate_figure(c, completed) for c in tally.first_leader],
            "goat": rate_figure(leader_lost(tally), completed),
            "fair_share": None if fair is None else round(fair, 4),
            "advantage": mean_json(means.advantage)},
        "match_length": mean_json(means.length, 3),
        "fish": rate_figure(tally.fish, tally.rounds),
        "points_per_round": mean_json(means.points, 3),
    }


def _counts(tally: Tally) -> dict[str, int]:
    return {"played": tally.matches, "completed": tally.completed, "stopped": tally.stopped,
            "rounds": tally.rounds}


def half_wins(tally: Tally) -> tuple[int, int]:
    """Completed matches of a pairing won by its first strategy and by its second: those in
    which only the other's half of the table lost."""
    return tally.half_lost[1], tally.half_lost[0]


def pairing_json(played: Played, first: str, second: str) -> dict[str, Any]:
    """How one strategy fared against another: each one's wins, and the stronger's."""
    tally = played.tallies[versus(first, second)]
    wins = half_wins(tally)
    stronger = None if wins[0] == wins[1] else (first if wins[0] > wins[1] else second)
    return {"strategies": [first, second], **_counts(tally),
            "wins": [rate_figure(count, tally.completed) for count in wins],
            "stronger": stronger,
            "decisiveness": rate_figure(max(wins), tally.completed) if stronger else None}


def variant_json(played: Played, seed: int, resamples: int) -> dict[str, Any]:
    """Every figure of one variant."""
    setup = played.setup
    return {"variant": played.name, "players": setup.players, "options": dict(setup.options),
            "chosen": dict(played.chosen), "sides": setup.seating.sides,
            "side_of": list(setup.seating.side_of),
            "strategies": [strategy_json(played, s, seed, resamples) for s in played.strategies],
            "pairings": [pairing_json(played, a, b) for a, b in pairings(played.strategies)],
            "warnings": warnings(played)}


def warnings(played: Played) -> list[str]:
    """What a reader must know before trusting a variant's figures (English, as the JSON
    keeps its texts; balance_text says them anew in the reader's language)."""
    found = []
    for name, tally in played.tallies.items():
        if tally.stopped:
            found.append(f"{name}: {tally.stopped} of {tally.matches} matches stopped where "
                         f"the variant gives no answer: the goat, the first leader and the "
                         f"match length rest on the {tally.completed} completed matches only")
        if tally.matches and not tally.completed:
            found.append(f"{name}: no match completed")
    return found


def balance_json(variants: list[Played], matches: int, seed: int,
                 comparison: dict[str, Any] | None, resamples: int = RESAMPLES
                 ) -> dict[str, Any]:
    """The whole report as one JSON object (kozel-balance.schema.json)."""
    return {"strategies": list(variants[0].strategies), "matches": matches, "seed": seed,
            "resamples": resamples, "level": 0.95,
            "variants": [variant_json(v, seed, resamples) for v in variants],
            "comparison": comparison}
