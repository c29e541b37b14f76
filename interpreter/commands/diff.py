"""`kozel diff A B`: compare two variants slot by slot, each difference with a situation."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..language.catalogue import LANGS
from ..language.errors import UsageError
from ..interrupt import quiet_z3
from ..loading import VARIANT_HELP, load_variant_arg
from .limits import add_limit_arguments, budget_of, limits_json, wall_clock_words


def register(commands: Any) -> None:
    """Add the `diff` subcommand."""
    parser = commands.add_parser(
        "diff", help="compare two variants slot by slot (Z3)",
        description="Compare two variants rule slot by rule slot. Both are encoded over one "
                    "shared situation: a slot is `same` when no situation makes their values "
                    "differ (a proof), `different` with what each variant writes there (its "
                    "cases and the sentences they cite) and a game of A (its kozel-record/1, "
                    "players, hands, line, ...) at whose moment the two rules answer "
                    "differently, `unconfirmed` when the solver finds such a situation but no "
                    "game reaches it, `unknown` when the solver ran out of time, "
                    "`incomparable` when they never share such a situation. "
                    "Works across `extends` chains and option settings. Exit 0 when both "
                    "variants load (whatever the differences), 1 on errors in a rule text, 2 on a usage error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  kozel diff minsk pairs --option-b bonuses=yes")
    parser.add_argument("a", metavar="A",
                        help=VARIANT_HELP)
    parser.add_argument("b", metavar="B",
                        help=VARIANT_HELP)
    parser.add_argument("--option-a", action="append", default=[], metavar="NAME=VALUE",
                        help="fix an option of A (repeatable)")
    parser.add_argument("--option-b", action="append", default=[], metavar="NAME=VALUE",
                        help="fix an option of B (repeatable)")
    add_limit_arguments(parser, "slot")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json for machines")
    parser.add_argument("--lang", choices=LANGS, default="en",
                        help="language of the text output (default en); the JSON is the same "
                             "in both")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel diff`."""
    from checks.diff import diff_lines, diff_variants, parse_fixed

    from checks.realise import GameBudget

    quiet_z3()  # Ctrl-C must reach the command, not cancel one solver call

    budget = budget_of(args)
    a, b = load_variant_arg(args.a), load_variant_arg(args.b)
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
