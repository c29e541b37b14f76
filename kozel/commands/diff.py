"""`kozel diff A B`: compare two variants slot by slot, each difference with a situation."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..help_lang import examples
from interpreter.language.errors import UsageError
from ..interrupt import quiet_z3
from ..loading import add_sources_argument, load_variant_arg
from interpreter.language.said import Said
from .words import add_lang_argument
from .limits import add_limit_arguments, budget_of, limits_json, wall_clock_words


def register(commands: Any) -> None:
    """Add the `diff` subcommand."""
    parser = commands.add_parser(
        "diff", help=Said("help.diff.summary"),
        description=Said("help.diff.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel diff minsk pairs --option-b bonuses=yes"))
    parser.add_argument("a", metavar="A", help=Said("help.variant"))
    parser.add_argument("b", metavar="B", help=Said("help.variant"))
    parser.add_argument("--option-a", action="append", default=[], metavar="NAME=VALUE",
                        help=Said("help.diff.--option-a"))
    parser.add_argument("--option-b", action="append", default=[], metavar="NAME=VALUE",
                        help=Said("help.diff.--option-b"))
    add_limit_arguments(parser, "slot")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=Said("help.--format"))
    add_lang_argument(parser)
    add_sources_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel diff`."""
    from checks.compare.diff import diff_lines, diff_variants, parse_fixed

    from checks.search.realise import GameBudget

    quiet_z3()  # Ctrl-C must reach the command, not cancel one solver call

    budget = budget_of(args)
    a, b = load_variant_arg(args.a, args.sources), load_variant_arg(args.b, args.sources)
    games = GameBudget() if args.games is None else GameBudget(games=args.games)
    result = diff_variants(a, b, fixed_a=parse_fixed(a, args.option_a),
                           fixed_b=parse_fixed(b, args.option_b), budget=budget,
                           games=games)
    if args.format == "json":
        shown = {**result.as_json(), "limits": limits_json(budget, args.games)}
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    else:
        print("\n".join(wall_clock_words(budget, "slot", args.lang)
                        + diff_lines(result, (a, b), args.lang)))
    return 0
