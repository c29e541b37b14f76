"""`kozel simulate VARIANT --matches N`: play many matches and report how the variant plays."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine import RoundResult, RuleStop, Setup
from ..engine.playing import MatchPlay, play_for_statistics
from ..engine.reading_effects import ReadingEffects, effect_lines
from ..errors import UsageError
from .play import add_match_arguments, prepare_from_args


def register(commands: Any) -> None:
    """Add the `simulate` subcommand."""
    parser = commands.add_parser(
        "simulate", help="play many matches and report statistics",
        description="Play N matches of a variant with built-in players and report: rounds, "
                    "rounds per second, fish rate, redeal rate, mean and spread of the match "
                    "length, how often each side becomes the goat, the first-lead advantage, "
                    "and how many matches stopped at a point the rules leave open (an "
                    "unspecified rule, a gap, a conflict), counted by rule. A stopped match is "
                    "counted, not fatal. Exit 0 when the run completes (even with stops), 2 on "
                    "a usage error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  kozel simulate minsk --matches 1000 --players 4 --format json")
    add_match_arguments(parser, strategy="random")
    parser.add_argument("--matches", type=int, required=True, metavar="N",
                        help="how many matches to play")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the whole run (default 0): the same seed gives the same "
                             "matches")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json for machines")
    parser.add_argument("--compare-readings", action="store_true",
                        help="replay every match under each other reading of the variant's "
                             "ambiguous sentences and say how often it changes a round's "
                             "result (how it ended, the points, the losers, the goat)")
    parser.set_defaults(run=run)


@dataclass
class Tally:
    """Counts what the rounds of many matches came to (stopped matches' finished rounds too)."""

    sides: int
    rounds: int = 0
    fish: int = 0
    redealt: int = 0
    leader_lost: int = 0
    other_lost: int = 0
    others: int = 0
    side_of: tuple[int, ...] = ()

    def round_ended(self, result: RoundResult) -> None:
        """Count one finished round."""
        self.rounds += 1
        self.fish += result.end == "fish"
        self.redealt += result.redeals > 0
        leader_side = self.side_of[result.leader]
        for side, lost in enumerate(result.losers):
            if side == leader_side:
                self.leader_lost += lost
            else:
                self.other_lost += lost
                self.others += 1


@dataclass
class Report:
    """Everything a run found, ready to print."""

    setup: Setup
    tally: Tally
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)
    goats: list[int] = field(default_factory=list)
    first_leader_goat: int = 0
    stops: dict[str, dict[str, Any]] = field(default_factory=dict)

    def stop(self, error: RuleStop) -> None:
        """Count a match that stopped, under the rule that stopped it."""
        entry = self.stops.get(error.rule)
        if entry is None:  # the first stop of a rule is kept as its example
            entry = self.stops[error.rule] = {"rule": error.rule, "kind": error.kind,
                                              "count": 0, "example": str(error)}
        entry["count"] += 1


def _first_leader(result: Any) -> int:
    return result.rounds[0].leader if result.rounds else -1


def simulate(setup: Setup, matches: int, strategy: str, seed: int, *,
             progress: bool = False, effects: ReadingEffects | None = None) -> Report:
    """Play `matches` matches; return the report (stops are counted, not raised)."""
    tally = Tally(setup.seating.sides, side_of=setup.seating.side_of)
    report = Report(setup, tally, goats=[0] * setup.seating.sides)
    rng = random.Random(seed)
    bar = _Progress(matches) if progress else None
    start = time.perf_counter()
    for number in range(matches):
        match_seed = rng.getrandbits(64)
        play = play_for_statistics(setup, strategy, match_seed)
        _count(report, play)
        if effects is not None:
            effects.add(setup, play)
        if bar:
            bar.show(number + 1, time.perf_counter() - start)
    report.seconds = time.perf_counter() - start
    if bar:
        bar.done()
    return report


def _count(report: Report, play: MatchPlay) -> None:
    """Add one match to the report."""
    for finished in play.rounds:
        report.tally.round_ended(finished)
    if play.stop is not None:
        report.stop(play.stop)
        return
    result = play.result
    assert result is not None
    report.lengths.append(len(result.rounds))
    for side in result.goat or ():
        report.goats[side] += 1
    first = report.setup.seating.side_of[_first_leader(result)]
    report.first_leader_goat += first in (result.goat or ())


class _Progress:
    """A progress bar on stderr, shown only once a run has taken more than a second."""

    def __init__(self, total: int) -> None:
        self.total, self.last = total, 0.0

    def show(self, done: int, elapsed: float) -> None:
        if elapsed < 1.0 or elapsed - self.last < 0.1:
            return
        self.last = elapsed
        filled = int(30 * done / self.total)
        sys.stderr.write(f"\r  [{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} "
                         f"matches, {elapsed:.0f} s")
        sys.stderr.flush()

    def done(self) -> None:
        if self.last:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


def _rate(count: float, total: float) -> float:
    return round(count / total, 4) if total else 0.0


def report_json(report: Report, matches: int, strategy: str, seed: int) -> dict[str, Any]:
    """The report as one JSON object."""
    tally, setup, lengths = report.tally, report.setup, report.lengths
    completed = len(lengths)
    return {
        "variant": setup.variant.name, "players": setup.players,
        "options": dict(setup.options), "strategy": strategy, "seed": seed,
        "matches": matches, "completed": completed, "stopped": matches - completed,
        "rounds": tally.rounds, "seconds": round(report.seconds, 3),
        "rounds_per_second": round(tally.rounds / report.seconds, 1) if report.seconds else 0,
        "fish_rate": _rate(tally.fish, tally.rounds),
        "redeal_rate": _rate(tally.redealt, tally.rounds),
        "match_length": {
            "mean": round(statistics.fmean(lengths), 3) if lengths else None,
            "stdev": round(statistics.pstdev(lengths), 3) if lengths else None,
            "min": min(lengths, default=None), "max": max(lengths, default=None)},
        "goat_rate": [_rate(g, completed) for g in report.goats],
        "first_lead": {
            "round_loss_rate_leader_side": _rate(tally.leader_lost, tally.rounds),
            "round_loss_rate_other_sides": _rate(tally.other_lost, tally.others),
            "goat_rate_first_leader_side": _rate(report.first_leader_goat, completed)},
        "stops": sorted(report.stops.values(), key=lambda s: -s["count"]),
    }


def report_lines(data: dict[str, Any]) -> list[str]:
    """The report for people."""
    length = data["match_length"]
    first = data["first_lead"]
    lines = [
        f"{data['variant']}: {data['players']} players, {data['strategy']} play, "
        f"seed {data['seed']}",
        f"  matches: {data['matches']} ({data['completed']} completed, {data['stopped']} "
        "stopped)",
        f"  rounds: {data['rounds']} in {data['seconds']:.2f} s "
        f"({data['rounds_per_second']:.0f} rounds/s)",
        f"  fish rate: {data['fish_rate']:.1%}; redeal rate: {data['redeal_rate']:.1%}",
    ]
    if length["mean"] is not None:
        lines.append(f"  match length: {length['mean']:.2f} rounds on average "
                     f"(spread {length['stdev']:.2f}, {length['min']}..{length['max']})")
    lines.append("  goat: " + ", ".join(f"side {s} {r:.1%}"
                                        for s, r in enumerate(data["goat_rate"])))
    lines.append(f"  first lead: the leader's side loses {first['round_loss_rate_leader_side']:.1%}"
                 f" of rounds, another side {first['round_loss_rate_other_sides']:.1%}; the side "
                 f"that led the match is the goat in {first['goat_rate_first_leader_side']:.1%}")
    for stop in data["stops"]:
        lines.append(f"  stopped {stop['count']}x ({stop['kind']}): {stop['rule']}")
        lines.append("    e.g. " + stop["example"].replace("\n", "\n    "))
    return lines


def run(args: argparse.Namespace) -> int:
    """Run `kozel simulate`."""
    if args.matches < 1:
        raise UsageError("--matches must be at least 1")
    setup = prepare_from_args(args)
    effects = ReadingEffects(setup.variant) if args.compare_readings else None
    report = simulate(setup, args.matches, args.strategy, args.seed,
                      progress=sys.stderr.isatty(), effects=effects)
    data = report_json(report, args.matches, args.strategy, args.seed)
    if effects is not None:
        data["readings"] = effects.as_json()
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print("\n".join(report_lines(data)
                        + (effect_lines(data["readings"]) if effects is not None else [])))
    return 0
