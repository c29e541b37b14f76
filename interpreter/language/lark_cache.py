"""The parser's Lark object, built once per grammar and kept in the user's cache folder.

Building the LALR tables (and checking the terminals for collisions) takes a few tenths of a
second, more than a whole short `kozel simulate`. The built parser is saved with Lark's own
`save` under a name made from the grammar's text, Lark's version and Python's, so a changed
grammar never meets an old table. The cache is only ever a shortcut: a folder that cannot be
written, a file that is cut short, corrupt or of another format, all fall back to building the
parser, and a new file replaces a bad one atomically (two processes may start at once).
Part of the parser (parser.py).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any, Callable

import lark

from .cache_folder import cache_folder, write_atomically


def cache_file(grammar: str, options: dict[str, Any]) -> Path | None:
    """The cache file of a grammar built with these options (None when there is no cache)."""
    folder = cache_folder()
    if folder is None:
        return None
    key = "\n".join([grammar, repr(sorted(options.items())), lark.__version__,
                     sys.version])
    return folder / f"grammar-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:24]}.lark"


def cached_lark(grammar: str, options: dict[str, Any],
                build: Callable[[], lark.Lark]) -> lark.Lark:
    """The Lark object of the grammar: loaded from the cache, else built (and saved)."""
    file = cache_file(grammar, options)
    if file is not None:
        loaded = _load(file)
        if loaded is not None:
            return loaded
    parser = build()
    if file is not None:
        _save(parser, file)
    return parser


def _load(file: Path) -> lark.Lark | None:
    try:
        with open(file, "rb") as stream:
            return lark.Lark.load(stream)
    except Exception:  # missing, cut short, corrupt, another lark: any of them means rebuild
        return None


def _save(parser: lark.Lark, file: Path) -> None:
    write_atomically(file, parser.save)
