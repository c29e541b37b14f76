"""`kozel simulate VARIANT --matches N`: play many matches and report how the variant plays.

The work is done by the `interpreter.simulation` package: chunks of matches played here, on
worker processes (`--workers`) or on a Ray cluster (`--cluster`), tallied as they stream in.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..help_lang import examples
from interpreter.simulation.reading_effects import effect_lines
from interpreter.language.workers import capped
from ..interrupt import exit_code
from ..outputs import OutputError, checked_output_file, write_text_file
from interpreter.simulation import (SetupSpec, default_workers, report_json, report_lines,
                                    run_matches)
from interpreter.simulation.tasks import AUTO, ENGINES
from .numbers import MOST_MATCHES, MOST_SEED, MOST_WORKERS, whole
from .play import DEFAULT_BUDGET, add_match_arguments, prepare_from_args, strategy_of
from .words import add_lang_argument
from interpreter.language.said import Said, say


def register(commands: Any) -> None:
    """Add the `simulate` subcommand."""
    parser = commands.add_parser(
        "simulate", help=Said("help.simulate.summary"),
        description=Said("help.simulate.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel simulate minsk --matches 1000 --players 4 --format json",
                        "kozel simulate kozel-classic --matches 20000 --workers 2 --csv c.csv "
                        "--plot c.svg",
                        "kozel simulate minsk --matches 1000000 --cluster auto"))
    add_match_arguments(parser, strategy="random")
    parser.add_argument("--matches", type=whole(1, MOST_MATCHES), required=True, metavar="N",
                        help=Said("help.simulate.--matches"))
    parser.add_argument("--seed", type=whole(0, MOST_SEED), default=0, metavar="S",
                        help=Said("help.simulate.--seed"))
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=Said("help.--format"))
    add_lang_argument(parser)
    parser.add_argument("--workers", type=whole(1, MOST_WORKERS), metavar="N",
                        help=Said("help.simulate.--workers"))
    parser.add_argument("--cluster", metavar="ADDRESS", help=Said("help.simulate.--cluster"))
    parser.add_argument("--csv", metavar="FILE", help=Said("help.simulate.--csv"))
    parser.add_argument("--plot", metavar="FILE", help=Said("help.simulate.--plot"))
    parser.add_argument("--engine", choices=ENGINES, default=AUTO,
                        help=Said("help.simulate.--engine"))
    parser.add_argument("--compare-readings", action="store_true",
                        help=Said("help.simulate.--compare-readings"))
    parser.set_defaults(run=run)


def _outputs(args: argparse.Namespace) -> dict[str, Path]:
    """Check --csv and --plot before any match is played (usage errors)."""
    outputs = {}
    if args.csv is not None:
        outputs["csv"] = checked_output_file(args.csv, "--csv")
    if args.plot is not None:
        from interpreter.simulation.exports import require_matplotlib
        require_matplotlib()
        outputs["plot"] = checked_output_file(args.plot, "--plot")
    return outputs


def _cluster(args: argparse.Namespace) -> Any:
    if args.cluster is None:
        return None
    from interpreter.simulation.cluster import cluster_runner
    return cluster_runner(args.cluster)


def run(args: argparse.Namespace) -> int:
    """Run `kozel simulate`."""
    setup = prepare_from_args(args)
    strategy = strategy_of(args)
    outputs = _outputs(args)
    cluster = _cluster(args)
    spec = SetupSpec.of(setup, args.engine)
    played = run_matches(spec, strategy, args.matches, args.seed,
                         workers=capped(args.workers, "--workers") if args.workers
                         else default_workers(),
                         progress=sys.stderr.isatty(), cluster=cluster)
    data = report_json(setup, played, args.matches, args.strategy, args.seed)
    if strategy != args.strategy:  # a strategy that thinks: how much
        data["budget"] = args.budget or DEFAULT_BUDGET
    if args.compare_readings and not played.interrupted:
        from interpreter.simulation.readings import compare_readings
        data["readings"] = compare_readings(setup, strategy, args.matches,
                                            args.seed).as_json()
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print("\n".join(report_lines(data, args.lang)
                        + (effect_lines(data["readings"], args.lang)
                           if "readings" in data else [])))
    if played.lost:
        print(say(args.lang, "worker lost", fate=played.lost, played=played.tally.matches,
                  matches=args.matches), file=sys.stderr)
        return 1
    if played.interrupted:
        if outputs:
            print(say(args.lang, "interrupted outputs"), file=sys.stderr)
        return exit_code()
    return _write_outputs(data, outputs, args.lang)


def _write_outputs(data: dict[str, Any], outputs: dict[str, Path], lang: str) -> int:
    if not outputs:
        return 0
    from interpreter.simulation.exports import csv_text, figures_svg
    try:  # each file whole or not at all
        if "csv" in outputs:
            write_text_file(outputs["csv"], csv_text(data))
        if "plot" in outputs:
            write_text_file(outputs["plot"], figures_svg(data, lang))
    except OutputError as error:
        print(say(lang, "error", error=error), file=sys.stderr)
        return 1
    return 0
