"""`kozel check FILE|DIR...`: parse, resolve and verify variants; print findings and summaries."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from interpreter.language.catalogue import LANGS
from interpreter.language.errors import RuleFileError, UsageError
from ..interrupt import quiet_z3
from interpreter.language.model import Variant
from ..outputs import OutputError, checked_output_folder, write_text_file
from ..loading import add_sources_argument, load_family_args, new_library
from interpreter.language.readings import add_reading_argument, read_all
from interpreter.language.said import Said
from interpreter.language.summary import summary_json, summary_lines
from ..terminal import ProgressLine, Terminal
from interpreter.language.workers import capped
from .limits import add_limit_arguments, budget_of, limits_json, wall_clock_words
from .check_text import Shown, changes_of, parents_of, print_text, report_json
from .numbers import MOST_WORKERS, whole


def register(commands: Any) -> None:
    """Add the `check` subcommand."""
    parser = commands.add_parser(
        "check", help=Said("help.check.summary"),
        description=Said("help.check.description"))
    parser.add_argument("paths", nargs="+", metavar="VARIANT|FILE|DIR",
                        help=Said("help.check.paths"))
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=Said("help.--format"))
    parser.add_argument("--strict", action="store_true", help=Said("help.check.--strict"))
    parser.add_argument("--playouts", type=whole(0, 10 ** 6), default=None, metavar="N",
                        help=Said("help.check.--playouts"))
    parser.add_argument("--jobs", type=whole(1, MOST_WORKERS), default=None, metavar="N",
                        help=Said("help.check.--jobs"))
    parser.add_argument("--cluster", metavar="ADDRESS", help=Said("help.check.--cluster"))
    add_limit_arguments(parser, "condition")
    parser.add_argument("--timings", action="store_true", help=Said("help.check.--timings"))
    parser.add_argument("--records", default=None, metavar="DIR",
                        help=Said("help.check.--records"))
    parser.add_argument("--lang", choices=LANGS, default="en", help=Said("help.check.--lang"))
    parser.add_argument("--no-compare", action="store_true", help=Said("help.check.--no-compare"))
    parser.add_argument("--summary", action="store_true", help=Said("help.check.--summary"))
    parser.add_argument("--inherited", action="store_true", help=Said("help.check.--inherited"))
    add_reading_argument(parser)
    add_sources_argument(parser)
    parser.set_defaults(run=run)


def _cluster(address: str | None) -> str | None:
    """The Ray cluster's address as given, checked before any work (UsageError: no Ray, or
    an address that is none)."""
    if address is None:
        return None
    from interpreter.language.clusters import host_port, ray_module

    ray_module()
    if address not in ("auto", "local"):
        host_port(address)
    return address


def run(args: argparse.Namespace) -> int:
    """Run `kozel check`."""
    from checks.running.run import CheckSettings

    quiet_z3()  # Ctrl-C must reach the command, not cancel one solver call

    budget = budget_of(args)
    if args.playouts is not None and args.playouts < 0:
        raise UsageError("--playouts must be 0 or more")
    library = new_library(source_folders=args.sources)
    variants, relations, errors = load_family_args(args.paths, library)
    # said once, after the errors (and in the JSON's `errors`, severity `note`): not an error
    said = errors + ([RuleFileError(list(library.notes.values()))] if library.notes else [])
    variants = read_all(variants, args.reading)
    parents = parents_of(library, variants, args.reading)
    jobs = None if args.jobs is None else capped(args.jobs, "--jobs")
    if args.records is not None:  # '' names no folder (Path('') would be the current one)
        args.records = checked_output_folder(args.records, "--records")
    settings = replace(CheckSettings.from_args(budget, args.playouts, jobs, args.games,
                                               args.timings), cluster=_cluster(args.cluster))
    progress = ProgressLine(sys.stderr)  # at a terminal only: nothing on a pipe
    try:
        reports, comparisons, claims = _check_all(variants, parents, relations, settings,
                                                  args.no_compare, _Progress(progress, args.lang))
    finally:
        progress.clear()
    changes = changes_of(variants + parents, reports)
    reports = reports[:len(variants)]
    if args.format == "json":
        _print_json(variants, reports, said, comparisons, summary=args.summary,
                    relations=claims, limits=limits_json(budget, args.games), changes=changes)
    else:
        for line in wall_clock_words(budget, "condition", args.lang):
            print(line)
        shown = Shown(summary=args.summary, inherited=args.inherited, strict=args.strict,
                      lang=args.lang)
        print_text(variants, reports, changes, said, comparisons, claims, shown)
    if args.records is not None and not _records_written(args.records, variants, reports,
                                                         comparisons):
        return 1
    if errors:
        return 1
    failing = any(f.fails_strict() for r in reports for f in r.findings) \
        or any(f.fails_strict() for f in claims)
    return 1 if args.strict and failing else 0


class _Progress:
    """What the progress line says, in the reader's language (the catalogue's section "checks: family")."""

    def __init__(self, line: ProgressLine, lang: str) -> None:
        self.line, self.lang = line, lang

    def say(self, key: str, **args: Any) -> None:
        from checks.reporting.catalogue import Said

        self.line.show(Said(key, **args).in_lang(self.lang))


def _check_all(variants: list[Variant], parents: list[Variant], relations: list[Any],
               settings: Any, no_compare: bool, progress: _Progress
               ) -> tuple[list[Any], list[dict[str, Any]], list[Any]]:
    """Each variant's report and after them their parents' (not asked for, each checked to
    tell what a variant changes), the comparisons of every pair asked for, each relation's
    finding: one batch of tasks (checks/running/together.py)."""
    from checks.running.together import check_together

    every = variants + parents
    compared = 0 if no_compare else len(variants)
    return check_together(every, relations, settings, compared,
                          _teller(every, relations, len(variants), progress))


def _teller(every: list[Variant], relations: list[Any], asked: int, progress: _Progress
            ) -> Any:
    """What the progress line says of the task awaited: a variant's check, a pair's
    comparison or a relation, each numbered in its kind."""
    from checks.reporting.catalogue import Written

    counted = {kind: itertools.count(1) for kind in ("variant", "pair", "relation")}
    pairs = asked * (asked - 1) // 2

    def told(kind: str, at: tuple[int, ...]) -> None:
        n = next(counted[kind])
        if kind == "variant":
            progress.say("progress.variant", name=every[at[0]].name, n=n, total=len(every))
        elif kind == "pair":
            progress.say("progress.pair", a=every[at[0]].name, b=every[at[1]].name, n=n,
                         total=pairs)
        else:
            relation = relations[at[0]]
            progress.say("progress.relation", relation=Written(relation.text, relation.ru),
                         n=n, total=len(relations))
    return told


def _relation_json(finding: Any) -> dict[str, Any]:
    """A relation's finding in the JSON, with the relation's text."""
    from checks.reporting.about import RelationRef

    about = finding.about
    return {**finding.as_json(), "relation": about.text if isinstance(about, RelationRef) else None}


def _print_json(variants: list[Variant], reports: list[Any], errors: list[RuleFileError],
                comparisons: list[dict[str, Any]], *, summary: bool,
                relations: list[Any], limits: dict[str, Any], changes: dict[str, Any]) -> None:
    from checks.compare.family import comparison_json

    shown = [report_json(r, changes[v.name]) for v, r in zip(variants, reports)]
    if summary:
        shown = [{**r, "summary": summary_json(v)} for v, r in zip(variants, shown)]
    report = {"variants": shown, "errors": [vars(d) for e in errors for d in e.diagnostics],
              "comparisons": [comparison_json(c) for c in comparisons],
              "relations": [_relation_json(f) for f in relations],
              "limits": limits}
    print(json.dumps(report, ensure_ascii=False, indent=2))


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
            record = entry["witness"].record if entry.get("witness") else None
            if record is not None:
                slot = entry["slot"].replace(" ", "_")
                name = f"compare-{comparison['a']}-{comparison['b']}-{slot}.json"
                write_text_file(folder / name, json.dumps(record, ensure_ascii=False, indent=1))


def _write_records(folder: Path, variants: list[Variant], reports: list[Any]) -> None:
    """Write every witness game as a kozel-record/1 file."""
    for variant, report in zip(variants, reports):
        for finding in report.findings:
            record = finding.witness.record if finding.witness else None
            if record is not None:
                name = finding.record_name(variant.name, variant.file)
                write_text_file(folder / name, json.dumps(record, ensure_ascii=False, indent=1))
