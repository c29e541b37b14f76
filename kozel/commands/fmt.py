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
    sys.stdout.write(text)
    return 0
