"""`kozel balance` for people, whole: the head and a table per way of playing (balance_text.py),
then, with OTHER, what differs: each figure that differs beyond chance after Holm's correction,
with both values, the difference and its interval, the test and its p-values, and the game
that shows it; then how many did not."""

from __future__ import annotations

from typing import Any

from ..engine.words import Count, side_said
from ..language.numbers import decimal, percent
from ..language.said import Said, say
from .balance_text import (head_lines, pairing_rows, signed, strategy_rows, strategy_said,
                           table, warning_lines, wrapped)
from .tasks import VERSUS

RATES = ("goat_side", "fish", "decisiveness")  # the measures that are shares


def _value(measure: str, value: float, lang: str) -> str:
    """One variant's figure, as its table says it (without the interval)."""
    if measure in RATES:
        return percent(value, lang, 1)
    if measure == "first_leader_advantage":
        return say(lang, "balance.pp", value=signed(value * 100, lang))
    return decimal(value, lang, 2 if measure == "match_length" else 1)


def _difference(measure: str, found: dict[str, Any], lang: str) -> str:
    """The difference and its interval: in percentage points for shares, else as numbers."""
    share = measure in RATES or measure == "first_leader_advantage"
    scale, digits = (100, 1) if share else (1, 2 if measure == "match_length" else 1)
    value = signed(found["difference"] * scale, lang, digits)
    return say(lang, "balance.signed",
               value=say(lang, "balance.pp", value=value) if share else value,
               low=signed(found["low"] * scale, lang, digits),
               high=signed(found["high"] * scale, lang, digits))


def p_text(p: float, lang: str) -> str:
    """A p-value: «p = 0,0093», "p < 0.0001"."""
    if p < 0.0001:
        return say(lang, "balance.p below", p=decimal(0.0001, lang, 4))
    return say(lang, "balance.p", p=decimal(p, lang, 2 if p >= 0.01 else 4))


def _what(found: dict[str, Any], variant: dict[str, Any]) -> Any:
    """What the figure is: the row of the tables it comes from."""
    measure = found["measure"]
    if measure == "goat_side":
        side = found["side"]
        return Said("balance.goat", who=side_said(side, [s for s, of in
                                                          enumerate(variant["side_of"])
                                                          if of == side]))
    if measure == "decisiveness":
        return Said("balance.wins", strategy=strategy_said(found["wins_of"]))
    return Said({"first_leader_advantage": "balance.advantage", "match_length": "balance.length",
                 "fish": "balance.fish", "points_per_round": "balance.points"}[measure])


def _play(strategy: str) -> Any:
    pair = strategy.split(VERSUS)
    if len(pair) == 2:
        return Said("balance.pairing", first=strategy_said(pair[0]),
                    second=strategy_said(pair[1]))
    return Said("balance.play", strategy=strategy_said(strategy))


def _example(found: dict[str, Any], written: str | None, lang: str) -> str:
    example = found["example"]
    if example is None:
        return say(lang, "balance.no example")
    where = Said("balance.written", path=written) if written else Said("balance.in json")
    return say(lang, "balance.example", no=example["match"] + 1, variant=example["variant"],
               seed=example["seed"], where=where)


def difference_lines(data: dict[str, Any], lang: str, written: dict[int, str]) -> list[str]:
    """What differs between the two variants, each with its game; then what did not."""
    comparison, (first, second) = data["comparison"], data["variants"]
    found = comparison["differences"]
    lines = ["", *wrapped(say(lang, "balance.differences", a=first["variant"],
                              b=second["variant"],
                              count=Count(comparison["comparisons"], "comparisons"),
                              level=percent(comparison["test_level"], lang, 0)))]
    significant = [(n, d) for n, d in enumerate(found) if d["significant"]]
    for number, difference in significant:
        measure = difference["measure"]
        text = say(lang, "balance.difference", what=_what(difference, first),
                   play=_play(difference["strategy"]), a=_value(measure, difference["a"], lang),
                   first=first["variant"], b=_value(measure, difference["b"], lang),
                   second=second["variant"], difference=_difference(measure, difference, lang),
                   test=Said(f"balance.test.{difference['test']}"),
                   p=p_text(difference["p"], lang), adjusted=p_text(difference["p_adjusted"], lang))
        lines += wrapped(text, initial_indent="  - ", subsequent_indent="    ")
        lines += wrapped(_example(difference, written.get(number), lang), initial_indent="    ",
                         subsequent_indent="    ")
    if not significant:
        lines.append("  " + say(lang, "balance.none differ"))
    elif len(significant) < len(found):
        lines.append("  " + say(lang, "balance.rest",
                                count=Count(len(found) - len(significant), "comparisons")))
    return lines


def report_lines(data: dict[str, Any], lang: str = "en",
                 written: dict[int, str] | None = None) -> list[str]:
    """The balance report for people, in a language (`written`: the record file of each
    difference, by its place in the JSON's list, where --records wrote one)."""
    variants, names = data["variants"], [v["variant"] for v in data["variants"]]
    lines = head_lines(data, lang)
    for variant in variants:  # before the figures: what they rest on comes first
        for warning in warning_lines(variant, lang):
            lines += [""] + wrapped(say(lang, "warning", text=warning), subsequent_indent="  ")
    for index, strategy in enumerate(data["strategies"]):
        heading = say(lang, "balance.play", strategy=strategy_said(strategy))
        lines += table(heading, names, strategy_rows(variants, index, lang))
    for index, pairing in enumerate(variants[0]["pairings"]):
        first, second = (strategy_said(s) for s in pairing["strategies"])
        heading = say(lang, "balance.pairing", first=first, second=second)
        lines += table(heading, names, pairing_rows(variants, index, lang))
    if data["comparison"] is not None:
        lines += difference_lines(data, lang, written or {})
    return lines
