"""The parser's tables made ahead of time, for a Python that keeps no cache folder: the
playground's, in a browser, whose file system is gone when the page closes and where building
the tables is the first check's longest step (seconds of WebAssembly).

The site's build writes them beside the playground's bundle (docs/gen/playground/build_site.py),
and the page's worker puts them in Pyodide's file system and names them in
KOZEL_GRAMMAR_TABLES. The file's first line is the key of the grammar, its options and Lark's
version (not Python's: the tables are data), so tables of another grammar are never used; they
are read back as plain data, as the cache's entries are (lark_cache.py). Anything amiss means
the parser is built as usual. Lark numbers its tokens in an order that changes from run to
run, so two builds' files differ in bytes and parse alike.
Part of the parser (parser.py).
"""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path
from typing import Any

import lark

from .cache_folder import DataOnly

SHIPPED_ENV = "KOZEL_GRAMMAR_TABLES"


def shipped_key(grammar: str, options: dict[str, Any]) -> bytes:
    """The first line of a tables file: which grammar, options and Lark the tables are of."""
    key = "\n".join([grammar, repr(sorted(options.items())), lark.__version__])
    return hashlib.sha256(key.encode("utf-8")).hexdigest().encode("ascii")


def tables_file(grammar: str, options: dict[str, Any]) -> bytes:
    """A tables file of the grammar: its key, a line break, Lark's saved tables."""
    stream = io.BytesIO()
    lark.Lark(grammar, **options).save(stream)
    return shipped_key(grammar, options) + b"\n" + stream.getvalue()


def shipped_lark(grammar: str, options: dict[str, Any]) -> lark.Lark | None:
    """The parser from the file KOZEL_GRAMMAR_TABLES names; None when it names none, or one
    of another grammar, or one that cannot be read."""
    named = os.environ.get(SHIPPED_ENV, "")
    if not named:
        return None
    try:
        key, _, payload = Path(named).read_bytes().partition(b"\n")
        if key != shipped_key(grammar, options):
            return None
        return lark.Lark.load(DataOnly(payload, {}).load())
    except Exception:  # missing, cut short, corrupt: build the parser instead
        return None
