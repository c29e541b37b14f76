"""`kozel balance VARIANT [OTHER]`: how fair a variant is and how it plays, each figure with its
95% interval, and with OTHER what differs between the two beyond chance, each difference shown
by a game. The figures are `interpreter.simulation.balance`'s; this module reads the command
line, settles the two variants' options, and writes the text, the JSON, the plot and records.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from interpreter.engine import Setup, prepare
from interpreter.engine.players import STRATEGIES
from interpreter.engine.records import record_text
from interpreter.language.ast import OptionValue
from interpreter.language.errors import UsageError
from interpreter.language.model import Variant
from interpreter.language.said import Said, say
from interpreter.language.workers import capped
from interpreter.simulation.balance import (DEFAULT_STRATEGIES, Played, Stopped, balance_json,
                                            play_variant)
from interpreter.simulation.runner import default_workers

from ..help_lang import examples
from ..interrupt import exit_code
from ..loading import add_sources_argument, load_variant_arg
from ..outputs import OutputError, checked_output_file, checked_output_folder, write_text_file
from .numbers import MOST_MATCHES, MOST_SEED, MOST_WORKERS, whole
from .play import THINKING, parse_options, strategy_of
from .words import add_lang_argument


def register(commands: Any) -> None:
    """Add the `balance` subcommand."""
    parser = commands.add_parser(
        "balance", help=Said("help.balance.summary"),
        description=Said("help.balance.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel balance minsk",
                        "kozel balance minsk pairs --matches 2000 --format json",
                        "kozel balance minsk my-house-rule.kozel --records games --plot b.svg"))
    parser.add_argument("variant", metavar="VARIANT", help=Said("help.variant"))
    parser.add_argument("other", metavar="OTHER", nargs="?", help=Said("help.balance.other"))
    parser.add_argument("--players", type=whole(1, 100), metavar="N", help=Said("help.--players"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help=Said("help.balance.--option"))
    parser.add_argument("--strategies", type=strategy_list, default=DEFAULT_STRATEGIES,
                        metavar="A,B", help=Said("help.balance.--strategies",
                                                 default=",".join(DEFAULT_STRATEGIES),
                                                 known=", ".join(STRATEGIES)))
    parser.add_argument("--matches", type=whole(1, MOST_MATCHES), default=2000, metavar="N",
                        help=Said("help.balance.--matches"))
    parser.add_argument("--seed", type=whole(0, MOST_SEED), default=0, metavar="S",
                        help=Said("help.simulate.--seed"))
    parser.add_argument("--workers", type=whole(1, MOST_WORKERS), metavar="N",
                        help=Said("help.simulate.--workers"))
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=Said("help.--format"))
    add_lang_argument(parser)
    parser.add_argument("--plot", metavar="FILE", help=Said("help.balance.--plot"))
    parser.add_argument("--records", metavar="DIR", help=Said("help.balance.--records"))
    add_sources_argument(parser)
    parser.set_defaults(run=run)


def strategy_list(text: str) -> tuple[str, ...]:
    """An argparse type: strategies separated by commas, each one `kozel play` knows, once."""
    names = tuple(name.strip() for name in text.split(","))
    unknown = [name for name in names if name not in STRATEGIES + THINKING]
    if unknown or not names or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            f"--strategies takes strategies separated by commas, each once, of: "
            f"{', '.join(STRATEGIES + THINKING)} (not {text!r})")
    return names


def thinking_players(strategies: tuple[str, ...]) -> dict[str, str]:
    """Where the players of each thinking strategy asked for are made, at the default budget
    (`kozel play --strategy ismcts`'s); a UsageError where open-spiel is not installed."""
    return {name: strategy_of(argparse.Namespace(strategy=name, budget=None))
            for name in strategies if name in THINKING}


def settled(variant: Variant, players: int | None, given: dict[str, str]
            ) -> tuple[Setup, dict[str, OptionValue]]:
    """A variant set up with the options it declares of `given`; an option it gives no default
    for and `given` does not name takes its first value (returned, so the report says so)."""
    own = {name: value for name, value in given.items() if variant.option(name) is not None}
    chosen = {o.name: o.values[0] for o in variant.options
              if o.default is None and o.name not in own and o.values}
    return prepare(variant, players, {**chosen, **own}), chosen


def setups(args: argparse.Namespace) -> list[tuple[Setup, dict[str, OptionValue]]]:
    """VARIANT (and OTHER) set up; each --option must be one of theirs."""
    variants = [load_variant_arg(arg, args.sources) for arg in (args.variant, args.other)
                if arg is not None]
    given = parse_options(args.option)
    for name in given:
        if all(v.option(name) is None for v in variants):
            raise UsageError(f"--option {name}: no variant compared has an option {name!r}")
    return [settled(v, args.players, given) for v in variants]


def run(args: argparse.Namespace) -> int:
    """Run `kozel balance`."""
    made = setups(args)
    thinking = thinking_players(args.strategies)
    plot = _plot_file(args.plot)
    records = checked_output_folder(args.records, "--records") if args.records is not None \
        else None
    workers = capped(args.workers, "--workers") if args.workers else default_workers()
    try:
        played = [play_variant(setup, chosen, index, args.strategies, args.matches, args.seed,
                               thinking, workers=workers, progress=sys.stderr.isatty())
                  for index, (setup, chosen) in enumerate(made)]
    except Stopped as stopped:
        return _stopped(stopped, args.lang)
    data = report(played, args.matches, args.seed)
    names = record_names(data)
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        from interpreter.simulation.balance_report import report_lines
        shown = {n: str(records / name) for n, name in names.items()} if records else {}
        print("\n".join(report_lines(data, args.lang, shown)))
    return _write(data, names, records, plot, args.lang)


def report(played: list[Played], matches: int, seed: int) -> dict[str, Any]:
    """The report's JSON, with the comparison when two variants were played."""
    comparison = None
    if len(played) == 2:
        from interpreter.simulation.balance_compare import compare, comparison_json
        comparison = comparison_json(compare(played[0], played[1], matches, seed))
    return balance_json(played, matches, seed, comparison)


def record_names(data: dict[str, Any]) -> dict[int, str]:
    """The file name of each difference's game, by its place in the list."""
    found = {}
    for number, difference in enumerate((data["comparison"] or {}).get("differences", [])):
        example = difference["example"]
        if example is not None:
            side = "" if difference["side"] is None else f"-side{difference['side'] + 1}"
            play = difference["strategy"].replace(" ", "-")
            found[number] = f"{example['variant']}-{difference['measure']}-{play}{side}.json"
    return found


def _plot_file(given: str | None) -> Path | None:
    if given is None:
        return None
    from interpreter.simulation.exports import require_matplotlib
    require_matplotlib()
    return checked_output_file(given, "--plot")


def _stopped(stopped: Stopped, lang: str) -> int:
    """A run cut short: no report (its figures would mix runs that finished and one that did
    not); Ctrl-C's exit code, or 1 for a worker lost."""
    if stopped.run.lost:
        print(say(lang, "balance.worker lost", fate=stopped.run.lost), file=sys.stderr)
        return 1
    return exit_code()  # the command line says that it was stopped (cli.py)


def _write(data: dict[str, Any], names: dict[int, str], records: Path | None,
           plot: Path | None, lang: str) -> int:
    """Write the records and the plot after the report is printed: a failed write must not
    lose the report; it is named after it instead."""
    try:
        if records is not None:
            differences = data["comparison"]["differences"] if data["comparison"] else []
            for number, name in names.items():
                write_text_file(records / name, record_text(differences[number]["example"]
                                                            ["record"]))
        if plot is not None:
            from interpreter.simulation.balance_plot import balance_svg
            write_text_file(plot, balance_svg(data, lang))
    except OutputError as error:
        print(say(lang, "error", error=error), file=sys.stderr)
        return 1
    return 0
