"""`kozel check FILE|DIR...`: parse, resolve and verify variants; print findings and summaries."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..language.errors import RuleFileError, UsageError
from ..interrupt import quiet_z3
from ..language.model import Variant
from ..outputs import OutputError, checked_output_folder, write_text_file
from ..loading import load_family_args
from ..language.readings import add_reading_argument, read_all
from ..language.summary import summary_json, summary_lines
from ..terminal import Terminal
from .limits import add_limit_arguments, budget_of, limits_json, wall_clock_words


def register(commands: Any) -> None:
    """Add the `check` subcommand."""
    parser = commands.add_parser(
        "check", help="parse, resolve and verify rule files (Z3 proofs, Hypothesis playouts)",
        description="Parse and resolve every variant in the given .kozel files or folders (or "
                    "the one named), reading the files they `use` and their parents, then "
                    "verify it: gaps, ambiguities, conflicts, unreachable cases, unspecified "
                    "points, claims and built-in invariants (Z3), and dynamic properties "
                    "(playouts through the engine). Each finding is printed as "
                    "`file:line:col: kind: message` (the file and line where its rule is "
                    "written) with its witness: a game the engine played, drawn as tiles, "
                    "whose kozel-record/1 replays with `kozel replay --partial` up to the "
                    "moment it shows. A solver candidate no game reaches is `unconfirmed`; a "
                    "proof over no situation at all is `vacuous`; where the language's default "
                    "decides what the text leaves open, `default`. Exit 0 when all files are "
                    "valid (1 with --strict and a gap, ambiguity, conflict, refuted claim or a "
                    "sentence of the source nothing accounts for); "
                    "1 when a rule text has errors. Given several variants, it also compares "
                    "every pair of them (in the order loaded) slot by slot, as `kozel diff` "
                    "does, each variant's options at their defaults: each difference comes "
                    "with a game of the first at whose moment the two rules answer "
                    "differently, and the text ends with a family table (slots by pairs); "
                    "the JSON has them under `comparisons`. A difference between variants is "
                    "not an error: it leaves the exit code as it is. A refuted `relation` "
                    "(a claim across variants) counts as a refuted claim for --strict. At a "
                    "terminal each kind of finding has its colour (set "
                    "NO_COLOR to turn colour off) and lines fit the width; piped, the text is "
                    "plain, one finding per line.")
    parser.add_argument("paths", nargs="+", metavar="VARIANT|FILE|DIR",
                        help="rule files (every variant in them), folders (every file in them, "
                             "at any depth), FILE:VARIANT (one variant of a file) or a variant's "
                             "name (looked for in spec/variants, then among the seed variants)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json for machines")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 on any gap, ambiguity, conflict, refuted claim or "
                             "unaccounted sentence of the source")
    parser.add_argument("--playouts", type=int, default=None, metavar="N",
                        help="random matches played through the engine per variant "
                             "(default 20; 0 turns playouts off)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="variants checked in parallel (default: one per core)")
    add_limit_arguments(parser, "condition")
    parser.add_argument("--timings", action="store_true",
                        help="also report the seconds each variant took (they depend on the "
                             "machine, so they are left out of the report by default)")
    parser.add_argument("--records", type=Path, default=None, metavar="DIR",
                        help="write each witness game as a kozel-record/1 file into DIR "
                             "(replay one with `kozel replay --partial VARIANT FILE`)")
    parser.add_argument("--lang", choices=("en", "ru"), default="en",
                        help="language of the text output: the kind of each finding and its "
                             "message (default en; the JSON keeps English, its `kind` values "
                             "never change)")
    parser.add_argument("--no-compare", action="store_true",
                        help="only the checks of each variant: no comparison of the variants "
                             "with each other (the JSON's `comparisons` stays empty)")
    parser.add_argument("--summary", action="store_true",
                        help="also print each variant's summary (slots, options, assumptions)")
    add_reading_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel check`."""
    from checks.run import CheckSettings, check_variants

    quiet_z3()  # Ctrl-C must reach the command, not cancel one solver call

    budget = budget_of(args)
    if args.playouts is not None and args.playouts < 0:
        raise UsageError("--playouts must be 0 or more")
    variants, relations, errors = load_family_args(args.paths)
    variants = read_all(variants, args.reading)
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be 1 or more")
    if args.records is not None:
        checked_output_folder(args.records, "--records")
    settings = CheckSettings.from_args(budget, args.playouts, args.jobs, args.games,
                                       args.timings)
    reports = check_variants(variants, settings)
    comparisons = [] if args.no_compare else _compare(variants, settings)
    claims = _relations(relations, settings)
    if args.format == "json":
        _print_json(variants, reports, errors, comparisons, summary=args.summary,
                    relations=claims, limits=limits_json(budget, args.games))
    else:
        for line in wall_clock_words(budget, "condition", args.lang):
            print(line)
        _print_text(variants, reports, errors, comparisons, claims, summary=args.summary,
                    lang=args.lang)
    if args.records is not None and not _records_written(args.records, variants, reports,
                                                         comparisons):
        return 1
    if errors:
        return 1
    failing = any(f.fails_strict() for r in reports for f in r.findings) \
        or any(f.fails_strict() for f in claims)
    return 1 if args.strict and failing else 0


def _compare(variants: list[Variant], settings: Any) -> list[dict[str, Any]]:
    """Every pair of the variants compared (none for a single variant)."""
    from checks.family import compare_family

    return compare_family(variants, settings.budget, settings.games, settings.workers)


def _relations(relations: list[Any], settings: Any) -> list[Any]:
    """Each claim across variants proved or refuted (checks/relations.py)."""
    from checks.relations import check_relations

    return check_relations(relations, settings.budget, settings.games, settings.workers)


def _print_relations(findings: list[Any], lang: str) -> None:
    from checks.report import finding_head
    from checks.witness import draw_witness

    for finding in findings:
        place, word, message = finding_head(finding, lang)
        print(f"{place} {word}: {message}")
        if finding.witness:
            print("\n".join("    " + w for w in draw_witness(finding.witness, lang)))


def _print_json(variants: list[Variant], reports: list[Any], errors: list[RuleFileError],
                comparisons: list[dict[str, Any]], *, summary: bool,
                relations: list[Any], limits: dict[str, Any]) -> None:
    shown = [r.as_json() for r in reports]
    if summary:
        shown = [{**r, "summary": summary_json(v)} for v, r in zip(variants, shown)]
    report = {"variants": shown, "errors": [vars(d) for e in errors for d in e.diagnostics],
              "comparisons": comparisons,
              "relations": [{**f.as_json(), "relation": f.claim} for f in relations],
              "limits": limits}
    print(json.dumps(report, ensure_ascii=False, indent=2))


def _print_text(variants: list[Variant], reports: list[Any], errors: list[RuleFileError],
                comparisons: list[dict[str, Any]], relations: list[Any], *, summary: bool,
                lang: str = "en") -> None:
    from checks.family_text import family_lines

    from .check_styled import report_lines

    terminal = Terminal.of(sys.stdout)  # colours and wrapping for a person, none in a pipe
    for error in errors:
        print(error, file=sys.stderr)
    for variant, report in zip(variants, reports):
        if summary:
            print("\n".join(summary_lines(variant)))
        print("\n".join(report_lines(report, terminal, lang)))
        print()
    _print_relations(relations, lang)  # before the family table: the report ends with it
    if comparisons:
        print("\n".join(family_lines(comparisons, lang)))


def _records_written(folder: Path, variants: list[Variant], reports: list[Any],
                     comparisons: list[dict[str, Any]]) -> bool:
    """Write the witness games after the report is printed: a failed write (the disk filled,
    the folder went) must not lose the report; it is named after it instead."""
    try:
        _write_records(folder, variants, reports)
        _write_comparison_records(folder, comparisons)
    except OutputError as error:
        print(f"error: --records: {error}; the report above is complete, its games are not "
              "all written", file=sys.stderr)
        return False
    return True


def _write_comparison_records(folder: Path, comparisons: list[dict[str, Any]]) -> None:
    """Write the game of every difference between two variants (a game of the first)."""
    for comparison in comparisons:
        for entry in comparison["differences"]:
            record = (entry.get("witness") or {}).get("record")
            if record is not None:
                slot = entry["slot"].replace(" ", "_")
                name = f"compare-{comparison['a']}-{comparison['b']}-{slot}.json"
                write_text_file(folder / name, json.dumps(record, ensure_ascii=False, indent=1))


def _write_records(folder: Path, variants: list[Variant], reports: list[Any]) -> None:
    """Write every witness game as a kozel-record/1 file."""
    for variant, report in zip(variants, reports):
        for finding in report.findings:
            record = (finding.witness or {}).get("record")
            if record is not None:
                # an inherited rule's line is in the parent's file: name that file too
                where = "" if finding.file in ("", variant.file) else f"{Path(finding.file).stem}-"
                slot = f"-{finding.slot.replace(' ', '_')}" if finding.slot else ""
                name = (f"{variant.name}-{where}{finding.line}-{finding.column}-"
                        f"{finding.kind}{slot}.json")
                write_text_file(folder / name, json.dumps(record, ensure_ascii=False, indent=1))
