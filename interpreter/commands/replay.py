"""`kozel replay VARIANT RECORD`: check every move of a game record and score it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..engine.outcomes import MatchResult
from ..engine.referee import replay
from ..loading import load_variant_arg
from ..readings import add_reading_argument, read
from ..records import read_record


def register(commands: Any) -> None:
    """Add the `replay` subcommand."""
    parser = commands.add_parser(
        "replay", help="check a game record move by move and score it",
        description="Replay a kozel-record/1 game record (see RECORDS.md) under a variant: every "
                    "deal, redeal, draw and move is checked against the variant's rules, then "
                    "the rounds are scored. Prints per-round results and the totals. An illegal "
                    "or inconsistent record is an error naming the place, counted from 1: "
                    "`record: ...` (the file), `round R, deal: ...`, `round R: ...`, or "
                    "`round R, move M: ...` (M-th entry of the round's moves). On an error "
                    "nothing is printed on stdout and the exit code is 1; 2 on a usage error. "
                    "RECORD must be a regular file of at most 16 MB (UTF-8, a BOM allowed). "
                    "Records of other tools may lay a tile with \"end\": \"left\" onto two "
                    "equal ends, and write the knocks that go round after a fish.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  kozel play minsk --seed 7 --save m.json && kozel replay minsk m.json")
    parser.add_argument("variant", metavar="VARIANT",
                        help="a .kozel rule file, or the name of a variant in spec/variants")
    parser.add_argument("record", metavar="RECORD", help="the game record (JSON)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json as RECORDS.md shows")
    parser.add_argument("--partial", action="store_true",
                        help="accept a record that breaks off in the middle of its last round "
                             "(a witness of `kozel check`, a match cut short): the replay checks "
                             "every move up to there and says where it ends; the JSON then has "
                             "\"unfinished\": {\"round\": R, \"moves\": M}")
    add_reading_argument(parser)
    parser.set_defaults(run=run)


def result_lines(result: MatchResult) -> list[str]:
    """Per-round results and totals for people."""
    lines = []
    for r in result.rounds:
        how = f"seat {r.seat} out" if r.end == "out" else f"fish by seat {r.seat}"
        extra = f"; carry {r.carry}" if r.carry else ""
        if result.threshold:
            extra += f"; remembered {list(r.remembered)}"
        lines.append(f"round {r.number}: {how}; points {list(r.points)}{extra}")
    if result.unfinished is not None:
        number, moves = result.unfinished
        lines.append(f"round {number}: the record breaks off after {moves} moves "
                     "(the round is not over)")
    lines.append(f"scores: {list(result.scores)}")
    goat = (", ".join(f"side {s}" for s in result.goat) if result.goat is not None
            else "none yet (the match is not over)")
    lines.append(f"goat: {goat}")
    return lines


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
    print("\n".join(result_lines(result)))
    return 0
