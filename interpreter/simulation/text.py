"""The figures of a run for people: one line per figure, each with its 95% interval and what it
rests on, and the warnings loud, above and below."""

from __future__ import annotations

import textwrap
from typing import Any


def _interval(figure: dict[str, Any]) -> str:
    if figure["rate"] is None:
        return "n/a (nothing to count)"
    return (f"{figure['rate']:.1%} [{figure['low']:.1%}..{figure['high']:.1%}] "
            f"of {figure['of']}")


def _short(figure: dict[str, Any]) -> str:
    if figure["rate"] is None:
        return "n/a"
    return f"{figure['rate']:.1%} [{figure['low']:.1%}..{figure['high']:.1%}]"


def _banner(warnings: list[str]) -> list[str]:
    if not warnings:
        return []
    rule = "  " + "!" * 72
    lines = [rule]
    for warning in warnings:
        lines += textwrap.wrap(f"WARNING: {warning}", 72, initial_indent="  ",
                               subsequent_indent="    ")
    return lines + [rule]


def _goat_lines(data: dict[str, Any]) -> list[str]:
    goat = data["goat"]
    completed = data["completed"]
    lines = ["  goat: " + ", ".join(f"side {s} {r:.1%}" for s, r in enumerate(data["goat_rate"]))
             + f" (of {completed} completed matches)"]
    lines += [f"    side {s}: {_interval(f)}" for s, f in enumerate(goat["by_side"])]
    lines += ["    by seat: " + "; ".join(f"{s} {_short(f)}"
                                          for s, f in enumerate(goat["by_seat"]))]
    lines += ["    by seats after the first leader (+0 led the match): "
              + "; ".join(f"+{s} {_short(f)}" for s, f in enumerate(goat["after_first_leader"]))]
    return lines


def report_lines(data: dict[str, Any]) -> list[str]:
    """The report for people."""
    length, first, rates = data["match_length"], data["first_lead"], data["rates"]
    state = ", INTERRUPTED" if data["interrupted"] else ""
    lines = [f"{data['variant']}: {data['players']} players, {data['strategy']} play, "
             f"seed {data['seed']}{state}"]
    lines += _banner(data["warnings"])
    lines += [
        f"  matches: {data['played']} ({data['completed']} completed, {data['stopped']} "
        "stopped)" + (f" of {data['matches']} asked" if data["played"] != data["matches"] else ""),
        f"  rounds: {data['rounds']} in {data['seconds']:.2f} s "
        f"({data['rounds_per_second']:.0f} rounds/s)" + (
            f"; {data['rounds_in_stopped_matches']} of them in matches that stopped later"
            if data["rounds_in_stopped_matches"] else ""),
        f"  fish rate: {_interval(rates['fish'])} rounds",
        f"  redeal rate: {_interval(rates['redeal'])} rounds",
    ]
    if length["mean"] is not None:
        lines.append(f"  match length: {length['mean']:.2f} rounds on average "
                     f"[{length['low']:.2f}..{length['high']:.2f}] (spread {length['stdev']:.2f},"
                     f" median {length['median']:g}, {length['min']}..{length['max']}; of "
                     f"{length['of']} completed matches)")
    lines += _goat_lines(data)
    if "win_rate" in data:
        lines.append("  wins: " + ", ".join(f"side {s} {r:.1%}"
                                            for s, r in enumerate(data["win_rate"])))
    lines.append(f"  first lead: the leader's side loses "
                 f"{_interval(first['round_loss_leader_side'])} rounds, another side "
                 f"{_interval(first['round_loss_other_sides'])}; the side that led the match "
                 f"is the goat in {_interval(first['goat_first_leader_side'])} matches")
    for stop in data["stops"]:
        lines.append(f"  stopped {stop['count']}x ({stop['kind']}): {stop['rule']}")
        lines.append("    e.g. " + stop["example"].replace("\n", "\n    "))
    lines += _banner(data["warnings"])
    return lines
