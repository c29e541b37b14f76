"""Numbers on the command line: ASCII digits within a range, else a usage error.

`int()` takes more than a person would call a number (`²`, `٣`, `1_000`, ` 7`), and a huge
one reached the operating system as an OverflowError traceback. Each option that counts
something takes its number through `whole`, which says what it accepts.
"""

from __future__ import annotations

import argparse
import re
from typing import Callable

from interpreter.language.said import Said

from ..help_lang import saying

DIGITS = re.compile(r"[0-9]+")  # ASCII only: no sign, no spaces, no other script's digits
MOST_WORKERS = 100_000  # --workers and --jobs above the cores are capped at them (workers.py)
MOST_MATCHES = 10 ** 9
MOST_SEED = 2 ** 64 - 1  # a seed is any 64-bit number, as the records write it


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, written in ASCII digits."""
    def number(text: str) -> int:
        # the length first: int() of a thousand-digit string is slow, and says nothing new
        if DIGITS.fullmatch(text) is None or len(text.lstrip("0")) > len(str(high)) \
                or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(Said(
                "labels whole number", low=low, high=high, text=repr(text)).in_lang(saying()))
        return int(text)
    number.__name__ = "number"  # argparse names the type in its messages
    return number
