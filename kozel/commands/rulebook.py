"""`kozel rulebook VARIANT (--pdf OUT | --html OUT)`: the rulebook a club prints, of any
variant, a house rule included, typeset by typst (a wheel) with no browser and no site build.

The rules a player needs by default (kozel/publish/printed.py); `--for-authors` adds each rule as
written and what the checker says of it. OUT is checked before any work (exit 2 when it cannot
be written) and written whole or not at all.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from interpreter.language.said import Said, say

from ..help_lang import examples
from ..loading import add_sources_argument, load_variant_arg, split_variant_arg
from ..outputs import checked_output_file, not_an_input, write_file
from .words import add_lang_argument


def register(commands: Any) -> None:
    """Add the `rulebook` subcommand."""
    parser = commands.add_parser(
        "rulebook", help=Said("help.rulebook.summary"),
        description=Said("help.rulebook.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel rulebook house.kozel --lang ru --pdf house.pdf"))
    parser.add_argument("variant", metavar="VARIANT", help=Said("help.variant"))
    out = parser.add_mutually_exclusive_group(required=True)
    out.add_argument("--pdf", metavar="OUT", help=Said("help.rulebook.--pdf"))
    out.add_argument("--html", metavar="OUT", help=Said("help.rulebook.--html"))
    parser.add_argument("--for-authors", action="store_true",
                        help=Said("help.rulebook.--for-authors"))
    add_lang_argument(parser)
    add_sources_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel rulebook`."""
    from kozel.publish.printing import rulebook_html, rulebook_pdf

    flag = "--pdf" if args.pdf is not None else "--html"
    out = checked_output_file(args.pdf if args.pdf is not None else args.html, flag)
    given = split_variant_arg(args.variant).file
    not_an_input(out, [given] if given is not None else [], flag)
    variant = load_variant_arg(args.variant, args.sources)
    report = _report(variant) if args.for_authors else None
    if args.html:
        write_file(out, rulebook_html(variant, args.lang, report).encode("utf-8"))
    else:
        write_file(out, rulebook_pdf(variant, args.lang, report))
    if args.lang == "ru":
        _say_untranslated(variant)
    return 0


def _say_untranslated(variant: Any) -> None:
    """Say on stderr which texts a Russian rulebook prints in English (no `ru` wording)."""
    from kozel.publish.house_marks import untranslated

    found = untranslated(variant)
    if not found:
        return
    print(say("ru", "rulebook.untranslated", count=len(found)), file=sys.stderr)
    for text in found:
        shown = text.text if len(text.text) <= 60 else text.text[:60] + "…"
        print(f"  {Path(text.pos.file).name}:{text.pos.line}: {text.what} «{shown}»",
              file=sys.stderr)
    print(say("ru", "rulebook.untranslated hint"), file=sys.stderr)


def _report(variant: Any) -> Any:
    """What the checker says of the variant, as `kozel check` says it (from its cache when
    a check kept it)."""
    from kozel.publish.findings import reports_for

    return reports_for([variant], Path("."))[variant.name]
