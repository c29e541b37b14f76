"""The parser's Lark object, built once per grammar and kept in the user's cache folder.

Building the LALR tables (and checking the terminals for collisions) takes a few tenths of a
second, more than a whole short `kozel simulate`. The built parser's tables are kept under a
name made from the grammar's text, Lark's version and Python's, so a changed grammar never
meets an old table. Lark's own `save` is a pickle, which could run code when loaded: here its
bytes are kept as an entry sealed by this user (cache_folder.py) and read back as plain data
(dicts, lists, strings and numbers: no class at all), then handed to Lark as that dict. The
cache is only ever a shortcut: a folder that cannot be used, an entry that is cut short,
corrupt, foreign or of another format, all fall back to building the parser.
Part of the parser (parser.py).
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path
from typing import Any, Callable

import lark

from .cache_folder import (FRONT_END, DataOnly, Place, cache_folder, opened, read_entry,
                           write_entry)
from .lark_shipped import shipped_lark


def entry_name(grammar: str, options: dict[str, Any]) -> str:
    """The name of the entry of a grammar built with these options."""
    key = "\n".join([grammar, repr(sorted(options.items())), lark.__version__,
                     sys.version])
    return f"grammar-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:24]}"


def cache_file(grammar: str, options: dict[str, Any]) -> Path | None:
    """The cache file of a grammar built with these options (None when there is no cache)."""
    folder = cache_folder()
    return None if folder is None else folder / FRONT_END / entry_name(grammar, options)


def cached_lark(grammar: str, options: dict[str, Any],
                build: Callable[[], lark.Lark]) -> lark.Lark:
    """The Lark object of the grammar: made ahead of time (the playground's, or the
    package's), else loaded from the cache, else built (and saved)."""
    shipped = shipped_lark(grammar, options)
    if shipped is not None:
        return shipped
    name = entry_name(grammar, options)
    with opened(cache_folder(), FRONT_END) as folder:
        loaded = None if folder is None else _load(folder, name)
        if loaded is not None:
            return loaded
        parser = build()
        if folder is not None:
            _save(folder, name, parser)
        return parser


def _load(folder: Place, name: str) -> lark.Lark | None:
    payload = read_entry(folder, name)
    if payload is None:
        return None
    try:
        data = DataOnly(payload, {}).load()  # Lark's tables are plain data: no class allowed
        return lark.Lark.load(data)  # a dict is taken as the loaded tables themselves
    except Exception:  # cut short, corrupt, another lark: any of them means rebuild
        return None


def _save(folder: Place, name: str, parser: lark.Lark) -> None:
    stream = io.BytesIO()
    try:
        parser.save(stream)
    except Exception:  # a parser Lark cannot save: keep nothing
        return
    write_entry(folder, name, stream.getvalue())
