"""The parser's tables made ahead of time, for a Python that keeps no cache folder: the
playground's, in a browser, whose file system is gone when the page closes and where building
the tables is the first check's longest step (seconds of WebAssembly); and the package's own,
so that a command run with an empty cache (a new machine's first `kozel check`, a CI's) builds
no parser either: a fifth of a second before the checker can start any work.

The package's tables are in `tables/`, one file per spelling of the grammar, named by the key
below; `python -m interpreter.language.write_tables` writes them anew after the grammar changes
(tests/language/test_lark_shipped.py fails until it is run). Where none fits (another Lark),
the parser is built as before.

The site's build writes them beside the playground's bundle
(kozel/publish/playground/build_site.py), and the page's worker puts them in Pyodide's file system
and names them in KOZEL_GRAMMAR_TABLES. The file's first line is the key of the grammar, its options
and Lark's version (not Python's: the tables are data), so tables of another grammar are never used;
they are read back as plain data, as the cache's entries are (lark_cache.py). Anything amiss means
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
PACKAGED = Path(__file__).with_name("tables")


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
    """The parser from the file KOZEL_GRAMMAR_TABLES names, else from the package's tables;
    None when neither is of this grammar (and this Lark) or can be read."""
    named = os.environ.get(SHIPPED_ENV, "")
    return _read(Path(named), grammar, options) if named else \
        _read(packaged_file(grammar, options), grammar, options)


def packaged_file(grammar: str, options: dict[str, Any]) -> Path:
    """Where the package keeps the tables of a grammar built with these options."""
    return PACKAGED / f"{shipped_key(grammar, options)[:24].decode('ascii')}.tables"


def write_packaged(grammars: list[str], options: dict[str, Any]) -> list[Path]:
    """Write the package's tables of each grammar, and remove any other tables there."""
    PACKAGED.mkdir(exist_ok=True)
    written = [packaged_file(g, options) for g in grammars]
    for old in PACKAGED.glob("*.tables"):
        if old not in written:
            old.unlink()
    for grammar, path in zip(grammars, written):
        path.write_bytes(tables_file(grammar, options))
    return written


def _read(path: Path, grammar: str, options: dict[str, Any]) -> lark.Lark | None:
    try:
        key, _, payload = path.read_bytes().partition(b"\n")
        if key != shipped_key(grammar, options):
            return None
        return lark.Lark.load(DataOnly(payload, {}).load())
    except Exception:  # missing, cut short, corrupt: build the parser instead
        return None
