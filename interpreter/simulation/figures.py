"""The figures of a run, as one JSON object: rates with Wilson 95% intervals, the match length,
the goat by side, by seat and by seat after the first leader, stops, and warnings.

Every figure says what it rests on (`of`: rounds or completed matches), because a variant
whose matches stop (an unspecified rule) leaves some figures resting on few matches, and some
rounds out of every rate.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Setup
from .runner import Run
from .tally import Tally

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(count: int, total: int) -> tuple[float, float] | None:
    """The Wilson score 95% interval of a rate count/total (None when total is 0)."""
    if total <= 0:
        return None
    rate, z2 = count / total, Z95 * Z95
    centre = (rate + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 / (1 + z2 / total) * math.sqrt(rate * (1 - rate) / total + z2 / (4 * total ** 2))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_figure(count: int, total: int) -> dict[str, Any]:
    """A rate with its interval and what it rests on."""
    interval = wilson(count, total)
    return {"rate": round(count / total, 4) if total else None, "count": count, "of": total,
            "low": round(interval[0], 4) if interval else None,
            "high": round(interval[1], 4) if interval else None}


def _rate(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def length_figure(tally: Tally) -> dict[str, Any]:
    """Mean, spread, range, median and histogram of the completed matches' lengths."""
    lengths, n = tally.lengths, sum(tally.lengths.values())
    figure: dict[str, Any] = {"of": n, "histogram": {str(k): lengths[k] for k in sorted(lengths)}}
    if not n:
        return figure | {"mean": None, "stdev": None, "min": None, "max": None,
                         "median": None, "low": None, "high": None}
    total = sum(k * c for k, c in lengths.items())
    squares = sum(k * k * c for k, c in lengths.items())
    mean, variance = total / n, max(0, squares * n - total * total) / (n * n)  # exact integers
    half = Z95 * math.sqrt(variance / n)
    return figure | {"mean": round(mean, 3), "stdev": round(math.sqrt(variance), 3),
                     "min": min(lengths), "max": max(lengths), "median": _median(tally),
                     "low": round(mean - half, 3), "high": round(mean + half, 3)}


def _median(tally: Tally) -> float:
    ordered = sorted(tally.lengths.items())
    n = sum(c for _, c in ordered)

    def nth(index: int) -> int:
        seen = 0
        for length, count in ordered:
            seen += count
            if index < seen:
                return length
        raise AssertionError("index beyond the histogram")
    return (nth((n - 1) // 2) + nth(n // 2)) / 2


def report_json(setup: Setup, run: Run, matches: int, strategy: str, seed: int
                ) -> dict[str, Any]:
    """The run as one JSON object (the same for any number of workers but `seconds`)."""
    tally = run.tally
    completed = tally.completed
    goat = {"by_side": [rate_figure(c, completed) for c in tally.goat_side],
            "by_seat": [rate_figure(c, completed) for c in tally.goat_seat],
            "after_first_leader": [rate_figure(c, completed) for c in tally.goat_after_first]}
    return {
        "variant": setup.variant.name, "players": setup.players,
        "options": dict(setup.options), "strategy": strategy, "seed": seed,
        "matches": matches, "played": tally.matches, "interrupted": run.interrupted,
        "completed": completed, "stopped": tally.stopped,
        "rounds": tally.rounds, "rounds_in_stopped_matches": tally.stopped_rounds,
        "seconds": round(run.seconds, 3),
        "rounds_per_second": round(tally.rounds / run.seconds, 1) if run.seconds else 0,
        "fish_rate": _rate(tally.fish, tally.rounds),
        "redeal_rate": _rate(tally.redealt, tally.rounds),
        "rates": {"fish": rate_figure(tally.fish, tally.rounds),
                  "redeal": rate_figure(tally.redealt, tally.rounds)},
        "match_length": length_figure(tally),
        "goat_rate": [_rate(g, completed) for g in tally.goat_side],
        "goat": goat,
        "first_lead": first_lead_figures(tally),
        "stops": [{"rule": s.rule, "kind": s.kind, "count": s.count, "example": s.example}
                  for s in sorted(tally.stops.values(), key=lambda s: (-s.count, s.first))],
        "warnings": warnings(tally, run, matches),
        # only for a variant that writes `wins`: how often each side won the match
        **({"win_rate": [_rate(w, completed) for w in tally.win_side]}
           if setup.variant.cases("wins") else {}),
    }


def first_lead_figures(tally: Tally) -> dict[str, Any]:
    """How leading a round, and leading the match, goes with losing."""
    return {
        "round_loss_rate_leader_side": _rate(tally.leader_lost, tally.rounds),
        "round_loss_rate_other_sides": _rate(tally.other_lost, tally.others),
        "goat_rate_first_leader_side": _rate(tally.goat_after_first[0], tally.completed),
        "round_loss_leader_side": rate_figure(tally.leader_lost, tally.rounds),
        "round_loss_other_sides": rate_figure(tally.other_lost, tally.others),
        "goat_first_leader_side": rate_figure(tally.goat_after_first[0], tally.completed),
    }


def warnings(tally: Tally, run: Run, matches: int) -> list[str]:
    """What a reader must know before trusting the figures."""
    found = []
    if run.interrupted:
        found.append(f"interrupted (Ctrl-C) after {tally.matches} of {matches} matches: "
                     "the figures are those of the matches that finished")
    if tally.stopped:
        slots = ", ".join(sorted({s.rule for s in tally.stops.values()}))
        share = tally.stopped / tally.matches
        found.append(
            f"{tally.stopped} of {tally.matches} matches ({share:.0%}) stopped where the variant "
            f"gives no answer ({slots}): the match length and goat figures rest on the "
            f"{tally.completed} completed matches only, and every rate on the {tally.rounds} "
            "rounds that finished; a round that stopped is in no rate, so the rate of a "
            "situation those rules govern reads too low")
    if tally.matches and not tally.completed:
        found.append("no match completed: there is no match length or goat figure")
    return found
