"""The figures of a run for people: one line per figure, each with its 95% interval and what it
rests on, and the warnings loud, above and below; in English or Russian (words.py), numbers as
the language writes them, seats and sides from 1."""

from __future__ import annotations

import textwrap
from typing import Any

from ..engine.stops import KINDS as STOP_KINDS
from ..engine.words import Count, joined, said_in, seat_no, side_said
from ..language import catalogue
from ..language.numbers import decimal, percent
from ..language.said import Said, say


def _percent(rate: float, lang: str) -> str:
    return percent(rate, lang, 1)


def _interval(figure: dict[str, Any], lang: str, of: Any = None) -> str:
    """A rate, its interval and what it rests on (`of`: the word of its count, if any)."""
    if figure["rate"] is None:
        return say(lang, "nothing")
    return say(lang, "interval", rate=_percent(figure["rate"], lang),
               low=_percent(figure["low"], lang), high=_percent(figure["high"], lang),
               of=figure["of"] if of is None else Count(figure["of"], of))


def _short(figure: dict[str, Any], lang: str) -> str:
    if figure["rate"] is None:
        return say(lang, "nothing short")
    return say(lang, "interval short", rate=_percent(figure["rate"], lang),
               low=_percent(figure["low"], lang), high=_percent(figure["high"], lang))


def _banner(warnings: list[str], lang: str) -> list[str]:
    if not warnings:
        return []
    rule = "  " + "!" * 72
    lines = [rule]
    for warning in warnings:
        lines += textwrap.wrap(say(lang, "warning", text=warning), 72, initial_indent="  ",
                               subsequent_indent="    ")
    return lines + [rule]


def warnings(data: dict[str, Any], lang: str) -> list[str]:
    """What a reader must know before trusting the figures (the JSON's warnings, said anew)."""
    found = []
    if data["interrupted"]:
        found.append(say(lang, "warn.interrupted", played=data["played"],
                         matches=Count(data["matches"], "of matches")))
    if data["stopped"]:
        rules = joined(sorted({s["rule"] for s in data["stops"]}))
        found.append(say(lang, "warn.stopped", stopped=data["stopped"],
                         played=Count(data["played"], "of matches"),
                         share=percent(data["stopped"] / data["played"], lang, 0), rules=rules,
                         completed=Count(data["completed"], "of completed"),
                         rounds=Count(data["rounds"], "of rounds")))
    if data["played"] and not data["completed"]:
        found.append(say(lang, "warn.none completed"))
    return found


def _side(side: int, data: dict[str, Any]) -> Any:
    """A side by name, from 1, with its seats where partners play (docs/records.md)."""
    sides, players = len(data["goat_rate"]), data["players"]
    return side_said(side, [p for p in range(players) if p % sides == side]
                     if sides < players else ())


def _rates(data: dict[str, Any], rates: list[float], lang: str) -> Any:
    return joined(Said("side rate", side=_side(s, data), rate=_percent(r, lang))
                  for s, r in enumerate(rates))


def _goat_lines(data: dict[str, Any], lang: str) -> list[str]:
    goat, of = data["goat"], Count(data["completed"], "of completed")
    lines = ["  " + say(lang, "goat", rates=_rates(data, data["goat_rate"], lang), of=of)]
    lines += ["    " + say(lang, "goat side", side=_side(s, data), rate=_interval(f, lang))
              for s, f in enumerate(goat["by_side"])]
    by_seat = [Said("seat rate", seat=seat_no(s), rate=_short(f, lang))
               for s, f in enumerate(goat["by_seat"])]
    lines += ["    " + say(lang, "by seat", rates=joined(by_seat, "hands list"))]
    after = [Said("offset rate", offset=s, rate=_short(f, lang))
             for s, f in enumerate(goat["after_first_leader"])]
    lines += ["    " + say(lang, "after first", rates=joined(after, "hands list"))]
    return lines


def _head(data: dict[str, Any], lang: str) -> str:
    strategy = data["strategy"]
    return say(lang, "head", variant=data["variant"], players=Count(data["players"], "players"),
               strategy=Said(f"strategy.{strategy}") if catalogue.has(f"strategy.{strategy}")
               else f"`{strategy}`", seed=data["seed"],
               state=Said("interrupted") if data["interrupted"] else "")


def _count_lines(data: dict[str, Any], lang: str) -> list[str]:
    """How many matches and rounds were played, how fast, the fish and redeal rates."""
    rates = data["rates"]
    asked = Said("asked", matches=data["matches"]) if data["played"] != data["matches"] else ""
    later = Said("later", rounds=data["rounds_in_stopped_matches"]) \
        if data["rounds_in_stopped_matches"] else ""
    return ["  " + say(lang, "matches", played=data["played"], completed=data["completed"],
                       stopped=data["stopped"], asked=asked),
            "  " + say(lang, "rounds", rounds=data["rounds"],
                       seconds=decimal(data["seconds"], lang, 2),
                       speed=decimal(data["rounds_per_second"], lang, 0), later=later),
            "  " + say(lang, "fish", rate=_interval(rates["fish"], lang, "of rounds")),
            "  " + say(lang, "redeal", rate=_interval(rates["redeal"], lang, "of rounds"))]


def _length_line(length: dict[str, Any], lang: str) -> list[str]:
    if length["mean"] is None:
        return []
    median = length["median"]
    return ["  " + say(lang, "length", mean=decimal(length["mean"], lang, 2),
                       low=decimal(length["low"], lang, 2), high=decimal(length["high"], lang, 2),
                       stdev=decimal(length["stdev"], lang, 2),
                       median=decimal(median, lang, 0 if median == int(median) else 1),
                       min=length["min"], max=length["max"],
                       of=Count(length["of"], "of completed"))]


def report_lines(data: dict[str, Any], lang: str = "en") -> list[str]:
    """The report for people, in a language."""
    first, said = data["first_lead"], warnings(data, lang)
    lines = [_head(data, lang)] + _banner(said, lang) + _count_lines(data, lang)
    lines += _length_line(data["match_length"], lang) + _goat_lines(data, lang)
    if "win_rate" in data:
        lines.append("  " + say(lang, "wins", rates=_rates(data, data["win_rate"], lang)))
    lines.append("  " + say(
        lang, "first lead",
        leader=_interval(first["round_loss_leader_side"], lang, "of rounds"),
        other=_interval(first["round_loss_other_sides"], lang),
        goat=_interval(first["goat_first_leader_side"], lang, "of matches")))
    for stop in data["stops"]:
        words = Said(f"kind.{stop['kind']}") if stop["kind"] in STOP_KINDS else stop["kind"]
        lines.append("  " + say(lang, "stopped", count=stop["count"], kind=stop["kind"],
                                words=words,
                                rule=stop["rule"]))
        example = said_in(stop["example"], lang)
        lines.append("    " + say(lang, "example", example=example).replace("\n", "\n    "))
    return lines + _banner(said, lang)
