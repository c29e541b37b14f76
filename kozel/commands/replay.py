"""`kozel replay VARIANT RECORD`: check every move of a game record and score it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..help_lang import examples
from interpreter.engine.referee import replay
from ..loading import add_sources_argument, load_variant_arg
from interpreter.language.readings import add_reading_argument, read
from interpreter.engine.records import read_record
from ..terminal import Terminal
from .score_sheet import score_sheet
from .words import Said, add_lang_argument, say


def register(commands: Any) -> None:
    """Add the `replay` subcommand."""
    parser = commands.add_parser(
        "replay", help=Said("help.replay.summary"),
        description=Said("help.replay.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel play minsk --seed 7 --save m.json && kozel replay minsk m.json"))
    parser.add_argument("variant", metavar="VARIANT", help=Said("help.variant"))
    parser.add_argument("record", metavar="RECORD", help=Said("help.replay.record"))
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=Said("help.replay.--format"))
    parser.add_argument("--partial", action="store_true", help=Said("help.replay.--partial"))
    parser.add_argument("--moves", action="store_true", help=Said("help.replay.--moves"))
    add_lang_argument(parser)
    add_reading_argument(parser)
    add_sources_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel replay`: all checks happen before anything is printed."""
    variant = read(load_variant_arg(args.variant, args.sources), args.reading)
    record = read_record(args.record)
    result = replay(variant, record, partial=args.partial)
    if args.format == "json":
        print(json.dumps(result.as_json(), ensure_ascii=False))
        return 0
    if record.variant != variant.name:  # allowed: a record may be scored by another variant
        print(say(args.lang, "replay.other variant", record=record.variant,
                  variant=variant.name))
    print("\n".join(score_sheet(result, record if args.moves else None,
                                 terminal=Terminal.of(sys.stdout), lang=args.lang)))
    return 0
