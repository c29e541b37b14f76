"""`kozel replay VARIANT RECORD`: check every move of a game record and score it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..engine.referee import replay
from ..loading import VARIANT_HELP, load_variant_arg
from ..language.readings import add_reading_argument, read
from ..engine.records import read_record
from ..terminal import Terminal
from .score_sheet import score_sheet


def register(commands: Any) -> None:
    """Add the `replay` subcommand."""
    parser = commands.add_parser(
        "replay", help="check a game record move by move and score it",
        description="Replay a kozel-record/1 game record (its format: docs/records.md) under a variant: every "
                    "deal, redeal, draw and move is checked against the variant's rules, then "
                    "the rounds are scored. Prints a score sheet: a row per round (how it ended, "
                    "who, the points each side wrote), the totals and the goat. An illegal "
                    "or inconsistent record is an error naming the place, counted from 1: "
                    "`record: ...` (the file), `round R, deal: ...`, `round R: ...`, or "
                    "`round R, move M: ...` (M-th entry of the round's moves). Exit 0 when "
                    "the record replays. On an error "
                    "nothing is printed on stdout and the exit code is 1; 2 on a usage error. "
                    "RECORD must be a regular file of at most 16 MB (UTF-8, a BOM allowed). "
                    "Records of other tools may lay a tile with \"end\": \"left\" onto two "
                    "equal ends, and write the knocks that go round after a fish.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  kozel play minsk --seed 7 --save m.json && kozel replay minsk m.json")
    parser.add_argument("variant", metavar="VARIANT",
                        help=VARIANT_HELP)
    parser.add_argument("record", metavar="RECORD", help="the game record (JSON)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json as docs/records.md shows; a "
                             "variant that writes `wins` adds \"winner\": the sides that won "
                             "the match (null while it is not over)")
    parser.add_argument("--partial", action="store_true",
                        help="accept a record that breaks off in the middle of its last round "
                             "(a witness of `kozel check`, a match cut short): the replay checks "
                             "every move up to there and says where it ends; the JSON then has "
                             "\"unfinished\": {\"round\": R, \"moves\": M}")
    parser.add_argument("--moves", action="store_true",
                        help="show each round's moves under its row of the score sheet "
                             "(`2: 3-5 left` lays 3-5 on the left end, `1 knocks`, "
                             "`3 draws 4-4`)")
    add_reading_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel replay`: all checks happen before anything is printed."""
    variant = read(load_variant_arg(args.variant), args.reading)
    record = read_record(args.record)
    result = replay(variant, record, partial=args.partial)
    if args.format == "json":
        print(json.dumps(result.as_json(), ensure_ascii=False))
        return 0
    if record.variant != variant.name:  # allowed: a record may be scored by another variant
        print(f"a record of {record.variant!r} replayed under {variant.name!r}")
    print("\n".join(score_sheet(result, record if args.moves else None,
                                 terminal=Terminal.of(sys.stdout))))
    return 0
