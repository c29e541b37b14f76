"""`kozel check FILE|DIR...`: parse, resolve and verify variants; print findings and summaries."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import RuleFileError, UsageError
from ..model import Variant
from ..resolve import Library
from ..summary import summary_json, summary_lines


def register(commands: Any) -> None:
    """Add the `check` subcommand."""
    parser = commands.add_parser(
        "check", help="parse, resolve and verify rule files",
        description="Parse and resolve every variant in the given .kozel files or folders, "
                    "then print a summary of each (slots, options, assumptions, unspecified "
                    "points). Exit 0 when all files are valid, 1 when a rule text has errors.")
    parser.add_argument("paths", nargs="+", metavar="FILE|DIR", help="rule files or folders")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default), json for machines")
    parser.set_defaults(run=run)


def _files(args: list[str]) -> list[Path]:
    files: list[Path] = []
    for arg in args:
        path = Path(arg)
        if path.is_dir():
            found = sorted(path.rglob("*.kozel"))
            if not found:
                raise UsageError(f"no .kozel files in folder {arg!r}")
            files += found
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"no such file or folder: {arg!r}")
    return files


def load_all(files: list[Path]) -> tuple[list[Variant], list[RuleFileError]]:
    """Parse every file, then resolve every variant; collect errors instead of stopping."""
    library, errors, names = Library(), [], []
    for file in files:
        try:
            names += [d.name for d in library.add_file(file)]
        except RuleFileError as error:
            errors.append(error)
    variants = []
    for name in names:
        try:
            variants.append(library.resolve(name))
        except RuleFileError as error:
            errors.append(error)
    return variants, errors


def run(args: argparse.Namespace) -> int:
    """Run `kozel check`."""
    variants, errors = load_all(_files(args.paths))
    if args.format == "json":
        report = {"variants": [summary_json(v) for v in variants],
                  "errors": [vars(d) for e in errors for d in e.diagnostics]}
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for error in errors:
            print(error, file=sys.stderr)
        for variant in variants:
            print("\n".join(summary_lines(variant)))
            print()
    return 1 if errors else 0
