"""The words of `kozel replay` and `kozel play` for people: the score sheet, the table as a
match is played, the prompts of a person playing a seat, are the section "commands" of the one
catalogue (interpreter/language/words/*.json). Seats and sides are named by the engine, from 1
(`seat_said`, `side_said`); the JSON and the records keep the engine's numbers, from 0.
"""

from __future__ import annotations

import argparse

from interpreter.language.catalogue import LANGS
from interpreter.language.said import Said, say  # noqa: F401 (the commands' import)


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """Add `--lang en|ru`, as `kozel diff` has it: the text in that language, the JSON the same."""
    parser.add_argument("--lang", choices=LANGS, default="en", help=Said("help.--lang"))
