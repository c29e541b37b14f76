"""`kozel fmt FILE --lang ru|en`: print a rule file in the Russian or the English spelling."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from interpreter.language.respell import respell
from interpreter.language.rule_file import display_name, read_rule_file

from ..help_lang import examples
from .words import Said


def register(commands: Any) -> None:
    """Add the `fmt` subcommand."""
    parser = commands.add_parser(
        "fmt", help=Said("ruspell.help fmt summary"),
        description=Said("ruspell.help fmt description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel fmt spec/variants/minsk.kozel --lang ru > minsk.ru.kozel"))
    parser.add_argument("file", metavar="FILE", help=Said("ruspell.help fmt file"))
    parser.add_argument("--lang", choices=("en", "ru"), required=True,
                        help=Said("ruspell.help fmt lang"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel fmt`: the whole file is respelled before anything is printed."""
    path = Path(args.file)
    text = respell(read_rule_file(path), args.lang, display_name(path))
    if _has_bom(path) and not text.startswith("\ufeff"):
        text = "\ufeff" + text  # read_rule_file reads past a BOM; the file keeps its own
    # a file is written byte for byte (its CRs, BOM and every character it holds); only a
    # terminal gets unsafe characters escaped (kozel.terminal.EscapingStream)
    out = sys.stdout if sys.stdout.isatty() else getattr(sys.stdout, "unescaped", sys.stdout)
    out.write(text)
    return 0


def _has_bom(path: Path) -> bool:
    """Whether the file begins with a UTF-8 byte order mark."""
    try:
        with path.open("rb") as stream:
            return stream.read(3) == b"\xef\xbb\xbf"
    except OSError:
        return False
