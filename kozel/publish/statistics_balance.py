"""The balance section of each variant's statistics page: the tables of `kozel balance VARIANT`
(each figure with its 95% interval and what it rests on) for each way of playing and each pair
of strategies, in the page's language, numbers as the language writes them («48,2 %»).

Like the page's other figures, they are read from a cached run, docs/statistics/balance/
VARIANT.json (the JSON of the `kozel balance` command the page shows, committed), made by
`python -m kozel.publish.statistics`; the site build never plays a match.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from interpreter.engine.words import Said, seat_said, side_said
from interpreter.language.model import value_text
from interpreter.language.numbers import decimal, percent
from interpreter.language.said import say
from interpreter.simulation.balance_text import signed, strategy_said

BALANCE_DIR = Path("docs") / "statistics" / "balance"
BALANCE_MATCHES = 1000  # matches of each run of the site's balance reports: modest, counted

Row = tuple[str, str, str, str]  # figure, value, 95% interval, what it rests on


def balance_command(name: str, players: int, options: dict[str, Any],
                    matches: int) -> list[str]:
    """The `kozel balance` command whose JSON is a variant's cached balance report."""
    command = ["kozel", "balance", name, "--players", str(players), "--matches", str(matches)]
    for option, value in options.items():
        command += ["--option", f"{option}={value_text(value)}"]
    return command + ["--format", "json"]


def _rate(label: str, figure: dict[str, Any] | None, unit: str, lang: str) -> Row:
    if figure is None or figure["rate"] is None:
        return (label, "—", "—", unit.format(n=0))
    return (label, percent(figure["rate"], lang, 1),
            f"{decimal(figure['low'] * 100, lang, 1)}–{percent(figure['high'], lang, 1)}",
            unit.format(n=figure["of"]))


def _mean(label: str, figure: dict[str, Any], unit: str, lang: str, digits: int) -> Row:
    if figure["mean"] is None:
        return (label, "—", "—", unit.format(n=0))
    return (label, decimal(figure["mean"], lang, digits),
            f"{decimal(figure['low'], lang, digits)}–{decimal(figure['high'], lang, digits)}",
            unit.format(n=figure["of"]))


def _advantage(label: str, figure: dict[str, Any], unit: str, lang: str) -> Row:
    if figure["mean"] is None:
        return (label, "—", "—", unit.format(n=0))
    return (label, say(lang, "balance.pp", value=signed(figure["mean"] * 100, lang)),
            f"{signed(figure['low'] * 100, lang)} … {signed(figure['high'] * 100, lang)}",
            unit.format(n=figure["of"]))


def strategy_rows(data: dict[str, Any], figures: dict[str, Any], lang: str,
                  words: dict[str, Any]) -> list[Row]:
    """One way of playing's rows: the goat, the first leader, length, fish, points."""
    matches, rounds = words["matches"], words["rounds"]
    rows = [_rate(say(lang, "balance.goat", who=side_said(side, [
        s for s, of in enumerate(data["side_of"]) if of == side])), figure, matches, lang)
        for side, figure in enumerate(figures["goat"]["by_side"])]
    rows += [_rate(say(lang, "balance.goat", who=seat_said(seat)), figure, matches, lang)
             for seat, figure in enumerate(figures["goat"]["by_seat"])]
    leader = figures["first_leader"]
    rows += [_rate(say(lang, "balance.leads", who=seat_said(seat)), figure, matches, lang)
             for seat, figure in enumerate(leader["by_seat"])]
    rows += [_rate(say(lang, "balance.leader goat"), leader["goat"], matches, lang),
             _advantage(say(lang, "balance.advantage"), leader["advantage"], matches, lang),
             _mean(say(lang, "balance.length"), figures["match_length"], matches, lang, 2),
             _rate(say(lang, "balance.fish"), figures["fish"], rounds, lang),
             _mean(say(lang, "balance.points"), figures["points_per_round"], rounds, lang, 1)]
    return rows


def pairing_rows(pairing: dict[str, Any], lang: str, words: dict[str, Any]) -> list[Row]:
    """One pair of strategies' rows: each one's wins against the other."""
    return [_rate(say(lang, "balance.wins", strategy=strategy_said(strategy)), figure,
                  words["matches"], lang)
            for strategy, figure in zip(pairing["strategies"], pairing["wins"])]


def _table(rows: list[Row], words: dict[str, Any]) -> list[str]:
    head = [f"| {words['figure']} | {words['value']} | {words['interval']} | {words['of']} |",
            "|---|---|---|---|"]
    return head + [f"| {' | '.join(cell.replace('|', '&#124;') for cell in row)} |"
                   for row in rows]


def balance_lines(data: dict[str, Any] | None, name: str, lang: str,
                  words: dict[str, Any]) -> list[str]:
    """The page's balance section: how it was made, then a table per way of playing and one
    per pair of strategies (or, without a cached report, the command that makes one)."""
    lines = ["", f"## {words['balance']}", ""]
    if data is None:
        return lines + [words["balance_none"], "", "```sh",
                        "python -m kozel.publish.statistics --matches 10000", "```"]
    variant = data["variants"][0]
    command = balance_command(variant["variant"], variant["players"], variant["options"],
                              data["matches"])
    lines += [words["balance_intro"], "", f"{words['command']}:", "", "```sh",
              shlex.join(command) + f" > {BALANCE_DIR.as_posix()}/{name}.json", "```", "",
              f"[{words['data']}](balance/{name}.json)"]
    for figures in variant["strategies"]:
        heading = say(lang, "balance.play", strategy=strategy_said(figures["strategy"]))
        lines += ["", f"### {heading[:1].upper()}{heading[1:]}", ""]
        lines += _table(strategy_rows(variant, figures, lang, words), words)
    for pairing in variant["pairings"]:
        first, second = (strategy_said(s) for s in pairing["strategies"])
        heading = str(Said("balance.pairing", first=first, second=second).in_lang(lang))
        lines += ["", f"### {heading[:1].upper()}{heading[1:]}", ""]
        lines += _table(pairing_rows(pairing, lang, words), words)
    return lines
