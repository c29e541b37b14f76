"""The words and tables of `kozel balance` for people: a table per way of playing with each
variant's figures in a column, each figure with its 95% interval («48,2 % (45,1–51,3 %)»); what
differs between two variants is balance_report.py's. In English or Russian (the catalogue's
"balance." words), numbers as the language writes them (Babel), seats and sides from 1; read
from the JSON object of balance.py, as simulate's text is from its.
"""

from __future__ import annotations

import textwrap
from typing import Any, Callable

from ..engine.words import Count, joined, seat_said, side_said
from ..language import catalogue
from ..language.numbers import decimal, percent
from ..language.model import value_text
from ..language.said import Said, say

WIDTH = 96  # the report's paragraphs are wrapped at this width
Row = tuple[str, list[str]]  # a label and one value per variant


def wrapped(text: str, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """A paragraph over lines of WIDTH, never breaking a name (minsk-lead-66) or a path."""
    return textwrap.wrap(text, WIDTH, initial_indent=initial_indent,
                         subsequent_indent=subsequent_indent, break_on_hyphens=False,
                         break_long_words=False)


def strategy_said(strategy: str) -> Any:
    """A strategy by its words where the catalogue has them, else by its name as code."""
    key = f"strategy.{strategy}"
    return Said(key) if catalogue.has(key) else f"`{strategy}`"


def share(rate: float | None, lang: str) -> str:
    """A share as a percent: «48,2 %», "48.2%"."""
    return say(lang, "nothing short") if rate is None else percent(rate, lang, 1)


def rate_text(figure: dict[str, Any] | None, lang: str) -> str:
    """A rate and its interval: «48,2 % (45,1–51,3 %)»."""
    if figure is None or figure["rate"] is None:
        return say(lang, "nothing short")
    return say(lang, "balance.value", value=percent(figure["rate"], lang, 1),
               low=decimal(figure["low"] * 100, lang, 1), high=percent(figure["high"], lang, 1))


def mean_text(figure: dict[str, Any], lang: str, digits: int = 2) -> str:
    """A mean and its interval: «4,07 (4,00–4,14)»."""
    if figure["mean"] is None:
        return say(lang, "nothing short")
    return say(lang, "balance.value", value=decimal(figure["mean"], lang, digits),
               low=decimal(figure["low"], lang, digits),
               high=decimal(figure["high"], lang, digits))


def signed(value: float, lang: str, digits: int = 1) -> str:
    """A number with its sign, as a difference is said: +3,5 / −0,4."""
    text = decimal(abs(value), lang, digits)
    return ("−" if value < 0 and text.strip("0,.") else "+") + text


def points_text(figure: dict[str, Any], lang: str) -> str:
    """A difference of shares in percentage points, with its interval: «+3,5 п. п. (…)»."""
    if figure["mean"] is None:
        return say(lang, "nothing short")
    return say(lang, "balance.signed", value=say(lang, "balance.pp",
                                                 value=signed(figure["mean"] * 100, lang)),
               low=signed(figure["low"] * 100, lang), high=signed(figure["high"] * 100, lang))


def _side(side: int, variant: dict[str, Any]) -> Said:
    seats = [s for s, of in enumerate(variant["side_of"]) if of == side]
    return side_said(side, seats)


def strategy_rows(variants: list[dict[str, Any]], index: int, lang: str) -> list[Row]:
    """The rows of one way of playing: the goat, the first leader, length, fish, points."""
    figures = [v["strategies"][index] for v in variants]
    rows: list[Row] = [(say(lang, "balance.completed"),
                        [say(lang, "balance.of", count=f["completed"], of=f["played"])
                         for f in figures])]
    rows += _each(variants, lambda v: v["sides"], "balance.goat",
                  lambda v, side: _side(side, v), lambda f, side: f["goat"]["by_side"][side],
                  figures, lang)
    rows += _each(variants, lambda v: v["players"], "balance.goat",
                  lambda v, seat: seat_said(seat), lambda f, seat: f["goat"]["by_seat"][seat],
                  figures, lang)
    rows += _each(variants, lambda v: v["players"], "balance.leads",
                  lambda v, seat: seat_said(seat),
                  lambda f, seat: f["first_leader"]["by_seat"][seat], figures, lang)
    leader = [f["first_leader"] for f in figures]
    rows += [(say(lang, "balance.leader goat"), [rate_text(f["goat"], lang) for f in leader]),
             (say(lang, "balance.fair"), [share(f["fair_share"], lang) for f in leader]),
             (say(lang, "balance.advantage"), [points_text(f["advantage"], lang) for f in leader]),
             (say(lang, "balance.length"), [mean_text(f["match_length"], lang)
                                            for f in figures]),
             (say(lang, "balance.fish"), [rate_text(f["fish"], lang) for f in figures]),
             (say(lang, "balance.points"), [mean_text(f["points_per_round"], lang, 1)
                                            for f in figures])]
    return rows


def _each(variants: list[dict[str, Any]], count: Callable[[dict[str, Any]], int], key: str,
          who: Callable[[dict[str, Any], int], Said],
          figure: Callable[[dict[str, Any], int], dict[str, Any]],
          figures: list[dict[str, Any]], lang: str) -> list[Row]:
    """One row per side or seat (of the variant that has the most), each variant's figure."""
    widest = max(variants, key=count)
    return [(say(lang, key, who=who(widest, number)),
             [rate_text(figure(f, number), lang) if number < count(v) else ""
              for v, f in zip(variants, figures)])
            for number in range(count(widest))]


def pairing_rows(variants: list[dict[str, Any]], index: int, lang: str) -> list[Row]:
    """The rows of one strategy against another: each one's wins, and the stronger's."""
    figures = [v["pairings"][index] for v in variants]
    first, second = figures[0]["strategies"]
    rows: list[Row] = [(say(lang, "balance.completed"),
                        [say(lang, "balance.of", count=f["completed"], of=f["played"])
                         for f in figures])]
    for number, strategy in enumerate((first, second)):
        rows.append((say(lang, "balance.wins", strategy=strategy_said(strategy)),
                     [rate_text(f["wins"][number], lang) for f in figures]))
    rows.append((say(lang, "balance.stronger"),
                 [say(lang, "balance.stronger is", strategy=strategy_said(f["stronger"]),
                      rate=rate_text(f["decisiveness"], lang)) if f["stronger"]
                  else say(lang, "balance.no stronger") for f in figures]))
    return rows


def table(heading: str, names: list[str], rows: list[Row]) -> list[str]:
    """A heading and the rows under it, each variant's values in a column of its own."""
    label = max(len(r[0]) for r in rows) + 2
    widths = [max([len(names[i])] + [len(r[1][i]) for r in rows]) + 3
              for i in range(len(names))]
    lines = ["", heading[:1].upper() + heading[1:], "  " + " " * label + "".join(n.ljust(w) for n, w in zip(names, widths))]
    lines += ["  " + text.ljust(label) + "".join(v.ljust(w) for v, w in zip(values, widths))
              for text, values in rows]
    return [line.rstrip() for line in lines]


def head_lines(data: dict[str, Any], lang: str) -> list[str]:
    """What was played, how each figure's interval is made, and the options chosen."""
    variants = [Said("balance.variant", variant=v["variant"],
                     players=Count(v["players"], "players"),
                     options="".join(f", {k}={value_text(o)}" for k, o in v["options"].items()))
                for v in data["variants"]]
    lines = wrapped(say(lang, "balance.head", variants=joined(variants, "seats and"),
                        matches=Count(data["matches"], "matches"), seed=data["seed"]),
                    subsequent_indent="  ")
    lines += wrapped(say(lang, "balance.method", resamples=data["resamples"]))
    for v in data["variants"]:
        if v["chosen"]:
            chosen = ", ".join(f"{k}={value_text(o)}" for k, o in v["chosen"].items())
            lines += wrapped(say(lang, "balance.chosen", variant=v["variant"], options=chosen))
    return lines


def warning_lines(variant: dict[str, Any], lang: str) -> list[str]:
    """What a reader must know before trusting a variant's figures: matches that stopped."""
    found = []
    for figure in variant["strategies"] + variant["pairings"]:
        if figure["stopped"]:
            found.append(say(lang, "balance.stopped", variant=variant["variant"],
                             play=play_said(figure), stopped=figure["stopped"],
                             played=figure["played"], completed=figure["completed"]))
    return found


def play_said(figure: dict[str, Any]) -> Said:
    """A run's way of playing in words: every seat alike, or one strategy against another."""
    if "strategy" in figure:
        return Said("balance.play", strategy=strategy_said(figure["strategy"]))
    first, second = (strategy_said(s) for s in figure["strategies"])
    return Said("balance.pairing", first=first, second=second)
